"""Abuse limits: tables, profiles and uncached PDF builds per client address, and edition
profiles that belong to the phone that saved them."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion import create_app
from companion.web.limits import Limiter, RateLimited

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


def test_the_window_rolls_over() -> None:
    limiter = Limiter()
    for _ in range(2):
        limiter.hit("x", "a", 2, now=120.0)
    with pytest.raises(RateLimited) as raised:
        limiter.hit("x", "a", 2, now=150.0)
    assert raised.value.retry_after == 31
    limiter.hit("x", "a", 2, now=180.0)


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
