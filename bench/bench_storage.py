"""What an acknowledged write that survives a power cut costs: SQLite WAL with
``synchronous=FULL`` (the companion's setting: every commit is synced to disk) against
``synchronous=NORMAL`` (the WAL is synced only at checkpoints: a power cut can lose the last
commits, never corrupt the file), side by side in one run over the same TableService writes
(no HTTP), alternating the two in batches so the machine's noise falls on both alike.

Run: python bench/bench_storage.py [--writes N] [--batches B]  (prints a Markdown table)
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event  # noqa: E402

from companion.db import Database  # noqa: E402
from companion.games import casse_toi_pov_con as game  # noqa: E402
from companion.tables import TableService  # noqa: E402

MODES = ("FULL", "NORMAL")


def service_with(path: Path, synchronous: str) -> TableService:
    db = Database(f"sqlite:///{path}")

    @event.listens_for(db.engine, "connect")
    def _sync(dbapi_conn: Any, _record: Any) -> None:  # runs after the companion's own
        dbapi_conn.execute(f"PRAGMA synchronous={synchronous}")

    db.engine.dispose()
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == {"FULL": 2,
                                                                       "NORMAL": 1}[synchronous]
    return TableService(db)


def next_action(view: Any, rng: random.Random) -> dict[str, Any]:
    walk = view.state.walk
    seat = min(range(len(walk)), key=lambda s: len(walk[s]))
    if len(walk[seat]) >= game.AGREEMENT_MIN_CARDS:
        return {"type": "end_walk"}
    return {"type": "draw", "seat": seat, "stress": rng.randint(0, 1), "stars": 0,
            "corner": None}


def write_batch(service: TableService, count: int, rng: random.Random) -> list[float]:
    """``count`` actions on a fresh table, one transaction each: the time of each write."""
    view = service.create(game.ID, game.example_players(6), {"track_top": 40})
    samples = []
    for _ in range(count):
        action = next_action(view, rng)
        start = time.perf_counter()
        view = service.act(view.id, view.version, action)
        samples.append(time.perf_counter() - start)
    return samples


def concurrent_throughput(service: TableService, seconds: float, threads: int) -> float:
    """Writes per second with ``threads`` phones writing to their own tables at once."""
    done = [0] * threads
    stop = time.monotonic() + seconds

    def phone(index: int) -> None:
        rng = random.Random(index)
        view = service.create(game.ID, game.example_players(6), {"track_top": 40})
        while time.monotonic() < stop:
            view = service.act(view.id, view.version, next_action(view, rng))
            done[index] += 1
            if view.version > 300:
                view = service.create(game.ID, game.example_players(6), {"track_top": 40})

    workers = [threading.Thread(target=phone, args=(i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return sum(done) / seconds


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--writes", type=int, default=150, help="writes per batch")
    parser.add_argument("--batches", type=int, default=4, help="batches per mode")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="length of each concurrent run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        services = {mode: service_with(Path(folder) / f"{mode}.sqlite", mode) for mode in MODES}
        samples: dict[str, list[float]] = {mode: [] for mode in MODES}
        rng = random.Random(1)
        for mode in MODES:  # warm up both files and the engines' state cache
            write_batch(services[mode], 20, rng)
        for _ in range(args.batches):
            for mode in MODES:
                samples[mode] += write_batch(services[mode], args.writes, rng)
        throughput = {mode: [] for mode in MODES}  # type: dict[str, list[float]]
        for _ in range(2):
            for mode in MODES:
                throughput[mode].append(concurrent_throughput(services[mode], args.seconds, 4))
    full, normal = samples["FULL"], samples["NORMAL"]
    ms = 1000
    print(f"{len(full)} writes per mode, in {args.batches} alternating batches\n")
    print("| measure | synchronous=FULL | synchronous=NORMAL | ratio |")
    print("|---|---|---|---|")
    for name, pick in (("median write", statistics.median),
                       ("95th percentile write", lambda s: percentile(s, 0.95)),
                       ("99th percentile write", lambda s: percentile(s, 0.99))):
        f, n = pick(full) * ms, pick(normal) * ms
        print(f"| {name} (one action, one transaction) | {f:.2f} ms | {n:.2f} ms | "
              f"{f / n:.2f}x |")
    f, n = statistics.median(throughput["FULL"]), statistics.median(throughput["NORMAL"])
    print(f"| writes per second, 4 phones writing at once | {f:.0f} | {n:.0f} | "
          f"{n / f:.2f}x |")


if __name__ == "__main__":
    main()
