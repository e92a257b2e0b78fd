"""Benchmark: a table's live reads while a flood of PDF builds hits the same server.

One ``companion serve`` (gunicorn, 2 gevent worker processes, the default build slots and
waits) over a fresh SQLite file on a loopback port, its rate limit raised so the flood is
builds and not 429s. One Casse-toi table; a phone of it reads as the page does, each on its
own keep-alive connection: the poll (``/t/<id>/live?v=..&s=..``, answered empty when
nothing moved) every 200 ms and the table page (``/t/<id>``) every 500 ms. Measured:

1. idle: the reads alone, ``--idle`` seconds (30) before the flood and as long after it
   (the machine's other load moves meanwhile: both count);
2. flood: the same reads while 60 uncached Edgar & Lucien kits (``/print/edgar-et-lucien/
   kit.pdf?offset_x=<a different float each>``) are asked 8 at a time, until the last is
   answered.

Reported: each read's median and p95 idle and during the flood, their ratio, and how the
builds were answered (status, count, median and p95 time). ``--before REV`` runs the same
on the tree of an older commit first (exported with ``git archive``), for comparison.

Run: python bench/bench_print_flood.py [--before REV] [--builds 60] [--parallel 8]
(prints Markdown tables; it loads both cores for a few minutes).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import queue
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
KIT = "edgar-et-lucien"
POLL_EVERY_S = 0.2
PAGE_EVERY_S = 0.5


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Server:
    """``companion serve`` of a tree, 2 gevent workers, on a loopback port; stopped on exit."""

    def __init__(self, tree: Path, folder: Path) -> None:
        self.port = free_port()
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{folder / 'db.sqlite'}",
                   SECRET_KEY="bench-only", PYTHONUNBUFFERED="1", PYTHONPATH=str(tree),
                   COMPANION_RATE_LIMIT="100000")
        env.pop("COMPANION_PUBLIC_URL", None)
        self.log = (folder / "server.log").open("wb")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", HOST, "--port",
             str(self.port), "--workers", "2", "--server", "gevent", "--no-mdns"],
            cwd=tree, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90
        ready = 0
        while ready < 10:  # both workers loaded the app (each after the port is open)
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                raise SystemExit(f"the server of {tree} did not start: see {folder}")
            try:
                ready = ready + 1 if self.call("GET", "/api/games")[0] == 200 else 0
            except OSError:
                ready = 0
                time.sleep(0.1)

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, bytes]:
        conn = http.client.HTTPConnection(HOST, self.port, timeout=120)
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            return response.status, response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


@dataclass
class Reader:
    """A phone's reads of one address, every ``every`` seconds on a keep-alive connection,
    each read's time (ms) and its status."""

    server: Server
    path: str
    every: float
    times: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    marks: list[int] = field(default_factory=list)

    def run(self, stop: threading.Event) -> None:
        conn: http.client.HTTPConnection | None = None
        while not stop.is_set():
            started = time.perf_counter()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(HOST, self.server.port, timeout=60)
                conn.request("GET", self.path)
                response = conn.getresponse()
                response.read()
                status = response.status
            except (OSError, http.client.HTTPException):
                status = 0
                if conn is not None:
                    conn.close()
                conn = None
            elapsed = time.perf_counter() - started
            self.times.append(elapsed * 1000)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            stop.wait(max(0.0, self.every - elapsed))
        if conn is not None:
            conn.close()

    def mark(self) -> None:
        """From here on, the reads of the next phase."""
        self.marks.append(len(self.times))


def spread(values: list[float]) -> tuple[float, float]:
    if not values:
        return float("nan"), float("nan")
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1,
                                                   round(0.95 * (len(ordered) - 1)))]


def flood(server: Server, builds: int, parallel: int) -> dict[str, Any]:
    """``builds`` uncached kits (a different offset each), ``parallel`` at a time."""
    offsets: queue.Queue[float] = queue.Queue()
    for index in range(builds):
        offsets.put(round(-9.5 + 19 * index / max(1, builds - 1), 3))
    answers: list[tuple[int, float]] = []
    lock = threading.Lock()

    def asker() -> None:
        while True:
            try:
                offset = offsets.get_nowait()
            except queue.Empty:
                return
            started = time.perf_counter()
            try:
                status, body = server.call("GET", f"/print/{KIT}/kit.pdf?offset_x={offset}")
                if status == 200 and not body.startswith(b"%PDF"):
                    status = -1
            except (OSError, http.client.HTTPException):
                status = 0
            with lock:
                answers.append((status, time.perf_counter() - started))

    started = time.perf_counter()
    askers = [threading.Thread(target=asker) for _ in range(parallel)]
    for thread in askers:
        thread.start()
    for thread in askers:
        thread.join()
    return {"seconds": time.perf_counter() - started, "answers": answers}


def measure(tree: Path, label: str, idle_s: float, builds: int,
            parallel: int) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bench-print-flood-"))
    server = Server(tree, folder)
    try:
        status, body = server.call("POST", "/api/tables",
                                   {"game": "casse-toi-pov-con", "players": PLAYERS})
        assert status == 201, body
        table = json.loads(body)["id"]
        conn = http.client.HTTPConnection(HOST, server.port, timeout=30)
        conn.request("GET", f"/t/{table}/live?v=-1&s=-1")
        response = conn.getresponse()
        response.read()
        version, seating = response.getheader("X-Version"), response.getheader("X-Seating")
        conn.close()
        readers = {"poll": Reader(server, f"/t/{table}/live?v={version}&s={seating}",
                                  POLL_EVERY_S),
                   "page": Reader(server, f"/t/{table}", PAGE_EVERY_S)}
        stop = threading.Event()
        threads = [threading.Thread(target=r.run, args=(stop,)) for r in readers.values()]
        for thread in threads:
            thread.start()
        time.sleep(2)  # warm: the first reads of each worker
        for reader in readers.values():
            reader.mark()
        time.sleep(idle_s)
        for reader in readers.values():
            reader.mark()
        load = os.getloadavg()[0]
        flooded = flood(server, builds, parallel)
        for reader in readers.values():
            reader.mark()
        time.sleep(idle_s)  # idle again: the machine's other load may have moved meanwhile
        for reader in readers.values():
            reader.mark()
        stop.set()
        for thread in threads:
            thread.join()
        result: dict[str, Any] = {"label": label, "load_before_flood": load,
                                  "flood_s": flooded["seconds"], "reads": {}, "builds": {}}
        for name, reader in readers.items():
            start, middle, end, after = reader.marks
            idle = reader.times[start:middle] + reader.times[end:after]
            result["reads"][name] = {"idle": spread(idle),
                                     "flood": spread(reader.times[middle:end]),
                                     "samples": (len(idle), end - middle),
                                     "statuses": reader.statuses}
        for status in sorted({s for s, _ in flooded["answers"]}):
            times = [t * 1000 for s, t in flooded["answers"] if s == status]
            result["builds"][status] = {"count": len(times), "spread": spread(times)}
        return result
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def export(rev: str) -> Path:
    into = Path(tempfile.mkdtemp(prefix="bench-print-flood-tree-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}"


def report(results: list[dict[str, Any]], builds: int, parallel: int) -> None:
    print(f"Machine: {machine()}.")
    print(f"Flood: {builds} uncached {KIT} kits, {parallel} at a time.\n")
    print("| tree | read | idle median / p95 (ms) | during the flood | ratio (median / p95) "
          "| reads idle / flood |")
    print("|---|---|---|---|---|---|")
    for result in results:
        for name, read in result["reads"].items():
            idle, flood_ = read["idle"], read["flood"]
            errors = {k: v for k, v in read["statuses"].items() if k != 200}
            print(f"| {result['label']} | {name} | {idle[0]:.1f} / {idle[1]:.1f} | "
                  f"{flood_[0]:.1f} / {flood_[1]:.1f} | {flood_[0] / idle[0]:.2f} / "
                  f"{flood_[1] / idle[1]:.2f} | {read['samples'][0]} / {read['samples'][1]}"
                  f"{' (not 200: ' + str(errors) + ')' if errors else ''} |")
    print("\n| tree | flood took | load average before it | builds answered: status, count, "
          "median / p95 (ms) |")
    print("|---|---|---|---|")
    for result in results:
        answered = "; ".join(f"{status}: {b['count']}, {b['spread'][0]:,.0f} / "
                             f"{b['spread'][1]:,.0f}" for status, b in result["builds"].items())
        print(f"| {result['label']} | {result['flood_s']:.0f} s | "
              f"{result['load_before_flood']:.1f} | {answered} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--before", help="also measure the tree of this commit, first")
    parser.add_argument("--builds", type=int, default=60)
    parser.add_argument("--parallel", type=int, default=8)
    parser.add_argument("--idle", type=float, default=30.0, help="seconds of idle reads")
    parser.add_argument("--json", help="also write the results to this JSON file")
    args = parser.parse_args()
    trees = ([(export(args.before), f"before ({args.before})")] if args.before else [])
    trees.append((ROOT, "after"))
    try:
        results = [measure(tree, label, args.idle, args.builds, args.parallel)
                   for tree, label in trees]
    finally:
        if args.before:
            shutil.rmtree(trees[0][0], ignore_errors=True)
    report(results, args.builds, args.parallel)
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1, default=str))


if __name__ == "__main__":
    main()
