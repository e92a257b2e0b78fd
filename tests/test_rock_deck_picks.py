"""Mourir pour le Rock: a card picked from the table's card list, through the API and the
phone's form post: the card of the list is recorded with all its values; a card not in the
list, already taken, or of another kind is refused with a clear message and the table left
as it was."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

GAME = "mourir-pour-le-rock"
PLAYERS = [{"name": "Axelle", "colour": "purple"}, {"name": "Bruno", "colour": "orange"}]
CARDS = [
    {"kind": "tour", "name": "Tokyo Dome", "decade": "80s", "cost_money": 2000,
     "fans": 3000, "souvenir": 2, "continent": "asia"},
    {"kind": "tour", "name": "Wembley", "decade": "80s", "fans": 2000, "continent": "europe"},
    {"kind": "tour", "name": "Bercy", "decade": "80s", "fans": 1000},
    {"kind": "gear", "name": "Les Paul", "symbol": "guitar", "cost_money": 1000},
]


def create(client: FlaskClient) -> str:
    response = client.post("/api/tables", json={"game": GAME, "players": PLAYERS,
                                                "options": {"cards": CARDS, "seed": 1}})
    assert response.status_code == 201, response.json
    table_id: str = response.json["id"]
    return table_id


def table(client: FlaskClient, table_id: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/tables/{table_id}").json
    return body


def act(client: FlaskClient, table_id: str, action: dict[str, Any],
        headers: dict[str, str] | None = None) -> Any:
    version = table(client, table_id)["version"]
    return client.post(f"/api/tables/{table_id}/actions", headers=headers or {},
                       json={"expected_version": version, "action": action})


def test_a_pick_records_the_card_with_all_its_values(client: FlaskClient) -> None:
    table_id = create(client)
    assert act(client, table_id, {"type": "tour", "seat": 0, "card": 0}).status_code == 200
    state = table(client, table_id)["state"]
    tour = state["players"][0]["tours"][0]
    assert {k: tour[k] for k in CARDS[0] if k != "kind"} == {
        k: v for k, v in CARDS[0].items() if k != "kind"}
    assert tour["index"] == 0
    assert state["players"][0]["money"] == 5000 - 2000 and state["players"][0]["fans"] == 3000
    assert state["deck"][0]["taken"] and not state["deck"][1]["taken"]


@pytest.mark.parametrize("pick, status, code, words", [
    (99, 400, "unknown_card", "No card 99 in the card list"),
    (-1, 400, "unknown_card", "No card -1 in the card list"),
    (3, 422, "wrong_card", "Card #4 “Les Paul” of the card list is not a tour card"),
])
def test_a_card_not_in_the_list_is_refused(client: FlaskClient, pick: int, status: int,
                                           code: str, words: str) -> None:
    table_id = create(client)
    before = table(client, table_id)
    response = act(client, table_id, {"type": "tour", "seat": 0, "card": pick})
    assert response.status_code == status
    assert response.json["error"]["code"] == code
    assert words in response.json["error"]["message"]
    assert table(client, table_id) == before


def test_a_card_already_taken_is_refused(client: FlaskClient) -> None:
    table_id = create(client)
    assert act(client, table_id, {"type": "tour", "seat": 0, "card": 1}).status_code == 200
    before = table(client, table_id)
    response = act(client, table_id, {"type": "tour", "seat": 1, "card": 1})
    assert response.status_code == 422
    assert response.json["error"]["code"] == "card_taken"
    # Named as the phone numbers the list's cards (from 1), with its name.
    assert response.json["error"]["message"] == (
        "Card #2 “Wembley” of the card list is already taken")
    assert table(client, table_id) == before


def test_the_phones_form_post_of_a_bad_pick_is_refused_too(client: FlaskClient) -> None:
    table_id = create(client)
    phone = client.application.test_client()
    phone.post(f"/t/{table_id}/claim", data={"seat": "0"})
    post = {"a.type": "tour", "a.seat": "0", "a.event": "false"}
    version = str(table(client, table_id)["version"])
    taken = phone.post(f"/t/{table_id}/act", headers={"X-Requested-With": "fetch"},
                       data={"expected_version": version, **post, "a.card": "2"})
    assert taken.status_code == 200
    before = table(client, table_id)
    version = str(before["version"])
    for pick, words in (("2", "Card #3 “Bercy” of the card list is already taken"),
                        ("42", "No card 42 in the card list")):
        response = phone.post(f"/t/{table_id}/act", headers={"X-Requested-With": "fetch"},
                              data={"expected_version": version, **post, "a.card": pick})
        assert response.status_code in (400, 422)
        assert words in response.json["error"]["message"]
    assert table(client, table_id) == before


def test_a_vice_of_the_list_is_one_tap_on_the_phone(client: FlaskClient) -> None:
    response = client.post("/api/tables", json={
        "game": GAME, "players": PLAYERS,
        "options": {"cards": [*CARDS, {"kind": "vice", "name": "Whisky"},
                              {"kind": "vice", "name": "Ego", "text": "-1 fan a turn"}]}})
    table_id = response.json["id"]
    phone = client.application.test_client()
    phone.post(f"/t/{table_id}/claim", data={"seat": "1"})
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    form = page[page.index('id="vice-form"'):]
    form = form[:form.index("</form>")]
    assert form.count('class="block pick"') == 2
    assert 'name="a.card" value="4"' in form and 'name="a.card" value="5"' in form
    assert "Whisky" in form and "-1 fan a turn" in form
    assert 'name="a.card.name"' not in form  # nothing to type
    version = str(table(client, table_id)["version"])
    sent = phone.post(f"/t/{table_id}/act", headers={"X-Requested-With": "fetch"},
                      data={"expected_version": version, "a.type": "vice", "a.seat": "1",
                            "a.card": "5"})
    assert sent.status_code == 200
    vices = table(client, table_id)["state"]["players"][1]["vices"]
    assert [(v["name"], v["text"], v["index"]) for v in vices] == [("Ego", "-1 fan a turn", 5)]
