"""A flood of PDF builds never stalls the tables: every uncached kit is built by a child
process (``printables.job``) holding one of the server's build slots, so a gevent worker
answers its phones while a kit builds; the slots bound the builds running at once for every
process of the server; with every slot taken a request gets 503 with Retry-After (a cached
PDF needs no slot), and a kit the options cannot make still answers 400 with its reason."""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from test_live import Server

from companion import create_app
from companion.web import print_builds
from companion.web.print_builds import BuildSlots, PrinterBusy, slot_folder

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
CASSE = "casse-toi-pov-con"
EDGAR = "edgar-et-lucien"  # the slowest kit to build: about 3 s of CPU
WAIT_S = 60  # a failure's bound, not a measure
SETTINGS = {"PDF_BUILDS": 1, "RATE_LIMIT": 100_000}

pytestmark = [pytest.mark.pdf,
              pytest.mark.skipif(not Path("/proc/self/cmdline").exists(),
                                 reason="finds the build processes in /proc")]


def builds_running(roots: dict[str, int]) -> list[str]:
    """The running build processes (``python -m printables.job``) under each root process,
    as the names of their roots."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if b"printables.job" not in Path(f"/proc/{entry}/cmdline").read_bytes():
                continue
        except OSError:
            continue
        pid = int(entry)
        while pid > 1:
            owner = next((name for name, root in roots.items() if root == pid), None)
            if owner is not None:
                found.append(owner)
                break
            try:
                pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                break
    return found


def call(server: Server, path: str, method: str = "GET", body: Any = None,
         headers: dict[str, str] | None = None) -> tuple[int, bytes, dict[str, str]]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=WAIT_S * 2)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        return response.status, response.read(), dict(response.getheaders())
    finally:
        conn.close()


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Flask]]:
    """One ``companion serve`` (gevent, one worker) and this test's own app: two processes
    of one server, over one SQLite file, one build slot between them."""
    folder = tmp_path_factory.mktemp("print_flood")
    url = f"sqlite:///{folder / 'club.sqlite'}"
    server = Server(url, folder, "flood", COMPANION_PDF_BUILDS="1",
                    COMPANION_PDF_WAIT_S=str(WAIT_S), COMPANION_RATE_LIMIT="100000")
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t",
                      "PDF_WAIT_S": WAIT_S, **SETTINGS})
    try:
        yield server, app
    finally:
        server.stop()
        app.extensions["companion_db"].engine.dispose()


def test_a_worker_answers_its_tables_while_a_kit_builds(hall: tuple[Server, Flask]) -> None:
    server, _app = hall
    status, body, _ = call(server, "/api/tables", "POST", {"game": CASSE, "players": PLAYERS})
    assert status == 201, body
    table = json.loads(body)["id"]
    finished: dict[str, float] = {}
    results: dict[str, Any] = {}

    def build() -> None:
        results["build"] = call(server, f"/print/{EDGAR}/kit.pdf?offset_x=1.25")
        finished["build"] = time.monotonic()

    builder = threading.Thread(target=build)
    builder.start()
    deadline = time.monotonic() + WAIT_S
    while not builds_running({"server": server.process.pid}):
        assert time.monotonic() < deadline and builder.is_alive(), \
            "the kit was not built in a process of its own"
        time.sleep(0.02)
    reads = ("/ping", f"/api/tables/{table}", f"/t/{table}/live?v=0&s=0", f"/t/{table}")
    for path in reads:
        results[path] = call(server, path)
        finished[path] = time.monotonic()
    builder.join(WAIT_S * 2)
    status, data, headers = results["build"]
    assert status == 200 and data.startswith(b"%PDF") and "pdf" in headers["Content-Type"]
    for path in reads:
        assert results[path][0] in (200, 204), (path, results[path][:2])
        assert finished[path] < finished["build"], (path, finished)  # not queued behind it


def test_two_processes_never_build_more_than_their_slots_at_once(
        hall: tuple[Server, Flask]) -> None:
    """A build asked of the server's worker and one of this process at once: one runs at a
    time (the bound: one slot), and both are built (the second waits for the slot)."""
    server, app = hall
    roots = {"server": server.process.pid, "test": os.getpid()}
    seen: list[list[str]] = []
    answers: list[int] = []
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            seen.append(builds_running(roots))
            time.sleep(0.03)

    def over_http(offset: float) -> None:
        answers.append(call(server, f"/print/{CASSE}/kit.pdf?offset_x={offset}")[0])

    def in_this_process(offset: float) -> None:
        answers.append(app.test_client().get(f"/print/{CASSE}/kit.pdf?offset_x={offset}")
                       .status_code)

    watcher = threading.Thread(target=watch)
    watcher.start()
    askers = [threading.Thread(target=over_http, args=(2.5,)),
              threading.Thread(target=in_this_process, args=(3.5,))]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(WAIT_S * 4)
    done.set()
    watcher.join()
    assert answers == [200] * 2
    assert max(len(running) for running in seen) == 1
    assert {name for running in seen for name in running} == {"server", "test"}


def hold_slot(app: Flask, index: int = 0) -> int:
    """Take a build slot of ``app``'s server as another process of it would."""
    folder = slot_folder(app)
    assert folder is not None
    folder.mkdir(parents=True, exist_ok=True)
    fd = os.open(folder / f"slot-{index}", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    return fd


def test_every_slot_taken_answers_503_and_a_cached_pdf_still_comes(
        hall: tuple[Server, Flask], monkeypatch: pytest.MonkeyPatch) -> None:
    _server, app = hall
    client = app.test_client()
    assert client.get(f"/print/{CASSE}/kit.pdf?offset_x=4.5").status_code == 200  # cached
    monkeypatch.setitem(app.config, "PDF_WAIT_S", 0.2)
    held = hold_slot(app)
    try:
        busy = client.get(f"/print/{CASSE}/kit.pdf?offset_x=5.5")
        assert busy.status_code == 503 and int(busy.headers["Retry-After"]) > 0
        assert "The printer is busy with other kits" in busy.get_data(as_text=True)
        fetched = client.get(f"/print/{CASSE}/kit.pdf?offset_x=5.5",
                             headers={"X-Requested-With": "fetch"})
        assert fetched.status_code == 503 and fetched.json["error"]["code"] == "printer_busy"
        cached = client.get(f"/print/{CASSE}/kit.pdf?offset_x=4.5")
        assert cached.status_code == 200 and cached.data.startswith(b"%PDF")
    finally:
        os.close(held)
    assert client.get(f"/print/{CASSE}/kit.pdf?offset_x=5.5").status_code == 200


def test_a_kit_the_deck_cannot_make_still_says_why(hall: tuple[Server, Flask]) -> None:
    """A saved deck whose values the kit refuses (kept by an older version, say): the build
    fails in its child process and the reason reaches the phone as the same 400."""
    from companion.db import Deck, get_db

    _server, app = hall
    with app.app_context(), get_db().write() as session:
        deck = Deck(game="election-usa", name="Old copy", values={"reserve": -5}, owner=None)
        session.add(deck)
        session.flush()
        deck_id = deck.id
    refused = app.test_client().get(f"/print/election-usa/kit.pdf?lang=en&deck={deck_id}")
    assert refused.status_code == 400
    assert ("The kit cannot be built with these options: election-usa: edition values: "
            "option reserve must be between 0 and 40") in refused.get_data(as_text=True)


@pytest.mark.parametrize("shared", [True, False], ids=["slot files", "one process"])
def test_the_slots_bound_the_builds_and_the_waiting(tmp_path: Path, shared: bool,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Two slots: two holders at once, a third waits in vain, then they are free again;
    past the requests a process lets wait, one is refused without waiting at all."""
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "SECRET_KEY": "t"})
    two = BuildSlots(2, tmp_path / "two" if shared else None, waiting=10)
    with app.app_context():
        with two.hold(0) as first, two.hold(0) as second:
            assert (first is not None and second is not None) == shared  # a descriptor
            with pytest.raises(PrinterBusy):
                with two.hold(0.1):
                    pass
        with two.hold(0), two.hold(0):
            pass  # both free again
        one = BuildSlots(1, tmp_path / "one" if shared else None, waiting=1)
        with one.hold(0):
            def no_sleep(_seconds: float) -> None:
                raise AssertionError("waited for a slot")

            monkeypatch.setattr(print_builds.time, "sleep", no_sleep)
            with pytest.raises(PrinterBusy):  # the second request of a process allowing one
                with one.hold(WAIT_S):
                    pass


def test_the_slots_live_where_the_servers_processes_meet(tmp_path: Path) -> None:
    def folder_of(url: str) -> Path | None:
        return slot_folder(create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t"}))

    assert folder_of(f"sqlite:///{tmp_path / 'club.sqlite'}") == \
        tmp_path.resolve() / "club.sqlite.pdf-builds"
    assert folder_of("sqlite://") is None  # one process holds an in-memory database
