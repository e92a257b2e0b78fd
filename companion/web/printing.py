"""Print-and-play downloads: a page per game to choose the options, and the PDF itself.

The PDF is the same the ``companion print`` command builds; its rule sheet's QR codes point
at this server (``PUBLIC_URL`` when set, else the address the phone used to reach it). It is
built off the request, in a child process holding one of the server's build slots
(``print_builds``); the last few PDFs are kept in memory and served without a slot.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from threading import Lock
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request

from printables.build import kit_games, kit_languages, rule_sheet_games
from printables.layout import DUPLEX_MODES, HOME_BLEED_MM, PAPERS
from printables.text import BuildError

from ..games import ALL_GAME_IDS
from ..i18n import gettext as _
from .limits import limit
from .print_builds import PrinterBusy, build_in_child, build_slots

printing_bp = Blueprint("printing", __name__)

PARTS = ("kit", "fronts", "backs", "rules")
_CACHE: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
_CACHE_SIZE = 6
_CACHE_LOCK = Lock()


class BadRequest(ValueError):
    """A parameter the print page cannot use; the message says which and why."""


def _game_name(game_id: str) -> str:
    from printables.kits import get_kit

    kit = get_kit(game_id)
    if kit is not None:
        return str(kit.GAME_NAME)
    try:
        from ..games import get_game

        return str(get_game(game_id).NAME)
    except Exception:
        return game_id


def _base_url() -> str:
    return (current_app.config.get("PUBLIC_URL") or request.url_root).rstrip("/")


def _options(game_id: str) -> dict[str, Any]:
    """The print options of the query string, checked; BadRequest names a bad one."""
    args = request.args
    paper = args.get("paper", "a4")
    if paper not in PAPERS:
        raise BadRequest(_("Unknown paper size: %(value)s.", value=paper))
    langs = kit_languages(game_id)
    lang = args.get("lang") or _default_lang(langs)
    if lang not in langs:
        raise BadRequest(_("This kit has no texts in %(value)s.", value=lang))
    duplex = args.get("duplex", "long")
    if duplex not in DUPLEX_MODES:
        raise BadRequest(_("Unknown double-sided mode: %(value)s.", value=duplex))
    part = args.get("part", "kit" if game_id in kit_games() else "rules")
    if part not in PARTS:
        raise BadRequest(_("Unknown part of the kit: %(value)s.", value=part))
    if part != "rules" and game_id not in kit_games():
        raise BadRequest(_("This game has no print-and-play kit yet, only its rule sheet."))
    low_ink = args.get("low_ink", "") in ("1", "on", "true", "yes")
    offsets = []
    for key in ("offset_x", "offset_y"):
        raw = (args.get(key) or "0").replace(",", ".")
        try:
            value = float(raw)
        except ValueError:
            raise BadRequest(_("The offset must be a number of millimetres.")) from None
        if not -10 <= value <= 10:
            raise BadRequest(_("The offset must be between -10 and 10 mm."))
        offsets.append(value)
    deck = _deck_values(game_id, args.get("deck") or "") if part != "rules" else None
    try:
        bleed = float((args.get("bleed") or str(HOME_BLEED_MM)).replace(",", "."))
    except ValueError:
        raise BadRequest(_("The bleed must be a number of millimetres.")) from None
    if not 0 <= bleed <= 5:
        raise BadRequest(_("The bleed must be between 0 and 5 mm."))
    return {"paper": paper, "lang": lang, "duplex": duplex, "part": part, "low_ink": low_ink,
            "offset": (offsets[0], offsets[1]), "deck": deck, "bleed": bleed}


def _deck_values(game_id: str, wanted: str) -> tuple[int, int, str] | None:
    """The deck to print (its id, its revision: the cache key), or None for the house
    defaults; BadRequest when the address names no deck of this game."""
    if not wanted:
        return None
    from ..db import get_db
    from ..decks import store

    if not wanted.isdigit():
        raise BadRequest(_("Unknown deck: %(value)s.", value=wanted))
    with get_db().read() as session:
        try:
            deck = store.get(session, int(wanted), game_id)
        except store.DeckNotFound:
            raise BadRequest(_("Unknown deck: %(value)s.", value=wanted)) from None
        return deck.id, deck.revision, json.dumps(deck.values or {}, sort_keys=True)


def _current_lang() -> str:
    from ..i18n import select_locale

    return str(select_locale())


def _default_lang(langs: Any) -> str:
    """The kit's texts in the reader's language when the kit has it, else English."""
    current = _current_lang()
    return current if current in langs else "en"


def _pdf(game_id: str, o: dict[str, Any], base_url: str) -> bytes:
    """The PDF, from the cache or built by a child process holding one of the server's
    build slots (``print_builds``); PrinterBusy when none came free in time."""
    key = (game_id, base_url, *sorted(o.items()))
    cached = _cached(key)
    if cached is not None:
        return cached
    limit("pdf")  # only builds cost: a cached PDF is served at once
    config = current_app.config
    with build_slots().hold(float(config["PDF_WAIT_S"])) as slot:
        cached = _cached(key)  # built by another request while this one waited
        if cached is not None:
            return cached
        job = {"game": game_id, "paper": o["paper"], "lang": o["lang"],
               "low_ink": o["low_ink"], "duplex": o["duplex"], "offset": list(o["offset"]),
               "part": o["part"], "base_url": base_url, "bleed": o["bleed"],
               "deck": json.loads(o["deck"][2]) if o["deck"] else None}
        data = build_in_child(job, slot, float(config["PDF_BUILD_TIMEOUT_S"]))
    with _CACHE_LOCK:
        _CACHE[key] = data
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    return data


def _cached(key: tuple[Any, ...]) -> bytes | None:
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    return None


def _printer_busy(error: PrinterBusy) -> Any:
    """503 with Retry-After: every build slot stayed taken (or the build ran too long)."""
    message = _("The printer is busy with other kits: try again in %(seconds)s s.",
                seconds=error.retry_after)
    if request.headers.get("X-Requested-With") == "fetch":
        response = jsonify({"error": {"code": "printer_busy", "message": message}})
    else:
        response = current_app.make_response(
            render_template("error.html", message=message, status=503))
    response.status_code = 503
    response.headers["Retry-After"] = str(error.retry_after)
    response.headers["Cache-Control"] = "no-store"
    return response


def _bad_request(message: str) -> Any:
    return render_template("error.html", message=message, status=400), 400


@printing_bp.get("/<game_id>")
def game(game_id: str) -> Any:
    """The options page: paper, language, low ink, double-sided printing, download."""
    if game_id not in ALL_GAME_IDS and game_id not in kit_games():
        abort(404)
    has_kit = game_id in kit_games()
    has_rules = game_id in rule_sheet_games()
    langs = kit_languages(game_id)
    default_lang = _default_lang(langs)
    return render_template(
        "print/game.html",
        game_id=game_id,
        game_name=_game_name(game_id),
        has_kit=has_kit,
        has_rules=has_rules,
        papers=[("a4", _("A4")), ("letter", _("US Letter")),
                ("universal", _("Universal (fits A4 and Letter)"))],
        kit_langs=[(code, {"en": "English", "fr": "Français", "ko": "한국어"}[code])
                   for code in langs],
        default_lang=default_lang,
        duplex_modes=[("long", _("Both sides, long-edge flip")),
                      ("short", _("Both sides, short-edge flip")),
                      ("none", _("One side, backs to glue on")),
                      ("gutterfold", _("One side, folded in half"))],
        parts=[("kit", _("The whole kit")), ("rules", _("The rule sheet alone")),
               ("fronts", _("Everything but the card backs")),
               ("backs", _("The card backs alone"))],
        base_url=_base_url(),
        decks=_printable_decks(game_id) if has_kit else [],
        chosen_deck=int(request.args["deck"]) if request.args.get("deck", "").isdigit() else None,
    )


def _printable_decks(game_id: str) -> list[Any]:
    """The decks this phone is offered for the game, and the one the address names."""
    from ..db import get_db
    from ..decks import store
    from ..games import GAMES
    from .common import phone_id

    if game_id not in GAMES:
        return []
    with get_db().read() as session:
        decks = store.visible(session, game_id, phone_id())
        wanted = request.args.get("deck", "")
        if wanted.isdigit() and all(d.id != int(wanted) for d in decks):
            try:
                decks.append(store.get(session, int(wanted), game_id))
            except store.DeckNotFound:
                pass
        return decks


@printing_bp.get("/<game_id>/kit.pdf")
def download(game_id: str) -> Any:
    """The PDF, built with the options of the query string."""
    if game_id not in kit_games() and game_id not in rule_sheet_games():
        abort(404)
    try:
        options = _options(game_id)
        data = _pdf(game_id, options, _base_url())
    except BadRequest as exc:
        return _bad_request(str(exc))
    except BuildError as exc:
        return _bad_request(_("The kit cannot be built with these options: %(reason)s",
                              reason=str(exc)))
    except PrinterBusy as exc:
        return _printer_busy(exc)
    suffix = {"kit": "", "fronts": "-fronts", "backs": "-backs", "rules": "-rules"}[options["part"]]
    filename = f"{game_id}-{options['paper']}-{options['lang']}{suffix}.pdf"
    response = Response(data, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response
