"""What the trust probe's kinds share (``bench/probe_trust.py``): the tests' helpers on the
path, a tally of what was tried and how it was answered, a fresh app, one HTTP request."""

from __future__ import annotations

import atexit
import http.client
import json
import os
import shutil
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]
os.environ.pop("COMPANION_ACCEPT_SEEDS", None)  # the servers started here draw their seeds

import conftest  # noqa: E402  (the browser-like test client: forms carry their CSRF token)

from companion import create_app  # noqa: E402

FOLDER = Path(tempfile.mkdtemp(prefix="companion-probe-"))
atexit.register(shutil.rmtree, FOLDER, True)  # the probe's databases and logs go with it
CASSE = [{"name": n, "party": p} for n, p in (("Ann", "blue"), ("Bob", "pink"),
                                              ("Cy", "green"), ("Dee", "orange"))]


@dataclass
class Tally:
    """What a kind of check tried, how it was answered, and what did not hold."""

    name: str
    tried: int = 0
    answers: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    failed: int = 0
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def check(self, ok: bool, what: str) -> None:
        if not ok:
            self.failed += 1
            if len(self.failures) < 20:
                self.failures.append(what)

    def line(self) -> str:
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(self.answers.items()))
        held = "held" if not self.failed else f"{self.failed} FAILED"
        return f"{self.name}: {self.tried} tried ({answers}) -> {held} [{self.seconds:.0f} s]"


_apps = 0


def new_app(**config: Any) -> Any:
    """A fresh app over a fresh SQLite file, its client the tests' host-token client."""
    global _apps
    _apps += 1
    app = create_app({"TESTING": True, "SECRET_KEY": "probe", "RATE_LIMIT": 10**9,
                      "DATABASE_URL": f"sqlite:///{FOLDER / f'app{_apps}.sqlite'}", **config})
    app.test_client_class = conftest.HostClient
    return app


def http_call(port: int, method: str, path: str, body: Any = None,
              headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """One request to a local server on its own connection: status and JSON (or bytes)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        response = conn.getresponse()
        data = response.read()
        return response.status, (json.loads(data) if data.startswith(b"{") else data)
    finally:
        conn.close()
