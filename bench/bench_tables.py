"""Benchmarks of the table platform, reported as ratios measured side by side in one run.

- a write with the kept state (the usual path) against a write that folds the whole log
  again (what undo, redo and corrections cost), at several log lengths;
- a phone's poll when nothing changed (204) against one that renders the live fragment;
- the memory a long game's kept state costs.

Run: python bench/bench_tables.py  (prints a Markdown table; numbers vary by machine, the
ratios much less).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.db import Database  # noqa: E402
from companion.games import casse_toi_pov_con as game  # noqa: E402
from companion.tables import TableService  # noqa: E402


def timed(function, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def draws(service: TableService, table_id: str, count: int, rng: random.Random) -> int:
    """Write ``count`` entries: four cards each, then the round ends by agreement."""
    view = service.get(table_id)
    for _ in range(count):
        walk = view.state.walk
        seat = min(range(len(walk)), key=lambda s: len(walk[s]))
        if len(walk[seat]) >= game.AGREEMENT_MIN_CARDS:
            action = {"type": "end_walk"}
        else:
            action = {"type": "draw", "seat": seat, "stress": rng.randint(0, 1),
                      "stars": 0, "corner": None}
        view = service.act(table_id, view.version, action)
    return view.version


def bench_writes(rows: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = Database(f"sqlite:///{folder}/bench.sqlite")
        service = TableService(db)
        rng = random.Random(1)
        for length in (50, 200, 400):
            view = service.create(game.ID, game.example_players(6), {"track_top": 40})
            version = draws(service, view.id, length, rng)

            def kept(table_id: str = view.id) -> None:
                current = service.get(table_id)
                undone = service.undo(table_id, current.version)
                service.redo(table_id, undone.version)

            def act_and_undo(table_id: str = view.id) -> None:
                current = service.get(table_id)
                after = service.act(table_id, current.version, {
                    "type": "draw", "seat": 0, "stress": 0, "stars": 0, "corner": None})
                service.undo(table_id, after.version)

            def cold_read(table_id: str = view.id) -> None:
                TableService(db).get(table_id)

            def warm_read(table_id: str = view.id) -> None:
                service.get(table_id)

            warm = timed(warm_read, 30)
            cold = timed(cold_read, 10)
            rows.append(f"| read a table, log of {version} entries | {warm * 1e3:.2f} ms kept "
                        f"| {cold * 1e3:.2f} ms folded from storage | {cold / warm:.1f}x |")
            write = timed(act_and_undo, 10)
            rows.append(f"| one action then its undo, log of {version} | {write * 1e3:.2f} ms "
                        f"| (undo folds the whole log) | |")
        db.engine.dispose()


def bench_polls(rows: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder}/poll.sqlite"})
        client = app.test_client()
        body = client.post("/api/tables", json={"game": game.ID,
                                                "players": game.example_players(8)}).json
        table_id = body["id"]
        for version in range(40):
            client.post(f"/api/tables/{table_id}/actions", json={
                "expected_version": version,
                "action": {"type": "draw", "seat": version % 8, "stress": 0, "stars": 0,
                           "corner": None}})
        unchanged = timed(lambda: client.get(f"/t/{table_id}/live?v=40"), 200)
        changed = timed(lambda: client.get(f"/t/{table_id}/live?v=39"), 100)
        rows.append(f"| a phone's poll, 8 players | {unchanged * 1e3:.2f} ms unchanged (204) | "
                    f"{changed * 1e3:.2f} ms changed (fragment) | {changed / unchanged:.1f}x |")
        per_second = 1 / unchanged
        rows.append(f"| polls one worker answers per second (204) | {per_second:.0f} | "
                    f"= {per_second * 0.4 / 8:.0f} tables of 8 phones polling every 400 ms | |")
        app.extensions["companion_db"].engine.dispose()


def bench_memory(rows: list[str]) -> None:
    rng = random.Random(3)
    tracemalloc.start()
    state = game.setup(game.example_players(8), {})
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(600):
        if game.outcome(state):
            break
        try:
            state = game.apply(state, game.random_action(state, rng))
        except Exception:
            continue
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    rows.append(f"| kept state of a whole 8-player game | {used / 1024:.0f} KiB | "
                f"{len(state.history)} rounds | |")


def main() -> None:
    rows = ["| measure | value | compared with | ratio |", "|---|---|---|---|"]
    bench_writes(rows)
    bench_polls(rows)
    bench_memory(rows)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
