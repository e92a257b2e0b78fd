"""Mourir pour le Rock: what a card of the group's card list (the ``cards`` option) holds,
kind by kind: the fields each card prints and the engine reads, their ranges and choices.

The deck editor builds its forms from ``CARDS_SCHEMA``; a table's setup checks the list
with it (``deck_schema.check_cards``) before its own checks, so a list the editor saves is
one a table starts with. Each kind's fields are the data file's (``[[deck]]`` ``fields``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_
from ..deck_schema import CardField, CardKind, DeckSchema, check_cards
from .data import DATA, DECKS, MAX_AMOUNT, MAX_MENTAL, MAX_POINTS, RULES

DECK_FIELDS = ("kind", "name", "decade", "cost_money", "cost_mental", "fans_needed", "fans",
               "money", "souvenir", "continent", "symbol", "text")

# Each kind as the forms name it (the data file's deck names are plural: "Tours").
KIND_LABELS = {
    "tour": N_("Tour"),
    "agent": N_("Agent"),
    "gear": N_("Gear"),
    "vice": N_("Vice"),
    "objective": N_("Main objective"),
    "mini": N_("Mini-objective"),
    "award": N_("Award"),
    "event": N_("Event"),
}

# What a card of a kind cannot do without: a tour's decade (its pile, and how many tours
# the decade has), a gear card's symbol (the sets of the final count), a vice's name (what
# Therapy discards). A name is otherwise optional: the phones list a card by what it prints.
_REQUIRED = {"tour": ("decade",), "gear": ("symbol",), "vice": ("name",)}


def _choices(section: str) -> tuple[tuple[str, str], ...]:
    return tuple((item["id"], item["name_en"]) for item in DATA[section])


CARDS_SCHEMA = DeckSchema(
    fields=(
        CardField("kind", "choice", N_("Kind"), choices=tuple(KIND_LABELS.items())),
        CardField("name", "text", N_("Name")),
        CardField("decade", "choice", N_("Decade"), choices=_choices("decade"),
                  help=N_("the tour pile it belongs to")),
        CardField("cost_money", "int", N_("Cost ($)"), 0, MAX_AMOUNT),
        CardField("cost_mental", "int", N_("Cost (mental)"), 0, MAX_MENTAL),
        CardField("fans_needed", "int", N_("Fans needed"), 0, MAX_AMOUNT),
        CardField("fans", "int", N_("Fans gained"), 0, MAX_AMOUNT),
        CardField("money", "int", N_("Money gained ($)"), 0, MAX_AMOUNT),
        CardField("souvenir", "int", N_("Souvenir points"), 0, MAX_POINTS),
        CardField("continent", "choice", N_("Continent"), choices=_choices("continent"),
                  help=N_("left out: a joker, any continent")),
        CardField("symbol", "choice", N_("Symbol"), choices=_choices("symbol")),
        CardField("text", "text", N_("What it says, as printed"),
                  help=N_("a power, a condition or an effect: the players apply it")),
    ),
    kinds=tuple(
        CardKind(kind, label, tuple(DECKS[kind]["fields"]), _REQUIRED.get(kind, ()))
        for kind, label in KIND_LABELS.items()
    ),
    kind_field="kind",
)
assert set(KIND_LABELS) == set(DECKS), "a kind of card without its label"


def read_card_list(cards: Any, rules: int = RULES) -> list[Mapping[str, Any]]:
    """The card list as a table of rules revision ``rules`` reads it: from revision 2 every
    card is checked against ``CARDS_SCHEMA`` (and cleaned: texts trimmed, blank ones left
    out); a table of revision 1 keeps the list as it was given (the engine's own checks
    follow either way)."""
    if rules >= 2:
        return list(check_cards(CARDS_SCHEMA, cards))
    return [dict(card) for card in cards]
