"""Storage faults: a locked, read-only or full database answers 503, and ``/healthz``.

A write that meets such a fault is one transaction rolled back whole, so it changed nothing;
the phone is told so, in words, with ``storage_unavailable`` (JSON for the API and the page
script, the error page otherwise) and ``Retry-After``. Other database errors (a bug: a
missing column, bad SQL) stay 500.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

from flask import Flask, jsonify, render_template, request
from sqlalchemy import Column, Integer, MetaData, String, Table, delete, insert, select
from sqlalchemy.exc import InterfaceError, OperationalError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from .. import sqlite_files
from ..db import TableRow, get_db
from ..i18n import gettext as _

RETRY_AFTER_S = 2

# What SQLite and PostgreSQL say when the storage, not the program, is at fault.
STORAGE_FAULTS = (
    "database is locked",
    "database table is locked",
    "readonly database",
    "read-only",
    "disk i/o error",
    "database or disk is full",
    "no space left",
    "unable to open database file",
    "could not connect",
    "connection refused",
    "server closed the connection",
    "terminating connection",
    "could not extend file",
    # PostgreSQL restarting, recovering or stopping (libpq 15 says "connection to server ...
    # failed: FATAL: the database system is starting up"), and a connection it closed.
    "the database system is starting up",
    "the database system is in recovery mode",
    "the database system is not yet accepting connections",
    "the database system is not accepting connections",
    "the database system is shutting down",
    "connection to server",
    "connection is closed",
    "connection already closed",
    "the connection is lost",
    "ssl connection has been closed",
    "consuming input failed",
)

_metadata = MetaData()
health_checks = Table(
    "health_checks", _metadata,
    Column("id", Integer, primary_key=True),
    Column("checked_at", String(40)),
)


def is_storage_fault(error: BaseException) -> bool:
    """A fault of the storage, not of the program: SQLAlchemy's operational and interface
    errors, and the drivers' own (a pooled connection read straight, as the shared reads do),
    whose message says the database is locked, full, unreachable or restarting."""
    if isinstance(error, PoolTimeout):
        return True  # every pooled connection busy for POOL_TIMEOUT_S
    if isinstance(error, OperationalError | InterfaceError):
        message = str(error.orig if error.orig is not None else error).lower()
        return any(fault in message for fault in STORAGE_FAULTS)
    if _driver_error(error):
        return any(fault in str(error).lower() for fault in STORAGE_FAULTS)
    return False


def _driver_error(error: BaseException) -> bool:
    """sqlite3's or psycopg's own OperationalError or InterfaceError, not wrapped."""
    kind = type(error)
    return kind.__name__ in ("OperationalError", "InterfaceError") and (
        kind.__module__.startswith(("sqlite3", "psycopg")))


def _wants_json() -> bool:
    return (request.path.startswith("/api/") or request.path == "/healthz"
            or request.headers.get("X-Requested-With") == "fetch")


def storage_message() -> str:
    return _("The table's storage is busy or unavailable right now: nothing was changed. "
             "Try again in a moment.")


def storage_unavailable() -> Any:
    message = storage_message()
    response: Any = (
        jsonify({"error": {"code": "storage_unavailable", "message": message}})
        if _wants_json() else render_template("error.html", status=503, message=message))
    return response, 503, {"Retry-After": str(RETRY_AFTER_S), "Cache-Control": "no-store"}


def check_database() -> dict[str, str]:
    """Read a table, then write (and commit) one small row: what works, what fails."""
    db = get_db()
    result = {"read": "ok", "write": "ok"}
    try:
        with db.read() as session:
            session.execute(select(TableRow.id).limit(1)).all()
    except (SQLAlchemyError, OSError) as error:
        result["read"] = _reason(error)
    try:
        with db.write() as session:
            health_checks.create(session.connection(), checkfirst=True)
            session.execute(delete(health_checks))
            session.execute(insert(health_checks).values(
                id=1, checked_at=datetime.now(UTC).isoformat(timespec="seconds")))
    except (SQLAlchemyError, OSError) as error:
        result["write"] = _reason(error)
    return result


def _what_to_do(error: BaseException) -> str:
    """For a write refused because the SQLite files are read-only: which file, and the fix
    (the server writes again, no restart, once it is done)."""
    if "readonly" not in str(error).lower():
        return ""
    path = sqlite_files.path_of(get_db().url)
    problem = sqlite_files.unwritable(path) if path is not None else None
    return f" ({problem})" if problem else ""


def _reason(error: BaseException) -> str:
    if is_storage_fault(error):
        orig = getattr(error, "orig", None)
        return str(orig if orig is not None else error)[:200]
    return type(error).__name__


def init_app(app: Flask) -> None:
    @app.errorhandler(OperationalError)
    @app.errorhandler(InterfaceError)
    @app.errorhandler(PoolTimeout)
    @app.errorhandler(sqlite3.OperationalError)
    def _storage_fault(error: Exception) -> Any:
        if not is_storage_fault(error):
            raise error
        app.logger.warning("storage unavailable on %s %s: %s%s", request.method, request.path,
                           error, _what_to_do(error))
        return storage_unavailable()

    try:
        import psycopg
    except ImportError:  # SQLite only: no PostgreSQL driver installed
        pass
    else:
        app.register_error_handler(psycopg.OperationalError, _storage_fault)
        app.register_error_handler(psycopg.InterfaceError, _storage_fault)

    @app.get("/healthz")
    def healthz() -> Any:
        """200 ``{"database": "ok"}`` when the database can be read and written, else 503."""
        checks = check_database()
        ok = checks == {"read": "ok", "write": "ok"}
        body = {"database": "ok" if ok else "unavailable", **checks}
        return jsonify(body), 200 if ok else 503, {"Cache-Control": "no-store"}
