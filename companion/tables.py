"""Tables: a game, its options, its seats and an append-only log of entries.

The state of a table is the fold of its effective actions over ``setup``; the version is the
log's length. Undo, redo and corrections are log entries too, so every phone sees them:

- ``action``: one game action, pushed on the done stack (the redo stack is cleared);
- ``undo``: moves the last done entry to the redo stack;
- ``redo``: moves it back;
- ``amend``: replaces the action of an earlier entry (a correction of a past round) and
  everything after it is recomputed; undoing it restores the original.

This module knows no Flask and no HTTP: the views call it and map its errors to statuses.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from .db import Database, EntryRow, SeatClaim, TableRow, utcnow
from .games import get_game
from .games.base import N_, GameError, IllegalAction, Label, MalformedInput, Outcome
from .games.sealed import REVEAL_ACTION, SEAL_ACTION


class TableNotFound(GameError):
    code = "table_not_found"


class VersionConflict(GameError):
    code = "version_conflict"


class NotYourSeat(GameError):
    """A sealed input sent by a phone (or API client) that does not hold that seat."""

    code = "not_your_seat"


@dataclass(frozen=True)
class Op:
    """An entry of the done or redo stack."""

    seq: int
    kind: str  # "action" or "amend"
    action: Mapping[str, Any]
    target: int | None = None  # the seq an amend replaces


@dataclass
class Replay:
    """Everything the log folds to at one version."""

    state: Any
    done: list[Op] = field(default_factory=list)
    undone: list[Op] = field(default_factory=list)
    effective: list[tuple[int, Mapping[str, Any]]] = field(default_factory=list)
    # seq of the effective action that closed each round, when the game counts rounds
    round_closers: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    label: Label
    seat: int | None
    created_at: Any


@dataclass(frozen=True)
class TableView:
    id: str
    game: ModuleType
    version: int
    players: list[dict[str, Any]]
    options: dict[str, Any]
    replay: Replay
    watch_token: str
    labels: dict[int, Label]

    @property
    def state(self) -> Any:
        return self.replay.state

    @property
    def outcome(self) -> Outcome | None:
        result: Outcome | None = self.game.outcome(self.replay.state)
        return result

    def label_of(self, seq: int) -> Label:
        return self.labels.get(seq, Label("?"))

    @property
    def undo_label(self) -> Label | None:
        return self.labels[self.replay.done[-1].seq] if self.replay.done else None

    @property
    def redo_label(self) -> Label | None:
        return self.labels[self.replay.undone[-1].seq] if self.replay.undone else None

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The table as ``viewer`` (a seat, or None for everyone) may see it."""
        outcome = self.outcome
        return {
            "id": self.id,
            "game": self.game.ID,
            "version": self.version,
            "state": self.game.to_json(self.state, viewer),
            "outcome": outcome.to_json() if outcome else None,
        }


@dataclass(frozen=True)
class Written:
    """One log entry a write adds, and what the log folds to after it."""

    kind: str
    payload: Any
    label: Label
    replay: Replay


def _applied(game: ModuleType, replay: Replay, seq: int, action: Mapping[str, Any]) -> Written:
    """The entry that applies one game action on top of ``replay`` at ``seq``."""
    label = game.describe(replay.state, action)
    state = game.apply(replay.state, action)
    closers = dict(replay.round_closers)
    round_of = getattr(game, "round_number", None)
    if round_of and round_of(state) != round_of(replay.state):
        closers[round_of(replay.state)] = seq
    new = Replay(state, [*replay.done, Op(seq, "action", action)], [],
                 [*replay.effective, (seq, action)], closers)
    return Written("action", action, label, new)


def _fold(game: ModuleType, players: Any, options: Any,
          effective: Sequence[tuple[int, Mapping[str, Any]]]) -> tuple[Any, dict[int, int]]:
    state = game.setup(players, options)
    closers: dict[int, int] = {}
    round_of = getattr(game, "round_number", None)
    for seq, action in effective:
        if round_of is None:
            state = game.apply(state, action)
            continue
        before: int = round_of(state)
        state = game.apply(state, action)
        if round_of(state) != before:
            closers[before] = seq
    return state, closers


def replay_entries(game: ModuleType, players: Any, options: Any,
                   entries: Sequence[tuple[int, str, Any]]) -> Replay:
    """Fold a whole log (seq, kind, payload) from the start."""
    done: list[Op] = []
    undone: list[Op] = []
    for seq, kind, payload in entries:
        if kind == "action":
            done.append(Op(seq, "action", payload))
            undone.clear()
        elif kind == "amend":
            done.append(Op(seq, "amend", payload["action"], payload["target"]))
            undone.clear()
        elif kind == "undo":
            undone.append(done.pop())
        elif kind == "redo":
            done.append(undone.pop())
    effective = effective_actions(done)
    state, closers = _fold(game, players, options, effective)
    return Replay(state, done, undone, effective, closers)


def effective_actions(done: Sequence[Op]) -> list[tuple[int, Mapping[str, Any]]]:
    """The actions in force: each action in order, with corrections applied in place."""
    effective: list[tuple[int, Mapping[str, Any]]] = []
    for op in done:
        if op.kind == "action":
            effective.append((op.seq, op.action))
        else:
            effective = [(seq, op.action if seq == op.target else action)
                         for seq, action in effective]
    return effective


class TableService:
    """Create tables, read them and write to their logs, one transaction per write."""

    def __init__(self, db: Database, cache_size: int = 256) -> None:
        self.db = db
        self._cache: OrderedDict[tuple[str, int], Replay] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ creation

    def create(self, game_id: str, players: Any, options: Any) -> TableView:
        game = get_game(game_id)
        if not isinstance(players, list):
            raise MalformedInput(N_("players must be a list"))
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise MalformedInput(N_("options must be an object"))
        options = dict(options)
        for option in game.OPTIONS:
            if option.kind == "seed" and option.name not in options:
                # Shuffles differ from table to table, yet replay the same from the log.
                options[option.name] = secrets.randbelow(2**31)
        state = game.setup(players, options)  # validates, or raises before anything is stored
        table_id = secrets.token_urlsafe(12)  # 96 random bits
        row = TableRow(id=table_id, game=game_id, players=players, options=options, version=0,
                       watch_token=secrets.token_urlsafe(12), host_token=secrets.token_urlsafe(24))
        with self.db.write() as session:
            session.add(row)
        replay = Replay(state)
        self._remember(table_id, 0, replay)
        return TableView(table_id, game, 0, players, options, replay, row.watch_token, {})

    # ------------------------------------------------------------------ reading

    def version(self, table_id: str) -> int:
        with self.db.read() as session:
            version = session.scalar(select(TableRow.version).where(TableRow.id == table_id))
        if version is None:
            raise TableNotFound(N_("no table %(id)s"), id=table_id)
        return version

    def get(self, table_id: str) -> TableView:
        with self.db.read() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise TableNotFound(N_("no table %(id)s"), id=table_id)
            return self._view(session, row)

    def by_watch_token(self, token: str) -> TableView:
        with self.db.read() as session:
            row = session.scalar(select(TableRow).where(TableRow.watch_token == token))
            if row is None:
                raise TableNotFound(N_("no table for this link"))
            return self._view(session, row)

    def host_token(self, table_id: str) -> str:
        with self.db.read() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise TableNotFound(N_("no table %(id)s"), id=table_id)
            return row.host_token

    def entries(self, table_id: str) -> list[Entry]:
        with self.db.read() as session:
            rows = session.scalars(select(EntryRow).where(EntryRow.table_id == table_id)
                                   .order_by(EntryRow.seq)).all()
            return [Entry(r.seq, r.kind, _label(r.label), r.seat, r.created_at) for r in rows]

    def _view(self, session: Any, row: TableRow) -> TableView:
        game = get_game(row.game)
        labels_rows = session.execute(
            select(EntryRow.seq, EntryRow.label).where(EntryRow.table_id == row.id)).all()
        labels = {seq: _label(label) for seq, label in labels_rows}
        replay = self._cached(row.id, row.version)
        if replay is None:
            entries = session.execute(
                select(EntryRow.seq, EntryRow.kind, EntryRow.payload)
                .where(EntryRow.table_id == row.id).order_by(EntryRow.seq)).all()
            replay = replay_entries(game, row.players, row.options,
                                    [(s, k, p) for s, k, p in entries])
            self._remember(row.id, row.version, replay)
        return TableView(row.id, game, row.version, row.players, row.options, replay,
                         row.watch_token, labels)

    # ------------------------------------------------------------------ writing

    def act(self, table_id: str, expected_version: Any, action: Any,
            seat: int | None = None) -> TableView:
        """Apply one game action made against ``expected_version`` by the holder of ``seat``.

        A sealed input is taken only from the phone or client that holds its seat.
        """
        if not isinstance(action, dict):
            raise MalformedInput(N_("action must be an object"))
        if action.get("type") == SEAL_ACTION and (seat is None or action.get("seat") != seat):
            raise NotYourSeat(N_("only the phone that holds a seat can lock in its secret"))

        def step(view: TableView, seq: int) -> list[Written]:
            game = view.game
            written = [_applied(game, view.replay, seq, action)]
            sealed_of = getattr(game, "sealed", None)
            if action.get("type") == SEAL_ACTION and sealed_of is not None:
                opened = sealed_of(written[-1].replay.state)
                if opened is not None and opened.complete:
                    # Every expected seat is in: the platform reveals, as its own entry, so
                    # undoing the reveal brings every seal back locked as it was.
                    written.append(_applied(game, written[-1].replay, seq + 1,
                                            {"type": REVEAL_ACTION}))
            return written

        return self._write(table_id, expected_version, step, seat)

    def undo(self, table_id: str, expected_version: Any, seat: int | None = None) -> TableView:
        def step(view: TableView, seq: int) -> list[Written]:
            if not view.replay.done:
                raise IllegalAction(N_("nothing to undo"), code="nothing_to_undo")
            target = view.replay.done[-1]
            done = view.replay.done[:-1]
            undone = [*view.replay.undone, target]
            return [Written("undo", {"of": target.seq}, Label("undo", {"of": target.seq}),
                            self._refold(view, done, undone))]

        return self._write(table_id, expected_version, step, seat)

    def redo(self, table_id: str, expected_version: Any, seat: int | None = None) -> TableView:
        def step(view: TableView, seq: int) -> list[Written]:
            if not view.replay.undone:
                raise IllegalAction(N_("nothing to redo"), code="nothing_to_redo")
            target = view.replay.undone[-1]
            done = [*view.replay.done, target]
            undone = view.replay.undone[:-1]
            return [Written("redo", {"of": target.seq}, Label("redo", {"of": target.seq}),
                            self._refold(view, done, undone))]

        return self._write(table_id, expected_version, step, seat)

    def amend(self, table_id: str, expected_version: Any, target: Any, action: Any,
              seat: int | None = None) -> TableView:
        """Replace an earlier action (a past round's results) and recompute what follows."""
        if not isinstance(action, dict):
            raise MalformedInput(N_("action must be an object"))
        if isinstance(target, bool) or not isinstance(target, int):
            raise MalformedInput(N_("target must be the number of a log entry"))

        def step(view: TableView, seq: int) -> list[Written]:
            if target not in {s for s, _ in view.replay.effective}:
                raise IllegalAction(N_("entry %(target)s is not an action in force"),
                                    code="bad_target", target=target)
            corrects = getattr(view.game, "correctable", None)
            if corrects is None or not corrects(action):
                raise IllegalAction(N_("this action cannot be used as a correction"),
                                    code="bad_correction")
            round_no = next((r for r, s in view.replay.round_closers.items() if s == target),
                            None)
            if round_no is None:
                raise IllegalAction(N_("entry %(target)s did not close a round"),
                                    code="bad_target", target=target)
            before = [(s, a) for s, a in view.replay.effective if s < target]
            try:
                state, _ = _fold(view.game, view.players, view.options, before)
                view.game.apply(state, action)
            except MalformedInput:
                raise
            except GameError as error:
                raise IllegalAction(
                    N_("this correction is refused in round %(round)s itself: %(reason)s"),
                    code="correction_refused", round=round_no, reason=str(error)) from error
            done = [*view.replay.done, Op(seq, "amend", action, target)]
            try:
                replay = self._refold(view, done, [])
            except GameError as error:
                raise IllegalAction(
                    N_("this correction makes a later entry impossible: %(reason)s"),
                    code="correction_conflict", reason=str(error)) from error
            label = Label(N_("correction of round %(round)s"), {"round": round_no})
            return [Written("amend", {"target": target, "action": action}, label, replay)]

        return self._write(table_id, expected_version, step, seat)

    def _refold(self, view: TableView, done: list[Op], undone: list[Op]) -> Replay:
        effective = effective_actions(done)
        state, closers = _fold(view.game, view.players, view.options, effective)
        return Replay(state, done, undone, effective, closers)

    def _write(self, table_id: str, expected_version: Any, step: Any,
               seat: int | None) -> TableView:
        if isinstance(expected_version, bool) or not isinstance(expected_version, int):
            raise MalformedInput(N_("expected_version must be a whole number"),
                                 code="missing_version")
        try:
            with self.db.write() as session:
                row = session.get(TableRow, table_id)
                if row is None:
                    raise TableNotFound(N_("no table %(id)s"), id=table_id)
                if row.version != expected_version:
                    raise VersionConflict(
                        N_("the table changed (version %(current)s, not %(expected)s): "
                           "reload and try again"),
                        current=row.version, expected=expected_version)
                view = self._view(session, row)
                written = step(view, row.version + 1)
                labels = dict(view.labels)
                seq = row.version
                for entry in written:
                    seq += 1
                    label = entry.label
                    session.add(EntryRow(
                        table_id=table_id, seq=seq, kind=entry.kind, payload=entry.payload,
                        label={"msgid": label.msgid, "params": dict(label.params)}, seat=seat))
                    labels[seq] = label
                replay = written[-1].replay
                changed = session.execute(
                    update(TableRow).where(TableRow.id == table_id,
                                           TableRow.version == expected_version)
                    .values(version=seq, updated_at=utcnow()))
                if getattr(changed, "rowcount", 1) != 1:
                    raise VersionConflict(N_("the table changed: reload and try again"))
        except IntegrityError:
            raise VersionConflict(N_("the table changed: reload and try again")) from None
        self._remember(table_id, seq, replay)
        return TableView(table_id, view.game, seq, view.players, view.options, replay,
                         view.watch_token, labels)

    # ------------------------------------------------------------------ seats

    def claim(self, table_id: str, seat: Any) -> str:
        """Give a phone a seat: returns the claim token the phone keeps."""
        view = self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(
                view.players):
            raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat",
                                 seat=seat)
        token = secrets.token_urlsafe(24)
        with self.db.write() as session:
            existing = session.get(SeatClaim, (table_id, seat))
            if existing is None:
                session.add(SeatClaim(table_id=table_id, seat=seat, token=token))
            else:
                existing.token = token
                existing.claimed_at = utcnow()
        return token

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        if not token:
            return None
        with self.db.read() as session:
            seat: int | None = session.scalar(select(SeatClaim.seat).where(
                SeatClaim.table_id == table_id, SeatClaim.token == token))
        return seat

    def claimed_seats(self, table_id: str) -> set[int]:
        with self.db.read() as session:
            return set(session.scalars(select(SeatClaim.seat)
                                       .where(SeatClaim.table_id == table_id)).all())

    # ------------------------------------------------------------------ cache

    def _cached(self, table_id: str, version: int) -> Replay | None:
        with self._lock:
            replay = self._cache.get((table_id, version))
            if replay is not None:
                self._cache.move_to_end((table_id, version))
            return replay

    def _remember(self, table_id: str, version: int, replay: Replay) -> None:
        with self._lock:
            self._cache[(table_id, version)] = replay
            while len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)


def _label(raw: Any) -> Label:
    if not isinstance(raw, dict):
        return Label("?")
    return Label(raw.get("msgid", "?"), raw.get("params") or {})
