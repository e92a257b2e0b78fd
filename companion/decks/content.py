"""What a deck holds and the checks it passes before it is kept.

A deck's ``values`` are the game's edition options by name: whole numbers within the
option's range and card lists (options of kind "deck"). A card list is checked against the
option's schema (``games.deck_schema``: the card and field of the first problem), then the
whole deck by the engine itself: ``setup`` with the fewest and the most players, as a table
started with the deck would be. Nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..games.base import (
    MAX_CARD_TEXT,
    N_,
    GameError,
    MalformedInput,
    Option,
    read_deck,
    read_options,
)
from ..games.deck_schema import DeckSchema, card_title, check_cards
from ..inputs import clean_text

MAX_NAME = 60
MAX_NOTE = 500


def edition_options(game: Any) -> list[Option]:
    """The options printed on a copy of the game (whole numbers and card lists)."""
    return [o for o in game.OPTIONS if o.edition]


def deck_options(game: Any) -> list[Option]:
    return [o for o in game.OPTIONS if o.edition and o.kind == "deck"]


def number_options(game: Any) -> list[Option]:
    return [o for o in game.OPTIONS if o.edition and o.kind != "deck"]


def schema_of(option: Option) -> DeckSchema:
    assert option.schema is not None, f"{option.name} declares no card schema"
    return option.schema


def deck_option(game: Any, name: str) -> Option:
    """A card list of the game by its option name, or MalformedInput."""
    for option in deck_options(game):
        if option.name == name:
            return option
    raise MalformedInput(N_("this game has no card list named %(name)s"), code="bad_deck",
                         name=name)


def count_cards(game: Any, values: Mapping[str, Any]) -> int:
    """The printed cards a deck lists (copies counted)."""
    total = 0
    for option in deck_options(game):
        schema = option.schema
        for card in values.get(option.name) or ():
            total += schema.copies(card) if schema is not None else 1
    return total


def clean_values(game: Any, values: Any) -> dict[str, Any]:
    """A deck's values checked: edition options only, each in its range, each card list
    against its schema, then the whole deck by the engine's setup. Values equal to the
    game's defaults are kept too (a deck says what the copy prints)."""
    if not isinstance(values, Mapping):
        raise MalformedInput(N_("a deck's values must be a table of edition values"),
                             code="bad_deck")
    known = {o.name: o for o in edition_options(game)}
    unknown = sorted(str(k) for k in values if k not in known)
    if unknown:
        raise MalformedInput(N_("unknown edition value: %(name)s"), code="bad_deck",
                             name=", ".join(unknown))
    clean: dict[str, Any] = {}
    for name, value in values.items():
        option = known[name]
        if option.kind == "deck":
            try:
                cards = read_deck(option, value)
                if option.schema:
                    cards = _clean_texts(schema_of(option), check_cards(schema_of(option), cards))
                clean[name] = cards
            except MalformedInput as error:
                error.params.setdefault("list", name)  # which card list (the file's line)
                raise
        else:
            clean[name] = read_options([option], {name: value})[name]
    engine_check(game, clean)
    return clean


def _clean_texts(schema: DeckSchema, cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Card texts as every name is kept: NFC, without control or invisible characters."""
    texts = {f.name for f in schema.fields if f.kind == "text"}
    for index, card in enumerate(cards, start=1):
        for key in texts & set(card):
            try:
                card[key] = clean_text(card[key], key, limit=MAX_CARD_TEXT)
            except MalformedInput as error:
                raise MalformedInput(N_("card %(card)s: %(reason)s"), code="bad_card",
                                     card=card_title(schema, card, index), field=key,
                                     index=index, reason=str(error)) from error
    return cards


def engine_check(game: Any, values: Mapping[str, Any]) -> None:
    """The engine's own refusals of a deck: a table started with it, with the fewest and the
    most players, must set up."""
    options = read_options(game.OPTIONS, dict(values))
    for count in sorted({game.MIN_PLAYERS, game.MAX_PLAYERS}):
        try:
            game.setup(game.example_players(count), options)
        except MalformedInput:
            raise
        except GameError as error:  # a deck the rules refuse is bad input all the same
            raise MalformedInput(error.msgid, code=error.code, **error.params) from error


def cards_of(values: Mapping[str, Any], option: Option) -> list[dict[str, Any]]:
    return [dict(card) for card in values.get(option.name) or ()]


def with_cards(values: Mapping[str, Any], option: Option,
               cards: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The values with one card list replaced (an empty list drops it)."""
    new = dict(values)
    if cards:
        new[option.name] = [dict(card) for card in cards]
    else:
        new.pop(option.name, None)
    return new
