"""Storage: sessions and statements over the models of ``schema`` (SQLite by default,
PostgreSQL via DATABASE_URL).

A table is a row; its log is an append-only list of entries numbered from 1, so the version
of a table is the length of its log. Each write is one transaction that names the version it
was made against; SQLite write transactions start with ``BEGIN IMMEDIATE`` so two writers
never both read the same version and both commit.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from flask import Flask, current_app
from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import Session, sessionmaker

from . import sqlite_files

# The models live in ``schema`` (the migrations read them too): the storage's importers
# read them from here as before.
from .schema import (  # noqa: F401
    Base,
    Deck,
    EditionProfile,
    EntryRow,
    Group,
    GroupLink,
    GroupPlayer,
    PlaySummary,
    RateCount,
    SchemaBehind,
    SeatClaim,
    SeatRequest,
    TablePlayer,
    TableRow,
    utcnow,
)

BUSY_TIMEOUT_MS = 5000
# The PostgreSQL channel every write of a table notifies (payload: the table's id).
LIVE_CHANNEL = "companion_tables"
CHANGED = "companion_changed_tables"
POOL_TIMEOUT_S = 5


def make_engine(url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                pool_size: int = 16) -> Engine:
    """An engine for the URL.

    SQLite gets WAL with ``synchronous=FULL`` (an acknowledged write survives a power cut), a
    short busy timeout (a write waiting on a locked database gives up within seconds and the
    view answers 503, instead of holding a connection for half a minute) and explicit
    transactions. The connection pool holds one connection per server thread, so writes
    waiting on the lock never leave a read without a connection.
    """
    pooled: dict[str, Any] = {"pool_size": pool_size, "max_overflow": 4,
                              "pool_timeout": POOL_TIMEOUT_S}
    if url.startswith("sqlite"):
        from sqlalchemy.pool import StaticPool

        memory = url in ("sqlite://", "sqlite:///:memory:")
        # SQLite's own busy wait sleeps inside the C library: under gevent it would hold the
        # worker's event loop, and every other request of the worker with it, for as long
        # as another process holds the write lock. So the library waits a moment only, and
        # a write waits for the lock here, in Python, where a sleep lets the others run.
        kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False,
                                                   "timeout": SQLITE_BUSY_MS / 1000}}
        if memory:
            kwargs["poolclass"] = StaticPool
        else:
            kwargs.update(pooled)
            _create_private(url)
        engine = create_engine(url, **kwargs)
        path = sqlite_files.path_of(url)
        if path is not None:
            sqlite_files.ReadOnlyWatch(engine, path)

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_conn.cursor()
            if not memory:
                # Turning a new file to WAL takes its lock: wait for it as long as a write
                # would (only the first connection to a new database ever waits here).
                # While another process turns the file to WAL, SQLite can refuse at once,
                # without its own wait (seen with four servers starting together over a new
                # file, one in a few runs): tried again in short sleeps until the deadline.
                cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
                retry_while_locked(lambda: cursor.execute("PRAGMA journal_mode=WAL"),
                                   busy_timeout_ms)
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Any) -> None:
            if not conn.get_execution_options().get("immediate", False):
                conn.exec_driver_sql("BEGIN")
                return
            wait_for_lock(lambda: conn.exec_driver_sql("BEGIN IMMEDIATE"), busy_timeout_ms)

        return engine
    try:
        engine = create_engine(url, **pooled)
    except ModuleNotFoundError as error:
        raise MissingDriver(
            f"DATABASE_URL needs the {error.name} driver, which is not installed: "
            f"pip install -e '.[postgres]'") from None
    _ping_when_idle(engine)
    return engine


SQLITE_BUSY_MS = 20  # how long SQLite itself waits for a lock, blocking its thread


def wait_for_lock(begin: Callable[[], Any], busy_timeout_ms: int) -> None:
    """Take SQLite's write lock (``begin`` runs ``BEGIN IMMEDIATE``), waiting up to
    ``busy_timeout_ms`` for another process to release it: in short sleeps that a gevent
    worker spends on its other requests. Then the last refusal ("database is locked") goes
    up, and the view answers 503."""
    retry_while_locked(begin, busy_timeout_ms)


def retry_while_locked(call: Callable[[], Any], wait_ms: int) -> Any:
    """``call()``, tried again in short sleeps while SQLite answers that the database is
    locked or busy, for up to ``wait_ms``; then the last refusal goes up."""
    import sqlite3
    import time

    from sqlalchemy.exc import OperationalError

    deadline = time.monotonic() + wait_ms / 1000
    pause = 0.005
    while True:
        try:
            return call()
        except (OperationalError, sqlite3.OperationalError) as error:
            text = str(getattr(error, "orig", None) or error).lower()
            if ("locked" not in text and "busy" not in text) or \
                    time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)


IDLE_PING_S = 5.0  # a pooled connection unused this long is tested before it is used


def _ping_when_idle(engine: Engine) -> None:
    """Test a pooled connection before use only when it sat unused in the pool (a database
    restarted overnight, a connection a firewall dropped): a ping on every checkout
    (SQLAlchemy's ``pool_pre_ping``) costs a round trip to the server on every request. A
    connection in use every few seconds that breaks anyway (the server restarted under
    load) fails its request with 503, nothing written, and the pool is renewed: the phone's
    retry gets a new connection."""
    import time

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_conn: Any, record: Any) -> None:
        if record is not None:
            record.info["returned_at"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _taken(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.get("returned_at")
        if returned is not None and time.monotonic() - returned < IDLE_PING_S:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_conn)
        except engine.dialect.loaded_dbapi.Error as error:
            if not engine.dialect.is_disconnect(error, dbapi_conn, None):
                raise
            alive = False
        if not alive:
            raise DisconnectionError("the pooled connection was closed: a new one is made")


def _create_private(url: str) -> None:
    """Create a new SQLite database file readable by its owner only (its WAL and shared
    memory files inherit the mode); an existing file is left as it is."""
    path = sqlite_files.path_of(url)
    if path is None:
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError:
        pass  # there already, or no folder, or a read-only one: the first connection says


class PlainStatement:
    """A statement of the log's hot path, run straight on the DB-API connection of a
    transaction (``PlainWrite.run``): SQLAlchemy's execution of a compiled statement costs
    more than the statement itself on SQLite. Written once with ``:name`` parameters and
    ``::TYPE`` casts (kept on PostgreSQL, dropped on SQLite); each value goes through its
    column type's own bind processor, so what is stored is what SQLAlchemy stores."""

    def __init__(self, dialect: Any, sql: str, columns: Mapping[str, Any]) -> None:
        postgres = dialect.name == "postgresql"
        self.sql = re.sub(r":(\w+)(::[A-Z]+)?",
                          (lambda m: f"%({m[1]})s{m[2] or ''}") if postgres
                          else (lambda m: f":{m[1]}"), sql)
        self._processors = {}
        for name, column in columns.items():
            process = column.type.dialect_impl(dialect).bind_processor(dialect)
            if process is not None:
                self._processors[name] = process

    def rows(self, dialect: Any, found: list[Any], columns: Mapping[str, Any]) -> list[Any]:
        """Rows read by the statement, each column through its type's result processor
        (``columns``: the columns read, in order): what SQLAlchemy would have returned."""
        processors = [column.type.dialect_impl(dialect).result_processor(dialect, None)
                      for column in columns.values()]
        names = tuple(columns)
        return [_Row(names, [process(value) if process is not None else value
                             for process, value in zip(processors, row, strict=True)])
                for row in found]

    def params(self, values: Mapping[str, Any]) -> dict[str, Any]:
        processors = self._processors
        return {name: processors[name](value) if name in processors else value
                for name, value in values.items()}


class _Row(tuple):  # type: ignore[type-arg]
    """A row read by a plain statement: a tuple whose columns are attributes too."""

    _names: tuple[str, ...]

    def __new__(cls, names: tuple[str, ...], values: list[Any]) -> _Row:
        row = super().__new__(cls, values)
        row._names = names
        return row

    def __getattr__(self, name: str) -> Any:
        try:
            return self[self._names.index(name)]
        except ValueError:
            raise AttributeError(name) from None


class PlainWrite:
    """One write transaction straight on a pooled DB-API connection (``Database.
    plain_write``): on SQLite it holds the write lock from its first statement."""

    def __init__(self, db: Database, connection: Any) -> None:
        self.db, self.connection = db, connection
        self.marked: set[str] = set()

    def run(self, statement: PlainStatement, values: Mapping[str, Any]
            ) -> tuple[list[tuple[Any, ...]], int]:
        """Run ``statement``: its rows and its row count. Driver errors come out as
        SQLAlchemy's (an IntegrityError is one)."""
        params = statement.params(values)
        return self.db._driver(self.connection, statement.sql, params, None)

    def changed(self, table_id: str, notified: bool = False) -> None:
        """Mark a table changed (see ``Database.changed``); ``notified``: a statement of
        this transaction already sent its NOTIFY (PostgreSQL)."""
        if table_id in self.marked:
            return
        self.marked.add(table_id)
        if self.db._postgres and not notified:
            self.db._driver(self.connection, "SELECT pg_notify(%s, %s)",
                            (LIVE_CHANNEL, table_id), None)


# PostgreSQL's codes for a transaction it ended because it crossed another one (a deadlock, a
# serialization failure): nothing of it was written, and it may be made again.
CROSSED_SQLSTATES = frozenset({"40P01", "40001"})


def crossed(error: BaseException) -> bool:
    """Whether the database ended the statement's transaction because another one crossed
    it (see ``CROSSED_SQLSTATES``)."""
    return getattr(getattr(error, "orig", None), "sqlstate", None) in CROSSED_SQLSTATES


class _Gathered:
    """The ids one statement of ``GroupedRead`` reads, and what it found."""

    __slots__ = ("ids", "rows", "error", "done")

    def __init__(self) -> None:
        self.ids: set[str] = set()
        self.rows: dict[str, tuple[Any, ...]] = {}
        self.error: BaseException | None = None
        self.done = False


class GroupedRead:
    """A row by id (``sql`` reads ``WHERE id = ANY(?)``, the id its first column), the
    requests of one process that ask at the same time sharing one statement: under load
    a PostgreSQL server answers one round trip for many phones reading their tables
    instead of one each.

    A request joins the statement being gathered, never one already sent: what it reads
    was read after it asked, so a write acknowledged before it asked is in it, as with a
    statement of its own. Whoever finds no statement running sends the gathered one;
    with one request at a time (a sync worker) that is every request, at once."""

    def __init__(self, db: Database, sql: str, wait_s: float) -> None:
        self._db, self._sql, self._wait_s = db, sql, wait_s
        self._ready = threading.Condition()
        self._gathering = _Gathered()
        self._running = False

    def get(self, key: str) -> tuple[Any, ...] | None:
        with self._ready:
            batch = self._gathering
            batch.ids.add(key)
            while not batch.done:
                if not self._running and batch is self._gathering:
                    self._running = True
                    self._gathering = _Gathered()
                    self._ready.release()
                    try:
                        found = self._db.peek_all(self._sql, (sorted(batch.ids),))
                        batch.rows = {row[0]: row for row in found}
                    except Exception as error:
                        batch.error = error
                        raise
                    except BaseException:
                        # This request was interrupted (its worker stopped it): the others
                        # are told the storage did not answer (503), never the interruption.
                        batch.error = PoolTimeout("the shared read was interrupted")
                        raise
                    finally:
                        self._ready.acquire()
                        batch.done = True
                        self._running = False
                        self._ready.notify_all()
                elif not self._ready.wait(self._wait_s) and not batch.done and (
                        self._running or batch is not self._gathering):
                    # As long as a pooled connection is waited for: the phone is told the
                    # storage is busy (503), and tries again.
                    raise PoolTimeout("no answer from the database in time")
            if batch.error is not None:
                raise batch.error
            return batch.rows.get(key)


class MissingDriver(RuntimeError):
    """DATABASE_URL names a database whose Python driver is not installed."""


class Database:
    """The app's database. A new, empty one gets the current schema at once; one made by
    an earlier version is refused until ``companion db upgrade`` migrates it."""

    def __init__(self, url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                 pool_size: int = 16, *, check_schema: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url, busy_timeout_ms, pool_size)
        self.busy_timeout_ms = busy_timeout_ms
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Called with the ids of the tables a committed write changed (the live watcher).
        self.change_hooks: list[Callable[[set[str]], None]] = []
        self._placeholder = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._postgres = self.engine.dialect.name == "postgresql"
        if check_schema:
            from . import migrations

            migrations.ensure_current(self.engine)

    @property
    def postgres(self) -> bool:
        """Whether the database is PostgreSQL (each statement a round trip to a server)."""
        return self._postgres

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def peek(self, sql: str, params: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """The first row of one small read (``?`` placeholders, plain columns), straight on a
        pooled DB-API connection: the reads every request makes (a table's version, a seat
        token) cost a few tens of microseconds instead of an ORM session's milliseconds. A
        single statement reads one consistent snapshot on SQLite and on PostgreSQL. Driver
        errors come out as SQLAlchemy's, so a locked or unreachable database still answers
        503."""
        rows = self._fetch(sql, params, 1)
        return rows[0] if rows else None

    def peek_all(self, sql: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Every row of one small read, as ``peek`` reads one."""
        return self._fetch(sql, params, None)

    def plain_read(self, statement: PlainStatement, values: Mapping[str, Any]
                   ) -> list[tuple[Any, ...]]:
        """Every row of one plain statement that only reads (``peek_all`` for a statement
        with named parameters and column types, see ``PlainStatement``)."""
        return self._fetch(statement.sql, statement.params(values), None)

    def _fetch(self, sql: str, params: Any, limit: int | None) -> list[tuple[Any, ...]]:
        if self._placeholder != "?" and isinstance(params, tuple):
            sql = sql.replace("?", self._placeholder)
        conn = self._checkout()
        try:
            if self._postgres:
                # One statement needs no transaction of its own: in autocommit it is one
                # round trip to the server, not three (BEGIN, the read, the ROLLBACK the
                # pool makes when the connection goes back).
                conn.driver_connection.autocommit = True
            try:
                return self._driver(conn, sql, params, limit)[0]
            finally:
                if self._postgres and conn.is_valid:
                    conn.driver_connection.autocommit = False
        finally:
            conn.close()  # back to the pool (rolled back there)

    def _checkout(self) -> Any:
        dbapi = self.engine.dialect.loaded_dbapi
        try:
            return self.engine.raw_connection()
        except dbapi.Error as error:
            raise DBAPIError.instance(None, None, error, dbapi.Error) from error

    def _driver(self, conn: Any, sql: str, params: Any, limit: int | None
                ) -> tuple[list[tuple[Any, ...]], int]:
        """One statement on a pooled DB-API connection: its rows (``limit`` of them, or all)
        and its row count. A driver error comes out as SQLAlchemy's; a connection the
        error shows broken is dropped from the pool."""
        dbapi = self.engine.dialect.loaded_dbapi
        cursor = None
        try:
            cursor = conn.cursor()
            cursor.execute(sql, params)
            if not cursor.description:
                rows = []
            else:
                rows = cursor.fetchall() if limit is None else cursor.fetchmany(limit)
            return [tuple(row) for row in rows], cursor.rowcount
        except dbapi.Error as error:
            if self.engine.dialect.is_disconnect(error, conn.dbapi_connection, cursor):
                conn.invalidate(error)
                # The server went away: every pooled connection is as dead as this one.
                self.engine.dispose()
            sqlite_files.refused(self.engine, error)
            raise DBAPIError.instance(sql, params, error, dbapi.Error) from error
        finally:
            if cursor is not None:
                try:
                    cursor.close()
                except dbapi.Error:
                    pass

    def plain(self, sql: str, columns: Mapping[str, Any]) -> PlainStatement:
        """``sql`` for this database (see ``PlainStatement``); ``columns``: the columns
        whose values it binds, by parameter name."""
        return PlainStatement(self.engine.dialect, sql, columns)

    def plain_once(self, statement: PlainStatement, values: Mapping[str, Any], *,
                   changed: str) -> tuple[list[tuple[Any, ...]], int]:
        """PostgreSQL: one statement that is a whole write on its own, run in autocommit (one
        round trip: no BEGIN, no COMMIT), its rows and row count; when it returned a row, the
        change hooks are told ``changed`` (the statement sent its own NOTIFY)."""
        conn = self._checkout()
        try:
            conn.driver_connection.autocommit = True
            try:
                found = self._driver(conn, statement.sql, statement.params(values), None)
            finally:
                if conn.is_valid:
                    conn.driver_connection.autocommit = False
        finally:
            conn.close()  # back to the pool
        if found[0]:
            self._tell({changed})
        return found

    @contextmanager
    def plain_write(self) -> Iterator[PlainWrite]:
        """One write transaction on a pooled DB-API connection, no SQLAlchemy execution
        around its statements: the log's hot path. On SQLite it holds the write lock from
        its first statement (``BEGIN IMMEDIATE``). The tables it marked changed are told to
        the change hooks once it has committed."""
        conn = self._checkout()
        write = PlainWrite(self, conn)
        dbapi = self.engine.dialect.loaded_dbapi
        try:
            if not self._postgres:
                wait_for_lock(lambda: self._driver(conn, "BEGIN IMMEDIATE", (), None),
                              self.busy_timeout_ms)
            try:
                yield write
                try:
                    conn.commit()
                except dbapi.Error as error:
                    raise DBAPIError.instance("COMMIT", None, error, dbapi.Error) from error
            except BaseException:
                try:
                    conn.rollback()
                except dbapi.Error:
                    conn.invalidate()
                raise
        finally:
            conn.close()  # back to the pool
        self._tell(write.marked)

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction; on SQLite it holds the write lock from its first statement.
        The tables it marked changed (``changed``) are told to the change hooks once it has
        committed."""
        with self.engine.connect().execution_options(immediate=True) as conn:
            with Session(bind=conn, expire_on_commit=False) as session:
                with session.begin():
                    yield session
                marked: set[str] = session.info.get(CHANGED, set())
        self._tell(marked)

    def _tell(self, marked: set[str]) -> None:
        if marked:
            for hook in list(self.change_hooks):
                hook(marked)

    def changed(self, session: Session | Connection, table_id: str) -> None:
        """Mark a table changed in this write: on PostgreSQL a ``NOTIFY`` on
        ``LIVE_CHANNEL`` sent in the same transaction (delivered to every process when it
        commits, never if it rolls back); in this process the change hooks run after the
        commit. A notice only wakes the live streams: they read what changed from the
        tables themselves."""
        marked = session.info.setdefault(CHANGED, set())
        if table_id in marked:
            return
        marked.add(table_id)
        if self.engine.dialect.name == "postgresql":
            session.execute(text("SELECT pg_notify(:channel, :table_id)"),
                            {"channel": LIVE_CHANNEL, "table_id": table_id})


def init_app(app: Flask) -> None:
    app.extensions["companion_db"] = Database(
        app.config["DATABASE_URL"],
        busy_timeout_ms=int(app.config.get("DATABASE_BUSY_TIMEOUT_MS", BUSY_TIMEOUT_MS)),
        pool_size=int(app.config.get("SERVER_THREADS", 16)))


def get_db() -> Database:
    db: Database = current_app.extensions["companion_db"]
    return db
