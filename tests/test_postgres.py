"""The same tables on PostgreSQL: DATABASE_URL points the same code at a real server.

A private PostgreSQL cluster is started for the session (initdb into a temporary folder,
listening on a Unix socket only); ``tests/run.sh`` installs PostgreSQL when it is missing.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import HostClient
from test_races import race

from companion import create_app


def _as_postgres(command: list[str]) -> list[str]:
    """initdb refuses to run as root: run the server tools as the postgres user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    given = os.environ.get("COMPANION_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail("PostgreSQL is not installed: run `bash tests/run.sh`, which installs it "
                    "(Debian package postgresql), or set COMPANION_TEST_POSTGRES_URL")
    bin_dir = Path(found[-1]).parent
    # Not under pytest's own temporary folder: the postgres user cannot enter it.
    folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
    data, sockets = folder / "data", folder / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
    subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l",
                                 str(folder / "log"), "-o",
                                 f"-k {sockets} -c listen_addresses='' -p 55432", "start"]),
                   check=True, capture_output=True)
    try:
        subprocess.run(_as_postgres([str(bin_dir / "createdb"), "-h", str(sockets), "-p",
                                     "55432", "-U", "postgres", "companion"]),
                       check=True, capture_output=True)
        yield f"postgresql+psycopg://postgres@/companion?host={sockets}&port=55432"
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                                     "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


def result(seat: int, cards: int = 4, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "cards": cards, "cracked": False, "journalists": 0,
            "marine_cards": 0, "stars": 0, "forgot_marine": False, **extra}


def test_a_table_plays_undoes_and_corrects_on_postgresql(postgres_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    app.test_client_class = HostClient  # the client that creates the table is its host
    client = app.test_client()
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    tid = client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                           "players": players}).json["id"]
    first = client.post(f"/api/tables/{tid}/actions", json={
        "expected_version": 0, "action": {"type": "score_round", "results": [
            result(0, 5), result(1, 4, marine_cards=1)]}}).json
    assert [p["popularity"] for p in first["state"]["players"]] == [2 + 1 + 1 + 2, 3]
    stale = client.post(f"/api/tables/{tid}/actions", json={
        "expected_version": 0, "action": {"type": "end_walk"}})
    assert stale.status_code == 409
    undone = client.post(f"/api/tables/{tid}/undo", json={"expected_version": 1}).json
    assert [p["popularity"] for p in undone["state"]["players"]] == [2, 2]
    redone = client.post(f"/api/tables/{tid}/redo", json={"expected_version": 2}).json
    corrected = client.post(f"/api/tables/{tid}/corrections", json={
        "expected_version": 3, "target": 1, "action": {"type": "score_round", "results": [
            result(0, 4), result(1, 4)]}}).json
    assert redone["state"]["rounds"][0]["results"][0]["cards"] == 5
    assert [p["popularity"] for p in corrected["state"]["players"]] == [4, 4]
    # A second app (another process) folds the stored log to the same state.
    other = create_app({"TESTING": True, "DATABASE_URL": postgres_url}).test_client()
    assert other.get(f"/api/tables/{tid}").json == client.get(f"/api/tables/{tid}").json


def test_two_writers_on_one_version_on_postgresql(postgres_url: str) -> None:
    race(postgres_url, rounds=15)


def test_a_retried_write_is_applied_once_across_processes_on_postgresql(
        postgres_url: str) -> None:
    one, two = (create_app({"TESTING": True, "DATABASE_URL": postgres_url}).test_client()
                for _ in range(2))
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    tid = one.post("/api/tables", json={"game": "casse-toi-pov-con",
                                        "players": players}).json["id"]
    token = one.post(f"/api/tables/{tid}/seats/0").json["token"]
    headers = {"X-Seat-Token": token, "Idempotency-Key": "pg-retry-1"}
    body = {"expected_version": 0, "action": {"type": "draw", "seat": 0, "stress": 2,
                                              "stars": 0, "corner": None}}
    assert one.post(f"/api/tables/{tid}/actions", json=body, headers=headers).status_code == 200
    again = two.post(f"/api/tables/{tid}/actions", json=body, headers=headers)
    assert again.status_code == 200 and again.json["version"] == 1
    assert two.get(f"/api/tables/{tid}/version").json["version"] == 1
