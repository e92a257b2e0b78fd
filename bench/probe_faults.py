"""The trust probe's faults (``bench/probe_trust.py``): phones writing while the server's
worker is SIGKILLed, or while PostgreSQL restarts; every acknowledged write in the log once."""

from __future__ import annotations

import http.client
import logging
import os
import random
import shutil
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from probe_common import FOLDER, Tally, http_call

from companion import create_app
from companion.games import get_game
from companion.games.base import GameError


@dataclass
class Writer:
    """A phone writing one legal move after another on its own Casse-toi table, each with
    an Idempotency-Key, retrying the same request until it is answered."""

    send: Callable[..., tuple[int, Any]]
    number: int
    game_id: str = "casse-toi-pov-con"
    acknowledged: int = 0
    tables: list[tuple[str, int]] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)
    retries: int = 0

    def run(self, stop: threading.Event) -> None:
        try:
            self._write(stop)
        except Exception as error:  # noqa: BLE001  (reported, and counted as a failure)
            self.statuses[f"probe error {error!r}"[:120]] += 1

    def _write(self, stop: threading.Event) -> None:
        rng = random.Random(self.number)
        game = get_game(self.game_id)
        while not stop.is_set():
            players = game.example_players(3)
            status, made = self._until_answered(
                self.send, "POST", "/api/tables", {"game": self.game_id, "players": players}, {})
            if status != 201:
                continue
            table_id, host = made["id"], {"X-Host-Token": made["host_token"]}
            state, version, written = game.setup(players, {}), 0, 0
            self.tables.append((table_id, 0))
            while not stop.is_set() and game.outcome(state) is None:
                action = None
                for _ in range(200):
                    candidate = game.random_action(state, rng)
                    try:
                        state_after = game.apply(state, candidate)
                    except GameError:
                        continue
                    action = candidate
                    break
                if action is None:
                    break
                key = {"Idempotency-Key": f"w{self.number}-{table_id}-{version}"}
                status, body = self._until_answered(
                    self.send, "POST", f"/api/tables/{table_id}/actions",
                    {"expected_version": version, "action": action}, {**host, **key})
                if status != 200:
                    self.statuses[f"refused {status}"] += 1
                    break
                version, state, written = int(body["version"]), state_after, written + 1
                self.acknowledged += 1
                self.tables[-1] = (table_id, written)

    def _until_answered(self, send: Callable[..., tuple[int, Any]],
                        *request: Any) -> tuple[int, Any]:
        for attempt in range(600):
            try:
                status, body = send(*request)
            except (OSError, http.client.HTTPException) as error:  # cut off, even mid-body
                status, body = 0, error
            self.statuses["no answer" if status == 0 else str(status)] += 1
            if status not in (0, 502, 503, 504):
                return status, body
            self.retries += 1
            time.sleep(min(0.05 * (attempt + 1), 0.5))
        return 0, None


def count_lost_and_doubled(writers: list[Writer], version_of: Callable[[str], int],
                           tally: Tally) -> None:
    lost = doubled = 0
    for writer in writers:
        for table_id, written in writer.tables:
            stored = version_of(table_id)
            lost += max(0, written - stored)
            doubled += max(0, stored - written)
    acknowledged = sum(w.acknowledged for w in writers)
    tally.tried += acknowledged
    tally.answers["acknowledged writes"] = acknowledged
    tally.answers["lost"] = lost
    tally.answers["doubled"] = doubled
    tally.answers["retries"] = sum(w.retries for w in writers)
    statuses: Counter[str] = sum((w.statuses for w in writers), Counter())
    tally.notes.append("answers: " + ", ".join(f"{k}: {v}" for k, v in sorted(statuses.items())))
    tally.check(lost == 0 and doubled == 0, f"{lost} lost, {doubled} doubled")
    tally.check(statuses["500"] == 0, f"{statuses['500']} answers 500")
    tally.check(not any(k.startswith("probe error") for k in statuses), "a writer broke")


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found


def sigkills(kills: int, writers_count: int = 4) -> Tally:
    """``companion serve`` (gunicorn, one gevent worker) writing for ``writers_count``
    phones while its worker process is SIGKILLed ``kills`` times (the master starts a new
    one): every acknowledged write is in the log once."""
    from test_live import Server

    tally = Tally("SIGKILLs during writes")
    server = Server(f"sqlite:///{FOLDER / 'killed.sqlite'}", FOLDER, "killed",
                    COMPANION_RATE_LIMIT="1000000")
    port = server.port
    stop = threading.Event()
    writers = [Writer(lambda *a: http_call(port, *a), n) for n in range(writers_count)]
    threads = [threading.Thread(target=w.run, args=(stop,)) for w in writers]
    for thread in threads:
        thread.start()
    rng = random.Random(27)
    done = 0
    try:
        while done < kills:
            time.sleep(rng.uniform(0.5, 2.5))  # writes go on meanwhile
            workers = _children(server.process.pid)
            if not workers:
                time.sleep(0.2)
                continue
            os.kill(rng.choice(workers), signal.SIGKILL)
            done += 1
            deadline = time.monotonic() + 120  # until a new worker answers
            while time.monotonic() < deadline:
                try:
                    if http_call(port, "GET", "/ping", None, {})[0] < 500:
                        break
                except OSError:
                    time.sleep(0.1)
        time.sleep(2)
    finally:
        stop.set()
        for thread in threads:
            thread.join(120)
    count_lost_and_doubled(writers, lambda t: int(http_call(port, "GET", f"/api/tables/{t}/version",
                                                        None, {})[1]["version"]), tally)
    server.stop()
    tally.answers["SIGKILLs"] = done
    return tally


def postgres_faults(restarts: int, writers_count: int = 4) -> Tally:
    """Two app processes' worth of writers (two apps, each its own pool) on a private
    PostgreSQL restarted ``restarts`` times (fast and immediate shutdowns, started without
    waiting), a phone reading in French meanwhile: no 500, 503s with Retry-After in French,
    every acknowledged write in the log once."""
    import bench_live

    tally = Tally("PostgreSQL faults during writes")
    url, stop_command = bench_live.private_postgres(FOLDER)
    pg_ctl, data = stop_command[:-5], stop_command[-4]
    log = str(Path(data).parent / "log")
    sockets = str(Path(data).parent / "run")
    start = [*pg_ctl, "-D", data, "-l", log, "-o",
             f"-k {sockets} -c listen_addresses='' -p 55433 -c max_connections=200", "start"]
    apps = [create_app({"TESTING": True, "SECRET_KEY": "probe", "RATE_LIMIT": 10**9,
                        "DATABASE_URL": url}) for _ in range(2)]
    clients = [a.test_client() for a in apps]
    for app in apps:
        app.logger.setLevel(logging.ERROR)  # each 503 is counted here, not logged

    def send_with(client: Any) -> Callable[..., tuple[int, Any]]:
        def send(method: str, path: str, body: Any, headers: dict[str, str]) -> tuple[int, Any]:
            try:
                answer = client.open(path, method=method, json=body, headers=headers)
            except Exception as error:  # noqa: BLE001  (TESTING: a 500 raises here)
                tally.notes.append(f"500: {error!r}"[:200])
                return 500, None
            return answer.status_code, answer.get_json(silent=True)
        return send

    writers = [Writer(send_with(clients[n % 2]), n) for n in range(writers_count)]
    stop = threading.Event()
    reads: Counter[str] = Counter()

    def reader() -> None:
        while not stop.is_set():
            if not writers[0].tables:
                time.sleep(0.05)
                continue
            try:
                answer = clients[1].get(f"/api/tables/{writers[0].tables[0][0]}",
                                        headers={"Accept-Language": "fr"})
            except Exception:  # noqa: BLE001
                reads["500"] += 1
                continue
            if answer.status_code == 503:
                french = "Réessayez" in answer.get_json()["error"]["message"]
                reads["503 Retry-After, French" if answer.headers.get("Retry-After") and french
                      else "503 other"] += 1
            else:
                reads[str(answer.status_code)] += 1
            time.sleep(0.02)

    threads = [threading.Thread(target=w.run, args=(stop,)) for w in writers]
    threads.append(threading.Thread(target=reader))
    for thread in threads:
        thread.start()
    try:
        for n in range(restarts):
            time.sleep(2.0)
            mode = ("fast", "immediate")[n % 2]
            subprocess.run([*pg_ctl, "-D", data, "-m", mode, "-w", "stop"], capture_output=True)
            subprocess.run(start, capture_output=True)  # not waiting: "starting up" is met
            time.sleep(1.0)
        time.sleep(3.0)
    finally:
        stop.set()
        for thread in threads:
            thread.join(120)
    subprocess.run([*pg_ctl, "-D", data, "-w", "status"], capture_output=True)
    count_lost_and_doubled(writers, lambda t: int(clients[0].get(
        f"/api/tables/{t}/version").get_json()["version"]), tally)
    tally.answers["restarts"] = restarts
    tally.notes.append("reads meanwhile: " + ", ".join(f"{k}: {v}" for k, v in sorted(
        reads.items())))
    tally.check(reads["500"] == 0 and reads["503 other"] == 0, f"reads: {dict(reads)}")
    for app in apps:
        app.extensions["companion_db"].engine.dispose()
    subprocess.run(stop_command, capture_output=True)
    shutil.rmtree(Path(data).parent, ignore_errors=True)  # the cluster's folder goes too
    return tally
