"""Who may do what at a table: the host, the seats, the watchers, through the API.

Each refusal is a 403 with a stable code, and changes nothing; a taken seat is never taken
over by a tap; undoing past a reveal is the host's alone and reopens no secret; a retried
write (same Idempotency-Key) is applied once, across app processes too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "orange"},
           {"name": "Cy", "party": "pink"}]
EDGAR = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
         {"name": "Cy", "colour": "yellow"}]
IMMOBILE = {"kind": "immobile"}


def draw(seat: int, stress: int = 1) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "stress": stress, "stars": 0, "corner": None}


@pytest.fixture
def seated(client: FlaskClient) -> dict[str, Any]:
    """A Casse-toi table made through the API, each seat claimed by its own client."""
    created = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    tid = created.json["id"]
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", anonymous=True).json["token"]
              for s in range(3)]
    return {"id": tid, "host": created.json["host_token"], "tokens": tokens}


def as_seat(table: dict[str, Any], seat: int) -> dict[str, str]:
    return {"X-Seat-Token": table["tokens"][seat]}


def write(client: FlaskClient, table: dict[str, Any], path: str, body: dict[str, Any],
          headers: dict[str, str] | None = None) -> Any:
    return client.post(f"/api/tables/{table['id']}/{path}", json=body,
                       headers=headers or {}, anonymous=True)


def version(client: FlaskClient, table: dict[str, Any]) -> int:
    return int(client.get(f"/api/tables/{table['id']}/version").json["version"])


def test_the_host_token_is_given_once_in_the_201(client: FlaskClient,
                                                 seated: dict[str, Any]) -> None:
    assert len(seated["host"]) >= 24
    body = client.get(f"/api/tables/{seated['id']}").json
    assert seated["host"] not in json.dumps(body)
    forged = write(client, seated, "actions", {"expected_version": 0, "action": draw(0)},
                   {"X-Host-Token": "not-the-host"})
    assert forged.status_code == 403 and forged.json["error"]["code"] == "not_host"


def test_a_taken_seat_answers_409_unless_the_host_asks(client: FlaskClient,
                                                       seated: dict[str, Any]) -> None:
    url = f"/api/tables/{seated['id']}/seats/1"
    taken = client.post(url, anonymous=True)
    assert taken.status_code == 409 and taken.json["error"]["code"] == "seat_taken"
    # The holder still holds it.
    assert write(client, seated, "actions", {"expected_version": 0, "action": draw(1)},
                 as_seat(seated, 1)).status_code == 200
    moved = client.post(url, headers={"X-Host-Token": seated["host"]}, anonymous=True)
    assert moved.status_code == 201
    old = write(client, seated, "actions", {"expected_version": 1, "action": draw(1)},
                as_seat(seated, 1))
    assert old.status_code == 403 and "moved to another phone" in old.json["error"]["message"]
    # The seat's change of phone is an entry of the log (version 2), which every phone sees.
    assert client.get(f"/api/tables/{seated['id']}/version").json["version"] == 2
    log = client.get(f"/t/{seated['id']}/log").get_data(as_text=True)
    assert "took Bob&#39;s seat on another phone" in log or "took Bob's seat" in log, log
    new = write(client, seated, "actions", {"expected_version": 2, "action": draw(1)},
                {"X-Seat-Token": moved.json["token"]})
    assert new.status_code == 200


@pytest.mark.parametrize("sender, status, code", [
    ("anonymous", 403, "not_seated"),
    ("other seat", 403, "not_your_seat"),
    ("own seat", 200, None),
    ("host", 200, None),
])
def test_a_seat_s_action_comes_from_that_seat_or_the_host(
        client: FlaskClient, seated: dict[str, Any], sender: str, status: int,
        code: str | None) -> None:
    headers = {"anonymous": {}, "other seat": as_seat(seated, 2), "own seat": as_seat(seated, 0),
               "host": {"X-Host-Token": seated["host"]}}[sender]
    response = write(client, seated, "actions", {"expected_version": 0, "action": draw(0)},
                     headers)
    assert response.status_code == status, response.json
    if code:
        assert response.json["error"]["code"] == code
        assert version(client, seated) == 0  # nothing changed
        if sender == "other seat":
            assert "Ann" in response.json["error"]["message"]
    else:
        # an anonymous sender still may not act for the whole table (end by agreement)
        assert write(client, seated, "actions", {"expected_version": 1,
                                                 "action": {"type": "end_walk"}},
                     {}).json["error"]["code"] == "not_seated"


def test_a_whole_table_action_comes_from_any_seated_phone(client: FlaskClient,
                                                          seated: dict[str, Any]) -> None:
    results = [{"seat": s, "cards": 4, "cracked": False, "journalists": 0, "marine_cards": 0,
                "stars": 0, "forgot_marine": False} for s in range(3)]
    body = {"expected_version": 0, "action": {"type": "score_round", "results": results}}
    assert write(client, seated, "actions", body).status_code == 403
    assert write(client, seated, "actions", body, as_seat(seated, 2)).status_code == 200


def test_undo_and_redo_of_another_seat_s_entry_need_that_seat_or_the_host(
        client: FlaskClient, seated: dict[str, Any]) -> None:
    write(client, seated, "actions", {"expected_version": 0, "action": draw(0)}, as_seat(seated, 0))
    refused = write(client, seated, "undo", {"expected_version": 1}, as_seat(seated, 1))
    assert refused.status_code == 403 and refused.json["error"]["code"] == "not_your_seat"
    assert write(client, seated, "undo", {"expected_version": 1}).status_code == 403
    assert version(client, seated) == 1
    assert write(client, seated, "undo", {"expected_version": 1}, as_seat(seated, 0)).status_code \
        == 200
    assert write(client, seated, "redo", {"expected_version": 2}, as_seat(seated, 1)).status_code \
        == 403
    assert write(client, seated, "redo", {"expected_version": 2},
                 {"X-Host-Token": seated["host"]}).status_code == 200


def test_only_the_host_frees_a_seat_or_deletes_the_table(client: FlaskClient,
                                                         seated: dict[str, Any]) -> None:
    url = f"/api/tables/{seated['id']}"
    assert client.delete(f"{url}/seats/1", headers=as_seat(seated, 0),
                         anonymous=True).status_code == 403
    assert client.delete(f"{url}/seats/1", headers={"X-Host-Token": seated["host"]},
                         anonymous=True).status_code == 204
    assert client.post(f"{url}/seats/1", anonymous=True).status_code == 201  # free again
    assert client.delete(url, headers=as_seat(seated, 0), anonymous=True).status_code == 403
    assert client.delete(url, headers={"X-Host-Token": seated["host"]},
                         anonymous=True).status_code == 204
    assert client.get(url).status_code == 404


# ---------------------------------------------------------------------------- secrets

@pytest.fixture
def programming(client: FlaskClient) -> dict[str, Any]:
    """An Edgar & Lucien table in its first programming phase, seats claimed."""
    created = client.post("/api/tables", json={"game": "edgar-et-lucien", "players": EDGAR})
    tid = created.json["id"]
    host = {"X-Host-Token": created.json["host_token"]}
    tokens = [client.post(f"/api/tables/{tid}/seats/{s}", anonymous=True).json["token"]
              for s in range(3)]
    table = {"id": tid, "host": created.json["host_token"], "tokens": tokens}
    state = client.get(f"/api/tables/{tid}").json["state"]
    districts = iter(["opera-row", "central-bank", "city-hall"])
    v = 0
    for seat in state["order"]:
        response = write(client, table, "actions", {"expected_version": v, "action": {
            "type": "place", "seat": seat, "district": next(districts)}}, host)
        assert response.status_code == 200, response.json
        v += 1
    return table


def programme(edgar: dict[str, Any]) -> dict[str, Any]:
    return {"edgar": edgar, "lucien": IMMOBILE}


BORDER = {"kind": "border", "colour": "yellow"}


def seal(client: FlaskClient, table: dict[str, Any], seat: int, value: Any) -> Any:
    return write(client, table, "actions", {"expected_version": version(client, table),
                                            "action": {"type": "seal", "seat": seat,
                                                       "value": value}}, as_seat(table, seat))


def test_the_last_seal_is_revealed_by_the_platform_as_its_own_entry(
        client: FlaskClient, programming: dict[str, Any]) -> None:
    start = version(client, programming)
    for seat in range(3):
        assert seal(client, programming, seat, programme(IMMOBILE)).status_code == 200
    assert version(client, programming) == start + 4  # three seals and the reveal
    state = client.get(f"/api/tables/{programming['id']}").json["state"]
    assert state["phase"] == "actions" and state["programming"] is None


def test_a_seat_cannot_undo_a_reveal_and_the_host_s_undo_reopens_no_secret(
        client: FlaskClient, programming: dict[str, Any]) -> None:
    for seat in range(3):
        seal(client, programming, seat, programme(BORDER if seat == 0 else IMMOBILE))
    v = version(client, programming)
    for seat in range(3):
        refused = write(client, programming, "undo", {"expected_version": v},
                        as_seat(programming, seat))
        assert refused.status_code == 403
        assert refused.json["error"]["code"] == "reveal_host_only"
    assert write(client, programming, "undo", {"expected_version": v}).status_code == 403
    assert version(client, programming) == v
    undone = write(client, programming, "undo", {"expected_version": v},
                   {"X-Host-Token": programming["host"]})
    assert undone.status_code == 200
    state = undone.json["state"]
    assert state["phase"] == "programming"
    assert state["programming"]["locked"] == [0, 1, 2]  # every seal back, locked as it was
    # Ann saw that Bob stays put: she may not change her moves now.
    changed = seal(client, programming, 0, programme(IMMOBILE))
    assert changed.status_code == 422 and changed.json["error"]["code"] == "sealed_seen"
    # The host undoes Cy's seal too: Cy may lock the same moves again, and nothing else.
    v = version(client, programming)
    assert write(client, programming, "undo", {"expected_version": v},
                 {"X-Host-Token": programming["host"]}).status_code == 200
    assert seal(client, programming, 2, programme(BORDER)).json["error"]["code"] == \
        "sealed_seen"
    again = seal(client, programming, 2, programme(IMMOBILE))
    assert again.status_code == 200 and again.json["state"]["phase"] == "actions"


def test_a_seat_cannot_take_back_a_seal_everyone_saw(client: FlaskClient,
                                                      programming: dict[str, Any]) -> None:
    for seat in range(3):
        seal(client, programming, seat, programme(BORDER if seat == 2 else IMMOBILE))
    host = {"X-Host-Token": programming["host"]}
    assert write(client, programming, "undo", {"expected_version": version(
        client, programming)}, host).status_code == 200  # the reveal, undone
    # Cy's seal is the last entry: undone by Cy, the next reveal would show no moves for her.
    v = version(client, programming)
    refused = write(client, programming, "undo", {"expected_version": v}, as_seat(programming, 2))
    assert refused.status_code == 403 and refused.json["error"]["code"] == "sealed_seen"
    assert version(client, programming) == v
    state = client.get(f"/api/tables/{programming['id']}", headers=as_seat(programming, 2)).json
    assert state["state"]["programming"]["mine"]["edgar"] == BORDER


ELECTION = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
            {"name": "Cy", "colour": "green"}]


def test_an_election_bid_stays_as_sealed_even_through_its_seat_s_undo(
        client: FlaskClient) -> None:
    created = client.post("/api/tables", json={"game": "election-usa", "players": ELECTION})
    assert created.status_code == 201, created.json
    table = {"id": created.json["id"], "host": created.json["host_token"],
             "tokens": [client.post(f"/api/tables/{created.json['id']}/seats/{s}",
                                    anonymous=True).json["token"] for s in range(3)]}
    took = write(client, table, "actions", {"expected_version": version(client, table), "action": {
        "type": "take", "seat": 0, "slot": 0,
        "card": {"kind": "advertising", "region": "midwest", "pawns": 3}}}, as_seat(table, 0))
    assert took.status_code == 200, took.json
    assert seal(client, table, 1, 7).status_code == 200
    v = version(client, table)
    refused = write(client, table, "undo", {"expected_version": v}, as_seat(table, 1))
    assert refused.status_code == 403 and refused.json["error"]["code"] == "seal_final"
    assert version(client, table) == v
    assert seal(client, table, 1, 2).json["error"]["code"] == "already_sealed"
    mine = client.get(f"/api/tables/{table['id']}", headers=as_seat(table, 1)).json
    assert mine["state"]["advertising"]["bids"]["mine"] == 7
    # The host may, for the table (a bid typed wrong, the table agreeing): every phone sees it.
    undone = write(client, table, "undo", {"expected_version": v},
                   {"X-Host-Token": table["host"]})
    assert undone.status_code == 200
    assert seal(client, table, 1, 2).status_code == 200


def without_seat_choice(html: str) -> str:
    return re.sub(r'<section class="card" id="who">.*?</section>', "", html, flags=re.S)


def test_asking_for_a_seat_shows_none_of_its_secrets(app: Flask,
                                                     programming: dict[str, Any]) -> None:
    seal_client = app.test_client()
    seal(seal_client, programming, 1, programme(BORDER))
    table_page = f"/t/{programming['id']}"
    spy = app.test_client()
    spy.post(f"{table_page}/claim", data={"seat": "1"})
    assert "data-asked" in spy.get(table_page).get_data(as_text=True)
    stranger = app.test_client()
    for page in (f"{table_page}/live", f"{table_page}/log"):
        # The phone that asked sees exactly what a stranger sees: no secret of the seat
        # (apart from its own seat choice, its request and forms, in the live view).
        assert without_seat_choice(spy.get(page).get_data(as_text=True)) == \
            without_seat_choice(stranger.get(page).get_data(as_text=True))
    api = spy.get(f"/api/tables/{programming['id']}").json
    assert "mine" not in api["state"]["programming"]
    # Bob's own phone sees it.
    mine = spy.get(f"/api/tables/{programming['id']}", headers=as_seat(programming, 1)).json
    assert mine["state"]["programming"]["mine"]["edgar"] == BORDER


# ---------------------------------------------------------------------------- retries

def test_the_same_idempotency_key_is_applied_once(client: FlaskClient,
                                                  seated: dict[str, Any]) -> None:
    headers = {**as_seat(seated, 0), "Idempotency-Key": "tap-1"}
    body = {"expected_version": 0, "action": draw(0, 3)}
    first = write(client, seated, "actions", body, headers)
    again = write(client, seated, "actions", body, headers)
    assert first.status_code == again.status_code == 200
    assert first.json == again.json and version(client, seated) == 1
    state = client.get(f"/api/tables/{seated['id']}").json["state"]
    assert [c["stress"] for c in state["players"][0]["walk"]] == [3]
    # The first reply stays the reply, even once the table moved on.
    write(client, seated, "actions", {"expected_version": 1, "action": draw(1)}, as_seat(seated, 1))
    assert write(client, seated, "actions", body, headers).json["version"] == 1
    assert version(client, seated) == 2
    bad = write(client, seated, "actions", body, {**as_seat(seated, 0), "Idempotency-Key": "é"})
    assert bad.status_code == 400 and bad.json["error"]["code"] == "bad_idempotency_key"


def test_a_key_used_again_by_another_phone_or_for_another_write_is_a_request_of_its_own(
        client: FlaskClient, seated: dict[str, Any]) -> None:
    first = {"expected_version": 0, "action": draw(0, 3)}
    ann, bob = ({**as_seat(seated, seat), "Idempotency-Key": "1"} for seat in (0, 1))
    assert write(client, seated, "actions", first, ann).json["version"] == 1
    # Bob's phone counts its keys from 1 too: his draw is his, and is written.
    mine = write(client, seated, "actions", {"expected_version": 1, "action": draw(1, 2)}, bob)
    assert mine.status_code == 200 and mine.json["version"] == 2
    # A phone without a seat is not answered with Ann's reply: it is refused as itself.
    stranger = write(client, seated, "actions", {"expected_version": 2, "action": draw(0, 3)},
                     {"Idempotency-Key": "1"})
    assert stranger.status_code == 403 and stranger.json["error"]["code"] == "not_seated"
    # Ann's key on another endpoint or another body: checked and applied as such.
    undo = write(client, seated, "undo", {"expected_version": 2}, ann)
    assert undo.status_code == 403 and undo.json["error"]["code"] == "not_your_seat"
    other = write(client, seated, "actions", {"expected_version": 2, "action": draw(0, 1)}, ann)
    assert other.status_code == 200 and other.json["version"] == 3
    # The very first request, sent again: its first reply, nothing written twice.
    assert write(client, seated, "actions", first, ann).json["version"] == 1
    assert version(client, seated) == 3
    state = client.get(f"/api/tables/{seated['id']}").json["state"]
    assert [c["stress"] for c in state["players"][0]["walk"]] == [3, 1]
    assert [c["stress"] for c in state["players"][1]["walk"]] == [2]


def test_a_retry_through_another_app_process_is_applied_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    first_app, second_app = (create_app({"TESTING": True, "DATABASE_URL": url,
                                         "SECRET_KEY": "s"}) for _ in range(2))
    one, two = first_app.test_client(), second_app.test_client()
    created = one.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    tid = created.json["id"]
    token = one.post(f"/api/tables/{tid}/seats/0").json["token"]
    headers = {"X-Seat-Token": token, "Idempotency-Key": "k-42"}
    body = {"expected_version": 0, "action": draw(0, 2)}
    assert one.post(f"/api/tables/{tid}/actions", json=body, headers=headers).status_code == 200
    retried = two.post(f"/api/tables/{tid}/actions", json=body, headers=headers)
    assert retried.status_code == 200 and retried.json["version"] == 1
    assert two.get(f"/api/tables/{tid}/version").json["version"] == 1
    for app in (first_app, second_app):
        app.extensions["companion_db"].engine.dispose()


def test_a_page_form_re_sent_with_its_key_is_applied_once(app: Flask) -> None:
    phone = app.test_client()
    created = phone.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    tid = created.json["id"]
    phone.post(f"/t/{tid}/claim", data={"seat": "0"})
    form = {"expected_version": "0", "a.type": "draw", "a.seat": "0", "a.stress": "2",
            "a.stars": "0", "a.corner": ""}
    for _ in range(2):
        phone.post(f"/t/{tid}/act", data=form, headers={"Idempotency-Key": "tap-7",
                                                         "X-Requested-With": "fetch"})
    assert phone.get(f"/api/tables/{tid}/version").json["version"] == 1
