"""Election USA's deck list through the JSON API: a pick outside the list, or of a line whose
copies are all out of the deck, is refused with a clear message and the table unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

DECK = [
    {"name": "Big donors", "kind": "fundraising", "high": 6, "low": 3, "value": 1, "count": 2},
    {"name": "TV spot", "kind": "advertising", "region": "midwest", "pawns": 2, "count": 8},
    {"name": "Photos", "kind": "blackmail", "amount": 2, "count": 3},
]


@pytest.fixture
def table(client: FlaskClient) -> dict[str, Any]:
    created = client.post("/api/tables", json={
        "game": "election-usa", "options": {"action_deck": DECK},
        "players": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]})
    assert created.status_code == 201, created.json
    tid = created.json["id"]
    token = client.post(f"/api/tables/{tid}/seats/0", anonymous=True).json["token"]
    return {"id": tid, "token": token}


def act(client: FlaskClient, table: dict[str, Any], action: dict[str, Any]) -> Any:
    version = client.get(f"/api/tables/{table['id']}").json["version"]
    return client.post(f"/api/tables/{table['id']}/actions",
                       json={"expected_version": version, "action": action},
                       headers={"X-Seat-Token": table["token"]}, anonymous=True)


def refused(client: FlaskClient, table: dict[str, Any], action: dict[str, Any], status: int,
            code: str, message: str) -> None:
    before = client.get(f"/api/tables/{table['id']}").json
    response = act(client, table, action)
    assert response.status_code == status, response.json
    assert response.json["error"]["code"] == code
    assert message.lower() in response.json["error"]["message"].lower()
    assert client.get(f"/api/tables/{table['id']}").json == before


def test_the_state_says_the_copies_left_of_each_line(client: FlaskClient,
                                                     table: dict[str, Any]) -> None:
    state = client.get(f"/api/tables/{table['id']}").json["state"]
    assert state["deck"]["left"] == [2, 8, 3] and state["deck"]["size"] == 13
    response = act(client, table, {"type": "show", "slot": 0, "card": {"deck": 1}})
    assert response.status_code == 200, response.json
    state = client.get(f"/api/tables/{table['id']}").json["state"]
    assert state["deck"]["left"] == [2, 7, 3]
    assert state["display"][0] == {"kind": "advertising", "region": "midwest", "pawns": 2,
                                    "name": "TV spot"}


def test_a_pick_outside_the_list_is_refused(client: FlaskClient,
                                            table: dict[str, Any]) -> None:
    refused(client, table, {"type": "take", "seat": 0, "slot": 0, "card": {"deck": 3}}, 422,
            "not_in_deck", "the deck list has no card 3: its cards are 0 to 2")
    refused(client, table, {"type": "show", "slot": 0, "card": {"deck": -1}}, 422,
            "not_in_deck", "no card -1")
    refused(client, table, {"type": "show", "slot": 0, "card": {"deck": "1"}}, 400,
            "malformed", "deck must be a whole number")
    refused(client, table, {"type": "show", "slot": 0, "card": {"deck": 1, "kind": "policy"}},
            400, "unknown_field", "unknown field: kind")


def test_a_line_whose_copies_are_all_out_is_refused(client: FlaskClient,
                                                    table: dict[str, Any]) -> None:
    for slot in (0, 1):
        assert act(client, table, {"type": "show", "slot": slot,
                                   "card": {"deck": 0}}).status_code == 200
    message = ("card 0 of the deck list (Big donors) is out: its 2 copies are all face up, "
               "taken or drawn")
    refused(client, table, {"type": "show", "slot": 2, "card": {"deck": 0}}, 422, "card_out",
            message)
    refused(client, table, {"type": "take", "seat": 0, "slot": 2, "card": {"deck": 0}}, 422,
            "card_out", message)
    refused(client, table, {"type": "raise_sincerity", "seat": 0, "card": {"deck": 0}}, 422,
            "card_out", message)
    # Taking one of the two face-up copies leaves both out: the refill cannot be a third.
    assert act(client, table, {"type": "take", "seat": 0, "slot": 0}).status_code == 200
    refused(client, table, {"type": "refill", "seat": 0, "card": {"deck": 0}}, 422,
            "card_out", message)
    assert act(client, table, {"type": "refill", "seat": 0,
                               "card": {"deck": 1}}).status_code == 200
