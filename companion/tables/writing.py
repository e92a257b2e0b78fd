"""Writing to a table's log: actions, undo, redo and corrections, each checked against
its sender, made in one transaction on the state this process keeps when it can."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from ..db import LIVE_CHANNEL, crossed
from ..games import get_game
from ..games.base import HOST, N_, TABLE, GameError, IllegalAction, Label, MalformedInput
from ..games.sealed import REVEAL_ACTION, SEAL_ACTION
from .idempotency import check_idempotency_key, scoped_key
from .log import _applied, _fold, check_fields, effective_actions, owner_of, sealed_step
from .model import (
    TRUSTED,
    Kept,
    NotAllowed,
    NotYourSeat,
    Op,
    Replay,
    Sender,
    TableNotFound,
    VersionConflict,
    Written,
)
from .reading import TableReads
from .roles import _keep_what_was_seen, _refuse, seal_undo_refused
from .statements import _rows
from .view import TableView


class LogWriter(TableReads):
    """The writes of ``TableService`` to a table's log."""

    def act(self, table_id: str, expected_version: Any, action: Any,
            by: Sender | None = TRUSTED, key: str | None = None) -> TableView:
        """Apply one game action made against ``expected_version`` by ``by``.

        The engine says whom the action belongs to; a secret input (``seal``) is taken only
        from the phone that holds its seat, and never changes a value the others have seen.
        When every expected seat is in, the platform reveals the step as an entry of its own.
        """
        if not isinstance(action, dict):
            raise MalformedInput(N_("action must be an object"))

        def step(view: TableView, seq: int) -> list[Written]:
            game = view.game
            check_fields(game, action)
            owner = owner_of(game, view.state, action)
            if action.get("type") == SEAL_ACTION:
                if by is not None and (by.seat is None or action.get("seat") != by.seat):
                    raise NotYourSeat(N_("only the phone that holds a seat can lock in its "
                                         "secret"))
                if by is not None and view.sealed_elsewhere(by.seat):
                    raise NotAllowed(N_("This seat's secret was locked in on the phone that "
                                        "held it before: it stays locked until the reveal."),
                                     code="seal_locked")
            else:
                _refuse(owner, by, game, view.players)
            written = [_applied(game, view.replay, seq, action, owner)]
            if action.get("type") == SEAL_ACTION:
                opened = sealed_step(game, written[-1].replay.state)
                if opened is not None:
                    _keep_what_was_seen(view, opened, action.get("seat"))
                if opened is not None and opened.complete:
                    # Every expected seat is in: the platform reveals, as its own entry, so
                    # undoing the reveal brings every seal back locked as it was.
                    reveal = {"type": REVEAL_ACTION}
                    written.append(replace(
                        _applied(game, written[-1].replay, seq + 1, reveal, HOST),
                        author="table"))
            return written

        return self._write(table_id, expected_version, step, by, key, ("act", action))

    def undo(self, table_id: str, expected_version: Any, by: Sender | None = TRUSTED,
             key: str | None = None) -> TableView:
        """Undo the last entry in force: a seat its own entries (or the whole table's); the
        host anything; past a reveal, the host only."""
        def step(view: TableView, seq: int) -> list[Written]:
            if not view.replay.done:
                raise IllegalAction(N_("nothing to undo"), code="nothing_to_undo")
            target = view.replay.done[-1]
            self._may_touch(view, target, by)
            done = view.replay.done[:-1]
            undone = [*view.replay.undone, target]
            if by is not None and not by.host:
                refused = seal_undo_refused(view, target)
                if refused is not None:
                    raise refused
            replay = self._refold(view, done, undone)
            return [Written("undo", {"of": target.seq}, Label("undo", {"of": target.seq}),
                            replay, target.owner)]

        return self._write(table_id, expected_version, step, by, key, ("undo",))

    def redo(self, table_id: str, expected_version: Any, by: Sender | None = TRUSTED,
             key: str | None = None) -> TableView:
        def step(view: TableView, seq: int) -> list[Written]:
            if not view.replay.undone:
                raise IllegalAction(N_("nothing to redo"), code="nothing_to_redo")
            target = view.replay.undone[-1]
            self._may_touch(view, target, by)
            done = [*view.replay.done, target]
            undone = view.replay.undone[:-1]
            return [Written("redo", {"of": target.seq}, Label("redo", {"of": target.seq}),
                            self._refold(view, done, undone), target.owner)]

        return self._write(table_id, expected_version, step, by, key, ("redo",))

    @staticmethod
    def _may_touch(view: TableView, target: Op, by: Sender | None) -> None:
        if target.reveals is not None and by is not None and not by.host:
            raise NotAllowed(N_("Only the host can undo a reveal: everyone has seen the "
                                "secret values."), code="reveal_host_only")
        _refuse(target.belongs_to, by, view.game, view.players, undoing=True)

    def amend(self, table_id: str, expected_version: Any, target: Any, action: Any,
              by: Sender | None = TRUSTED, key: str | None = None) -> TableView:
        """Replace an earlier action (a past round's results) and recompute what follows."""
        if not isinstance(action, dict):
            raise MalformedInput(N_("action must be an object"))
        if isinstance(target, bool) or not isinstance(target, int):
            raise MalformedInput(N_("target must be the number of a log entry"))

        def step(view: TableView, seq: int) -> list[Written]:
            _refuse(TABLE, by, view.game, view.players)
            check_fields(view.game, action)
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

        return self._write(table_id, expected_version, step, by, key,
                           ("amend", target, action))

    def _refold(self, view: TableView, done: list[Op], undone: list[Op]) -> Replay:
        effective = effective_actions(done)
        state, closers = _fold(view.game, view.players, view.options, effective)
        return Replay(state, done, undone, effective, closers)

    def _replayed(self, table_id: str, key: str) -> TableView | None:
        """The first reply of a write already made with this idempotency key, if any."""
        found = self.db.peek("SELECT seq FROM entries WHERE table_id = ? AND "
                             "idempotency_key = ?", (table_id, key))
        if found is None:
            return None
        _version, _seating, meta = self._peek_table(table_id)
        return self._view(table_id, meta, int(found[0]))

    def _write(self, table_id: str, expected_version: Any, step: Any,
               by: Sender | None, key: str | None = None,
               request: tuple[Any, ...] = ()) -> TableView:
        key = scoped_key(check_idempotency_key(key), by, request)
        if isinstance(expected_version, int) and not isinstance(expected_version, bool):
            written = self._write_on_kept(table_id, expected_version, step, by, key)
            if written is not None:
                return written
        if key is not None:
            first = self._replayed(table_id, key)
            if first is not None:
                return first
        if isinstance(expected_version, bool) or not isinstance(expected_version, int):
            raise MalformedInput(N_("expected_version must be a whole number"),
                                 code="missing_version")
        try:
            sql = self._sql()
            with self.db.plain_write() as conn:
                read, _count = conn.run(sql.version, {"table_id": table_id})
                found = read[0] if read else None
                if found is None:
                    raise TableNotFound(N_("no table %(id)s"), id=table_id)
                current = int(found[0])
                if current != expected_version:
                    raise VersionConflict(
                        N_("the table changed (version %(current)s, not %(expected)s): "
                           "reload and try again"),
                        current=current, expected=expected_version)
                known = self._metas.get(table_id)
                meta = known
                if meta is None or meta.watch_token != found[1]:
                    meta = self._load_meta(table_id)
                    if known is not None and by is not None and by.host:
                        # The host token was checked against what this process kept of a
                        # table since made again under this id: check it again, anew.
                        raise VersionConflict(N_("the table changed: reload and try again"))
                view = self._view(table_id, meta, current, conn)
                rows, kept = _rows(view, step(view, current + 1), by, key)
                seq = current + len(rows)
                # The version moves before the entries go in, as in a write on the kept
                # state: on PostgreSQL every write then locks the table's row first and its
                # entries after, so two writers on one version never wait for each other
                # in a circle (the second waits for the row, finds it moved, and is told so).
                notices, moved = conn.run(sql.move, {
                    "table_id": table_id, "expected": expected_version, "new_version": seq,
                    "now": rows[-1]["created_at"], "channel": LIVE_CHANNEL})
                if (len(notices) if sql.notifies else moved) != 1:
                    raise VersionConflict(N_("the table changed: reload and try again"))
                for row in rows:
                    conn.run(sql.insert, row)
                conn.changed(table_id, notified=sql.notifies)
        except IntegrityError:
            if key is not None:
                first = self._replayed(table_id, key)
                if first is not None:
                    return first
            raise VersionConflict(N_("the table changed: reload and try again")) from None
        except OperationalError as error:
            if not crossed(error):
                raise
            # Another writer crossed this one and the database ended it: nothing written.
            raise VersionConflict(N_("the table changed: reload and try again")) from None
        return self._wrote(view, seq, kept)

    def _wrote(self, view: TableView, seq: int, kept: Kept) -> TableView:
        self._remember(view.id, seq, kept)
        return TableView(view.id, view.game, seq, view.players, view.options, kept.replay,
                         view.watch_token, kept.labels, kept.revealed, kept.documents,
                         kept.moved)

    def _write_on_kept(self, table_id: str, expected_version: int, step: Any,
                       by: Sender | None, key: str | None) -> TableView | None:
        """The write made on the state this process keeps, when the sender's version is the
        newest one it keeps: the entries and the version's move go to storage together only
        if the stored table is still at that version (and is still the same table: its watch
        token), in one statement on PostgreSQL (one round trip) and in one transaction
        holding SQLite's write lock. ``None`` when the process keeps no such state or
        storage has moved on: the write is then made on the table as stored (``_write``),
        which also answers whatever the step said about a state that was not the newest (a
        refusal, a rule's error) and a retried write's first reply."""
        with self._lock:
            newest = self._latest.get(table_id) == expected_version
            kept = self._cache.get((table_id, expected_version)) if newest else None
            meta = self._metas.get(table_id)
        if kept is None or meta is None:
            return None
        view = TableView(table_id, get_game(meta.game), expected_version, meta.players,
                         meta.options, kept.replay, meta.watch_token, kept.labels,
                         kept.revealed, kept.documents, kept.moved)
        try:
            rows, after = _rows(view, step(view, expected_version + 1), by, key)
        except Exception:  # noqa: BLE001 - answered again from the stored table
            return None
        seq = expected_version + len(rows)
        move = {"table_id": table_id, "expected": expected_version, "new_version": seq,
                "now": rows[-1]["created_at"], "watch": meta.watch_token,
                "channel": LIVE_CHANNEL}
        sql = self._sql()
        try:
            if sql.notifies:
                values = dict(move)
                for index, row in enumerate(rows):
                    values.update({f"{name}_{index}": value for name, value in row.items()})
                notices, _count = self.db.plain_once(sql.write_on(len(rows)), values,
                                                     changed=table_id)
                if len(notices) != 1:
                    return None
            else:
                with self.db.plain_write() as conn:
                    _found, moved = conn.run(sql.move_from, move)
                    if moved != 1:
                        return None  # nothing written: the transaction commits nothing
                    for row in rows:
                        conn.run(sql.insert, row)
                    conn.changed(table_id)
        except IntegrityError:
            return None  # a retried write's key, already stored: answered from storage
        except OperationalError as error:
            if not crossed(error):
                raise
            return None  # crossed by another writer, nothing written: made again from storage
        return self._wrote(view, seq, after)
