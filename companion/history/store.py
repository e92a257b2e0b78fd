"""Summaries kept beside the logs: many tables read in one query, folded only when their log
moved on since.

The log stays the truth. A kept summary names the version of the log it was made from and
its ``FORMAT``; a table whose version (or the format) differs is summed up again from its
log: the entries of every such table are read in one query, each log folded once, and the
finished ones kept in one write. A running table's summary is made on each read and not
kept (its log moves on at every action). Deleting a table deletes its summary (the foreign
key cascades); ``forget`` drops them all, and the next reads make them again.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import DBAPIError

from ..db import EntryRow, PlaySummary, TablePlayer, TableRow
from ..games import GAMES
from ..games.base import N_, GameError
from ..tables import TableNotFound, TableService, TableView, replay_entries, stored_options
from .summary import FORMAT, summarize

log = logging.getLogger(__name__)
CHUNK = 400  # table ids per IN (...) list: well under SQLite's bound on parameters


def _chunks(items: Sequence[Any]) -> Iterable[Sequence[Any]]:
    for start in range(0, len(items), CHUNK):
        yield items[start:start + CHUNK]


def summaries(service: TableService, where: Any) -> list[tuple[str, dict[str, Any]]]:
    """The summary of every table ``where`` (a condition on ``TableRow``) selects, oldest
    table first, as ``(table id, summary)``: kept ones as they are, the others made from
    their logs (and the finished ones kept). Each summary also says the table's group
    (``group_id``) and, per player, the roster player who sat there (``roster``, or None)."""
    db = service.db
    with db.read() as session:
        # Only what a kept summary is checked with: the players, options and times of a
        # table are read (and decoded) only when its summary is made again.
        rows = session.execute(
            select(TableRow.id, TableRow.game, TableRow.version, TableRow.group_id,
                   PlaySummary.version, PlaySummary.format, PlaySummary.summary)
            .outerjoin(PlaySummary, PlaySummary.table_id == TableRow.id)
            .where(where).order_by(TableRow.created_at, TableRow.id)).all()
        seats: dict[str, dict[int, int]] = {}
        for table_id, seat, player in session.execute(
                select(TablePlayer.table_id, TablePlayer.seat, TablePlayer.group_player_id)
                .join(TableRow, TableRow.id == TablePlayer.table_id).where(where)):
            seats.setdefault(table_id, {})[seat] = player
    found: dict[str, dict[str, Any]] = {}
    stale = []
    for row in rows:
        if row[4] == row.version and row[5] == FORMAT and isinstance(row[6], dict):
            found[row.id] = row[6]
        elif row.game in GAMES:
            stale.append(row)
    for chunk in _chunks(stale):
        # Kept a chunk at a time: a request cut short (a worker's timeout) keeps what it made.
        made = _made(service, chunk)
        found.update(made)
        _keep(service, {row.id: (row.version, made[row.id]) for row in chunk
                        if row.id in made and made[row.id]["finished"]})
    return [(row.id, with_seats(found[row.id], row.group_id, seats.get(row.id, {})))
            for row in rows if row.id in found]


def with_seats(summary: dict[str, Any], group_id: int | None,
               seats: dict[int, int]) -> dict[str, Any]:
    """A summary with its table's group and each seat's roster player."""
    return {**summary, "group_id": group_id,
            "players": [{**p, "roster": seats.get(p["seat"])} for p in summary["players"]]}


def summaries_of(service: TableService, table_ids: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The summaries of the named tables (unknown ids left out)."""
    found: dict[str, dict[str, Any]] = {}
    for chunk in _chunks(list(dict.fromkeys(table_ids))):
        found.update(summaries(service, TableRow.id.in_(chunk)))
    return found


def _made(service: TableService, rows: Sequence[Any]) -> dict[str, dict[str, Any]]:
    """Summaries made from the logs of ``rows``: their entries read in one query a chunk."""
    made: dict[str, dict[str, Any]] = {}
    for chunk in _chunks(rows):
        entries: dict[str, list[Any]] = {row.id: [] for row in chunk}
        versions = {row.id: row.version for row in chunk}
        with service.db.read() as session:
            tables = {t.id: t for t in session.execute(
                select(TableRow.id, TableRow.players, TableRow.options, TableRow.created_at,
                       TableRow.updated_at).where(TableRow.id.in_(list(entries))))}
            for found in session.execute(
                    select(EntryRow.table_id, EntryRow.seq, EntryRow.kind, EntryRow.payload,
                           EntryRow.owner, EntryRow.revealed, EntryRow.created_at)
                    .where(EntryRow.table_id.in_(list(entries)))
                    .order_by(EntryRow.table_id, EntryRow.seq)):
                if found.seq <= versions[found.table_id]:
                    entries[found.table_id].append(found)
        for row in chunk:
            game = GAMES[row.game]
            table = tables[row.id]
            options = stored_options(table.options)
            log_ = entries[row.id]
            try:
                replay = replay_entries(game, table.players, options,
                                        [(e.seq, e.kind, e.payload, e.owner, e.revealed)
                                         for e in log_])
            except (GameError, IndexError, KeyError, TypeError):
                log.warning("table %s: its log does not fold; left out of the history",
                            row.id)
                continue
            made[row.id] = summarize(game, table.players, options, replay,
                                     [(e.seq, e.kind, e.created_at) for e in log_],
                                     table.created_at, table.updated_at)
    return made


def _keep(service: TableService, made: dict[str, tuple[int, dict[str, Any]]]) -> None:
    """Keep finished tables' summaries, in one write. Only a copy: when storage is busy
    (another process holds the write lock), they are made again next time."""
    if not made:
        return
    try:
        with service.db.write() as session:
            session.execute(delete(PlaySummary).where(PlaySummary.table_id.in_(list(made))))
            session.add_all(PlaySummary(table_id=table_id, version=version, format=FORMAT,
                                        summary=summary)
                            for table_id, (version, summary) in made.items())
    except DBAPIError as error:
        log.info("summaries not kept this time: %s", error)


def summary_of_view(service: TableService, view: TableView) -> dict[str, Any]:
    """The summary of one table at the version ``view`` shows (the results page, one
    table's export): the kept one when it is of that version, else made from the table's
    fold (which the service keeps) and its entries' times, and kept once finished."""
    with service.db.read() as session:
        table = session.execute(
            select(TableRow.created_at, TableRow.updated_at, TableRow.group_id,
                   PlaySummary.version, PlaySummary.format, PlaySummary.summary)
            .outerjoin(PlaySummary, PlaySummary.table_id == TableRow.id)
            .where(TableRow.id == view.id)).first()
        if table is None:
            raise TableNotFound(N_("no table %(id)s"), id=view.id)
        seats = dict(session.execute(
            select(TablePlayer.seat, TablePlayer.group_player_id)
            .where(TablePlayer.table_id == view.id)).all())
        if table[3] == view.version and table[4] == FORMAT and isinstance(table[5], dict):
            return with_seats(table[5], table.group_id, seats)
        entries = session.execute(
            select(EntryRow.seq, EntryRow.kind, EntryRow.created_at)
            .where(EntryRow.table_id == view.id, EntryRow.seq <= view.version)
            .order_by(EntryRow.seq)).all()
    made = summarize(view.game, view.players, view.options, view.replay, entries,
                     table.created_at, table.updated_at)
    if made["finished"]:
        _keep(service, {view.id: (view.version, made)})
    return with_seats(made, table.group_id, seats)


def forget(service: TableService) -> int:
    """Drop every kept summary (they are made again from the logs); how many there were."""
    with service.db.write() as session:
        return session.query(PlaySummary).delete()
