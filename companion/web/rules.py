"""Rules reference pages: each game's rules in short sections, with the notes of RULINGS.md
beside the sentence they are about, each under its own label (table ruling, house default,
public source). Printed rule sheets link here through QR codes
(``companion.rules.rules_url``), so the URLs are stable:

- ``/rules/``                      the games that have a rules reference
- ``/rules/<game>``                a game's table of contents
- ``/rules/<game>/<slug>``         one section, with previous/next
- ``/rules/<game>/search?q=...``   search, ignoring case and accents

``?lang=`` picks the language of the rules (one of the game's languages); without it, the
interface language when the game has it, else English.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request
from flask_babel import get_locale

from .. import guides, rules

rules_bp = Blueprint("rules", __name__)

# Each language named in itself, for the language switch.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "ko": "한국어", "de": "Deutsch"}
MAX_QUERY = 100


def _known_game(game_id: str) -> str:
    if game_id not in rules.games():
        abort(404)
    return game_id


def _content_lang(game_id: str) -> str:
    """The language to show a game's rules in: ?lang=, else the interface's, else English."""
    available = rules.languages(game_id)
    asked = request.args.get("lang")
    if asked in available:
        return asked
    locale = get_locale()
    interface = str(locale.language) if locale is not None else ""
    if interface in available:
        return interface
    return "en" if "en" in available else available[0]


def _game_context(game_id: str, lang: str) -> dict[str, Any]:
    return {
        "game_id": game_id,
        "game_name": rules.game_title(game_id, lang),
        "lang": lang,
        "has_guide": bool(guides.languages(game_id)),  # its phone guide, docs/games/<game>.md
        "lang_links": [
            (code, LANGUAGE_NAMES.get(code, code.upper())) for code in rules.languages(game_id)
        ],
    }


@rules_bp.route("/")
def index() -> str:
    games = []
    for game_id in rules.games():
        lang = _content_lang(game_id)
        games.append(
            {
                "id": game_id,
                "name": rules.game_title(game_id, lang),
                "lang": lang,
                "languages": [LANGUAGE_NAMES.get(c, c) for c in rules.languages(game_id)],
                "sections": len(rules.sections(game_id, lang)),
            }
        )
    return render_template("rules/index.html", games=games)


@rules_bp.route("/<game_id>")
def game(game_id: str) -> str:
    _known_game(game_id)
    lang = _content_lang(game_id)
    all_sections = rules.sections(game_id, lang)
    shown = {r.kind for s in all_sections for r in s.rulings}
    return render_template(
        "rules/game.html",
        sections=all_sections,
        kinds=[kind for kind in rules.KINDS if kind in shown],
        **_game_context(game_id, lang),
    )


@rules_bp.route("/<game_id>/search")
def search(game_id: str) -> str:
    _known_game(game_id)
    lang = _content_lang(game_id)
    query = request.args.get("q", "").strip()[:MAX_QUERY]
    hits = rules.find(game_id, lang, query) if query else []
    return render_template(
        "rules/search.html",
        query=query,
        hits=hits,
        **_game_context(game_id, lang),
    )


@rules_bp.route("/<game_id>/<slug>")
def section(game_id: str, slug: str) -> str:
    _known_game(game_id)
    lang = _content_lang(game_id)
    all_sections = rules.sections(game_id, lang)
    slugs = [s.slug for s in all_sections]
    if slug not in slugs:
        abort(404)
    at = slugs.index(slug)
    current = all_sections[at]
    blocks = [
        {
            "index": i,
            "text": rules.item_text(paragraph),
            "item": rules.is_item(paragraph),
            "rulings": current.rulings_for(i),
            "notes": current.notes_for(i),
        }
        for i, paragraph in enumerate(current.paragraphs)
    ]
    return render_template(
        "rules/section.html",
        section=current,
        blocks=blocks,
        number=at + 1,
        total=len(all_sections),
        previous=all_sections[at - 1] if at > 0 else None,
        next=all_sections[at + 1] if at + 1 < len(all_sections) else None,
        **_game_context(game_id, lang),
    )


@rules_bp.errorhandler(404)
def not_found(error: Exception) -> tuple[str, int]:
    return render_template("rules/not_found.html"), 404
