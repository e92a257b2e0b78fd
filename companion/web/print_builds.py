"""Kit builds off the request loop: every uncached PDF is built by a child process
(``python -m printables.job``) holding one of the server's build slots.

A kit takes ReportLab one to several seconds of CPU. Built inside the request, it would hold
a gevent worker's whole event loop (every table of that process waits) or, under threads,
the GIL. In a child process it holds neither: under gevent the worker waits for the child
cooperatively (``subprocess`` is patched), under threads the wait holds one thread; the
child runs at a lower CPU priority than the server's requests, with its CPU time capped.

**Build slots** (``COMPANION_PDF_BUILDS``, 1 by default) bound the builds running at once
for the whole server on this machine, every worker process counted: a slot is a file locked
with ``flock`` in a folder of the server's own (next to its SQLite file, else in the
instance folder), which the system releases when the process holding it ends, and which the
child holds too (its descriptor is inherited), so an orphaned build still counts. Without
``fcntl`` (Windows, one waitress process) or on an in-memory database (one process), the
slots are a semaphore of the process. A request waits for a free slot in short sleeps (that
a gevent worker spends on its other requests) up to ``COMPANION_PDF_WAIT_S`` (20 s), then
gets 503 with ``Retry-After``; so does one past the process's ``PDF_WAITING`` requests
already waiting or building (``companion serve`` keeps it small under threads, where each
holds a thread) and one whose build ran past ``COMPANION_PDF_TIMEOUT_S`` (120 s).
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask, current_app

from printables.job import EXIT_BUILD_ERROR
from printables.text import BuildError

try:
    import fcntl
except ImportError:  # Windows: one waitress process, the slots are its own
    fcntl = None  # type: ignore[assignment]

RETRY_AFTER_S = 5
POLL_S = 0.05  # between two looks at the slots while every one is taken
_EXTENSION = "companion_pdf_builds"
_CREATING = threading.Lock()


class PrinterBusy(Exception):
    """No build slot came free in time, too many requests of this process already wait for
    one, or the build ran past its time: nothing was built, ask again later."""

    def __init__(self, retry_after: int = RETRY_AFTER_S) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


class BuildSlots:
    """``count`` builds at once for every process sharing ``folder`` (``flock`` on the files
    ``slot-0`` ... in it), or for this process alone when ``folder`` is None; at most
    ``waiting`` requests of this process waiting for a slot or building at a time."""

    def __init__(self, count: int, folder: Path | None, waiting: int) -> None:
        self.count = max(1, count)
        self.folder = folder if fcntl is not None else None
        self.waiting = max(1, waiting)
        self._local = threading.BoundedSemaphore(self.count)
        self._queued = 0
        self._queue_lock = threading.Lock()

    @contextmanager
    def hold(self, wait_s: float) -> Iterator[int | None]:
        """A free slot, waited for up to ``wait_s``; yields the locked file's descriptor (for
        the child to inherit), or None for a slot of this process. PrinterBusy in time."""
        with self._queue_lock:
            if self._queued >= self.waiting:
                raise PrinterBusy()
            self._queued += 1
        try:
            deadline = time.monotonic() + wait_s
            while True:
                taken = self._take()
                if taken is not False:
                    break
                if time.monotonic() + POLL_S > deadline:
                    raise PrinterBusy()
                time.sleep(POLL_S)
            try:
                yield taken
            finally:
                if taken is None:
                    self._local.release()
                else:
                    os.close(taken)
        finally:
            with self._queue_lock:
                self._queued -= 1

    def _take(self) -> int | None | bool:
        """A slot's locked descriptor, None for a slot of the semaphore, False when every
        slot is taken."""
        if self.folder is not None:
            try:
                return self._take_file()
            except OSError as error:  # a folder it cannot write: the slots of this process
                current_app.logger.warning("PDF build slots in %s: %s; counting this "
                                           "process's builds only", self.folder, error)
                self.folder = None
        return None if self._local.acquire(blocking=False) else False

    def _take_file(self) -> int | bool:
        assert fcntl is not None and self.folder is not None
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        for index in range(self.count):
            fd = os.open(self.folder / f"slot-{index}", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                continue
            except BaseException:
                os.close(fd)
                raise
            return fd
        return False


def slot_folder(app: Flask) -> Path | None:
    """Where the processes of this server meet: next to its SQLite file (as its -wal and
    -shm files do), else (PostgreSQL) a folder of the instance named after the database;
    None for an in-memory database, which one process alone serves."""
    from sqlalchemy.engine import make_url

    url = make_url(str(app.config["DATABASE_URL"]))
    if url.get_backend_name() == "sqlite":
        name = url.database or ""
        if name in ("", ":memory:") or name.startswith("file:") or url.query.get("mode"):
            return None
        database = Path(name).resolve()
        return database.parent / f"{database.name}.pdf-builds"
    digest = hashlib.sha256(url.render_as_string(hide_password=True).encode()).hexdigest()
    return Path(app.instance_path) / "pdf-builds" / digest[:16]


def build_slots() -> BuildSlots:
    """This app's build slots (made at its first build)."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    slots = app.extensions.get(_EXTENSION)
    if slots is None:
        with _CREATING:
            slots = app.extensions.get(_EXTENSION)
            if slots is None:
                slots = app.extensions[_EXTENSION] = BuildSlots(
                    int(app.config["PDF_BUILDS"]), slot_folder(app),
                    int(app.config["PDF_WAITING"]))
    return slots  # type: ignore[no-any-return]


def build_in_child(job: dict[str, Any], slot: int | None, timeout_s: float) -> bytes:
    """The PDF ``printables.job`` builds from ``job``; BuildError with the kit's own message,
    PrinterBusy past ``timeout_s`` (the child is killed), RuntimeError when it failed
    otherwise (a bug: the request answers 500, as an error in the request would)."""
    import printables

    here = str(Path(printables.__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    payload = json.dumps({**job, "cpu_s": int(timeout_s) + 1}).encode("utf-8")
    try:
        done = subprocess.run([sys.executable, "-m", "printables.job"], input=payload,
                              capture_output=True, timeout=timeout_s, env=env,
                              pass_fds=() if slot is None else (slot,))
    except subprocess.TimeoutExpired:
        current_app.logger.warning("a %s PDF took more than %s s to build "
                                   "(COMPANION_PDF_TIMEOUT_S)", job.get("game"), timeout_s)
        raise PrinterBusy() from None
    if done.returncode == 0:
        return done.stdout
    said = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode == EXIT_BUILD_ERROR:
        raise BuildError(said)
    raise RuntimeError(f"the {job.get('game')} PDF build failed "
                       f"(exit {done.returncode}): {said[-2000:]}")
