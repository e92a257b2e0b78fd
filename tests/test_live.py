"""Live updates over event streams: the stream tells a phone when its table's version or
seating moves, across processes on SQLite and on PostgreSQL; one query a tick reads every
watched table of a process; a process refuses streams past its capacity (its phones poll);
``companion serve`` runs gunicorn with one worker per core and announces itself once.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO_ROOT, SERVER_START_TIMEOUT_S, _answers, _free_port
from flask import Flask
from sqlalchemy import event

from companion import create_app
from companion.web.live import Watcher, parse_since, read_counters

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
DRAW = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}
WAIT_S = 15  # generous: what arrives arrives well before; nothing here measures a time


def new_table(client: Any) -> tuple[str, str]:
    made = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    assert made.status_code == 201, made.json
    return made.json["id"], made.json["host_token"]


def events_of(chunks: Iterator[bytes], count: int) -> list[dict[str, str]]:
    """Read ``count`` events (blocks separated by a blank line) from a stream, comments and
    bare ``retry`` blocks included, as field -> value."""
    out: list[dict[str, str]] = []
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields: dict[str, str] = {}
            for line in block.decode().splitlines():
                name, _colon, value = line.partition(":")
                fields[name or "comment"] = value.strip()
            out.append(fields)
            if len(out) == count:
                return out
    return out


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'l.sqlite'}",
                      "SECRET_KEY": "t", "RATE_LIMIT": 100_000, "LIVE_STREAM_S": 20,
                      "LIVE_HEARTBEAT_S": 0.5})
    yield app
    app.extensions["companion_db"].engine.dispose()


# ---------------------------------------------------------------------------- one process

def test_the_stream_sends_an_event_after_a_write(live_app: Flask) -> None:
    client = live_app.test_client()
    table_id, host = new_table(client)
    response = client.get(f"/api/tables/{table_id}/events?v=0&s=0", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert "no-store" in response.headers["Cache-Control"]
    assert response.headers["X-Accel-Buffering"] == "no"
    chunks = iter(response.response)
    first = events_of(chunks, 2)
    assert first[0] == {"retry": "1000"} and first[1] == {"id": "0.0"}  # nothing moved yet

    other = live_app.test_client()
    token: list[str] = []

    def next_change(write: Callable[[], None]) -> dict[str, str]:
        """Write from another phone (a thread, while this phone waits on its stream) and
        read up to the event that tells of it: one write at a time, so a stream that told
        of two writes in one event (it may) does not pass the seat by."""
        writer = threading.Thread(target=write)
        writer.start()
        change = next((e for e in (events_of(chunks, 1)[0] for _ in range(12))
                       if "data" in e), {})
        writer.join()
        return change

    seat = next_change(lambda: token.append(other.post(
        f"/api/tables/{table_id}/seats/0", headers={"X-Host-Token": host}).json["token"]))
    card = next_change(lambda: other.post(
        f"/api/tables/{table_id}/actions", json={"expected_version": 0, "action": DRAW},
        headers={"X-Seat-Token": token[0]}))
    response.close()
    assert seat == {"id": "0.1", "data": '{"version": 0, "seating": 1}'}  # the seat
    assert card == {"id": "1.1", "data": '{"version": 1, "seating": 1}'}  # the card


def test_a_phone_that_missed_changes_is_told_at_once_on_reconnection(live_app: Flask) -> None:
    client = live_app.test_client()
    table_id, host = new_table(client)
    client.post(f"/api/tables/{table_id}/seats/1", headers={"X-Host-Token": host})
    # It last heard "0.0" (Last-Event-ID, as a browser's reconnection sends it).
    response = client.get(f"/t/{table_id}/events", headers={"Last-Event-ID": "0.0"},
                          buffered=False)
    told = events_of(iter(response.response), 2)[1]
    response.close()
    assert told == {"id": "0.1", "data": '{"version": 0, "seating": 1}'}
    # The page's own counters in the address, when it opens a new stream itself.
    response = client.get(f"/t/{table_id}/events?v=0&s=1", buffered=False)
    assert events_of(iter(response.response), 2)[1] == {"id": "0.1"}
    response.close()


def test_a_spectators_stream_moves_with_the_log_and_the_seats(live_app: Flask) -> None:
    """As the shared screen's: a finished table's seats move when a phone starts the
    rematch, which the spectator's results card then offers."""
    client = live_app.test_client()
    table_id, host = new_table(client)
    watch = client.get(f"/api/tables/{table_id}").json  # no watch token in the API...
    assert "watch_token" not in watch
    token = live_app.extensions["companion_tables"].get(table_id).watch_token
    client.post(f"/api/tables/{table_id}/seats/1", headers={"X-Host-Token": host})
    response = client.get(f"/watch/{token}/events?v=0", buffered=False)
    assert events_of(iter(response.response), 2)[1] == {
        "id": "0.1", "data": '{"version": 0, "seating": 1}'}
    response.close()
    response = client.get(f"/watch/{token}/events?v=0&s=1", buffered=False)
    assert events_of(iter(response.response), 2)[1] == {"id": "0.1"}  # nothing new
    response.close()
    assert client.get(f"/watch/{table_id}/events").status_code == 404  # a table id is not
    assert client.get("/t/nope/events").status_code == 404           # a watch link


def test_a_deleted_table_ends_its_streams(live_app: Flask) -> None:
    client = live_app.test_client()
    table_id, host = new_table(client)
    response = client.get(f"/t/{table_id}/events?v=0&s=0", buffered=False)
    chunks = iter(response.response)
    events_of(chunks, 2)
    deleter = threading.Thread(target=lambda: live_app.test_client().delete(
        f"/api/tables/{table_id}", headers={"X-Host-Token": host}))
    deleter.start()
    last = [e for e in events_of(chunks, 10) if "data" in e]
    deleter.join()
    assert last == [{"data": '{"version": null, "seating": null}'}]
    assert b"".join(chunks) == b""  # and the stream ended


def test_a_process_refuses_streams_past_its_capacity_and_those_phones_poll(
        tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite'}",
                      "SECRET_KEY": "t", "LIVE_MAX_STREAMS": 1})
    client = app.test_client()
    table_id, _host = new_table(client)
    held = client.get(f"/t/{table_id}/events", buffered=False)
    assert held.status_code == 200
    refused = client.get(f"/t/{table_id}/events", buffered=False)
    assert refused.status_code == 503 and refused.headers["Retry-After"]
    poll = client.get(f"/t/{table_id}/live?v=0&s=0")  # polling answers: nothing moved
    assert poll.status_code == 200 and poll.data == b"" and poll.headers["X-Unchanged"] == "1"
    held.close()
    again = client.get(f"/t/{table_id}/events", buffered=False)
    assert again.status_code == 200
    again.close()
    app.extensions["companion_db"].engine.dispose()


def test_one_query_reads_every_watched_table_of_the_process(live_app: Flask) -> None:
    client = live_app.test_client()
    tables = [new_table(client)[0] for _ in range(12)]
    engine = live_app.extensions["companion_db"].engine
    watcher = Watcher(engine, background=False)  # ticks by hand here
    subscriptions = [watcher.subscribe(t) for t in tables for _phone in range(5)]
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        watcher.check()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert watcher.streams == 60
    assert len([s for s in statements if "FROM tables" in s]) == 1
    for subscription in subscriptions:
        assert subscription.wait(0)  # first read: every stream is told its table's counters
    for subscription in subscriptions:
        watcher.unsubscribe(subscription)
    assert watcher.streams == 0


def test_the_watcher_wakes_only_the_streams_of_the_table_that_moved(live_app: Flask) -> None:
    client = live_app.test_client()
    (moving, host), (quiet, _) = new_table(client), new_table(client)
    watcher = Watcher(live_app.extensions["companion_db"].engine, background=False)
    one, two = watcher.subscribe(moving), watcher.subscribe(quiet)
    watcher.check()
    one.wait(0), two.wait(0)
    client.post(f"/api/tables/{moving}/seats/0", headers={"X-Host-Token": host})
    watcher.check()
    assert one.wait(0) and not two.wait(0)
    assert watcher.known(moving) == (0, 1) and watcher.known(quiet) == (0, 0)
    assert read_counters(watcher.engine, [moving, quiet, "gone"]) == {moving: (0, 1),
                                                                      quiet: (0, 0)}


def test_event_ids_are_read_strictly() -> None:
    assert parse_since("12.3") == (12, 3)
    assert parse_since("12") == (12, 0)
    for bad in ("", None, "x.1", "1.x", "-1.0", "１.0", "1.2.3"):
        assert parse_since(bad) is None


# ---------------------------------------------------------------------------- two processes

class Server:
    """``companion serve`` in a subprocess (gunicorn, one worker) over a given database."""

    def __init__(self, database_url: str, folder: Path, name: str, wait: bool = True,
                 prefix: tuple[str, ...] = (), **settings: str) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY="live-tests",
                   PYTHONUNBUFFERED="1", COMPANION_LIVE_STREAM_S="60", **settings)
        env.pop("COMPANION_PUBLIC_URL", None)
        self.log = folder / f"{name}.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(
                [*prefix, sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
                 "--port", str(self.port), "--workers", "1", "--no-mdns"],
                cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        if wait:
            self.wait_started()

    def wait_started(self) -> None:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while not _answers(self.url + "/api/games"):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"companion serve did not start:\n{self.log.read_text()}")
            time.sleep(0.1)

    def stop(self) -> None:
        stop_all(self)


def stop_all(*servers: Server) -> None:
    """Stop the servers side by side: each takes a few seconds to end its event streams."""
    for server in servers:
        server.process.terminate()
    for server in servers:
        try:
            server.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.process.kill()
            server.process.wait()


def _request(server: Server, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> Any:
    import json

    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT_S)
    conn.request(method, path, body=None if body is None else json.dumps(body),
                 headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    data = response.read()
    conn.close()
    assert response.status < 300, (response.status, data)
    return json.loads(data) if data else None


class HeldStream:
    """An event stream held open on ``conn`` (to a server or a proxy in front of it), read
    on a thread of its own."""

    def __init__(self, conn: http.client.HTTPConnection, path: str,
                 headers: dict[str, str] | None = None) -> None:
        self.conn = conn
        self.conn.request("GET", path, headers=headers or {})
        self.response = self.conn.getresponse()
        assert self.response.status == 200, self.response.read()
        assert self.response.getheader("Content-Type", "").startswith("text/event-stream")
        self.events: list[dict[str, str]] = []
        self.arrived = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        def chunks() -> Iterator[bytes]:
            while True:
                data = self.response.read1(4096)  # chunked transfer decoded
                if not data:
                    return
                yield data

        try:
            for block in events_of_forever(chunks()):
                with self.arrived:
                    self.events.append(block)
                    self.arrived.notify_all()
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            return  # closed by the test

    def wait_for(self, version: int) -> dict[str, str]:
        wanted = f'"version": {version},'
        with self.arrived:
            found = self.arrived.wait_for(
                lambda: next((e for e in self.events if wanted in e.get("data", "")), None),
                timeout=WAIT_S)
        assert found, f"no event for version {version}: {self.events}"
        return found

    def close(self) -> None:
        # Shut the socket first: the reading thread holds the response's buffer until its
        # read returns, which would keep close() waiting for the next heartbeat.
        if self.conn.sock is not None:
            with contextlib.suppress(OSError):
                self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


class Phone(HeldStream):
    """A phone's event stream held open on one server."""

    def __init__(self, server: Server, table_id: str) -> None:
        super().__init__(http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT_S),
                         f"/t/{table_id}/events?v=0&s=0")


def events_of_forever(chunks: Iterator[bytes]) -> Iterator[dict[str, str]]:
    buffer = b""
    for chunk in chunks:
        buffer += chunk
        while b"\n\n" in buffer:
            block, buffer = buffer.split(b"\n\n", 1)
            fields: dict[str, str] = {}
            for line in block.decode().splitlines():
                name, _colon, value = line.partition(":")
                fields[name or "comment"] = value.strip()
            yield fields


def start_two(database_url: str, folder: Path, **settings: str) -> tuple[Server, Server]:
    """Servers "one" and "two" over one database, started side by side."""
    one = Server(database_url, folder, "one", wait=False, **settings)
    two = Server(database_url, folder, "two", wait=False, **settings)
    try:
        for server in (one, two):
            server.wait_started()
    except BaseException:
        stop_all(one, two)
        raise
    return one, two


def two_processes_play(database_url: str, folder: Path) -> None:
    """Phones on server A and on server B; writes through A then B reach both sides."""
    one, two = start_two(database_url, folder)
    phones: list[Phone] = []
    try:
        made = _request(one, "POST", "/api/tables",
                        {"game": "casse-toi-pov-con", "players": PLAYERS})
        table_id, host = made["id"], made["host_token"]
        phones = [Phone(one, table_id), Phone(two, table_id), Phone(two, table_id)]
        token = _request(two, "POST", f"/api/tables/{table_id}/seats/0",
                         headers={"X-Host-Token": host})["token"]
        for version, server in ((1, one), (2, two), (3, one)):
            _request(server, "POST", f"/api/tables/{table_id}/actions",
                     {"expected_version": version - 1, "action": DRAW},
                     headers={"X-Seat-Token": token})
            for phone in phones:
                assert phone.wait_for(version)["id"] == f"{version}.1"
    finally:
        for phone in phones:
            phone.close()
        stop_all(one, two)


def test_phones_on_two_processes_over_one_sqlite_file_see_each_others_writes(
        tmp_path: Path) -> None:
    two_processes_play(f"sqlite:///{tmp_path / 'shared.sqlite'}", tmp_path)


def test_a_process_whose_phones_all_left_still_hears_the_other_process_for_new_phones(
        tmp_path: Path) -> None:
    """Every phone of process B leaves (its watcher has nothing to watch and sleeps); a phone
    that then opens a stream on B must still hear of a write made through A."""
    one, two = start_two(f"sqlite:///{tmp_path / 'shared.sqlite'}", tmp_path,
                         COMPANION_LIVE_HEARTBEAT_S="0.2")
    phones: list[Phone] = []
    try:
        made = _request(one, "POST", "/api/tables",
                        {"game": "casse-toi-pov-con", "players": PLAYERS})
        table_id, host = made["id"], made["host_token"]
        token = _request(one, "POST", f"/api/tables/{table_id}/seats/0",
                         headers={"X-Host-Token": host})["token"]
        leaving = Phone(two, table_id)
        leaving.wait_for(0)
        leaving.close()
        # B notices the phone went away at its next heartbeats (0.2 s here).
        time.sleep(1.5)
        _request(one, "POST", f"/api/tables/{table_id}/actions",
                 {"expected_version": 0, "action": DRAW}, headers={"X-Seat-Token": token})
        phones = [Phone(two, table_id)]
        phones[0].wait_for(1)
        _request(one, "POST", f"/api/tables/{table_id}/actions",
                 {"expected_version": 1, "action": DRAW}, headers={"X-Seat-Token": token})
        assert phones[0].wait_for(2)["id"] == "2.1"
    finally:
        for phone in phones:
            phone.close()
        stop_all(one, two)


def test_phones_on_two_processes_over_one_postgresql_see_each_others_writes(
        postgres_url: str, tmp_path: Path) -> None:
    two_processes_play(postgres_url, tmp_path)


def test_a_postgresql_write_notifies_in_its_own_transaction(postgres_url: str) -> None:
    import psycopg

    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    client = app.test_client()
    table_id, host = new_table(client)
    conninfo = app.extensions["companion_db"].engine.url.set(
        drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as listener:
        listener.execute("LISTEN companion_tables")
        client.post(f"/api/tables/{table_id}/seats/0", headers={"X-Host-Token": host})
        refused = client.post(f"/api/tables/{table_id}/actions", json={
            "expected_version": 7, "action": DRAW}, headers={"X-Host-Token": host})
        assert refused.status_code == 409  # rolled back: no notice
        heard = [n.payload for n in listener.notifies(timeout=2)]
    assert heard == [table_id]
    app.extensions["companion_db"].engine.dispose()


# ---------------------------------------------------------------------------- the server

def test_serve_runs_gunicorn_with_a_worker_per_core_and_sizes_streams_to_threads(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from companion import cli, mdns

    seen: dict[str, Any] = {}
    announced: list[Any] = []

    def fake_gunicorn(host: str, port: int, worker_class: str, workers: int, threads: int,
                      overrides: dict[str, Any]) -> None:
        seen.update(host=host, port=port, worker_class=worker_class, workers=workers,
                    threads=threads, **overrides)

    monkeypatch.setattr(cli, "_gunicorn", fake_gunicorn)
    monkeypatch.setattr(mdns, "announce", lambda *a: announced.append(a) or (None, "-"))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 's.sqlite'}")
    monkeypatch.setenv("SECRET_KEY", "t")
    assert cli.main(["serve", "--host", "127.0.0.1", "--port", "1"]) == 0
    assert seen["workers"] == os.cpu_count() and seen["worker_class"] == "gevent"
    assert seen["LIVE_MAX_STREAMS"] > 1000  # gevent: a stream costs a socket, not a thread
    assert (tmp_path / "s.sqlite").exists()  # the schema is made before any worker starts
    assert announced == [("127.0.0.1", 1)]  # by this process, before the workers start
    assert cli.main(["serve", "--host", "10.0.0.9", "--port", "1", "--server", "gthread",
                     "--workers", "3", "--threads", "32"]) == 0
    assert (seen["workers"], seen["threads"], seen["SERVER_THREADS"]) == (3, 32, 32)
    assert seen["LIVE_MAX_STREAMS"] == 24  # a quarter of the threads stay for the rest
    assert announced[1:] == [("10.0.0.9", 1)]  # once a serve, never once a worker


def test_serve_says_in_one_line_when_the_database_is_behind(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: Any) -> None:
    import sqlite3

    from companion import cli

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:  # a database of an earlier version, unmigrated
        old.execute("CREATE TABLE tables (id TEXT PRIMARY KEY)")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    monkeypatch.setenv("SECRET_KEY", "t")
    monkeypatch.setattr(cli, "_gunicorn", lambda *a: pytest.fail("started anyway"))
    assert cli.main(["serve", "--host", "127.0.0.1", "--port", "1"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "companion db upgrade" in said[0]
