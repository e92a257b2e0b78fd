"""Election USA rules engine: every rule of the rulebook and of RULINGS.md, case by case."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from companion.games import election_usa as game
from companion.games.base import HOST, GameError, GameOver, IllegalAction, MalformedInput, Outcome

FUND = {"kind": "fundraising", "high": 5, "low": 2}
POLICY = {"kind": "policy", "pawns": 3}
ADS = {"kind": "advertising", "region": "midwest", "pawns": 3}
PLAIN = {"kind": "fundraising", "high": 1, "low": 1}


def new(count: int = 3, **options: Any) -> game.State:
    """A table of this release's rules (``rules=1``: a table stored before revision 2)."""
    return game.setup(game.example_players(count), {"rules": game.RULES, **options})


def run(state: game.State, *actions: dict[str, Any]) -> game.State:
    for action in actions:
        state = game.apply(state, action)
    return state


def public(state: game.State, viewer: int | None = None) -> str:
    return json.dumps(game.to_json(state, viewer), sort_keys=True)


def refused(state: game.State, action: Any, error: type[GameError] = IllegalAction,
            match: str | None = None) -> GameError:
    before = public(state)
    with pytest.raises(error, match=match) as caught:
        game.apply(state, action)
    assert public(state) == before
    return caught.value


def refill(state: game.State, card: dict[str, Any] = PLAIN) -> game.State:
    return run(state, {"type": "refill", "seat": state.active, "card": card})


# ---------------------------------------------------------------------------- setup

def test_start_values_come_from_the_rulebook_and_public_sources() -> None:
    state = new(4)
    for p in state.players:
        assert (p.money, p.available, p.sincerity, p.reserve) == (15, 6, 12, 14)
    assert state.display == (None,) * 10 and state.phase == "turn" and state.active == 0
    assert game.remaining_cards(state) == 60 - 10


def test_edition_values_change_the_reserve_points_and_malus() -> None:
    state = new(2, reserve=9, skeleton_malus=3, points_deep_south_1st=10, action_cards=20)
    assert state.players[0].reserve == 9 and state.settings.malus == 3
    assert state.settings.points[game.region_index("deep-south")] == (10, 2, 1)
    assert game.remaining_cards(state) == 10


@pytest.mark.parametrize("players", [game.example_players(1), game.example_players(5) * 2])
def test_two_to_five_players(players: list[dict[str, Any]]) -> None:
    with pytest.raises(IllegalAction, match="2 to 5 players"):
        game.setup(players, {})


@pytest.mark.parametrize("players, error", [
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}], "one colour each"),
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "pink"}], "needs a colour"),
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue", "age": 3}],
     "unknown field: age"),
    ([{"name": "A", "colour": "red"}, {"name": 7, "colour": "blue"}], "name must be a text"),
    ([{"name": "A", "colour": "red"}, ["B", "blue"]], "must be an object"),
    ("AB", "players must be a list"),
])
def test_bad_players_are_refused_with_a_reason(players: Any, error: str) -> None:
    with pytest.raises(GameError, match=error):
        game.setup(players, {})


def test_a_deck_list_sets_the_deck_size_and_is_checked() -> None:
    deck = [{"name": "Rally", "kind": "fundraising", "high": 4, "low": 1, "value": 2,
             "count": 8},
            {"kind": "blackmail", "amount": 3, "count": 4}]
    state = new(3, action_deck=deck)
    assert state.settings.deck_size == 12 and game.remaining_cards(state) == 2
    with pytest.raises(MalformedInput, match="card #1: region is missing"):
        new(3, action_deck=[{"kind": "advertising", "pawns": 2, "count": 20}])
    with pytest.raises(IllegalAction, match="Action card 1 of the deck list"):
        game.setup(game.example_players(3), {
            "rules": 2, "action_deck": [{"kind": "advertising", "pawns": 2, "count": 20}]})
    with pytest.raises(IllegalAction, match="more than 10"):
        new(3, action_deck=[{"kind": "policy", "pawns": 2, "count": 3}])
    with pytest.raises(MalformedInput, match="unknown field"):
        new(3, action_deck=[{"kind": "policy", "pawns": 2, "colour": "red"}])


# ---------------------------------------------------------------------------- Fundraising

def test_fundraising_gives_the_active_player_the_larger_amount_the_others_the_smaller() -> None:
    state = run(new(3), {"type": "take", "seat": 0, "slot": 4, "card": FUND})
    assert [p.money for p in state.players] == [20, 17, 17]
    assert state.phase == "refill" and state.display[4] is None
    state = refill(state, POLICY)
    assert state.display[4] == game.Card("policy", pawns=3)
    assert (state.phase, state.active, state.turn) == ("turn", 1, 2)
    assert game.remaining_cards(state) == 49


def test_a_recorded_face_up_card_is_taken_without_typing_it_again() -> None:
    state = run(new(3), {"type": "show", "slot": 2, "card": FUND})
    assert game.owner(state, {"type": "show", "slot": 2, "card": FUND}) == "table"
    state = run(state, {"type": "take", "seat": 0, "slot": 2})
    assert state.players[0].money == 20
    refused(new(3), {"type": "take", "seat": 0, "slot": 2}, MalformedInput, "card")


def test_only_the_active_player_takes_a_card() -> None:
    refused(new(3), {"type": "take", "seat": 1, "slot": 0, "card": FUND}, match="Abigail's turn")


def test_a_scandal_is_never_a_face_up_card() -> None:
    refused(new(3), {"type": "take", "seat": 0, "slot": 0,
                     "card": {"kind": "blackmail", "amount": 2}}, match="cannot be used here")


# ---------------------------------------------------------------------------- Policy

def policy_state(count: int = 3, **options: Any) -> game.State:
    return run(new(count, **options), {"type": "take", "seat": 0, "slot": 0, "card": POLICY})


def test_policy_auction_goes_from_the_next_player_and_the_active_player_matches() -> None:
    state = policy_state()
    assert state.phase == "policy" and state.policy is not None
    assert state.policy.order == (1, 2, 0)
    refused(state, {"type": "bid", "seat": 0, "amount": 3}, match="Bruce's turn")
    state = run(state, {"type": "bid", "seat": 1, "amount": 2},
                {"type": "bid", "seat": 2, "amount": 4})
    refused(state, {"type": "bid", "seat": 2, "amount": 5}, match="already spoken")
    state = run(state, {"type": "bid", "seat": 0, "amount": 4})  # matches: the last word
    a, b, c = state.players
    assert (a.sincerity, a.available, a.reserve, a.policy_won) == (8, 9, 11, 1)
    assert (b.sincerity, c.sincerity) == (12, 12)
    assert a.policy_chosen == 1 and state.phase == "refill"
    assert state.last_policy is not None and state.last_policy.high_bidder == 0


def test_policy_the_active_player_matches_the_highest_bid_exactly_never_more() -> None:
    state = run(policy_state(), {"type": "bid", "seat": 1, "amount": 2},
                {"type": "pass", "seat": 2})
    error = refused(state, {"type": "bid", "seat": 0, "amount": 5},
                    match=r"Abigail matches the highest bid exactly \(2 Sincerity\) or passes")
    assert error.code == "bid_must_match"
    refused(state, {"type": "bid", "seat": 0, "amount": 3}, match="exactly")
    assert game.to_json(state)["policy"]["maximum"] == 2
    state = run(state, {"type": "bid", "seat": 0, "amount": 2})
    assert state.players[0].sincerity == 10 and state.players[1].sincerity == 12


def test_policy_nobody_bid_the_active_player_takes_the_pawns_for_0_never_more() -> None:
    state = run(policy_state(), {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2})
    error = refused(state, {"type": "bid", "seat": 0, "amount": 3},
                    match="nobody bid: Abigail takes the pawns for 0 Sincerity")
    assert error.code == "bid_must_match"
    assert game.to_json(state)["policy"]["maximum"] == 0


def test_a_table_of_rules_1_keeps_its_policy_auction_the_active_player_outbidding() -> None:
    """A log stored before the rules revision 2 folds as it did: the active player's word
    could go above the highest bid, and cost something when nobody bid."""
    state = run(policy_state(rules=1), {"type": "bid", "seat": 1, "amount": 3},
                {"type": "pass", "seat": 2}, {"type": "bid", "seat": 0, "amount": 5})
    assert state.players[0].sincerity == 7 and state.players[1].sincerity == 12
    state = run(policy_state(rules=1), {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2},
                {"type": "bid", "seat": 0, "amount": 3})
    assert state.players[0].sincerity == 9 and state.players[0].available == 9
    assert game.RULES == 3 and new().settings.rules == game.RULES


def test_policy_active_player_passes_and_the_highest_bidder_wins() -> None:
    state = run(policy_state(), {"type": "bid", "seat": 1, "amount": 3},
                {"type": "bid", "seat": 2, "amount": 6}, {"type": "pass", "seat": 0})
    a, b, c = state.players
    assert (c.sincerity, c.available, c.reserve, c.policy_won) == (6, 9, 11, 1)
    assert a.policy_chosen == 1 and c.policy_chosen == 0  # chosen by the active player
    assert (a.sincerity, b.sincerity) == (12, 12)


def test_policy_nobody_bids_the_active_player_takes_it_for_nothing() -> None:
    state = run(policy_state(), {"type": "pass", "seat": 1}, {"type": "pass", "seat": 2},
                {"type": "bid", "seat": 0, "amount": 0})
    assert state.players[0].sincerity == 12 and state.players[0].available == 9


def test_policy_bids_must_beat_the_last_and_be_affordable() -> None:
    state = run(policy_state(), {"type": "bid", "seat": 1, "amount": 3})
    refused(state, {"type": "bid", "seat": 2, "amount": 3}, match="at least 4")
    refused(state, {"type": "bid", "seat": 2, "amount": 13}, match="only 12 Sincerity")
    refused(policy_state(), {"type": "bid", "seat": 1, "amount": 0}, match="at least 1")
    refused(state, {"type": "bid", "seat": 2, "amount": "4"}, MalformedInput, "whole number")


def test_policy_pawns_the_reserve_lacks_are_not_taken() -> None:
    state = new(2, reserve=2)
    state = run(state, {"type": "take", "seat": 0, "slot": 0, "card": POLICY},
                {"type": "pass", "seat": 1}, {"type": "bid", "seat": 0, "amount": 0})
    assert (state.players[0].available, state.players[0].reserve) == (8, 0)


# ---------------------------------------------------------------------------- Advertising

def ads_state(count: int = 3, active: int = 0) -> game.State:
    state = new(count)
    for _ in range(active):
        state = refill(run(state, {"type": "take", "seat": state.active, "slot": 0,
                                   "card": PLAIN}))
    return run(state, {"type": "take", "seat": active, "slot": 1, "card": ADS})


def test_advertising_bids_are_sealed_and_shown_at_once() -> None:
    state = ads_state()
    step = game.sealed(state)
    assert step is not None and step.seats == (0, 1, 2) and step.key == "ads:1:1:midwest"
    state = run(state, {"type": "seal", "seat": 1, "value": 4})
    for viewer in (None, 0, 2):
        text = public(state, viewer)
        assert '"mine"' not in text and '"revealed": null' in text
    assert game.to_json(state, 1)["advertising"]["bids"]["mine"] == 4
    refused(state, {"type": "seal", "seat": 1, "value": 5}, match="already in")
    refused(state, {"type": "seal", "seat": 2, "value": 16}, match=r"only \$15M")
    state = run(state, {"type": "seal", "seat": 0, "value": 2},
                {"type": "seal", "seat": 2, "value": 3})
    assert game.sealed(state) is not None and game.sealed(state).complete  # type: ignore[union-attr]
    assert state.phase == "advertising"  # the platform reveals, not the last seal
    state = run(state, {"type": "reveal"})
    ads = state.advertising
    assert ads is not None and ads.winners == (1, 2) and state.phase == "placement"
    assert [p.money for p in state.players] == [15, 11, 12]
    assert game.sealed(state) is None


def test_advertising_equal_bids_go_clockwise_from_the_active_player() -> None:
    state = ads_state(4, active=2)
    state = run(state, *({"type": "seal", "seat": s, "value": 3} for s in range(4)),
                {"type": "reveal"})
    assert state.advertising is not None
    assert state.advertising.winners == (2, 3)
    assert game.advertising_ranking({0: 3, 1: 3, 2: 1, 3: 3}, 2, 4)[:2] == ((3, 3), (0, 3))


def test_reveal_now_counts_missing_bids_as_zero() -> None:
    state = run(ads_state(3), {"type": "seal", "seat": 2, "value": 1})
    assert game.owner(state, {"type": "reveal"}) == HOST
    state = run(state, {"type": "reveal"})
    assert state.advertising is not None and state.advertising.winners == (2, 0)


def test_advertising_winners_place_up_to_the_cards_pawns_on_their_own_phones() -> None:
    state = run(ads_state(3), {"type": "seal", "seat": 0, "value": 1},
                {"type": "seal", "seat": 1, "value": 2}, {"type": "seal", "seat": 2, "value": 0},
                {"type": "reveal"})
    refused(state, {"type": "place", "seat": 2, "count": 1}, match="no pawns to place")
    refused(state, {"type": "place", "seat": 1, "count": 4}, match="3 pawns at most")
    state = run(state, {"type": "place", "seat": 1, "count": 3})
    assert state.phase == "placement"
    state = run(state, {"type": "place", "seat": 0, "count": 2})
    assert state.phase == "refill"
    midwest = state.board[game.region_index("midwest")]
    assert midwest == (2, 3, 0)
    assert [p.available for p in state.players] == [4, 3, 6]
    assert game.owner(state, {"type": "place", "seat": 1, "count": 1}) == 1


def test_placing_pawns_one_does_not_have_is_refused() -> None:
    state = ads_state(2)
    state = replace(state, players=(replace(state.players[0], available=1, reserve=19),
                                    state.players[1]))
    state = run(state, {"type": "seal", "seat": 0, "value": 0},
                {"type": "seal", "seat": 1, "value": 0}, {"type": "reveal"})
    refused(state, {"type": "place", "seat": 0, "count": 2}, match="only 1 pawns available")


# ---------------------------------------------------------------------------- Sincerity

def test_raising_sincerity_adds_the_blue_circle_capped_at_15() -> None:
    state = run(new(3), {"type": "raise_sincerity", "seat": 0,
                         "card": {"kind": "policy", "value": 5}})
    assert state.players[0].sincerity == 15 and state.active == 1
    assert game.remaining_cards(state) == 49
    refused(state, {"type": "raise_sincerity", "seat": 1,
                    "card": {"kind": "policy", "value": 16}}, match="above 15")
    refused(state, {"type": "raise_sincerity", "seat": 1, "card": {"kind": "policy"}},
            MalformedInput, "missing field: value")


def test_a_scandal_drawn_to_raise_sincerity_gives_nothing_and_goes_round() -> None:
    state = run(new(3), {"type": "raise_sincerity", "seat": 0,
                         "card": {"kind": "journalist", "amount": 3}})
    assert state.phase == "chain" and state.players[0].sincerity == 12
    state = run(state, {"type": "pay", "seat": 0}, {"type": "pay", "seat": 1},
                {"type": "pay", "seat": 2})
    assert [p.sincerity for p in state.players] == [9, 9, 9]
    assert state.phase == "turn" and state.active == 1  # no refill after a Sincerity draw


# ---------------------------------------------------------------------------- the chain

def chain_state(card: dict[str, Any], count: int = 3, **options: Any) -> game.State:
    state = run(new(count, **options), {"type": "take", "seat": 0, "slot": 3, "card": PLAIN})
    return refill(state, card)


def test_the_chain_stops_at_the_first_skeleton() -> None:
    state = chain_state({"kind": "blackmail", "amount": 4})
    assert state.phase == "chain" and state.chain is not None and state.chain.order == (0, 1, 2)
    state = run(state, {"type": "pay", "seat": 0})
    assert state.players[0].money == 16 - 4
    refused(state, {"type": "pay", "seat": 2}, match="Bruce's turn")
    state = run(state, {"type": "skeleton", "seat": 1})
    assert state.phase == "skeleton"
    refused(state, {"type": "skeleton_effect", "seat": 0, "money": 0, "sincerity": 0,
                    "pawns": 0}, match="Bruce drew the Skeleton")
    state = run(state, {"type": "skeleton_effect", "seat": 1, "money": -2, "sincerity": 0,
                        "pawns": 0, "note": "photos"})
    assert state.players[1].money == 14 and len(state.players[1].skeletons) == 1
    assert state.players[2].money == 16  # never asked
    assert state.phase == "refill" and state.display[3] is None  # the slot is drawn again
    state = refill(state, FUND)
    assert state.display[3] == game.Card("fundraising", high=5, low=2)
    assert game.remaining_cards(state) == 48  # the scandal and its replacement


def test_a_player_who_cannot_pay_must_draw_a_skeleton() -> None:
    state = chain_state({"kind": "journalist", "amount": 5}, count=2)
    poor = replace(state.players[0], sincerity=4)
    state = replace(state, players=(poor, state.players[1]))
    error = refused(state, {"type": "pay", "seat": 0}, match="must draw a Skeleton")
    assert error.code == "cannot_afford"
    # The amount is a number of the message, so each language writes its own unit.
    assert str(error) == "Abigail cannot pay 5 Sincerity: they must draw a Skeleton"
    assert error.params["amount"] == 5
    assert game.to_json(state)["can_pay"] is False
    state = run(state, {"type": "skeleton", "seat": 0})
    assert state.players[0].sincerity == 4


def test_everyone_paying_ends_the_chain_and_the_refill_draws_again() -> None:
    state = chain_state({"kind": "blackmail", "amount": 1}, count=2)
    state = run(state, {"type": "pay", "seat": 0}, {"type": "pay", "seat": 1})
    assert [p.money for p in state.players] == [15, 15] and state.phase == "refill"
    assert state.last_chain is not None and state.last_chain.paid == (0, 1)


def test_a_skeleton_note_is_a_clean_text() -> None:
    state = run(chain_state({"kind": "blackmail", "amount": 2}), {"type": "skeleton", "seat": 0})
    effect = {"type": "skeleton_effect", "seat": 0, "money": 0, "sincerity": 0, "pawns": 0}
    refused(state, {**effect, "note": "tax\u0007return"}, MalformedInput, "control character")
    refused(state, {**effect, "note": "x" * 61}, MalformedInput, "60 characters at most")
    done = game.apply(state, {**effect, "note": "  Cafe\u0301 ledger "})
    assert game.to_json(done, 0)["players"][0]["skeleton_cards"][0]["note"] == "Caf\u00e9 ledger"


def test_skeleton_contents_are_the_drawers_and_the_count_is_public() -> None:
    state = run(chain_state({"kind": "blackmail", "amount": 2}), {"type": "skeleton", "seat": 0},
                {"type": "skeleton_effect", "seat": 0, "money": 0, "sincerity": -3,
                 "pawns": 2, "note": "tax return"})
    mine = game.to_json(state, 0)["players"][0]
    assert mine["skeletons"] == 1 and mine["skeleton_cards"][0]["note"] == "tax return"
    for viewer in (None, 1, 2):
        shown = game.to_json(state, viewer)["players"][0]
        assert shown["skeletons"] == 1 and shown["skeleton_cards"] is None
        assert "tax return" not in public(state, viewer)
    p = state.players[0]
    assert (p.sincerity, p.available, p.reserve) == (9, 8, 12)


def test_a_skeleton_takes_at_most_what_its_drawer_has() -> None:
    state = run(chain_state({"kind": "blackmail", "amount": 2}), {"type": "skeleton", "seat": 0})
    refused(state, {"type": "skeleton_effect", "seat": 0, "money": 0, "sincerity": 0,
                    "pawns": 15}, match="reserve holds only 14")
    refused(state, {"type": "skeleton_effect", "seat": 0, "money": 0, "sincerity": 0,
                    "pawns": 0, "colour": "red"}, MalformedInput, "unknown field: colour")
    state = run(state, {"type": "skeleton_effect", "seat": 0, "money": -30, "sincerity": 9,
                        "pawns": -9})
    p = state.players[0]
    assert (p.money, p.sincerity, p.available, p.reserve) == (0, 15, 0, 20)
    assert p.skeletons[0] == game.Skeleton(-16, 3, -6)


def test_a_skeleton_from_the_deck_list_brings_its_numbers() -> None:
    deck = [{"name": "Affair", "money": -3, "sincerity": -2}]
    state = run(new(2, skeleton_deck=deck), {"type": "take", "seat": 0, "slot": 0, "card": PLAIN},
                {"type": "refill", "seat": 0, "card": {"kind": "blackmail", "amount": 9}},
                {"type": "skeleton", "seat": 0}, {"type": "skeleton_effect", "seat": 0, "deck": 0})
    assert (state.players[0].money, state.players[0].sincerity) == (13, 10)
    assert state.players[0].skeletons[0].name == "Affair"


# ---------------------------------------------------------------------------- the end

def with_skeletons(state: game.State, seat: int, count: int) -> game.State:
    player = replace(state.players[seat], skeletons=(game.Skeleton(0, 0, 0),) * count)
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def test_the_fourth_skeleton_ends_the_game_once_the_refill_is_done() -> None:
    state = with_skeletons(chain_state({"kind": "blackmail", "amount": 2}), 1, 3)
    state = run(state, {"type": "pay", "seat": 0}, {"type": "skeleton", "seat": 1},
                {"type": "skeleton_effect", "seat": 1, "money": 0, "sincerity": 0, "pawns": 0})
    assert state.ending == game.Trigger.SKELETONS and game.outcome(state) is None
    state = refill(state, FUND)
    result = game.outcome(state)
    assert result is not None and state.phase == "over"
    assert game.totals(state)[1] == -5 and game.to_json(state)["players"][1]["malus"] == 5
    refused(state, {"type": "take", "seat": 1, "slot": 0, "card": FUND}, GameOver)


def test_a_skeleton_counts_toward_the_4_from_its_draw_its_effect_entered_after() -> None:
    state = with_skeletons(chain_state({"kind": "blackmail", "amount": 2}), 1, 3)
    state = run(state, {"type": "pay", "seat": 0}, {"type": "skeleton", "seat": 1})
    assert state.phase == "skeleton" and len(state.players[1].skeletons) == 3
    assert game.skeleton_count(state, 1) == 4
    shown = game.to_json(state)["players"][1]
    assert shown["skeletons"] == 4 and shown["malus"] == 5
    assert game.totals(state)[1] == -5
    assert state.ending == game.Trigger.SKELETONS and game.outcome(state) is None
    state = run(state, {"type": "skeleton_effect", "seat": 1, "money": -1, "sincerity": 0,
                        "pawns": 0})
    assert len(state.players[1].skeletons) == 4 and game.skeleton_count(state, 1) == 4
    assert state.phase == "refill" and state.players[1].money == 15
    state = refill(state, FUND)
    assert state.phase == "over" and game.totals(state)[1] == -5


def test_a_table_of_rules_1_counts_a_skeleton_once_its_effect_is_entered() -> None:
    state = with_skeletons(chain_state({"kind": "blackmail", "amount": 2}, rules=1), 1, 3)
    state = run(state, {"type": "pay", "seat": 0}, {"type": "skeleton", "seat": 1})
    assert game.skeleton_count(state, 1) == 3 and state.ending is None
    assert game.to_json(state)["players"][1]["malus"] == 0
    state = run(state, {"type": "skeleton_effect", "seat": 1, "money": 0, "sincerity": 0,
                        "pawns": 0})
    assert state.ending == game.Trigger.SKELETONS and game.skeleton_count(state, 1) == 4


def test_the_refill_s_scandal_and_its_skeleton_come_before_the_end() -> None:
    """The last pawn is placed; the slot's refill draws a Blackmail whose Skeleton is its
    drawer's 4th: the chain is resolved, the effect entered, the slot filled, then scored."""
    state = ads_state(2)
    state = replace(state, players=(replace(state.players[0], available=1, reserve=19),
                                    *state.players[1:]))
    state = with_skeletons(state, 0, 3)
    state = run(state, {"type": "seal", "seat": 0, "value": 1},
                {"type": "seal", "seat": 1, "value": 0}, {"type": "reveal"},
                {"type": "place", "seat": 0, "count": 1}, {"type": "place", "seat": 1, "count": 0})
    assert state.ending == game.Trigger.LAST_PAWN and state.phase == "refill"
    state = refill(state, {"kind": "blackmail", "amount": 15})
    state = run(state, {"type": "skeleton", "seat": 0})
    assert state.phase == "skeleton" and game.outcome(state) is None
    assert game.to_json(state)["players"][0]["skeletons"] == 4
    state = run(state, {"type": "skeleton_effect", "seat": 0, "money": 0, "sincerity": 0,
                        "pawns": 0})
    assert state.phase == "refill" and game.outcome(state) is None
    state = refill(state, FUND)
    assert state.phase == "over" and state.ending == game.Trigger.LAST_PAWN
    assert game.to_json(state)["players"][0]["malus"] == 5


def test_placing_the_last_pawn_ends_the_game_after_the_other_winner_places() -> None:
    state = ads_state(3)
    state = replace(state, players=(replace(state.players[0], available=2, reserve=18),
                                    *state.players[1:]))
    state = run(state, {"type": "seal", "seat": 0, "value": 3},
                {"type": "seal", "seat": 1, "value": 1}, {"type": "seal", "seat": 2, "value": 0},
                {"type": "reveal"},
                {"type": "place", "seat": 0, "count": 2})
    assert state.ending == game.Trigger.LAST_PAWN and state.phase == "placement"
    state = run(state, {"type": "place", "seat": 1, "count": 1})
    assert state.phase == "refill" and game.outcome(state) is None
    state = refill(state)
    assert game.outcome(state) is not None


def test_placing_none_of_ones_pawns_is_not_the_last_pawn() -> None:
    state = ads_state(2)
    state = replace(state, players=(replace(state.players[0], available=0, reserve=20),
                                    state.players[1]))
    state = run(state, {"type": "reveal"}, {"type": "place", "seat": 0, "count": 0})
    assert state.ending is None


def test_drawing_the_last_action_card_ends_the_game_after_its_chain() -> None:
    state = new(2, action_cards=12)
    state = run(state, {"type": "take", "seat": 0, "slot": 0, "card": PLAIN})
    state = refill(state, FUND)  # 11th card
    assert game.remaining_cards(state) == 1 and state.active == 1
    state = run(state, {"type": "take", "seat": 1, "slot": 1, "card": PLAIN},
                {"type": "refill", "seat": 1, "card": {"kind": "blackmail", "amount": 1}})
    assert state.ending == game.Trigger.LAST_CARD and state.phase == "chain"
    state = run(state, {"type": "pay", "seat": 1}, {"type": "pay", "seat": 0})
    assert game.outcome(state) is not None  # no card left to refill with
    assert state.display[1] is None


def test_a_draw_may_say_it_was_the_last_card() -> None:
    state = run(new(2), {"type": "raise_sincerity", "seat": 0, "last": True,
                         "card": {"kind": "fundraising", "value": 1}})
    assert game.outcome(state) is not None and state.ending == game.Trigger.LAST_CARD


def test_raising_sincerity_with_the_last_card_ends_the_game() -> None:
    state = replace(new(2, action_cards=11))
    state = run(state, {"type": "raise_sincerity", "seat": 0,
                        "card": {"kind": "advertising", "value": 2}})
    assert game.outcome(state) is not None and state.players[0].sincerity == 14


# ---------------------------------------------------------------------------- corrections

def test_the_host_corrects_the_action_deck_s_size_not_below_the_cards_drawn() -> None:
    state = refill(run(new(2), {"type": "take", "seat": 0, "slot": 0, "card": PLAIN}))
    assert state.drawn == 1 and game.remaining_cards(state) == 49
    assert game.owner(state, {"type": "deck_size", "size": 40}) == HOST
    label = game.describe(state, {"type": "deck_size", "size": 40})
    assert label.render() == "Host: the Action deck holds 40 cards"
    state = run(state, {"type": "deck_size", "size": 40})
    assert game.remaining_cards(state) == 29 and state.settings.deck_size == 40
    assert game.to_json(state)["deck"] == {"size": 40, "drawn": 1, "remaining": 29,
                                           "left": None}
    error = refused(state, {"type": "deck_size", "size": 10}, match="cannot be below 11")
    assert error.code == "out_of_range"
    refused(state, {"type": "deck_size"}, MalformedInput, "missing field: size")
    refused(state, {"type": "deck_size", "size": "40"}, MalformedInput, "whole number")
    refused(new(2), {"type": "deck_size", "size": 10}, match="cannot be below 11")


def test_a_deck_corrected_to_the_cards_drawn_ends_the_game_a_larger_one_takes_it_back() -> None:
    # Between two actions: the one card drawn was the last, the game is scored at once.
    state = refill(run(new(2), {"type": "take", "seat": 0, "slot": 0, "card": PLAIN}))
    over = run(state, {"type": "deck_size", "size": 11})
    assert over.phase == "over" and over.ending == game.Trigger.LAST_CARD
    # Mid-action: the action finishes (the chain, then no card left to refill), then scored.
    state = run(new(2), {"type": "take", "seat": 0, "slot": 0, "card": PLAIN},
                {"type": "refill", "seat": 0, "card": {"kind": "journalist", "amount": 1}},
                {"type": "pay", "seat": 0})
    assert state.phase == "chain" and state.ending is None
    ending = run(state, {"type": "deck_size", "size": 11})
    assert ending.ending == game.Trigger.LAST_CARD and ending.phase == "chain"
    assert run(ending, {"type": "pay", "seat": 1}).phase == "over"
    # The host then says the deck holds more: that end is taken back, the refill goes on.
    back = run(ending, {"type": "deck_size", "size": 30})
    assert back.ending is None and game.remaining_cards(back) == 19
    back = run(back, {"type": "pay", "seat": 1})
    assert back.phase == "refill" and game.outcome(back) is None
    # A slot waiting for its refill when the deck is found empty stays empty.
    waiting = run(new(2), {"type": "take", "seat": 0, "slot": 0, "card": PLAIN},
                  {"type": "refill", "seat": 0, "card": {"kind": "journalist", "amount": 1}},
                  {"type": "pay", "seat": 0}, {"type": "pay", "seat": 1})
    assert waiting.phase == "refill"
    waiting = run(waiting, {"type": "deck_size", "size": 11})
    assert waiting.phase == "over" and waiting.display[0] is None


# ---------------------------------------------------------------------------- scoring

POINTS = (7, 4, 2)


def test_a_region_with_two_colours_tied() -> None:
    score = game.score_region([3, 3, 2, 1], POINTS)
    assert score.struck == (0, 1)
    assert score.places == ((2, 2, 7), (3, 1, 4))


def test_a_region_with_three_colours_tied() -> None:
    score = game.score_region([2, 2, 2, 4, 1], POINTS)
    assert score.struck == (0, 1, 2)
    assert score.places == ((3, 4, 7), (4, 1, 4))


def test_a_region_with_fewer_than_three_colours_left_pays_only_the_top_places() -> None:
    assert game.score_region([5, 0, 0], POINTS).places == ((0, 5, 7),)
    assert game.score_region([1, 4, 4, 2], POINTS).places == ((3, 2, 7), (0, 1, 4))


def test_a_region_nobody_holds_scores_nothing_and_absent_colours_never_tie() -> None:
    score = game.score_region([0, 0, 0], POINTS)
    assert score.struck == () and score.places == ()
    assert game.score_region([0, 3, 0], POINTS).places == ((1, 3, 7),)


def test_every_place_of_three_is_paid() -> None:
    assert game.score_region([1, 5, 3, 2], POINTS).places == ((1, 5, 7), (2, 3, 4), (3, 2, 2))


def board_of(rows: dict[str, tuple[int, ...]], count: int) -> tuple[tuple[int, ...], ...]:
    return tuple(rows.get(r, (0,) * count) for r in game.REGION_IDS)


def test_final_scoring_with_the_malus() -> None:
    state = new(3)
    state = replace(state, board=board_of({"west-coast": (3, 1, 0),
                                           "deep-south": (0, 2, 1)}, 3))
    assert game.totals(state) == (7, 4 + 4, 2)
    state = with_skeletons(state, 1, 4)
    assert game.totals(state) == (7, 3, 2)
    assert game.final_outcome(state) == Outcome((0,), game.Reason.MOST_POINTS)


def test_a_tie_on_points_goes_to_the_most_policy_cards_chosen() -> None:
    state = new(3)
    state = replace(state, board=board_of({"west-coast": (3, 0, 0),
                                           "eastern-seaboard": (0, 2, 0)}, 3))
    players = (state.players[0], replace(state.players[1], policy_chosen=2, policy_won=0),
               replace(state.players[2], policy_won=3))
    state = replace(state, players=players)
    assert game.final_outcome(state) == Outcome((1,), game.Reason.POLICY_TIEBREAK)


def test_still_tied_is_a_shared_win() -> None:
    state = new(3)
    state = replace(state, board=board_of({"west-coast": (3, 0, 0),
                                           "eastern-seaboard": (0, 2, 0)}, 3))
    assert game.final_outcome(state) == Outcome((0, 1), game.Reason.SHARED)
    assert game.final_outcome(new(2)) == Outcome((0, 1), game.Reason.SHARED)


def test_the_map_shows_the_leaders_and_points_that_would_score_now() -> None:
    state = ads_state(3)
    state = run(state, {"type": "seal", "seat": 0, "value": 2},
                {"type": "seal", "seat": 1, "value": 1}, {"type": "seal", "seat": 2, "value": 0},
                {"type": "reveal"}, {"type": "place", "seat": 0, "count": 2},
                {"type": "place", "seat": 1, "count": 2})
    midwest = game.to_json(state)["regions"][game.region_index("midwest")]
    assert midwest["pawns"] == [2, 2, 0] and midwest["struck"] == [0, 1]
    assert midwest["places"] == [] and midwest["points"] == [5, 3, 1]


# ---------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("action, error, match", [
    ([], MalformedInput, "must be an object"),
    ({"type": "take", "seat": 0, "slot": 0, "card": FUND, "x": 1}, MalformedInput,
     "unknown field: x"),
    ({"type": "take", "seat": "0", "slot": 0, "card": FUND}, MalformedInput, "whole number"),
    ({"type": "take", "seat": 0, "slot": 10, "card": FUND}, IllegalAction, "above 9"),
    ({"type": "take", "seat": 0, "slot": 0, "card": [1]}, MalformedInput, "card must be"),
    ({"type": "take", "seat": 0, "slot": 0, "card": {"kind": 3}}, MalformedInput,
     "kind must be a text"),
    ({"type": "take", "seat": 0, "slot": 0, "card": {"kind": "advertising", "pawns": 2,
                                                      "region": "alaska"}},
     MalformedInput, "no region"),
    ({"type": "take", "seat": 0, "slot": 0, "card": {"kind": "fundraising", "high": 1,
                                                      "low": 3}},
     IllegalAction, "smaller amount"),
    ({"type": "take", "seat": 9, "slot": 0, "card": FUND}, MalformedInput, "no seat 9"),
    ({"type": "take", "seat": 0, "slot": 0, "card": {"deck": 0}}, IllegalAction, "no deck list"),
    ({"type": "vote"}, MalformedInput, "unknown action type"),
    ({"type": "bid", "seat": 1, "amount": 2}, IllegalAction, "not now"),
    ({"type": "seal", "seat": 1, "value": 2}, IllegalAction, "not now"),
    ({"type": "reveal"}, IllegalAction, "not now"),
])
def test_bad_actions_are_refused_and_change_nothing(action: Any, error: type[GameError],
                                                    match: str) -> None:
    refused(new(3), action, error, match)


@pytest.mark.parametrize("action", [[], {"type": 3}, {"type": "take", "seat": "x"},
                                    {"type": "pay", "seat": 7}, {"type": "take"}])
def test_owner_raises_only_typed_errors(action: Any) -> None:
    with pytest.raises(MalformedInput):
        game.owner(new(3), action)


def test_owner_names_the_seat_of_each_phone() -> None:
    state = new(3)
    assert game.owner(state, {"type": "take", "seat": 0, "slot": 1}) == 0
    assert game.owner(state, {"type": "seal", "seat": 2, "value": 1}) == 2
    assert game.owner(state, {"type": "skeleton_effect", "seat": 1}) == 1


def test_the_deck_list_offers_its_cards_by_index() -> None:
    deck = [{"name": "Big donors", "kind": "fundraising", "high": 6, "low": 3, "value": 1,
             "count": 30},
            {"name": "TV spot", "kind": "advertising", "region": "west-coast", "pawns": 2,
             "count": 30}]
    state = run(new(2, action_deck=deck), {"type": "take", "seat": 0, "slot": 0,
                                           "card": {"deck": 0}})
    assert [p.money for p in state.players] == [21, 18]
    label = game.describe(state, {"type": "refill", "seat": 0, "card": {"deck": 1}})
    assert label.render() == "Abigail refilled a slot: Advertising"
    error = refused(state, {"type": "refill", "seat": 0, "card": {"deck": 2}},
                    match="the deck list has no card 2: its cards are 0 to 1")
    assert error.code == "not_in_deck"


def test_the_advertising_bids_are_keyed_by_turn_slot_and_region() -> None:
    """Bids everyone saw bind only the same card replayed: the key names the card taken."""
    state = ads_state(3)
    bids = game.sealed(state)
    assert bids is not None and bids.key == "ads:1:1:midwest"
    other = run(new(3), {"type": "take", "seat": 0, "slot": 4,
                         "card": {"kind": "advertising", "region": "west-coast", "pawns": 2}})
    assert game.sealed(other) is not None and game.sealed(other).key == "ads:1:4:west-coast"


def test_describe_never_shows_a_sealed_bid() -> None:
    state = ads_state(3)
    label = game.describe(state, {"type": "seal", "seat": 1, "value": 7})
    assert "7" not in label.render() and "Bruce" in label.render()
    with pytest.raises(MalformedInput):
        game.describe(state, [])


@pytest.mark.parametrize("kind", sorted(game.ACTION_FIELDS))
def test_action_fields_are_exactly_what_each_handler_reads(kind: str) -> None:
    """The platform refuses fields outside ACTION_FIELDS before the engine sees them; the
    engine itself refuses the same ones, and never a field ACTION_FIELDS declares."""
    from companion.tables import check_fields
    fields = game.ACTION_FIELDS[kind]
    action: dict[str, Any] = {"type": kind, **{name: 0 for name in fields}}
    for state in (new(3), ads_state(3)):
        try:
            game.apply(state, action)
        except GameError as error:
            assert error.code != "unknown_field" and "unknown field" not in str(error)
    check_fields(game, action)
    with pytest.raises(MalformedInput, match="unknown field: stray"):
        check_fields(game, {**action, "stray": 1})
    with pytest.raises(MalformedInput, match="unknown field: stray"):
        game.apply(new(3), {**action, "stray": 1})
