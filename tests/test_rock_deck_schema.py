"""Mourir pour le Rock's card-list schema: what the deck editor accepts, a new table's setup
accepts, and what one refuses the other refuses: each kind with the fields its card prints,
the decades, continents and gear symbols of the game, money and fans within the engine's
bounds. A table made before the schema (rules revision 1) keeps its looser checks."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import mourir_pour_le_rock as game
from companion.games.base import MalformedInput
from companion.games.deck_schema import check_cards
from companion.games.mourir_pour_le_rock.data import MAX_AMOUNT, MAX_MENTAL, MAX_POINTS

OPTION = next(o for o in game.OPTIONS if o.name == "cards")
SCHEMA = game.CARDS_SCHEMA

# One card of each kind, as a group types it from its box.
GOOD: dict[str, dict[str, Any]] = {
    "tour": {"kind": "tour", "name": "Tokyo Dome", "decade": "80s", "cost_money": 2000,
             "cost_mental": 1, "fans_needed": 1000, "fans": 3000, "money": 1000,
             "souvenir": 2, "continent": "asia"},
    "agent": {"kind": "agent", "name": "Colonel Parker", "decade": "80s", "cost_money": 1000,
              "cost_mental": 0, "fans_needed": 0, "text": "+1000 $ per song"},
    "gear": {"kind": "gear", "name": "Les Paul", "decade": "90s", "cost_money": 2000,
             "cost_mental": 1, "fans_needed": 0, "symbol": "guitar", "souvenir": 1},
    "vice": {"kind": "vice", "name": "Whisky", "text": "-1 mental health each turn"},
    "objective": {"kind": "objective", "name": "World tour", "souvenir": 8,
                  "text": "a tour on every continent"},
    "mini": {"kind": "mini", "name": "Three guitars", "souvenir": 3},
    "award": {"kind": "award", "name": "Golden Mic", "fans_needed": 10000, "souvenir": 6,
              "text": "the most songs"},
    "event": {"kind": "event", "name": "Stage dive", "text": "everyone loses 1 mental health"},
}


def setup(cards: Any, rules: int = game.RULES) -> game.State:
    return game.setup(game.example_players(2), {"cards": cards, "rules": rules})


def refusals(cards: Any) -> tuple[bool, bool]:
    """Whether the schema refuses the list, and whether a new table's setup does."""
    try:
        check_cards(SCHEMA, cards)
        schema = False
    except MalformedInput:
        schema = True
    try:
        setup(cards)
        engine = False
    except MalformedInput:
        engine = True
    return schema, engine


def test_the_option_carries_the_schema_with_the_games_fields_and_kinds() -> None:
    assert OPTION.schema is SCHEMA and SCHEMA.kind_field == "kind"
    assert [f.name for f in SCHEMA.fields] == list(OPTION.fields) == list(game.DECK_FIELDS)
    # The kinds the help text names, each with the fields the data file gives its cards.
    assert [k.id for k in SCHEMA.kinds] == list(game.DECKS)
    for kind in SCHEMA.kinds:
        assert kind.fields == tuple(game.DECKS[kind.id]["fields"])
    assert dict(SCHEMA.field("kind").choices).keys() == game.DECKS.keys()


def test_choices_are_the_games_decades_continents_and_gear_symbols() -> None:
    assert [v for v, _ in SCHEMA.field("decade").choices] == ["80s", "90s", "2000s"]
    assert [v for v, _ in SCHEMA.field("decade").choices] == list(game.DECADES)
    assert [v for v, _ in SCHEMA.field("continent").choices] == list(game.CONTINENTS)
    assert "joker" in dict(SCHEMA.field("continent").choices)  # "Certaines cartes sont des jokers"
    assert [v for v, _ in SCHEMA.field("symbol").choices] == list(game.SYMBOLS)


def test_ranges_are_the_engines_bounds() -> None:
    for name in ("cost_money", "fans_needed", "fans", "money"):
        field = SCHEMA.field(name)
        assert (field.minimum, field.maximum) == (0, MAX_AMOUNT)
    assert SCHEMA.field("cost_mental").maximum == MAX_MENTAL
    mental_max = next(o for o in game.OPTIONS if o.name == "mental_max")
    assert mental_max.maximum == MAX_MENTAL  # a cost can reach the top of any gauge
    assert SCHEMA.field("souvenir").maximum == MAX_POINTS


def test_what_each_kind_needs() -> None:
    required = {k.id: k.required for k in SCHEMA.kinds}
    # "Les cartes tournées sont séparées par période": a tour belongs to a decade's pile.
    assert required["tour"] == ("decade",)
    # Gear sets of "3 symboles identiques ou différents" are counted from each card's symbol.
    assert required["gear"] == ("symbol",)
    assert required["vice"] == ("name",)
    assert all(not required[k] for k in ("agent", "objective", "mini", "award", "event"))


def test_the_example_and_a_card_of_every_kind_pass_both() -> None:
    example = [dict(card) for card in OPTION.example]
    assert check_cards(SCHEMA, example) and setup(example).settings.cards
    cards = list(GOOD.values())
    assert check_cards(SCHEMA, cards) == cards
    state = setup(cards)
    assert [c["kind"] for c in state.settings.cards] == list(GOOD)
    assert game.tours_in_decade(state) == 1  # the 80s pile holds the one listed tour


def test_a_listed_card_is_taken_with_every_value_it_prints() -> None:
    cards = list(GOOD.values())
    state = setup(cards)
    state = replace(state, players=(replace(state.players[0], fans=5000),
                                    *state.players[1:]))
    for kind in ("tour", "agent", "gear"):
        index = list(GOOD).index(kind)
        after = game.apply(state, {"type": kind, "seat": 0, "card": index})
        taken = getattr(after.players[0], {"tour": "tours", "agent": "agents",
                                           "gear": "gear"}[kind])[0]
        for name, value in GOOD[kind].items():
            if name != "kind" and (kind == "tour" or name != "decade"):
                assert getattr(taken, name) == value, (kind, name)


EDGES = [
    {**GOOD["tour"], "cost_money": MAX_AMOUNT, "fans": MAX_AMOUNT, "money": MAX_AMOUNT,
     "fans_needed": MAX_AMOUNT},
    {**GOOD["tour"], "cost_money": 0, "cost_mental": MAX_MENTAL, "souvenir": MAX_POINTS},
    {"kind": "tour", "decade": "2000s"},
    {"kind": "tour", "decade": "90s", "continent": "joker", "name": ""},
    {"kind": "gear", "symbol": "amplifier"},
    {"kind": "agent"},
    {"kind": "award", "souvenir": 0, "text": None},
    {"kind": "vice", "name": "x" * 120},
]

BAD = [
    {"name": "no kind"},
    {"kind": "roadie"},
    {"kind": "tour"},  # no decade
    {**GOOD["tour"], "decade": "70s"},
    {**GOOD["tour"], "decade": ""},
    {**GOOD["tour"], "continent": "antarctica"},
    {**GOOD["tour"], "continent": ""},
    {**GOOD["tour"], "fans": -1},
    {**GOOD["tour"], "fans": MAX_AMOUNT + 1},
    {**GOOD["tour"], "cost_money": "2000"},
    {**GOOD["tour"], "cost_money": True},
    {**GOOD["tour"], "cost_mental": MAX_MENTAL + 1},
    {**GOOD["tour"], "souvenir": MAX_POINTS + 1},
    {**GOOD["tour"], "symbol": "guitar"},  # a tour prints no symbol
    {**GOOD["tour"], "number": 3},
    {"kind": "gear", "name": "Les Paul"},  # no symbol
    {**GOOD["gear"], "symbol": "kazoo"},
    {**GOOD["gear"], "continent": "asia"},
    {"kind": "vice"},
    {"kind": "vice", "name": "Whisky", "cost_money": 1000},
    {**GOOD["vice"], "name": "x" * 121},
    {**GOOD["agent"], "fans": 2000},
    {**GOOD["award"], "cost_money": 1000},
    {**GOOD["event"], "souvenir": 2},
    {**GOOD["mini"], "decade": "80s"},
]


@pytest.mark.parametrize("card", EDGES)
def test_the_edges_of_the_ranges_pass_both(card: dict[str, Any]) -> None:
    assert refusals([GOOD["tour"], card]) == (False, False)


@pytest.mark.parametrize("card", BAD)
def test_a_bad_card_is_refused_by_both(card: dict[str, Any]) -> None:
    assert refusals([GOOD["tour"], card]) == (True, True)


def test_the_schema_names_the_card_and_the_field() -> None:
    with pytest.raises(MalformedInput) as refused:
        setup([GOOD["tour"], {**GOOD["gear"], "symbol": "kazoo"}])
    assert refused.value.params["card"] == "#2 “Les Paul”"
    assert refused.value.params["field"] == "symbol"


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-2, MAX_AMOUNT + 2),
                   st.sampled_from(["", "x", "80s", "70s", "asia", "joker", "mars", "guitar",
                                    "kazoo", "tour", "gear", "vice", "2000", "x" * 121]))


@given(st.lists(st.dictionaries(st.sampled_from([*game.DECK_FIELDS, "number"]), VALUES,
                                max_size=6).map(lambda c: c if "kind" in c or not c else
                                                {**c, "kind": "tour"}), max_size=4))
@settings(max_examples=300, deadline=None)
def test_the_schema_and_the_setup_agree_on_any_list(cards: list[dict[str, Any]]) -> None:
    schema, engine = refusals(cards)
    assert schema == engine


def test_a_table_made_before_the_schema_keeps_its_list() -> None:
    # Revision 1 read the list with the engine's own checks: a symbol of the group's own, a
    # tour without a decade, a vice with a price stay as they were, so its log replays.
    old = [{"kind": "gear", "name": "Sax", "symbol": "saxophone"}, {"kind": "tour"},
           {"kind": "vice", "cost_money": 1000}]
    assert [c["kind"] for c in setup(old, rules=1).settings.cards] == ["gear", "tour", "vice"]
    with pytest.raises(MalformedInput):
        setup(old)
    with pytest.raises(MalformedInput, match="kind"):
        setup([{"name": "x"}], rules=1)


def test_a_listed_name_as_long_as_the_schema_allows_is_picked() -> None:
    # The schema lets a name run to the card list's longest text; the pick keeps it whole.
    state = replace(setup([{"kind": "award", "name": "N" * 120, "souvenir": 6}]), decade=2)
    after = game.apply(state, {"type": "award", "seat": 0, "card": 0})
    assert after.players[0].awards[0].name == "N" * 120 and after.taken == (0,)
