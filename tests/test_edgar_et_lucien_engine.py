"""Edgar & Lucien rules: the rulebook's examples, every action with its conditions and
refusals, movement, the end of an Electoral Period, victory, secrets and invariants."""

from __future__ import annotations

import importlib.util
import json
import random
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import edgar_et_lucien as game
from companion.games.base import GameError, GameOver, IllegalAction, MalformedInput, Outcome
from companion.games.sealed import Sealed

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "white"},
           {"name": "Cat", "colour": "yellow"}, {"name": "Dan", "colour": "blue"}]
HOMES = ["opera-row", "lily-gardens", "marble-embankment", "velvet-hill"]
IMMOBILE = {"kind": "immobile"}


def scenario(n: int = 3, *, active: int = 0, owners: Mapping[str, int] | None = None,
             edgar: Mapping[int, str] | None = None, lucien: Mapping[int, str] | None = None,
             cogs: Mapping[int, int] | None = None, popularity: Mapping[int, int] | None = None,
             hands: Mapping[int, tuple[str, ...]] | None = None,
             options: Mapping[str, Any] | None = None, **fields: Any) -> game.State:
    """An action-phase state chosen by the test: seat ``active`` to act."""
    state = game.setup(PLAYERS[:n], dict(options or {}))
    players = []
    for seat, p in enumerate(state.players):
        players.append(replace(
            p, edgar=(edgar or {}).get(seat, HOMES[seat]),
            lucien=(lucien or {}).get(seat, HOMES[seat]),
            cogs=(cogs or {}).get(seat, p.cogs),
            popularity=(popularity or {}).get(seat, p.popularity),
            hand=(hands or {}).get(seat, ())))
    state = replace(state, players=tuple(players))
    for district, seat in (owners or {}).items():
        state = game._set_owner(state, district, seat)
    state = replace(state, phase="actions", **fields)
    return replace(state, active=state.order.index(active))


def arrived(state: game.State, *seats: int) -> game.State:
    """These seats' Edgars moved onto the district they stand on in this turn's movement."""
    moves = []
    for seat in seats:
        p = state.players[seat]
        assert p.edgar is not None and p.lucien is not None
        moves.append(game.Resolved(seat, {"kind": "border", "colour": "red"}, IMMOBILE,
                                   "elsewhere", p.edgar, p.lucien, p.lucien))
    return replace(state, last_moves=tuple(moves))


def act(state: game.State, **action: Any) -> game.State:
    return game.apply(state, action)


def refused(state: game.State, code: str, **action: Any) -> IllegalAction:
    before = game.to_json(state)
    with pytest.raises(IllegalAction) as error:
        game.apply(state, action)
    assert error.value.code == code, str(error.value)
    assert game.to_json(state) == before
    return error.value


def cogs(state: game.State) -> list[int]:
    return [p.cogs for p in state.players]


def end_turns(state: game.State) -> game.State:
    """Every remaining player of the action phase ends the turn."""
    start = state.turn
    while state.phase == "actions" and state.turn == start and state.result is None:
        state = act(state, type="end_turn", seat=state.order[state.active])
    return state


def program_all(state: game.State, moves: Mapping[int, Mapping[str, Any]] | None = None,
                ) -> game.State:
    for seat in state.order:
        value = (moves or {}).get(seat, {"edgar": IMMOBILE, "lucien": IMMOBILE})
        state = act(state, type="seal", seat=seat, value=dict(value))
    assert state.phase == "programming" and game.sealed(state).complete
    return act(state, type="reveal")  # as the platform does once every seat is in


# ------------------------------------------------------------------ setup

def test_setup_start_values_side_and_deck() -> None:
    state = game.setup(PLAYERS[:3], {})
    assert [(p.cogs, p.popularity) for p in state.players] == [(50_000, 50)] * 3
    assert state.settings.side == "2-3" and game.setup(PLAYERS, {}).settings.side == "4"
    assert game.setup(PLAYERS[:2], {}).settings.side == "2-3"
    assert sorted(state.deck) == sorted(game.full_deck()) and len(state.deck) == 15
    assert state.phase == "placement" and state.order == (0, 1, 2)
    assert game.bank_reserve(state) == 1_200_000 - 150_000
    assert game.round_number(state) == 1 and game.outcome(state) is None


def test_deck_order_follows_the_seed() -> None:
    assert game.setup(PLAYERS, {"seed": 5}).deck == game.setup(PLAYERS, {"seed": 5}).deck
    assert game.setup(PLAYERS, {"seed": 5}).deck != game.setup(PLAYERS, {"seed": 6}).deck


def test_setup_refusals() -> None:
    with pytest.raises(IllegalAction) as error:
        game.setup(PLAYERS[:1], {})
    assert error.value.code == "player_count"
    with pytest.raises(IllegalAction) as error:
        game.setup([PLAYERS[0], {"name": "Zed", "colour": "red"}], {})
    assert error.value.code == "colour_taken"
    with pytest.raises(MalformedInput):
        game.setup([PLAYERS[0], {"name": "Zed", "colour": "purple"}], {})
    with pytest.raises(MalformedInput):
        game.setup(PLAYERS[:2], {"hidden_money": "yes"})


def test_module_shape() -> None:
    assert game.ID == "edgar-et-lucien" and game.NAME == "Edgar & Lucien"
    assert (game.MIN_PLAYERS, game.MAX_PLAYERS) == (2, 4)
    assert {o.name for o in game.OPTIONS} >= {"hidden_money", "seed"}
    assert [f["name"] for f in game.player_fields()] == ["name", "colour"]
    assert game.player_fields()[1]["choices"] == ["red", "yellow", "blue", "white"]
    for count in (2, 3, 4):
        assert len(game.setup(game.example_players(count), {}).players) == count
    assert game.correctable({"type": "end_turn", "seat": 0}) is False


def test_placement_in_turn_order_on_neutral_districts() -> None:
    state = game.setup(PLAYERS[:3], {})
    refused(state, "not_your_turn", type="place", seat=1, district="opera-row")
    state = act(state, type="place", seat=0, district="opera-row")
    assert state.players[0].edgar == state.players[0].lucien == "opera-row"
    assert game.owner_of(state, "opera-row") == 0
    refused(state, "not_neutral", type="place", seat=1, district="opera-row")
    with pytest.raises(MalformedInput):
        act(state, type="place", seat=1, district="atlantis")
    state = act(state, type="place", seat=1, district="central-bank")
    state = act(state, type="place", seat=2, district="city-hall")
    assert state.phase == "programming"
    assert state.programming == Sealed.open("moves", (0, 1, 2), key="moves:1:1")
    refused(state, "wrong_phase", type="end_turn", seat=0)


# ------------------------------------------------------------------ movement

def programming_state(n: int = 3) -> game.State:
    state = game.setup(PLAYERS[:n], {})
    for seat, home in enumerate(["opera-row", "central-bank", "city-hall", "archives"][:n]):
        state = act(state, type="place", seat=seat, district=home)
    return state


def test_movement_border_metro_invalid_and_immobile() -> None:
    state = programming_state()
    state = act(state, type="seal", seat=0, value={
        "edgar": {"kind": "border", "colour": "red"},
        "lucien": {"kind": "metro", "colour": "red"}})
    state = act(state, type="seal", seat=1, value={
        "edgar": {"kind": "border", "colour": "green"},
        "lucien": {"kind": "metro", "colour": "blue"}})  # no blue station at the bank
    assert state.phase == "programming"
    state = act(state, type="seal", seat=2, value={
        "edgar": IMMOBILE, "lucien": {"kind": "border", "colour": "green"}})
    # The last seal only locks: the engine resolves on the reveal the platform then sends.
    assert state.phase == "programming" and game.sealed(state).complete
    assert game.owner(state, {"type": "reveal"}) == "host"
    state = act(state, type="reveal")
    assert state.phase == "actions" and state.programming is None
    assert (state.players[0].edgar, state.players[0].lucien) == ("foundry-yards",
                                                                 "smokestack-row")
    assert (state.players[1].edgar, state.players[1].lucien) == ("drunken-pig-square",
                                                                 "central-bank")
    assert (state.players[2].edgar, state.players[2].lucien) == ("city-hall", "archives")
    moves = game.to_json(state)["last_moves"]
    assert moves[1]["lucien"] == {"move": {"kind": "metro", "colour": "blue"},
                                  "from": "central-bank", "to": "central-bank"}


def test_border_that_does_not_exist_leaves_the_character_in_place() -> None:
    board = game.BOARDS["2-3"]
    assert game.resolve_move(board, "opera-row", {"kind": "border", "colour": "blue"}) == \
        "opera-row"
    assert game.resolve_move(board, "opera-row", {"kind": "border", "colour": "yellow"}) == \
        "coal-docks"
    assert game.resolve_move(board, "central-bank", {"kind": "metro", "colour": "yellow"}) == \
        "city-hall"
    assert game.resolve_move(board, "city-hall", {"kind": "metro", "colour": "yellow"}) == \
        "central-bank"


def test_a_seal_can_change_until_all_are_in_and_reveal_treats_missing_as_immobile() -> None:
    state = programming_state()
    north = {"edgar": {"kind": "border", "colour": "yellow"}, "lucien": IMMOBILE}
    east = {"edgar": {"kind": "border", "colour": "red"}, "lucien": IMMOBILE}
    state = act(state, type="seal", seat=0, value=north)
    state = act(state, type="seal", seat=0, value=east)
    state = act(state, type="seal", seat=1, value=north)
    state = act(state, type="reveal")
    assert state.phase == "actions"
    assert state.players[0].edgar == "foundry-yards"
    assert state.players[1].edgar == "foundry-yards"
    assert state.players[2].edgar == state.players[2].lucien == "city-hall"


def test_malformed_programmes_are_refused() -> None:
    state = programming_state()
    for value in ({"edgar": IMMOBILE}, {"edgar": {"kind": "fly"}, "lucien": IMMOBILE},
                  {"edgar": {"kind": "border", "colour": "purple"}, "lucien": IMMOBILE}, 3):
        with pytest.raises(MalformedInput):
            act(state, type="seal", seat=0, value=value)
    assert game.describe(state, {"type": "seal", "seat": 0, "value": {
        "edgar": {"kind": "metro", "colour": "red"}, "lucien": IMMOBILE}}).render() == \
        "Ann locked in their moves"


# ------------------------------------------------------------------ robbery

def test_rulebook_example_30000_robbed_twice() -> None:
    """30,000 robbed by a first player: 20,000; by a second the same turn: the last 10,000."""
    assert [game.robbery_take(c) for c in (30_000, 10_000, 0, 50_000, 40_000)] == \
        [20_000, 10_000, 0, 30_000, 20_000]
    state = arrived(scenario(3, edgar={0: "rivet-lane", 2: "rivet-lane"},
                             lucien={1: "rivet-lane"}, cogs={1: 30_000}), 0, 2)
    state = act(state, type="rob", seat=0, victim=1)
    assert cogs(state) == [70_000, 10_000, 50_000]
    state = act(act(state, type="end_turn", seat=0), type="end_turn", seat=1)
    state = act(state, type="rob", seat=2, victim=1)
    assert cogs(state) == [70_000, 0, 60_000]


def test_robbery_needs_the_victims_lucien_and_no_bodyguard() -> None:
    state = arrived(scenario(3, edgar={0: "rivet-lane"},
                             lucien={1: "rivet-lane", 2: "rivet-lane"}), 0)
    refused(scenario(3), "victim_not_here", type="rob", seat=0, victim=1)
    refused(state, "rob_self", type="rob", seat=0, victim=0)
    guarded = scenario(3, edgar={0: "rivet-lane", 1: "rivet-lane"}, lucien={1: "rivet-lane"})
    refused(guarded, "bodyguard", type="rob", seat=0, victim=1)
    # Several unguarded Luciens: one victim, chosen; then Edgar has acted.
    after = act(state, type="rob", seat=0, victim=2)
    assert cogs(after) == [80_000, 50_000, 20_000]
    refused(after, "edgar_already_acted", type="rob", seat=0, victim=1)
    refused(state, "not_your_turn", type="rob", seat=1, victim=2)


# ------------------------------------------------------------------ Edgar's administration

def test_bank_robbery_costs_20_popularity_once_per_period() -> None:
    state = scenario(3, edgar={0: "central-bank"})
    after = act(state, type="bank_robbery", seat=0)
    assert after.players[0].cogs == 100_000 and after.players[0].popularity == 30
    assert after.players[0].used == ("bank_robbery",)
    assert game.describe(state, {"type": "bank_robbery", "seat": 0}).render() == \
        "Ann: bank robbery: +50000 Cogs"
    next_turn = replace(after, acted=())
    refused(next_turn, "administration_used", type="bank_robbery", seat=0)
    low = scenario(3, edgar={0: "central-bank"}, popularity={0: 19})
    error = refused(low, "popularity_too_low", type="bank_robbery", seat=0)
    assert "needs 20 popularity" in str(error)
    assert act(scenario(3, edgar={0: "central-bank"}, popularity={0: 20}), type="bank_robbery",
               seat=0).players[0].popularity == 0
    refused(scenario(3), "wrong_district", type="bank_robbery", seat=0)


def test_rulebook_example_doubled_bank_robbery() -> None:
    """Lucien at City Hall, Edgar at the Central Bank: 100,000 for 30 popularity."""
    state = scenario(3, edgar={0: "central-bank"}, lucien={0: "city-hall"})
    after = act(state, type="bank_robbery", seat=0, doubled=True)
    assert after.players[0].cogs == 150_000 and after.players[0].popularity == 20
    assert set(after.players[0].used) == {"bank_robbery", "political_support"}
    refused(after, "lucien_already_acted", type="buy", seat=0)
    refused(scenario(3, edgar={0: "central-bank"}), "wrong_district", type="bank_robbery",
            seat=0, doubled=True)
    refused(scenario(3, edgar={0: "central-bank"}, lucien={0: "city-hall"}, popularity={0: 29}),
            "popularity_too_low", type="bank_robbery", seat=0, doubled=True)
    lucien_done = replace(state, acted=("lucien",))
    refused(lucien_done, "lucien_already_acted", type="bank_robbery", seat=0, doubled=True)


def test_the_bank_pays_only_the_notes_it_holds() -> None:
    rich = 1_200_000 - 50_000 - 30_000 - 50_000  # the bank keeps 30,000
    state = scenario(3, edgar={0: "central-bank"}, cogs={1: rich})
    assert game.bank_reserve(state) == 30_000
    after = act(state, type="bank_robbery", seat=0)
    assert after.players[0].cogs == 80_000 and game.bank_reserve(after) == 0


def test_counter_manigances_draws_2_or_4_and_reshuffles_the_discards() -> None:
    state = scenario(3, edgar={0: "drunken-pig-square"}, lucien={0: "city-hall"})
    deck = state.deck
    after = act(state, type="counter_manigances", seat=0)
    assert after.players[0].hand == deck[:2] and after.deck == deck[2:]
    doubled = act(state, type="counter_manigances", seat=0, doubled=True)
    assert doubled.players[0].hand == deck[:4] and doubled.players[0].popularity == 20
    short = replace(state, deck=("plan_b",), discard=("extortion", "coup_detat"))
    drawn = act(short, type="counter_manigances", seat=0)
    assert drawn.players[0].hand[0] == "plan_b" and len(drawn.players[0].hand) == 2
    assert drawn.shuffles == 1 and len(drawn.deck) == 1 and drawn.discard == ()
    refused(replace(state, deck=(), discard=()), "deck_empty", type="counter_manigances", seat=0)


def test_intimidation_two_players_each_give_up_a_district() -> None:
    owners = {"rivet-lane": 1, "gasworks": 1, "coal-docks": 2}
    state = scenario(3, edgar={0: "archives"}, owners=owners, heritage=2)
    after = act(state, type="intimidation", seat=0,
                targets=[{"seat": 1, "district": "gasworks"},
                         {"seat": 2, "district": "coal-docks"}])  # protection does not help
    assert game.districts_of(after, 1) == ("rivet-lane",) and game.districts_of(after, 2) == ()
    refused(state, "same_player_twice", type="intimidation", seat=0,
            targets=[{"seat": 1, "district": "gasworks"}, {"seat": 1, "district": "rivet-lane"}])
    refused(state, "intimidate_self", type="intimidation", seat=0,
            targets=[{"seat": 0, "district": None}, {"seat": 1, "district": "rivet-lane"}])
    refused(state, "not_theirs", type="intimidation", seat=0,
            targets=[{"seat": 1, "district": "coal-docks"}, {"seat": 2, "district": "coal-docks"}])
    refused(state, "intimidation_count", type="intimidation", seat=0,
            targets=[{"seat": 1, "district": "gasworks"}])
    refused(state, "district_missing", type="intimidation", seat=0,
            targets=[{"seat": 1, "district": None}, {"seat": 2, "district": "coal-docks"}])


def test_intimidation_with_two_players_and_doubled() -> None:
    owners = {"rivet-lane": 1, "gasworks": 1}
    state = scenario(2, edgar={0: "archives"}, lucien={0: "city-hall"}, owners=owners)
    after = act(state, type="intimidation", seat=0, targets=[{"seat": 1, "district": "gasworks"}])
    assert game.districts_of(after, 1) == ("rivet-lane",)
    twice = act(state, type="intimidation", seat=0, doubled=True,
                targets=[{"seat": 1, "district": "gasworks"},
                         {"seat": 1, "district": "rivet-lane"}])
    assert game.districts_of(twice, 1) == () and twice.players[0].popularity == 20


def test_requisition_neutral_then_others_only_when_none_is_neutral() -> None:
    state = scenario(3, edgar={0: "city-hall"}, lucien={0: "city-hall"},
                     owners={"gasworks": 1})
    after = act(state, type="requisition", seat=0, districts=["rivet-lane"])
    assert game.owner_of(after, "rivet-lane") == 0 and after.players[0].cogs == 50_000
    refused(state, "neutral_left", type="requisition", seat=0, districts=["gasworks"])
    refused(state, "requisition_count", type="requisition", seat=0,
            districts=["rivet-lane", "coal-docks"])
    two = act(state, type="requisition", seat=0, doubled=True,
              districts=["rivet-lane", "coal-docks"])
    assert game.districts_of(two, 0) == ("rivet-lane", "coal-docks")
    full = replace(state, owners=tuple(1 for _ in state.owners))
    taken = act(full, type="requisition", seat=0, districts=["gasworks"])
    assert game.owner_of(taken, "gasworks") == 0
    refused(replace(full, heritage=1), "protected", type="requisition", seat=0,
            districts=["gasworks"])
    mine = tuple(0 if d.id == "gasworks" else 1 for d in state.board.districts)
    refused(replace(full, owners=mine), "already_yours",
            type="requisition", seat=0, districts=["gasworks"])


# ------------------------------------------------------------------ Lucien

def test_buy_from_the_city_and_from_a_player() -> None:
    state = scenario(3, lucien={0: "rivet-lane"})
    bought = act(state, type="buy", seat=0)
    assert game.owner_of(bought, "rivet-lane") == 0 and cogs(bought) == [30_000, 50_000, 50_000]
    assert game.bank_reserve(bought) == game.bank_reserve(state) + 20_000
    refused(bought, "lucien_already_acted", type="buy", seat=0)
    owned = scenario(3, lucien={0: "rivet-lane"}, owners={"rivet-lane": 1})
    bought = act(owned, type="buy", seat=0)
    assert game.owner_of(bought, "rivet-lane") == 0 and cogs(bought) == [20_000, 80_000, 50_000]
    refused(replace(owned, heritage=1), "protected", type="buy", seat=0)
    refused(scenario(3, lucien={0: "rivet-lane"}, cogs={0: 10_000}), "too_few_cogs",
            type="buy", seat=0)
    refused(scenario(3, lucien={0: "rivet-lane"}, owners={"rivet-lane": 1}, cogs={0: 20_000}),
            "too_few_cogs", type="buy", seat=0)
    refused(scenario(3, lucien={0: "rivet-lane"}, owners={"rivet-lane": 0}), "already_yours",
            type="buy", seat=0)


def test_populist_speech_caps_at_100_and_works_before_edgar() -> None:
    state = scenario(3, lucien={0: "drunken-pig-square"}, edgar={0: "central-bank"},
                     popularity={0: 10})
    refused(state, "popularity_too_low", type="bank_robbery", seat=0)
    spoke = act(state, type="populist_speech", seat=0)
    assert spoke.players[0].popularity == 60
    assert act(spoke, type="bank_robbery", seat=0).players[0].popularity == 40
    capped = act(scenario(3, lucien={0: "drunken-pig-square"}, popularity={0: 80}),
                 type="populist_speech", seat=0)
    assert capped.players[0].popularity == 100
    refused(scenario(3), "wrong_district", type="populist_speech", seat=0)


def test_heritage_protection_passes_to_the_taker() -> None:
    state = scenario(3, lucien={0: "archives"}, heritage=1, owners={"rivet-lane": 1})
    assert game.is_protected(state, "rivet-lane")
    after = act(state, type="heritage_protection", seat=0)
    assert after.heritage == 0 and not game.is_protected(after, "rivet-lane")
    refused(replace(state, heritage=0), "already_protected", type="heritage_protection", seat=0)


def test_certificate_for_a_condition_met_now_one_per_period() -> None:
    state = scenario(3, lucien={0: "central-bank"}, cogs={0: 150_000})
    after = act(state, type="certificate_acquisition", seat=0, condition="dandy")
    assert game.certificate_holder(after, "dandy") == 0
    refused(state, "condition_not_met", type="certificate_acquisition", seat=0,
            condition="collector")
    # Steal it from its holder when meeting the condition.
    held = replace(state, certificates=(("dandy", 1),))
    stolen = act(held, type="certificate_acquisition", seat=0, condition="dandy")
    assert game.certificate_holder(stolen, "dandy") == 0
    # One certificate per period, Certification card included.
    hand = scenario(3, lucien={0: "central-bank"}, cogs={0: 150_000},
                    hands={0: ("certification",)})
    first = act(hand, type="manigance", seat=0, card="certification", condition="dandy")
    second = replace(first, acted=())
    refused(second, "certificate_this_period", type="certificate_acquisition", seat=0,
            condition="dandy")
    with pytest.raises(MalformedInput):
        act(state, type="certificate_acquisition", seat=0, condition="saint")


def test_certificates_reset_with_the_period() -> None:
    state = scenario(2, lucien={0: "central-bank"}, cogs={0: 150_000})
    state = act(state, type="certificate_acquisition", seat=0, condition="dandy")
    after = game.end_of_period(state, (0,), 0, 0)
    assert not after.players[0].certified and after.players[0].used == ()
    assert game.certificate_holder(after, "dandy") == 0  # the card stays with its holder


# ------------------------------------------------------------------ Manigance cards

def test_plan_b_moves_lucien_anywhere() -> None:
    state = scenario(3, hands={0: ("plan_b",)})
    after = act(state, type="manigance", seat=0, card="plan_b", district="city-hall")
    assert after.players[0].lucien == "city-hall" and after.players[0].hand == ()
    assert after.discard == ("plan_b",)
    refused(after, "edgar_already_acted", type="rob", seat=0, victim=1)
    refused(scenario(3), "card_not_in_hand", type="manigance", seat=0, card="plan_b",
            district="city-hall")


def test_one_manigance_per_turn() -> None:
    state = scenario(3, hands={0: ("plan_b", "plan_b")})
    after = act(state, type="manigance", seat=0, card="plan_b", district="city-hall")
    refused(after, "edgar_already_acted", type="manigance", seat=0, card="plan_b",
            district="archives")


def test_influence_trafficking_needs_edgar_on_the_district() -> None:
    state = scenario(3, edgar={0: "rivet-lane"}, owners={"rivet-lane": 1},
                     hands={0: ("influence_trafficking",)})
    after = act(state, type="manigance", seat=0, card="influence_trafficking")
    assert game.owner_of(after, "rivet-lane") == 0 and cogs(after)[:2] == [20_000, 80_000]
    refused(replace(state, heritage=1), "protected", type="manigance", seat=0,
            card="influence_trafficking")
    refused(scenario(3, hands={0: ("influence_trafficking",)}), "not_owned_by_another",
            type="manigance", seat=0, card="influence_trafficking")


def test_discredit_threat_each_other_player_chooses() -> None:
    state = scenario(3, hands={0: ("discredit_threat",)}, cogs={2: 0})
    after = act(state, type="manigance", seat=0, card="discredit_threat",
                payments=[{"seat": 1, "pays": "cogs"}])
    assert cogs(after) == [60_000, 40_000, 0]
    assert after.players[2].popularity == 30  # no Cogs: pays with popularity
    refused(state, "payment_choice_missing", type="manigance", seat=0, card="discredit_threat")
    refused(state, "payment_impossible", type="manigance", seat=0, card="discredit_threat",
            payments=[{"seat": 1, "pays": "cogs"}, {"seat": 2, "pays": "cogs"}])


def test_financial_backer_and_popular_support_need_edgar_on_an_own_district() -> None:
    state = scenario(3, edgar={0: "rivet-lane"}, owners={"rivet-lane": 0, "opera-row": 0},
                     hands={0: ("financial_backer", "popular_support")})
    assert act(state, type="manigance", seat=0, card="financial_backer").players[0].cogs == \
        90_000
    refused(state, "wrong_district", type="manigance", seat=0, card="popular_support")
    on_ivory = replace(state, players=(replace(state.players[0], edgar="opera-row"),
                                       *state.players[1:]))
    assert act(on_ivory, type="manigance", seat=0, card="popular_support"
               ).players[0].popularity == 90
    refused(on_ivory, "wrong_district", type="manigance", seat=0, card="financial_backer")


def test_extortion_takes_a_card_from_a_player_met() -> None:
    state = scenario(3, edgar={0: "rivet-lane", 1: "rivet-lane"},
                     hands={0: ("extortion",), 1: ("plan_b", "coup_detat")})
    after = act(state, type="manigance", seat=0, card="extortion", victim=1)
    assert len(after.players[1].hand) == 1 and len(after.players[0].hand) == 1
    assert sorted(after.players[0].hand + after.players[1].hand) == ["coup_detat", "plan_b"]
    assert act(state, type="manigance", seat=0, card="extortion", victim=1) == after
    refused(state, "victim_not_here", type="manigance", seat=0, card="extortion", victim=2)
    refused(state, "extort_self", type="manigance", seat=0, card="extortion", victim=0)


def test_remote_action_performs_an_edgar_administration_action_from_anywhere() -> None:
    state = scenario(3, hands={0: ("remote_action",)})
    after = act(state, type="bank_robbery", seat=0, remote=True)
    assert after.players[0].cogs == 100_000 and after.players[0].hand == ()
    assert after.discard == ("remote_action",) and after.players[0].popularity == 30
    refused(scenario(3), "card_not_in_hand", type="bank_robbery", seat=0, remote=True)
    refused(state, "remote_action_via_administration", type="manigance", seat=0,
            card="remote_action")
    doubled = act(scenario(3, lucien={0: "city-hall"}, hands={0: ("remote_action",)}),
                  type="bank_robbery", seat=0, remote=True, doubled=True)
    assert doubled.players[0].cogs == 150_000


def test_coup_detat_takes_the_governor_token() -> None:
    state = scenario(3, edgar={0: "city-hall"}, hands={0: ("coup_detat",)}, governor=2,
                     order=(0, 1, 2))
    after = act(state, type="manigance", seat=0, card="coup_detat")
    assert after.governor == 0 and after.first_player == 1 and after.order == (0, 1, 2)
    assert game.turn_order(3, after.first_player, after.governor) == (1, 2, 0)
    refused(replace(state, governor=None), "no_governor", type="manigance", seat=0,
            card="coup_detat")
    refused(scenario(3, hands={0: ("coup_detat",)}, governor=2), "wrong_district",
            type="manigance", seat=0, card="coup_detat")


# ------------------------------------------------------------------ turns and the period

def test_turn_order_puts_the_governor_last() -> None:
    assert game.turn_order(4, 0, None) == (0, 1, 2, 3)
    assert game.turn_order(4, 1, 2) == (1, 3, 0, 2)
    assert game.turn_order(3, 2, 2) == (0, 1, 2)


def test_turns_then_tax_collection_then_clear_election() -> None:
    state = scenario(3, owners={"opera-row": 0, "rivet-lane": 0, "gasworks": 1},
                     popularity={0: 50, 1: 50, 2: 40}, turn=4)
    state = end_turns(state)
    assert [line.seat for line in state.tax] == [0, 1, 2]
    assert state.players[0].popularity == 70 and state.players[0].cogs == 70_000
    assert state.players[1].cogs == 70_000 and state.players[1].popularity == 50
    assert state.governor == 0 and state.first_player == 1 and state.period == 2
    assert state.turn == 1 and state.phase == "programming" and state.order == (1, 2, 0)
    assert game.round_number(state) == 2


def test_ivory_tax_caps_at_100() -> None:
    ivory = {"opera-row": 0, "lily-gardens": 0, "marble-embankment": 0}
    state = end_turns(scenario(3, owners=ivory, popularity={0: 70}, turn=4))
    assert state.players[0].popularity == 100


def test_a_turn_before_the_fourth_starts_the_next_programming() -> None:
    state = end_turns(scenario(3, turn=2))
    assert state.turn == 3 and state.phase == "programming" and state.period == 1


def test_rulebook_example_tie_auction_of_white_and_blue() -> None:
    """White (2nd in turn order) and blue (4th) tie: white bids 20,000, blue must bid 30,000."""
    state = scenario(4, popularity={0: 40, 1: 70, 2: 30, 3: 70}, turn=4)
    state = end_turns(state)
    assert state.phase == "auction" and state.auction is not None
    assert state.auction.bidders == (1, 3) and state.auction.speaker == 1
    refused(state, "not_your_turn", type="bid", seat=3, amount=30_000)
    state = act(state, type="bid", seat=1, amount=20_000)
    error = refused(state, "bid_too_low", type="bid", seat=3, amount=20_000)
    assert "at least 30000" in str(error)
    refused(state, "bid_step", type="bid", seat=3, amount=35_000)
    refused(state, "too_few_cogs", type="bid", seat=3, amount=60_000)
    state = act(state, type="bid", seat=3, amount=30_000)
    state = act(state, type="pass", seat=1)
    assert state.governor == 3 and state.phase == "programming"
    assert cogs(state) == [50_000, 50_000, 50_000, 20_000]
    assert state.election == game.Election(1, (1, 3), 3, 30_000)
    assert state.order == (1, 2, 0, 3)


def test_auction_without_bids_names_no_governor_and_keeps_the_first_player() -> None:
    state = end_turns(scenario(3, popularity={0: 60, 1: 60, 2: 60}, turn=4))
    for seat in (0, 1, 2):
        state = act(state, type="pass", seat=seat)
    assert state.governor is None and state.first_player == 0 and state.period == 2
    assert cogs(state) == [50_000] * 3


def test_the_last_player_left_may_still_bid() -> None:
    state = end_turns(scenario(2, popularity={0: 60, 1: 60}, turn=4))
    state = act(state, type="pass", seat=0)
    assert state.phase == "auction" and state.auction is not None and state.auction.speaker == 1
    state = act(state, type="bid", seat=1, amount=10_000)
    assert state.governor == 1 and cogs(state) == [50_000, 40_000]


# ------------------------------------------------------------------ victory

def seven_with_three_admin(seat: int) -> dict[str, int]:
    return {d: seat for d in ("central-bank", "archives", "city-hall", "opera-row",
                              "lily-gardens", "rivet-lane", "gasworks")}


def test_victory_three_conditions_after_an_action() -> None:
    owners = seven_with_three_admin(0)
    state = scenario(2, edgar={0: "drunken-pig-square"}, lucien={0: "central-bank"},
                     owners=owners, cogs={0: 100_000})
    assert game.outcome(state) is None
    won = act(replace(state, players=(replace(state.players[0], edgar="central-bank"),
                                      state.players[1])), type="bank_robbery", seat=0)
    assert game.outcome(won) == Outcome((0,), "dandy+collector+bureaucrat")
    assert game.to_json(won)["victory"] == {"seat": 0, "conditions": [
        "dandy", "collector", "bureaucrat"], "certificates": []}
    with pytest.raises(GameOver):
        act(won, type="end_turn", seat=0)


def test_a_certificate_stands_in_for_its_condition() -> None:
    trigger = scenario(2, edgar={0: "city-hall"}, owners={
        d: 0 for d in ("central-bank", "archives", "opera-row", "lily-gardens", "rivet-lane",
                       "gasworks")}, cogs={0: 20_000}, certificates=(("dandy", 0),))
    won = act(trigger, type="requisition", seat=0, districts=["marble-embankment"])
    # 7 districts but only 2 administration: collector + dandy certificate = 2 conditions.
    assert game.outcome(won) is None
    third = act(replace(won, acted=(), players=(replace(won.players[0], used=()),
                                                won.players[1])),
                type="requisition", seat=0, districts=["city-hall"])
    assert game.outcome(third) == Outcome((0,), "dandy+collector+bureaucrat")
    assert third.victory is not None and third.victory.certificates == ("dandy",)


@pytest.mark.parametrize("players, collector, bureaucrat", [(2, 7, 3), (3, 6, 3), (4, 7, 2)])
def test_thresholds_by_player_count(players: int, collector: int, bureaucrat: int) -> None:
    assert game.threshold("collector", players) == collector
    assert game.threshold("bureaucrat", players) == bureaucrat
    assert game.threshold("dandy", players) == 150_000
    state = scenario(players)
    districts = [d.id for d in state.board.districts if d.type != "administration"]
    admin = [d.id for d in state.board.districts if d.type == "administration"]
    owned = scenario(players, owners={d: 0 for d in districts[:collector - 1]})
    assert not game.meets_condition(owned, 0, "collector")
    owned = scenario(players, owners={d: 0 for d in districts[:collector]})
    assert game.meets_condition(owned, 0, "collector")
    assert not game.meets_condition(scenario(players, owners={d: 0 for d in
                                                              admin[:bureaucrat - 1]}),
                                    0, "bureaucrat")
    assert game.meets_condition(scenario(players, owners={d: 0 for d in admin[:bureaucrat]}),
                                0, "bureaucrat")


def test_three_players_win_with_six_districts_four_players_with_two_administration() -> None:
    state = scenario(3, owners={d: 0 for d in ("central-bank", "archives", "opera-row",
                                               "lily-gardens", "rivet-lane")},
                     edgar={0: "city-hall"}, cogs={0: 150_000})
    won = act(state, type="requisition", seat=0, districts=["city-hall"])
    assert game.outcome(won) == Outcome((0,), "dandy+collector+bureaucrat")
    four = scenario(4, owners={"central-bank": 0}, edgar={0: "city-hall"}, cogs={0: 150_000},
                    certificates=(("collector", 0),))
    won = act(four, type="requisition", seat=0, districts=["archives"])
    assert game.outcome(won) == Outcome((0,), "dandy+collector+bureaucrat")


def test_grand_zealot_is_impossible_before_the_first_election() -> None:
    owners = {d: 0 for d in ("central-bank", "archives", "city-hall")}
    state = scenario(2, owners=owners, popularity={0: 90}, lucien={0: "drunken-pig-square"})
    after = act(state, type="populist_speech", seat=0)
    assert after.players[0].popularity == 100 and after.governor is None
    assert game.outcome(after) is None
    assert not game.meets_condition(after, 0, "zealot")
    governed = act(replace(state, governor=0, elections=1, certificates=(("dandy", 0),)),
                   type="populist_speech", seat=0)
    assert game.meets_condition(governed, 0, "zealot")
    assert game.outcome(governed) == Outcome((0,), "dandy+bureaucrat+zealot")


def test_governor_election_can_complete_three_conditions() -> None:
    owners = {d: 0 for d in ("central-bank", "archives", "city-hall")}
    state = scenario(2, owners=owners, popularity={0: 100, 1: 50}, cogs={0: 150_000}, turn=4)
    state = end_turns(state)
    assert state.governor == 0
    assert game.outcome(state) == Outcome((0,), "dandy+bureaucrat+zealot")


def test_a_win_during_tax_collection_goes_in_turn_order() -> None:
    """Both would win by their taxes; the first in turn order collects first and wins."""
    state = scenario(2, cogs={0: 130_000, 1: 130_000}, turn=4, first_player=1, order=(1, 0),
                     owners={"rivet-lane": 0, "central-bank": 0, "archives": 0, "city-hall": 0,
                             "lily-gardens": 0, "marble-embankment": 0, "opera-row": 0,
                             "gasworks": 1},
                     certificates=(("collector", 1), ("bureaucrat", 1)))
    assert game.meets_conditions(state, 0)[0] == ("collector", "bureaucrat")
    after = end_turns(state)
    assert game.outcome(after) == Outcome((1,), "dandy+collector+bureaucrat")
    assert [line.seat for line in after.tax] == [1]
    assert after.players[0].cogs == 130_000  # seat 0 never collected


# ------------------------------------------------------------------ errors

def test_out_of_phase_and_malformed_actions() -> None:
    state = scenario(3)
    with pytest.raises(MalformedInput):
        act(state, type="teleport", seat=0)
    with pytest.raises(MalformedInput):
        act(state, type="rob", seat=0, victim=9)
    with pytest.raises(MalformedInput):
        game.apply(state, [])  # type: ignore[arg-type]
    refused(state, "wrong_phase", type="bid", seat=0, amount=10_000)
    refused(state, "wrong_phase", type="reveal")
    refused(state, "wrong_phase", type="seal", seat=0,
            value={"edgar": IMMOBILE, "lucien": IMMOBILE})
    refused(state, "not_your_turn", type="end_turn", seat=1)


def test_describe_names_the_action_without_secrets() -> None:
    """Each action named; an accepted one with what it moved, a refused one (the log never
    holds one) without amounts."""
    state = scenario(3)
    labels: dict[str, tuple[dict[str, Any], str]] = {
        "rob": ({"victim": 1}, "Ann robbed Bob"),
        "buy": ({}, "Ann bought Opera Row from the city for 20000 Cogs"),
        "manigance": ({"card": "plan_b"}, "Ann played Plan B"),
        "bank_robbery": ({"doubled": True}, "Ann: Bank Robbery, doubled by City Hall"),
        "end_turn": ({}, "Ann ended the turn"),
        "certificate_acquisition": ({"condition": "dandy"},
                                    "Ann took the Wealthy Dandy certificate"),
    }
    for kind, (extra, text) in labels.items():
        assert game.describe(state, {"type": kind, "seat": 0, **extra}).render() == text
    assert game.describe(state, {"type": "reveal"}).render() == "moves revealed"


# ------------------------------------------------------------------ secrets

def test_locked_moves_are_hidden_from_other_viewers() -> None:
    state = programming_state()
    a = act(state, type="seal", seat=1, value={"edgar": {"kind": "border", "colour": "red"},
                                               "lucien": IMMOBILE})
    b = act(state, type="seal", seat=1, value={"edgar": {"kind": "metro", "colour": "yellow"},
                                               "lucien": {"kind": "border", "colour": "green"}})
    for viewer in (0, 2, None):
        assert game.to_json(a, viewer) == game.to_json(b, viewer)
    assert game.to_json(a, 1)["programming"]["mine"]["edgar"] == {"kind": "border",
                                                                  "colour": "red"}
    assert game.to_json(a, 0)["programming"]["locked"] == [1]


def test_hidden_money_hides_other_seats_cogs_and_the_bank() -> None:
    poor = scenario(3, options={"hidden_money": True}, cogs={1: 10_000})
    rich = scenario(3, options={"hidden_money": True}, cogs={1: 160_000})
    for viewer in (0, 2, None):
        assert game.to_json(poor, viewer) == game.to_json(rich, viewer)
    assert game.to_json(rich, 1)["players"][1]["cogs"] == 160_000
    assert "dandy" in game.to_json(rich, 1)["players"][1]["conditions"]
    assert game.to_json(rich, 0)["players"][1]["cogs"] is None
    open_money = scenario(3, cogs={1: 10_000})
    assert game.to_json(open_money, 0)["players"][1]["cogs"] == 10_000


def test_a_robbery_shows_the_victims_cogs_until_they_change() -> None:
    state = arrived(scenario(3, options={"hidden_money": True}, edgar={0: "rivet-lane"},
                             lucien={1: "rivet-lane"}, cogs={1: 30_000}), 0)
    robbed = act(state, type="rob", seat=0, victim=1)
    assert game.to_json(robbed, 2)["players"][1]["cogs"] == 10_000
    assert game.to_json(robbed, 2)["players"][0]["cogs"] is None
    changed = game._change_cogs(robbed, 1, 10_000)
    assert game.to_json(changed, 2)["players"][1]["cogs"] is None


def test_other_hands_show_only_their_count() -> None:
    one = scenario(3, hands={1: ("plan_b", "extortion")})
    two = scenario(3, hands={1: ("coup_detat", "certification")})
    for viewer in (0, 2, None):
        assert game.to_json(one, viewer) == game.to_json(two, viewer)
    assert game.to_json(one, 0)["players"][1]["hand_count"] == 2
    assert game.to_json(one, 1)["players"][1]["hand"] == ["plan_b", "extortion"]
    assert "deck" not in json.dumps(game.to_json(one, 0)["deck"]["draw_pile"])


# ------------------------------------------------------------------ helpers for the pages

def test_move_options_list_every_programmable_move() -> None:
    options = game.move_options(game.BOARDS["2-3"], "central-bank")
    destinations = {(m["kind"], m.get("colour")): to for m, to in options}
    assert destinations[("immobile", None)] == "central-bank"
    assert destinations[("border", "red")] == "coal-docks"
    assert destinations[("border", "blue")] == "boiler-street"
    assert destinations[("border", "yellow")] == "foundry-yards"
    assert destinations[("border", "green")] == "drunken-pig-square"
    assert destinations[("metro", "yellow")] == "city-hall"
    assert destinations[("metro", "red")] == "central-bank"  # no red station: stays


def test_refusal_says_why_without_changing_anything() -> None:
    state = scenario(3)
    error = game.refusal(state, {"type": "bank_robbery", "seat": 0})
    assert isinstance(error, IllegalAction) and error.code == "wrong_district"
    assert game.refusal(state, {"type": "end_turn", "seat": 0}) is None


def test_every_administration_box_is_an_action_or_the_doubling_flag() -> None:
    handled = set(game._HANDLERS)
    for admin, data in game.ADMINISTRATION.items():
        assert admin in handled or admin == "political_support", admin
        assert game.BOARDS["4"].district(data["district"]).type == "administration"
    assert len(game.ADMINISTRATION) == 8 and len(game.EDGAR_ADMINISTRATION) == 4


def test_four_players_use_the_larger_side() -> None:
    state = scenario(4, edgar={0: "opera-row"})
    assert len(state.owners) == 30
    assert game.resolve_move(state.board, "opera-row", {"kind": "metro", "colour": "red"}) == \
        "iron-bridge"


# ------------------------------------------------------------------ the map file

def test_map_sides_are_consistent() -> None:
    for key, board in game.BOARDS.items():
        ids = [d.id for d in board.districts]
        assert len(ids) == len(set(ids)) == board.cols * board.rows, key
        admin = sorted(d.id for d in board.districts if d.type == "administration")
        assert admin == ["archives", "central-bank", "city-hall", "drunken-pig-square"]
        positions = {(d.col, d.row) for d in board.districts}
        assert len(positions) == len(ids)
        for d in board.districts:
            colours = [c for a, b, c in board.borders if d.id in (a, b)]
            assert len(colours) == len(set(colours)), (key, d.id)
            lines = [c for c, a, b in board.metro if d.id in (a, b)]
            assert len(lines) == len(set(lines))
        by_id = {d.id: d for d in board.districts}
        for a, b, _ in board.borders:
            assert abs(by_id[a].col - by_id[b].col) + abs(by_id[a].row - by_id[b].row) == 1
        assert len(board.borders) == (board.cols - 1) * board.rows + board.cols * (board.rows - 1)
        for _, a, b in board.metro:
            assert a in by_id and b in by_id and a != b
    assert sum(n * v for v, n in game.NOTES) == 1_200_000 == game.TOTAL_MONEY


# ------------------------------------------------------------------ random play, properties

def random_game(seed: int, players: int, options: Mapping[str, Any] | None = None,
                ) -> tuple[game.State, list[dict[str, Any]], list[game.State]]:
    rng = random.Random(seed)
    state = game.setup(game.example_players(players), dict(options or {}))
    actions, states = [], [state]
    for _ in range(3000):
        if game.outcome(state) is not None:
            break
        action = game.random_action(state, rng)
        before = json.dumps(game.to_json(state), sort_keys=True)
        try:
            state = game.apply(state, action)
        except GameError:
            assert json.dumps(game.to_json(state), sort_keys=True) == before
            continue
        actions.append(action)
        states.append(state)
    return state, actions, states


@given(st.integers(0, 10_000), st.integers(2, 4), st.booleans())
@settings(max_examples=25, deadline=None)
def test_random_play_keeps_the_invariants_and_replays(seed: int, players: int,
                                                      hidden: bool) -> None:
    final, actions, states = random_game(seed, players, {"hidden_money": hidden, "seed": seed})
    assert game.outcome(final) is not None
    for state in states:
        for p in state.players:
            assert 0 <= p.popularity <= 100
            assert p.cogs >= 0 and p.cogs % 10_000 == 0
        assert 0 <= game.bank_reserve(state) <= game.TOTAL_MONEY
        assert sorted(state.deck + state.discard + tuple(c for p in state.players
                                                         for c in p.hand)) == \
            sorted(game.full_deck())
    replayed = game.setup(game.example_players(players), {"hidden_money": hidden, "seed": seed})
    for action in actions:
        replayed = game.apply(replayed, json.loads(json.dumps(action)))
    assert replayed == final
    assert game.to_json(replayed, 0) == game.to_json(final, 0)


# ------------------------------------------------------------------ the conformance suite

def _conformance() -> Any:
    path = Path(__file__).with_name("test_conformance.py")
    spec = importlib.util.spec_from_file_location("_conformance_for_edgar", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Any:
    """This engine in the registry for the test (as the registry line will put it)."""
    from companion.games import GAMES
    monkeypatch.setitem(GAMES, game.ID, game)
    return _conformance()


def test_conformance_module_shape(registered: Any) -> None:
    registered.test_module_shape(game)


@pytest.mark.parametrize("seed", range(6))
def test_conformance_random_play(registered: Any, seed: int) -> None:
    registered.test_random_play_reaches_an_outcome(game, seed)


@pytest.mark.parametrize("seed", range(3))
def test_conformance_replay_from_storage(registered: Any, seed: int) -> None:
    registered.test_replay_from_storage_equals_the_kept_state(game, seed)


def test_conformance_undo_redo(registered: Any) -> None:
    registered.test_undo_everything_then_redo_everything(game)


# ------------------------------------------------------------------ the table rulings of issue 7

def _border_step(board: game.Board, district: str) -> tuple[dict[str, Any], str]:
    """A border move out of ``district`` and the neighbour it leads to (the same colour leads
    back)."""
    return next((m, to) for m, to in game.move_options(board, district)
                if m["kind"] == "border" and to != district)


def _programming(state: game.State) -> game.State:
    return replace(state, phase="programming", active=0, acted=(),
                   programming=Sealed.open("moves", state.order))


def test_robbery_needs_an_arrival_in_this_turns_movement() -> None:
    board = game.board_for(3)
    move, neighbour = _border_step(board, "rivet-lane")
    # Ann's Edgar moves from the neighbour onto Rivet Lane, where Bob's Lucien stands.
    moving = _programming(scenario(3, edgar={0: neighbour}, lucien={1: "rivet-lane"},
                                   cogs={1: 40_000}))
    moved = program_all(moving, {0: {"edgar": move, "lucien": IMMOBILE}})
    assert moved.players[0].edgar == "rivet-lane" and game.edgar_arrived(moved, 0)
    robbed = act(moved, type="rob", seat=0, victim=1)
    assert cogs(robbed) == [70_000, 20_000, 50_000]
    # Next turn Ann's Edgar stays put (Immobile): he has not arrived, no second robbery.
    again = program_all(_programming(replace(robbed, acted=())))
    assert again.players[0].edgar == again.players[1].lucien == "rivet-lane"
    error = refused(again, "no_arrival", type="rob", seat=0, victim=1)
    assert "Rivet Lane" in str(error)
    # Bob's Lucien walks in to an Immobile Edgar: the Edgar has not arrived either.
    waiting = _programming(scenario(3, edgar={0: "rivet-lane"}, lucien={1: neighbour}))
    walked_in = program_all(waiting, {1: {"edgar": IMMOBILE, "lucien": move}})
    assert walked_in.players[1].lucien == "rivet-lane"
    refused(walked_in, "no_arrival", type="rob", seat=0, victim=1)


def test_an_edgar_who_arrived_may_still_rob_a_lucien_who_came_later() -> None:
    board = game.board_for(3)
    move, neighbour = _border_step(board, "rivet-lane")
    state = _programming(scenario(3, edgar={0: neighbour}, hands={1: ()}))
    state = program_all(state, {0: {"edgar": move, "lucien": IMMOBILE}})
    plan_b = replace(state, players=tuple(
        replace(p, lucien="rivet-lane") if s == 1 else p for s, p in enumerate(state.players)))
    assert act(plan_b, type="rob", seat=0, victim=1).players[1].cogs == 20_000


def test_heritage_protection_blocks_an_intimidation_through_remote_action() -> None:
    owners = {"rivet-lane": 1, "gasworks": 1, "coal-docks": 2}
    remote = scenario(3, owners=owners, heritage=1, hands={0: ("remote_action",)})
    error = refused(remote, "protected", type="intimidation", seat=0, remote=True,
                    targets=[{"seat": 1, "district": "gasworks"},
                             {"seat": 2, "district": "coal-docks"}])
    assert "Remote Action" in str(error)
    # The protected player gives up nothing; the other one still does.
    after = act(remote, type="intimidation", seat=0, remote=True,
                targets=[{"seat": 1, "district": None}, {"seat": 2, "district": "coal-docks"}])
    assert game.districts_of(after, 1) == ("rivet-lane", "gasworks")
    assert game.districts_of(after, 2) == () and after.discard == ("remote_action",)
    refused(remote, "district_missing", type="intimidation", seat=0, remote=True,
            targets=[{"seat": 1, "district": None}, {"seat": 2, "district": None}])
    # An ordinary Intimidation at the Archives takes a protected district.
    ordinary = scenario(3, edgar={0: "archives"}, owners=owners, heritage=1)
    taken = act(ordinary, type="intimidation", seat=0,
                targets=[{"seat": 1, "district": "gasworks"},
                         {"seat": 2, "district": "coal-docks"}])
    assert game.districts_of(taken, 1) == ("rivet-lane",)


def test_a_doubled_requisition_takes_one_district_when_only_one_can_be_taken() -> None:
    at_city_hall = {"edgar": {0: "city-hall"}, "lucien": {0: "city-hall"}}
    base = scenario(3, **at_city_hall)
    last = "rivet-lane"
    one_left = replace(base, owners=tuple(None if d.id == last else 1
                                          for d in base.board.districts), heritage=1)
    after = act(one_left, type="requisition", seat=0, doubled=True, districts=[last])
    assert game.districts_of(after, 0) == (last,) and after.players[0].popularity == 20
    # Two neutral districts: a doubled Requisition takes both.
    refused(base, "requisition_count", type="requisition", seat=0, doubled=True,
            districts=["rivet-lane"])
    # One neutral left but the others unprotected: the second one can be taken, so it must.
    unprotected = replace(one_left, heritage=None)
    refused(unprotected, "requisition_count", type="requisition", seat=0, doubled=True,
            districts=[last])
    both = act(unprotected, type="requisition", seat=0, doubled=True,
               districts=[last, "gasworks"])
    assert set(game.districts_of(both, 0)) == {"gasworks", last}
    refused(base, "requisition_count", type="requisition", seat=0, doubled=True,
            districts=["rivet-lane", "coal-docks", "gasworks"])


def _owning(state: game.State, seat: int, count: int) -> game.State:
    """``seat`` owns the first ``count`` districts not standing under anybody's Lucien."""
    taken = {p.lucien for p in state.players}
    free = [d.id for d in state.board.districts if d.id not in taken][:count]
    owners = tuple(seat if d.id in free else o
                   for d, o in zip(state.board.districts, state.owners, strict=True))
    return replace(state, owners=owners)


def test_influence_tokens_16_per_colour_and_none_left_blocks_taking_and_marking() -> None:
    assert game.INFLUENCE_TOKENS == 16
    state = scenario(3, lucien={0: "rivet-lane"}, edgar={0: "central-bank"})
    assert game.tokens_left(state, 0) == 16
    assert game.to_json(state)["players"][0]["tokens_left"] == 16
    full = _owning(state, 0, 15)
    full = replace(full, players=tuple(replace(p, used=("populist_speech",)) if s == 0 else p
                                       for s, p in enumerate(full.players)))
    assert game.tokens_left(full, 0) == 0
    assert game.to_json(full)["players"][0]["tokens_left"] == 0
    error = refused(full, "no_token", type="buy", seat=0)
    assert "no influence token left" in str(error)
    refused(full, "no_token", type="bank_robbery", seat=0)
    # A token comes back (a district lost): Ann may buy again.
    lost = game._set_owner(full, game.districts_of(full, 0)[0], None)
    assert game.tokens_left(lost, 0) == 1
    assert game.owner_of(act(lost, type="buy", seat=0), "rivet-lane") == 0
    # One token left: the play-aid mark takes it, so the Requisition cannot place a district.
    at_hall = replace(lost, players=tuple(replace(p, edgar="city-hall") if s == 0 else p
                                          for s, p in enumerate(lost.players)))
    refused(at_hall, "no_token", type="requisition", seat=0, districts=["rivet-lane"])
    # The end of the period clears the play aid: the token comes back.
    after = game.end_of_period(full, (0,), 0, 0)
    assert game.tokens_left(after, 0) == 1


def test_a_district_of_the_wrong_type_is_a_wrong_type_not_a_missing_field() -> None:
    state = game.setup(PLAYERS[:3], {})
    for value in (5, ["opera-row"], {"id": "opera-row"}, True):
        with pytest.raises(MalformedInput, match="district must be a district id"):
            act(state, type="place", seat=0, district=value)
    with pytest.raises(MalformedInput, match="missing field: district"):
        act(state, type="place", seat=0)


@pytest.mark.parametrize("action", [[1], "rob", 5, None])
def test_describe_refuses_an_action_that_is_not_an_object(action: Any) -> None:
    with pytest.raises(MalformedInput, match="must be an object"):
        game.describe(scenario(3), action)


@pytest.mark.parametrize("viewer", ["0", [0], 1.5, True])
def test_to_json_refuses_a_viewer_that_is_not_a_seat(viewer: Any) -> None:
    with pytest.raises(MalformedInput):
        game.to_json(scenario(3), viewer)
