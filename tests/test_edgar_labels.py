"""Edgar & Lucien's log labels carry the amounts an action moved (what a robbery took, the tax
each player collected, the Governor election and its votes), hide no more and no less than
the table shows with hidden money, and read in French and Korean; the tax card names its
period and leaves once the next period's first turn is over."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_edgar_et_lucien_engine import act, arrived, end_turns, scenario

from companion.games import edgar_et_lucien as game
from companion.games.base import Label


def label(state: game.State, **action: Any) -> str:
    return game.describe(state, action).render()


# ---------------------------------------------------------------------------- the engine

def test_a_robbery_says_what_it_took_rulebook_rounding() -> None:
    """Half the victim's Cogs, rounded up to 10,000: 30,000 gives 20,000; 10,000 gives
    10,000 (RULINGS.md)."""
    state = arrived(scenario(3, edgar={0: "rivet-lane"}, lucien={1: "rivet-lane"},
                             cogs={1: 30_000}), 0)
    assert label(state, type="rob", seat=0, victim=1) == "Ann robbed Bob: 20000 Cogs taken"
    poor = arrived(scenario(3, edgar={0: "rivet-lane"}, lucien={1: "rivet-lane"},
                            cogs={1: 10_000}), 0)
    assert label(poor, type="rob", seat=0, victim=1) == "Ann robbed Bob: 10000 Cogs taken"
    # Hidden money: the robbery still says what it took (the victim shows their notes).
    hidden = arrived(scenario(3, edgar={0: "rivet-lane"}, lucien={1: "rivet-lane"},
                              cogs={1: 30_000}, options={"hidden_money": True}), 0)
    assert label(hidden, type="rob", seat=0, victim=1) == "Ann robbed Bob: 20000 Cogs taken"


def test_bank_robbery_and_populist_speech_say_what_they_brought() -> None:
    state = scenario(3, edgar={0: "central-bank"})
    assert label(state, type="bank_robbery", seat=0) == "Ann: bank robbery: +50000 Cogs"
    hidden = scenario(3, edgar={0: "central-bank"}, options={"hidden_money": True})
    assert label(hidden, type="bank_robbery", seat=0) == "Ann: bank robbery"
    # Popularity stops at 100: a speech at 90 brings 10.
    speech = scenario(3, lucien={0: "drunken-pig-square"}, popularity={0: 90})
    assert label(speech, type="populist_speech", seat=0) == "Ann: Populist Speech: +10 popularity"


def test_a_purchase_names_the_district_the_seller_and_the_price() -> None:
    state = scenario(3, lucien={0: "rivet-lane"})
    assert label(state, type="buy", seat=0) == \
        "Ann bought Rivet Lane from the city for 20000 Cogs"
    owned = scenario(3, lucien={0: "rivet-lane"}, owners={"rivet-lane": 1})
    assert label(owned, type="buy", seat=0) == "Ann bought Rivet Lane from Bob for 30000 Cogs"


def test_the_period_end_lists_each_players_tax_and_the_election_with_its_votes() -> None:
    # Ann: 1 Ivory + 1 Steel; Bob: 1 Steel; Cat: nothing (rulebook: 20 popularity per Ivory,
    # 20,000 Cogs per Steel).
    state = scenario(3, owners={"opera-row": 0, "rivet-lane": 0, "gasworks": 1},
                     popularity={0: 50, 1: 50, 2: 40}, turn=4)
    labels = []
    while state.phase == "actions" and state.turn == 4:
        seat = state.order[state.active]
        labels.append(label(state, type="end_turn", seat=seat))
        state = act(state, type="end_turn", seat=seat)
    assert labels[:-1] == ["Ann ended the turn", "Bob ended the turn"]
    assert labels[-1] == (
        "Cat ended the turn · end of Electoral Period 1, tax: "
        "Ann +20 popularity, +20000 Cogs, Bob +0 popularity, +20000 Cogs, "
        "Cat +0 popularity, +0 Cogs · Ann elected Governor with 70 popularity")


def test_hidden_money_keeps_the_tax_cogs_out_of_the_log() -> None:
    state = scenario(3, owners={"opera-row": 0, "rivet-lane": 0}, popularity={0: 50, 1: 50},
                     turn=4, options={"hidden_money": True})
    last = None
    while state.phase == "actions" and state.turn == 4:
        seat = state.order[state.active]
        last = label(state, type="end_turn", seat=seat)
        state = act(state, type="end_turn", seat=seat)
    assert last is not None and "Cogs" not in last
    assert "Ann +20 popularity, Bob +0 popularity, Cat +0 popularity" in last


def test_a_tie_opens_the_auction_and_the_closing_bid_names_the_governor_and_the_price() -> None:
    """The rulebook's example: white (Bob, 2nd) and blue (Dan, 4th) tie at 70."""
    state = scenario(4, popularity={0: 40, 1: 70, 2: 30, 3: 70}, turn=4)
    while state.phase == "actions":
        seat = state.order[state.active]
        last = label(state, type="end_turn", seat=seat)
        state = act(state, type="end_turn", seat=seat)
    assert last.endswith("· tie for Governor at 70 popularity: Bob, Dan bid")
    assert label(state, type="bid", seat=1, amount=20_000) == "Bob bid 20000"
    state = act(state, type="bid", seat=1, amount=20_000)
    state = act(state, type="bid", seat=3, amount=30_000)
    assert label(state, type="pass", seat=1) == (
        "Bob passed · Dan elected Governor after the tie auction (paid 30000 Cogs)")
    nobody = end_turns(scenario(3, popularity={0: 60, 1: 60, 2: 60}, turn=4))
    nobody = act(act(nobody, type="pass", seat=0), type="pass", seat=1)
    assert label(nobody, type="pass", seat=2) == "Cat passed · no Governor this period: nobody bid"


def test_requisition_and_intimidation_name_the_districts() -> None:
    state = scenario(3, edgar={0: "city-hall"})
    text = label(state, type="requisition", seat=0, districts=["rivet-lane"])
    assert text == "Ann: Requisition: Rivet Lane"


def test_a_refused_action_is_named_without_amounts_and_the_state_is_unchanged() -> None:
    state = scenario(3, edgar={0: "rivet-lane"}, lucien={1: "rivet-lane"})  # not arrived
    before = game.to_json(state)
    assert label(state, type="rob", seat=0, victim=1) == "Ann robbed Bob"
    assert game.to_json(state) == before


def test_nested_labels_render_in_place_and_lists_join() -> None:
    inner = {"msgid": "%(name)s +%(n)s", "params": {"name": "Ann", "n": 3}}
    outer = Label("%(a)s / %(b)s", {"a": inner, "b": [inner, "x"]})
    assert outer.render() == "Ann +3 / Ann +3, x"
    assert json.loads(json.dumps(outer.params)) == outer.params  # stored as the log's JSON


# ---------------------------------------------------------------------------- the pages

def _drive(client: FlaskClient, table_id: str, actions: list[dict[str, Any]]) -> None:
    """Play through the API: the host sends each action, a seat's own secret is locked in
    with that seat's token."""
    for action in actions:
        body = client.get(f"/api/tables/{table_id}").json
        if action["type"] == "reveal" and body["state"]["phase"] != "programming":
            continue
        headers = {}
        if action["type"] == "seal":
            token = client.post(f"/api/tables/{table_id}/seats/{action['seat']}").json["token"]
            headers = {"X-Seat-Token": token}
            body = client.get(f"/api/tables/{table_id}").json  # a seat taken is an entry
        response = client.post(f"/api/tables/{table_id}/actions", headers=headers, json={
            "expected_version": body["version"], "action": action})
        assert response.status_code == 200, response.json


def _game_to_first_tax(seed: int = 1) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A seeded three-player game: the actions up to the first tax collection, and those
    up to the end of the next period's first turn."""
    import random

    players = [{"name": n, "colour": c} for n, c in (("Ann", "red"), ("Bob", "yellow"),
                                                     ("Cy", "blue"))]
    state = game.setup(players, {"seed": seed})
    rng = random.Random(7)
    actions: list[dict[str, Any]] = []
    to_tax: list[dict[str, Any]] | None = None
    while game.outcome(state) is None and len(actions) < 400:
        action = game.random_action(state, rng)
        if game.refusal(state, action) is not None:
            continue
        state = game.apply(state, action)
        actions.append(action)
        if to_tax is None and state.tax and state.phase != "auction":
            to_tax = list(actions)
        if to_tax is not None and state.turn == 2:
            return to_tax, actions
    raise AssertionError("the seeded game did not reach the second period's turn 2")


@pytest.mark.parametrize("lang, tax_title, entry", [
    ("en", "Tax collection: end of Electoral Period 1",
     r"Cy ended the turn · end of Electoral Period 1, tax: Ann \+20 popularity, \+0 Cogs, "
     r"Bob \+20 popularity, \+20,000 Cogs, Cy \+20 popularity, \+20,000 Cogs · "
     r"Bob elected Governor with 70 popularity"),
    ("fr", "Collecte des impôts : fin de la Période électorale 1",
     r"Cy a fini son tour · fin de la Période électorale 1, impôts : "
     r"Ann \+20 de popularité, \+0 Rouages, Bob \+20 de popularité, \+20\s000 Rouages, .*"
     r" · Bob élu Gouverneur avec 70 de popularité"),
    ("ko", "세금 징수: 1번째 선거 기간 종료",
     r"Cy: 턴 종료 · 1번째 선거 기간 종료, 세금: Ann 인기도 \+20, \+0코그, "
     r"Bob 인기도 \+20, \+20,000코그, .* · Bob: 총독 당선 \(인기도 70\)"),
])
def test_the_log_and_the_tax_card_in_each_language(app: Flask, lang: str, tax_title: str,
                                                   entry: str) -> None:
    client = app.test_client()
    created = client.post("/api/tables", json={"game": game.ID, "options": {"seed": 1},
                                               "players": [{"name": "Ann", "colour": "red"},
                                                           {"name": "Bob", "colour": "yellow"},
                                                           {"name": "Cy", "colour": "blue"}]})
    table_id = created.json["id"]
    to_tax, to_turn_two = _game_to_first_tax()
    _drive(client, table_id, to_tax)
    client.get(f"/language/{lang}")
    live = client.get(f"/t/{table_id}/live").get_data(as_text=True)
    assert tax_title in live
    log = client.get(f"/t/{table_id}/log").get_data(as_text=True)
    texts = [re.sub(r"\s+", " ", html.unescape(re.sub("<[^>]+>", " ", li))).strip()
             for li in re.findall(r'<li class="entry.*?</li>', log, re.S)]
    assert any(re.search(entry, text) for text in texts), texts[:3]
    # Through the next period's first turn the card stays; from turn 2 it is gone.
    _drive(client, table_id, to_turn_two[len(to_tax):-1])
    state = client.get(f"/api/tables/{table_id}").json["state"]
    assert (state["period"], state["turn"]) == (2, 1)
    assert 'id="tax-card"' in client.get(f"/t/{table_id}/live").get_data(as_text=True)
    _drive(client, table_id, to_turn_two[-1:])
    assert client.get(f"/api/tables/{table_id}").json["state"]["turn"] == 2
    assert 'id="tax-card"' not in client.get(f"/t/{table_id}/live").get_data(as_text=True)
