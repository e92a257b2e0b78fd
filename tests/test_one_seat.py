"""A phone holds one seat: taking another frees the first, on the page and through the API
(a client sending the seat token it holds moves); the first seat is never left "taken" by a
token nobody keeps."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from companion.tables import TableService

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"},
           {"name": "Cy", "party": "green"}]


def new_table(client: FlaskClient) -> str:
    answer = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS},
                         anonymous=True)
    return str(answer.get_json()["id"])


def claimed(app: Flask, table_id: str) -> set[int]:
    return TableService(app.extensions["companion_db"]).claimed_seats(table_id)


def test_a_phone_that_taps_another_free_seat_moves_there(app: Flask) -> None:
    phone = app.test_client()
    table_id = new_table(phone)
    assert phone.post(f"/t/{table_id}/claim", data={"seat": "0"}).status_code == 302
    assert phone.post(f"/t/{table_id}/claim", data={"seat": "2"}).status_code == 302
    assert claimed(app, table_id) == {2}
    # the first seat is free for another phone, at once
    other = app.test_client()
    assert other.post(f"/t/{table_id}/claim", data={"seat": "0"}).status_code == 302
    assert claimed(app, table_id) == {0, 2}
    history = phone.get(f"/t/{table_id}/log").get_data(as_text=True)
    assert "freed" in history  # the move is in the table's log


def test_an_api_client_moving_with_its_token_frees_its_seat(app: Flask) -> None:
    client = app.test_client()
    table_id = new_table(client)
    first = client.post(f"/api/tables/{table_id}/seats/0", anonymous=True).get_json()["token"]
    moved = client.post(f"/api/tables/{table_id}/seats/1", anonymous=True,
                        headers={"X-Seat-Token": first})
    assert moved.status_code == 201
    assert claimed(app, table_id) == {1}
    # its old token holds nothing any more
    acting = client.post(f"/api/tables/{table_id}/actions", anonymous=True,
                         headers={"X-Seat-Token": first}, json={
                             "expected_version": 1, "action": {
                                 "type": "draw", "seat": 0, "stress": 1, "stars": 0,
                                 "corner": None}})
    assert acting.status_code in (403, 409)
    # the same seat asked again with its own token: nothing moves, the token stays
    again = client.post(f"/api/tables/{table_id}/seats/1", anonymous=True,
                        headers={"X-Seat-Token": moved.get_json()["token"]})
    assert again.get_json()["token"] == moved.get_json()["token"]
    assert claimed(app, table_id) == {1}
