"""Sealed values and seat changes (RULINGS.md, "For every game").

A sealed value is shown only on the phone that sealed it: a seat handed to another phone,
freed or taken by the host while a sealed step is open shows its seal as locked, never its
value, and every seat change is an entry of the log. A value everyone saw at a reveal binds
only while it is still legal: a correction that makes it illegal opens the step afresh.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_roles import version, write

ELECTION = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
            {"name": "Cy", "colour": "green"}]
MIDWEST = {"kind": "advertising", "region": "midwest", "pawns": 3}


def host(table: dict[str, Any]) -> dict[str, str]:
    return {"X-Host-Token": table["host"]}


def seat_of(table: dict[str, Any], seat: int) -> dict[str, str]:
    return {"X-Seat-Token": table["tokens"][seat]}


def act(client: FlaskClient, table: dict[str, Any], action: dict[str, Any],
        headers: dict[str, str]) -> Any:
    return write(client, table, "actions", {"expected_version": version(client, table),
                                            "action": action}, headers)


def seal(client: FlaskClient, table: dict[str, Any], seat: int, value: Any,
         headers: dict[str, str] | None = None) -> Any:
    return act(client, table, {"type": "seal", "seat": seat, "value": value},
               headers or seat_of(table, seat))


def seated_table(client: FlaskClient, game: str, players: list[dict[str, str]]
                 ) -> dict[str, Any]:
    """A table made through the API, each seat claimed by its own client."""
    created = client.post("/api/tables", json={"game": game, "players": players})
    assert created.status_code == 201, created.json
    tid = created.json["id"]
    return {"id": tid, "host": created.json["host_token"],
            "tokens": [client.post(f"/api/tables/{tid}/seats/{s}", anonymous=True
                                   ).json["token"] for s in range(len(players))]}


@pytest.fixture
def election(client: FlaskClient) -> dict[str, Any]:
    """An Election USA table, each seat on its own phone, in Ann's Advertising auction with
    Bob's bid of $9M sealed."""
    table = seated_table(client, "election-usa", ELECTION)
    took = act(client, table, {"type": "take", "seat": 0, "slot": 0, "card": MIDWEST},
               seat_of(table, 0))
    assert took.status_code == 200, took.json
    assert seal(client, table, 1, 9).status_code == 200
    return table


def bids(client: FlaskClient, table: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/tables/{table['id']}", headers=headers
                                       ).json["state"]["advertising"]["bids"]
    return found


def log_text(client: FlaskClient, table: dict[str, Any]) -> str:
    return client.get(f"/t/{table['id']}/log").get_data(as_text=True).replace("&#39;", "'")


def test_the_host_taking_a_sealed_seat_sees_it_locked_never_its_value(
        app: Flask, client: FlaskClient, election: dict[str, Any]) -> None:
    assert bids(client, election, seat_of(election, 1))["mine"] == 9
    before = version(client, election)
    taken = client.post(f"/api/tables/{election['id']}/seats/1", headers=host(election),
                        anonymous=True)
    assert taken.status_code == 201
    # The change of phone is an entry of the log every phone sees.
    assert version(client, election) == before + 1
    assert "The host took Bob's seat on another phone" in log_text(client, election)
    # The table page's recent entries show it too, not as an undone entry.
    live = app.test_client().get(f"/t/{election['id']}/live").get_data(as_text=True)
    entry = live.replace("&#39;", "'").split("The host took Bob's seat on another phone")[0]
    assert "undone" not in entry[entry.rfind("<li"):]
    now = {**host(election), "X-Seat-Token": taken.json["token"]}
    shown = bids(client, election, now)
    assert "mine" not in shown and shown["mine_hidden"] is True and 1 in shown["locked"]
    # The page of the host's phone, now holding Bob's seat, shows the seal locked, no amount.
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["hosts"] = {election["id"]: election["host"]}
        cookie["seats"] = {election["id"]: taken.json["token"]}
    page = phone.get(f"/t/{election['id']}/live").get_data(as_text=True)
    assert "$9M" not in page and 'value="9"' not in page
    assert 'id="my-bid-locked"' in page
    # It cannot be changed from there either; it still counts at the reveal.
    assert seal(client, election, 1, 1, now).status_code in (403, 422)
    assert seal(client, election, 0, 2).status_code == 200
    done = seal(client, election, 2, 3)
    assert done.status_code == 200
    shown_bids = {b["seat"]: b["bid"] for b in done.json["state"]["advertising"]["revealed"]}
    assert shown_bids == {0: 2, 1: 9, 2: 3}


def test_a_freed_seat_claimed_again_shows_its_seal_locked(client: FlaskClient,
                                                           election: dict[str, Any]) -> None:
    freed = client.delete(f"/api/tables/{election['id']}/seats/1", headers=host(election),
                          anonymous=True)
    assert freed.status_code in (200, 204), freed.get_data(as_text=True)
    assert "Bob's seat was freed" in log_text(client, election)
    claimed = client.post(f"/api/tables/{election['id']}/seats/1", anonymous=True)
    assert claimed.status_code == 201
    shown = bids(client, election, {"X-Seat-Token": claimed.json["token"]})
    assert "mine" not in shown and shown["mine_hidden"] is True


def test_a_seat_handed_over_shows_its_seal_locked(app: Flask, client: FlaskClient,
                                                  election: dict[str, Any]) -> None:
    with app.app_context():
        from companion.web.common import service
        tables = service()
        token = tables.request_seat(election["id"], 1)
        (request,) = tables.requests(election["id"])
        tables.decide(election["id"], request.id, True)
    assert "Bob's seat was handed over to another phone" in log_text(client, election)
    shown = bids(client, election, {"X-Seat-Token": token})
    assert "mine" not in shown and shown["mine_hidden"] is True
    # A seal made on the new phone after the hand-over is its own: shown there.
    v = version(client, election)
    undone = write(client, election, "undo", {"expected_version": v}, host(election))
    assert undone.status_code == 200  # the host takes Bob's old seal back, for the table
    assert seal(client, election, 1, 4, {"X-Seat-Token": token}).status_code == 200
    assert bids(client, election, {"X-Seat-Token": token})["mine"] == 4


def test_a_seat_change_entry_is_passed_by_undo_and_replay(client: FlaskClient,
                                                          election: dict[str, Any]) -> None:
    client.post(f"/api/tables/{election['id']}/seats/1", headers=host(election),
                anonymous=True)
    v = version(client, election)
    # The last entry in force is Bob's seal, not the seat change.
    undone = write(client, election, "undo", {"expected_version": v}, host(election))
    assert undone.status_code == 200
    assert undone.json["state"]["advertising"]["bids"]["locked"] == []


def _fundraising_then_auction(client: FlaskClient, table: dict[str, Any], high: int,
                              low: int) -> None:
    """Ann's Fundraising (high/low), her refill, then Bob takes the Midwest card."""
    ok = act(client, table, {"type": "take", "seat": 0, "slot": 1, "card": {
        "kind": "fundraising", "high": high, "low": low}}, seat_of(table, 0))
    assert ok.status_code == 200, ok.json
    ok = act(client, table, {"type": "refill", "seat": 0, "card": {
        "kind": "fundraising", "high": 4, "low": 1}}, seat_of(table, 0))
    assert ok.status_code == 200, ok.json
    ok = act(client, table, {"type": "take", "seat": 1, "slot": 0, "card": MIDWEST},
             seat_of(table, 1))
    assert ok.status_code == 200, ok.json


def test_a_correction_that_makes_a_seen_bid_illegal_opens_the_step_afresh(
        client: FlaskClient) -> None:
    table = seated_table(client, "election-usa", ELECTION)
    tid = table["id"]
    _fundraising_then_auction(client, table, 5, 2)  # a mistake: the card said 3/1
    # Bob bids all his $17M; everyone sees the bids.
    assert seal(client, table, 1, 17).status_code == 200
    assert seal(client, table, 0, 1).status_code == 200
    assert seal(client, table, 2, 2).status_code == 200
    # The table undoes back to the mistake (three seals, the reveal, the take, the refill,
    # the Fundraising) and enters the card as printed.
    for _ in range(7):
        undone = write(client, table, "undo", {"expected_version": version(client, table)},
                       host(table))
        assert undone.status_code == 200, undone.json
    assert client.get(f"/api/tables/{tid}").json["state"]["players"][1]["money"] == 15
    _fundraising_then_auction(client, table, 3, 1)
    state = client.get(f"/api/tables/{tid}").json["state"]
    assert state["players"][1]["money"] == 16
    # Bob's seen $17M is no longer legal: every seat bids afresh, Bob included.
    assert seal(client, table, 1, 16).status_code == 200
    assert seal(client, table, 0, 5).status_code == 200  # Ann's seen bid was 1
    done = seal(client, table, 2, 0)
    assert done.status_code == 200, done.json
    shown = {b["seat"]: b["bid"] for b in done.json["state"]["advertising"]["revealed"]}
    assert shown == {0: 5, 1: 16, 2: 0}


def test_a_seat_missing_at_a_reveal_now_may_bid_anything_after_its_undo(
        client: FlaskClient, election: dict[str, Any]) -> None:
    # Ann bids; Cy never does; the host calls the reveal now, then undoes it.
    assert seal(client, election, 0, 2).status_code == 200
    revealed = act(client, election, {"type": "reveal"}, host(election))
    assert revealed.status_code == 200, revealed.json
    undone = write(client, election, "undo", {"expected_version": version(client, election)},
                   host(election))
    assert undone.status_code == 200
    # Ann and Bob were seen; Cy was not: Cy locks in what she likes.
    assert seal(client, election, 2, 4).status_code == 200


STORM = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]


def test_a_storm_priority_card_taken_by_the_host_shows_locked_and_stays(
        app: Flask, client: FlaskClient) -> None:
    table = seated_table(client, "storm-candidate", STORM)
    tid = table["id"]
    assert seal(client, table, 1, 47).status_code == 200
    taken = client.post(f"/api/tables/{tid}/seats/1", headers=host(table), anonymous=True)
    now = {**host(table), "X-Seat-Token": taken.json["token"]}
    shown = client.get(f"/api/tables/{tid}", headers=now).json["state"]["priority"]
    assert "mine" not in shown and shown["mine_hidden"] is True
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["hosts"] = {tid: table["host"]}
        cookie["seats"] = {tid: taken.json["token"]}
    page = phone.get(f"/t/{tid}/live").get_data(as_text=True)
    assert 'id="my-seal-locked"' in page and 'id="priority-form"' not in page
    assert 'value="47"' not in page
    # Changing it from the host's phone is refused: the seal stays as Bob's phone made it.
    changed = seal(client, table, 1, 3, now)
    assert changed.status_code == 403 and changed.json["error"]["code"] == "seal_locked"
    done = seal(client, table, 0, 20)
    assert done.status_code == 200, done.json


def test_a_seat_change_on_postgresql_is_a_log_entry_every_process_reads(
        postgres_url: str) -> None:
    from companion import create_app
    from tests.conftest import HostClient

    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    app.test_client_class = HostClient
    client = app.test_client()
    table = seated_table(client, "storm-candidate", STORM)
    tid = table["id"]
    assert seal(client, table, 1, 47).status_code == 200
    taken = client.post(f"/api/tables/{tid}/seats/1", headers=host(table), anonymous=True)
    assert taken.status_code == 201
    now = {**host(table), "X-Seat-Token": taken.json["token"]}
    # Another process (another app on the same database) reads the same: the entry, the
    # version, and the seal locked on the new phone.
    other = create_app({"TESTING": True, "DATABASE_URL": postgres_url}).test_client()
    assert other.get(f"/api/tables/{tid}/version").json["version"] == 2
    shown = other.get(f"/api/tables/{tid}", headers=now).json["state"]["priority"]
    assert "mine" not in shown and shown["mine_hidden"] is True
    assert seal(client, table, 1, 3, now).json["error"]["code"] == "seal_locked"
    assert seal(client, table, 0, 20).status_code == 200


def test_an_entry_of_the_host_alone_is_undone_by_the_host_alone(
        app: Flask, client: FlaskClient, election: dict[str, Any]) -> None:
    corrected = act(client, election, {"type": "deck_size", "size": 50}, host(election))
    assert corrected.status_code == 200, corrected.json
    v = version(client, election)
    for seat in range(3):
        refused = write(client, election, "undo", {"expected_version": v},
                        seat_of(election, seat))
        assert refused.status_code == 403 and refused.json["error"]["code"] == "host_only"
    assert version(client, election) == v
    # A seated phone's undo bar says why, instead of offering it.
    phone = app.test_client()
    with phone.session_transaction() as cookie:
        cookie["seats"] = {election["id"]: election["tokens"][1]}
    assert "Only the host can do this." in phone.get(
        f"/t/{election['id']}/live").get_data(as_text=True)
    undone = write(client, election, "undo", {"expected_version": v}, host(election))
    assert undone.status_code == 200


# ---------------------------------------------------------------------------- the pages


def _phones(app: Flask) -> tuple[str, list[FlaskClient]]:
    phones = [app.test_client() for _ in range(3)]
    response = phones[0].post("/new/election-usa", data={
        "player.name": ["Ann", "Bob", "Cy"], "player.colour": ["red", "blue", "green"]})
    assert response.status_code == 302
    table_id = response.location.rsplit("/", 1)[-1]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
    return table_id, phones


def _post(phone: FlaskClient, table_id: str, fields: dict[str, str]) -> Any:
    version = phone.get(f"/api/tables/{table_id}/version").json["version"]
    return phone.post(f"/t/{table_id}/act", data={"expected_version": str(version), **fields},
                      headers={"X-Requested-With": "fetch"})


def _text(phone: FlaskClient, path: str) -> str:
    return phone.get(path).get_data(as_text=True).replace("&#39;", "'")


def test_on_the_pages_a_host_taking_a_bidder_s_seat_never_sees_the_bid(app: Flask) -> None:
    table_id, (ann, bob, cy) = _phones(app)  # Ann's phone is the host's
    took = _post(ann, table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                 "a.card.kind": "advertising", "a.card.region": "midwest",
                                 "a.card.pawns": "3"})
    assert took.status_code == 200, took.get_data(as_text=True)
    assert _post(bob, table_id, {"a.type": "seal", "a.seat": "1", "a.value": "9"}
                 ).status_code == 200
    assert 'id="my-bid"' in _text(bob, f"/t/{table_id}")  # Bob's own phone shows it
    # The host's phone taps Bob's name: the seat moves at once, and the log says so.
    ann.post(f"/t/{table_id}/claim", data={"seat": "1"})
    page = _text(ann, f"/t/{table_id}")
    assert 'id="my-bid-locked"' in page and "$9M" not in page and 'id="my-bid"' not in page
    for phone in (ann, bob, cy):
        assert "The host took Bob's seat on another phone" in _text(phone, f"/t/{table_id}/log")
    # A seat handed over on request shows it locked as well.
    spare = app.test_client()
    spare.post(f"/t/{table_id}/claim", data={"seat": "1"})  # asks; the host hands it over
    with app.app_context():
        from companion.web.common import service
        (request,) = service().requests(table_id)
    ann.post(f"/t/{table_id}/requests/{request.id}/approve")
    page = _text(spare, f"/t/{table_id}")
    assert 'id="my-bid-locked"' in page and "$9M" not in page
    assert "Bob's seat was handed over to another phone" in _text(cy, f"/t/{table_id}/log")
