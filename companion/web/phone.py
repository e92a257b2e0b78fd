"""Who this phone is at a table: the tables it remembers, the seat it holds and whether
it hosts, kept in its signed session cookie (one map per kind, by table)."""

from __future__ import annotations

from typing import Any

from flask import session

from ..tables import Seating, Sender, TableMeta
from .common import service

MAX_REMEMBERED_TABLES = 20


def cookie_map(name: str) -> dict[str, Any]:
    value = session.get(name)
    return dict(value) if isinstance(value, dict) else {}


def seat_tokens() -> dict[str, str]:
    return cookie_map("seats")


def set_cookie_map(name: str, table_id: str, value: Any) -> None:
    values = cookie_map(name)
    if value is None:
        values.pop(table_id, None)
    else:
        values[table_id] = value
    # Only the most recent tables are kept, so the cookie stays small.
    kept = dict(list(values.items())[-MAX_REMEMBERED_TABLES:])
    if session.get(name) != kept:
        session[name] = kept  # an unchanged session is not re-signed and re-sent
    keep_for_good()


def keep_for_good() -> None:
    """A permanent session (its lifetime, not the browser's), marked once: marking it
    again would count as a change and re-send the cookie."""
    if not session.permanent:
        session.permanent = True


def my_seat(table_id: str, seats: Seating | None = None) -> int | None:
    """The seat this phone holds at the table, if it still holds it (from ``seats`` when
    the caller read them). A seat request the host (or the holder) approved becomes this
    phone's seat here."""
    def seat_of(token: Any) -> int | None:
        if seats is None:
            return service().seat_of(table_id, token)
        return seats.claims.get(token) if isinstance(token, str) else None

    seat = seat_of(seat_tokens().get(table_id))
    if seat is None:
        asked = cookie_map("asked").get(table_id)
        if asked:
            seat = seat_of(asked)
            if seat is not None:
                set_cookie_map("seats", table_id, asked)
                set_cookie_map("asked", table_id, None)
    if seat is not None and cookie_map("held").get(table_id) != seat:
        set_cookie_map("held", table_id, seat)
    return seat


def seat_lost(table_id: str, seat: int | None) -> int | None:
    """The seat this phone held and no longer holds (moved to another phone or freed)."""
    held = cookie_map("held").get(table_id)
    return held if seat is None and isinstance(held, int) else None


def is_host(table_id: str, meta: TableMeta | None = None) -> bool:
    """Whether this phone holds the table's host token (the phone that created it); from
    ``meta`` when the caller read it."""
    token = cookie_map("hosts").get(table_id)
    if meta is not None:
        return service().holds_host_token(meta, token)
    return service().is_host(table_id, token)


def sender(table_id: str) -> Sender:
    return Sender(my_seat(table_id), is_host(table_id))


def remember_table(table_id: str) -> None:
    recent = [t for t in session.get("recent", []) if t != table_id]
    now = [table_id, *recent][:MAX_REMEMBERED_TABLES]
    if session.get("recent") != now:
        session["recent"] = now
    keep_for_good()
