"""Abuse limits: how many tables, saved profiles and uncached PDF builds one client address
may ask for in a minute (``COMPANION_RATE_LIMIT``, default 30 a minute).

A fixed window per (kind, address), kept in the process: a limit protects the server, it
decides nothing a phone sees, so a count per process is enough (with several processes the
limit is per process).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from flask import current_app, jsonify, render_template, request

from ..i18n import gettext as _

WINDOW_S = 60


class RateLimited(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


class Limiter:
    """Counts hits per key in fixed windows of ``WINDOW_S`` seconds."""

    def __init__(self) -> None:
        self._hits: dict[tuple[str, str], tuple[int, int]] = {}
        self._lock = threading.Lock()

    def hit(self, kind: str, address: str, limit: int, now: float | None = None) -> None:
        now = time.time() if now is None else now
        window = int(now // WINDOW_S)
        with self._lock:
            if len(self._hits) > 10_000:  # old windows go first
                self._hits = {k: v for k, v in self._hits.items() if v[0] == window}
            seen_window, count = self._hits.get((kind, address), (window, 0))
            if seen_window != window:
                count = 0
            if count >= limit:
                raise RateLimited(int((window + 1) * WINDOW_S - now) + 1)
            self._hits[(kind, address)] = (window, count + 1)


def limit(kind: str) -> None:
    """Count one request of ``kind`` from this client; raise RateLimited past the limit."""
    limiter: Limiter = current_app.extensions.setdefault("companion_limiter", Limiter())
    limiter.hit(kind, request.remote_addr or "?", int(current_app.config["RATE_LIMIT"]))


def too_many(error: RateLimited) -> Any:
    message = _("Too many requests from this address: try again in %(seconds)s s.",
                seconds=error.retry_after)
    if request.path.startswith("/api/") or request.headers.get("X-Requested-With") == "fetch":
        response = jsonify({"error": {"code": "rate_limited", "message": message}})
    else:
        response = current_app.make_response(
            render_template("error.html", message=message, status=429))
    response.status_code = 429
    response.headers["Retry-After"] = str(error.retry_after)
    return response
