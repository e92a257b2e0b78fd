"""Live updates: a Server-Sent Events stream per table that tells each phone the moment the
table's version (its log) or its seating (who holds which seat) moves.

The stream sends only the two counters, never a table's contents: the phone then fetches
its own live fragment as it always did (``/t/<id>/live``), built for its own seat, so each
phone still sees only its own secrets. Polling stays as the fallback when a stream drops.

One ``Watcher`` per process wakes the streams of every table watched in that process:

- **SQLite**: one query per tick (``LIVE_TICK_MS``, 150 ms) for all the watched tables at once
  (``SELECT id, version, seating FROM tables WHERE id IN (...)``), never one per phone; a
  write made in the same process wakes it at once.
- **PostgreSQL**: ``LISTEN companion_tables``; every write ``NOTIFY``s in its own
  transaction (``Database.changed``), so other processes and hosts hear of it when it
  commits; the notified tables are then read in one query. A slow safety check
  (``LIVE_SAFETY_S``) reads every watched table, and so does every reconnection of the
  listener, so a notice lost with a dropped connection is caught up.

The database is the only truth: a notice only wakes the watcher, and what a stream sends
is what the watcher has just read from the tables. A stream sends a comment every
``LIVE_HEARTBEAT_S`` seconds (proxies keep it open; a phone that went away is noticed) and
ends after ``LIVE_STREAM_S`` seconds; the browser reconnects by itself with
``Last-Event-ID`` (``<version>.<seating>``) and is told at once of anything it missed. A
process holds at most ``LIVE_MAX_STREAMS`` streams (``companion serve`` sizes it to the
server: a stream holds a thread under waitress and gthread, so threads stay free for the
other requests); past that it answers 503 and those phones poll. Each setting can also be
given in the environment as ``COMPANION_<name>`` (``COMPANION_LIVE_STREAM_S=60``).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from sqlalchemy import bindparam, select, text
from sqlalchemy.engine import Engine

from .. import inputs
from ..db import LIVE_CHANNEL, Database, TableRow, get_db

log = logging.getLogger(__name__)

live_bp = Blueprint("live", __name__)

Counters = tuple[int, int]  # (version, seating)

DEFAULTS = {
    "LIVE_TICK_MS": 150,
    "LIVE_SAFETY_S": 5.0,
    "LIVE_HEARTBEAT_S": 15.0,
    "LIVE_STREAM_S": 300.0,
    "LIVE_RETRY_MS": 1000,
    "LIVE_MAX_STREAMS": 1000,
}
READ_CHUNK = 500  # ids per query (SQLite's bound on parameters is far above)

_READ = text("SELECT id, version, seating FROM tables WHERE id IN :ids").bindparams(
    bindparam("ids", expanding=True))


def read_counters(engine: Engine, table_ids: Iterable[str]) -> dict[str, Counters]:
    """The (version, seating) of each of these tables that exists, in one query a chunk."""
    ids = list(table_ids)
    found: dict[str, Counters] = {}
    if not ids:
        return found
    with engine.connect() as conn:
        for start in range(0, len(ids), READ_CHUNK):
            for row in conn.execute(_READ, {"ids": ids[start:start + READ_CHUNK]}):
                found[str(row[0])] = (int(row[1]), int(row[2] or 0))
    return found


class _Fixed:
    """One held SQLAlchemy connection, used where ``read_counters`` wants an engine."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    @contextmanager
    def connect(self) -> Iterator[Any]:
        try:
            yield self.conn
        finally:
            self.conn.rollback()  # end the read transaction: the next tick sees new writes


class _Psycopg:
    """The watcher's own psycopg connection (autocommit), where ``read_counters`` wants an
    engine."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    @contextmanager
    def connect(self) -> Iterator[Any]:
        yield self

    def execute(self, _statement: Any, params: dict[str, Any]) -> Any:
        return self.conn.execute("SELECT id, version, seating FROM tables WHERE id = ANY(%s)",
                                 [list(params["ids"])])


class Subscription:
    """One stream's wait for its table to change."""

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self._woken = threading.Event()

    def wake(self) -> None:
        self._woken.set()

    def wait(self, timeout: float) -> bool:
        """Wait until the watcher saw the table change (True) or ``timeout`` passes."""
        woke = self._woken.wait(timeout)
        if woke:
            # Cleared before the caller reads what changed, and only when woken: a wake that
            # comes just after a timeout stays set for the next wait, never lost.
            self._woken.clear()
        return woke


class Watcher:
    """Wakes the streams of the tables watched in this process (see the module's text)."""

    def __init__(self, engine: Engine, tick_s: float = 0.15, safety_s: float = 5.0, *,
                 own_connection: bool = False, background: bool = True) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._own = own_connection  # read on a connection of its own, not the requests' pool
        self._background = background  # False: no thread, ``check`` is called by hand
        self._engine_of_its_own: Any = None
        self.tick_s = tick_s
        self.safety_s = safety_s
        self._lock = threading.Lock()
        self._subscriptions: dict[str, set[Subscription]] = {}
        self._known: dict[str, Counters | None] = {}
        self._poked: set[str] = set()
        self._poke = threading.Event()
        self._thread: threading.Thread | None = None
        self._pid = 0
        self.reads = 0  # queries made, for the tests and the benchmark

    # ------------------------------------------------------------------ streams' side

    def subscribe(self, table_id: str) -> Subscription:
        subscription = Subscription(table_id)
        with self._lock:
            new_table = table_id not in self._subscriptions
            self._subscriptions.setdefault(table_id, set()).add(subscription)
            self._ensure_running()
        if new_table:
            # Read it now; and a watcher that had nothing to watch sleeps until poked, so
            # without this it would never tick again for writes made in other processes.
            self._poke.set()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            watching = self._subscriptions.get(subscription.table_id)
            if watching is None:
                return
            watching.discard(subscription)
            if not watching:
                del self._subscriptions[subscription.table_id]
                self._known.pop(subscription.table_id, None)

    def known(self, table_id: str) -> Counters | None:
        """What the watcher last read of the table (None: not read yet, or gone)."""
        with self._lock:
            return self._known.get(table_id)

    @property
    def streams(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._subscriptions.values())

    def poke(self, table_ids: Iterable[str]) -> None:
        """A write of this process committed: read these tables now rather than at the next
        tick (PostgreSQL hears of it by NOTIFY anyway)."""
        with self._lock:
            watched = [t for t in table_ids if t in self._subscriptions]
            if not watched:
                return
            self._poked.update(watched)
        self._poke.set()

    # ------------------------------------------------------------------ the watcher's side

    def _ensure_running(self) -> None:
        """Start the watcher thread in this process (again after a fork: a worker process
        never shares its parent's thread)."""
        if not self._background:
            return
        if self._thread is not None and self._thread.is_alive() and self._pid == os.getpid():
            return
        self._pid = os.getpid()
        target = self._run_postgres if self.postgres else self._run_sqlite
        self._thread = threading.Thread(target=target, name="companion-live", daemon=True)
        self._thread.start()

    def _watched(self) -> list[str]:
        with self._lock:
            return list(self._subscriptions)

    def _publish(self, table_ids: Iterable[str], found: dict[str, Counters]) -> None:
        woken: list[Subscription] = []
        with self._lock:
            for table_id in table_ids:
                if table_id not in self._subscriptions:
                    continue
                now = found.get(table_id)
                if table_id in self._known and self._known[table_id] == now:
                    continue
                self._known[table_id] = now
                woken.extend(self._subscriptions[table_id])
        for subscription in woken:
            subscription.wake()

    def check(self, table_ids: Iterable[str] | None = None) -> None:
        """Read these tables (every watched table by default) and wake what changed."""
        ids = self._watched() if table_ids is None else list(table_ids)
        if not ids:
            return
        self.reads += 1
        self._publish(ids, read_counters(self._reader, ids))

    @property
    def _reader(self) -> Any:
        return self._engine_of_its_own if self._own and self._engine_of_its_own else self.engine

    def _run_sqlite(self) -> None:
        if self._own:
            # One connection of its own: a tick never waits behind the requests for one.
            from sqlalchemy import create_engine
            from sqlalchemy.pool import NullPool

            own = create_engine(self.engine.url, poolclass=NullPool,
                                connect_args={"check_same_thread": False})
            self._engine_of_its_own = _Fixed(own.connect())
        while True:
            self._poke.wait(self.tick_s if self._watched() else None)
            self._poke.clear()
            with self._lock:
                self._poked.clear()
            try:
                self.check()
            except Exception:  # noqa: BLE001 - a locked or lost database: the next tick retries
                log.exception("live watcher: reading the watched tables failed")
                time.sleep(self.tick_s)

    def _conninfo(self) -> str:
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def _run_postgres(self) -> None:
        import psycopg

        while True:
            try:
                with psycopg.connect(self._conninfo(), autocommit=True) as conn:
                    conn.execute(f"LISTEN {LIVE_CHANNEL}")
                    if self._own:
                        # The listening connection reads too: never behind the requests.
                        self._engine_of_its_own = _Psycopg(conn)
                    self.check()  # whatever changed while nobody listened
                    checked = time.monotonic()
                    while True:
                        notified = {n.payload for n in conn.notifies(
                            timeout=min(1.0, self.safety_s), stop_after=1)}
                        if notified:
                            # A burst of writes: take what else is already there, then read
                            # every notified table in one query.
                            notified |= {n.payload for n in conn.notifies(timeout=0.005)}
                            watched = set(self._watched())
                            if notified & watched:
                                self.check(notified & watched)
                        if time.monotonic() - checked >= self.safety_s:
                            self.check()
                            checked = time.monotonic()
            except Exception:  # noqa: BLE001 - the listener reconnects; streams keep waiting
                log.exception("live watcher: the LISTEN connection failed; reconnecting")
                time.sleep(1.0)


def watcher_of(app: Any) -> Watcher:
    """The app's watcher, made on the first stream (an app that streams nothing has none)."""
    found: Watcher | None = app.extensions.get("companion_live")
    if found is None:
        db: Database = get_db()
        memory = db.engine.url.database in (None, "", ":memory:")
        found = Watcher(db.engine, tick_s=_config("LIVE_TICK_MS") / 1000,
                        safety_s=float(_config("LIVE_SAFETY_S")), own_connection=not memory)
        db.change_hooks.append(found.poke)
        app.extensions["companion_live"] = found
    return found


def _config(name: str) -> Any:
    """A setting of the live streams: the app's config, else ``COMPANION_<name>`` in the
    environment, else its default."""
    if name in current_app.config:
        return current_app.config[name]
    raw = os.environ.get(f"COMPANION_{name}")
    if raw:
        try:
            return type(DEFAULTS[name])(raw)
        except ValueError:
            pass
    return DEFAULTS[name]


def parse_since(raw: str | None) -> Counters | None:
    """``<version>.<seating>`` (an event id), or None."""
    if not raw:
        return None
    version, _dot, seating = raw.partition(".")
    v, s = inputs.ascii_int(version), inputs.ascii_int(seating or "0")
    return None if v is None or s is None else (v, s)


def event(now: Counters | None) -> str:
    """The event a stream sends when its table moved (a table deleted says null)."""
    if now is None:
        return 'data: {"version": null, "seating": null}\n\n'
    data = json.dumps({"version": now[0], "seating": now[1]})
    return f"id: {now[0]}.{now[1]}\ndata: {data}\n\n"


def stream(watcher: Watcher, engine: Engine, table_id: str, since: Counters | None, *,
           heartbeat_s: float, lasts_s: float, retry_ms: int,
           clock: Callable[[], float] = time.monotonic) -> Iterator[str]:
    """The text of one table's event stream, from the counters the phone has (``since``)."""
    subscription = watcher.subscribe(table_id)
    try:
        yield f"retry: {int(retry_ms)}\n\n"
        now = read_counters(engine, [table_id]).get(table_id)
        if now is None:
            yield event(None)
            return
        if now != since:
            yield event(now)
        else:
            yield f"id: {now[0]}.{now[1]}\n\n"  # sets the id a reconnection sends back
        sent = now
        ends = clock() + lasts_s
        while (left := ends - clock()) > 0:
            if not subscription.wait(min(heartbeat_s, left)):
                yield ": keep-alive\n\n"
                continue
            now = watcher.known(table_id)
            if now is None:
                now = read_counters(engine, [table_id]).get(table_id)
                if now is None:
                    yield event(None)
                    return
            if now != sent:
                yield event(now)
                sent = now
    finally:
        watcher.unsubscribe(subscription)


class _Count:
    """The number of streams this process holds now."""

    def __init__(self) -> None:
        self.value = 0
        self.lock = threading.Lock()


_OPEN = _Count()


def _counted(lines: Iterator[str]) -> Iterator[bytes]:
    try:
        for line in lines:
            yield line.encode("utf-8")
    finally:
        with _OPEN.lock:
            _OPEN.value -= 1
        close = getattr(lines, "close", None)
        if close is not None:
            close()


def _respond(table_id: str) -> Any:
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    with _OPEN.lock:
        if _OPEN.value >= int(_config("LIVE_MAX_STREAMS")):
            busy = jsonify({"error": {"code": "live_busy",
                                      "message": "too many live streams here: poll instead"}})
            busy.status_code = 503
            busy.headers["Retry-After"] = "10"
            return busy
        _OPEN.value += 1
    since = parse_since(request.headers.get("Last-Event-ID"))
    if since is None:
        version = inputs.ascii_int(request.args.get("v", ""))
        seating = inputs.ascii_int(request.args.get("s", "")) or 0
        since = None if version is None else (version, seating)
    lines = stream(watcher_of(app), get_db().engine, table_id, since,
                   heartbeat_s=float(_config("LIVE_HEARTBEAT_S")),
                   lasts_s=float(_config("LIVE_STREAM_S")),
                   retry_ms=int(_config("LIVE_RETRY_MS")))
    response = Response(_counted(lines), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache, no-store, no-transform"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def _exists(table_id: str) -> bool:
    return bool(read_counters(get_db().engine, [table_id]))


@live_bp.get("/t/<table_id>/events")
@live_bp.get("/api/tables/<table_id>/events", endpoint="api_events")
def events(table_id: str) -> Any:
    """The table's event stream: one event each time its version or seating moves."""
    if not _exists(table_id):
        return _not_found()
    return _respond(table_id)


def _by_watch_token(token: str) -> str | None:
    with get_db().read() as session:
        found: str | None = session.scalar(
            select(TableRow.id).where(TableRow.watch_token == token))
    return found


@live_bp.get("/watch/<token>/events")
def watch_events(token: str) -> Any:
    """A spectator's stream: one event each time the table's log or its seats move (a
    finished table's seats move when a phone starts the rematch, which the results offer)."""
    table_id = _by_watch_token(token)
    if table_id is None:
        return _not_found()
    return _respond(table_id)


@live_bp.get("/tv/<token>/events")
def tv_events(token: str) -> Any:
    """The shared screen's stream: its log and its seats (the join code leaves the corner
    once every seat is taken), nothing secret either way."""
    table_id = _by_watch_token(token)
    if table_id is None:
        return _not_found()
    return _respond(table_id)


def _not_found() -> Any:
    response = jsonify({"error": {"code": "table_not_found", "message": "no such table"}})
    response.status_code = 404
    return response


def open_streams() -> int:
    """The streams this process holds now."""
    with _OPEN.lock:
        return _OPEN.value
