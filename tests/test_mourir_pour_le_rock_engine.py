"""Mourir pour le Rock: the rules engine against the rulebook's text and RULINGS.md."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.db import Database
from companion.games import mourir_pour_le_rock as game
from companion.games.base import HOST, TABLE, GameError, IllegalAction, MalformedInput
from companion.tables import TableService

V = {o.name: o.default for o in game.OPTIONS if o.kind == "int"}


def players(count: int = 2, **boards: Any) -> list[dict[str, Any]]:
    rows = game.example_players(count)
    for key, value in boards.items():
        seat, field = key.split("_", 1)
        rows[int(seat[1:])][field] = value
    return rows


def new(count: int = 2, options: dict[str, Any] | None = None, **boards: Any) -> game.State:
    return game.setup(players(count, **boards), {"seed": 1, **(options or {})})


def act(state: game.State, kind: str, seat: int | None = None, **fields: Any) -> game.State:
    action: dict[str, Any] = {"type": kind, **fields}
    if seat is not None:
        action["seat"] = seat
    return game.apply(state, action)


def refused(state: game.State, action: dict[str, Any], code: str | None = None,
            words: str = "") -> GameError:
    before = game.to_json(state)
    with pytest.raises(GameError) as info:
        game.apply(state, action)
    assert game.to_json(state) == before
    if code:
        assert info.value.code == code, str(info.value)
    assert words in str(info.value)
    return info.value


def set_player(state: game.State, seat: int, **changes: Any) -> game.State:
    return game._with_player(state, seat, **changes)


def pass_until(state: game.State, seat: int) -> game.State:
    """Pass cubes until it is ``seat``'s cube."""
    for _ in range(50):
        if state.active == seat and state.phase == "play":
            return state
        state = act(state, "pass", state.active)
    raise AssertionError("never reached")


def tour(**card: Any) -> dict[str, Any]:
    return {"name": "Tour", "fans": 1000, "continent": "europe", **card}


# ---------------------------------------------------------------------------- zones, cubes

@pytest.mark.parametrize("mental, zone, cubes", [
    (20, "green", 3), (12, "green", 3), (11, "yellow", 2), (7, "yellow", 2),
    (6, "red", 1), (1, "red", 1), (0, "dead", 0),
])
def test_zone_boundaries_and_the_cubes_they_give(mental: int, zone: str, cubes: int) -> None:
    assert game.zone_of(mental, V) == zone
    assert game.cubes_for(mental, V) == cubes
    if mental:
        state = new(p0_mental=mental)
        assert state.players[0].cubes == cubes == state.players[0].cubes_left
        assert game.to_json(state)["players"][0]["zone"] == zone


def test_default_board_is_16_mental_health_three_cubes() -> None:
    state = new()
    p = state.players[0]
    assert (p.mental, p.start_mental, p.cubes) == (16, 16, 3)
    assert p.money == V["start_money"]
    assert [o.kind for o in p.objectives] == ["main", "mini", "mini", "mini"]


def test_one_cube_at_a_time_in_turn_order_and_the_first_player_passes_left() -> None:
    state = new(3, p1_mental=6)  # seat 1 is red: one cube
    assert state.active == 0
    seen = []
    while state.turn == 1:
        seen.append(state.active)
        state = act(state, "pass", state.active)
    assert seen == [0, 1, 2, 0, 2, 0, 2]
    assert state.turn == 2 and state.first_player == 1 and state.active == 1
    refused(state, {"type": "psy", "seat": 2}, "not_your_turn", "Bruno")


def test_cubes_are_fixed_for_the_turn_even_when_mental_health_changes() -> None:
    state = new(p0_mental=12)
    state = act(state, "tour", 0, card=tour(cost_mental=5))  # 12 -> 7: yellow
    assert state.players[0].cubes_left == 2
    state = act(state, "pass", 1)
    state = act(state, "pass", 0)
    assert state.players[0].cubes_left == 1


def test_vice_drawn_the_first_time_a_turn_ends_below_12_and_only_once() -> None:
    state = new(p0_mental=12)
    state = act(state, "tour", 0, card=tour(cost_mental=1))  # 11, two cubes left
    assert not state.players[0].vices
    while state.turn == 1:
        state = act(state, "pass", state.active)
    assert len(state.players[0].vices) == 1 and state.players[0].vice_drawn
    assert not state.players[1].vices  # seat 1 stayed at 16
    while state.turn == 2:
        state = act(state, "pass", state.active)
    assert len(state.players[0].vices) == 1


def test_the_vice_check_waits_for_the_event_under_the_last_cube_s_card() -> None:
    # Ann at 13 places her last cube on a tour with an event under it: the event, still her
    # turn, takes her to 10, so her turn ends below 12 and she draws the vice then.
    state = set_player(new(p0_mental=13), 0, cubes=1, cubes_left=1)
    state = act(state, "tour", 0, card=tour(), event=True)
    assert state.pending_event == (0, "Tour") and not state.players[0].vices
    after = game.apply(state, {"type": "event", "name": "Riot",
                               "effects": [{"seat": 0, "mental": -3}]})
    assert after.players[0].mental == 10
    assert after.players[0].vice_drawn and len(after.players[0].vices) == 1
    # The same event taking her only to 12 leaves her without a vice.
    calm = game.apply(state, {"type": "event", "name": "Riot",
                              "effects": [{"seat": 0, "mental": -1}]})
    assert calm.players[0].mental == 12 and not calm.players[0].vices


def test_no_vice_when_the_turn_ends_at_12() -> None:
    state = new(p0_mental=12)
    while state.turn == 1:
        state = act(state, "pass", state.active)
    assert not state.players[0].vices


def test_the_drawn_vice_is_named_then_more_vices_are_added() -> None:
    state = set_player(new(), 0, vices=(game.Card("vice"),), vice_drawn=True)
    state = act(state, "vice", 0, card={"name": "Whisky"})
    assert [v.name for v in state.players[0].vices] == ["Whisky"]
    state = act(state, "vice", 0, card={"name": "Poker"})
    assert [v.name for v in state.players[0].vices] == ["Whisky", "Poker"]


# ---------------------------------------------------------------------------- 80s actions

def test_psy_gives_two_and_stops_at_the_top() -> None:
    state = act(new(p0_mental=10), "psy", 0)
    assert state.players[0].mental == 12
    state = act(new(p0_mental=19), "psy", 0)
    assert state.players[0].mental == 20


def test_detox_only_at_6_or_less_back_to_the_starting_value() -> None:
    state = new()
    state = set_player(state, 0, mental=7)
    refused(state, {"type": "detox", "seat": 0}, "detox_too_healthy", "6")
    state = set_player(state, 0, mental=6)
    after = act(state, "detox", 0)
    assert after.players[0].mental == 16


def test_tour_costs_and_gifts_and_its_fan_requirement() -> None:
    state = new()
    refused(state, {"type": "tour", "seat": 0, "card": tour(fans_needed=1000)},
            "too_few_fans", "1000")
    refused(state, {"type": "tour", "seat": 0, "card": tour(cost_money=6000)},
            "too_little_money", "6000")
    after = act(state, "tour", 0, card=tour(cost_money=2000, cost_mental=3, fans=3000,
                                            money=1000, souvenir=4, continent="asia"))
    p = after.players[0]
    assert (p.money, p.mental, p.fans) == (4000, 13, 3000)
    assert p.tours[0].continent == "asia" and game.score_of(after, 0)["tours"] == 4
    assert game.to_json(after)["players"][0]["tours_by_continent"] == {"asia": 1}
    assert after.tours_taken == 1


def test_a_tour_without_continent_is_a_joker() -> None:
    state = act(new(), "tour", 0, card={"fans": 1000})
    assert state.players[0].tours[0].continent == "joker"


def test_agent_and_gear_are_recorded_with_their_cost() -> None:
    state = act(new(), "agent", 0, card={"name": "Manager", "cost_money": 3000, "text": "x"})
    assert state.players[0].money == 2000 and state.players[0].agents[0].name == "Manager"
    state = act(state, "gear", 1, card={"symbol": "guitar", "cost_mental": 2})
    assert state.players[1].mental == 14 and state.players[1].gear[0].symbol == "guitar"
    refused(state, {"type": "gear", "seat": 0, "card": {"cost_money": 1}}, words="symbol")


# ---------------------------------------------------------------------------- songs

@pytest.mark.parametrize("gear, dice", [(0, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_song_dice_and_income_with_gear(gear: int, dice: int) -> None:
    state = set_player(new(), 0, gear=tuple(game.Card("gear", symbol="bass")
                                            for _ in range(gear)))
    after = act(state, "song", 0)
    roll = after.last_roll
    assert roll is not None and len(roll.dice) == dice == game.dice_count(gear, V)
    assert roll.dice[0] in (3, 4, 5, 6)
    assert all(1 <= d <= 6 for d in roll.dice[1:])
    assert roll.income == sum(roll.dice) * 1000
    assert after.players[0].money == state.players[0].money + roll.income
    assert after.players[0].songs == 1
    # The same seed and song number: the same roll, every replay.
    assert act(state, "song", 0).last_roll == roll
    assert roll.dice == game.roll_dice(1, 1, dice)


def test_the_main_die_never_shows_1_or_2() -> None:
    assert {game.roll_dice(7, n, 1)[0] for n in range(1, 400)} == {3, 4, 5, 6}


def test_rulebook_example_two_dice_for_five_earn_5000() -> None:
    state = set_player(new(), 0, gear=tuple(game.Card("gear", symbol="bass") for _ in range(3)))
    after = act(state, "song", 0, dice=[3, 2])
    assert after.players[0].money == state.players[0].money + 5000
    assert after.last_roll.typed


def test_typed_dice_are_checked() -> None:
    state = new()
    refused(state, {"type": "song", "seat": 0, "dice": [3, 4]}, "dice_count", "1 dice")
    refused(state, {"type": "song", "seat": 0, "dice": [2]}, "bad_die")
    refused(state, {"type": "song", "seat": 0, "dice": "3"}, "malformed")
    refused(state, {"type": "song", "seat": 0, "dice": ["3"]}, "malformed")


def test_the_fifth_song_gives_one_extra_action_once_a_game() -> None:
    state = set_player(new(), 0, songs=4)
    after = act(state, "song", 0)
    p = after.players[0]
    assert p.songs == 5 and p.fifth_song_used and p.cubes == 4 and p.cubes_left == 3
    # Back below five (a card's effect, say) and up again: no second extra action.
    again = set_player(pass_until(after, 0), 0, songs=4)
    left = again.players[0].cubes_left
    again = act(again, "song", 0)
    assert again.players[0].songs == 5 and again.players[0].cubes_left == left - 1


def test_extra_action_is_not_given_twice() -> None:
    state = set_player(new(), 0, songs=4)
    state = act(state, "song", 0)
    left = state.players[0].cubes_left
    state = pass_until(state, 0)
    before = state.players[0].cubes_left
    state = act(state, "song", 0)  # sixth song
    assert state.players[0].songs == 6 and state.players[0].cubes_left == before - 1
    assert left == 3


def test_songs_track_stops_at_its_top() -> None:
    state = set_player(new(), 0, songs=10, fifth_song_used=True)
    assert act(state, "song", 0).players[0].songs == 10


def test_undo_and_replay_give_the_same_roll() -> None:
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(2), {"seed": 42})
    money = view.state.players[0].money
    view = service.act(view.id, view.version, {"type": "song", "seat": 0})
    roll = view.state.last_roll
    assert view.state.players[0].money == money + roll.income
    view = service.undo(view.id, view.version)
    assert view.state.players[0].money == money and view.state.last_roll is None
    view = service.redo(view.id, view.version)
    assert view.state.last_roll == roll
    cold = TableService(service.db).get(view.id)
    assert cold.state.last_roll == roll


# ---------------------------------------------------------------------------- death

def test_dying_for_rock_at_zero() -> None:
    state = new(p0_mental=5)
    state = act(state, "tour", 0, card=tour(cost_mental=5, fans=2000, souvenir=3))
    p = state.players[0]
    assert p.dead and p.mental == 0 and p.cubes_left == 0
    assert p.fans == 2000 and p.tours  # what the card gave still counts
    score = game.score_of(state, 0)
    assert score["death"] == 10 and score["tours"] == 3 and score["fans"] == 2
    assert state.active == 1
    for action in ({"type": "psy", "seat": 0}, {"type": "effect", "seat": 0, "money": 1},
                   {"type": "vice", "seat": 0, "card": {"name": "x"}}):
        refused(state, action, "dead")
    while state.turn == 1:
        state = act(state, "pass", state.active)
    assert state.players[0].cubes == 0 and state.active == 1  # seat 0 is skipped


@pytest.mark.parametrize("kind, decade, card", [
    ("tour", 0, {"name": "Tour", "fans": 2000, "money": 1000, "souvenir": 3,
                 "continent": "asia"}),
    ("agent", 0, {"name": "Manager"}),
    ("gear", 0, {"name": "Amp", "symbol": "guitar", "souvenir": 1}),
    ("viral_video", 2, None),
])
@pytest.mark.parametrize("mental", [5, 3])  # the cost equals it, or is above it
def test_a_mental_cost_may_always_be_paid_and_at_or_above_it_the_player_dies_for_rock(
        kind: str, decade: int, card: dict[str, Any] | None, mental: int) -> None:
    # RULINGS: a cost at or above the mental health brings it to 0 and the player dies for
    # rock, the card's gains still counted. Every cost here is 5 (the viral video's too).
    state = replace(new(options={"viral_video_mental": 5}, p0_mental=mental), decade=decade)
    action: dict[str, Any] = {"type": kind, "seat": 0}
    if card is not None:
        action["card"] = {**card, "cost_mental": 5}
    after = game.apply(state, action)
    p = after.players[0]
    assert p.dead and p.mental == 0 and p.cubes_left == 0
    assert game.score_of(after, 0)["death"] == V["death_points"]
    if kind == "tour":
        assert (p.fans, p.money, len(p.tours)) == (2000, 6000, 1)
        assert game.score_of(after, 0)["tours"] == 3 and after.tours_taken == 1
    elif kind == "agent":
        assert [a.name for a in p.agents] == ["Manager"]
    elif kind == "gear":
        assert [g.name for g in p.gear] == ["Amp"] and game.score_of(after, 0)["gear"] == 1
    else:
        assert p.fans == V["viral_video_fans"]
    assert after.active == 1


def test_a_listed_card_whose_mental_cost_is_above_the_mental_health_kills() -> None:
    state = new(options={"cards": [{"kind": "gear", "name": "Stack", "symbol": "amplifier",
                                    "cost_mental": 9}]}, p0_mental=4)
    after = act(state, "gear", 0, card=0)
    assert after.players[0].dead and after.players[0].gear[0].name == "Stack"
    assert after.taken == (0,)


def test_every_player_dead_opens_the_count() -> None:
    state = new(p0_mental=1, p1_mental=1)
    state = set_player(state, 0, cubes_left=1)
    state = replace(state, decade=2)
    state = act(state, "viral_video", 0)
    state = act(state, "viral_video", 1)
    assert state.phase == "count" and state.reason == game.Reason.ALL_DIED
    state = act(state, "finish")
    assert game.outcome(state).reason == "all_died"


# ---------------------------------------------------------------------------- decades

def test_actions_open_with_their_decade() -> None:
    state = new()
    err = refused(state, {"type": "therapy", "seat": 0}, "not_unlocked")
    assert "The 90s" in str(err)
    refused(state, {"type": "bribe", "seat": 0}, "not_unlocked", "The 2000s")
    assert game.unlocked(0) == ("tour", "agent", "gear", "song", "psy", "detox")
    assert len(game.unlocked(1)) == 10 and len(game.unlocked(2)) == 14


def test_a_decade_ends_with_its_tours_after_that_turn_and_the_game_after_the_2000s() -> None:
    options = {"tours_80s": 2, "tours_90s": 1, "tours_2000s": 1}
    state = new(options=options)
    state = act(state, "tour", 0, card=tour())
    state = act(state, "tour", 1, card=tour())
    assert state.closing and state.decade == 0
    refused(state, {"type": "tour", "seat": 0, "card": tour()}, "no_tour_left")
    while state.turn == 1:
        state = act(state, "pass", state.active)
    assert state.decade == 1 and state.tours_taken == 0 and not state.closing
    state = act(state, "tour", state.active, card=tour())
    while state.decade == 1:
        state = act(state, "pass", state.active)
    assert game.to_json(state)["decade"] == "2000s"
    state = act(state, "tour", state.active, card=tour())
    assert state.phase == "play"  # the turn is finished first
    while state.phase == "play":
        state = act(state, "pass", state.active)
    assert state.phase == "count" and game.outcome(state) is None
    refused(state, {"type": "psy", "seat": 0}, "count_phase")
    state = act(state, "objective", 0, objective=0, done=True, souvenir=7)
    state = act(state, "finish")
    assert game.outcome(state).reason == "final_count"
    refused(state, {"type": "objective", "seat": 1, "objective": 0, "done": True},
            "game_over")


# ---------------------------------------------------------------------------- 90s, 2000s

def in_decade(decade: int, count: int = 2, **boards: Any) -> game.State:
    return replace(new(count, **boards), decade=decade)


def test_therapy_discards_a_vice() -> None:
    state = in_decade(1)
    refused(state, {"type": "therapy", "seat": 0}, "no_vice")
    state = set_player(state, 0, vices=(game.Card("vice", "A"), game.Card("vice", "B")))
    after = act(state, "therapy", 0, vice=0)
    assert [v.name for v in after.players[0].vices] == ["B"]


def test_record_contract() -> None:
    after = act(in_decade(1, p0_mental=10), "record_contract", 0)
    assert after.players[0].mental == 11 and after.players[0].fans == 2000


def test_mushroom_trip_buys_a_main_objective_for_5000() -> None:
    state = in_decade(1)
    state = set_player(state, 0, money=4999)
    refused(state, {"type": "mushroom_trip", "seat": 0}, "too_little_money", "5000")
    state = set_player(state, 0, money=5000)
    after = act(state, "mushroom_trip", 0, card={"name": "Play Tokyo", "souvenir": 6})
    assert after.players[0].money == 0
    assert [o.kind for o in after.players[0].objectives].count("main") == 2


def test_artistic_exploration_once_a_game_and_minis_back_to_3() -> None:
    state = in_decade(1)
    p = state.players[0]
    objectives = (p.objectives[0], replace(p.objectives[1], done=True, souvenir=2)) + \
        p.objectives[2:]
    state = set_player(state, 0, objectives=objectives)
    after = act(state, "artistic_exploration", 0)
    minis = [o for o in after.players[0].objectives if o.kind == "mini"]
    assert sum(1 for o in minis if not o.done) == 3 and len(minis) == 4
    assert after.players[0].money == p.money + 3000
    after = pass_until(after, 0)
    refused(after, {"type": "artistic_exploration", "seat": 0}, "once_a_game")


def test_award_needs_its_fans() -> None:
    state = in_decade(2)
    refused(state, {"type": "award", "seat": 0, "card": {"fans_needed": 1000}}, "too_few_fans")
    after = act(state, "award", 0, card={"name": "Grammy", "souvenir": 5})
    assert game.score_of(after, 0)["awards"] == 5


def test_rock_star_life_needs_two_vices() -> None:
    state = in_decade(2, p0_mental=10)
    state = set_player(state, 0, vices=(game.Card("vice", "A"),))
    refused(state, {"type": "rock_star", "seat": 0}, "too_few_vices", "2")
    state = set_player(state, 0, vices=(game.Card("vice", "A"), game.Card("vice", "B")))
    after = act(state, "rock_star", 0, dice=[6])
    p = after.players[0]
    assert (p.fans, p.mental, p.songs) == (2000, 12, 1)
    assert p.money == state.players[0].money + 6000 and after.last_roll.dice == (6,)


def test_viral_video() -> None:
    after = act(in_decade(2), "viral_video", 0)
    assert after.players[0].mental == 15 and after.players[0].fans == 4000


def test_bribe_once_in_the_whole_game() -> None:
    state = in_decade(2)
    after = act(state, "bribe", 0)
    assert after.bribe == 0 and after.players[0].money == 3500
    assert game.score_of(after, 0)["bribe"] == 10
    refused(after, {"type": "bribe", "seat": 1}, "bribe_taken", "Axelle")
    poor = set_player(state, 0, money=1000)
    refused(poor, {"type": "bribe", "seat": 0}, "too_little_money")


def test_no_cube_left() -> None:
    state = set_player(new(), 0, cubes_left=0)
    state = replace(state, active=0)
    refused(state, {"type": "psy", "seat": 0}, "no_cube")


# ---------------------------------------------------------------------------- events

def test_a_card_over_an_event_waits_for_the_event() -> None:
    state = act(new(), "tour", 0, card=tour(), event=True)
    assert state.pending_event == (0, "Tour")
    assert game.to_json(state)["active"] is None
    refused(state, {"type": "psy", "seat": 1}, "event_pending", "Axelle")
    after = game.apply(state, {"type": "event", "name": "Riot", "effects": [
        {"seat": 0, "mental": -2}, {"seat": 1, "fans": 1000, "souvenir": 1}]})
    assert after.pending_event is None and after.active == 1
    assert after.players[0].mental == 14 and after.players[1].fans == 1000
    assert game.score_of(after, 1)["play"] == 1
    refused(after, {"type": "event", "effects": []}, "no_event")


def test_an_event_s_loss_of_money_or_fans_takes_what_the_player_has() -> None:
    state = act(new(), "tour", 0, card=tour(), event=True)
    assert state.players[0].money == 5000 and state.players[1].fans == 0
    after = game.apply(state, {"type": "event", "name": "Taxman", "effects": [
        {"seat": 0, "money": -6000, "souvenir": 1}, {"seat": 1, "fans": -2000, "money": 1000}]})
    assert after.players[0].money == 0 and after.players[1].fans == 0
    assert after.players[1].money == state.players[1].money + 1000
    assert game.score_of(after, 0)["play"] == 1
    # A card's own effect is a price: paid in full or refused.
    refused(after, {"type": "effect", "seat": 1, "fans": -1}, "too_few_fans")


def test_an_event_leaves_out_a_player_who_died_for_rock_and_the_rest_applies() -> None:
    state = new(3, p2_mental=2)
    state = act(state, "psy", 0)
    state = act(state, "psy", 1)
    state = act(state, "tour", 2, card=tour(cost_mental=2, fans=1000))  # Cécile dies
    assert state.players[2].dead
    state = act(state, "tour", 0, card=tour(), event=True)
    # The event's form lists every player (a page drawn before the death): Cécile's part is
    # left out, Axelle's and Bruno's apply.
    after = game.apply(state, {"type": "event", "name": "Riot", "effects": [
        {"seat": 0, "mental": -2}, {"seat": 1, "fans": 1000},
        {"seat": 2, "money": -9000, "fans": 5000, "mental": 3, "souvenir": 2}]})
    assert after.pending_event is None
    assert after.players[0].mental == 16 and after.players[1].fans == 1000
    assert after.players[2] == state.players[2]
    # A dead player's part must still be well formed.
    refused(state, {"type": "event", "effects": [{"seat": 2, "fans": "many"}]}, "malformed")


def test_an_event_s_larger_loss_of_mental_health_kills() -> None:
    state = act(new(), "tour", 0, card=tour(), event=True)
    after = game.apply(state, {"type": "event", "effects": [{"seat": 1, "mental": -40,
                                                             "fans": 2000}]})
    assert after.players[1].dead and after.players[1].mental == 0
    assert after.players[1].fans == 2000 and after.active == 0


def test_the_host_corrects_the_tour_cards_of_a_decade() -> None:
    state = new(options={"tours_80s": 4, "tours_90s": 3})
    correction = {"type": "tour_cards", "decade": "80s", "count": 2}
    assert game.owner(state, correction) == HOST
    assert game.describe(state, correction).render() == "Host: tour cards of The 80s set to 2"
    state = act(state, "tour", 0, card=tour())
    state = act(state, "tour", 1, card=tour())
    assert state.tours_taken == 2 and not state.closing
    refused(state, {**correction, "count": 1}, "below_tours_taken", "2 tour cards of The 80s")
    # Lowered to the tours taken: the decade ends once this turn is finished.
    lowered = game.apply(state, correction)
    assert lowered.closing and game.to_json(lowered)["tours_left"] == 0
    assert game.to_json(lowered)["tours_in_decade"] == 2
    refused(lowered, {"type": "tour", "seat": 0, "card": tour()}, "no_tour_left")
    # Raised again, the decade goes on.
    raised = game.apply(lowered, {**correction, "count": 5})
    assert not raised.closing and game.to_json(raised)["tours_left"] == 3
    # A later decade's count is corrected ahead; once it opens, it follows the correction.
    later = game.apply(lowered, {"type": "tour_cards", "decade": "90s", "count": 1})
    while later.decade == 0:
        later = act(later, "pass", later.active)
    assert game.to_json(later)["tours_in_decade"] == 1
    refused(later, correction, "decade_over", "The 80s")
    later = act(later, "tour", later.active, card=tour())
    assert later.closing
    for bad in ({"type": "tour_cards", "decade": "70s", "count": 2},
                {"type": "tour_cards", "decade": 1, "count": 2},
                {"type": "tour_cards", "decade": "90s"},
                {"type": "tour_cards", "decade": "90s", "count": None},
                {"type": "tour_cards", "decade": "90s", "count": 0},
                {"type": "tour_cards", "decade": "90s", "count": 101},
                {"type": "tour_cards", "decade": "90s", "count": "2"},
                {"type": "tour_cards", "decade": "90s", "count": 2, "seat": 0}):
        refused(later, bad, "malformed")


def test_a_tour_cards_correction_overrides_the_card_list_and_ends_with_the_play() -> None:
    deck = [{"kind": "tour", "name": n, "decade": "80s"} for n in ("A", "B", "C")]
    state = new(options={"cards": deck, "tours_2000s": 1})
    assert game.tours_in_decade(state) == 3
    state = act(state, "tour_cards", decade="80s", count=1)
    state = act(state, "tour", 0, card=0)
    assert state.closing and game.tours_in_decade(state) == 1
    state = replace(state, decade=2, closing=False, tours_taken=0)
    state = act(state, "tour", state.active, card=tour())
    while state.phase == "play":
        state = act(state, "pass", state.active)
    refused(state, {"type": "tour_cards", "decade": "2000s", "count": 3}, "count_phase")


def test_effect_of_a_card_power() -> None:
    state = act(new(), "effect", 1, money=2000, mental=-1, note="agent")
    assert state.players[1].money == 7000 and state.players[1].mental == 15
    refused(state, {"type": "effect", "seat": 1, "fans": -1}, "too_few_fans")


# ---------------------------------------------------------------------------- scoring

def test_gear_sets() -> None:
    assert game.gear_sets(["a", "a", "a"], V) == (1, 0, 5)
    assert game.gear_sets(["a", "b", "c"], V) == (0, 1, 3)
    assert game.gear_sets(["a", "a", "a", "b", "c", "d"], V)[2] == 8
    assert game.gear_sets(["a", "a", "b", "b", "c", "c"], V) == (0, 2, 6)
    assert game.gear_sets(["a", "a"], V) == (0, 0, 0)


def test_final_count_category_by_category_and_a_shared_win() -> None:
    state = replace(new(3), phase="count", decade=2, bribe=1)
    gear = tuple(game.Card("gear", symbol=s) for s in ("guitar", "guitar", "guitar", "bass"))
    state = set_player(state, 0, money=12000, fans=5500, mental=9, songs=3, gear=gear,
                       tours=(game.Card("tour", souvenir=4), game.Card("tour", souvenir=2)),
                       awards=(game.Card("award", souvenir=3),), souvenir=1,
                       objectives=(game.Objective("main", souvenir=6, done=True),
                                   game.Objective("mini", souvenir=2, done=False)))
    score = game.score_of(state, 0)
    assert score == {"tours": 6, "awards": 3, "objectives": 6, "gear": 5, "fans": 5,
                     "money": 2, "mental": 9, "bribe": 0, "death": 0, "play": 1, "total": 37}
    state = set_player(state, 1, money=0, fans=0, mental=0, dead=True, tours=(
        game.Card("tour", souvenir=7),), objectives=())
    assert game.score_of(state, 1) == {"tours": 7, "awards": 0, "objectives": 0, "gear": 0,
                                       "fans": 0, "money": 0, "mental": 0, "bribe": 10,
                                       "death": 10, "play": 0, "total": 27}
    state = set_player(state, 2, money=0, mental=20, fans=17000, objectives=())
    assert game.score_of(state, 2)["total"] == 37
    done = act(state, "finish")
    assert game.outcome(done).winners == (0, 2)
    assert game.to_json(done)["ranking"][:2] == [0, 2]


# ---------------------------------------------------------------------------- card list

DECK = [
    {"kind": "tour", "name": "Tokyo Dome", "decade": "80s", "fans": 3000, "souvenir": 2,
     "continent": "asia", "cost_money": 1000},
    {"kind": "tour", "name": "Wembley", "decade": "80s", "fans": 2000},
    {"kind": "gear", "name": "Les Paul", "symbol": "guitar", "cost_money": 2000},
    {"kind": "vice", "name": "Whisky"},
]


def test_cards_picked_from_the_group_list() -> None:
    state = new(options={"cards": DECK})
    assert game.tours_in_decade(state) == 2  # the list names two 80s tours
    assert game.tours_in_decade(state, 1) == 12
    after = act(state, "tour", 0, card=0)
    assert after.players[0].tours[0].name == "Tokyo Dome" and after.players[0].fans == 3000
    refused(after, {"type": "tour", "seat": 1, "card": 0}, "card_taken")
    refused(after, {"type": "tour", "seat": 1, "card": 2}, "wrong_card")
    refused(after, {"type": "tour", "seat": 1, "card": 9}, "unknown_card")
    assert game.to_json(after)["deck"][0]["taken"] is True


def test_a_bad_card_list_is_refused() -> None:
    with pytest.raises(MalformedInput, match="kind"):
        new(options={"cards": [{"name": "x"}]})
    with pytest.raises(MalformedInput, match="fans"):
        new(options={"cards": [{"kind": "tour", "fans": -1}]})


# ---------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("action, words", [
    ({"type": "psy", "seat": 0, "extra": 1}, "unknown field: extra"),
    ({"type": "psy", "seat": "0"}, "must be a whole number"),
    ({"type": "psy"}, "missing field: seat"),
    ({"type": "psy", "seat": 7}, "no seat 7"),
    ({"type": "tour", "seat": 0, "card": [1]}, "card number or an object"),
    ({"type": "tour", "seat": 0, "card": {"fans": "lots"}}, "fans must be a whole number"),
    ({"type": "tour", "seat": 0, "card": {"colour": 1}}, "unknown field: colour"),
    ({"type": "tour", "seat": 0, "card": {"continent": "mars"}}, "continent"),
    ({"type": "tour", "seat": 0, "card": {}, "event": "yes"}, "event must be true or false"),
    ({"type": "event", "effects": {"seat": 0}}, "effects must be a list"),
    ({"type": "objective", "seat": 0, "objective": "x"}, "must be a whole number"),
    ({"type": "fly"}, "unknown action type"),
    (["psy"], "must be an object"),
])
def test_malformed_actions_change_nothing(action: Any, words: str) -> None:
    state = new()
    before = game.to_json(state)
    with pytest.raises(GameError, match=words) as info:
        game.apply(state, action)
    assert game.to_json(state) == before
    assert info.value.code in ("malformed", "unknown_action", "unknown_seat", "no_event")


@pytest.mark.parametrize("rows, error", [
    ([{"name": "A", "colour": "purple"}], IllegalAction),
    ([{"name": "A", "colour": "purple"}, {"name": "B", "colour": "purple"}], IllegalAction),
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "orange"}], MalformedInput),
    ([{"name": "A", "colour": "purple", "money": "lots"}, {"name": "B", "colour": "orange"}],
     MalformedInput),
    ([{"name": "A", "colour": "purple", "hat": 1}, {"name": "B", "colour": "orange"}],
     MalformedInput),
    ("players", MalformedInput),
    ([["A"], {"name": "B", "colour": "orange"}], MalformedInput),
    # Only ASCII digits are a number (a superscript two would not even convert).
    ([{"name": "A", "colour": "purple", "money": "²"}, {"name": "B", "colour": "orange"}],
     MalformedInput),
    ([{"name": "A", "colour": "purple", "mental": "١٢"}, {"name": "B", "colour": "orange"}],
     MalformedInput),
    # Null is a wrong type, not a blank: a blank is left out, or "" from a form.
    ([{"name": "A", "colour": "purple", "money": None}, {"name": "B", "colour": "orange"}],
     MalformedInput),
    ([{"name": "A", "colour": "purple", "power": None}, {"name": "B", "colour": "orange"}],
     MalformedInput),
])
def test_bad_setups(rows: Any, error: type) -> None:
    with pytest.raises(error):
        game.setup(rows, {})


def test_board_values_from_a_form_and_bad_edition_values() -> None:
    state = game.setup([{"name": "A", "colour": "purple", "money": "8000", "mental": "14",
                         "power": "Groupies"}, {"name": "B", "colour": "orange", "money": ""}],
                       {})
    assert (state.players[0].money, state.players[0].mental) == (8000, 14)
    assert state.players[0].power == "Groupies" and state.players[1].money == 5000
    with pytest.raises(IllegalAction):
        game.setup(players(), {"mental_yellow_from": 12})
    with pytest.raises(MalformedInput):
        game.setup(players(), {"mental_max": "20"})


def test_owner() -> None:
    state = new()
    assert game.owner(state, {"type": "psy", "seat": 1}) == 1
    assert game.owner(state, {"type": "event", "effects": []}) == TABLE
    assert game.owner(state, {"type": "finish"}) == TABLE
    for bad in ({"type": "psy"}, {"type": "psy", "seat": "1"}, {"type": 3}, [], "psy"):
        with pytest.raises(MalformedInput):
            game.owner(state, bad)  # type: ignore[arg-type]
    assert game.sealed(state) is None


# ---------------------------------------------------------------------------- properties

@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(20, 300))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_play_keeps_the_tracks_in_bounds_and_replays(seed: int, count: int,
                                                           steps: int) -> None:
    rng = random.Random(seed)
    state = game.setup(game.example_players(count), {"seed": seed})
    start = state
    applied = []
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        action = game.random_action(state, rng)
        try:
            state = game.apply(state, action)
        except GameError:
            continue
        applied.append(action)
        for p in state.players:
            assert 0 <= p.mental <= V["mental_max"]
            assert p.money >= 0 and p.fans >= 0
            assert 0 <= p.songs <= V["songs_max"]
            assert p.dead == (p.mental == 0)
    replayed = start
    for action in applied:
        replayed = game.apply(replayed, json.loads(json.dumps(action)))
    assert game.to_json(replayed) == game.to_json(state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10**7, 10**7) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12)
FIELDS = ["seat", "card", "event", "dice", "vice", "effects", "name", "money", "mental",
          "fans", "souvenir", "note", "objective", "done", "decade", "count"]


@given(st.sampled_from([*game._HANDLERS, "nope"]),
       st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=5),
       st.sampled_from([0, 1, 2]))
@settings(max_examples=400, deadline=None)
def test_any_input_is_refused_with_a_typed_error_or_applied(kind: str, fields: dict[str, Any],
                                                            decade: int) -> None:
    state = replace(new(options={"cards": DECK}), decade=decade)
    state = set_player(state, 0, vices=(game.Card("vice", "A"), game.Card("vice", "B")))
    action = {"type": kind, **fields}
    before = game.to_json(state)
    try:
        game.apply(state, action)
    except GameError:
        pass
    assert game.to_json(state) == before
    assert game.describe(state, action).render()
    try:
        game.owner(state, action)
    except GameError:
        pass


@given(st.lists(st.dictionaries(st.sampled_from(["name", "colour", "money", "mental", "power",
                                                 "x"]), JSON, max_size=5), max_size=5) | JSON,
       st.dictionaries(st.sampled_from(["seed", "cards", "mental_max", "tours_80s", "y"]),
                       JSON, max_size=3) | JSON)
@settings(max_examples=300, deadline=None)
def test_any_setup_input_is_refused_with_a_typed_error(rows: Any, options: Any) -> None:
    try:
        state = game.setup(rows, options)
    except GameError:
        return
    json.dumps(game.to_json(state))


def test_the_log_names_the_songs_roll() -> None:
    state = set_player(new(), 0, gear=tuple(game.Card("gear", symbol="bass") for _ in range(3)))
    label = game.describe(state, {"type": "song", "seat": 0})
    roll = act(state, "song", 0).last_roll
    assert label.params["dice"] == " + ".join(str(d) for d in roll.dice)
    # The income stays a number: the web layer writes it in the reader's locale.
    assert label.params["income"] == roll.income
    typed = game.describe(state, {"type": "song", "seat": 0, "dice": [6, 5]})
    assert typed.msgid == "%(name)s wrote a song: %(dice)s typed in, $%(income)s"
    assert typed.params == {"name": "Axelle", "dice": "6 + 5", "income": 11000}
    assert game.describe(state, {"type": "song", "seat": 9}).render() == "? wrote a song"
