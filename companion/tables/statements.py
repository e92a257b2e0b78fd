"""The storage statements of a write, hand-written SQL run straight on the transaction's
DB-API connection, and the entry rows a write stores."""

from __future__ import annotations

from typing import Any

from ..db import Database, PlainStatement
from ..schema import EntryRow, TableRow, utcnow
from .log import _note_reveal
from .model import Kept, Sender, Written
from .view import TableView


class _WriteStatements:
    """The three statements of every write, run straight on the transaction's DB-API
    connection (``PlainWrite.run``)."""

    def __init__(self, db: Database) -> None:
        entry, table = EntryRow.__table__.c, TableRow.__table__.c
        self.version = db.plain("SELECT version, watch_token FROM tables WHERE id = :table_id",
                                {})
        names = ("table_id", "seq", "kind", "payload", "label", "seat", "created_at",
                 "owner", "author", "idempotency_key", "revealed")
        casts = {"payload": "::JSON", "label": "::JSON", "revealed": "::JSON",
                 "created_at": "::TIMESTAMP"}
        self.insert = db.plain(
            f"INSERT INTO entries ({', '.join(names)}) VALUES "
            f"({', '.join(f':{name}{casts.get(name, str())}' for name in names)})",
            {name: entry[name] for name in names})
        self.entries = db.plain(
            f"SELECT {', '.join(_ENTRY_COLUMNS)} FROM entries WHERE table_id = :table_id "
            "AND seq > :since AND seq <= :version ORDER BY seq", {})
        move = ("UPDATE tables SET version = :new_version, updated_at = :now::TIMESTAMP "
                "WHERE id = :table_id AND version = :expected")
        # On PostgreSQL the version moves and the other processes are told in one statement
        # (one round trip): a notice for each row moved, none if the version was stale.
        self.notifies = db.engine.dialect.name == "postgresql"
        if self.notifies:
            move = (f"WITH moved AS ({move} RETURNING id) "
                    "SELECT pg_notify(:channel, id) FROM moved")
        self.move = db.plain(move, {"now": table["updated_at"]})
        # A write on the state a process keeps: the version moves only from the one it kept,
        # and only for the same table (a table made again under its id has a new token).
        self.move_from = db.plain(
            "UPDATE tables SET version = :new_version, updated_at = :now::TIMESTAMP "
            "WHERE id = :table_id AND version = :expected AND watch_token = :watch",
            {"now": table["updated_at"]})
        self._db, self._names, self._casts = db, names, casts
        self._entry = entry
        self._written_on: dict[int, PlainStatement] = {}

    def write_on(self, count: int) -> PlainStatement:
        """PostgreSQL: a write of ``count`` entries on a kept version, as one statement (its
        own transaction, one round trip): the version moves from the kept one, each entry is
        inserted only if it moved, and the other processes are told. It returns one notice,
        or no row (storage has moved on: nothing written)."""
        found = self._written_on.get(count)
        if found is not None:
            return found
        casts = {**self._casts, "seq": "::INTEGER", "seat": "::INTEGER",
                 "owner": "::INTEGER"}
        parts = ["WITH moved AS (UPDATE tables SET version = :new_version, "
                 "updated_at = :now::TIMESTAMP WHERE id = :table_id AND version = :expected "
                 "AND watch_token = :watch RETURNING id)"]
        columns: dict[str, Any] = {"now": self._entry["created_at"]}
        for index in range(count):
            values = ", ".join(f":{name}_{index}{casts.get(name, '')}"
                               for name in self._names)
            parts.append(f"entry_{index} AS (INSERT INTO entries ({', '.join(self._names)}) "
                         f"SELECT {values} FROM moved)")
            columns.update({f"{name}_{index}": self._entry[name] for name in self._names})
        statement = self._db.plain(", ".join(parts)
                                   + " SELECT pg_notify(:channel, id) FROM moved", columns)
        self._written_on[count] = statement
        return statement


_ENTRY_COLUMNS = {name: EntryRow.__table__.c[name]
                  for name in ("seq", "kind", "payload", "owner", "revealed", "label")}
def _rows(view: TableView, written: list[Written], by: Sender | None, key: str | None
          ) -> tuple[list[dict[str, Any]], Kept]:
    """The entries' rows of a write made on ``view`` (the idempotency key on the last) and
    what the table folds to after them."""
    labels = dict(view.labels)
    revealed = dict(view.revealed)
    seq = view.version
    rows: list[dict[str, Any]] = []
    now = utcnow()
    for index, entry in enumerate(written):
        seq += 1
        label = entry.label
        rows.append({
            "table_id": view.id, "seq": seq, "kind": entry.kind, "payload": entry.payload,
            "label": {"msgid": label.msgid, "params": dict(label.params)},
            "seat": by.seat if by is not None else None, "owner": entry.owner,
            "author": entry.author or (by.author if by is not None else "host"),
            "idempotency_key": key if index == len(written) - 1 else None,
            "revealed": entry.revealed, "created_at": now})
        labels[seq] = label
        _note_reveal(revealed, entry.revealed)
    return rows, Kept(written[-1].replay, labels, revealed, moved=dict(view.moved))
