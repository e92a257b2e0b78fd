"""Mourir pour le Rock: reading what an action and a card list say: a seat, whole numbers,
texts, yes/no, and a card (one of the group's list, or one as printed)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import MAX_CARD_TEXT, N_, IllegalAction, MalformedInput
from ..deck_schema import card_title
from .data import CONTINENTS, DECADES, DECKS, JOKER, MAX_AMOUNT, MAX_NAME
from .deck import CARDS_SCHEMA
from .state import Card, State


def _check_deck_card(card: Mapping[str, Any], index: int) -> Mapping[str, Any]:
    """A card of the group's list: a known kind, its numbers whole and not negative."""
    kind = card.get("kind")
    if kind not in DECKS:
        raise MalformedInput(N_("card %(index)s of the card list: kind must be one of %(kinds)s"),
                             index=index + 1, kinds=", ".join(DECKS))
    for key in ("cost_money", "cost_mental", "fans_needed", "fans", "money", "souvenir"):
        value = card.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value <= MAX_AMOUNT):
            raise MalformedInput(N_("card %(index)s of the card list: %(field)s must be a whole "
                                    "number, not negative"), index=index + 1, field=key)
    decade = card.get("decade")
    if decade is not None and decade not in DECADES:
        raise MalformedInput(N_("card %(index)s of the card list: decade must be one of "
                                "%(decades)s"), index=index + 1, decades=", ".join(DECADES))
    continent = card.get("continent")
    if continent is not None and continent not in CONTINENTS:
        raise MalformedInput(N_("card %(index)s of the card list: continent must be one of "
                                "%(continents)s"), index=index + 1,
                             continents=", ".join(CONTINENTS))
    return dict(card)


def _seat(state: State, action: Mapping[str, Any]) -> int:
    if "seat" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="seat")
    seat = action["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise MalformedInput(N_("%(field)s must be a whole number"), field="seat")
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _int(data: Mapping[str, Any], key: str, default: int = 0, *, low: int = 0,
         high: int = MAX_AMOUNT) -> int:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("%(field)s must be a whole number"), field=key)
    if not low <= value <= high:
        raise MalformedInput(N_("%(field)s must be between %(low)s and %(high)s"), field=key,
                             low=low, high=high)
    return value


def _text(data: Mapping[str, Any], key: str, limit: int = MAX_NAME) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MalformedInput(N_("%(field)s must be a text"), field=key)
    if len(value) > limit:
        raise MalformedInput(N_("%(field)s is too long"), field=key)
    return value.strip()


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise MalformedInput(N_("%(field)s must be true or false"), field=key)
    return value


_CARD_FIELDS = {
    "tour": ("name", "cost_money", "cost_mental", "fans_needed", "fans", "money", "souvenir",
             "continent"),
    "agent": ("name", "cost_money", "cost_mental", "fans_needed", "text"),
    "gear": ("name", "cost_money", "cost_mental", "fans_needed", "symbol", "souvenir"),
    "award": ("name", "fans_needed", "souvenir", "text"),
    "vice": ("name", "text"),
    "objective": ("name", "souvenir", "text"),
}


def _card(state: State, kind: str, raw: Any, *, required: bool = True) -> Card:
    """A card of ``kind``: an index in the group's card list, or the card as printed."""
    if raw is None and not required:
        return Card(kind)
    if raw is None:
        raise MalformedInput(N_("missing field: %(field)s"), field="card")
    if isinstance(raw, int) and not isinstance(raw, bool):
        cards = state.settings.cards
        if not 0 <= raw < len(cards):
            raise MalformedInput(N_("no card %(index)s in the card list"), code="unknown_card",
                                 index=raw)
        listed = cards[raw]
        # Named as the phones and the deck editor number it (from 1), with its name.
        title = card_title(CARDS_SCHEMA, listed, raw + 1)
        if listed.get("kind") != kind:
            raise IllegalAction(N_("card %(card)s of the card list is not a %(kind)s card"),
                                code="wrong_card", index=raw, card=title, kind=kind)
        if raw in state.taken:
            raise IllegalAction(N_("card %(card)s of the card list is already taken"),
                                code="card_taken", index=raw, card=title)
        data = {k: v for k, v in listed.items() if k in _CARD_FIELDS[kind]}
        index: int | None = raw
        decade = str(listed.get("decade") or "")
    elif isinstance(raw, Mapping):
        allowed = _CARD_FIELDS[kind]
        unknown = sorted(str(k) for k in raw if k not in allowed)
        if unknown:
            raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(unknown))
        data = dict(raw)
        index = None
        decade = ""
    else:
        raise MalformedInput(N_("card must be a card number or an object"))
    continent = data.get("continent")
    if kind == "tour":
        if continent is None or continent == "":
            continent = JOKER
        if continent not in CONTINENTS:
            raise MalformedInput(N_("continent must be one of %(continents)s"),
                                 continents=", ".join(CONTINENTS))
    symbol = _text(data, "symbol", 40)
    if kind == "gear" and not symbol:
        raise MalformedInput(N_("a gear card needs its symbol"))
    name = _text(data, "name", MAX_NAME if index is None else MAX_CARD_TEXT)
    return Card(kind, name, _int(data, "cost_money"), _int(data, "cost_mental"),
                _int(data, "fans_needed"), _int(data, "fans"), _int(data, "money"),
                _int(data, "souvenir"), str(continent or ""), symbol,
                _text(data, "text", MAX_NAME * 2), index, decade)


def _took(state: State, card: Card) -> State:
    """A card recorded: one of the group's list is taken; one typed as printed is kept (the
    forms' next card starts from it, and the list the table learned holds it)."""
    if card.index is not None:
        return replace(state, taken=state.taken + (card.index,))
    return replace(state, typed=state.typed + (card,))
