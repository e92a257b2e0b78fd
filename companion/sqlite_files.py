"""The files of a SQLite database (the database, its ``-wal`` and ``-shm``, and their folder):
what keeps the server from writing them, said in one line with the fix, and the connections
SQLite opened read-only renewed once they are writable again.

SQLite opens a file it cannot write read-only, without a word, and such a connection stays
read-only after the file is made writable again: only a new connection writes. So the pool
renews every connection opened read-only at its first use after the database is writable
again. A connection that finds no ``-wal`` and ``-shm`` makes them with the database file's
mode: one opened on a file whose mode is read-only (``chmod a-w``) would make them read-only
too, and they would stay so (restarts included) once the file is writable again; in a
read-only folder it cannot make them at all. Then no connection is opened: the request
answers 503 and ``companion serve`` says in one line what to do. Otherwise (the ``-wal`` and
``-shm`` are there, the file is immutable or another user's) a read-only connection reads.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
import weakref
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import DisconnectionError

SQLITE_READONLY = 8  # SQLite's result code for a write a read-only connection cannot make


def path_of(url: str) -> str | None:
    """The file of a SQLite URL; None for an in-memory or URI database, or another one."""
    parsed = make_url(url)
    path = parsed.database
    if (not parsed.drivername.startswith("sqlite") or not path or path == ":memory:"
            or path.startswith("file:") or parsed.query.get("uri")):
        return None
    return path


def unwritable(path: str) -> str | None:
    """What keeps a new connection from writing the database at ``path`` in WAL mode (the
    file, its ``-wal`` and ``-shm``, or the folder SQLite makes those in), with the fix, in
    one line; None when nothing does."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.exists(path):
        if _writable(folder):
            return None
        return f"cannot create {path}: the folder {folder} is read-only: {_fix([folder])}"
    names = [name for name in (path, f"{path}-wal", f"{path}-shm")
             if os.path.exists(name) and not _writable(name)]
    missing = [os.path.basename(name) for name in (f"{path}-wal", f"{path}-shm")
               if not os.path.exists(name)]
    if missing and not _writable(folder):
        names.append(folder)
    if not names:
        return None
    said = " and ".join(f"the folder {name}" if name == folder else name for name in names)
    said += " is read-only" if len(names) == 1 else " are read-only"
    if folder in names:
        said += f" (SQLite makes {' and '.join(missing)} there)"
    return f"{said}: {_fix(names)}"


def opens_read_only(path: str) -> bool:
    """Whether a connection may open ``path`` while it cannot be written: its ``-wal`` and
    ``-shm`` are there, or SQLite can make them and they will be writable once the database
    is (SQLite gives them the database file's mode: a file read-only by its mode, not by a
    read-only disk or another owner, would give read-only ones)."""
    if os.path.exists(f"{path}-wal") and os.path.exists(f"{path}-shm"):
        return True
    if not _writable(os.path.dirname(os.path.abspath(path))):
        return False
    try:
        return bool(os.stat(path).st_mode & stat.S_IWUSR)
    except OSError:
        return False


def _writable(name: str) -> bool:
    return os.access(name, os.W_OK)


def _fix(names: list[str]) -> str:
    """How to make ``names`` writable for this process, in words."""
    it = "it" if len(names) == 1 else "them"
    try:
        found = [os.stat(name) for name in names]
        statvfs = getattr(os, "statvfs", None)
        if statvfs is not None and any(statvfs(name).f_flag & os.ST_RDONLY
                                       for name in names):
            return "the disk is mounted read-only: remount it read-write"
    except OSError:
        return f"make {it} writable for the user running the server"
    listed = " ".join(names)
    geteuid = getattr(os, "geteuid", None)
    if geteuid is not None and any(each.st_uid != geteuid() for each in found):
        return f"give {it} to the user running the server (chown {_user()} {listed})"
    if any(not each.st_mode & stat.S_IWUSR for each in found):
        return f"make {it} writable (chmod u+w {listed})"
    return f"make {it} writable for the user running the server"


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError):
        return str(os.geteuid())


def read_only_refusal(error: BaseException) -> bool:
    """Whether SQLite refused a write because the connection is read-only."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF == SQLITE_READONLY


class ReadOnlyWatch:
    """On a file SQLite engine: refuses a connection that would make read-only ``-wal`` and
    ``-shm`` files, and renews, once the database is writable again, every pooled connection
    older than the last one opened read-only (or refused a write as read-only)."""

    def __init__(self, engine: Engine, path: str) -> None:
        self.engine, self.path = engine, path
        self.seen = 0.0  # when a connection was last opened, or refused a write, read-only
        event.listen(engine, "do_connect", self._open)
        event.listen(engine, "handle_error", self._failed)
        _watches[engine] = self

    def _open(self, _dialect: Any, record: Any, _cargs: Any, _cparams: Any) -> None:
        record.info["opened"] = time.monotonic()
        problem = unwritable(self.path)
        if problem is not None:
            if not opens_read_only(self.path):
                raise sqlite3.OperationalError(problem)
            self.read_only_seen()

    def _failed(self, context: Any) -> None:
        if read_only_refusal(context.original_exception):
            self.read_only_seen()

    def read_only_seen(self) -> None:
        """A connection open now may be read-only: renew it at its next use after the
        database is writable again. The check costs the pool nothing until then."""
        if not self.seen:
            event.listen(self.engine, "checkout", self._renew_when_writable)
        self.seen = time.monotonic()

    def _renew_when_writable(self, _dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        if record.info.get("opened", 0.0) > self.seen:
            return
        if unwritable(self.path) is None:
            raise DisconnectionError("the database is writable again: a new connection")


_watches: weakref.WeakKeyDictionary[Engine, ReadOnlyWatch] = weakref.WeakKeyDictionary()


def refused(engine: Engine, error: BaseException) -> None:
    """A driver error of a statement run straight on a pooled connection (SQLAlchemy's own
    statements go through ``handle_error``): a write refused as read-only renews the
    connections once the database is writable again."""
    watch = _watches.get(engine)
    if watch is not None and read_only_refusal(error):
        watch.read_only_seen()
