"""Abuse limits: how many tables, saved decks and uncached PDF builds one client may ask
for in a minute (``COMPANION_RATE_LIMIT``, default 30 a minute).

A fixed window per (kind, client), counted in the database (``rate_counts``), so every
process of the server counts the same requests: two workers, or a hall's two app servers on
one PostgreSQL, allow 30 a minute, not 30 each. A client is its address, except that every
loopback address (127.0.0.0/8, ::1) is one client and an IPv6 address counts by its /64:
a machine has many of those for the asking.
"""

from __future__ import annotations

import ipaddress
import time
from typing import Any

from flask import current_app, jsonify, render_template, request

from ..i18n import gettext as _

WINDOW_S = 60


class RateLimited(Exception):
    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


def client_of(address: str | None) -> str:
    """Whom a limit counts: the address, every loopback address as one, IPv6 by its /64."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return (address or "?")[:64]
    if ip.is_loopback:
        return "loopback"
    if ip.version == 6:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def hit_shared(kind: str, client: str, limit: int, now: float | None = None) -> None:
    """Count one request in the database; RateLimited past ``limit`` in the window (the
    refused request is not counted: its transaction is rolled back)."""
    from sqlalchemy import delete
    from sqlalchemy.dialects.postgresql import insert as postgres_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    from ..db import RateCount, get_db

    now = time.time() if now is None else now
    period = int(now // WINDOW_S)
    db = get_db()
    insert = postgres_insert if db.postgres else sqlite_insert
    statement = (insert(RateCount).values(kind=kind, client=client, period=period, count=1)
                 .on_conflict_do_update(index_elements=["kind", "client", "period"],
                                        set_={"count": RateCount.count + 1})
                 .returning(RateCount.count))
    with db.write() as session:
        count = session.execute(statement).scalar_one()
        if count > limit:
            raise RateLimited(int((period + 1) * WINDOW_S - now) + 1)
        if count == 1:  # a new window: the old ones go
            session.execute(delete(RateCount).where(RateCount.period < period - 1))


def limit(kind: str) -> None:
    """Count one request of ``kind`` from this client; raise RateLimited past the limit.
    With the storage unavailable the request goes on uncounted: its own write (if it has
    one) meets the same fault and says so, a PDF build needs no storage."""
    from sqlalchemy.exc import SQLAlchemyError

    from .storage import is_storage_fault

    try:
        hit_shared(kind, client_of(request.remote_addr), int(current_app.config["RATE_LIMIT"]))
    except SQLAlchemyError as error:
        if not is_storage_fault(error):
            raise


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
