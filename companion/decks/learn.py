"""Learn as you play: the cards a table typed as printed, added to a deck at the game's end.

A game offers them with ``learned_cards(state)`` (each deck option's cards, in that option's
field format). A card joins a deck unless the deck holds it already: the same printed number
where the game numbers its cards, else the same values (copies aside).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .content import deck_options


def learned(game: Any, state: Any) -> dict[str, list[dict[str, Any]]]:
    """The cards a finished table typed as printed, by card list (none for a game that does
    not say)."""
    offer = getattr(game, "learned_cards", None)
    if offer is None:
        return {}
    names = {o.name for o in deck_options(game)}
    return {name: [dict(c) for c in cards] for name, cards in offer(state).items()
            if name in names and cards}


def _same(schema: Any, a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    if schema is not None and schema.number_field is not None:
        number = a.get(schema.number_field)
        if number is not None:
            return bool(number == b.get(schema.number_field))
    count = schema.count_field if schema is not None else None
    return {k: v for k, v in a.items() if k != count} == {k: v for k, v in b.items()
                                                           if k != count}


def merge(game: Any, values: Mapping[str, Any],
          cards: Mapping[str, list[dict[str, Any]]]) -> tuple[dict[str, Any], int]:
    """The deck's values with the cards it lacks added at the end of their lists, and how
    many were added."""
    new = dict(values)
    added = 0
    for option in deck_options(game):
        kept = [dict(c) for c in new.get(option.name) or ()]
        for card in cards.get(option.name, ()):
            if not any(_same(option.schema, card, other) for other in kept):
                kept.append(dict(card))
                added += 1
        if kept:
            new[option.name] = kept
    return new, added


def new_cards(game: Any, values: Mapping[str, Any],
              cards: Mapping[str, list[dict[str, Any]]]) -> int:
    """How many of the cards a deck lacks."""
    return merge(game, values, cards)[1]
