"""Input that cannot break a table: text, numbers and JSON as the platform accepts them.

Every text a group types (player names, parties, any string of a player row, the name of an
edition profile, the texts of a card list) is NFC-normalised and trimmed; a control character
or a lone surrogate (``"\\ud800"``, which no page can encode) is refused, and the length limit
applies after normalisation and trimming. Numeric form fields take ASCII digits only
(``"²".isdigit()`` is true in Python). JSON nested deeper than ``MAX_JSON_DEPTH`` is refused
before it is parsed. Every refusal is a ``MalformedInput`` (HTTP 400) that says which field.

No Flask here: the table service and the views both call it.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

import orjson

from .games.base import N_, MalformedInput

MAX_NAME = 40  # a player's name, party or any text of a player row
MAX_PROFILE_NAME = 60
MAX_JSON_DEPTH = 32

_ASCII_INT = re.compile(r"[0-9]{1,9}")
_ASCII_SIGNED_INT = re.compile(r"-?[0-9]{1,9}")
_SURROGATE = re.compile("[\ud800-\udfff]")


# Characters that show nothing or turn the text around: zero-width spaces and joiners, the
# word joiner, the byte-order mark, and the bidirectional controls (U+202E shows "Ann" for
# "nnA"). A name holding one looks like another player's.
INVISIBLE = frozenset("\u200b\u200c\u200d\u2060\ufeff\u200e\u200f\u061c"
                      "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _bad_character(text: str) -> str | None:
    """The first character no text field may hold (a control character, a surrogate)."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            return char
    return None


def _invisible_character(text: str) -> str | None:
    return next((char for char in text if char in INVISIBLE), None)


def name_key(name: str) -> str:
    """What makes two players' names the same to the eye: equal after NFKC and case
    folding, spaces aside ("Ann", "ANN", "Ａｎｎ" and "An n" are one name)."""
    return "".join(unicodedata.normalize("NFKC", name).casefold().split())


_MESSAGES = {
    # kind: (a field of its own, a field of player row %(index)s)
    "surrogate": (N_("%(field)s is not valid text (it holds a lone surrogate)"),
                  N_("player %(index)s: %(field)s is not valid text (it holds a lone "
                     "surrogate)")),
    "invisible": (N_("%(field)s holds an invisible or direction character (%(char)s)"),
                  N_("player %(index)s: %(field)s holds an invisible or direction character "
                     "(%(char)s)")),
    "control": (N_("%(field)s holds a control character (%(char)s)"),
                N_("player %(index)s: %(field)s holds a control character (%(char)s)")),
    "long": (N_("%(field)s is %(limit)s characters at most"),
             N_("player %(index)s: %(field)s is %(limit)s characters at most")),
}


def clean_text(value: Any, field: str, limit: int = MAX_NAME,
               player: int | None = None) -> Any:
    """``value`` NFC-normalised and trimmed, or refused; anything but a string is returned
    as it is, for the engine to report its type. ``player`` numbers the player row (from 1)
    the field belongs to, for the message."""
    if not isinstance(value, str):
        return value

    def refuse(kind: str, code: str, **params: Any) -> MalformedInput:
        own, of_row = _MESSAGES[kind]
        if player is None:
            return MalformedInput(own, code=code, field=field, **params)
        return MalformedInput(of_row, code=code, field=field, index=player, **params)

    if _SURROGATE.search(value):
        raise refuse("surrogate", "bad_text")
    text = unicodedata.normalize("NFC", value).strip()
    bad = _bad_character(text)
    if bad is not None:
        raise refuse("control", "bad_text", char=f"U+{ord(bad):04X}")
    hidden = _invisible_character(text)
    if hidden is not None:
        raise refuse("invisible", "bad_text", char=f"U+{ord(hidden):04X}")
    if len(text) > limit:
        raise refuse("long", "text_too_long", limit=limit)
    return text


def clean_players(players: Any) -> Any:
    """Every string of every player row cleaned (its keys must be valid text too); rows
    that are not objects are left for the engine to refuse."""
    if not isinstance(players, list):
        return players
    cleaned: list[Any] = []
    for index, row in enumerate(players, start=1):
        if not isinstance(row, dict):
            cleaned.append(row)
            continue
        out = {}
        for key, value in row.items():
            name = clean_text(key, "a field name", limit=MAX_NAME, player=index)
            out[name] = clean_text(value, str(name), player=index)
        cleaned.append(out)
    _one_name_each(cleaned)
    return cleaned


def _one_name_each(players: list[Any]) -> None:
    """Two players of one table never share a name to the eye (see ``name_key``)."""
    seen: dict[str, int] = {}
    for index, row in enumerate(players, start=1):
        name = row.get("name") if isinstance(row, dict) else None
        if not isinstance(name, str) or not name:
            continue
        key = name_key(name)
        if key in seen:
            raise MalformedInput(N_("player %(index)s: the name %(name)s is already player "
                                    "%(other)s's"), code="same_name", index=index, name=name,
                                 other=seen[key])
        seen[key] = index


def clean_options(options: Any) -> Any:
    """The texts of card lists (a list of flat objects as an option value) cleaned like any
    other text; their length is the engine's to check."""
    if not isinstance(options, dict):
        return options
    cleaned = dict(options)
    for name, value in options.items():
        if isinstance(value, list):
            cleaned[name] = [
                {key: clean_text(item, f"{name} {index}.{key}", limit=10_000)
                 for key, item in card.items()} if isinstance(card, dict) else card
                for index, card in enumerate(value, start=1)]
        elif isinstance(value, str):
            cleaned[name] = clean_text(value, str(name), limit=10_000)
    return cleaned


def ascii_int(raw: Any, signed: bool = False) -> int | None:
    """The whole number an ASCII-digit form field holds (at most 9 digits), else None."""
    if not isinstance(raw, str):
        return None
    pattern = _ASCII_SIGNED_INT if signed else _ASCII_INT
    return int(raw) if pattern.fullmatch(raw) else None


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


def json_depth(text: str) -> int:
    """How deep arrays and objects nest in a JSON text (strings skipped), without parsing."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_JSON_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


_JSON_MESSAGES = {
    # kind: (the API's request body, a form field holding JSON)
    "utf8": (N_("the request body is not UTF-8 text"), N_("a form field is not UTF-8 text")),
    "deep": (N_("the request body nests deeper than %(limit)s levels"),
             N_("a form field's JSON nests deeper than %(limit)s levels")),
    "json": (N_("the request body must be a JSON object"),
             N_("a form field holds malformed JSON")),
    "surrogate": (N_("the request body holds a lone surrogate, which is not valid text"),
                  N_("a form field holds a lone surrogate, which is not valid text")),
    "twice": (N_("the request body names %(key)s twice in one object"),
              N_("a form field's JSON names %(key)s twice in one object")),
}


class _Twice(ValueError):
    """A key named twice in one JSON object (which of the two would count is a guess)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise _Twice(key)
        found[key] = value
    return found


def check_strings(value: Any, form_field: bool = False) -> None:
    """Refuse a lone surrogate in any string or key of a parsed JSON value (already bounded
    in depth): stored, it would break every page that shows it."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise MalformedInput(_JSON_MESSAGES["surrogate"][form_field], code="bad_text")
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def loads(text: str | bytes, form_field: bool = False) -> Any:
    """Parse JSON no deeper than ``MAX_JSON_DEPTH``, without a lone surrogate in it: the API's
    request body, or (``form_field``) a page's ``...:json`` form field."""
    messages = {kind: pair[form_field] for kind, pair in _JSON_MESSAGES.items()}
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise MalformedInput(messages["utf8"], code="bad_json") from None
    # Fewer opening brackets than the limit cannot nest deeper than it (brackets inside
    # strings only count more): most bodies are never scanned.
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and json_depth(text) > MAX_JSON_DEPTH:
        raise MalformedInput(messages["deep"], code="too_deep", limit=MAX_JSON_DEPTH)
    fast = _strict(text)
    if fast is not _REFUSED:
        return fast
    try:
        value = json.loads(text, object_pairs_hook=_once)
    except _Twice as twice:
        raise MalformedInput(messages["twice"], code="duplicate_key",
                             key=twice.key[:40]) from None
    except (ValueError, RecursionError):
        raise MalformedInput(messages["json"], code="bad_json") from None
    check_strings(value, form_field)
    return value


_REFUSED = object()


def _strict(text: str) -> Any:
    """``text`` parsed by orjson, when orjson gives what the standard library gives, else
    ``_REFUSED`` (the standard library then parses it and says what is wrong). orjson
    refuses what the standard library takes loosely (``NaN``, a lone surrogate) and reads an
    integer past 64 bits as a float: a value holding a float is parsed again, so a number is
    always read as the standard library reads it. What orjson takes holds no lone surrogate
    (it refuses them), so it needs no ``check_strings``. orjson keeps the last of a key named
    twice in one object: every key is followed by one colon, so a text with more colons than
    the parsed objects have keys (a key twice, or a colon inside a string) is parsed again by
    the standard library, which names the key twice."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError:
        return _REFUSED
    stack = [value]
    keys = 0
    while stack:
        item = stack.pop()
        if isinstance(item, float):
            return _REFUSED
        if isinstance(item, dict):
            keys += len(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    if text.count(":") != keys:
        return _REFUSED
    return value
