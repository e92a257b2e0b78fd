"""Finished tables for the history tests and the stats benchmark: played through the table
service (random legal actions, seeded, so a run is repeatable), a group's roster linked to
their seats, and their log's moments set to a chosen schedule (the clock then has lengths a
test can state)."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update

from companion.db import Database, EntryRow, TableRow
from companion.games import get_game
from companion.games.base import GameError
from companion.groups import store as groups
from companion.tables import TableService, TableView

MAX_STEPS = 4000


def play_out(service: TableService, view: TableView, rng: random.Random,
             steps: int = MAX_STEPS) -> TableView:
    """Random legal actions (as the host) until the game ends, or ``steps`` of them."""
    for _ in range(MAX_STEPS):
        if view.outcome is not None or view.version >= steps:
            break
        action = view.game.random_action(view.state, rng)
        try:
            view = service.act(view.id, view.version, action)
        except GameError:
            continue
    return view


def finished_table(service: TableService, game_id: str, players: list[dict[str, Any]],
                   seed: int, also: Callable[[Any, str], None] | None = None) -> TableView:
    """A table of ``game_id`` played to its end (the first seed from ``seed`` on whose
    random play ends)."""
    for attempt in range(seed, seed + 20):
        view = service.create(game_id, players, {}, also=also)
        view = play_out(service, view, random.Random(attempt))
        if view.outcome is not None:
            return view
        service.delete(view.id, None)
    raise AssertionError(f"{game_id}: random play did not finish")


def retime(db: Database, table_id: str, start: datetime, step: timedelta,
           made_before: timedelta = timedelta(minutes=5)) -> None:
    """Entry ``seq`` made at ``start + (seq - 1) * step``; the table made ``made_before``
    the first entry and last written at its last."""
    with db.write() as session:
        count = 0
        for entry in session.query(EntryRow).filter(EntryRow.table_id == table_id):
            entry.created_at = start + (entry.seq - 1) * step
            count = max(count, entry.seq)
        session.execute(update(TableRow).where(TableRow.id == table_id).values(
            created_at=start - made_before, updated_at=start + max(count - 1, 0) * step))


def roster_players(game_id: str, names: list[str]) -> list[dict[str, Any]]:
    """The game's example players (their colours, parties) with these names."""
    players = get_game(game_id).example_players(len(names))
    return [dict(p, name=name) for p, name in zip(players, names, strict=True)]


def make_group(db: Database, name: str, zone: str, names: list[str]
               ) -> tuple[int, str, dict[str, int]]:
    """A group with a roster: its id, its link's token, each player's roster id by name."""
    with db.write() as session:
        group, token = groups.create(session, name, "phone-test", zone)
        ids = {n: groups.add_player(session, group, n).id for n in names}
        return group.id, token, ids


def linked(group_id: int, seats: dict[int, int]) -> Callable[[Any, str], None]:
    """The ``also`` of a group's table: its group and which seat is which roster player."""
    return lambda session, table_id: groups.link_table(session, table_id, group_id, seats)
