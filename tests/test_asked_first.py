"""One tap that changes a round for everyone asks first; the action itself is never refused
for it. 폭풍의 대권주자's card points above the most a player's cards can give in a round
(``storm_candidate.scoring``), and Casse-toi's "End the round by agreement": the page carries the
question (the browser asks it, tests/test_browser_asked_first.py), and the same action sent
without it, from the page's form or the API, is recorded."""

from __future__ import annotations

import html
import re

from flask import Flask
from flask.testing import FlaskClient
from test_pages import api_state, new_table
from test_storm_candidate_engine import (
    act,
    buy_nothing,
    enter_street,
    new,
    order_round,
    pass_all,
    score,
)
from test_storm_candidate_pages import ok, points_form, post, quiet_round, start, state_of

from companion.games import storm_candidate as storm

# ---------------------------------------------------------------------------- Storm's bound


def test_round_one_cards_give_at_most_twice_the_three_start_points() -> None:
    state = buy_nothing(pass_all(order_round(new(4))))
    assert state.phase == "scoring"
    assert [storm.most_card_points(state, s) for s in range(4)] == [6, 6, 6, 6]


def test_green_cards_bought_count_from_the_next_round_with_the_coins_they_may_turn() -> None:
    """Seat 0 buys a green card priced 3 in round 1: it lies in the notebook, so round 1's
    bound stays 6; in round 2 the card may give up to its price and turn that round's coins
    into points, each twice at most: 2 × (3 + 3 + 5). A yellow card gives no points, and a
    player without a green card turns no coins into points."""
    state = pass_all(order_round(new(2)))
    state = enter_street(state, {1: (3, "green"), 2: (1, "yellow")})
    first, second = state.order
    state = act(state, type="buy", seat=first, card_coins=3, buys=1, slots=[1])
    state = act(state, type="buy", seat=second, card_coins=1, buys=1, slots=[2])
    assert state.phase == "scoring"
    assert storm.most_card_points(state, first) == 6
    state = score(state)
    state = pass_all(order_round(state))
    coins = {first: 5, second: 4}
    while state.phase == "buying":
        seat = state.order[state.active]
        state = act(state, type="buy", seat=seat, card_coins=coins[seat], buys=0, slots=[])
    assert storm.most_card_points(state, first) == 2 * (3 + 3 + 5)
    assert storm.most_card_points(state, second) == 6


# ---------------------------------------------------------------------------- Storm's page

def to_scoring(phones: list[FlaskClient], table_id: str) -> None:
    """Phase 1 to the round's points through the phones: everyone passes, nobody buys."""
    for seat, phone in enumerate(phones):
        ok(post(phone, table_id, {"a.type": "seal", "a.seat": str(seat),
                                  "a.value": str(40 - seat)}))
    while (state := state_of(phones[0], table_id))["phase"] != "scoring":
        seat = state["active"]
        fields = {"a.type": "pass" if state["phase"] == "workers" else "buy",
                  "a.seat": str(seat)}
        if fields["a.type"] == "buy":
            fields |= {"a.card_coins": "0", "a.office_coins": "0", "a.buys": "0"}
        ok(post(phones[seat], table_id, fields))


def test_storm_points_form_asks_above_the_bound_and_records_any_count(app: Flask) -> None:
    table_id, phones = start(app, players=2)
    quiet_round(phones, table_id, {})  # round 1 scored
    to_scoring(phones, table_id)
    page = html.unescape(phones[1].get(f"/t/{table_id}").get_data(as_text=True))
    fields = re.findall(r'<input id="pts-cards-(\d)"[^>]*data-most="(\d+)" data-over="([^"]+)"',
                        page)
    names = [p["name"] for p in state_of(phones[0], table_id)["players"]]
    assert [(int(seat), int(most)) for seat, most, _ in fields] == [(0, 6), (1, 6)]
    assert fields[0][2] == (f"{names[0]}: more than 6 card points, the most their cards can "
                            "give in one round. Record them anyway?")
    # The phone's form, sent without the question (a script-less phone): recorded.
    ok(post(phones[1], table_id, points_form({0: 90}, 2)))
    assert state_of(phones[0], table_id)["players"][0]["score"] == 90


def test_storm_api_records_90_card_points_without_a_question(app: Flask) -> None:
    table_id, phones = start(app, players=2)
    to_scoring(phones, table_id)
    version = api_state(phones[0], table_id)["version"]
    response = phones[0].post(f"/api/tables/{table_id}/actions", json={
        "expected_version": version, "action": {"type": "score_round", "points": [
            {"seat": 0, "cards": 90}, {"seat": 1, "cards": 2}]}})
    assert response.status_code in (200, 201), response.get_json()
    assert state_of(phones[0], table_id)["players"][0]["score"] == 90


# ---------------------------------------------------------------------------- Casse-toi

AGREE = ("Does everyone agree to end this round now? It ends on every phone, and each player "
         "is scored with the cards they have.")


def test_casse_toi_end_by_agreement_asks_and_the_action_still_ends_the_round(app: Flask) -> None:
    phone = app.test_client()
    table_id = new_table(phone)
    phone.post(f"/t/{table_id}/claim", data={"seat": "0"})
    page = html.unescape(phone.get(f"/t/{table_id}").get_data(as_text=True))
    form = re.search(r"<form[^>]*data-end-walk[^>]*>", page)
    assert form and f'data-confirm="{AGREE}"' in form.group(0)
    # Everyone records four calm cards; then the form's action, sent as a script-less phone
    # sends it (no question), ends the round for the whole table.
    players = len(api_state(phone, table_id)["state"]["players"])
    for _ in range(4):
        for seat in range(players):
            version = api_state(phone, table_id)["version"]
            response = phone.post(f"/api/tables/{table_id}/actions", json={
                "expected_version": version, "action": {
                    "type": "draw", "seat": seat, "stress": 0, "stars": 0, "corner": None,
                    "announced": False}}, headers={"X-Host-Token": host_token(app, table_id)})
            assert response.status_code in (200, 201), response.get_json()
    version = api_state(phone, table_id)["version"]
    response = phone.post(f"/t/{table_id}/act", data={"expected_version": str(version),
                                                       "a.type": "end_walk"},
                          headers={"X-Requested-With": "fetch"})
    assert response.status_code == 200, response.get_json()
    state = api_state(phone, table_id)["state"]
    assert state["round"] == 2 and all(not p["walk"] for p in state["players"])


def host_token(app: Flask, table_id: str) -> str:
    return str(app.extensions["companion_tables"].host_token(table_id))
