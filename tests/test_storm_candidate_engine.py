"""폭풍의 대권주자: the rules engine against the rulebook's text and RULINGS.md."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.db import Database
from companion.games import storm_candidate as game
from companion.games.base import HOST, TABLE, GameError, GameOver, IllegalAction, MalformedInput
from companion.tables import Sender, TableService

NAMES = ["민준", "서연", "지호", "하은"]


def new(players: int = 4, **options: Any) -> game.State:
    options.setdefault("seed", 1)
    return game.setup(game.example_players(players), options)


def act(state: game.State, **action: Any) -> game.State:
    return game.apply(state, action)


def refused(state: game.State, action: dict[str, Any], error: type = IllegalAction) -> str:
    before = json.dumps(game.to_json(state), sort_keys=True)
    with pytest.raises(error) as caught:
        game.apply(state, action)
    assert json.dumps(game.to_json(state), sort_keys=True) == before
    return str(caught.value)


def reveal(state: game.State, numbers: dict[int, int]) -> game.State:
    for seat, value in numbers.items():
        state = act(state, type="seal", seat=seat, value=value)
    return act(state, type="reveal")


def order_round(state: game.State) -> game.State:
    """Phase 1 with distinct numbers that keep seat 0 first, seat 1 second..."""
    return reveal(state, {s: 40 - s for s in range(len(state.players))})


def pass_all(state: game.State) -> game.State:
    while state.phase == "workers":
        state = act(state, type="pass", seat=state.order[state.active])
    return state


def buy_nothing(state: game.State) -> game.State:
    while state.phase == "buying":
        state = act(state, type="buy", seat=state.order[state.active], card_coins=0, buys=0,
                    slots=[])
    return state


def score(state: game.State, cards: dict[int, int] | None = None, **extra: Any) -> game.State:
    cards = cards or {}
    return act(state, type="score_round", points=[
        {"seat": s, "cards": cards.get(s, 0), **extra} for s in range(len(state.players))])


def whole_round(state: game.State, cards: dict[int, int] | None = None) -> game.State:
    return score(buy_nothing(pass_all(order_round(state))), cards)


def enter_street(state: game.State, cards: dict[int, tuple[int, str]]) -> game.State:
    for slot, (price, colour) in cards.items():
        state = act(state, type="street", slot=slot, price=price, colour=colour)
    return state


# ---------------------------------------------------------------------------- data and setup

def test_the_data_file_holds_the_rulebook_numbers() -> None:
    assert game.ROUNDS == 11 and game.GOAL == 95 and game.TOKEN_SUPPLY == 25
    assert game.SLOTS == 11
    assert [game.surcharge(s) for s in range(1, 12)] == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
    assert game.REMOVALS == {2: 3, 3: 2, 4: 1}
    assert game.TWO_PLAYER_REMOVED == (23, 32, 49)
    assert game.COLOURS == ("red", "blue", "yellow", "green")
    assert game.BASIC_OFFICES == {2: 0, 3: 2, 4: 4}


@pytest.mark.parametrize(("players", "basic"), [(2, 0), (3, 2), (4, 4)])
def test_offices_by_player_count(players: int, basic: int) -> None:
    state = new(players)
    kinds = [o.kind for o in state.offices]
    assert kinds.count("basic") == basic
    assert kinds.count("board") == game.BOARD_OFFICES
    assert [o.id for o in state.offices if o.kind == "added"] == ["added-1"]


def test_two_players_setup_removes_23_32_49_and_shows_them() -> None:
    two, three = new(2), new(3)
    assert game.to_json(two)["two_player_removed"] == [23, 32, 49]
    assert game.to_json(three)["two_player_removed"] == []
    # Periods II-IV (40 cards) and a Doctorate each; with two, 32 and 49 out of the deck and
    # its top card laid in the street instead of 23.
    assert three.deck == 40 + 3 and new(4).deck == 44
    assert two.deck == 40 - 2 + 2 - 1
    removed = enter_street(order_round(two), {})
    with pytest.raises(IllegalAction, match="out of the game"):
        act(removed, type="street", slot=1, number=32, price=3, colour="blue")


def test_round_one_bus_is_random_from_the_seed() -> None:
    orders = {new(4, seed=seed).order for seed in range(40)}
    assert len(orders) > 10
    assert new(4, seed=7).order == new(4, seed=7).order
    assert sorted(new(4, seed=7).order) == [0, 1, 2, 3]


@pytest.mark.parametrize(("players", "error"), [
    ([{"name": "A", "colour": "red"}], IllegalAction),
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "red"}], IllegalAction),
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "pink"}], MalformedInput),
    ([{"name": "A", "colour": "red"}, {"name": "B", "colour": "blue", "party": "x"}],
     MalformedInput),
    ([{"name": "A", "colour": "red"}, ["B", "blue"]], MalformedInput),
    ({"name": "A"}, MalformedInput),
])
def test_bad_players_are_refused(players: Any, error: type) -> None:
    with pytest.raises(error):
        game.setup(players, {})


def test_unknown_field_is_named() -> None:
    state = new()
    message = refused(state, {"type": "seal", "seat": 0, "value": 20, "colour": "red"},
                      MalformedInput)
    assert message == "unknown field: colour"
    assert "wrong" not in refused(state, {"type": "seal", "seat": 0, "value": "20"},
                                  MalformedInput)


# ---------------------------------------------------------------------------- phase 1: the bus

def rulebook_swap(tied_previous: list[int]) -> list[int]:
    """The rulebook's words, literally: 2 tied swap; 3 tied: first and last of the previous
    round swap; 4 tied: 1<->4 and 2<->3."""
    t = list(tied_previous)
    if len(t) == 2:
        return [t[1], t[0]]
    if len(t) == 3:
        return [t[2], t[1], t[0]]
    if len(t) == 4:
        return [t[3], t[2], t[1], t[0]]
    return t


@pytest.mark.parametrize("previous", list(itertools.permutations(range(4))))
@pytest.mark.parametrize("tied", [(0, 1), (1, 3), (0, 2, 3), (0, 1, 2, 3)])
def test_tied_players_swap_from_every_previous_order(previous: tuple[int, ...],
                                                     tied: tuple[int, ...]) -> None:
    numbers = {s: 30 for s in tied}
    distinct = iter([50, 20, 10, 5])
    for s in range(4):
        numbers.setdefault(s, next(distinct))
    order = list(game.bus_order(numbers, previous))
    tied_in_previous = [s for s in previous if s in tied]
    group = [s for s in order if s in tied]
    assert group == rulebook_swap(tied_in_previous)
    # the tied group sits where its number puts it among the others
    assert sorted(order, key=lambda s: -numbers[s]) == order or all(
        numbers[a] >= numbers[b] for a, b in zip(order, order[1:], strict=False))


@pytest.mark.parametrize("previous", list(itertools.permutations(range(4))))
def test_two_separate_tied_pairs_swap_apart(previous: tuple[int, ...]) -> None:
    numbers = {0: 25, 1: 25, 2: 12, 3: 12}
    order = list(game.bus_order(numbers, previous))
    high = [s for s in previous if s in (0, 1)]
    low = [s for s in previous if s in (2, 3)]
    assert order == rulebook_swap(high) + rulebook_swap(low)


def test_higher_number_goes_first_without_ties() -> None:
    assert game.bus_order({0: 9, 1: 61, 2: 19, 3: 8}, (0, 1, 2, 3)) == (1, 2, 0, 3)


def test_priority_numbers_are_secret_until_revealed() -> None:
    state = new()
    state = act(state, type="seal", seat=2, value=33)
    assert game.sealed(state) is not None and game.sealed(state).key == "priority:1"
    for viewer in (None, 0, 1, 3):
        text = json.dumps(game.to_json(state, viewer))
        assert "33" not in text, viewer
        assert game.to_json(state, viewer)["priority"]["locked"] == [2]
    assert game.to_json(state, 2)["priority"]["mine"] == 33
    # changed before the reveal: allowed
    state = act(state, type="seal", seat=2, value=34)
    assert game.to_json(state, 2)["priority"]["mine"] == 34
    assert all(p["priority"] is None for p in game.to_json(state, 2)["players"])


def test_the_engine_reveals_only_on_reveal_and_the_platform_sends_it() -> None:
    state = new()
    for seat in range(4):
        state = act(state, type="seal", seat=seat, value=20 + seat)
    assert state.phase == "order" and game.sealed(state).complete
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(4), {"seed": 3})
    for seat in range(4):
        view = service.act(view.id, view.version, {"type": "seal", "seat": seat,
                                                   "value": 20 + seat}, by=Sender(seat=seat))
    assert view.state.phase == "workers"
    assert list(view.state.order) == [3, 2, 1, 0]
    assert [e.kind for e in service.entries(view.id)][-1] == "action"
    assert view.version == 5  # four seals and the platform's reveal


def test_a_second_reveal_from_the_same_phone_is_refused() -> None:
    state = order_round(new())
    message = refused(state, {"type": "seal", "seat": 1, "value": 50})
    assert "already revealed" in message
    refused(state, {"type": "reveal"})


def test_host_reveal_now_puts_missing_seats_last() -> None:
    state = act(new(4, seed=2), type="seal", seat=1, value=10)
    state = act(state, type="reveal")
    assert state.order[0] == 1
    assert state.players[0].priority is None


@pytest.mark.parametrize("value", [0, 62, -3])
def test_priority_out_of_range(value: int) -> None:
    assert "1 to 61" in refused(new(), {"type": "seal", "seat": 0, "value": value})


def test_round_one_ties_reverse_the_setup_bus() -> None:
    state = new(3, seed=5)
    setup_bus = list(state.order)
    state = reveal(state, {0: 12, 1: 12, 2: 12})
    assert list(state.order) == setup_bus[::-1]


# ---------------------------------------------------------------------------- phase 2: workers

def test_workers_go_in_bus_order_one_per_office() -> None:
    state = reveal(new(3), {0: 10, 1: 30, 2: 20})
    assert list(state.order) == [1, 2, 0]
    assert "it is 서연's turn" in refused(state, {"type": "place", "seat": 0,
                                                  "office": "board-1"})
    state = act(state, type="place", seat=1, office="board-1")
    assert game.to_json(state)["active"] == 2
    message = refused(state, {"type": "place", "seat": 2, "office": "board-1"})
    assert "one worker per office" in message
    refused(state, {"type": "place", "seat": 2, "office": "added-2"}, MalformedInput)


def test_a_player_without_workers_is_skipped_and_the_phase_ends() -> None:
    state = reveal(new(2), {0: 30, 1: 20})
    state = act(state, type="pass", seat=0)
    offices = iter(o.id for o in state.offices)
    for _ in range(game.WORKERS):
        state = act(state, type="place", seat=1, office=next(offices))
    assert state.phase == "buying"
    assert state.players[1].workers == 0 and state.players[1].placed == 3


def test_temporary_workers_from_a_purple_card() -> None:
    state = reveal(new(2), {0: 30, 1: 20})
    state = act(state, type="temporary", seat=0, count=2)
    assert state.players[0].workers == 5
    ids = [o.id for o in state.offices]
    for office in ids[:5]:
        if state.order[state.active] == 1:
            state = act(state, type="pass", seat=1)
        state = act(state, type="place", seat=0, office=office)
    assert state.players[0].placed == 5 and state.phase in ("workers", "buying")
    assert "empty office" in refused(reveal(new(2), {0: 30, 1: 20}),
                                     {"type": "temporary", "seat": 0, "count": 9})


def test_tokens_on_an_office_are_taken_and_accumulate_while_empty() -> None:
    state = new(2)  # 7, 8, then 9 empty offices: 24 tokens, the supply lasts
    for _ in range(3):
        state = whole_round(state)
    board1 = next(o for o in state.offices if o.id == "board-1")
    assert board1.tokens == 3
    added2 = next(o for o in state.offices if o.id == "added-2")
    assert added2.tokens == 2  # laid at the end of round 1, empty in rounds 2 and 3
    state = order_round(state)
    first = state.order[0]
    state = act(state, type="place", seat=first, office="board-1")
    assert state.players[first].tokens == 3
    assert next(o for o in state.offices if o.id == "board-1").tokens == 0
    state = score(buy_nothing(pass_all(state)), storm_rallies=0)
    assert state.history[-1].points[first].token_points == 3
    assert state.players[first].score == 3


def test_the_token_supply_runs_out() -> None:
    state = new(4)
    for _ in range(3):
        state = whole_round(state)
    # 6 board + 4 basic + added: 10*3 + 3 + 2 + 1 > 25
    assert sum(o.tokens for o in state.offices) == 25
    assert game.to_json(state)["tokens"]["supply"] == 0
    before = [o.tokens for o in state.offices]
    state = whole_round(state)
    assert [o.tokens for o in state.offices][:len(before)] == before
    assert state.history[-1].tokens_placed == ()


def test_tokens_go_in_office_order_when_the_supply_runs_short() -> None:
    state = new(4)
    state = whole_round(whole_round(state))  # 11 + 12 = 23 tokens out
    state = whole_round(state)
    assert state.history[-1].tokens_placed == tuple(
        o.id for o in state.offices[:2])


# ---------------------------------------------------------------------------- phase 3: buying

def to_buying(state: game.State) -> game.State:
    return pass_all(order_round(state))


def street_of(price: int = 3, red: tuple[int, ...] = ()) -> dict[int, tuple[int, str]]:
    return {s: (price, "red" if s in red else "yellow") for s in range(1, 12)}


@pytest.mark.parametrize(("slot", "price"), [(4, 3), (5, 4), (8, 4), (9, 5), (11, 5), (1, 3)])
def test_slot_surcharge_at_the_boundaries(slot: int, price: int) -> None:
    state = enter_street(to_buying(new(2)), street_of(3))
    first = state.order[0]
    assert game.to_json(state)["street"][slot - 1]["price"] == price
    after = act(state, type="buy", seat=first, card_coins=price, buys=1, slots=[slot])
    assert after.purchases[0].spent == price
    assert f"cost {price} coins" in refused(
        state, {"type": "buy", "seat": first, "card_coins": price - 1, "buys": 1,
                "slots": [slot]})


def test_a_purchase_over_the_coins_is_refused() -> None:
    state = enter_street(to_buying(new(3, blue_offices_first_round=False)), street_of(3))
    first = state.order[0]
    message = refused(state, {"type": "buy", "seat": first, "card_coins": 4,
                              "office_coins": 2, "buys": 2, "slots": [1, 5]})
    assert message.endswith("has only 6") and "7 coins" in message
    state = act(state, type="buy", seat=first, card_coins=4, office_coins=3, buys=2,
                slots=[1, 5])
    assert state.street[0] is None and state.street[4] is None


def test_office_coins_refused_in_round_one_with_the_option() -> None:
    state = enter_street(to_buying(new(2)), street_of(3))
    first = state.order[0]
    assert "blue office" in refused(state, {"type": "buy", "seat": first, "card_coins": 0,
                                            "office_coins": 3, "buys": 1, "slots": [1]})
    free = enter_street(to_buying(new(2, blue_offices_first_round=False)), street_of(3))
    act(free, type="buy", seat=free.order[0], card_coins=0, office_coins=3, buys=1, slots=[1])


def test_buys_are_limited_by_procurement() -> None:
    state = enter_street(to_buying(new(2)), street_of(1))
    assert "only 1 buy" in refused(state, {"type": "buy", "seat": state.order[0],
                                           "card_coins": 9, "buys": 1, "slots": [1, 2]})


def test_red_cards_left_of_a_bought_card_are_taken_free() -> None:
    state = enter_street(to_buying(new(2)), street_of(2, red=(1, 3, 7, 9)))
    first = state.order[0]
    state = act(state, type="buy", seat=first, card_coins=3, buys=1, slots=[6])
    purchase = state.purchases[0]
    assert [slot for slot, _ in purchase.red] == [1, 3]
    assert purchase.spent == 3
    assert [s for s, card in enumerate(state.street, 1) if card is None] == [1, 3, 6]
    assert state.street[6] is not None and state.street[8] is not None  # 7, 9 stay


def test_the_log_counts_the_cards_bought_not_the_page_s_unticked_boxes() -> None:
    state = enter_street(to_buying(new(2)), street_of(2, red=(1,)))
    # The phone's street form sends one entry per box: the unticked ones as gaps.
    action = {"type": "buy", "seat": state.order[0], "card_coins": 2, "buys": 1,
              "slots": [None, None, 3]}
    label = game.describe(state, action)
    assert label.params["count"] == 1
    after = game.apply(state, action)
    assert len(after.purchases[0].red) == 1  # the red card at slot 1 came free, not bought


def test_unknown_and_empty_slots_cannot_be_bought() -> None:
    state = to_buying(new(2))
    assert "enter what the card in slot 2" in refused(
        state, {"type": "buy", "seat": state.order[0], "card_coins": 9, "buys": 1,
                "slots": [2]})
    state = enter_street(state, street_of(1))
    state = act(state, type="buy", seat=state.order[0], card_coins=1, buys=1, slots=[1])
    assert "slot 1 of the street is empty" in refused(
        state, {"type": "buy", "seat": state.order[1], "card_coins": 9, "buys": 1,
                "slots": [1]})


def test_leftover_coins_are_lost() -> None:
    state = enter_street(to_buying(new(2)), street_of(2))
    state = act(state, type="buy", seat=state.order[0], card_coins=9, buys=1, slots=[2])
    assert game.to_json(state)["purchases"][0]["lost"] == 7
    state = score(buy_nothing(state))
    assert game.to_json(state)["purchases"] == []


def test_doctorates_score_one_point_per_coin_paid() -> None:
    state = to_buying(new(2))
    state = act(state, type="street", slot=9, price=6, doctorate=True)
    assert game.to_json(state)["doctorates"]["on_street"] == [{"slot": 9, "price": 8}]
    first = state.order[0]
    state = act(state, type="buy", seat=first, card_coins=8, buys=1, slots=[9])
    state = score(buy_nothing(state), {first: 2})
    points = state.history[-1].points[first]
    assert points.doctorates == 8 and points.total == 10
    assert state.doctorates_bought == 1


def test_street_cards_by_number_from_the_deck_list() -> None:
    deck = [{"number": 20, "name": "선거 참모", "price": 4, "period": "I", "colour": "yellow"},
            {"number": 60, "name": "박사 학위", "price": 7, "period": "V", "colour": "grey"}]
    state = new(3, deck=deck)
    state = act(state, type="street", slot=2, number=20)
    assert state.street[1] == game.Card(4, "yellow", False, 20, "I")
    state = act(state, type="street", slot=3, number=60)
    assert state.street[2].doctorate
    assert "not in your deck list" in refused(state, {"type": "street", "slot": 4,
                                                      "number": 21})


# ---------------------------------------------------------------------------- points

def test_points_with_sources_and_the_storm_rally_doubling() -> None:
    state = new(2, blue_offices_first_round=False)
    state = order_round(state)
    state = act(state, type="place", seat=0, office="board-1")
    state = replace(state, players=(replace(state.players[0], tokens=3), state.players[1]))
    state = buy_nothing(pass_all(state))
    state = act(state, type="score_round", points=[
        {"seat": 0, "cards": 4, "offices": 2, "storm_rallies": 1},
        {"seat": 1, "cards": 5}])
    p0 = state.history[-1].points[0]
    assert (p0.cards, p0.offices, p0.token_points, p0.total) == (4, 2, 6, 12)
    assert [p.score for p in state.players] == [12, 5]


def test_a_token_doubled_twice_is_refused() -> None:
    state = buy_nothing(pass_all(order_round(new(2))))
    message = refused(state, {"type": "score_round", "points": [
        {"seat": 0, "cards": 1, "storm_rallies": 2}, {"seat": 1, "cards": 0}]})
    assert "at most twice" in message


def test_office_points_refused_in_round_one_with_the_option() -> None:
    state = buy_nothing(pass_all(order_round(new(2))))
    refused(state, {"type": "score_round", "points": [
        {"seat": 0, "cards": 1, "offices": 2}, {"seat": 1, "cards": 0}]})


def test_points_for_a_closed_round_are_refused_and_corrected_through_the_log() -> None:
    state = whole_round(new(2), {0: 5, 1: 3})
    assert "phase 1" in refused(state, {"type": "score_round", "points": [
        {"seat": 0, "cards": 1}, {"seat": 1, "cards": 1}]})
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(2), {"seed": 1})
    for action in round_actions(view.state):
        view = service.act(view.id, view.version, action, by=sender(view.state, action))
    target = view.replay.round_closers[1]
    view = service.amend(view.id, view.version, target, {"type": "score_round", "points": [
        {"seat": 0, "cards": 9}, {"seat": 1, "cards": 1}]})
    assert [p.score for p in view.state.players] == [9, 1]


def sender(state: game.State, action: dict[str, Any]) -> Sender:
    """The phone that sends ``action`` at a table: its seat's, seat 0's for the whole table's
    actions, the host's for a reveal."""
    owner = game.owner(state, action)
    if isinstance(owner, int):
        return Sender(seat=owner)
    return Sender(host=True) if owner == HOST else Sender(seat=0)


def round_actions(state: game.State) -> list[dict[str, Any]]:
    """The actions of one quiet round, as phones send them."""
    actions: list[dict[str, Any]] = []
    for seat in range(len(state.players)):
        actions.append({"type": "seal", "seat": seat, "value": 40 - seat})
    after = order_round(state)
    for seat in after.order:
        actions.append({"type": "pass", "seat": seat})
    for seat in after.order:
        actions.append({"type": "buy", "seat": seat, "card_coins": 0, "buys": 0, "slots": []})
    actions.append({"type": "score_round", "points": [
        {"seat": s, "cards": 2} for s in range(len(state.players))]})
    return actions


def test_malformed_points() -> None:
    state = buy_nothing(pass_all(order_round(new(2))))
    refused(state, {"type": "score_round", "points": {"seat": 0}}, MalformedInput)
    refused(state, {"type": "score_round", "points": [{"seat": 0, "cards": 1}]}, MalformedInput)
    refused(state, {"type": "score_round", "points": [
        {"seat": 0, "cards": "3"}, {"seat": 1, "cards": 0}]}, MalformedInput)
    refused(state, {"type": "score_round", "points": [
        {"seat": 0, "cards": -3}, {"seat": 1, "cards": 0}]}, IllegalAction)


# ---------------------------------------------------------------------------- phase 4

@pytest.mark.parametrize(("players", "removed"), [(2, 3), (3, 2), (4, 1)])
def test_clean_up_removes_the_leftmost_unsold_cards(players: int, removed: int) -> None:
    state = enter_street(to_buying(new(players)), {s: (s, "blue") for s in range(1, 12)})
    state = act(state, type="buy", seat=state.order[0], card_coins=1, buys=1, slots=[1])
    state = score(buy_nothing(state))
    gone = [c.price for c in state.history[-1].removed]
    assert gone == list(range(2, 2 + removed))
    prices = [c.price for c in state.street if c is not None]
    assert prices[:11 - 1 - removed] == list(range(2 + removed, 12))
    assert len(prices) == 11 and all(p is None for p in prices[11 - 1 - removed:])
    assert state.history[-1].refilled == 1 + removed


def test_clean_up_never_removes_a_doctorate() -> None:
    state = to_buying(new(2))
    state = act(state, type="street", slot=1, price=6, doctorate=True)
    state = act(state, type="street", slot=3, price=5, doctorate=True)
    state = score(buy_nothing(state))
    assert not any(c.doctorate for c in state.history[-1].removed)
    assert len(state.history[-1].removed) == 3
    assert state.street[0] is not None and state.street[0].doctorate
    assert state.street[1] is not None and state.street[1].doctorate


def test_the_next_office_card_each_round() -> None:
    state = new(3)
    for round_no in range(1, 4):
        state = whole_round(state)
        assert state.history[-1].office_added == f"added-{round_no + 1}"
    assert sum(1 for o in state.offices if o.kind == "added") == 4


def test_doctorates_come_from_the_bottom_of_the_deck() -> None:
    state = replace(new(3), deck=4, deck_doctorates=3)
    state = score(buy_nothing(pass_all(order_round(state))))
    new_cards = [c for c in state.street if c is not None][-2:]  # 3 players: 2 removed
    assert [c.doctorate for c in new_cards] == [False, True]
    assert (state.deck, state.deck_doctorates) == (2, 2)


# ---------------------------------------------------------------------------- the end

def test_the_game_ends_at_the_end_of_the_round_a_player_reaches_95() -> None:
    state = whole_round(new(3), {0: 60})
    state = buy_nothing(pass_all(order_round(state)))
    state = score(state, {0: 35, 1: 50})
    assert game.outcome(state) is not None
    assert game.outcome(state).reason == "reached_95" and game.outcome(state).winners == (0,)
    with pytest.raises(GameOver):
        game.apply(state, {"type": "seal", "seat": 0, "value": 20})


def test_the_game_ends_when_the_last_doctorate_is_bought() -> None:
    state = replace(to_buying(new(2)), doctorates_bought=1)
    state = act(state, type="street", slot=1, price=5, doctorate=True)
    state = act(state, type="buy", seat=state.order[0], card_coins=5, buys=1, slots=[1])
    state = score(buy_nothing(state), {state.order[1]: 1})
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "last_doctorate"
    assert outcome.winners == (state.order[0],)


def test_the_game_ends_after_round_eleven() -> None:
    state = new(2)
    for round_no in range(1, 12):
        assert game.outcome(state) is None, round_no
        state = whole_round(state, {0: 1, 1: 2})
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == "round_11" and outcome.winners == (1,)
    assert game.to_json(state)["rounds_played"] == 11


def test_a_tie_goes_to_the_last_rounds_points_then_is_shared() -> None:
    state = whole_round(new(3), {0: 90, 1: 94, 2: 50})
    end = buy_nothing(pass_all(order_round(state)))
    won = score(end, {0: 10, 1: 6, 2: 0})
    assert game.outcome(won).winners == (0,)
    last = score(end, {0: 10, 1: 6, 2: 50})
    assert game.outcome(last).winners == (2,)  # 100 each: 50 in the last round
    state = whole_round(new(3), {0: 90, 1: 90})
    shared = score(buy_nothing(pass_all(order_round(state))), {0: 6, 1: 6})
    assert game.outcome(shared).winners == (0, 1)


# ---------------------------------------------------------------------------- owner

def test_owner_of_each_action() -> None:
    state = new(3)
    assert game.owner(state, {"type": "seal", "seat": 2, "value": 3}) == 2
    assert game.owner(state, {"type": "reveal"}) == HOST
    assert game.owner(state, {"type": "street", "slot": 1}) == TABLE
    assert game.owner(state, {"type": "score_round", "points": []}) == TABLE
    assert game.owner(state, {"type": "buy", "seat": 1}) == 1
    for bad in ({"type": "nope"}, {"type": "place", "seat": 9}, {"type": "place"},
                ["seal"], {"type": ["x"]}, {"type": "seal", "seat": "1"}):
        with pytest.raises(MalformedInput):
            game.owner(state, bad)  # type: ignore[arg-type]


def test_every_entry_point_raises_typed_errors_for_junk() -> None:
    state = new(2)
    junk: list[Any] = [None, 1, "x", [], {}, {"type": None}, {"type": 3}, {"type": "place",
                       "seat": True}, {"type": "buy", "seat": 0, "slots": "1"},
                       {"type": "street", "slot": [1]}, {"type": "seal", "seat": 0,
                                                         "value": [20]}]
    for action in junk:
        with pytest.raises(GameError):
            game.apply(state, action)
        if isinstance(action, dict):
            game.describe(state, action)
    for options in ([], {"seed": "x"}, {"deck": {"a": 1}}, {"deck": [{"number": "x"}]},
                    {"board_offices": 0}, {"nope": 1}):
        with pytest.raises(GameError):
            game.setup(game.example_players(2), options)


# ---------------------------------------------------------------------------- properties

def random_game(seed: int, players: int, steps: int) -> tuple[list[game.State],
                                                               list[dict[str, Any]]]:
    rng = random.Random(seed)
    state = game.setup(game.example_players(players), {"seed": seed})
    states, actions = [state], []
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        action = game.random_action(state, rng)
        try:
            state = game.apply(state, action)
        except GameError:
            continue
        states.append(state)
        actions.append(action)
    return states, actions


@given(st.integers(0, 10_000), st.integers(2, 4))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_points_never_decrease_and_no_office_holds_two_workers(seed: int, players: int) -> None:
    states, _ = random_game(seed, players, 600)
    for before, after in zip(states, states[1:], strict=False):
        assert all(b.score <= a.score for b, a in zip(before.players, after.players,
                                                      strict=True))
    for state in states:
        for seat, player in enumerate(state.players):
            held = [o.id for o in state.offices if o.worker == seat]
            assert len(held) == player.placed
        ids = [o.id for o in state.offices]
        assert len(ids) == len(set(ids))
        assert sum(o.tokens for o in state.offices) + sum(p.tokens for p in state.players) \
            <= game.TOKEN_SUPPLY


@given(st.integers(0, 10_000), st.integers(2, 4))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_replay_equals_fold(seed: int, players: int) -> None:
    rng = random.Random(seed)
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(players), {"seed": seed})
    for _ in range(250):
        if view.outcome is not None:
            break
        action = game.random_action(view.state, rng)
        try:
            view = service.act(view.id, view.version, action, by=sender(view.state, action))
        except GameError:
            continue
    folded = game.setup(game.example_players(players), {"seed": seed})
    for _, action in view.replay.effective:
        folded = game.apply(folded, action)
    cold = TableService(service.db).get(view.id)
    assert game.to_json(cold.state) == game.to_json(folded) == game.to_json(view.state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 70) | st.text(max_size=8)
    | st.sampled_from(["seal", "reveal", "place", "temporary", "pass", "buy", "score_round",
                       "street", "board-1", "added-1", "red", "yellow"]),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.sampled_from(["type", "seat", "value", "office", "count", "slots",
                                       "card_coins", "office_coins", "buys", "points", "cards",
                                       "slot", "price", "colour", "number", "doctorate", "x"]),
                      children, max_size=6),
    max_leaves=12)


@given(st.integers(0, 60), JSON)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_junk_actions_raise_only_typed_errors_and_change_nothing(steps: int, action: Any) -> None:
    states, _ = random_game(steps, 3, steps)
    state = states[-1]
    before = json.dumps(game.to_json(state), sort_keys=True)
    try:
        game.apply(state, action)
    except GameError:
        pass
    assert json.dumps(game.to_json(state), sort_keys=True) == before
    if isinstance(action, dict):
        game.describe(state, action)
    try:
        game.owner(state, action)
    except GameError:
        pass


@given(JSON, JSON)
@settings(max_examples=200, deadline=None)
def test_junk_setup_raises_only_typed_errors(players: Any, options: Any) -> None:
    try:
        game.setup(players, options)
    except GameError:
        pass
    try:
        game.setup(game.example_players(2), options)
    except GameError:
        pass


# ---------------------------------------------------------------------------- rulings of
# rules revision 2 and this release (each test fails on the engine before them)

def nothing_bought(state: game.State) -> dict[str, Any]:
    return {"type": "buy", "seat": state.order[state.active], "card_coins": 0,
            "office_coins": 0, "buys": 0, "slots": []}


def test_a_player_who_buys_nothing_takes_no_red_card() -> None:
    """RULINGS: red cards come only with a purchase; they stay on the street."""
    state = enter_street(to_buying(new(2)), street_of(2, red=(2, 9)))
    assert state.settings.rules == game.RULES >= game.RED_ONLY_WITH_A_PURCHASE
    idle = act(state, **nothing_bought(state))
    assert idle.purchases[0].red == ()
    assert idle.street == state.street
    assert game.to_json(idle)["purchases"][0]["red"] == []
    # A purchase still brings the red cards left of it, free.
    buyer = act(idle, type="buy", seat=idle.order[idle.active], card_coins=3, buys=1,
                slots=[5])
    assert [slot for slot, _ in buyer.purchases[1].red] == [2]
    assert buyer.street[8] is not None and buyer.street[8].colour == "red"


def test_a_table_of_rules_revision_1_keeps_taking_red_cards_without_a_purchase() -> None:
    """A table stored under revision 1 folds its log as it did when it was played."""
    old = enter_street(to_buying(new(2, rules=1)), street_of(2, red=(2, 9)))
    assert old.settings.rules == 1
    idle = act(old, **nothing_bought(old))
    assert [slot for slot, _ in idle.purchases[0].red] == [2, 9]
    assert idle.street[1] is None and idle.street[8] is None


def test_a_new_table_plays_by_the_newest_rules_and_an_old_one_by_revision_1() -> None:
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(2), {"seed": 1})
    assert view.options["rules"] == game.RULES == 3
    assert view.state.settings.rules == 3 and game.to_json(view.state)["options"]["rules"] == 3
    old = game.setup(game.example_players(2), {"seed": 1, "rules": 1})
    assert game.to_json(old)["options"]["rules"] == 1


def ended_after_round_two(reason: str) -> game.State:
    """Round 1 plain, then round 2 ends the game: a player reaches 95, or the last Doctorate
    is bought."""
    state = whole_round(new(2), {0: 60})
    state = to_buying(state)
    if reason == "reached_95":
        return score(buy_nothing(state), {0: 35})
    state = replace(state, doctorates_bought=1)
    state = act(state, type="street", slot=1, price=5, doctorate=True)
    state = act(state, type="buy", seat=state.order[0], card_coins=5, buys=1, slots=[1])
    return score(buy_nothing(state))


@pytest.mark.parametrize("reason", ["reached_95", "last_doctorate"])
def test_an_early_end_reports_its_round_and_no_clean_up_follows(reason: str) -> None:
    """RULINGS: a game that ends early reports the round it ended in; no clean-up follows
    the last round."""
    before = to_buying(whole_round(new(2), {0: 60}))
    state = ended_after_round_two(reason)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.reason == reason
    assert game.round_number(state) == 2 and state.round == 2
    shown = game.to_json(state)
    assert shown["round"] == 2 and shown["rounds_played"] == 2 and shown["phase"] == "over"
    last = state.history[-1]
    assert last.number == 2
    assert (last.tokens_placed, last.removed, last.office_added, last.refilled) == (
        (), (), None, 0)
    # the offices as the round left them: no token laid, no office card added
    assert [(o.id, o.tokens) for o in state.offices] == [
        (o.id, o.tokens) for o in before.offices]
    assert not any(o.id == "added-3" for o in state.offices)
    assert state.deck == before.deck


def test_the_round_eleven_end_reports_round_eleven() -> None:
    state = new(2)
    for _ in range(game.ROUNDS):
        state = whole_round(state, {0: 1, 1: 2})
    assert game.round_number(state) == 11 and game.to_json(state)["round"] == 11
    assert state.history[-1].office_added is None and state.history[-1].refilled == 0


def test_temporary_workers_in_the_turn_the_last_worker_is_placed() -> None:
    """RULINGS: temporary workers may be added in the turn a worker is placed, the office
    just taken included, even when that worker was the player's last."""
    state = reveal(new(3), {0: 30, 1: 20, 2: 10})  # 9 offices
    offices = iter(o.id for o in state.offices)
    for _ in range(game.WORKERS - 1):
        for seat in range(3):
            state = act(state, type="place", seat=seat, office=next(offices))
    state = act(state, type="place", seat=0, office=next(offices))  # seat 0's last worker
    assert state.players[0].workers == 0 and state.order[state.active] == 1
    assert game.to_json(state)["temporary_open"] == 0
    state = act(state, type="temporary", seat=0, count=1)
    assert state.players[0].workers == 1 and state.players[0].temporary == 1
    assert state.order[state.active] == 1  # seat 1's turn all the same
    state = act(state, type="place", seat=1, office=next(offices))
    # seat 1's turn began and ended: seat 0's turn is over
    assert game.to_json(state)["temporary_open"] == 1
    assert "지호's turn" in refused(state, {"type": "temporary", "seat": 0, "count": 1})
    state = act(state, type="pass", seat=2)
    assert state.order[state.active] == 0  # the temporary worker is placed in its turn
    state = act(state, type="place", seat=0, office=next(offices))
    assert state.players[0].placed == 4 and state.phase == "buying"


def test_temporary_workers_after_the_last_worker_that_ended_the_phase() -> None:
    state = reveal(new(2), {0: 30, 1: 20})
    state = act(state, type="pass", seat=1) if state.order[0] == 1 else state
    offices = iter(o.id for o in state.offices)
    state = act(state, type="place", seat=0, office=next(offices))
    state = act(state, type="pass", seat=1)
    for _ in range(game.WORKERS - 1):
        state = act(state, type="place", seat=0, office=next(offices))
    assert state.phase == "buying" and state.players[0].workers == 0
    state = act(state, type="temporary", seat=0, count=2)
    assert state.phase == "workers" and state.order[state.active] == 0
    state = act(state, type="place", seat=0, office=next(offices))
    state = act(state, type="place", seat=0, office=next(offices))
    assert state.players[0].placed == 5 and state.phase == "buying"
    # once the buying has begun, the workers' turn is over
    state = act(state, type="temporary", seat=0, count=1)  # still its turn: the 5th worker
    state = act(state, type="place", seat=0, office=next(offices))
    state = act(state, **nothing_bought(state))
    assert "phase 3" in refused(state, {"type": "temporary", "seat": 0, "count": 1})


def test_the_card_list_example_agrees_with_the_data_file() -> None:
    """Start cards (9-18) are periods A-D and never on the street; red cards are 1-8; every
    other card 19-61; the example is a card of the street (a period I-V card)."""
    option = next(o for o in game.OPTIONS if o.name == "deck")
    ranges = game.DATA["priority"]
    for card in option.example:
        number = card["number"]
        assert not ranges["start"][0] <= number <= ranges["start"][1], card
        assert card["period"] in game.PERIODS, card
        is_red = ranges["red"][0] <= number <= ranges["red"][1]
        assert is_red == (card["colour"] == "red"), card
        if number in game.TWO_PLAYER_REMOVED[:1]:
            assert card["period"] == "I"  # card 23 lies on the street at setup
