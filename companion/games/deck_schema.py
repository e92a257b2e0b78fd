"""What a game's card list holds, field by field: the deck editor's forms are built from it.

A game declares, beside each option of kind "deck", a ``DeckSchema``: the fields a card may
have (a whole number with its range, one of a few values, a short text, yes/no), the kinds of
card (each with the fields its form shows and the ones it needs) and, where the game has
them, the field that counts printed copies and the field that numbers each card (unique in
a deck). ``check_cards`` applies it: the first problem comes back as ``MalformedInput``
naming the card (its place and its title) and the field. The engine's own checks (what
``setup`` refuses) run after it, on the whole deck.

Engines stay pure: no Flask, no I/O here either.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import MAX_CARD_TEXT, N_, MalformedInput

FIELD_KINDS = ("int", "choice", "text", "bool")


@dataclass(frozen=True)
class CardField:
    """One field of a card: its name as the engine reads it, its label (an ``N_`` message)."""

    name: str
    kind: str  # one of FIELD_KINDS
    label: str
    minimum: int | None = None  # "int": the range the engine accepts
    maximum: int | None = None
    # "choice": (value as stored, label as shown, an N_ message or a name the game prints)
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""

    def __post_init__(self) -> None:
        assert self.kind in FIELD_KINDS, self.kind
        assert self.kind != "choice" or self.choices, self.name


@dataclass(frozen=True)
class CardKind:
    """A kind of card: the value of the schema's ``kind_field`` ("" for a one-kind deck),
    its label, the fields its form shows (in order) and the ones a card of it must have."""

    id: str
    label: str
    fields: tuple[str, ...]
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckSchema:
    fields: tuple[CardField, ...]
    kinds: tuple[CardKind, ...]
    kind_field: str | None = None  # the field naming a card's kind; None: one kind
    count_field: str | None = None  # the field saying how many copies are printed
    number_field: str | None = None  # a number printed on each card, unique in a deck
    title_field: str = "name"  # what names a card in a list and in a message

    def __post_init__(self) -> None:
        names = {f.name for f in self.fields}
        for kind in self.kinds:
            assert set(kind.fields) <= names, (kind.id, set(kind.fields) - names)
            assert set(kind.required) <= set(kind.fields), kind.id
        for special in (self.kind_field, self.count_field, self.number_field):
            assert special is None or special in names, special
        assert self.kind_field is not None or len(self.kinds) == 1

    def field(self, name: str) -> CardField:
        return next(f for f in self.fields if f.name == name)

    def kind_of(self, card: Mapping[str, Any]) -> CardKind | None:
        """The card's kind (None when its kind field names no kind of this deck)."""
        if self.kind_field is None:
            return self.kinds[0]
        value = card.get(self.kind_field)
        return next((k for k in self.kinds if k.id == value), None)

    def copies(self, card: Mapping[str, Any]) -> int:
        """The printed copies a card row stands for (1 without a count field)."""
        if self.count_field is None:
            return 1
        value = card.get(self.count_field)
        return value if isinstance(value, int) and not isinstance(value, bool) else 1


def card_title(schema: DeckSchema, card: Mapping[str, Any], index: int) -> str:
    """How a message names a card: its place in the list, with its number or its title."""
    number = card.get(schema.number_field) if schema.number_field else None
    title = card.get(schema.title_field)
    parts = [f"#{index}"]
    if isinstance(number, int) and not isinstance(number, bool):
        parts.append(f"({number})")
    if isinstance(title, str) and title.strip():
        parts.append(f"“{title.strip()}”")
    return " ".join(parts)


def _problem(message: str, schema: DeckSchema, card: Mapping[str, Any], index: int,
             field: str, **params: Any) -> MalformedInput:
    return MalformedInput(message, code="bad_card", card=card_title(schema, card, index),
                          field=field, index=index, **params)


def check_card(schema: DeckSchema, card: Any, index: int) -> dict[str, Any]:
    """One card, checked against the schema (``index`` counts from 1): a clean copy, with
    empty texts dropped, or MalformedInput naming the card and the field."""
    if not isinstance(card, Mapping):
        raise MalformedInput(N_("card %(index)s must be a table of fields"), code="bad_card",
                             index=index)
    known = {f.name: f for f in schema.fields}
    unknown = sorted(str(k) for k in card if k not in known)
    if unknown:
        raise _problem(N_("card %(card)s: unknown field %(field)s"), schema, card, index,
                       ", ".join(unknown))
    kind = schema.kind_of(card)
    if kind is None:
        assert schema.kind_field is not None
        raise _problem(N_("card %(card)s: %(field)s must be one of %(values)s"), schema, card,
                       index, schema.kind_field,
                       values=", ".join(k.id for k in schema.kinds))
    clean: dict[str, Any] = {}
    for name, value in card.items():
        spec = known[name]
        if value is None or (isinstance(value, str) and not value.strip()
                             and spec.kind != "choice"):
            continue
        if name not in kind.fields and name not in (schema.kind_field, schema.count_field):
            raise _problem(N_("card %(card)s: a %(kind)s card has no field %(field)s"),
                           schema, card, index, name, kind=kind.id)
        if spec.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise _problem(N_("card %(card)s: %(field)s must be a whole number"),
                               schema, card, index, name)
            low, high = spec.minimum, spec.maximum
            if (low is not None and value < low) or (high is not None and value > high):
                raise _problem(N_("card %(card)s: %(field)s must be from %(low)s to %(high)s"),
                               schema, card, index, name, low=low, high=high)
        elif spec.kind == "choice":
            if value not in {v for v, _label in spec.choices}:
                raise _problem(N_("card %(card)s: %(field)s must be one of %(values)s"),
                               schema, card, index, name,
                               values=", ".join(v for v, _label in spec.choices))
        elif spec.kind == "bool":
            if not isinstance(value, bool):
                raise _problem(N_("card %(card)s: %(field)s must be true or false"),
                               schema, card, index, name)
        else:
            if not isinstance(value, str) or len(value) > MAX_CARD_TEXT:
                raise _problem(N_("card %(card)s: %(field)s must be a text of %(limit)s "
                                  "characters at most"), schema, card, index, name,
                               limit=MAX_CARD_TEXT)
            value = value.strip()
        clean[name] = value
    for name in kind.required:
        if name not in clean:
            raise _problem(N_("card %(card)s: %(field)s is missing"), schema, card, index,
                           name)
    return clean


def check_cards(schema: DeckSchema, cards: Any) -> list[dict[str, Any]]:
    """A whole card list: every card checked, and the numbers printed on the cards unique."""
    if not isinstance(cards, Sequence) or isinstance(cards, str | bytes):
        raise MalformedInput(N_("a card list must be a list of cards"), code="bad_card")
    clean = [check_card(schema, card, index) for index, card in enumerate(cards, start=1)]
    if schema.number_field is not None:
        seen: dict[int, int] = {}
        for index, card in enumerate(clean, start=1):
            number = card.get(schema.number_field)
            if number is None:
                continue
            if number in seen:
                raise _problem(N_("card %(card)s: %(field)s %(number)s is already card "
                                  "%(other)s's"), schema, card, index, schema.number_field,
                               number=number, other=seen[number])
            seen[number] = index
    return clean
