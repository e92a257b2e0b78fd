"""A deck as one TOML file: what ``export`` writes and ``import`` reads back.

::

    format = 1
    game = "storm-candidate"
    name = "Our copy"
    note = "Bought in 2019"

    [edition]
    board_offices = 12

    [[deck]]
    number = 23
    name = "..."

Top-level keys: ``format`` (1), ``game`` (the game's id), ``name``, ``note`` (optional); the
``[edition]`` table holds the copy's whole-number edition values; each card list is an array
of tables named by its option (``[[action_deck]]``, ``[[skeleton_deck]]``, ``[[deck]]``,
``[[cards]]``), each card's fields as the game's schema names them. A game with one card list
also reads ``[[card]]`` (the card lists typed on the new-table page). A file with a problem is
refused whole: the error names its line where the problem has one.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..games import GAMES
from ..games.base import N_, GameError, MalformedInput
from .content import (
    MAX_NAME,
    MAX_NOTE,
    clean_values,
    count_cards,
    deck_options,
    edition_options,
    number_options,
)

FORMAT = 1
# A deck of 300 cards per list, each with its longest texts, is under 200 KB.
MAX_FILE_BYTES = 256 * 1024
TOP_KEYS = ("format", "game", "name", "note", "edition")


@dataclass(frozen=True)
class DeckFile:
    game: str
    name: str
    note: str
    values: dict[str, Any]


def _at_line(line: int | None, error: GameError) -> MalformedInput:
    if line is None:
        wrapped = MalformedInput(N_("the deck file: %(reason)s"), code="bad_deck_file",
                                 reason=str(error))
    else:
        wrapped = MalformedInput(N_("line %(line)s of the deck file: %(reason)s"),
                                 code="bad_deck_file", line=line, reason=str(error))
    wrapped.__cause__ = error
    return wrapped


def _decode(data: bytes) -> str:
    if len(data) > MAX_FILE_BYTES:
        raise MalformedInput(N_("a deck file is %(limit)s KB at most; this one is %(size)s KB"),
                             code="bad_deck_file", limit=MAX_FILE_BYTES // 1024,
                             size=(len(data) + 1023) // 1024)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise _at_line(line, MalformedInput(N_("the file is not UTF-8 text"),
                                            code="not_utf8")) from None
    return text.removeprefix("\ufeff")


def _toml(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except RecursionError:  # thousands of nested arrays or inline tables
        raise _at_line(None, MalformedInput(N_("not valid TOML: %(reason)s"), code="bad_toml",
                                            reason="nested too deep")) from None
    except tomllib.TOMLDecodeError as error:
        found = re.search(r"\(at line (\d+), column \d+\)", str(error))
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        problem = MalformedInput(N_("not valid TOML: %(reason)s"), code="bad_toml",
                                 reason=reason)
        raise _at_line(int(found.group(1)) if found else None, problem) from None


def _header_lines(text: str, name: str) -> list[int]:
    """The lines (from 1) where each ``[[name]]`` table starts."""
    pattern = re.compile(r"^\s*\[\[\s*" + re.escape(name) + r"\s*\]\]")
    return [n for n, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]


def _key_line(text: str, start: int, key: str) -> int:
    """The line of ``key = ...`` in the table starting at line ``start`` (else ``start``)."""
    pattern = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
    lines = text.splitlines()
    for n in range(start, len(lines)):
        if lines[n].lstrip().startswith("["):
            break
        if pattern.match(lines[n]):
            return n + 1
    return start


def _edition_line(text: str, key: str) -> int | None:
    starts = _header_lines_single(text, "edition")
    return _key_line(text, starts[0], key) if starts else None


def _header_lines_single(text: str, name: str) -> list[int]:
    pattern = re.compile(r"^\s*\[\s*" + re.escape(name) + r"\s*\]")
    return [n for n, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]


def parse_deck_file(data: bytes, game_id: str | None = None) -> DeckFile:
    """A deck file read and checked whole (the game's schema and its engine), or
    MalformedInput naming the line and the problem. ``game_id``: the game the file must be
    of (the deck page of that game), else the file's own."""
    text = _decode(data)
    doc = _toml(text)
    unknown_top = [k for k in doc if k not in TOP_KEYS and not isinstance(doc[k], list)]
    if unknown_top:
        raise _at_line(None, MalformedInput(N_("unknown key: %(name)s"), code="bad_deck_file",
                                            name=", ".join(sorted(unknown_top))))
    if doc.get("format", FORMAT) != FORMAT:
        raise _at_line(_key_line(text, 0, "format"), MalformedInput(
            N_("format %(format)s is not one this server reads (it reads %(ours)s)"),
            code="bad_deck_file", format=doc.get("format"), ours=FORMAT))
    game_id = _game_of(doc, text, game_id)
    game = GAMES[game_id]
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        raise _at_line(_key_line(text, 0, "name"), MalformedInput(
            N_("name must be a text of 1 to %(limit)s characters"), code="bad_deck_file",
            limit=MAX_NAME))
    note = doc.get("note", "")
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise _at_line(_key_line(text, 0, "note"), MalformedInput(
            N_("note must be a text of %(limit)s characters at most"), code="bad_deck_file",
            limit=MAX_NOTE))
    values = _values(doc, text, game)
    try:
        values = clean_values(game, values)
    except GameError as error:
        raise _at_line(_problem_line(text, game, error), error) from None
    return DeckFile(game_id, name.strip(), note.strip(), values)


def _game_of(doc: Mapping[str, Any], text: str, expected: str | None) -> str:
    game_id = doc.get("game", expected)
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise _at_line(_key_line(text, 0, "game") if "game" in doc else None, MalformedInput(
            N_("game must be one of %(games)s"), code="bad_deck_file",
            games=", ".join(GAMES)))
    if expected is not None and game_id != expected:
        raise _at_line(_key_line(text, 0, "game"), MalformedInput(
            N_("this is a deck of %(game)s, not of %(expected)s"), code="wrong_game",
            game=GAMES[game_id].NAME, expected=GAMES[expected].NAME))
    return game_id


def _values(doc: Mapping[str, Any], text: str, game: Any) -> dict[str, Any]:
    lists = {o.name: o for o in deck_options(game)}
    numbers = {o.name for o in number_options(game)}
    values: dict[str, Any] = {}
    edition = doc.get("edition", {})
    if not isinstance(edition, Mapping):
        raise _at_line(_key_line(text, 0, "edition"), MalformedInput(
            N_("edition must be a table of whole numbers"), code="bad_deck_file"))
    for key, value in edition.items():
        if key not in numbers:
            raise _at_line(_edition_line(text, key), MalformedInput(
                N_("unknown edition value: %(name)s"), code="bad_deck_file", name=key))
        values[key] = value
    for key, value in doc.items():
        if key in TOP_KEYS:
            continue
        target = key
        if key == "card" and len(lists) == 1:
            target = next(iter(lists))
        if target not in lists:
            raise _at_line(next(iter(_header_lines(text, key)), None), MalformedInput(
                N_("unknown card list: %(name)s (this game's: %(names)s)"),
                code="bad_deck_file", name=key, names=", ".join(lists)))
        if target in values:
            raise _at_line(next(iter(_header_lines(text, key)), None), MalformedInput(
                N_("the card list %(name)s is given twice"), code="bad_deck_file",
                name=target))
        values[target] = value
    return values


def _problem_line(text: str, game: Any, error: GameError) -> int | None:
    """The line a checked deck's problem is on: the card's (its field's) or the value's."""
    index, field = error.params.get("index"), error.params.get("field")
    if isinstance(index, int):
        for option in deck_options(game):
            if error.params.get("list") not in (None, option.name):
                continue
            starts = _header_lines(text, option.name) or (
                _header_lines(text, "card") if len(deck_options(game)) == 1 else [])
            if 0 < index <= len(starts):
                start = starts[index - 1]
                return _key_line(text, start, field) if isinstance(field, str) else start
        return None
    name = error.params.get("name")
    if isinstance(name, str):
        return _edition_line(text, name)
    return None


def dump_deck_file(game_id: str, name: str, note: str, values: Mapping[str, Any]) -> str:
    """The deck as a TOML file (``parse_deck_file`` reads it back to the same values)."""
    game = GAMES[game_id]
    lines = [
        f"# {game.NAME}: a deck of the table companion ({count_cards(game, values)} cards).",
        "# Import it on a deck page, or: companion decks import FILE",
        f"format = {FORMAT}",
        f"game = {_value(game_id)}",
        f"name = {_value(name)}",
    ]
    if note:
        lines.append(f"note = {_value(note)}")
    numbers = [o for o in edition_options(game) if o.kind != "deck" and o.name in values]
    if numbers:
        lines += ["", "[edition]"]
        lines += [f"{o.name} = {_value(values[o.name])}" for o in numbers]
    for option in deck_options(game):
        for card in values.get(option.name) or ():
            lines += ["", f"[[{option.name}]]"]
            lines += [f"{key} = {_value(value)}" for key, value in card.items()
                      if value is not None]
    return "\n".join(lines) + "\n"


def _value(value: Any) -> str:
    """A TOML value: a basic string (JSON's escapes are TOML's), a number or a boolean."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def parse_deck_text(text: str) -> list[dict[str, Any]]:
    """A group's card list typed (or uploaded) as TOML on the new-table page, one
    ``[[card]]`` table per card (checked as a table's option when the table starts)."""
    if not text.strip():
        return []
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MalformedInput(N_("the card list is not valid TOML: %(reason)s"),
                             reason=str(error)) from None
    except RecursionError:  # thousands of nested arrays or inline tables
        raise MalformedInput(N_("the card list is not valid TOML: %(reason)s"),
                             reason="nested too deep") from None
    cards = data.get("card", [])
    if set(data) - {"card"} or not isinstance(cards, list):
        raise MalformedInput(N_("the card list must be [[card]] tables only"))
    for index, card in enumerate(cards, start=1):
        if not isinstance(card, dict):
            raise MalformedInput(N_("the card list must be [[card]] tables only"))
        for key, value in card.items():
            if not isinstance(value, str | int | bool) or isinstance(value, float):
                raise MalformedInput(N_("card %(index)s of the card list: %(field)s must be "
                                        "a text, a whole number or true/false"),
                                     index=index, field=key)
    return cards


def deck_text(cards: Any) -> str:
    """A card list back as the TOML a group types (the inverse of ``parse_deck_text``)."""
    if not cards:
        return ""
    blocks = []
    for card in cards:
        lines = ["[[card]]"]
        for key, value in card.items():
            if value is None:
                continue
            lines.append(f"{key} = {json.dumps(value, ensure_ascii=False)}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
