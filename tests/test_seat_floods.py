"""Seat requests a griefer cannot flood: a seat keeps 3 open requests at most and a table 6
(the next ones answered 429, the host's screen kept short), one address asks at the rate
limit, and the host (or a seat's holder, for its seat) refuses them all in one tap."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from companion import create_app
from companion.tables import MAX_REQUESTS_PER_SEAT, MAX_REQUESTS_PER_TABLE, TableService

PLAYERS = [{"name": n, "party": p} for n, p in (("Ann", "blue"), ("Bob", "pink"),
                                                ("Cy", "green"), ("Dee", "orange"))]


def seated_table(app: Flask) -> tuple[str, str, object, list[object]]:
    """A table whose four seats are held by four phones; the host's phone besides."""
    host = app.test_client()
    made = host.post("/new/casse-toi-pov-con", data={
        "player.name": [p["name"] for p in PLAYERS],
        "player.party": [p["party"] for p in PLAYERS]})
    table_id = made.headers["Location"].rsplit("/", 1)[1]
    phones = []
    for seat in range(4):
        phone = app.test_client()
        assert phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)}).status_code == 302
        phones.append(phone)
    return table_id, "", host, phones


def ask(app: Flask, table_id: str, seat: int, address: str) -> int:
    stranger = app.test_client()
    stranger.get(f"/t/{table_id}", environ_base={"REMOTE_ADDR": address})
    return stranger.post(f"/t/{table_id}/claim", data={"seat": str(seat)},
                         environ_base={"REMOTE_ADDR": address}).status_code


def pending(app: Flask, table_id: str) -> list[int]:
    return [r.seat for r in TableService(app.extensions["companion_db"]).requests(table_id)]


def test_a_flood_of_phones_asking_for_a_seat_is_bounded(app: Flask) -> None:
    table_id, _, host, _phones = seated_table(app)
    answers = [ask(app, table_id, 0, f"10.0.1.{n}") for n in range(1, 21)]
    assert answers == [302] * MAX_REQUESTS_PER_SEAT + [429] * (20 - MAX_REQUESTS_PER_SEAT)
    answers = [ask(app, table_id, seat, f"10.0.2.{seat}{n}") for seat in (1, 2, 3)
               for n in range(3)]
    assert answers.count(302) == MAX_REQUESTS_PER_TABLE - MAX_REQUESTS_PER_SEAT
    assert len(pending(app, table_id)) == MAX_REQUESTS_PER_TABLE
    page = host.get(f"/t/{table_id}").get_data(as_text=True)  # type: ignore[attr-defined]
    assert page.count("Hand it over") == MAX_REQUESTS_PER_TABLE
    assert f"Refuse all {MAX_REQUESTS_PER_TABLE} seat requests" in page


def test_one_address_asks_at_the_rate_limit(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "RATE_LIMIT": 2,
                      "DATABASE_URL": f"sqlite:///{tmp_path / 'r.sqlite'}"})
    phone = app.test_client()
    made = phone.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    table_id = made.get_json()["id"]
    holder = app.test_client()
    holder.post(f"/t/{table_id}/claim", data={"seat": "1"}, environ_base={
        "REMOTE_ADDR": "10.9.9.9"})
    answers = [ask(app, table_id, 1, "10.0.0.7") for _ in range(4)]
    assert answers == [302, 302, 429, 429]


def test_refuse_all_in_one_tap(app: Flask) -> None:
    table_id, _, host, phones = seated_table(app)
    for n in range(2):
        ask(app, table_id, 0, f"10.0.3.{n}")
    ask(app, table_id, 1, "10.0.3.9")
    # the holder of seat 0 refuses the two for its seat, not the one for seat 1
    holder = phones[0]
    page = holder.get(f"/t/{table_id}").get_data(as_text=True)  # type: ignore[attr-defined]
    assert "Refuse all 2 seat requests" in page
    assert holder.post(f"/t/{table_id}/requests/refuse-all").status_code in (302, 303)  # type: ignore[attr-defined]
    assert pending(app, table_id) == [1]
    assert host.post(f"/t/{table_id}/requests/refuse-all").status_code in (302, 303)  # type: ignore[attr-defined]
    assert pending(app, table_id) == []
    # a phone without a seat refuses nothing
    ask(app, table_id, 2, "10.0.3.20")
    stranger = app.test_client()
    assert stranger.post(f"/t/{table_id}/requests/refuse-all").status_code in (302, 303, 403)
    assert pending(app, table_id) == [2]
