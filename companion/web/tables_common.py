"""What the table's pages share (the table page, its log, the TV, the pages after a game):
the table read for a page, a tap's version and key, why this phone may not undo, and what
the table's templates read."""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, request

from .. import inputs
from ..games.base import HOST, GameError
from ..i18n import gettext as _
from ..tables import (
    SEAT_MSGIDS,
    Seating,
    Sender,
    TableNotFound,
    TableView,
    may_send,
    owner_of,
    seal_undo_refused,
    sealed_step,
)
from .common import render_label, service, translate_error
from .links import public_url
from .phone import cookie_map, is_host, seat_lost


def load_table(table_id: str) -> TableView:
    try:
        return service().get(table_id)
    except TableNotFound:
        abort(404)


def wants_json() -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def expected_version() -> int | None:
    return inputs.ascii_int(request.form.get("expected_version", ""))


def game_of(table_id: str) -> Any:
    try:
        return service().get(table_id).game
    except GameError:
        return None


def tap_key() -> str | None:
    """The tap's idempotency key: the page sends one per tap and reuses it on a re-send."""
    return request.headers.get("Idempotency-Key") or request.form.get("idempotency_key") or None


def action_checker(view: TableView, by: Sender | None) -> Any:
    """``check(action)``: why the table or the engine would refuse this phone's action now,
    or None. Pages use it to grey out what is not allowed, with the reason."""
    def check(action: dict[str, Any]) -> str | None:
        if by is None or (by.seat is None and not by.host):
            return _("Only a seated phone can act.")
        try:
            if not may_send(owner_of(view.game, view.state, action), by):
                return _("Not your turn to send this: it belongs to another seat.")
            view.game.apply(view.state, action)
        except GameError as error:
            return translate_error(error, view.game)
        return None

    return check


def undo_refusal(view: TableView, by: Sender | None, redo: bool = False) -> str | None:
    """Why this phone may not undo (or redo) the entry on top, or None."""
    target = view.redo_target if redo else view.undo_target
    if target is None or by is None:
        return None
    if target.reveals is not None and not by.host:
        return _("Only the host can undo a reveal.")
    refused = None if redo or by.host else seal_undo_refused(view, target)
    if refused is not None:
        return translate_error(refused, view.game)
    if not may_send(target.belongs_to, by):
        if target.belongs_to == HOST:
            return _("Only the host can do this.")
        if not isinstance(target.owner, int):  # the table's own entry: any seated phone
            return _("Only a seated phone or the host can do this.")
        name = view.players[target.owner]["name"]
        return _("Only %(name)s's phone or the host can undo this.", name=name)
    return None


def touches_other_seat(view: TableView, by: Sender | None, redo: bool = False) -> str | None:
    """The confirmation this phone asks before undoing (or redoing) the entry on top when
    that entry is another seat's (the host undoing a player's card), or None."""
    target = view.redo_target if redo else view.undo_target
    if target is None or by is None or not isinstance(target.owner, int) \
            or target.owner == by.seat or not may_send(target.owner, by):
        return None
    if not 0 <= target.owner < len(view.players):
        return None
    name = view.players[target.owner].get("name", "?")
    label = render_label(view, view.label_of(target.seq))
    if redo:
        return _("This is %(name)s's entry. Redo “%(label)s”?", name=name, label=label)
    return _("This is %(name)s's entry. Undo “%(label)s”?", name=name, label=label)


def active_seats(view: TableView) -> list[int]:
    """The seats the game waits for now (its optional ``active_seats``), or none."""
    active_of = getattr(view.game, "active_seats", None)
    if active_of is None:
        return []
    try:
        seats = active_of(view.state)
    except GameError:
        return []
    return [s for s in seats if isinstance(s, int) and 0 <= s < len(view.players)]


RECENT_ENTRIES = 6


def recent_entries(view: TableView, count: int = RECENT_ENTRIES) -> list[dict[str, Any]]:
    """The table's last entries for the live page's log, newest first, from what the table
    keeps in memory: each entry's label, whether it is undone, and a divider above the entry
    that closed each round."""
    from .. import plays

    done = {op.seq for op in view.replay.done}
    closed = {seq: number for number, seq in view.replay.round_closers.items()}
    items: list[dict[str, Any]] = []
    for seq in sorted(view.labels, reverse=True)[:count]:
        label = view.labels[seq]
        moves = label.msgid in ("undo", "redo")
        seat_change = label.msgid in SEAT_MSGIDS
        if seq in closed:
            items.append({"divider": render_label(view, plays.round_title(view.game,
                                                                          closed[seq]))})
        items.append({"seq": seq, "text": render_label(view, label),
                      "kind": label.msgid if moves else "seat" if seat_change else "action",
                      "undone": not moves and not seat_change and seq not in done})
    return items


def table_context(view: TableView, seat: int | None, spectator: bool = False, *,
             host: bool | None = None, seats: Seating | None = None) -> dict[str, Any]:
    """What the table's templates read (``host`` and ``seats`` when the caller knows them:
    the live view reads them with the version)."""
    viewer = None if spectator else seat
    host = not spectator and (is_host(view.id) if host is None else host)
    by = None if spectator else Sender(seat, host)
    unseated = seat is None and not spectator
    return {
        **(unseated_context(view, seats) if unseated else {}),
        "is_host": host,
        "seat_lost": None if spectator else seat_lost(view.id, seat),
        "reopened": view.reopened,
        "undo_refusal": undo_refusal(view, by) if by else None,
        "redo_refusal": undo_refusal(view, by, redo=True) if by else None,
        "active_seats": active_seats(view),
        "recent": recent_entries(view),
        "secret_step": sealed_step(view.game, view.state) is not None,
        "undo_ask": touches_other_seat(view, by) if by else None,
        "redo_ask": touches_other_seat(view, by, redo=True) if by else None,
        "requests": [] if spectator or (not host and seat is None) else (
            seats.requests if seats is not None else service().requests(view.id)),
        "pub": view.public_state(viewer),
        "check": action_checker(view, by),
        "view": view,
        "game": view.game,
        "state": view.state,
        "outcome": view.outcome,
        "seat": seat,
        "spectator": spectator,
        "undo_label": render_label(view, view.undo_label),
        "redo_label": render_label(view, view.redo_label),
        "poll_ms": current_app.config["POLL_INTERVAL_MS"],
        "render_label": lambda label: render_label(view, label),
    }


def unseated_context(view: TableView, seats: Seating | None) -> dict[str, Any]:
    """What a phone without a seat reads to choose one (who.html, part of the live view):
    the seats taken, and its own request for one (pending, refused) as it stands now."""
    return {
        "claimed": (set(seats.claims.values()) if seats is not None
                    else service().claimed_seats(view.id)),
        "asked": service().request_status(view.id, cookie_map("asked").get(view.id)),
        "watch_url": public_url("pages.watch", token=view.watch_token),
    }


def unchanged(version: int, seating: int) -> Any:
    """A poll's answer when nothing moved: empty, and kept alive."""
    return "", 200, {"X-Version": str(version), "X-Seating": str(seating),
                     "X-Unchanged": "1", "Cache-Control": "no-store"}
