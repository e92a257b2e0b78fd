"""Benchmark 3: phones held on live event streams while every table plays.

T tables x 5 phones, each phone a player's: it takes its seat as a phone does (the table
page, then the seat's form; ``--unseated``: phones that only watch, all five sharing one
view) and holds its table's event stream (``/t/<id>/events``);
every table plays one action every 5 s (a card drawn, then that card undone, in turn),
started at a random moment of the first 5 s. For each action: the time from its
acknowledgement (the writer has read the whole reply) to the moment every one of the
table's 5 phones has the new version —

- ``event``: the version arrived on the phone's stream;
- ``page``: the phone has then fetched its own live fragment (``/t/<id>/live``), as the
  page does: the version is on its screen.

Reported: p50 / p95 / p99 over actions of the slowest phone of the table, for each step
of phones; the server processes' CPU (percent of one core) and RSS while measuring; the
load generator's own CPU (it shares the machine's cores with the server).

Runs on loopback only, bounded in count and time: ``--phones 1000`` (or a list,
``--phones 1000,2000``), ``--seconds 30`` of measure a step after the phones connected.

    python bench/bench_live.py             # SQLite, one `companion serve` (a worker a core)
    python bench/bench_live.py --postgres  # PostgreSQL (a private cluster), two servers

The load generator is one asyncio process speaking HTTP/1.1 on raw sockets (no client
library needed).
"""

from __future__ import annotations

import argparse
import asyncio
import glob
import json
import os
import random
import re
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PHONES_PER_TABLE = 5
ACTION_EVERY_S = 5.0
PLAYERS = [{"name": f"P{i}", "party": party}
           for i, party in enumerate(("blue", "pink", "green", "orange", "yellow"))]
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from companion.web.fragments import apply_ops, checksum  # noqa: E402

FETCH_PAGES = True  # --no-pages: the phones only listen (the push path alone)
SEATED = True  # --unseated: the phones watch without taking a seat (one view for all five)
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
WRITES: list[tuple[int, float]] = []  # (status, seconds) of every write
FETCHES: list[tuple[int, float]] = []  # of every fetch of a live fragment
EVENT_ID = re.compile(rb"\nid: (\d+)\.(\d+)\n")


# ---------------------------------------------------------------------------- servers

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    port: int
    process: subprocess.Popen[bytes]

    def pids(self) -> list[int]:
        """The server process and its workers."""
        found = [self.process.pid]
        for child in Path("/proc").glob("[0-9]*"):
            try:
                stat = (child / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == self.process.pid:
                found.append(int(child.name))
        return found


def start_server(database_url: str, workers: int, folder: Path, name: str) -> Server:
    port = free_port()
    env = dict(os.environ, DATABASE_URL=database_url, SECRET_KEY="bench",
               COMPANION_RATE_LIMIT="100000", PYTHONUNBUFFERED="1")
    env.pop("COMPANION_PUBLIC_URL", None)
    log = (folder / f"{name}.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
         str(port), "--workers", str(workers), "--no-mdns"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return Server(port, process)
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"companion serve did not start: {(folder / f'{name}.log').read_text()}")


def stop(server: Server) -> None:
    server.process.send_signal(signal.SIGTERM)
    try:
        server.process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.process.kill()


def private_postgres(folder: Path) -> tuple[str, list[str]]:
    """A throwaway PostgreSQL cluster on a Unix socket; returns its URL and the stop command."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
    bin_dir = Path(found[-1]).parent
    as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    pg = Path(tempfile.mkdtemp(prefix="companion-bench-pg-"))
    data, sockets = pg / "data", pg / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(pg, "postgres")
        shutil.chown(sockets, "postgres")
    subprocess.run([*as_pg, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                    "--auth=trust", "-E", "UTF8"], check=True, capture_output=True)
    subprocess.run([*as_pg, str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l",
                    str(pg / "log"), "-o",
                    f"-k {sockets} -c listen_addresses='' -p 55433 -c max_connections=200",
                    "start"], check=True, capture_output=True)
    subprocess.run([*as_pg, str(bin_dir / "createdb"), "-h", str(sockets), "-p", "55433",
                    "-U", "postgres", "companion"], check=True, capture_output=True)
    return (f"postgresql+psycopg://postgres@/companion?host={sockets}&port=55433",
            [*as_pg, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"])


# ---------------------------------------------------------------------------- HTTP

async def http(port: int, method: str, path: str, body: object = None,
               headers: dict[str, str] | None = None, form: str | None = None
               ) -> tuple[int, dict[str, str], bytes]:
    """One request on its own connection (Connection: close), read to the end: a JSON body,
    or (``form``) a page's form as a browser posts it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    payload = form.encode() if form is not None else (
        b"" if body is None else json.dumps(body).encode())
    kind = "application/x-www-form-urlencoded" if form is not None else "application/json"
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             f"Content-Length: {len(payload)}", f"Content-Type: {kind}",
             *(f"{k}: {v}" for k, v in (headers or {}).items())]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
    data = await reader.read()
    writer.close()
    head, _sep, rest = data.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    found = {k.lower(): v.strip() for k, _c, v in (h.partition(":") for h in header_lines)}
    if found.get("transfer-encoding") == "chunked":
        rest = dechunk(rest)
    return int(status_line.split()[1]), found, rest


def dechunk(data: bytes) -> bytes:
    out = b""
    while data:
        size_line, _sep, data = data.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out += data[:size]
        data = data[size + 2:]
    return out


# ---------------------------------------------------------------------------- phones

@dataclass
class Phone:
    table: str
    port: int
    events: list[tuple[float, int]] = field(default_factory=list)  # (time, version)
    pages: list[tuple[float, int]] = field(default_factory=list)
    version: int = 0
    text: str | None = None  # the fragment it holds (a changed view may come as a diff of it)
    cookie: str | None = None  # its session cookie, kept as a browser keeps it
    diffs: int = 0
    fetching: bool = False
    again: bool = False
    connected: asyncio.Event = field(default_factory=asyncio.Event)
    tasks: set[asyncio.Future[None]] = field(default_factory=set)

    async def sit(self, seat: int) -> None:
        """Take a seat as a player's phone does: open the table page (its cookie and the
        form's CSRF token), then post the seat's form; the phone keeps its cookie."""
        status, headers, body = await http(self.port, "GET", f"/t/{self.table}")
        token = CSRF.search(body.decode("utf-8"))
        if status != 200 or token is None or "set-cookie" not in headers:
            raise RuntimeError(f"table page: {status}")
        self.cookie = headers["set-cookie"].split(";", 1)[0]
        status, headers, _body = await http(
            self.port, "POST", f"/t/{self.table}/claim",
            headers={"Cookie": self.cookie, "Origin": f"http://127.0.0.1:{self.port}"},
            form=f"seat={seat}&csrf_token={token.group(1)}")
        if status != 302:
            raise RuntimeError(f"seat {seat} not taken: {status}")
        if "set-cookie" in headers:
            self.cookie = headers["set-cookie"].split(";", 1)[0]
        status, _headers, body = await http(self.port, "GET",
                                            f"/t/{self.table}/live?v=-1&s=0",
                                            headers={"Cookie": self.cookie})
        if f'data-seat="{seat}"'.encode() not in body:
            raise RuntimeError(f"seat {seat}: the live view is not the seat's")

    async def hold(self, stop_at: float) -> None:
        """Hold the table's stream (reconnecting when it ends) until ``stop_at``."""
        last = "0.0"
        while time.monotonic() < stop_at:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
            except OSError:
                await asyncio.sleep(0.5)
                continue
            writer.write((f"GET /t/{self.table}/events?v=0&s=0 HTTP/1.1\r\n"
                          f"Host: 127.0.0.1:{self.port}\r\nAccept: text/event-stream\r\n"
                          f"Last-Event-ID: {last}\r\n\r\n").encode())
            buffer = b""
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
                if b" 200 " not in head.split(b"\r\n", 1)[0]:
                    await asyncio.sleep(1)
                    continue
                self.connected.set()
                while time.monotonic() < stop_at:
                    chunk = await asyncio.wait_for(reader.read(65536),
                                                   max(0.1, stop_at - time.monotonic()))
                    if not chunk:
                        break
                    now = time.monotonic()
                    buffer = (buffer + chunk)[-4096:]
                    for match in EVENT_ID.finditer(b"\n" + chunk):
                        version = int(match.group(1))
                        last = f"{version}.{int(match.group(2))}"
                        if version > self.version:
                            self.version = version
                            self.events.append((now, version))
                            if FETCH_PAGES:
                                self.tasks.add(asyncio.ensure_future(self.fetch()))
                            self.tasks = {t for t in self.tasks if not t.done()}
            except (TimeoutError, OSError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()

    async def fetch(self) -> None:
        """Fetch the live fragment as the page does (one at a time, again if it moved)."""
        if self.fetching:
            self.again = True
            return
        self.fetching = True
        try:
            while True:
                self.again = False
                started = time.monotonic()
                # As table.js asks: it keeps what it gets (d=1) and names what it holds (h).
                held = f"&h={checksum(self.text)}" if self.text is not None else ""
                status, headers, body = await http(
                    self.port, "GET", f"/t/{self.table}/live?v=-1&s=0&d=1{held}",
                    headers={"Cookie": self.cookie} if self.cookie else None)
                if "set-cookie" in headers:
                    self.cookie = headers["set-cookie"].split(";", 1)[0]
                FETCHES.append((status, time.monotonic() - started))
                if status == 200:
                    text = body.decode("utf-8")
                    if "x-diff-from" in headers and self.text is not None:
                        text = apply_ops(self.text, json.loads(text)["ops"])
                        self.diffs += 1
                    self.text = text
                    self.pages.append((time.monotonic(), int(headers["x-version"])))
                if not self.again:
                    return
        except OSError:
            return
        finally:
            self.fetching = False


def first_at(seen: list[tuple[float, int]], version: int) -> float | None:
    return next((t for t, v in seen if v >= version), None)


# ---------------------------------------------------------------------------- one step

async def writer(port: int, table: str, host: str, stop_at: float,
                 acks: list[tuple[str, int, float]]) -> None:
    await asyncio.sleep(random.uniform(0, ACTION_EVERY_S))
    version = 0
    headers = {"X-Host-Token": host}
    while time.monotonic() < stop_at:
        started = time.monotonic()
        if version % 2 == 0:
            status, _h, body = await http(port, "POST", f"/api/tables/{table}/actions", {
                "expected_version": version, "action": {
                    "type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}},
                headers)
        else:
            status, _h, body = await http(port, "POST", f"/api/tables/{table}/undo",
                                          {"expected_version": version}, headers)
        WRITES.append((status, time.monotonic() - started))
        if status == 200:
            version = json.loads(body)["version"]
            acks.append((table, version, time.monotonic()))
        await asyncio.sleep(max(0.0, ACTION_EVERY_S - (time.monotonic() - started)))


def cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except OSError:
            pass
    return total


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def ms(values: list[float]) -> list[int] | None:
    """p50, p95, p99 in milliseconds (None: nothing measured)."""
    if not values:
        return None
    return [round(pct(values, q) * 1000) for q in (0.5, 0.95, 0.99)]


async def step(servers: list[Server], phones_count: int, seconds: float) -> dict[str, object]:
    tables_count = max(1, phones_count // PHONES_PER_TABLE)
    ports = [s.port for s in servers]
    tables: list[tuple[str, str]] = []
    for index in range(tables_count):
        status, _h, body = await http(ports[index % len(ports)], "POST", "/api/tables",
                                      {"game": "casse-toi-pov-con", "players": PLAYERS})
        assert status == 201, body
        made = json.loads(body)
        tables.append((made["id"], made["host_token"]))
    connect_s = 60.0
    stop_at = time.monotonic() + connect_s + seconds
    phones = [Phone(table_id, ports[(t * PHONES_PER_TABLE + p) % len(ports)])
              for t, (table_id, _host) in enumerate(tables) for p in range(PHONES_PER_TABLE)]
    if SEATED:  # every phone a player's, on seats 0-4 of its table
        for start in range(0, len(phones), 50):
            await asyncio.gather(*(phone.sit(index % PHONES_PER_TABLE) for index, phone in
                                   enumerate(phones[start:start + 50], start)))
    holders = []
    for index, phone in enumerate(phones):
        holders.append(asyncio.ensure_future(phone.hold(stop_at)))
        if index % 50 == 49:
            await asyncio.sleep(0.05)  # connect in waves, as a hall fills
    await asyncio.wait_for(asyncio.gather(*(p.connected.wait() for p in phones)), connect_s)
    pids = [pid for s in servers for pid in s.pids()]
    acks: list[tuple[str, int, float]] = []
    measure_until = time.monotonic() + seconds
    cpu0, own0, wall0 = cpu_ticks(pids), resource.getrusage(resource.RUSAGE_SELF), \
        time.monotonic()
    rss_samples = []
    writers = [asyncio.ensure_future(writer(ports[i % len(ports)], t, h, measure_until, acks))
               for i, (t, h) in enumerate(tables)]
    while time.monotonic() < measure_until:
        await asyncio.sleep(1)
        rss_samples.append(rss_mb(pids))
    await asyncio.gather(*writers)
    wall = time.monotonic() - wall0
    cpu = (cpu_ticks(pids) - cpu0) / os.sysconf("SC_CLK_TCK") / wall * 100
    own1 = resource.getrusage(resource.RUSAGE_SELF)
    own = ((own1.ru_utime - own0.ru_utime) + (own1.ru_stime - own0.ru_stime)) / wall * 100
    await asyncio.sleep(5)  # the last actions' events and pages arrive
    by_table: dict[str, list[Phone]] = {}
    for phone in phones:
        by_table.setdefault(phone.table, []).append(phone)
    event_lat, page_lat, missed_events, missed_pages = [], [], 0, 0
    for table_id, version, acked in acks:
        got_events = [first_at(p.events, version) for p in by_table[table_id]]
        got_pages = [first_at(p.pages, version) for p in by_table[table_id]]
        # A phone that never had the version within the run counts as missed (not as a time).
        if None in got_events:
            missed_events += 1
        else:
            event_lat.append(max(0.0, max(got_events) - acked))  # type: ignore[type-var]
        if not FETCH_PAGES:
            pass
        elif None in got_pages:
            missed_pages += 1
        else:
            page_lat.append(max(0.0, max(got_pages) - acked))  # type: ignore[type-var]
    pending = [*holders, *(t for p in phones for t in p.tasks)]
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    write_s = [d for _s, d in WRITES]
    fetch_s = [d for _s, d in FETCHES]
    refused: dict[str, int] = {}
    for status, _d in WRITES + FETCHES:
        if status >= 300:
            refused[str(status)] = refused.get(str(status), 0) + 1
    WRITES.clear()
    FETCHES.clear()
    return {
        "phones": len(phones), "tables": tables_count, "actions": len(acks),
        "missed_events": missed_events, "missed_pages": missed_pages,
        "event_ms": ms(event_lat), "page_ms": ms(page_lat),
        "server_cpu_pct": round(cpu), "server_rss_mb": round(max(rss_samples or [0])),
        "server_processes": len(pids), "client_cpu_pct": round(own),
        "write_ms": ms(write_s), "fetch_ms": ms(fetch_s),
        "refused": refused,
        "fragments_as_diffs": sum(p.diffs for p in phones),
        "fragments_fetched": len(fetch_s),
        "mean_page_ms": round(statistics.fmean(page_lat) * 1000) if page_lat else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", default="1000", help="phones per step, e.g. 1000,2000")
    parser.add_argument("--seconds", type=float, default=30.0, help="measure per step")
    parser.add_argument("--postgres", action="store_true",
                        help="a private PostgreSQL cluster and two servers (one worker each)")
    parser.add_argument("--workers", type=int, default=0,
                        help="workers of each server (default: a core each for SQLite, 1 "
                             "for each of the two PostgreSQL servers)")
    parser.add_argument("--no-pages", action="store_true",
                        help="phones only listen: no fetch of the live fragment")
    parser.add_argument("--unseated", action="store_true",
                        help="phones watch without a seat (default: each holds a seat)")
    args = parser.parse_args()
    global FETCH_PAGES, SEATED
    FETCH_PAGES = not args.no_pages
    SEATED = not args.unseated
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    folder = Path(tempfile.mkdtemp(prefix="companion-bench-live-"))
    stop_pg: list[str] | None = None
    servers: list[Server] = []
    try:
        if args.postgres:
            url, stop_pg = private_postgres(folder)
            servers = [start_server(url, args.workers or 1, folder, name)
                       for name in ("one", "two")]
        else:
            url = f"sqlite:///{folder / 'bench.sqlite'}"
            servers = [start_server(url, args.workers or (os.cpu_count() or 1), folder,
                                    "one")]
        for count in (int(c) for c in args.phones.split(",")):
            result = asyncio.run(step(servers, count, args.seconds))
            print(json.dumps({"database": "postgresql" if args.postgres else "sqlite",
                              "pages": FETCH_PAGES, "seated": SEATED,
                              **result}), flush=True)
    finally:
        for server in servers:
            stop(server)
        if stop_pg:
            subprocess.run(stop_pg, capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
