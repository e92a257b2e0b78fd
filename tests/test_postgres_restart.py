"""A PostgreSQL restart under a playing table: while the server stops, starts up, recovers
and comes back, every request answers 200 or 503 with Retry-After and the phone's language,
never 500; nothing acknowledged is lost, and the table plays on once the database is back."""

from __future__ import annotations

import glob
import subprocess
import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from companion import create_app
from tests.conftest import HostClient, _as_postgres

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
DRAW = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}


def _pg_ctl(postgres_url: str, *args: str) -> None:
    sockets = Path(parse_qs(urlsplit(postgres_url).query)["host"][0])
    data = sockets.parent / "data"
    pg_ctl = str(Path(sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))[-1]))
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), *args]), check=True,
                   capture_output=True)


def test_a_database_restart_answers_503_in_the_phones_language(postgres_url: str) -> None:
    if "host=" not in postgres_url:
        return  # a server given from outside (COMPANION_TEST_POSTGRES_URL) is not ours to stop
    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    app.test_client_class = HostClient
    client = app.test_client()
    tid = client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                           "players": PLAYERS}).json["id"]
    assert client.post(f"/api/tables/{tid}/actions", json={
        "expected_version": 0, "action": DRAW}).status_code == 200
    sockets = Path(parse_qs(urlsplit(postgres_url).query)["host"][0])
    answers: list[Any] = []
    try:
        _pg_ctl(postgres_url, "-m", "fast", "-w", "stop")
        # Started without waiting: the first requests meet "the database system is
        # starting up" and its kin.
        _pg_ctl(postgres_url, "-l", str(sockets.parent / "log"), "-o",
                f"-k {sockets} -c listen_addresses='' -p 55432", "start")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            answer = client.get(f"/api/tables/{tid}", headers={"Accept-Language": "fr"})
            answers.append(answer)
            if answer.status_code == 200:
                break
            time.sleep(0.02)
    finally:
        _pg_ctl(postgres_url, "-w", "-l", str(sockets.parent / "log"), "-o",
                f"-k {sockets} -c listen_addresses='' -p 55432", "start") \
            if answers and answers[-1].status_code != 200 else None
    statuses = [a.status_code for a in answers]
    assert statuses[-1] == 200, statuses
    for answer in answers[:-1]:
        assert answer.status_code == 503, (answer.status_code, answer.get_data(as_text=True))
        assert answer.headers["Retry-After"]
        assert answer.json["error"]["code"] == "storage_unavailable"
        assert "Réessayez" in answer.json["error"]["message"]
    assert answers[-1].json["version"] == 1  # nothing acknowledged lost
    again = client.post(f"/api/tables/{tid}/undo", json={"expected_version": 1})
    assert again.status_code == 200 and again.json["version"] == 2


STARTING = ('connection failed: connection to server on socket "/run/.s.PGSQL.5432" failed: '
            'FATAL:  the database system is starting up')


def test_restart_messages_are_storage_faults() -> None:
    """What libpq 15 and psycopg 3 say while PostgreSQL starts, recovers or stops, wrapped
    by SQLAlchemy or read straight from a pooled connection: a storage fault (503), not a
    bug (500)."""
    import psycopg
    from sqlalchemy.exc import InterfaceError, OperationalError

    from companion.web.storage import is_storage_fault

    for text in (STARTING, "FATAL:  the database system is in recovery mode",
                 "FATAL:  the database system is not yet accepting connections",
                 "FATAL:  the database system is shutting down",
                 "the connection is closed"):
        assert is_storage_fault(OperationalError("SELECT 1", {}, psycopg.OperationalError(text)))
        assert is_storage_fault(psycopg.OperationalError(text))
    assert is_storage_fault(InterfaceError("SELECT 1", {},
                                           psycopg.InterfaceError("the connection is closed")))
    assert not is_storage_fault(OperationalError(
        "SELECT 1", {}, psycopg.OperationalError('column "x" does not exist')))


def test_a_drivers_own_error_answers_503_in_the_phones_language(tmp_path: Path) -> None:
    import psycopg

    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite'}"})

    def starting() -> Any:
        raise psycopg.OperationalError(STARTING)

    app.add_url_rule("/api/starting", view_func=starting)
    answer = app.test_client().get("/api/starting", headers={"Accept-Language": "fr"})
    assert answer.status_code == 503 and answer.headers["Retry-After"]
    assert "Réessayez" in answer.json["error"]["message"]
