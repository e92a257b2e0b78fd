"""폭풍의 대권주자's street cards picked from the table's card list: what the phones offer for a
slot (the listed cards not out yet, the slot's period first, as the rulebook lays the street
from period I and stacks the deck II, III, IV, then the Doctorates), what one pick records,
and the picks the server refuses with the table left as it was."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from storm_deck_lists import act, period_of, play_round, whole_deck

from companion.games import storm_candidate as game
from companion.games.base import IllegalAction
from companion.games.storm_candidate import deck as storm_deck

GAME = "storm-candidate"
COLOURS = ["red", "blue", "yellow", "green"]


def new(players: int = 3, **options: Any) -> game.State:
    return game.setup(game.example_players(players), {"seed": 1, **options})




def refused(state: game.State, action: dict[str, Any]) -> IllegalAction:
    before = json.dumps(game.to_json(state), sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        game.apply(state, action)
    assert json.dumps(game.to_json(state), sort_keys=True) == before
    return caught.value


def pick_all(state: game.State) -> game.State:
    """Enter every slot not entered yet with the first card the picker offers for it."""
    while True:
        picker = game.street_picker(state)
        slot = picker["slot"]
        card = state.street[slot - 1]
        if card is None or card.known:
            return state
        state = act(state, type="street", slot=slot, number=picker["choices"][0]["number"])




# ---------------------------------------------------------------------------- what is offered

def test_at_setup_the_street_is_period_i_and_its_cards_come_first() -> None:
    """Setup step 5: the period I cards lie face up on the street."""
    deck = whole_deck()
    state = new(3, deck=deck)
    picker = game.street_picker(state)
    assert picker["slot"] == 1
    assert [s["period"] for s in picker["slots"]] == ["I"] * game.SLOTS
    offered = [c["period"] for c in picker["choices"]]
    assert offered[:11] == ["I"] * 11 and offered[11] == "II"
    assert len(offered) == len(deck)
    first = picker["choices"][0]
    assert first == {"number": first["number"], "name": f"카드 {first['number']}",
                     "price": 1 + first["number"] % 7, "period": "I",
                     "colour": first["colour"], "doctorate": False}


def test_with_two_players_the_right_end_is_the_decks_top_card_and_23_is_out() -> None:
    """Setup: with two players 23, 32 and 49 leave the game and a card from the deck lies
    at the street's right end instead of 23."""
    deck = whole_deck()
    state = new(2, deck=deck)
    picker = game.street_picker(state)
    assert [s["period"] for s in picker["slots"]] == ["I"] * 10 + ["II"]
    numbers = {c["number"] for c in picker["choices"]}
    assert numbers.isdisjoint(game.TWO_PLAYER_REMOVED)
    assert len(numbers) == len(deck) - 3
    # For slot 11 the period II cards come first: 15 of them, less 32 (a period II card in
    # this list).
    eleven = storm_deck.choices(deck, [], 2, "II")
    periods = [c["period"] for c in eleven]
    assert periods[:14] == ["II"] * 14 and periods[14] in ("I", "III")
    state = act(state, type="street", slot=11, number=eleven[0]["number"])
    assert state.street[10].period == "II"


def test_start_cards_are_never_offered_even_when_listed() -> None:
    """The rulebook: start cards are numbered 9-18; every player has the same ten."""
    deck = [*whole_deck(), {"number": 12, "name": "시작 카드", "price": 0, "colour": "yellow"}]
    state = new(3, deck=deck)
    assert 12 not in {c["number"] for c in game.street_picker(state)["choices"]}
    error = refused(state, {"type": "street", "slot": 1, "number": 12})
    assert error.code == "start_card"


def test_a_card_once_out_is_offered_no_more() -> None:
    deck = whole_deck()
    state = pick_all(new(3, deck=deck))
    on_street = {card.number for card in state.street if card is not None}
    offered = {c["number"] for c in game.street_picker(state)["choices"]}
    assert len(on_street) == game.SLOTS and offered.isdisjoint(on_street)
    assert len(offered) == len(deck) - game.SLOTS
    # Bought and removed cards stay out in the next rounds.
    state = play_round(state, (6,))
    gone = {c.number for c in game.cards_out(state)} - {
        c.number for c in state.street if c is not None}
    summary = state.history[-1]
    taken = [card for p in summary.purchases for card in (*(c for _, c, _ in p.bought),
                                                          *(c for _, c in p.red))]
    assert len(taken) >= 1 and len(summary.removed) == game.REMOVALS[3]
    assert gone == {c.number for c in (*taken, *summary.removed)}
    assert gone.isdisjoint({c["number"] for c in game.street_picker(state)["choices"]})


def test_refilled_slots_take_the_next_periods_of_the_deck() -> None:
    """Setup step 4: the deck is stacked with period II on top, then III, IV, and the
    Doctorates (V) at the bottom; clean-up refills the street from the right."""
    deck = whole_deck()
    periods = period_of(deck)
    state = pick_all(new(3, deck=deck))
    seen_periods: list[str] = []
    for _ in range(8):
        state = play_round(state, (1, 2))
        refilled = state.history[-1].refilled
        picker = game.street_picker(state)
        fresh = [s for s in picker["slots"] if not s["known"]]
        assert [s["slot"] for s in fresh] == list(range(12 - refilled, 12))
        state = pick_all(state)
        for slot in range(12 - refilled, 12):
            card = state.street[slot - 1]
            assert card is not None and card.number is not None
            assert card.period == periods[card.number]
            seen_periods.append(card.period)
    # Drawn in order: II until its 15 cards are out, then III.
    assert seen_periods[:15] == ["II"] * 15 and seen_periods[15] == "III"


def test_a_doctorate_the_engine_knows_comes_with_period_v_first() -> None:
    """The Doctorates lie at the deck's bottom: a card drawn once only they remain is one."""
    state = new(3, deck=whole_deck())
    state = replace(state, street=(game.Card(doctorate=True),) + state.street[1:])
    assert game.street_picker(state)["slots"][0] == {"slot": 1, "known": False,
                                                     "doctorate": True, "period": "V"}


# ---------------------------------------------------------------------------- what a pick records

def test_one_pick_records_price_colour_period_and_doctorate() -> None:
    deck = [{"number": 20, "name": "선거 참모", "price": 4, "period": "I", "colour": "yellow"},
            {"number": 60, "name": "박사 학위", "price": 7, "period": "V"}]
    state = act(new(3, deck=deck), type="street", slot=2, number=20)
    assert state.street[1] == game.Card(4, "yellow", False, 20, "I")
    state = act(state, type="street", slot=3, number=60)
    assert state.street[2] == game.Card(7, None, True, 60, "V")
    assert game.to_json(state)["street"][2]["price"] == 7  # slot 3: no surcharge
    # A pick is not a card typed: the typing form keeps no values from it.
    assert state.last_typed is None


def test_a_card_typed_is_remembered_for_the_next_typing() -> None:
    state = act(new(3), type="street", slot=4, price=5, colour="green")
    assert state.last_typed == game.Card(5, "green", False, None, "I")
    state = act(state, type="street", slot=5, price=2, colour="blue", number=33)
    assert state.last_typed == game.Card(2, "blue", False, 33, "I")


# ---------------------------------------------------------------------------- refusals

def test_a_card_already_on_the_street_is_refused() -> None:
    state = act(new(3, deck=whole_deck()), type="street", slot=1, number=23)
    error = refused(state, {"type": "street", "slot": 2, "number": 23})
    assert error.code == "card_out" and str(error) == "card 23 is already on the street, in slot 1"
    # The same slot may be entered again: a correction.
    assert act(state, type="street", slot=1, number=23).street[0].number == 23


def test_a_card_bought_or_removed_is_refused() -> None:
    state = pick_all(new(3, deck=whole_deck()))
    bought = state.street[5]
    state = play_round(state, (6,))
    removed = state.history[-1].removed
    assert bought is not None and bought.number is not None and removed
    slot = next(s for s, c in enumerate(state.street, start=1) if c is not None and not c.known)
    for card in (bought, removed[0]):
        error = refused(state, {"type": "street", "slot": slot, "number": card.number})
        assert error.code == "card_out"
        assert str(error) == f"card {card.number} has already left the street (bought or removed)"


def test_a_number_not_in_the_list_or_out_of_range_is_refused() -> None:
    deck = [c for c in whole_deck() if c["number"] != 40]
    state = new(3, deck=deck)
    assert refused(state, {"type": "street", "slot": 1, "number": 40}).code == "not_in_deck"
    assert refused(state, {"type": "street", "slot": 1, "number": 62}).code == "bad_card"
    assert refused(state, {"type": "street", "slot": 1, "number": 0}).code == "bad_card"


def test_a_table_of_rules_revision_2_folds_its_log_as_it_did() -> None:
    """Before revision 3 a number could be entered twice (a mistake its log may hold)."""
    state = new(3, rules=2, deck=[{"number": 20, "price": 4, "colour": "yellow"}])
    state = act(state, type="street", slot=1, number=20)
    state = act(state, type="street", slot=2, number=20)
    assert state.street[1] == game.Card(4, "yellow", False, 20)


# ---------------------------------------------------------------------------- through the API

def api_table(app: Flask, deck: list[dict[str, Any]]) -> tuple[Any, str, str]:
    client = app.test_client()
    created = client.post("/api/tables", json={
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in zip(
            "ABC", COLOURS, strict=False)], "options": {"seed": 1, "deck": deck}})
    assert created.status_code == 201, created.json
    table_id = created.json["id"]
    token = client.post(f"/api/tables/{table_id}/seats/0",
                        headers={"X-Host-Token": created.json["host_token"]}).json["token"]
    return client, table_id, token


def test_bad_picks_through_the_api_leave_the_table_as_it_was(app: Flask) -> None:
    deck = [c for c in whole_deck() if c["number"] != 40]
    client, table_id, token = api_table(app, deck)

    def send(action: dict[str, Any]) -> Any:
        version = client.get(f"/api/tables/{table_id}").json["version"]
        return client.post(f"/api/tables/{table_id}/actions", headers={"X-Seat-Token": token},
                           json={"expected_version": version, "action": action})

    assert send({"type": "street", "slot": 1, "number": 23}).status_code == 200
    before = client.get(f"/api/tables/{table_id}").json
    for action, code, message in (
            ({"type": "street", "slot": 2, "number": 40}, "not_in_deck",
             "Card 40 is not in your deck list"),
            ({"type": "street", "slot": 2, "number": 23}, "card_out",
             "Card 23 is already on the street, in slot 1"),
            ({"type": "street", "slot": 2, "number": 15}, "start_card",
             "Card 15 is a start card: start cards are never on the street")):
        answer = send(action)
        assert answer.status_code == 422, answer.json
        assert answer.json["error"]["code"] == code
        assert answer.json["error"]["message"] == message  # as the phone's toast says it
        assert client.get(f"/api/tables/{table_id}").json == before
    picked = send({"type": "street", "slot": 2, "number": 19})
    assert picked.status_code == 200
    card = picked.json["state"]["street"][1]["card"]
    listed = next(c for c in deck if c["number"] == 19)
    assert (card["price"], card["colour"], card["period"]) == (
        listed["price"], listed["colour"], listed["period"])
