"""Election USA's deck schemas: what the deck editor accepts, the engine's setup accepts, and a
value out of the rules' ranges is refused by both, naming the card and the field."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games import election_usa as game
from companion.games.base import GameError, MalformedInput, read_options
from companion.games.deck_schema import check_cards
from companion.games.election_usa.data import (
    ACTION_DECK_SCHEMA,
    MAX_COPIES,
    MAX_SKELETON_CHANGE,
    SKELETON_DECK_SCHEMA,
)

OPTIONS = {o.name: o for o in game.OPTIONS}
# Enough copies of a filler card for the deck to hold more than the ten face-up cards.
FILLER = {"name": "Filler", "kind": "policy", "pawns": 1, "count": 12}

# One card of each kind, as a group types it from its box.
GOOD: dict[str, dict[str, Any]] = {
    "fundraising": {"name": "Big donors", "kind": "fundraising", "high": 6, "low": 3,
                    "value": 1, "count": 4},
    "policy": {"name": "Tax cuts", "kind": "policy", "pawns": 3, "value": 2},
    "advertising": {"name": "TV spot", "kind": "advertising", "region": "deep-south",
                    "pawns": 2, "value": 3, "count": 2},
    "blackmail": {"name": "Photos", "kind": "blackmail", "amount": 3},
    "journalist": {"name": "Scoop", "kind": "journalist", "amount": 2, "count": 3},
}

# A value just past each range the rules set: (kind, field, value).
OUT_OF_RANGE = [
    ("fundraising", "high", game.MAX_AMOUNT + 1),
    ("fundraising", "low", -1),
    ("fundraising", "value", game.MAX_VALUE + 1),
    ("policy", "pawns", 0),
    ("policy", "pawns", game.MAX_PAWNS + 1),
    ("policy", "value", -1),
    ("advertising", "pawns", game.MAX_PAWNS + 1),
    ("advertising", "region", "alaska"),
    ("blackmail", "amount", 0),
    ("journalist", "amount", game.MAX_AMOUNT + 1),
    ("journalist", "count", MAX_COPIES + 1),
    ("policy", "count", 0),
]


def setup(rules: int = game.RULES, **options: Any) -> game.State:
    return game.setup(game.example_players(3), {"rules": rules, **options})


# A table made before its deck lists were checked with the schemas: the rules' own checks
# alone.
OWN_CHECKS = 2


def test_the_two_deck_options_carry_their_schema() -> None:
    assert OPTIONS["action_deck"].schema is ACTION_DECK_SCHEMA
    assert OPTIONS["skeleton_deck"].schema is SKELETON_DECK_SCHEMA
    # Every field the schema describes is one the option lets a card have, and back.
    for option in (OPTIONS["action_deck"], OPTIONS["skeleton_deck"]):
        assert option.schema is not None
        assert {f.name for f in option.schema.fields} == set(option.fields)
    assert [k.id for k in ACTION_DECK_SCHEMA.kinds] == list(game.KINDS)
    region = ACTION_DECK_SCHEMA.field("region")
    assert [v for v, _label in region.choices] == list(game.REGION_IDS)
    assert [label for _v, label in region.choices][:2] == ["West Coast", "Midwest"]


def test_every_example_card_passes_the_schema_and_the_setup() -> None:
    for name in ("action_deck", "skeleton_deck"):
        option = OPTIONS[name]
        assert option.schema is not None
        assert check_cards(option.schema, list(option.example))
    state = setup(action_deck=list(OPTIONS["action_deck"].example),
                  skeleton_deck=list(OPTIONS["skeleton_deck"].example))
    assert state.settings.deck_size == 12


@pytest.mark.parametrize("kind", list(GOOD))
def test_a_card_of_each_kind_the_schema_accepts_the_setup_accepts(kind: str) -> None:
    deck = [GOOD[kind], FILLER]
    assert check_cards(ACTION_DECK_SCHEMA, deck) == deck
    for rules in (OWN_CHECKS, game.RULES):
        values = read_options(game.OPTIONS, {"rules": rules, "action_deck": deck})
        state = game.setup(game.example_players(3), values)
        card = state.settings.action_deck[0]
        assert card.kind == kind and card.name == GOOD[kind]["name"]
        assert state.settings.deck_size == GOOD[kind].get("count", 1) + FILLER["count"]


def test_only_the_fields_a_kind_shows_are_asked_and_the_needed_ones_required() -> None:
    bare = [{"kind": "fundraising", "high": 2, "low": 1}, {"kind": "policy", "pawns": 1},
            {"kind": "advertising", "region": "midwest", "pawns": 1},
            {"kind": "blackmail", "amount": 1}, {"kind": "journalist", "amount": 1}]
    check_cards(ACTION_DECK_SCHEMA, bare)
    setup(action_deck=[*bare, FILLER])
    for card, missing in ((bare[0], "low"), (bare[1], "pawns"), (bare[2], "region"),
                          (bare[3], "amount")):
        short = {k: v for k, v in card.items() if k != missing}
        with pytest.raises(MalformedInput, match=f"{missing} is missing"):
            check_cards(ACTION_DECK_SCHEMA, [short])
        with pytest.raises(GameError, match=f"missing field: {missing}"):
            setup(OWN_CHECKS, action_deck=[short, FILLER])
    # A scandal prints no blue circle: neither the schema nor the setup takes one.
    scandal = {"kind": "blackmail", "amount": 1, "value": 2}
    with pytest.raises(MalformedInput, match="a blackmail card has no field value"):
        check_cards(ACTION_DECK_SCHEMA, [scandal])
    with pytest.raises(GameError, match="unknown field: value"):
        setup(OWN_CHECKS, action_deck=[scandal, FILLER])


@pytest.mark.parametrize(("kind", "field", "value"), OUT_OF_RANGE)
def test_a_value_out_of_range_is_refused_by_both_naming_the_card_and_field(
        kind: str, field: str, value: Any) -> None:
    card = {**GOOD[kind], field: value}
    deck = [FILLER, card]
    with pytest.raises(MalformedInput) as schema_error:
        check_cards(ACTION_DECK_SCHEMA, deck)
    assert schema_error.value.params["field"] == field
    assert f"#2 “{card['name']}”" in str(schema_error.value)
    assert field in str(schema_error.value)
    # A new table's setup checks with the schema first; the rules' own checks (all a table
    # of revision 2 had) refuse the card too.
    with pytest.raises(MalformedInput, match=f"card #2 “{card['name']}”: {field} "):
        setup(action_deck=deck)
    with pytest.raises(GameError) as engine_error:
        setup(OWN_CHECKS, action_deck=deck)
    assert "card 2 of the deck list" in str(engine_error.value)
    assert field in str(engine_error.value)


def test_the_ranges_are_the_engine_s_at_both_ends() -> None:
    """The largest values the schema allows are the largest the setup allows."""
    top = [{"name": "Top", "kind": "fundraising", "high": game.MAX_AMOUNT,
            "low": game.MAX_AMOUNT, "value": game.MAX_VALUE, "count": MAX_COPIES},
           {"kind": "advertising", "region": "west-coast", "pawns": game.MAX_PAWNS},
           {"kind": "journalist", "amount": game.MAX_AMOUNT}]
    check_cards(ACTION_DECK_SCHEMA, top)
    assert setup(action_deck=top).settings.deck_size == MAX_COPIES + 2
    for spec in ACTION_DECK_SCHEMA.fields + SKELETON_DECK_SCHEMA.fields:
        assert spec.kind != "int" or (spec.minimum is not None and spec.maximum is not None)


def test_a_long_card_name_the_schema_takes_the_setup_takes() -> None:
    card = {**GOOD["policy"], "name": "N" * 120}
    check_cards(ACTION_DECK_SCHEMA, [card])
    assert setup(action_deck=[card, FILLER]).settings.action_deck[0].name == "N" * 120


def test_skeleton_cards_checked_alike() -> None:
    good = [{"name": "Affair", "text": "A photo in the papers", "money": -3, "sincerity": -2,
             "pawns": 1, "count": 2},
            {"name": "Old debts", "money": -MAX_SKELETON_CHANGE}]
    check_cards(SKELETON_DECK_SCHEMA, good)
    assert len(setup(skeleton_deck=good).settings.skeleton_deck) == 2
    for field, value in (("money", MAX_SKELETON_CHANGE + 1),
                         ("sincerity", -MAX_SKELETON_CHANGE - 1),
                         ("pawns", MAX_SKELETON_CHANGE + 1), ("count", MAX_COPIES + 1),
                         ("count", 0), ("name", 7)):
        deck = [good[0], {**good[1], field: value}]
        with pytest.raises(MalformedInput) as schema_error:
            check_cards(SKELETON_DECK_SCHEMA, deck)
        assert schema_error.value.params["field"] == field
        assert "#2 “Old debts”" in str(schema_error.value) or field == "name"
        with pytest.raises(MalformedInput, match=f"card #2.*: {field} "):
            setup(skeleton_deck=deck)
        with pytest.raises(GameError) as engine_error:
            setup(OWN_CHECKS, skeleton_deck=deck)
        assert "card 2 of the deck list" in str(engine_error.value)
        assert field in str(engine_error.value)


def test_what_spans_fields_or_cards_is_the_rules_own_check() -> None:
    """The schema checks each field; the setup then refuses what no single field shows."""
    upside_down = {"name": "Odd", "kind": "fundraising", "high": 1, "low": 4}
    check_cards(ACTION_DECK_SCHEMA, [upside_down, FILLER])
    with pytest.raises(GameError, match="card 1 of the deck list: the smaller amount"):
        setup(action_deck=[upside_down, FILLER])
    small = [{"kind": "policy", "pawns": 1, "count": 10}]
    check_cards(ACTION_DECK_SCHEMA, small)
    with pytest.raises(GameError, match="more than 10 Action cards"):
        setup(action_deck=small)
