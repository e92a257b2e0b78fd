"""Shared pytest fixtures.

Browser fixtures (used by the tests marked ``browser``):

- ``live_server``: the real ``companion serve`` (gunicorn) in a subprocess, on a free port of
  127.0.0.1, with a fresh SQLite database in a temporary folder;
- ``browser``: Debian's Chromium headless shell (``/usr/bin/chromium-headless-shell``, the
  build Playwright itself runs for headless pages) driven by Playwright;
- ``new_phone``: opens a page in a fresh phone-size browser context (its own cookies, so its
  own seat), and records every request the page makes.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent

# Each test's kind, marked from what it uses, so a developer's loop can leave out the slow
# kinds (`bash tests/run.sh -m "not browser and not postgres and not pdf"`); CI runs all.
_KIND_FIXTURES = {"browser": ("browser", "live_server", "new_phone"),
                  "postgres": ("postgres_url",)}


# The modules whose tests take longest (BENCHMARKS.md, "The test suite"), run first.
LONGEST_FIRST = ("test_browser_tv_layout.py", "test_browser_a11y.py", "test_print_paper.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        for marker, fixtures in _KIND_FIXTURES.items():
            if names & set(fixtures):
                item.add_marker(marker)
        if item.path.name.startswith("test_print_") or item.path.name in (
                "test_pdf_accelerator.py",):
            item.add_marker("pdf")
    # The long modules first, then the other browser and PDF modules, then the rest (each
    # module's tests together and in their order): the workers hand out tests in this
    # order, so the many short tests come last and the two workers end together, rather
    # than one finishing a long test alone.
    modules = list(dict.fromkeys(item.path for item in items))
    kinds = {path: 2 for path in modules}
    for item in items:
        if item.get_closest_marker("browser") or item.get_closest_marker("pdf"):
            kinds[item.path] = 1
    for path in modules:
        if path.name in LONGEST_FIRST:
            kinds[path] = 0
    place = {path: (kinds[path], LONGEST_FIRST.index(path.name) if not kinds[path] else 0, n)
             for n, path in enumerate(modules)}
    items.sort(key=lambda item: place[item.path])


# Chromium's headless shell: the same Blink as the browser, without the browser's window,
# profile and background services (its own build of Chromium, as Playwright runs headless
# pages by default). Side by side with the full browser in headless mode, the 139 browser
# tests took 277 s instead of 437 s on 2 cores, with 499 CPU seconds instead of 797, and the
# full browser once never finished closing a context that had a service worker.
SYSTEM_CHROMIUM = Path("/usr/bin/chromium-headless-shell")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
    "locale": "en-GB",
}
# `companion serve` starts a gunicorn master and a worker per core, each building the app:
# on a loaded 2-core machine that takes up to about 20 s (a timeout for a failure, not a
# measure).
SERVER_START_TIMEOUT_S = 60.0


@dataclass(frozen=True)
class LiveServer:
    """A running ``companion serve``: its base address and its log file."""

    url: str
    host: str
    port: int
    log_path: Path

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1) as response:
            return bool(response.status)
    except urllib.error.HTTPError:
        return True  # the server answered, even if with an error status
    except OSError:
        return False


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """``python -m companion serve`` on a free local port, over a throwaway database."""
    folder = tmp_path_factory.mktemp("live_server")
    port = _free_port()
    host = "127.0.0.1"
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'db.sqlite'}",
        SECRET_KEY="browser-tests-only",
        PYTHONUNBUFFERED="1",
        COMPANION_ACCEPT_SEEDS="1",  # the tests choose seeds to know the dice
    )
    env.pop("COMPANION_PUBLIC_URL", None)
    log_path = folder / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", host, "--port", str(port)],
            cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
        )
    server = LiveServer(url=f"http://{host}:{port}", host=host, port=port, log_path=log_path)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while not _answers(server.url + "/api/games"):
            if process.poll() is not None:
                pytest.fail(f"companion serve exited with {process.returncode}:\n"
                            f"{server.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"companion serve did not answer on {server.url} within "
                            f"{SERVER_START_TIMEOUT_S:.0f} s:\n{server.log_tail()}")
            time.sleep(0.05)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


# How long closing a browser context may take before the browser is taken for stuck. Closing
# a context takes well under a second; Chromium has been seen to never answer one (the suite
# then waited until CI's time ran out), once in about three whole runs.
CONTEXT_CLOSE_S = 60.0
# The command names of Chromium's processes (as /proc shows them, cut to 15 characters).
CHROMIUM_NAMES = ("chromium", "chrome", "headless")


def _processes() -> dict[int, tuple[str, int]]:
    """Every live process of the machine: its command name and its parent (from /proc);
    a process that has ended and waits for its parent to read its status is left out."""
    found: dict[int, tuple[str, int]] = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            text = Path(stat).read_text()
        except OSError:  # gone meanwhile
            continue
        name = text[text.index("(") + 1:text.rindex(")")]
        state, parent = text[text.rindex(")") + 2:].split()[:2]
        if state != "Z":
            found[int(stat.split("/")[2])] = (name, int(parent))
    return found


def _descendants(root: int, processes: dict[int, tuple[str, int]]) -> list[int]:
    out, todo = [], [root]
    while todo:
        parent = todo.pop()
        children = [pid for pid, (_, ppid) in processes.items() if ppid == parent]
        out += children
        todo += children
    return out


class RelaunchingBrowser:
    """This worker's headless Chromium, launched again when the one before was stopped.

    It stands for Playwright's ``Browser`` (``new_context`` and the rest). ``close_context``
    closes a context within ``CONTEXT_CLOSE_S``: past that, this worker's Chromium is
    killed (the close then fails, and is reported as a warning, not as the test's result)
    and the next context comes from a new browser."""

    def __init__(self, playwright: Any) -> None:
        self._playwright = playwright
        self._browser: Any = None
        self.relaunches = 0

    @property
    def current(self) -> Any:
        if self._browser is None or not self._browser.is_connected():
            if self._browser is not None:
                self.relaunches += 1
            self._browser = self._playwright.chromium.launch(
                executable_path=str(SYSTEM_CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        return self._browser

    def __getattr__(self, name: str) -> Any:
        return getattr(self.current, name)

    def kill(self) -> None:
        """Stop this worker's Chromium and everything it started (Playwright's driver, a
        child of this process, stays)."""
        import signal

        processes = _processes()
        for pid in _descendants(os.getpid(), processes):
            if not processes[pid][0].startswith(CHROMIUM_NAMES):
                continue
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close_context(self, context: Any) -> None:
        import threading
        import warnings

        closed = threading.Event()
        stuck = threading.Event()

        def watch() -> None:
            if not closed.wait(CONTEXT_CLOSE_S):
                stuck.set()
                self.kill()

        threading.Thread(target=watch, daemon=True).start()
        try:
            context.close()
        except Exception as error:
            if not stuck.is_set():
                raise
            warnings.warn(f"Chromium did not close a context in {CONTEXT_CLOSE_S:.0f} s and "
                          f"was stopped; the next test gets a new browser ({error!r:.120})",
                          stacklevel=2)
        finally:
            closed.set()

    def close(self) -> None:
        if self._browser is not None and self._browser.is_connected():
            self._browser.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless system Chromium (``RelaunchingBrowser``). Missing Chromium is a failure,
    never a skip."""
    if not SYSTEM_CHROMIUM.exists():
        pytest.fail(f"{SYSTEM_CHROMIUM} is missing: the browser tests need Debian's Chromium "
                    "headless shell (apt-get install chromium-headless-shell; tests/run.sh "
                    "does); no browser is ever downloaded")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = RelaunchingBrowser(playwright)
        chromium.current  # noqa: B018 (launched now: a browser that cannot start fails here)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def new_phone(browser: Any) -> Iterator[Callable[..., Any]]:
    """A factory of phone pages, each in its own browser context (its own cookies).

    Every request a page makes is appended to ``page.requested_urls``.
    """
    contexts: list[Any] = []

    def open_phone(**overrides: Any) -> Any:
        context = browser.new_context(**{**PHONE, **overrides})
        context.set_default_timeout(20_000)
        contexts.append(context)
        page = context.new_page()
        page.requested_urls = []
        page.on("request", lambda request: page.requested_urls.append(request.url))
        return page

    yield open_phone
    for context in contexts:
        browser.close_context(context)


# ---------------------------------------------------------------------------- app fixtures
# An app with a fresh SQLite database per test, and a table made through the API.

from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402
from werkzeug.datastructures import MultiDict  # noqa: E402


class BrowserLikeClient(FlaskClient):
    """Flask's test client, sending a page form's CSRF token as a browser does.

    A non-API POST (PUT, PATCH, DELETE) gets the session's ``csrf_token`` form field (the
    token is made in the session, as the first rendered form would, when there is none yet),
    unless the test passes ``csrf=False`` to send the request exactly as given.
    """

    def open(self, *args: Any, **kwargs: Any) -> Any:
        send_token = kwargs.pop("csrf", True)
        method = str(kwargs.get("method", "GET")).upper()
        path = args[0] if args and isinstance(args[0], str) else kwargs.get("path", "/")
        if (send_token and method in ("POST", "PUT", "PATCH", "DELETE")
                and not str(path).startswith("/api/") and "json" not in kwargs):
            data = kwargs.get("data")
            if data is None or isinstance(data, dict | MultiDict):
                form = MultiDict(data or {})
                if "csrf_token" not in form:
                    form["csrf_token"] = self.csrf_token()
                kwargs["data"] = form
        return super().open(*args, **kwargs)

    def csrf_token(self) -> str:
        """This client's session CSRF token, made as a page would make it."""
        import secrets

        with self.session_transaction() as session:
            token = session.get("csrf")
            if not isinstance(token, str):
                token = session["csrf"] = secrets.token_urlsafe(32)
        return str(token)


# Every app's test client in the suite behaves like a browser that loaded the form first.
Flask.test_client_class = BrowserLikeClient


class HostClient(BrowserLikeClient):
    """A test client that plays the phone (or API client) that created the tables: it keeps
    each table's ``host_token`` from the 201 of ``POST /api/tables`` and sends it as
    ``X-Host-Token`` on that table's API writes that carry no token of their own. Tests of
    what other senders may do pass their own headers, or ``anonymous=True``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.host_tokens: dict[str, str] = {}

    def open(self, *args: Any, anonymous: bool = False, **kwargs: Any) -> Any:
        path = str(args[0]) if args else str(kwargs.get("path", ""))
        method = str(kwargs.get("method", "GET")).upper()
        headers = dict(kwargs.pop("headers", None) or {})
        parts = path.split("?")[0].strip("/").split("/")
        if (not anonymous and parts[:2] == ["api", "tables"] and len(parts) >= 4
                and parts[2] not in self.host_tokens):
            # A table this phone created from the new-table page: its host token is in
            # this phone's cookie.
            try:
                with self.session_transaction() as cookie:
                    hosted = dict(cookie.get("hosts") or {})
            except RuntimeError:  # no cookie yet
                hosted = {}
            if parts[2] in hosted:
                self.host_tokens[parts[2]] = hosted[parts[2]]
        if (not anonymous and method in ("POST", "DELETE") and parts[:2] == ["api", "tables"]
                and len(parts) >= 4 and parts[2] in self.host_tokens
                and "X-Host-Token" not in headers and "X-Seat-Token" not in headers):
            headers["X-Host-Token"] = self.host_tokens[parts[2]]
        response = super().open(*args, headers=headers, **kwargs)
        if method == "POST" and parts == ["api", "tables"] and response.status_code == 201:
            body = response.get_json(silent=True) or {}
            if "host_token" in body:
                self.host_tokens[body["id"]] = body["host_token"]
        return response


def _lazy_url_builders() -> None:
    """Werkzeug compiles two URL-building functions for every rule when an app registers it
    (an AST compiled per rule: about half of what ``create_app`` costs with the companion's
    ~400 routes), though a test's app builds a handful of URLs. In the tests' own process,
    each rule's builders are compiled the first time a URL is built from it: the same
    functions, the same URLs. Servers the tests start (``companion serve``) are untouched."""
    from werkzeug.routing.rules import Rule

    if getattr(Rule, "_builders_on_first_use", False):  # this file is imported twice
        return
    eager = Rule._compile_builder

    def lazy(self: Rule, append_unknown: bool = True) -> Callable[..., Any]:
        def build(rule: Rule, *args: Any, **kwargs: Any) -> Any:
            cache = rule.__dict__.setdefault("_compiled_builders", {})
            if append_unknown not in cache:
                cache[append_unknown] = eager(rule, append_unknown).__get__(rule, None)
            return cache[append_unknown](*args, **kwargs)
        return build

    Rule._compile_builder = lazy  # type: ignore[method-assign]
    Rule._builders_on_first_use = True  # type: ignore[attr-defined]


_lazy_url_builders()


@pytest.fixture(scope="session")
def empty_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One empty database at the newest schema, made by ``create_app`` once per worker;
    each test's app starts from a copy of it (copying a file costs less than making the
    schema again). Tests of making and migrating a database make their own."""
    from companion import create_app

    path = tmp_path_factory.mktemp("empty-database") / "empty.sqlite"
    made = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{path}",
                       "SECRET_KEY": "test"})
    made.extensions["companion_db"].engine.dispose()  # the last close folds the WAL in
    assert not Path(f"{path}-wal").exists()
    return path


@pytest.fixture
def app(tmp_path: Path, empty_database: Path) -> Iterator[Flask]:
    from companion import create_app

    shutil.copy2(empty_database, tmp_path / "test.sqlite")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite'}",
                      "SECRET_KEY": "test", "RATE_LIMIT": 100_000, "ACCEPT_SEEDS": True})
    app.test_client_class = HostClient
    yield app
    app.extensions["companion_db"].engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


PLAYERS = [{"name": "Christiane", "party": "blue"}, {"name": "Jean", "party": "orange"},
           {"name": "Bruno", "party": "pink"}, {"name": "Cécile", "party": "green"}]


@pytest.fixture
def table(client: FlaskClient) -> dict[str, Any]:
    """A four-player Casse-toi Pov'con! table created through the API."""
    response = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    assert response.status_code == 201, response.json
    body: dict[str, Any] = response.json
    return body


# ---------------------------------------------------------------------------- PostgreSQL
# A private PostgreSQL cluster for the session: initdb into a temporary folder, listening on
# a Unix socket only (or COMPANION_TEST_POSTGRES_URL when given).

def _as_postgres(command: list[str]) -> list[str]:
    """initdb refuses to run as root: run the server tools as the postgres user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    given = os.environ.get("COMPANION_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail("PostgreSQL is not installed: run `bash tests/run.sh`, which installs it "
                    "(Debian package postgresql), or set COMPANION_TEST_POSTGRES_URL")
    bin_dir = Path(found[-1]).parent
    # Not under pytest's own temporary folder: the postgres user cannot enter it.
    folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
    data, sockets = folder / "data", folder / "run"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
        shutil.chown(sockets, "postgres")
    subprocess.run(_as_postgres([str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8"]),
                   check=True, capture_output=True)
    subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l",
                                 str(folder / "log"), "-o",
                                 f"-k {sockets} -c listen_addresses='' -p 55432", "start"]),
                   check=True, capture_output=True)
    try:
        subprocess.run(_as_postgres([str(bin_dir / "createdb"), "-h", str(sockets), "-p",
                                     "55432", "-U", "postgres", "companion"]),
                       check=True, capture_output=True)
        yield f"postgresql+psycopg://postgres@/companion?host={sockets}&port=55432"
    finally:
        subprocess.run(_as_postgres([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast",
                                     "stop"]), capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)
