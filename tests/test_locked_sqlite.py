"""A SQLite file another process holds locked (a `sqlite3` shell in a write transaction, a
second server, `companion db upgrade` while serving): a phone's write waits, then gets 503
with Retry-After, and while it waits the same worker answers every other request (another
table, a rules page, /ping): a waiting write never holds the worker's event loop."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from test_live import Server

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
DRAW = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}
WAIT_MS = 2000  # the server's wait for the lock (COMPANION_BUSY_TIMEOUT_MS; 5 s by default)
HOLD_S = 4  # longer than that wait


def call(server: Server, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        return response.status, data, dict(response.getheaders())
    finally:
        conn.close()


def test_a_waiting_write_never_holds_the_other_requests(tmp_path: Path) -> None:
    database = tmp_path / "club.sqlite"
    server = Server(f"sqlite:///{database}", tmp_path, "locked", COMPANION_ACCEPT_SEEDS="1",
                    COMPANION_BUSY_TIMEOUT_MS=str(WAIT_MS))
    try:
        status, body, _ = call(server, "POST", "/api/tables",
                               {"game": "casse-toi-pov-con", "players": PLAYERS})
        made = json.loads(body)
        host = {"X-Host-Token": made["host_token"]}
        other = json.loads(call(server, "POST", "/api/tables",
                                {"game": "casse-toi-pov-con", "players": PLAYERS})[1])["id"]
        holder = subprocess.Popen(
            [sys.executable, "-c",
             "import sqlite3, sys, time\n"
             f"c = sqlite3.connect({str(database)!r}, isolation_level=None)\n"
             "c.execute('BEGIN IMMEDIATE')\nprint('held', flush=True)\n"
             f"time.sleep({HOLD_S})\nc.execute('ROLLBACK')\n"],
            stdout=subprocess.PIPE, text=True)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        finished: dict[str, float] = {}
        results: dict[str, Any] = {}

        def write() -> None:
            results["write"] = call(server, "POST", f"/api/tables/{made['id']}/actions",
                                    {"expected_version": 0, "action": DRAW}, host)
            finished["write"] = time.monotonic()

        writer = threading.Thread(target=write)
        writer.start()
        time.sleep(0.5)  # the write is waiting for the lock now
        for path in ("/ping", f"/api/tables/{other}", "/rules/casse-toi-pov-con"):
            results[path] = call(server, "GET", path)
            finished[path] = time.monotonic()
        writer.join(30)
        holder.wait(30)
        status, _body, headers = results["write"]
        assert status == 503 and headers.get("Retry-After")
        for path in ("/ping", f"/api/tables/{other}", "/rules/casse-toi-pov-con"):
            assert results[path][0] in (200, 204), path
            # answered while the write still waited, not after it gave up
            assert finished[path] < finished["write"], (path, finished)
        # the lock gone, the write goes through
        assert call(server, "POST", f"/api/tables/{made['id']}/actions",
                    {"expected_version": 0, "action": DRAW}, host)[0] == 200
    finally:
        server.stop()
