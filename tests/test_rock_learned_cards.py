"""Mourir pour le Rock's ``learned_cards``: the cards a table typed as printed, as a card list
a deck can take (the ``cards`` option's format, passing its schema and a new table's setup),
never the ones picked from the table's own list."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.games import mourir_pour_le_rock as game
from companion.games.deck_schema import check_cards

LIST = [{"kind": "tour", "name": n, "decade": "80s", "fans": 1000} for n in "ABCD"] + [
    {"kind": "vice", "name": "Whisky"},
    {"kind": "gear", "name": "Les Paul", "symbol": "guitar", "cost_money": 1000},
]
OLYMPIA = {"name": "Olympia", "cost_money": 1000, "fans": 2000, "souvenir": 1,
           "continent": "europe"}


def cube(state: game.State, kind: str, **fields: Any) -> game.State:
    """The active seat places a cube."""
    return game.apply(state, {"type": kind, "seat": state.active, **fields})


def played() -> game.State:
    state = game.setup(game.example_players(2), {"cards": LIST})
    state = cube(state, "tour", card=0)  # Axelle picks tour A from the list
    state = cube(state, "tour", card=OLYMPIA)  # Bruno types the Olympia as printed
    state = cube(state, "gear", card={"name": "Amp", "symbol": "amplifier", "cost_mental": 1})
    state = cube(state, "agent", card={"name": "Colonel", "cost_money": 1000,
                                       "text": "+1000 $ a song"})
    state = cube(state, "gear", card=5)  # picked: Les Paul
    state = cube(state, "tour", card=OLYMPIA)  # the same card typed again: a second copy
    state = game.apply(state, {"type": "vice", "seat": 0, "card": {"name": "Cigarettes"}})
    state = game.apply(state, {"type": "vice", "seat": 1, "card": 4})  # picked: Whisky
    state = game.apply(state, {"type": "objective", "seat": 0, "objective": 1,
                               "name": "Three guitars", "souvenir": 3, "done": True})
    return state


def test_the_cards_typed_as_printed_in_the_lists_format() -> None:
    state = played()
    assert state.taken == (0, 5, 4)
    learned = game.learned_cards(state)
    assert learned == {"cards": [
        {"kind": "tour", "name": "Olympia", "decade": "80s", "cost_money": 1000, "fans": 2000,
         "souvenir": 1, "continent": "europe"},
        {"kind": "gear", "name": "Amp", "cost_mental": 1, "symbol": "amplifier"},
        {"kind": "agent", "name": "Colonel", "cost_money": 1000, "text": "+1000 $ a song"},
        {"kind": "vice", "name": "Cigarettes"},
        {"kind": "mini", "name": "Three guitars", "souvenir": 3},
    ]}
    # As it stands, the list passes the option's schema and starts a table.
    assert check_cards(game.CARDS_SCHEMA, learned["cards"]) == learned["cards"]
    table = game.setup(game.example_players(4), learned)
    assert game.tours_in_decade(table) == 1  # the Olympia went to the 80s' pile


def test_a_tour_learned_goes_to_the_decade_it_was_taken_in() -> None:
    state = replace(game.setup(game.example_players(2), {}), decade=1)
    state = cube(state, "tour", card={"name": "Bercy", "fans": 3000})
    assert game.learned_cards(state)["cards"] == [
        {"kind": "tour", "name": "Bercy", "decade": "90s", "fans": 3000, "continent": "joker"}]
    assert game.to_json(state)["players"][0]["tours"][0]["decade"] == "90s"


def test_nothing_typed_nothing_learned() -> None:
    state = game.setup(game.example_players(2), {"cards": LIST})
    assert game.learned_cards(state) == {"cards": []}
    # A card recorded with nothing on it (a blank form), or the same as a card of the
    # table's list, is not a card to learn; a vice drawn and not named yet neither.
    state = cube(state, "tour", card={})
    state = cube(state, "tour", card={"name": "B", "fans": 1000})
    state = replace(state, players=tuple(
        replace(p, vices=(game.Card("vice"),)) if i == 0 else p
        for i, p in enumerate(state.players)))
    assert game.learned_cards(state) == {"cards": []}


def test_an_award_and_a_main_objective_typed_in_the_later_decades() -> None:
    state = replace(game.setup(game.example_players(2), {}), decade=2)
    state = cube(state, "award", card={"name": "Golden Mic", "souvenir": 6})
    state = replace(state, decade=1)
    state = cube(state, "mushroom_trip", card={"name": "World tour", "souvenir": 8})
    cards = game.learned_cards(state)["cards"]
    assert cards == [{"kind": "award", "name": "Golden Mic", "souvenir": 6},
                     {"kind": "objective", "name": "World tour", "souvenir": 8}]


def test_whole_random_games_learn_lists_that_start_a_table() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = game.setup(game.example_players(2 + seed % 3), {"cards": LIST, "seed": seed})
        for _ in range(4000):
            if state.result is not None:
                break
            action = game.random_action(state, rng)
            if game.refusal(state, action) is None:
                state = game.apply(state, action)
        assert state.result is not None
        cards = game.learned_cards(state)["cards"]
        assert cards and len(cards) == len({tuple(sorted(c.items())) for c in cards})
        assert not [c for c in cards if c in LIST]
        assert check_cards(game.CARDS_SCHEMA, cards) == cards
        game.setup(game.example_players(2), {"cards": cards})
