"""Reading a table: its version, seating and fixed data in one small read, and the table
at a version, folded from the log once and kept (``cache``)."""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from sqlalchemy import select

from ..db import Database, GroupedRead
from ..games import get_game
from ..games.base import N_
from ..schema import EntryRow, SeatClaim, TableRow
from .cache import KeptStates
from .log import _extended, _label, _note_move, _note_reveal, replay_entries, stored_options
from .model import SEAT_ENTRY, Entry, Kept, Seating, TableMeta, TableNotFound
from .statements import _ENTRY_COLUMNS, _WriteStatements
from .view import TableView


class TableReads(KeptStates):
    """The reads of ``TableService``."""

    db: Database
    _grouped: GroupedRead | None
    _statements: _WriteStatements | None
    _seatings: OrderedDict[tuple[str, str, int], Seating]

    def _peek_table(self, table_id: str) -> tuple[int, int, TableMeta]:
        """The table's version and seating, one small read, and what never changes about it
        (kept per process; a table deleted and made again under the same id is noticed by
        its new watch token)."""
        if not isinstance(table_id, str):
            found = None
        elif self._grouped is not None:
            found = self._grouped.get(table_id)
        else:
            found = self.db.peek("SELECT id, version, seating, watch_token FROM tables "
                                 "WHERE id = ?", (table_id,))
        if found is None:
            raise TableNotFound(N_("no table %(id)s"), id=table_id)
        version, seating, watch_token = int(found[1]), int(found[2] or 0), found[3]
        meta = self._metas.get(table_id)
        if meta is None or meta.watch_token != watch_token:
            meta = self._load_meta(table_id)
        return version, seating, meta

    def _load_meta(self, table_id: str) -> TableMeta:
        with self.db.read() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise TableNotFound(N_("no table %(id)s"), id=table_id)
            meta = TableMeta(row.game, row.players, stored_options(row.options),
                             row.watch_token, row.host_token)
        with self._lock:
            old = self._metas.get(table_id)
            if old is not None and old.watch_token != meta.watch_token:
                self._forget(table_id)  # another table now holds this id
            self._metas[table_id] = meta
            self._metas.move_to_end(table_id)
            while len(self._metas) > self._meta_size:
                self._metas.popitem(last=False)
        return meta

    def version(self, table_id: str) -> int:
        return self._peek_table(table_id)[0]

    def get(self, table_id: str) -> TableView:
        version, _seating, meta = self._peek_table(table_id)
        return self._view(table_id, meta, version)

    def peek(self, table_id: str) -> tuple[int, int, TableMeta]:
        """The table's version, its seating counter and what never changes about it: one
        small read (``view_at`` and ``seating_at`` then read nothing more while neither
        moved)."""
        return self._peek_table(table_id)

    def view_at(self, table_id: str, meta: TableMeta, version: int) -> TableView:
        """The table at a version ``peek`` read."""
        return self._view(table_id, meta, version)

    @staticmethod
    def holds_host_token(meta: TableMeta, token: str | None) -> bool:
        """Whether ``token`` is the host token of the table ``meta`` describes."""
        return bool(token and isinstance(token, str)
                    and secrets.compare_digest(meta.host_token, token))

    def by_watch_token(self, token: str) -> TableView:
        found = self.db.peek("SELECT id FROM tables WHERE watch_token = ?", (token,)) \
            if isinstance(token, str) else None
        if found is None:
            raise TableNotFound(N_("no table for this link"))
        return self.get(found[0])

    def host_token(self, table_id: str) -> str:
        return self._peek_table(table_id)[2].host_token

    def is_host(self, table_id: str, token: str | None, *, writing: bool = False) -> bool:
        """Whether ``token`` is the table's host token (compared in constant time). For a
        write (``writing``), from what this process keeps of the table when it keeps it: the
        write itself checks the table's watch token in storage (in its statement, or by
        reading the table) and refuses (409) a host whose table was made again under the
        same id since."""
        if not token or not isinstance(token, str):
            return False
        kept = self._metas.get(table_id) if writing else None
        if kept is not None:
            return self.holds_host_token(kept, token)
        try:
            return self.holds_host_token(self._peek_table(table_id)[2], token)
        except TableNotFound:
            return False

    def times(self, table_id: str) -> tuple[Any, Any]:
        """When the table was created and last written to (UTC)."""
        with self.db.read() as session:
            found = session.execute(select(TableRow.created_at, TableRow.updated_at)
                                    .where(TableRow.id == table_id)).first()
        if found is None:
            raise TableNotFound(N_("no table %(id)s"), id=table_id)
        return found[0], found[1]

    def seat_tokens(self, table_id: str) -> dict[int, str]:
        """Each claimed seat's token (a rematch gives the same phones the same seats)."""
        with self.db.read() as session:
            return {seat: token for seat, token in session.execute(
                select(SeatClaim.seat, SeatClaim.token).where(SeatClaim.table_id == table_id))}

    def entries(self, table_id: str) -> list[Entry]:
        with self.db.read() as session:
            rows = session.scalars(select(EntryRow).where(EntryRow.table_id == table_id)
                                   .order_by(EntryRow.seq)).all()
            return [Entry(r.seq, r.kind, _label(r.label), r.seat, r.created_at, r.owner,
                          r.author) for r in rows]

    def _view(self, table_id: str, meta: TableMeta, version: int,
              conn: Any = None) -> TableView:
        """The table at ``version``. What the log folds to is kept per version (replay,
        labels, revealed seals), so a read of a table this process has seen costs the same at
        10 and at 1,000 entries. A version this process has not seen is reached from the
        newest one it kept by applying only the new entries when they are all game actions
        (another process wrote them); otherwise the log is read and folded once."""
        game = get_game(meta.game)
        kept = self._cached(table_id, version)
        if kept is None and conn is None:
            # The phones of a table fetch its new version together: one catches up, the
            # others then find it kept.
            with self._catching_up(table_id):
                kept = self._cached(table_id, version)
                if kept is None:
                    kept = self._catch_up(table_id, meta, game, version, conn)
                    self._remember(table_id, version, kept)
        elif kept is None:
            kept = self._catch_up(table_id, meta, game, version, conn)
            self._remember(table_id, version, kept)
        return TableView(table_id, game, version, meta.players, meta.options, kept.replay,
                         meta.watch_token, kept.labels, kept.revealed, kept.documents,
                         kept.moved)

    def _catch_up(self, table_id: str, meta: TableMeta, game: ModuleType, version: int,
                  conn: Any) -> Kept:
        base = self._newest(table_id, below=version)
        since = base[0] if base is not None else 0
        entries = self._read_entries(table_id, since, version, conn)
        if base is not None and all(e.kind in ("action", SEAT_ENTRY) for e in entries):
            return _extended(game, base[1], entries)
        if base is not None:
            entries = self._read_entries(table_id, 0, version, conn)
        labels = {e.seq: _label(e.label) for e in entries}
        revealed: dict[str, dict[int, Any]] = {}
        moved: dict[int, int] = {}
        for e in entries:
            _note_reveal(revealed, e.revealed)
            _note_move(moved, e)
        replay = replay_entries(game, meta.players, meta.options,
                                [tuple(e)[:5] for e in entries])
        return Kept(replay, labels, revealed, moved=moved)

    def _read_entries(self, table_id: str, since: int, version: int,
                      conn: Any) -> Sequence[Any]:
        params = {"table_id": table_id, "since": since, "version": version}
        statement = self._sql().entries
        if conn is not None:  # inside a write: the write's own transaction
            found, _count = conn.run(statement, params)
        else:  # one statement, one snapshot: one round trip on PostgreSQL
            found = self.db.plain_read(statement, params)
        return statement.rows(self.db.engine.dialect, found, _ENTRY_COLUMNS)

    def _sql(self) -> _WriteStatements:
        if self._statements is None:
            self._statements = _WriteStatements(self.db)
        return self._statements
