"""HTTP benchmarks of the table API, each a ratio against a baseline measured in the same run.

Every server runs in its own process on a loopback address (127.0.0.1), load generators are
bounded in time and count, and every server is stopped at the end:

1. reading a table (``GET /api/tables/<id>``: Casse-toi after 10 rounds, Edgar & Lucien in
   mid-game) against a minimal Flask app answering a small JSON document, under the same
   server and settings: the project's default (``companion serve``: gunicorn, a gevent
   worker per core), gunicorn -w 2 (sync workers) and waitress (16 threads, where gunicorn
   does not run). Load: wrk -t2 -c32 (Debian's ``wrk``), else a bounded Python client;
   Also the minimal app reading one table's version from the companion's database before
   it answers (as every read of the companion does): the floor of a read that asks storage;
2. sequential writes (a round of scoring, ``score_round``) over one keep-alive connection,
   against a minimal Flask POST answering a small JSON document (and one committing a row
   as the companion commits); each write answered with the whole table, and again asking
   ``Prefer: return=minimal`` (the new version and outcome only);
3. the cost of a read and of a write at 10, 100 and 1,000 log entries (median of sequential
   requests over one keep-alive connection), and the ratio from 10 to 1,000.

Run: python bench/bench_http.py [--seconds 4] [--json results.json] [--postgres]
(``--postgres``: the companion and the committing baseline on a private PostgreSQL cluster)
(prints Markdown tables; absolute numbers vary with the machine and its load, the ratios far
less). ``python bench/bench_http.py serve APP PORT`` serves one app (used by the benchmark).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import orjson

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOST = "127.0.0.1"
THREADS = 16  # companion serve's default
ROUNDS = 3


# ---------------------------------------------------------------------------- the apps

def minimal_app() -> Any:
    """The baseline: a minimal Flask app answering a small JSON document."""
    from flask import Flask, jsonify, request

    app = Flask("minimal")

    @app.get("/json")
    def read() -> Any:
        return jsonify({"id": "table", "game": "minimal", "version": 10,
                        "state": {"round": 3, "scores": [4, 7, 2]}})

    @app.post("/json")
    def write() -> Any:
        body = request.get_json(silent=True) or {}
        return jsonify({"id": "table", "version": int(body.get("expected_version", 0)) + 1})

    @app.get("/row")
    def row() -> Any:
        """The GET, reading one table's version from the companion's database first, as
        every read of the companion does (one statement; on PostgreSQL a round trip): the
        floor a read that asks storage cannot go under on this machine."""
        mark = "%s" if os.environ["DATABASE_URL"].startswith("postgresql") else "?"
        with _reader() as conn:
            found = conn.execute(f"SELECT version FROM tables WHERE id = {mark}",
                                 (request.args.get("id", ""),)).fetchone()
        return jsonify({"id": "table", "game": "minimal", "version": found[0],
                        "state": {"round": 3, "scores": [4, 7, 2]}})

    @app.post("/commit")
    def commit() -> Any:
        """The same, committing one small row to the companion's database as the companion
        does (SQLite: WAL, synchronous=FULL; PostgreSQL: its default, a synced commit): the
        floor a durable write cannot go under on this disk."""
        body = request.get_json(silent=True) or {}
        if os.environ["DATABASE_URL"].startswith("postgresql"):
            _postgres(log=True).execute("INSERT INTO bench_log (body) VALUES (%s)",
                                        (json.dumps(body),))
        else:
            conn = _synced_sqlite()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO log (body) VALUES (?)", (json.dumps(body),))
            conn.execute("COMMIT")
        return jsonify({"id": "table", "version": int(body.get("expected_version", 0)) + 1})

    return app


_local = threading.local()


def _synced_sqlite() -> Any:
    import sqlite3

    conn = getattr(_local, "conn", None)
    if conn is None:
        path = os.environ["DATABASE_URL"].removeprefix("sqlite:///") + ".minimal"
        conn = sqlite3.connect(path, isolation_level=None, timeout=5)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE IF NOT EXISTS log (id INTEGER PRIMARY KEY, body TEXT)")
        _local.conn = conn
    return conn


_readers: Any = None  # connections of the reading baseline, reused by its requests


@contextmanager
def _reader() -> Iterator[Any]:
    """A connection to the companion's own database (to read its tables), taken from a
    small pool of the baseline's own: one per request at once, kept for the next ones."""
    global _readers
    import queue

    if _readers is None:
        _readers = queue.LifoQueue()
    try:
        conn = _readers.get_nowait()
    except queue.Empty:
        url = os.environ["DATABASE_URL"]
        if url.startswith("postgresql"):
            import psycopg
            from sqlalchemy.engine import make_url

            plain = make_url(url).set(drivername="postgresql")
            conn = psycopg.connect(plain.render_as_string(hide_password=False),
                                   autocommit=True)
        else:
            import sqlite3

            conn = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None,
                                   timeout=5, check_same_thread=False)
    try:
        yield conn
    finally:
        _readers.put(conn)


def _postgres(log: bool = False) -> Any:
    import psycopg

    conn = getattr(_local, "pg", None)
    if conn is None:
        from sqlalchemy.engine import make_url

        url = make_url(os.environ["DATABASE_URL"]).set(drivername="postgresql")
        conn = psycopg.connect(url.render_as_string(hide_password=False), autocommit=True)
        _local.pg = conn
    if log and not getattr(_local, "pg_log", False):
        # Made by the first committing POST (sequential: two CREATEs at once can collide).
        conn.execute("CREATE TABLE IF NOT EXISTS bench_log (id SERIAL PRIMARY KEY, body TEXT)")
        _local.pg_log = True
    return conn


def wsgi_app(name: str) -> Any:
    """The app a server process serves: ``companion`` (DATABASE_URL from the environment)
    or ``minimal``."""
    if name == "minimal":
        return minimal_app()
    from companion import create_app

    return create_app({"SERVER_THREADS": THREADS})


def serve(name: str, port: int) -> None:
    from waitress import serve as waitress_serve

    waitress_serve(wsgi_app(name), host=HOST, port=port, threads=THREADS, ident="bench",
                   _quiet=True)


# ---------------------------------------------------------------------------- processes

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Server:
    """One app in one server process on a loopback port; stopped on exit."""

    def __init__(self, name: str, kind: str, env: dict[str, str]) -> None:
        self.name, self.kind, self.port = name, kind, free_port()
        if kind == "waitress":
            command = [sys.executable, __file__, "serve", name, str(self.port)]
        elif kind == "default" and name == "companion":
            # The project's own command, as a club runs it: a gevent worker per core.
            command = [sys.executable, "-m", "companion", "serve", "--host", HOST, "--port",
                       str(self.port), "--no-mdns"]
        else:
            # gunicorn -w 2: sync workers; "default": the minimal app as companion serve
            # runs the companion (gevent workers, one per core, the same connections).
            worker = (["-k", "gevent", "--worker-connections", "4000", "-w",
                       str(os.cpu_count() or 1)] if kind == "default" else ["-w", "2"])
            command = [shutil.which("gunicorn") or "gunicorn", *worker, "-b",
                       f"{HOST}:{self.port}", "--pythonpath", f"{ROOT},{ROOT / 'bench'}",
                       "--log-level", "warning", "--keep-alive", "5",
                       f"bench_http:wsgi_app('{name}')"]
        # The server's log goes to a file: a pipe nobody reads fills up and stalls it.
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(command, cwd=ROOT, env=env,
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 60
        ready = 0
        probe = "/json" if name == "minimal" else "/api/games"
        while time.monotonic() < deadline:
            try:
                # Ready when it answers, several times in a row (gunicorn's workers each load
                # the app after the port is open).
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                conn.request("GET", probe)
                ready = ready + 1 if conn.getresponse().status == 200 else 0
                conn.close()
                if ready >= 10:
                    return
            except OSError:
                if self.process.poll() is not None:
                    self.log.seek(0)
                    raise RuntimeError(f"{name} under {kind} did not start: "
                                       f"{self.log.read().decode()[-2000:]}") from None
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"{name} under {kind} did not start within 60 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def __enter__(self) -> Server:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop()


# ---------------------------------------------------------------------------- load

def wrk_rate(port: int, path: str, seconds: float, headers: dict[str, str]) -> float:
    """Requests per second, wrk -t2 -c32 for ``seconds``; every answer must be a 2xx."""
    command = ["wrk", "-t2", "-c32", f"-d{max(1, round(seconds))}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run([*command, f"http://{HOST}:{port}{path}"], capture_output=True,
                            text=True, timeout=seconds + 30, check=True).stdout
    if "Non-2xx" in output:
        raise RuntimeError(f"wrk saw errors on {path}:\n{output}")
    found = re.search(r"Requests/sec:\s+([0-9.]+)", output)
    if found is None:
        raise RuntimeError(f"no rate in wrk's output:\n{output}")
    return float(found.group(1))


def python_rate(port: int, path: str, seconds: float, headers: dict[str, str],
                connections: int = 8) -> float:
    """Requests per second from ``connections`` keep-alive clients (when wrk is missing)."""
    counts = [0] * connections
    stop_at = time.monotonic() + seconds

    def client(index: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        while time.monotonic() < stop_at:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            response.read()
            if response.status != 200:
                raise RuntimeError(f"{path}: {response.status}")
            counts[index] += 1
        conn.close()

    workers = [threading.Thread(target=client, args=(i,)) for i in range(connections)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(counts) / seconds


def read_rate(port: int, path: str, seconds: float, headers: dict[str, str] | None = None
              ) -> float:
    headers = headers or {}
    if shutil.which("wrk"):
        return wrk_rate(port, path, seconds, headers)
    return python_rate(port, path, seconds, headers)


class Client:
    """One keep-alive connection, used sequentially. Bodies are encoded and parsed with
    orjson: the client's own work is in every timing (it shares the machine's cores), and
    the standard library took longer to parse a whole table than the server took to make it
    (0.34 ms against 0.12 ms for Casse-toi after 8 rounds)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection(HOST, port, timeout=10)
        self.connects = 0

    def call(self, method: str, path: str, body: Any = None,
             headers: dict[str, str] | None = None) -> tuple[int, Any, dict[str, str]]:
        data = orjson.dumps(body) if body is not None else None
        sent = {"Content-Type": "application/json", **(headers or {})}
        if self.conn.sock is None:
            self.connects += 1
        self.conn.request(method, path, body=data, headers=sent)
        response = self.conn.getresponse()
        raw = response.read()
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
        value = orjson.loads(raw) if raw and response.getheader(
            "Content-Type", "").startswith("application/json") else raw
        return response.status, value, dict(response.getheaders())


# ---------------------------------------------------------------------------- tables

def make_tables(url: str) -> dict[str, Any]:
    """The tables the benchmarks read and write, stored before any server starts."""
    from companion.db import Database
    from companion.games import get_game
    from companion.games.base import GameError
    from companion.tables import TableService

    db = Database(url)
    service = TableService(db)
    casse = get_game("casse-toi-pov-con")
    rng = random.Random(12)
    tables: dict[str, Any] = {}

    # Casse-toi after 10 rounds, scored one round at a time (quick entry), 5 players.
    view = service.create(casse.ID, casse.example_players(5), {"track_top": 40})
    while casse.round_number(view.state) <= 10:
        try:
            view = service.act(view.id, view.version, {
                "type": "score_round", "results": casse.random_results(5, rng)})
        except GameError:
            continue
        if view.outcome is not None:
            raise RuntimeError("the Casse-toi table ended before 10 rounds")
    tables["casse"] = (view.id, service.host_token(view.id), view.version)

    # Edgar & Lucien in mid-game: half the actions of a whole random game of 4 players.
    edgar = get_game("edgar-et-lucien")
    state = edgar.setup(edgar.example_players(4), {"seed": 7})
    actions = []
    for _ in range(3000):
        if edgar.outcome(state) is not None:
            break
        action = edgar.random_action(state, rng)
        try:
            state = edgar.apply(state, action)
        except GameError:
            continue
        actions.append(action)
    view = service.create(edgar.ID, edgar.example_players(4), {"seed": 7})
    for action in actions[: len(actions) // 2]:
        try:
            view = service.act(view.id, view.version, action)
        except GameError:
            continue
    tables["edgar"] = (view.id, service.host_token(view.id), view.version)

    # Tables at 10, 100 and 1,000 log entries: a card drawn then taken back, over and over
    # (the log grows, the game stays in its first round).
    for length in (10, 100, 1000):
        view = service.create(casse.ID, casse.example_players(5), {"track_top": 40})
        while view.version < length:
            action = ({"type": "draw", "seat": 0, "stress": 0, "stars": 0, "corner": None}
                      if view.version % 2 == 0 else {"type": "retract", "seat": 0})
            view = service.act(view.id, view.version, action)
        tables[f"log{length}"] = (view.id, service.host_token(view.id), view.version)
    db.engine.dispose()
    return tables


def new_scoring_table(client: Client) -> tuple[str, str, int]:
    status, body, _ = client.call("POST", "/api/tables", {
        "game": "casse-toi-pov-con", "options": {"track_top": 40},
        "players": [{"name": n, "party": p} for n, p in (
            ("Nicolas", "UMP"), ("Ségolène", "PS"), ("François", "MoDem"),
            ("Olivier", "NPA"), ("Dominique", "RS"))]})
    if status != 201:
        raise RuntimeError(f"table not created: {status} {body}")
    return body["id"], body["host_token"], body["version"]


# ---------------------------------------------------------------------------- measures

def sequential_writes(port: int, seconds: float, companion: bool,
                      path: str = "/json", minimal: bool = False) -> tuple[float, int]:
    """Writes per second over one keep-alive connection, and how many connections it took.
    Only the writes are timed: a table whose game ended is replaced by a new one (a round
    of scoring on a finished game is refused), and making it is not a write measured."""
    from companion.games import get_game

    casse = get_game("casse-toi-pov-con")
    rng = random.Random(5)
    # The rounds are drawn before the clock starts: the baseline's client draws nothing.
    rounds = [casse.random_results(5, rng) for _ in range(500)] if companion else []
    client = Client(port)
    table = new_scoring_table(client) if companion else ("x", "", 0)
    # ``minimal``: the writes ask ``Prefer: return=minimal`` (the new version and outcome,
    # not the whole table), as a client following the live stream may.
    prefer = {"Prefer": "return=minimal"} if minimal else {}
    count = tries = 0
    start = time.perf_counter()
    setting_up = 0.0  # time spent making new tables, left out of the rate
    while time.perf_counter() - start - setting_up < seconds and count < 5000:
        if companion:
            table_id, host, version = table
            status, body, _ = client.call(
                "POST", f"/api/tables/{table_id}/actions",
                {"expected_version": version,
                 "action": {"type": "score_round", "results": rounds[tries % len(rounds)]}},
                {"X-Host-Token": host, **prefer})
            tries += 1
            if status == 422:  # a random round the rules refuse: not counted
                continue
            if status != 200:
                raise RuntimeError(f"write refused: {status} {body}")
            table = (table_id, host, body["version"])
            if body["outcome"] is not None:
                made = time.perf_counter()
                table = new_scoring_table(client)
                setting_up += time.perf_counter() - made
        else:
            status, body, _ = client.call("POST", path, {"expected_version": count})
            if status != 200:
                raise RuntimeError(f"minimal write: {status}")
        count += 1
    return count / (time.perf_counter() - start - setting_up), client.connects


def log_costs(port: int, tables: dict[str, Any], count: int, rounds: int = 3
              ) -> dict[int, tuple[float, float]]:
    """Median GET and POST (a card drawn or taken back) at each log length, the lengths
    measured in turn, ``rounds`` times, so a change of the machine's load hits them alike."""
    client = Client(port)
    versions = {length: tables[f"log{length}"][2] for length in LENGTHS}
    samples: dict[int, tuple[list[float], list[float]]] = {n: ([], []) for n in LENGTHS}

    def timed(function: Callable[[], Any]) -> float:
        start = time.perf_counter()
        function()
        return (time.perf_counter() - start) * 1000

    def write(length: int) -> None:
        table_id, host, _ = tables[f"log{length}"]
        v = versions[length]
        action = ({"type": "draw", "seat": 0, "stress": 0, "stars": 0, "corner": None}
                  if v % 2 == 0 else {"type": "retract", "seat": 0})
        status, body, _ = client.call("POST", f"/api/tables/{table_id}/actions",
                                      {"expected_version": v, "action": action},
                                      {"X-Host-Token": host})
        if status != 200:
            raise RuntimeError(f"write refused: {status} {body}")
        versions[length] = body["version"]

    for length in LENGTHS:  # warm: this process folds each log once
        client.call("GET", f"/api/tables/{tables[f'log{length}'][0]}")
    for _ in range(rounds):
        for length in LENGTHS:
            path = f"/api/tables/{tables[f'log{length}'][0]}"
            gets, posts = samples[length]
            gets.extend(timed(lambda p=path: client.call("GET", p)) for _ in range(count))
            posts.extend(timed(lambda n=length: write(n)) for _ in range(count // 3))
    return {n: (statistics.median(g), statistics.median(p)) for n, (g, p) in samples.items()}


LENGTHS = (10, 100, 1000)


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"{os.cpu_count()} cores ({model}), load average {load}, "
            f"Python {platform.python_version()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="length of each read load (writes: half), default 2 s")
    parser.add_argument("--requests", type=int, default=60,
                        help="sequential GETs per log length and round (POSTs: a third)")
    parser.add_argument("--json", help="also write the results to this JSON file")
    parser.add_argument("--no-gunicorn", action="store_true")
    parser.add_argument("--postgres", action="store_true",
                        help="the companion's database on a private PostgreSQL cluster")
    args = parser.parse_args()
    seconds = args.seconds
    results: dict[str, Any] = {"machine_before": machine()}
    kinds = (["default", "gunicorn"] if not args.no_gunicorn and shutil.which("gunicorn")
             else []) + ["waitress"]
    stop_pg: list[str] | None = None
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/bench.sqlite"
        if args.postgres:
            from bench_live import private_postgres

            url, stop_pg = private_postgres(Path(folder))
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench-" + "x" * 32,
               "COMPANION_RATE_LIMIT": "100000", "PYTHONPATH": str(ROOT)}
        tables = make_tables(url)
        reads: list[str] = []
        writes: list[str] = []
        for kind in kinds:
            with Server("minimal", kind, env) as minimal, \
                    Server("companion", kind, env) as companion:
                paths = {"casse": f"/api/tables/{tables['casse'][0]}",
                         "edgar": f"/api/tables/{tables['edgar'][0]}"}
                read_rate(minimal.port, "/json", 1)  # warm up
                for path in paths.values():
                    read_rate(companion.port, path, 1)
                rates: dict[str, list[float]] = {"base": [], "row": [], "casse": [],
                                                 "edgar": []}
                written: dict[str, list[float]] = {"base": [], "synced": [], "companion": [],
                                                   "minimal": []}
                connects = base_connects = 0
                # Baseline and companion in turn, ROUNDS times: a change of the machine's
                # load (it is shared) hits both alike; the medians are reported.
                for _ in range(ROUNDS):
                    rates["base"].append(read_rate(minimal.port, "/json", seconds))
                    rates["row"].append(read_rate(
                        minimal.port, f"/row?id={tables['casse'][0]}", seconds))
                    for name, path in paths.items():
                        rates[name].append(read_rate(companion.port, path, seconds))
                for _ in range(ROUNDS):
                    rate, base_connects = sequential_writes(minimal.port, seconds / 2, False)
                    written["base"].append(rate)
                    written["synced"].append(
                        sequential_writes(minimal.port, seconds / 2, False, "/commit")[0])
                    rate, connects = sequential_writes(companion.port, seconds / 2, True)
                    written["companion"].append(rate)
                    written["minimal"].append(sequential_writes(
                        companion.port, seconds / 2, True, minimal=True)[0])
                if kind == "waitress":
                    results["log"] = log_costs(companion.port, tables, args.requests)
            server = {"waitress": f"waitress ({THREADS} threads)", "gunicorn": "gunicorn -w 2",
                      "default": "companion serve (gunicorn, gevent worker per core)"}[kind]
            base_read = statistics.median(rates["base"])
            row_read = statistics.median(rates["row"])
            database = "PostgreSQL" if args.postgres else "SQLite"
            reads.append(f"| minimal Flask GET reading one table's version from {database} "
                         f"first, {server} | {row_read:,.0f} req/s | minimal Flask JSON: "
                         f"{base_read:,.0f} req/s | {row_read / base_read:.2f} |")
            results[f"read_row_{kind}"] = row_read / base_read
            for name, label in (("casse", "Casse-toi after 10 rounds"),
                                ("edgar", "Edgar & Lucien mid-game")):
                rate = statistics.median(rates[name])
                reads.append(f"| GET /api/tables/<id>, {label}, {server} | {rate:,.0f} req/s "
                             f"| minimal Flask JSON: {base_read:,.0f} req/s | "
                             f"{rate / base_read:.2f} |")
                results[f"read_{name}_{kind}"] = rate / base_read
            write = statistics.median(written["companion"])
            base_write = statistics.median(written["base"])
            synced_write = statistics.median(written["synced"])
            writes.append(f"| sequential score_round writes, {server}, {database} | {write:,.0f} "
                          f"req/s ({connects} connection{'s' if connects > 1 else ''} for the "
                          f"last run) | minimal Flask POST: {base_write:,.0f} req/s "
                          f"({base_connects}) | {write / base_write:.2f} |")
            writes.append(f"| same, {server} | {write:,.0f} req/s | minimal Flask POST "
                          f"committing one row to {database} (as the companion commits): "
                          f"{synced_write:,.0f} req/s | {write / synced_write:.2f} |")
            minimal = statistics.median(written["minimal"])
            writes.append(f"| same with Prefer: return=minimal, {server} | {minimal:,.0f} req/s "
                          f"| minimal Flask POST: {base_write:,.0f} req/s / committing: "
                          f"{synced_write:,.0f} req/s | {minimal / base_write:.2f} / "
                          f"{minimal / synced_write:.2f} |")
            results[f"write_{kind}"] = write / base_write
            results[f"write_synced_{kind}"] = write / synced_write
            results[f"write_minimal_{kind}"] = minimal / base_write
            results[f"write_minimal_synced_{kind}"] = minimal / synced_write
        if stop_pg:
            subprocess.run(stop_pg, check=False, capture_output=True)
    results["machine_after"] = machine()
    print(f"Machine: {results['machine_before']} (after: {results['machine_after']})\n")
    print("| what | companion | baseline, same run | ratio |\n|---|---|---|---|")
    print("\n".join(reads + writes))
    log = results["log"]
    print("\n| log entries | GET /api/tables/<id> | POST an action |\n|---|---|---|")
    for length, (get, post) in log.items():
        print(f"| {length:,} | {get:.2f} ms | {post:.2f} ms |")
    print(f"| 10 -> 1,000 | {log[1000][0] / log[10][0]:.2f}x | {log[1000][1] / log[10][1]:.2f}x |")
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "serve":
        serve(sys.argv[2], int(sys.argv[3]))
    else:
        main()
