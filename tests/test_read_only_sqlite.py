"""A SQLite database the server cannot write (its file or its folder read-only: a backup
restored read-only, a folder given to another user, a disk mounted read-only).

Started over such a database while another process holds its -wal and -shm files, the server
shows the tables and answers 503 to every write; once the files are writable again, the next
write goes through, no restart. Without the -wal and -shm, ``companion serve`` refuses in one
line that names the file and the fix: SQLite would make them read-only (or could not make
them at all), and they would stay read-only once the database is writable again.

The tests run as root, whom file permissions do not stop: the server runs without the
capabilities that let root pass them (``setpriv``), so a read-only file stops it as it stops
any user. A connection already open keeps writing a file made read-only afterwards (the
kernel checks the permissions when a file is opened), so what is tested is a server opening
its connections while the database is read-only.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO_ROOT, _answers, _free_port
from test_live import Server
from test_locked_sqlite import DRAW, PLAYERS, call

from companion import create_app

# Root without the two capabilities that pass file permissions: as any user, for files.
AS_A_USER = ("setpriv", "--bounding-set=-dac_override,-dac_read_search",
             "--inh-caps=-dac_override,-dac_read_search")


def as_a_user() -> tuple[str, ...]:
    if os.geteuid() != 0:
        return ()
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file permissions would not apply")
    return AS_A_USER


@pytest.fixture
def folder(tmp_path: Path, empty_database: Path) -> Iterator[Path]:
    """A folder holding a database with the current schema (no -wal, no -shm), made
    writable again at the end (so that it can be removed)."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy2(empty_database, data / "club.sqlite")
    os.chmod(data / "club.sqlite", 0o600)
    try:
        yield data
    finally:
        os.chmod(data, 0o755)
        os.chmod(data / "club.sqlite", 0o600)


def test_a_read_only_database_is_written_again_once_writable(folder: Path) -> None:
    database = folder / "club.sqlite"
    url = f"sqlite:///{database}"
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test"})
    made = app.test_client().post("/api/tables", json={"game": "casse-toi-pov-con",
                                                       "players": PLAYERS}).get_json()
    # Another process holds the database (a sqlite3 shell, a second server): its -wal and
    # -shm stay while the server starts.
    holder = sqlite3.connect(database)
    holder.execute("SELECT count(*) FROM tables").fetchall()
    app.extensions["companion_db"].engine.dispose()
    assert Path(f"{database}-wal").exists() and Path(f"{database}-shm").exists()
    os.chmod(database, 0o400)
    os.chmod(folder, 0o555)
    server = Server(url, folder.parent, "read-only", prefix=as_a_user())
    try:
        host = {"X-Host-Token": made["host_token"]}
        table = f"/api/tables/{made['id']}"
        status, body, _ = call(server, "GET", table)
        assert status == 200 and json.loads(body)["version"] == 0
        status, body, headers = call(server, "POST", f"{table}/actions",
                                     {"expected_version": 0, "action": DRAW}, host)
        assert status == 503, body
        assert json.loads(body)["error"]["code"] == "storage_unavailable"
        assert headers.get("Retry-After")
        status, body, _ = call(server, "GET", "/healthz")
        assert status == 503 and json.loads(body)["read"] == "ok", body

        os.chmod(database, 0o600)
        os.chmod(folder, 0o755)
        status, body, _ = call(server, "POST", f"{table}/actions",
                               {"expected_version": 0, "action": DRAW}, host)
        assert status == 200, body
        assert json.loads(body)["version"] == 1
        # the session's writes (health check) too, and the write is in the file
        status, body, _ = call(server, "GET", "/healthz")
        assert status == 200, body
        assert holder.execute("SELECT count(*) FROM entries WHERE table_id = ?",
                              (made["id"],)).fetchone() == (1,)
        # and it said what to do: at its start, and with the refused write
        said = server.log.read_text()
        fix = f"{database} is read-only: make it writable (chmod u+w {database})"
        assert f"companion serve: {fix}; until then" in said, said
        assert "attempt to write a readonly database" in said and f"({fix})" in said, said
    finally:
        server.stop()
        holder.close()


@pytest.mark.parametrize("read_only, server", [("folder", "gevent"), ("file", "waitress")])
def test_a_database_that_cannot_be_written_is_refused_in_one_line(
        folder: Path, read_only: str, server: str) -> None:
    database = folder / "club.sqlite"
    target = folder if read_only == "folder" else database
    os.chmod(target, 0o555 if read_only == "folder" else 0o400)
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{database}", SECRET_KEY="test")
    port = _free_port()
    process = subprocess.Popen(
        [*as_a_user(), sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--no-mdns", "--workers", "1", "--server", server],
        cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while process.poll() is None and not _answers(f"http://127.0.0.1:{port}/ping"):
        time.sleep(0.05)
    started = process.poll() is None
    if started:
        process.terminate()
    said = process.communicate(timeout=30)[0].strip()
    assert not started and process.returncode == 2, said
    assert "Traceback" not in said and len(said.splitlines()) == 1, said
    assert said.startswith("companion serve: ") and f"chmod u+w {target}" in said, said
    # nothing made beside it: no read-only -wal or -shm left to stop it once writable
    assert sorted(path.name for path in folder.iterdir()) == ["club.sqlite"]
