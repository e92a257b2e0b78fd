"""Two phones writing against the same version: exactly one wins, nothing is lost.

Each writer is a separate app (its own engine, connection pool and state cache) over one
database, as two server processes would be. ``race`` runs on SQLite here and on PostgreSQL in
``test_postgres.py``.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion import create_app

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]


def draw(seat: int) -> dict[str, Any]:
    return {"type": "draw", "seat": seat, "stress": 0, "stars": 1, "corner": None}


def race(database_url: str, rounds: int) -> None:
    """``rounds`` times, both apps write on the same version at once; the loser retries."""
    apps = [create_app({"TESTING": True, "DATABASE_URL": database_url}) for _ in range(2)]
    clients = [a.test_client() for a in apps]
    tid = clients[0].post("/api/tables", json={"game": "casse-toi-pov-con",
                                               "players": PLAYERS}).json["id"]
    # Each app serves one seat's phone.
    seat_headers = [{"X-Seat-Token": clients[seat].post(f"/api/tables/{tid}/seats/{seat}")
                     .json["token"]} for seat in (0, 1)]
    for version in range(0, 2 * rounds, 2):
        barrier = threading.Barrier(2)
        statuses: dict[int, int] = {}

        def write(seat: int, version: int = version, barrier: threading.Barrier = barrier,
                  statuses: dict[int, int] = statuses) -> None:
            barrier.wait()
            response = clients[seat].post(f"/api/tables/{tid}/actions", json={
                "expected_version": version, "action": draw(seat)}, headers=seat_headers[seat])
            statuses[seat] = response.status_code

        threads = [threading.Thread(target=write, args=(seat,)) for seat in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses.values()) == [200, 409], statuses
        loser = next(seat for seat, status in statuses.items() if status == 409)
        # The loser reloads and writes again: nothing is lost.
        retry = clients[loser].post(f"/api/tables/{tid}/actions", json={
            "expected_version": version + 1, "action": draw(loser)}, headers=seat_headers[loser])
        assert retry.status_code == 200
    final = clients[1].get(f"/api/tables/{tid}").json
    assert final["version"] == 2 * rounds
    assert [len(p["walk"]) for p in final["state"]["players"]] == [rounds, rounds]
    # Both apps agree on the state, though each folded the log on its own.
    assert clients[0].get(f"/api/tables/{tid}").json == final
    for a in apps:
        a.extensions["companion_db"].engine.dispose()


def test_two_writers_on_one_version(tmp_path: Path) -> None:
    race(f"sqlite:///{tmp_path / 'race.sqlite'}", rounds=25)
