"""폭풍의 대권주자's card-list schema: what the deck editor accepts, a new table's setup accepts,
and what one refuses the other refuses, with the ranges of the rules (priority numbers 1-61,
periods I-V, the card colours)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import storm_candidate as game
from companion.games.base import MalformedInput
from companion.games.deck_schema import check_cards

OPTION = next(o for o in game.OPTIONS if o.name == "deck")
GOOD = {"number": 20, "name": "선거 참모", "price": 4, "period": "I", "colour": "yellow",
        "action": "+2 coins"}


def setup(deck: list[dict[str, Any]], rules: int = game.RULES) -> game.State:
    return game.setup(game.example_players(3), {"deck": deck, "rules": rules})


def both_refuse(deck: list[dict[str, Any]]) -> tuple[bool, bool]:
    """Whether the schema refuses the list, and whether a new table's setup does."""
    assert OPTION.schema is not None
    try:
        check_cards(OPTION.schema, deck)
        schema = False
    except MalformedInput:
        schema = True
    try:
        setup(deck)
        engine = False
    except MalformedInput:
        engine = True
    return schema, engine


def test_the_schema_has_the_engines_fields_ranges_and_choices() -> None:
    schema = OPTION.schema
    assert schema is game.DECK_SCHEMA
    assert {f.name for f in schema.fields} == set(OPTION.fields) == set(game.DECK_FIELDS)
    assert schema.number_field == "number" and schema.kind_field is None
    number = schema.field("number")
    assert (number.minimum, number.maximum) == (game.PRIORITY_LOW, game.PRIORITY_HIGH) == (1, 61)
    price = schema.field("price")
    assert (price.minimum, price.maximum) == (0, game.MAX_PRICE)
    # The rulebook's periods: I on the street at setup, II-IV the deck, V the Doctorates.
    assert [v for v, _ in schema.field("period").choices] == ["I", "II", "III", "IV", "V"]
    assert [v for v, _ in schema.field("colour").choices] == list(game.CARD_COLOURS)
    assert dict(schema.field("colour").choices)["grey"] == "grey"
    assert schema.kinds[0].required == ("number",)


def test_the_example_passes_the_schema_and_the_setup() -> None:
    assert OPTION.schema is not None
    assert check_cards(OPTION.schema, list(OPTION.example))
    assert setup(list(OPTION.example)).settings.card(23) is not None


GOOD_CARDS = [
    GOOD,
    {"number": 1},
    {"number": 61, "price": game.MAX_PRICE, "period": "V", "colour": "grey"},
    {"number": 5, "price": 0, "colour": "red", "name": "", "action": None},
    {"number": 30, "period": None, "colour": None},
]

BAD_CARDS = [
    {"name": "no number"},
    {"number": 0},
    {"number": 62},
    {"number": "20"},
    {"number": True},
    {**GOOD, "price": -1},
    {**GOOD, "price": game.MAX_PRICE + 1},
    {**GOOD, "price": "4"},
    {**GOOD, "colour": "orange"},
    {**GOOD, "colour": ""},
    {**GOOD, "period": "VI"},
    {**GOOD, "period": "ii"},
    {**GOOD, "period": ""},
    {**GOOD, "period": 2},
    {**GOOD, "name": 7},
    {**GOOD, "action": True},
]


@pytest.mark.parametrize("card", GOOD_CARDS)
def test_a_card_the_schema_accepts_the_setup_accepts(card: dict[str, Any]) -> None:
    assert both_refuse([card]) == (False, False)


@pytest.mark.parametrize("card", BAD_CARDS)
def test_a_card_the_schema_refuses_the_setup_refuses(card: dict[str, Any]) -> None:
    assert both_refuse([card]) == (True, True)


def test_a_number_twice_in_the_list_is_refused_by_both() -> None:
    deck = [GOOD, {"number": 21}, {**GOOD, "name": "another"}]
    assert both_refuse(deck) == (True, True)
    with pytest.raises(MalformedInput, match="card 20 is twice in the deck list"):
        setup(deck)


def test_a_table_made_before_the_list_was_checked_keeps_its_list() -> None:
    """A table of rules revision 2 typed its list when only the numbers, prices and colours
    were checked: its setup still folds with a lower-case period and a number twice."""
    deck = [{**GOOD, "period": "v"}, {**GOOD, "name": "again"}]
    state = setup(deck, rules=2)
    assert state.settings.rules == 2 and len(state.settings.deck) == 2
    with pytest.raises(MalformedInput):
        setup([{"number": 99}], rules=2)
