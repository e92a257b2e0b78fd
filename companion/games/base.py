"""What every rules engine shares: typed errors, labels, outcomes and the module shape.

Engines are pure: no Flask, no database, no I/O. State is immutable; ``apply`` returns a
new state or raises one of the errors below, which the HTTP layer maps to one status each.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from .deck_schema import DeckSchema

DATA_DIR = Path(__file__).parent / "data"


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the web layer translates)."""
    return message


def Np_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - a marker, like N_
    """Mark a message's singular and plural forms for translation (see ``PLURALS``)."""
    return singular, plural


# An engine may name, in ``PLURALS``, the messages it words with a count: each msgid it
# emits (as written in a stored log, so older tables read the same) maps to its singular and
# plural forms and the parameter that counts; the web layer picks the form of the reader's
# language for that count. ``PLURALS = {N_("%(n)s card(s)"): (Np_("%(n)s card",
# "%(n)s cards"), "n")}``.
Plurals = dict[str, tuple[tuple[str, str], str]]


@cache
def load_data(game_id: str) -> Mapping[str, Any]:
    """The game's data file (``data/<game id>.toml``), read once."""
    with open(DATA_DIR / f"{game_id}.toml", "rb") as f:
        return tomllib.load(f)


class GameError(Exception):
    """Base of every error an engine raises. ``code`` is a stable string for the API."""

    code = "game_error"

    def __init__(self, message: str, *, code: str | None = None, **params: Any) -> None:
        super().__init__(message % params if params else message)
        self.msgid = message
        self.params = params
        if code is not None:
            self.code = code


class MalformedInput(GameError):
    """The input does not have the shape the game expects (a missing field, a wrong type,
    an unknown seat). HTTP 400."""

    code = "malformed"


class IllegalAction(GameError):
    """A well-formed input that the rules refuse in this state. HTTP 422."""

    code = "illegal_action"


class GameOver(IllegalAction):
    """Any action after the game has ended."""

    code = "game_over"


@dataclass(frozen=True)
class Label:
    """A human label for a log entry ("round 3 scoring"), translated by the web layer."""

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def render(self, gettext: Any = None) -> str:
        text = gettext(self.msgid) if gettext else self.msgid
        if not self.params:
            return text
        return text % {k: _render_param(v, gettext) for k, v in self.params.items()}


def _render_param(value: Any, gettext: Any = None) -> Any:
    """A label parameter as text: a nested label ({"msgid", "params"}) rendered in place, a
    list joined with commas, anything else as it is."""
    if isinstance(value, Mapping) and isinstance(value.get("msgid"), str):
        inner = value.get("params")
        return Label(value["msgid"], inner if isinstance(inner, Mapping) else {}).render(gettext)
    if isinstance(value, list | tuple):
        return ", ".join(str(_render_param(item, gettext)) for item in value)
    return value


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (empty when nobody wins) and a stable reason."""

    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason}


@dataclass(frozen=True)
class ChartSeries:
    """One chart of a game's progress read at one moment, from its public view (the optional
    ``chart_series(public)`` hook): a whole number per seat (None where the view shows
    none), and the game's own lines that are no seat's (Casse-toi's Marine), each a msgid
    naming it and its value. ``key`` is the chart's stable id, ``title`` its msgid."""

    key: str
    title: str
    values: tuple[int | None, ...]
    others: tuple[tuple[str, int | None], ...] = ()


class Words(str):
    """A free text of an option's example card (a name, what the card prints): the page shows
    it in the reader's language; keys and the values the engine checks stay as typed."""

    __slots__ = ()


@dataclass(frozen=True)
class Option:
    """A per-table option or edition value, chosen when the table is created."""

    name: str
    # "bool", "int", "seed" (an int the table picks at random when not given), or "deck"
    # (a group's own card list: a list of objects, each card's fields as the engine names
    # them in ``fields``; empty means "no deck list", and the phones ask what a card prints)
    kind: str
    default: Any
    label: str
    help: str = ""
    edition: bool = False  # printed on the components: part of an edition profile
    minimum: int | None = None
    maximum: int | None = None
    fields: tuple[str, ...] = ()  # "deck": the fields a card may have
    # "deck": a short card list shown beside the field in the TOML a group types, which the
    # engine accepts as it stands (tested); its free texts are ``Words``, shown translated.
    example: tuple[Mapping[str, Any], ...] = ()
    # "deck": what each field of a card holds, by kind of card (``deck_schema.DeckSchema``):
    # the deck editor's forms, the checks a saved deck passes before the engine's own.
    schema: DeckSchema | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name, "type": self.kind, "default": self.default,
            "label": self.label, "edition_value": self.edition,
        }
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.kind == "deck":
            data["fields"] = list(self.fields)
        return data


MAX_DECK_CARDS = 300
# A table's dice and shuffles come from a seed the server draws (never a phone): this many
# random bits. Tables stored with the 31-bit seeds of earlier releases replay as they were.
SEED_BITS = 256
MAX_SEED = 2**SEED_BITS - 1
MAX_CARD_TEXT = 120

# The revision of a game's rules a table plays by, kept in its options under this key. The
# table service writes the game's ``RULES`` there when a table is made, and reads a table
# stored before the key existed as revision 1 (``tables.stored_options``), so a table keeps
# the rules of the release it was created under: an engine that changes a rule keeps the old
# one for an older revision instead of refusing the moves its log holds. An engine given no
# revision (its own tests, the command line) plays by its newest rules.
RULES_KEY = "rules"
FIRST_RULES = 1
# What ``read_options`` hands back when no revision is named: above every game's ``RULES``,
# so every "revision n or later" rule of the engine applies.
NEWEST_RULES = 1_000_000


def rules_revision(options: Mapping[str, Any] | None, newest: int = FIRST_RULES) -> int:
    """The rules revision named in a table's options (``newest`` when none is)."""
    value = (options or {}).get(RULES_KEY, newest)
    if isinstance(value, bool) or not isinstance(value, int) or value < FIRST_RULES:
        raise MalformedInput(N_("option %(name)s must be a whole number from 1"),
                             name=RULES_KEY)
    return value


def read_options(declared: Sequence[Option], given: Any) -> dict[str, Any]:
    """Check a table's options against the declared ones and fill in the defaults; the
    rules revision (``RULES_KEY``) comes back too: the one given, else ``NEWEST_RULES``."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise MalformedInput(N_("options must be an object"))
    given = dict(given)
    revision = rules_revision(given, NEWEST_RULES)
    given.pop(RULES_KEY, None)
    known = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise MalformedInput(N_("unknown option: %(name)s"), name=", ".join(unknown))
    values: dict[str, Any] = {}
    for option in declared:
        value = given.get(option.name, option.default)
        if option.kind == "bool":
            if not isinstance(value, bool):
                raise MalformedInput(N_("option %(name)s must be true or false"), name=option.name)
        elif option.kind in ("int", "seed"):
            if isinstance(value, bool) or not isinstance(value, int):
                raise MalformedInput(N_("option %(name)s must be a whole number"), name=option.name)
            low, high = option.minimum, option.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise MalformedInput(
                    N_("option %(name)s must be between %(low)s and %(high)s"),
                    name=option.name, low=low, high=high,
                )
        elif option.kind == "deck":
            value = read_deck(option, value)
        values[option.name] = value
    values[RULES_KEY] = revision
    return values


def read_deck(option: Option, value: Any) -> list[dict[str, Any]]:
    """A group's card list: a list of objects whose fields the option names; each value a
    short text, a whole number, true/false or null. The engine checks what the values mean."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise MalformedInput(N_("option %(name)s must be a list of cards"), name=option.name)
    if len(value) > MAX_DECK_CARDS:
        raise MalformedInput(N_("option %(name)s has more than %(count)s cards"),
                             name=option.name, count=MAX_DECK_CARDS)
    cards = []
    for index, card in enumerate(value, start=1):
        if not isinstance(card, Mapping):
            raise MalformedInput(N_("card %(index)s of %(name)s must be an object"),
                                 index=index, name=option.name)
        unknown = sorted(str(k) for k in card if k not in option.fields)
        if unknown:
            raise MalformedInput(N_("card %(index)s of %(name)s: unknown field %(field)s"),
                                 index=index, name=option.name, field=", ".join(unknown))
        for key, item in card.items():
            ok = item is None or isinstance(item, bool | int) or (
                isinstance(item, str) and len(item) <= MAX_CARD_TEXT)
            if not ok:
                raise MalformedInput(
                    N_("card %(index)s of %(name)s: %(field)s must be a short text or a number"),
                    index=index, name=option.name, field=key)
        cards.append(dict(card))
    return cards


# Whom an action belongs to (``owner(state, action)``): a seat number (that seat's phone, or
# the host), the whole table (any seated phone, or the host), or the host alone.
TABLE = "table"
HOST = "host"
Owner = int | str


class GameModule(Protocol):
    """The shape every game module has; the registry holds modules of this shape.

    Besides the functions below, a game may define ``sealed(state)``: the open step of
    secret inputs (a ``sealed.Sealed``) or None. The platform then reveals the step itself
    once every expected seat has locked in (it sends ``{"type": "reveal"}``), so an engine
    resolves a sealed step only on ``reveal``, never on the last ``seal``.

    A game may also define ``active_seats(state) -> list[int]``: the seats the game waits
    for now (the active player; in a secret step, the seats that have not locked in yet;
    nobody once the game is over, nor in a step any phone of the table may enter). The pages
    tell those seats it is their turn (a banner, a vibration) and mark them for everyone. It
    returns seats of the table only and never raises.
    """

    ID: str
    NAME: str
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    OPTIONS: Sequence[Option]

    def setup(self, players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> Any: ...
    def apply(self, state: Any, action: Mapping[str, Any]) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def describe(self, state: Any, action: Mapping[str, Any]) -> Label: ...
    def to_json(self, state: Any, viewer: int | None = None) -> dict[str, Any]: ...
    def random_action(self, state: Any, rng: Any) -> Mapping[str, Any]: ...
    def player_fields(self) -> list[dict[str, Any]]: ...
    def owner(self, state: Any, action: Mapping[str, Any]) -> Owner: ...
    def sealed(self, state: Any) -> Any: ...
    def active_seats(self, state: Any) -> list[int]: ...


def require_int(action: Mapping[str, Any], key: str, *, minimum: int | None = None) -> int:
    """An integer field of an action, or MalformedInput naming it."""
    if key not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field=key)
    value = action[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("%(field)s must be a whole number"), field=key)
    if minimum is not None and value < minimum:
        raise IllegalAction(N_("%(field)s cannot be below %(minimum)s"), code="negative_count",
                            field=key, minimum=minimum)
    return value


def require_bool(action: Mapping[str, Any], key: str, default: bool | None = None) -> bool:
    if key not in action:
        if default is not None:
            return default
        raise MalformedInput(N_("missing field: %(field)s"), field=key)
    value = action[key]
    if not isinstance(value, bool):
        raise MalformedInput(N_("%(field)s must be true or false"), field=key)
    return value


S = TypeVar("S")


def dispatch(handlers: Mapping[str, Callable[[S, Mapping[str, Any]], S]], state: S,
             action: Any, finished: bool) -> S:
    """Route an action to its handler by ``type``: a malformed or unknown action is refused
    first (400), then anything once the game has ended (422)."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    handler = handlers.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                             type=kind)
    if finished:
        raise GameOver(N_("the game is over: no more actions"))
    return handler(state, action)
