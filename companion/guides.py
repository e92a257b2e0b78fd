"""Each game's phone guide, read from ``docs/games/<game>.md`` (the same file the README's
map links to) and, where a translation exists, ``docs/games/<game>.<lang>.md``; rendered
from Markdown to HTML once per file version. Raw HTML in a guide is escaped, never passed
through; a link to another game's guide points at its page (``/guide/<game>``), other
relative links (to files of ``docs/`` the companion does not serve) keep their words and
lose their address."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

# The checkout's folder, as the app's ``ROOT`` (not imported from it: the app imports this
# module through its views).
ROOT = Path(__file__).resolve().parent.parent
GUIDES = ROOT / "docs" / "games"
DEFAULT_LANG = "en"


@dataclass(frozen=True)
class Guide:
    game_id: str
    lang: str  # the language the guide is written in
    html: str  # the rendered body, safe to insert


def path_of(game_id: str, lang: str) -> Path:
    """The file of a game's guide in one language (English has no suffix)."""
    suffix = "" if lang == DEFAULT_LANG else f".{lang}"
    return GUIDES / f"{game_id}{suffix}.md"


def languages(game_id: str) -> list[str]:
    """The languages a game's guide is written in, English first; empty without a guide."""
    if not path_of(game_id, DEFAULT_LANG).is_file():
        return []
    others = sorted(p.name.split(".")[-2] for p in GUIDES.glob(f"{game_id}.*.md"))
    return [DEFAULT_LANG, *others]


def guide(game_id: str, lang: str) -> Guide | None:
    """A game's guide in ``lang`` where it has one, else in English; None without a guide."""
    available = languages(game_id)
    if not available:
        return None
    chosen = lang if lang in available else DEFAULT_LANG
    path = path_of(game_id, chosen)
    return Guide(game_id, chosen, _render(str(path), path.stat().st_mtime_ns))


def _link_open(self: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
    """A link to another game's guide (``<game>.md``, beside this one) points at its page,
    relative to this page's ``/guide/<game>``; an absolute ``http(s)`` link and one to a
    place in the page (``#...``) are kept; any other loses its address."""
    token = tokens[idx]
    href = str(token.attrGet("href") or "")
    name, _, place = href.partition("#")
    if "/" not in name and name.endswith(".md") and name.count(".") == 1:
        token.attrSet("href", name[:-3] + (f"#{place}" if place else ""))
    elif not href.startswith(("https://", "http://", "#")):
        token.attrs.pop("href", None)
    return str(self.renderToken(tokens, idx, options, env))


@lru_cache(maxsize=32)
def _render(path: str, _version: int) -> str:
    markdown = MarkdownIt("js-default")  # CommonMark and tables; raw HTML escaped
    markdown.add_render_rule("link_open", _link_open)
    return str(markdown.render(Path(path).read_text(encoding="utf-8")))
