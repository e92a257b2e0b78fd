"""Storage faults: a locked, read-only or full database answers 503 and changes nothing, reads
keep answering while writes wait, /healthz says whether the database can be read and written,
and the database file and the secret key are readable by their owner only."""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import HostClient
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

import companion
from companion import create_app
from companion.web.storage import is_storage_fault

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "blue"},
           {"name": "Cy", "party": "pink"}]
DRAW = {"type": "draw", "seat": 0, "stress": 3, "stars": 1, "corner": "marine",
        "announced": False}
FETCH = {"X-Requested-With": "fetch"}
BUSY_MS = 300


def make_app(path: Path, **config: Any) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}", "SECRET_KEY": "t",
                      "DATABASE_BUSY_TIMEOUT_MS": BUSY_MS, "RATE_LIMIT": 10**6, **config})
    app.test_client_class = HostClient  # the client that creates a table is its host
    return app


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "club.sqlite"


@pytest.fixture
def storage_app(db_path: Path) -> Iterator[Flask]:
    app = make_app(db_path)
    yield app
    app.extensions["companion_db"].engine.dispose()


def new_table(client: FlaskClient) -> str:
    response = client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                                "players": PLAYERS})
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def log_of(app: Flask, table_id: str) -> tuple[int, list[str]]:
    service = app.extensions["companion_tables"]
    return service.version(table_id), [e.kind for e in service.entries(table_id)]


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Another connection holding the write lock (BEGIN IMMEDIATE), as a long write would."""
    other = sqlite3.connect(path, isolation_level=None, timeout=0)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def timed(call: Any) -> tuple[Any, float]:
    start = time.monotonic()
    result = call()
    return result, time.monotonic() - start


def assert_unavailable(response: Any) -> None:
    assert response.status_code == 503, response.get_data(as_text=True)[:300]
    assert response.headers["Retry-After"]
    assert response.json["error"]["code"] == "storage_unavailable"
    assert "nothing was changed" in response.json["error"]["message"]


# ---------------------------------------------------------------------------- settings

def test_sqlite_runs_wal_with_full_sync_and_a_short_busy_timeout(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'd.sqlite'}",
                      "SECRET_KEY": "t", "SERVER_THREADS": 24})
    engine = app.extensions["companion_db"].engine
    with engine.connect() as conn:
        pragma = {name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()
                  for name in ("journal_mode", "synchronous", "busy_timeout")}
    # SQLite itself waits a moment for a lock; a write waits its 5 s in Python, where a
    # gevent worker goes on with its other requests (tests/test_locked_sqlite.py)
    from companion.db import SQLITE_BUSY_MS

    assert pragma == {"journal_mode": "wal", "synchronous": 2, "busy_timeout": SQLITE_BUSY_MS}
    assert app.extensions["companion_db"].busy_timeout_ms == 5000
    assert engine.pool.size() >= 24  # one connection per server thread
    engine.dispose()


def test_the_serve_command_sizes_the_pool_to_its_threads(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    import waitress

    from companion import cli

    seen: dict[str, Any] = {}

    def fake_serve(app: Flask, **kwargs: Any) -> None:
        seen.update(kwargs, pool=app.extensions["companion_db"].engine.pool.size())

    monkeypatch.setattr(waitress, "serve", fake_serve)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 's.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "t")
    assert cli.main(["serve", "--host", "127.0.0.1", "--port", "1", "--threads", "9",
                     "--server", "waitress"]) == 0
    assert seen["threads"] == 9 and seen["pool"] >= 9


# ---------------------------------------------------------------------------- locked

def test_a_locked_database_answers_503_to_writes_and_keeps_answering_polls(
        storage_app: Flask, db_path: Path) -> None:
    client = storage_app.test_client()
    busy, quiet = new_table(client), new_table(client)
    page = storage_app.test_client()
    assert page.post(f"/t/{busy}/claim", data={"seat": "0"}).status_code == 302
    before = log_of(storage_app, busy)
    with locked(db_path):
        # Polls of every table go on answering (WAL readers never wait for the lock: one
        # that did would wait out the busy timeout behind a lock held all along, and fail).
        for table_id in (busy, quiet):
            live = client.get(f"/t/{table_id}/live?v=0")
            assert live.status_code == 200 and live.data == b""
            version = client.get(f"/api/tables/{table_id}/version")
            assert version.status_code == 200 and version.json["version"] == 0
            assert client.get(f"/api/tables/{table_id}").status_code == 200
        assert client.get(f"/t/{quiet}").status_code == 200
        # Writes give up within the busy timeout and say so.
        response, seconds = timed(lambda: client.post(
            f"/api/tables/{busy}/actions", json={"expected_version": 0, "action": DRAW}))
        assert_unavailable(response)
        assert seconds > BUSY_MS / 1000 * 0.8  # it waited for the lock before giving up
        assert_unavailable(client.post(f"/api/tables/{busy}/undo",
                                       json={"expected_version": 0}))
        assert_unavailable(client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                                            "players": PLAYERS}))
        assert_unavailable(page.post(f"/t/{busy}/act", headers=FETCH, data={
            "expected_version": "0", "a.type": "draw", "a.seat": "0", "a.stress": "3",
            "a.stars": "1", "a.corner": "marine", "a.announced": "false"}))
        form_post = page.post(f"/t/{busy}/undo", data={"expected_version": "0"})
        assert form_post.status_code == 503
        assert "nothing was changed" in form_post.get_data(as_text=True)
        # The new-table form comes back with what was typed.
        refused = page.post("/new/casse-toi-pov-con", data={
            "player.name": ["Aglaé", "B", "C"], "player.party": ["blue", "blue", "pink"]})
        assert refused.status_code == 503
        assert "nothing was changed" in refused.get_data(as_text=True)
        assert 'value="Aglaé"' in refused.get_data(as_text=True)
    assert log_of(storage_app, busy) == before
    assert len(client.get("/api/tables/" + quiet).json["state"]["players"]) == 3
    # Once the lock is gone the same write goes through.
    response = client.post(f"/api/tables/{busy}/actions",
                           json={"expected_version": 0, "action": DRAW})
    assert response.status_code == 200 and response.json["version"] == 1


def test_writes_waiting_on_the_lock_never_stall_reads(db_path: Path) -> None:
    """More waiting writes than SQLAlchemy's default pool (15): reads still get a connection."""
    writers = 20
    app = make_app(db_path, SERVER_THREADS=writers + 4, DATABASE_BUSY_TIMEOUT_MS=2500)
    client = app.test_client()
    table_id = new_table(client)
    statuses: list[int] = []

    def write() -> None:
        response = app.test_client().post(f"/api/tables/{table_id}/actions",
                                          json={"expected_version": 0, "action": DRAW})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=write) for _ in range(writers)]
    with locked(db_path):
        for thread in threads:
            thread.start()
        time.sleep(0.5)  # every writer is now waiting on the lock, holding a connection
        for _ in range(5):
            response = client.get(f"/api/tables/{table_id}/version")
            assert response.status_code == 200
            live = client.get(f"/t/{table_id}/live?v=0")
            assert live.status_code == 200 and live.data == b""
        # Every poll was answered while the writers still waited for the lock: none had
        # given up yet (a poll queued behind them would have come back after their 503s).
        assert statuses == [], "a poll waited behind the writes waiting on the lock"
        for thread in threads:
            thread.join(timeout=15)
    assert statuses == [503] * writers
    assert log_of(app, table_id) == (0, [])
    app.extensions["companion_db"].engine.dispose()


# ---------------------------------------------------------------------------- read-only, full

@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """The database file made read-only, for root too (the immutable attribute)."""
    if os.geteuid() != 0:
        path.chmod(0o400)
        try:
            yield
        finally:
            path.chmod(0o600)
        return
    if shutil.which("chattr") is None or subprocess.run(
            ["chattr", "+i", str(path)], capture_output=True).returncode != 0:
        pytest.skip("running as root and this file system cannot make a file immutable")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_database_file_answers_503_to_writes_and_keeps_reads(
        db_path: Path) -> None:
    first = make_app(db_path)
    creator = first.test_client()
    table_id = new_table(creator)
    first.extensions["companion_db"].engine.dispose()
    with read_only(db_path):
        app = make_app(db_path)
        client = app.test_client()
        client.host_tokens.update(creator.host_tokens)  # the same host, after a restart
        assert client.get(f"/api/tables/{table_id}/version").json["version"] == 0
        assert client.get(f"/t/{table_id}").status_code == 200
        assert client.get(f"/t/{table_id}/live?v=0").headers["X-Unchanged"] == "1"
        response = client.post(f"/api/tables/{table_id}/actions",
                               json={"expected_version": 0, "action": DRAW})
        assert_unavailable(response)
        assert_unavailable(client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                                            "players": PLAYERS}))
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json["database"] == "unavailable" and health.json["read"] == "ok"
        assert "readonly" in health.json["write"]
        assert log_of(app, table_id) == (0, [])
        app.extensions["companion_db"].engine.dispose()


def test_a_full_database_answers_503_and_changes_nothing(storage_app: Flask) -> None:
    client = storage_app.test_client()
    table_id = new_table(client)
    engine = storage_app.extensions["companion_db"].engine
    engine.dispose()

    @event.listens_for(engine, "connect")
    def _no_room(dbapi_conn: Any, _record: Any) -> None:
        # The file may not grow by a single page: SQLite answers SQLITE_FULL.
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count={pages}")

    big = [{"name": f"Player {i} " + "x" * 28, "party": party}
           for i, party in enumerate(["blue", "blue", "pink"])]
    responses = [client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                                  "players": big}) for _ in range(60)]
    refused = [r for r in responses if r.status_code != 201]
    assert refused, "the database never filled up"
    for response in refused:
        assert_unavailable(response)
    assert client.get(f"/api/tables/{table_id}").status_code == 200
    stored = engine.connect().exec_driver_sql("SELECT count(*) FROM tables").scalar()
    assert stored == 1 + len(responses) - len(refused)
    assert "full" in client.get("/healthz").json["write"]


# ---------------------------------------------------------------------------- health

def test_healthz_reports_a_readable_and_writable_database(storage_app: Flask,
                                                          db_path: Path) -> None:
    client = storage_app.test_client()
    response = client.get("/healthz")
    assert response.status_code == 200 and response.json["database"] == "ok"
    assert response.headers["Cache-Control"] == "no-store"
    assert client.get("/healthz").status_code == 200  # and again: the check row is replaced
    with locked(db_path):
        response = client.get("/healthz")
        assert response.status_code == 503
        assert response.json == {"database": "unavailable", "read": "ok",
                                 "write": "database is locked"}
    assert client.get("/healthz").status_code == 200


def test_healthz_reports_a_database_that_cannot_be_opened(tmp_path: Path) -> None:
    app = make_app(tmp_path / "db.sqlite")
    (tmp_path / "db.sqlite").unlink()
    app.extensions["companion_db"].engine.dispose()
    (tmp_path / "db.sqlite").mkdir()  # the path now names a folder: nothing can open it
    response = app.test_client().get("/healthz")
    assert response.status_code == 503 and response.json["database"] == "unavailable"


def test_other_database_errors_stay_server_errors(storage_app: Flask) -> None:
    assert is_storage_fault(OperationalError("UPDATE", {}, Exception("database is locked")))
    assert is_storage_fault(OperationalError("x", {}, Exception("database or disk is full")))
    assert not is_storage_fault(OperationalError("x", {}, Exception("no such column: y")))
    assert not is_storage_fault(ValueError("database is locked"))

    def bug() -> Any:
        raise OperationalError("SELECT y", {}, Exception("no such column: y"))

    storage_app.add_url_rule("/bug", view_func=bug)
    storage_app.config["PROPAGATE_EXCEPTIONS"] = False
    assert storage_app.test_client().get("/bug").status_code == 500


# ---------------------------------------------------------------------------- file modes

def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_database_file_is_created_readable_by_its_owner_only(storage_app: Flask,
                                                                 db_path: Path) -> None:
    old = os.umask(0o022)
    try:
        client = storage_app.test_client()
        new_table(client)
        assert _mode(db_path) == 0o600
        for suffix in ("-wal", "-shm"):
            companion_file = db_path.with_name(db_path.name + suffix)
            if companion_file.exists():
                assert _mode(companion_file) == 0o600, suffix
    finally:
        os.umask(old)


def test_the_secret_key_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    old = os.umask(0)  # the most permissive umask: the mode must not depend on it
    try:
        key = companion._instance_secret(tmp_path)
    finally:
        os.umask(old)
    assert len(key) == 64 and _mode(tmp_path / "secret_key") == 0o600
    assert companion._instance_secret(tmp_path) == key  # kept across restarts


def _refused_at_once(path: Path) -> sqlite3.Connection:
    """A connection whose statements SQLite refuses at once while the file is locked."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    conn.execute("PRAGMA busy_timeout=0")
    return conn


def test_a_refusal_for_a_lock_is_tried_again_until_the_lock_goes(tmp_path: Path) -> None:
    """What SQLite refuses at once for a lock (as it refuses turning a file to WAL while
    another process does) is tried again until the lock goes, within the wait."""
    from companion.db import retry_while_locked

    path = tmp_path / "held.sqlite"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")
    waiting = _refused_at_once(path)
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        waiting.execute("BEGIN IMMEDIATE")  # SQLite's own answer: no wait
    threading.Timer(0.3, lambda: holder.execute("ROLLBACK")).start()
    started = time.monotonic()
    retry_while_locked(lambda: waiting.execute("BEGIN IMMEDIATE"), 5000)
    assert time.monotonic() - started >= 0.25  # it waited for the lock, then took it
    waiting.execute("INSERT INTO t VALUES (1)")
    waiting.execute("COMMIT")
    holder.close()
    waiting.close()


def test_a_lock_held_past_the_wait_and_any_other_refusal_go_up(tmp_path: Path) -> None:
    from companion.db import retry_while_locked

    path = tmp_path / "held.sqlite"
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")
    waiting = _refused_at_once(path)
    tries = []

    def begin() -> None:
        tries.append(1)
        waiting.execute("BEGIN IMMEDIATE")

    with pytest.raises(sqlite3.OperationalError, match="locked"):
        retry_while_locked(begin, 200)
    assert len(tries) > 1  # tried again before giving up
    tries.clear()
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        retry_while_locked(lambda: (tries.append(1), waiting.execute("SELECT * FROM nope")),
                           5000)
    assert tries == [1]  # not a lock: up at once
    holder.execute("ROLLBACK")
    holder.close()
    waiting.close()
