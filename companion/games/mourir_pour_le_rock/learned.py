"""Mourir pour le Rock: the cards a table learned, typed as printed during the game, in the
card list's format (the ``cards`` option), so a group adds them to a saved deck."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..base import GameError
from ..deck_schema import check_card
from .data import DECKS, JOKER
from .deck import CARDS_SCHEMA
from .state import Card, State

# A kept objective's kind on a board, as the card list names it.
_OBJECTIVE_KINDS = {"main": "objective", "mini": "mini"}


def _listed_form(kind: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """A card as a line of the card list: its kind and the fields its kind prints, zeros
    and blanks left out (a card the list does not give a value reads 0 or blank); a tour
    without a continent is a joker, and says so."""
    card: dict[str, Any] = {"kind": kind}
    for name in DECKS[kind]["fields"]:
        value = values.get(name)
        if value not in (None, "", 0) and not isinstance(value, bool):
            card[name] = value
    if kind == "tour":
        card.setdefault("continent", JOKER)
    return card


def _card_values(card: Card) -> dict[str, Any]:
    return {k: v for k, v in card.to_json().items() if k not in ("kind", "index")}


def _typed(state: State) -> Iterable[dict[str, Any]]:
    """Every card typed as printed, in the order the table recorded them: the market's
    cards, vices and awards as taken, then the objectives each player named."""
    for card in state.typed:
        yield _listed_form(card.kind, _card_values(card))
    for player in state.players:
        for objective in player.objectives:
            if objective.index is None and objective.name:
                yield _listed_form(_OBJECTIVE_KINDS[objective.kind],
                                   {"name": objective.name, "souvenir": objective.souvenir})


def learned_cards(state: State) -> dict[str, list[dict[str, Any]]]:
    """The distinct cards typed as printed during the game (not the ones picked from the
    table's card list, nor one the list already holds), by deck option: ``{"cards": [...]}``.
    Each passes the list's schema as it stands; a card recorded with nothing on it (no
    name, every number 0) is not a card to learn, nor one a table of an older revision let
    through that the schema refuses (a gear symbol of no known kind)."""
    known = [_listed_form(str(c.get("kind")), c) for c in state.settings.cards
             if c.get("kind") in DECKS]
    learned: list[dict[str, Any]] = []
    for card in _typed(state):
        if card in learned or card in known or not _printed(card):
            continue
        try:
            check_card(CARDS_SCHEMA, card, len(learned) + 1)
        except GameError:
            continue
        learned.append(card)
    return {"cards": learned}


def _printed(card: Mapping[str, Any]) -> bool:
    """Something is on the card besides its kind and where it was taken."""
    return any(k not in ("kind", "decade", "continent") for k in card) or (
        card.get("continent") not in (None, JOKER))
