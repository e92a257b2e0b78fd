"""Abuse limits: tables, profiles and uncached PDF builds per client address, and edition
profiles that belong to the phone that saved them."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion import create_app
from companion.web.limits import RateLimited, client_of, hit_shared

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "orange"}]


@pytest.fixture
def strict(tmp_path: Path) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite'}",
                      "SECRET_KEY": "l", "RATE_LIMIT": 3})
    return app


def test_table_creation_is_limited_per_address_with_retry_after(strict: Flask) -> None:
    client = strict.test_client()
    for _ in range(3):
        assert client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                                "players": PLAYERS}).status_code == 201
    refused = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    assert refused.status_code == 429 and refused.json["error"]["code"] == "rate_limited"
    assert 1 <= int(refused.headers["Retry-After"]) <= 61
    other = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS},
                        environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201  # another address has its own count


def test_the_window_rolls_over(strict: Flask) -> None:
    with strict.app_context():
        for _ in range(2):
            hit_shared("x", "a", 2, now=120.0)
        with pytest.raises(RateLimited) as raised:
            hit_shared("x", "a", 2, now=150.0)
        assert raised.value.retry_after == 31
        hit_shared("x", "a", 2, now=180.0)


def test_every_process_of_the_server_counts_the_same_requests(tmp_path: Path) -> None:
    """Two app processes over one database (two gunicorn workers, a hall's two servers):
    the limit is the server's, not each process's."""
    url = f"sqlite:///{tmp_path / 'shared.sqlite'}"
    one, two = (create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "l",
                            "RATE_LIMIT": 3}) for _ in range(2))
    new = {"game": "casse-toi-pov-con", "players": PLAYERS}
    answers = [app.test_client().post("/api/tables", json=new).status_code
               for app in (one, two, one, two)]
    assert answers == [201, 201, 201, 429]


@pytest.mark.parametrize("addresses", [
    [f"127.0.0.{n}" for n in range(2, 6)],
    ["::1", "127.0.0.1", "127.9.9.9", "127.0.0.2"],
    [f"2001:db8::{n}" for n in range(1, 5)],
])
def test_a_machines_many_addresses_are_one_client(strict: Flask, addresses: list[str]) -> None:
    client = strict.test_client()
    new = {"game": "casse-toi-pov-con", "players": PLAYERS}
    answers = [client.post("/api/tables", json=new, environ_base={"REMOTE_ADDR": a}).status_code
               for a in addresses]
    assert answers == [201, 201, 201, 429]
    assert client_of("2001:db8::1") == client_of("2001:db8::ffff") != client_of("2001:db9::1")


FORM = {"player.name": ["Ann", "Bob"], "player.party": ["blue", "orange"],
        "option.track_top": "12", "option.start_space": "2", "option.marine_start": "0"}


def test_profiles_belong_to_the_phone_that_saved_them(app: Flask) -> None:
    mine, theirs = app.test_client(), app.test_client()
    assert mine.post("/new/casse-toi-pov-con",
                     data={**FORM, "save_profile": "Our copy"}).status_code == 302
    assert "Our copy" in mine.get("/new/casse-toi-pov-con").get_data(as_text=True)
    page = theirs.get("/new/casse-toi-pov-con").get_data(as_text=True)
    assert "Our copy" not in page
    from sqlalchemy import select

    from companion.db import EditionProfile, get_db

    with app.app_context(), get_db().read() as session:
        profile_id = session.scalar(select(EditionProfile.id))
    assert theirs.post(f"/profiles/{profile_id}/delete").status_code == 403
    assert mine.post(f"/profiles/{profile_id}/delete").status_code == 302
    assert "Our copy" not in mine.get("/new/casse-toi-pov-con").get_data(as_text=True)
