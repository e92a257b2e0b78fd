"""The rules reference: each game's rulebook split into short sections, in several languages.

Content lives in ``companion/rules/content/<game id>.<lang>.toml``, one file per game and
language; adding a game or a language is adding a file. Each section has a stable English
slug that is the same in every language, so a printed QR code keeps pointing at the right
page whatever the reader's language. The notes of ``shared/rules/RULINGS.md`` sit beside the
paragraph they are about, each marked as what it is (``KINDS``): a table ruling, a house
default (never labelled a table ruling) or a fact from a public source.

The web pages (``companion.web.rules``) and the printed rule sheets (``printables``) both read
this module, so they cannot disagree. Pure Python: no Flask.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CONTENT_DIR = Path(__file__).parent / "content"
GAME_DATA_DIR = Path(__file__).resolve().parent.parent / "games" / "data"

__all__ = [
    "Ruling",
    "RULING",
    "HOUSE_DEFAULT",
    "PUBLIC_SOURCE",
    "KINDS",
    "Section",
    "RulesContentError",
    "games",
    "game_title",
    "languages",
    "sections",
    "section",
    "search",
    "rules_url",
    "find",
    "Hit",
    "load_directory",
    "load_file",
    "reload",
    "normalize",
    "is_item",
    "item_text",
]

_GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
_FILE_NAME = re.compile(r"^(?P<game>[a-z0-9]+(?:-[a-z0-9]+)*)\.(?P<lang>[a-z]{2,3})\.toml$")
_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# A value from the game's data file, e.g. "{track.top}": numbers are defined once.
_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+)\}")
_SNIPPET_CONTEXT = 70
# /rules/<game>/search is the search page, so no section may be called that.
_RESERVED_SLUGS = frozenset({"search"})


# The kinds of text shown beside the rulebook's own words (RULINGS.md keeps them apart, and
# the pages and printed sheets label each as what it is):
RULING = "ruling"
"""A table ruling: the product's reading where the rulebook is silent or ambiguous."""
HOUSE_DEFAULT = "house-default"
"""A house default: an edition value (printed on the components, which we do not have) or a
number the companion had to choose; a group checks it against its copy. Never a table ruling."""
PUBLIC_SOURCE = "public-source"
"""A fact from a public source (a review, a publisher's page), not from the rulebook we have."""
KINDS = (RULING, PUBLIC_SOURCE, HOUSE_DEFAULT)
"""Every kind, in the order a paragraph shows them."""


@dataclass(frozen=True)
class Ruling:
    """A note of ``RULINGS.md`` beside the rulebook sentence it is about.

    ``paragraph`` is the index, in the section's ``paragraphs``, of the rulebook sentence the
    note interprets. ``source`` names the item of ``RULINGS.md`` by its opening words (the
    same in every language). ``kind`` says what the note is (``KINDS``): a table ruling, a
    house default to check against the group's copy, or a fact from a public source.
    """

    paragraph: int
    text: str
    source: str = ""
    kind: str = RULING

    @property
    def edition_value(self) -> bool:
        """Whether this is a house default (an edition value or a number we chose)."""
        return self.kind == HOUSE_DEFAULT


@dataclass(frozen=True)
class Section:
    """One short section of a rulebook, in one language."""

    game_id: str
    lang: str
    slug: str
    title: str
    paragraphs: tuple[str, ...]
    rulings: tuple[Ruling, ...] = ()

    def rulings_for(self, index: int) -> tuple[Ruling, ...]:
        """The rulings shown beside paragraph ``index``."""
        return tuple(r for r in self.rulings if r.paragraph == index)

    def notes_for(self, index: int) -> tuple[tuple[str, tuple[Ruling, ...]], ...]:
        """The notes beside paragraph ``index`` grouped by kind, in ``KINDS`` order: each
        group is shown under its own label."""
        beside = self.rulings_for(index)
        return tuple(
            (kind, group)
            for kind in KINDS
            if (group := tuple(r for r in beside if r.kind == kind))
        )


@dataclass(frozen=True)
class _Book:
    """A game's rules in one language: the parsed content of one file."""

    game_id: str
    lang: str
    title: str
    sections: tuple[Section, ...]
    path: Path


class RulesContentError(ValueError):
    """A content file is malformed; the message names the file and the place."""


# --------------------------------------------------------------------------- loading


def load_file(path: Path, game_data: Mapping[str, Any] | None = None) -> _Book:
    """Parse and validate one content file, or raise RulesContentError naming it.

    ``game_data`` is the game's data file (``companion/games/data/<game>.toml``) used to fill
    ``{table.key}`` placeholders; ``None`` reads it from the default place when needed.
    """
    path = Path(path)
    name = path.name

    def fail(message: str) -> RulesContentError:
        return RulesContentError(f"{name}: {message}")

    match = _FILE_NAME.match(name)
    if not match:
        raise fail("the file name must be <game id>.<language>.toml, e.g. my-game.en.toml")
    game_id, lang = match["game"], match["lang"]
    try:
        with open(path, "rb") as f:
            raw = tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise fail(f"not valid TOML: {exc}") from None

    _only_keys(raw, {"game", "sections"}, "the file", fail)
    meta = raw.get("game")
    if not isinstance(meta, dict):
        raise fail("missing [game] table (id, lang, title)")
    _only_keys(meta, {"id", "lang", "title", "rulebook"}, "[game]", fail)
    if meta.get("id") != game_id:
        raise fail(f"[game] id is {meta.get('id')!r}, the file name says {game_id!r}")
    if meta.get("lang") != lang:
        raise fail(f"[game] lang is {meta.get('lang')!r}, the file name says {lang!r}")
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        raise fail("[game] has no title")

    fill = _filler(game_id, game_data, fail)
    raw_sections = raw.get("sections")
    if not isinstance(raw_sections, list) or not raw_sections:
        raise fail("no [[sections]]")

    seen: set[str] = set()
    parsed: list[Section] = []
    for number, item in enumerate(raw_sections, start=1):
        slug = item.get("slug") if isinstance(item, dict) else None
        where = f"section {number}" + (f" ({slug!r})" if isinstance(slug, str) else "")
        if not isinstance(item, dict):
            raise fail(f"{where} is not a table")
        _only_keys(item, {"slug", "title", "paragraphs", "rulings"}, where, fail)
        if not isinstance(slug, str) or not _SLUG.match(slug):
            raise fail(f"{where}: missing or malformed slug (lowercase words joined by '-')")
        if slug in _RESERVED_SLUGS:
            raise fail(f"{where}: the slug {slug!r} is reserved for the pages' own addresses")
        if slug in seen:
            raise fail(f"{where}: duplicate slug {slug!r}")
        seen.add(slug)
        section_title = item.get("title")
        if not isinstance(section_title, str) or not section_title.strip():
            raise fail(f"{where}: missing title")
        paragraphs = item.get("paragraphs")
        if (
            not isinstance(paragraphs, list)
            or not paragraphs
            or not all(isinstance(p, str) and p.strip() for p in paragraphs)
        ):
            raise fail(f"{where}: paragraphs must be a non-empty list of non-empty strings")
        rulings = []
        for r_number, ruling in enumerate(item.get("rulings", []), start=1):
            r_where = f"{where}, ruling {r_number}"
            if not isinstance(ruling, dict):
                raise fail(f"{r_where} is not a table")
            _only_keys(ruling, {"paragraph", "text", "source", "kind", "edition_value"},
                       r_where, fail)
            index = ruling.get("paragraph")
            if not isinstance(index, int) or isinstance(index, bool):
                raise fail(f"{r_where}: missing paragraph index")
            if not 0 <= index < len(paragraphs):
                raise fail(
                    f"{r_where}: paragraph {index} does not exist "
                    f"(the section has paragraphs 0 to {len(paragraphs) - 1})"
                )
            text = ruling.get("text")
            if not isinstance(text, str) or not text.strip():
                raise fail(f"{r_where}: missing text")
            source = ruling.get("source", "")
            if not isinstance(source, str):
                raise fail(f"{r_where}: source must be a string")
            kind = ruling.get("kind", RULING)
            if kind not in KINDS:
                raise fail(f"{r_where}: kind {kind!r} is not one of {', '.join(KINDS)}")
            # ``edition_value = true``, the older way to say ``kind = "house-default"``
            edition_value = ruling.get("edition_value")
            if edition_value is not None:
                if not isinstance(edition_value, bool):
                    raise fail(f"{r_where}: edition_value must be true or false")
                if edition_value != (kind == HOUSE_DEFAULT) and "kind" in ruling:
                    raise fail(f"{r_where}: edition_value = {str(edition_value).lower()} "
                               f"contradicts kind = {kind!r}")
                kind = HOUSE_DEFAULT if edition_value else kind
            rulings.append(Ruling(index, fill(text.strip(), r_where), source, kind))
        parsed.append(
            Section(
                game_id=game_id,
                lang=lang,
                slug=slug,
                title=fill(section_title.strip(), where),
                paragraphs=tuple(fill(p.strip(), where) for p in paragraphs),
                rulings=tuple(rulings),
            )
        )
    return _Book(game_id, lang, title.strip(), tuple(parsed), path)


def _only_keys(table: Mapping[str, Any], allowed: set[str], where: str, fail: Any) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise fail(
            f"{where}: unknown key(s) {', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})"
        )


def _filler(game_id: str, game_data: Mapping[str, Any] | None, fail: Any) -> Any:
    """Replace ``{track.top}``-style placeholders with values from the game's data file."""
    loaded: list[Mapping[str, Any]] = [game_data] if game_data is not None else []

    def data() -> Mapping[str, Any]:
        if not loaded:
            path = GAME_DATA_DIR / f"{game_id}.toml"
            try:
                with open(path, "rb") as f:
                    loaded.append(tomllib.load(f))
            except FileNotFoundError:
                raise fail(
                    f"uses a {{placeholder}} but there is no game data file {path.name}"
                ) from None
        return loaded[0]

    def fill(text: str, where: str) -> str:
        def value(match: re.Match[str]) -> str:
            node: Any = data()
            for key in match[1].split("."):
                if not isinstance(node, Mapping) or key not in node:
                    raise fail(f"{where}: {{{match[1]}}} is not in the game data file")
                node = node[key]
            if isinstance(node, (Mapping, list)):
                raise fail(f"{where}: {{{match[1]}}} is not a single value")
            return str(node)

        return _PLACEHOLDER.sub(value, text)

    return fill


def load_directory(directory: Path, pattern: str = "*.toml",
                   ) -> Mapping[str, Mapping[str, _Book]]:
    """Every content file of ``directory`` (matching ``pattern``), validated: game id ->
    language -> book."""
    library: dict[str, dict[str, _Book]] = {}
    for path in sorted(Path(directory).glob(pattern)):
        book = load_file(path)
        library.setdefault(book.game_id, {})[book.lang] = book
    # The language switch and the printed QR codes rely on one set of slugs per game.
    for books in library.values():
        first, *others = books.values()
        expected = [s.slug for s in first.sections]
        for other in others:
            slugs = [s.slug for s in other.sections]
            if slugs != expected:
                raise RulesContentError(
                    f"{other.path.name}: sections {slugs} differ from {first.path.name}'s "
                    f"{expected}; every language of a game has the same slugs in the same order"
                )
    return library


@cache
def _library() -> Mapping[str, Mapping[str, _Book]]:
    return load_directory(CONTENT_DIR)


@cache
def _game_library(game_id: str) -> Mapping[str, _Book]:
    """One game's books alone: a printed kit needs its own game's rules, not every game's."""
    return load_directory(CONTENT_DIR, f"{game_id}.*.toml").get(game_id, {})


def reload() -> None:
    """Forget the loaded content (after editing a content file in a running process)."""
    _library.cache_clear()
    _game_library.cache_clear()


def _books(game_id: str) -> Mapping[str, _Book]:
    if (not _library.cache_info().currsize and isinstance(game_id, str)
            and _GAME_ID.fullmatch(game_id)):
        books = _game_library(game_id)
        if books:
            return books
    try:
        return _library()[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_library())) or "none"
        raise KeyError(f"no rules for game {game_id!r} (games with rules: {known})") from None


def _book(game_id: str, lang: str) -> _Book:
    books = _books(game_id)
    if lang not in books:
        raise KeyError(
            f"no rules for game {game_id!r} in language {lang!r} "
            f"(available: {', '.join(languages(game_id))})"
        )
    return books[lang]


# --------------------------------------------------------------------------- public API


def games() -> tuple[str, ...]:
    """The ids of the games that have a rules reference, in menu order."""
    order: tuple[str, ...] = ()
    try:
        from companion.games import ALL_GAME_IDS

        order = tuple(ALL_GAME_IDS)
    except Exception:  # the reference must not depend on the engines importing cleanly
        pass
    ids = list(_library())
    return tuple(sorted(ids, key=lambda g: (order.index(g) if g in order else len(order), g)))


def languages(game_id: str) -> tuple[str, ...]:
    """The languages of a game's rules: English first, then the others alphabetically."""
    return tuple(sorted(_books(game_id), key=lambda lang: (lang != "en", lang)))


def game_title(game_id: str, lang: str) -> str:
    """The game's name as its rules in ``lang`` write it."""
    return _book(game_id, lang).title


def sections(game_id: str, lang: str) -> list[Section]:
    """A game's sections in reading order. KeyError for an unknown game or language."""
    return list(_book(game_id, lang).sections)


def section(game_id: str, slug: str, lang: str) -> Section:
    """One section by its slug. KeyError for an unknown game, language or slug."""
    for candidate in _book(game_id, lang).sections:
        if candidate.slug == slug:
            return candidate
    raise KeyError(f"no section {slug!r} in the rules of {game_id!r}")


def rules_url(base_url: str, game_id: str, slug: str, lang: str) -> str:
    """The address of a section's page, as printed in the rule sheets' QR codes."""
    return f"{base_url.rstrip('/')}/rules/{game_id}/{slug}?lang={lang}"


def item_text(paragraph: str) -> str:
    """A paragraph without its list marker: content files write list items as "- text"."""
    return paragraph[2:] if is_item(paragraph) else paragraph


def is_item(paragraph: str) -> bool:
    """Whether a paragraph is an item of a list (it starts with "- ")."""
    return paragraph.startswith("- ")


# --------------------------------------------------------------------------- search


def normalize(text: str) -> str:
    """Lowercase without accents, with one kind of apostrophe: how the search compares."""
    return _fold(text)[0]


def _fold(text: str) -> tuple[str, list[int]]:
    """The folded text and, for each of its characters, the index of the original one."""
    out: list[str] = []
    origin: list[int] = []
    for i, char in enumerate(text):
        if char in "\u2019\u2018\u02bc`´":
            char = "'"
        decomposed = unicodedata.normalize("NFKD", char)
        for part in decomposed:
            if unicodedata.combining(part):
                continue
            for folded in part.casefold():
                out.append(folded)
                origin.append(i)
    return "".join(out), origin


@dataclass(frozen=True)
class Hit:
    """A search result: the section, the text around the first match, and where it is.

    ``paragraph`` is the index of the matching paragraph, or None when the match is in the
    title or in a ruling (``in_ruling``, whose ``kind`` says which). ``before``/``match``/
    ``after`` split the snippet so a page can highlight the match.
    """

    section: Section
    snippet: str
    before: str
    match: str
    after: str
    paragraph: int | None = None
    in_ruling: bool = False
    kind: str = ""


def _terms(query: str) -> list[str]:
    return [t for t in normalize(query).split() if t]


def _locate(text: str, terms: list[str]) -> tuple[int, int] | None:
    """Original-text span of the whole phrase, else of the first term found, or None."""
    folded, origin = _fold(text)
    best: tuple[int, int] | None = None
    phrase = " ".join(terms)
    at = folded.find(phrase) if len(terms) > 1 else -1
    if at >= 0:
        return origin[at], origin[at + len(phrase) - 1] + 1
    for term in terms:
        at = folded.find(term)
        if at >= 0 and (best is None or at < best[0]):
            best = (at, at + len(term))
    if best is None:
        return None
    start, end = best
    return origin[start], origin[end - 1] + 1


def _snippet(text: str, span: tuple[int, int]) -> tuple[str, str, str]:
    start, end = span
    left = max(0, start - _SNIPPET_CONTEXT)
    right = min(len(text), end + _SNIPPET_CONTEXT)
    if left > 0:
        space = text.find(" ", left, start)
        left = space + 1 if space >= 0 else left
    if right < len(text):
        space = text.rfind(" ", end, right)
        right = space if space >= 0 else right
    before = ("…" if left > 0 else "") + text[left:start]
    after = text[end:right] + ("…" if right < len(text) else "")
    return before, text[start:end], after


def find(game_id: str, lang: str, query: str) -> list[Hit]:
    """Sections whose text contains every word of ``query``, ignoring case and accents.

    Sections whose title matches come first, then the others in reading order. KeyError for
    an unknown game or language; an empty query finds nothing.
    """
    terms = _terms(query)
    if not terms:
        return []
    hits: list[tuple[int, int, Hit]] = []
    for order, sec in enumerate(sections(game_id, lang)):
        body: list[tuple[str, int | None, str]] = [
            (item_text(p), i, "") for i, p in enumerate(sec.paragraphs)
        ]
        body += [(r.text, r.paragraph, r.kind) for r in sec.rulings]
        everything = normalize(" ".join([sec.title, *(c[0] for c in body)]))
        if not all(t in everything for t in terms):
            continue
        # The paragraph or ruling that holds the most of the words gives the snippet; the
        # title only when the words are nowhere else.
        best = max(body, key=lambda c: sum(t in normalize(c[0]) for t in terms))
        if not any(t in normalize(best[0]) for t in terms):
            best = (sec.title, None, "")
        span = _locate(best[0], terms)
        assert span is not None
        before, match, after = _snippet(best[0], span)
        hit = Hit(
            section=sec,
            snippet=before + match + after,
            before=before,
            match=match,
            after=after,
            paragraph=best[1],
            in_ruling=bool(best[2]),
            kind=best[2],
        )
        title_first = 0 if all(t in normalize(sec.title) for t in terms) else 1
        hits.append((title_first, order, hit))
    return [hit for _, _, hit in sorted(hits, key=lambda h: (h[0], h[1]))]


def search(game_id: str, lang: str, query: str) -> list[tuple[Section, str]]:
    """``(section, snippet)`` for every section matching ``query`` (see ``find``)."""
    return [(hit.section, hit.snippet) for hit in find(game_id, lang, query)]
