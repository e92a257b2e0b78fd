"""Who may send what: an action's or an entry's owner against the sender's seat and host
token, and what a seat may not take back of a sealed step."""

from __future__ import annotations

import json
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from ..games.base import HOST, N_, TABLE, GameError, IllegalAction, Owner
from ..games.sealed import SEAL_ACTION, Sealed
from .log import sealed_step
from .model import NotAllowed, NotYourSeat, Op, Sender
from .view import TableView


def may_send(owner: Owner | None, by: Sender | None) -> bool:
    """Whether ``by`` may send an action (or undo an entry) that belongs to ``owner``."""
    if by is None or by.host:
        return True
    if owner == HOST:
        return False
    if owner == TABLE or owner is None:
        return by.seat is not None
    return by.seat == owner


def _refuse(owner: Owner | None, by: Sender | None, game: ModuleType, players: list[Any],
            undoing: bool = False) -> None:
    if may_send(owner, by):
        return
    if owner == HOST:
        raise NotAllowed(N_("Only the host can do this."), code="host_only")
    if owner == TABLE or owner is None or (by is not None and by.seat is None):
        raise NotAllowed(N_("Only a seated phone or the host can do this."), code="not_seated")
    name = players[owner].get("name", "?") if isinstance(owner, int) and 0 <= owner < len(
        players) else "?"
    if undoing:
        raise NotYourSeat(N_("This entry is %(name)s's: only their phone or the host can "
                             "undo it."), name=name)
    raise NotYourSeat(N_("This is %(name)s's move: only their phone or the host can send it."),
                      name=name)


def seal_undo_refused(view: TableView, target: Op) -> NotAllowed | None:
    """Why a seat may not undo ``target``, its own seal, or None. A game that keeps a sealed
    value as it was locked (``SEALS_FINAL``: a closed fist does not open again) does not let
    the seat take it back to lock another; no game lets it take back a value everyone saw at
    a reveal the host undid since (the next reveal would show another value, or none). The
    host may, for the table."""
    if target.action.get("type") != SEAL_ACTION:
        return None
    if getattr(view.game, "SEALS_FINAL", False):
        return NotAllowed(N_("A sealed value cannot be taken back: only the host can undo it."),
                          code="seal_final")
    # A seal only locks a value in the step it leaves open (the reveal is an entry of its
    # own): the open step now is the one the seal was made in.
    opened = sealed_step(view.game, view.replay.state) if view.revealed else None
    if opened is not None and opened.key in view.revealed:
        return NotAllowed(N_("Everyone has seen this sealed value: only the host can undo "
                             "it."), code="sealed_seen")
    return None


def _keep_what_was_seen(view: TableView, opened: Sealed, seat: Any) -> None:
    """A seat may not change a sealed value the others saw when the step was revealed (the
    host undid that reveal since): it may only lock the same value again. A value binds
    only while it is still legal: when a correction made one of the seen values illegal
    (a bid above the money a player now has), the step is sealed afresh by every seat, so
    no seat is left without a legal input. A seat whose value nobody saw (it was missing
    at a "reveal now") locks in what it likes. The step's key names the step (the same
    card, the same turn): another step played after an undo is sealed afresh too."""
    seen = view.revealed.get(opened.key)
    if seen is None or seat not in seen or not _seen_still_legal(view, seen):
        return
    mine = opened.value(seat) if isinstance(seat, int) else None
    if not _same(mine, seen[seat]):
        raise IllegalAction(N_("everyone has seen the secret values of this step: they "
                               "cannot change now"), code="sealed_seen")


def _same(value: Any, other: Any) -> bool:
    """Two sealed values are the same (as JSON: a seal's value is what a phone sent)."""
    return json.dumps(value, sort_keys=True, default=str) == json.dumps(
        other, sort_keys=True, default=str)


def _seen_still_legal(view: TableView, seen: Mapping[int, Any]) -> bool:
    """Whether every value seen at the step's reveal could still be locked in now. A seat
    that has locked in again since holds its seen value while they bind; one holding
    another value shows they stopped binding (a correction made a seen value illegal)."""
    before = sealed_step(view.game, view.state)
    for seat, value in seen.items():
        if before is not None and seat in before.locked:
            if _same(before.value(seat), value):
                continue
            return False
        try:
            view.game.apply(view.state, {"type": SEAL_ACTION, "seat": seat, "value": value})
        except GameError:
            return False
    return True
