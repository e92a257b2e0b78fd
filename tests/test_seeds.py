"""Dice and shuffles nobody can predict: the server draws every table's seed (256 random
bits) and refuses one sent by a phone, through the API or the new-table form; a server
configured for tests (``COMPANION_ACCEPT_SEEDS``) may take them."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask

from companion import create_app
from companion.db import TableRow
from companion.games.base import MAX_SEED, SEED_BITS

SEEDED = ["mourir-pour-le-rock", "edgar-et-lucien", "storm-candidate"]


def players(game: str) -> list[dict[str, str]]:
    from companion.games import GAMES

    return list(GAMES[game].example_players(GAMES[game].MIN_PLAYERS))


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    """The server as it runs for a group: seeds are its own."""
    monkeypatch.delenv("COMPANION_ACCEPT_SEEDS", raising=False)
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATE_LIMIT": 100_000,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'seeds.sqlite'}"})


@pytest.mark.parametrize("game", SEEDED)
def test_a_phone_cannot_choose_the_seed(server: Flask, game: str) -> None:
    client = server.test_client()
    answer = client.post("/api/tables", json={"game": game, "players": players(game),
                                              "options": {"seed": 9}})
    assert answer.status_code == 400
    assert answer.get_json()["error"]["code"] == "seed_refused"
    form = {"player.name": [p["name"] for p in players(game)],
            "player.colour": [p["colour"] for p in players(game)], "option.seed": "9"}
    page = client.post(f"/new/{game}", data=form)
    assert page.status_code == 400 and "draws the dice" in page.get_data(as_text=True)
    with server.extensions["companion_db"].read() as session:
        assert session.query(TableRow).count() == 0


@pytest.mark.parametrize("game", SEEDED)
def test_the_server_draws_a_secret_of_256_bits(server: Flask, game: str) -> None:
    client = server.test_client()
    seeds = []
    for _ in range(8):
        answer = client.post("/api/tables", json={"game": game, "players": players(game)})
        assert answer.status_code == 201
        body = answer.get_json()
        assert "seed" not in str(body["state"]).lower()  # never shown to a phone
        with server.extensions["companion_db"].read() as session:
            seeds.append(session.get(TableRow, body["id"]).options["seed"])
    assert len(set(seeds)) == 8 and all(0 <= s <= MAX_SEED for s in seeds)
    # eight draws of 256 bits: one at least above 2**248 but for a 2**-64 chance
    assert max(seeds).bit_length() > SEED_BITS - 8


def test_a_server_configured_for_tests_takes_a_seed(app: Flask) -> None:
    answer = app.test_client().post("/api/tables", json={
        "game": "storm-candidate", "players": players("storm-candidate"),
        "options": {"seed": 9}})
    assert answer.status_code == 201
