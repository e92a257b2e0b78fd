"""A group's stats page at 1,000 finished tables, beside a group of 10, over HTTP.

Two groups in one SQLite database: "Club" with 1,000 finished tables (200 of each of the
five games) and "Family" with 10 (two of each). Every table is made through the table
service (not HTTP): a game's random legal play is recorded once per seed and sent again,
action by action, to each new table of that game; each table's log is then spread over its
own evening (an entry every 30-50 s), the tables a day apart. The roster's three players
sit at every table.

Then one ``companion serve`` process (its default server, one worker) answers as for a
phone (``Accept-Encoding: br, gzip``):

- the first fetch of each group's stats page, when no summary is kept yet: every table's
  log is read (one query a chunk of tables) and folded once, the finished ones kept;
- then the pages as they are read from then on, side by side: the two groups' pages
  alternately, ``ROUNDS`` times each, median and 90th percentile, and the ratio of the
  medians; the same for the group's whole history as JSON.

The database file is on /dev/shm where there is one (the writes that make the tables are
not what is measured).

Run: python bench/bench_stats.py [tables]   (prints a Markdown table; default 1000)
"""

from __future__ import annotations

import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from history_tables import linked, make_group, play_out, roster_players  # noqa: E402
from sqlalchemy import select, text  # noqa: E402

from companion import create_app  # noqa: E402
from companion.db import EntryRow  # noqa: E402
from companion.games import GAMES  # noqa: E402
from companion.web.common import service  # noqa: E402

NAMES = ["Ann", "Bruno", "Cécile"]
SEEDS_PER_GAME = 8  # recorded plays per game, sent again in turn
ROUNDS = 15
HEADERS = {"Accept-Encoding": "br, gzip", "User-Agent": "Mozilla/5.0 (Linux; Android 14)"}


def record(svc: Any, game_id: str, seed: int) -> tuple[dict[str, Any], list[Any]] | None:
    """The options and the actions (as the phones sent them) of one finished random play."""
    view = svc.create(game_id, roster_players(game_id, NAMES), {})
    view = play_out(svc, view, random.Random(seed))
    if view.outcome is None:
        return None
    with svc.db.read() as session:
        actions = [e.payload for e in session.scalars(
            select(EntryRow).where(EntryRow.table_id == view.id, EntryRow.kind == "action",
                                   EntryRow.author != "table").order_by(EntryRow.seq))]
    options = dict(view.options)
    svc.delete(view.id, None)
    return options, actions


def make_tables(app: Any, group: str, count: int, start: datetime) -> str:
    """A group of ``count`` finished tables; returns its link's token."""
    with app.app_context():
        svc = service()
        group_id, token, ids = make_group(svc.db, group, "Europe/Paris", NAMES)
        seats = {seat: ids[name] for seat, name in enumerate(NAMES)}
        plays: dict[str, list[tuple[dict[str, Any], list[Any]]]] = {}
        for game_id in sorted(GAMES):
            seed = 1
            while len(plays.setdefault(game_id, [])) < min(SEEDS_PER_GAME, count // 5):
                found = record(svc, game_id, seed)
                seed += 1
                if found is not None:
                    plays[game_id].append(found)
        games = sorted(GAMES)
        timing = []
        for index in range(count):
            game_id = games[index % len(games)]
            options, actions = plays[game_id][(index // len(games)) % len(plays[game_id])]
            view = svc.create(game_id, roster_players(game_id, NAMES), options,
                              also=linked(group_id, seats))
            for action in actions:
                view = svc.act(view.id, view.version, action)
            assert view.outcome is not None, game_id
            step = 30 + (index * 7) % 21
            timing.append({"id": view.id, "start": (start + timedelta(days=index)).isoformat(
                sep=" "), "step": step})
        with svc.db.write() as session:
            session.execute(text(
                "UPDATE entries SET created_at = datetime(:start, '+' || ((seq - 1) * :step)"
                " || ' seconds') WHERE table_id = :id"), timing)
            session.execute(text(
                "UPDATE tables SET created_at = datetime(:start, '-5 minutes'), updated_at ="
                " (SELECT max(created_at) FROM entries WHERE table_id = :id) WHERE id = :id"),
                timing)
    return token


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def fetch(url: str) -> tuple[float, int]:
    request = urllib.request.Request(url, headers=HEADERS)
    begin = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as response:
        body = response.read()
        assert response.status == 200, response.status
    return time.perf_counter() - begin, len(body)


def p90(samples: list[float]) -> float:
    return sorted(samples)[max(0, int(len(samples) * 0.9) - 1)]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    # The database in memory (tmpfs) where the machine has one: making 1,000 tables is
    # 150,000 writes, each synced to disk otherwise; what is measured only reads.
    shm = "/dev/shm" if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(dir=shm) as folder:
        url = f"sqlite:///{folder}/bench.sqlite"
        app = create_app({"DATABASE_URL": url, "SECRET_KEY": "bench"})
        made = time.perf_counter()
        big = make_tables(app, "Club", count, datetime(2024, 1, 1, 19, 0))
        small = make_tables(app, "Family", 10, datetime(2024, 1, 1, 19, 0))
        made = time.perf_counter() - made
        app.extensions["companion_db"].engine.dispose()
        port = free_port()
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "bench",
               "COMPANION_RATE_LIMIT": "100000"}
        log = open(Path(folder) / "server.log", "wb")  # noqa: SIM115
        server = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host",
                                   "127.0.0.1", "--port", str(port), "--workers", "1",
                                   "--no-mdns"], cwd=ROOT, env=env, stdout=log, stderr=log)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(600):
                try:
                    fetch(base + "/healthz")
                    break
                except OSError:
                    time.sleep(0.1)
            pages = {"big": f"{base}/g/{big}/stats", "small": f"{base}/g/{small}/stats"}
            files = {"big": f"{base}/g/{big}/plays.json", "small": f"{base}/g/{small}/plays.json"}
            first = {name: fetch(url) for name, url in pages.items()}
            samples: dict[str, dict[str, list[float]]] = {"page": {"big": [], "small": []},
                                                          "file": {"big": [], "small": []}}
            sizes = {}
            for _ in range(ROUNDS):
                for kind, urls in (("page", pages), ("file", files)):
                    for name in ("big", "small"):
                        took, size = fetch(urls[name])
                        samples[kind][name].append(took)
                        sizes[(kind, name)] = size
        finally:
            server.terminate()
            server.wait(timeout=30)
            log.close()
    print(f"{count} + 10 finished tables made through the table service in {made:.0f} s\n")
    print(f"| What (over HTTP, one worker) | {count} tables | 10 tables | ratio |")
    print("|---|---|---|---|")
    print(f"| stats page, first fetch (every log folded and kept) | {first['big'][0] * 1000:.0f} ms"
          f" | {first['small'][0] * 1000:.0f} ms | {first['big'][0] / first['small'][0]:.1f} |")
    for kind, label in (("page", "stats page"), ("file", "whole history, JSON")):
        big_s, small_s = samples[kind]["big"], samples[kind]["small"]
        print(f"| {label}, median (p90) of {ROUNDS} | {statistics.median(big_s) * 1000:.0f} ms "
              f"({p90(big_s) * 1000:.0f}) | {statistics.median(small_s) * 1000:.0f} ms "
              f"({p90(small_s) * 1000:.0f}) | "
              f"{statistics.median(big_s) / statistics.median(small_s):.1f} |")
    print(f"| stats page, bytes on the wire (br) | {sizes[('page', 'big')]:,} |"
          f" {sizes[('page', 'small')]:,} | |")
    print(f"| whole history JSON, bytes (br) | {sizes[('file', 'big')]:,} |"
          f" {sizes[('file', 'small')]:,} | |")
    print(json.dumps({"first": first}, default=str), file=sys.stderr)


if __name__ == "__main__":
    main()
