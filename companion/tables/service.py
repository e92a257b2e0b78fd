"""The service the views call: create and delete tables, read them, write to their logs
and seat their phones (``reading``, ``writing``, ``seats``), one transaction per write."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from .. import inputs
from ..db import POOL_TIMEOUT_S, Database, GroupedRead
from ..games import get_game
from ..games.base import FIRST_RULES, N_, RULES_KEY, SEED_BITS, MalformedInput
from ..schema import EntryRow, SeatClaim, SeatRequest, TableRow
from .log import check_players
from .model import Kept, NotAllowed, Replay, Seating, Sender, TableMeta, TableNotFound
from .seats import SeatDesk
from .statements import _WriteStatements
from .view import TableView
from .writing import LogWriter


class TableService(LogWriter, SeatDesk):
    """Create tables, read them and write to their logs, one transaction per write.

    Every write names its sender (``Sender``): the table checks what that sender may do
    before the engine sees the action, and refuses the rest with ``NotAllowed`` (403).
    """

    def __init__(self, db: Database, cache_size: int = 256) -> None:
        self.db = db
        self._cache: OrderedDict[tuple[str, int], Kept] = OrderedDict()
        self._cache_size = cache_size
        self._latest: dict[str, int] = {}  # the newest version kept, per table
        # What never changes about a table (its game, players, options and tokens), per id.
        self._metas: OrderedDict[str, TableMeta] = OrderedDict()
        self._meta_size = max(cache_size * 4, 1024)
        # Seats and requests per (table, watch token, seating counter): a phone's live view
        # reads the counter with the version, and reads the seats again only when it moved.
        self._seatings: OrderedDict[tuple[str, str, int], Seating] = OrderedDict()
        self._statements: _WriteStatements | None = None
        self._catchers: OrderedDict[str, threading.Lock] = OrderedDict()
        self._lock = threading.Lock()
        # On PostgreSQL (a round trip per statement) the requests reading a table's version
        # at the same moment share one statement; SQLite reads in-process, for nothing.
        self._grouped = GroupedRead(
            db, "SELECT id, version, seating, watch_token FROM tables WHERE id = ANY(?)",
            POOL_TIMEOUT_S) if db.postgres else None

    # ------------------------------------------------------------------ creation

    def create(self, game_id: str, players: Any, options: Any, *,
               table_id: str | None = None, seats: Mapping[int, str] | None = None,
               also: Callable[[Session, str], None] | None = None) -> TableView:
        """A new table; its host token is ``host_token(view.id)`` (given once to its
        creator). A rematch names its own id (derived from the finished table's, so two
        phones tapping Rematch at once make one table: the second gets ``IntegrityError``)
        and the seat tokens its phones keep (``seats``), stored in the same transaction.
        ``also(session, table_id)`` writes what else belongs with the table in that
        transaction (its group's seats); if it raises, no table is made."""
        game = get_game(game_id)
        if not isinstance(players, list):
            raise MalformedInput(N_("players must be a list"))
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise MalformedInput(N_("options must be an object"))
        # Texts NFC-normalised and trimmed; control characters and lone surrogates refused.
        check_players(game, players)
        players = inputs.clean_players(players)
        options = dict(inputs.clean_options(options))
        # A table keeps the rules of the release it is created under (``RULES_KEY``).
        rules = getattr(game, "RULES", FIRST_RULES)
        if options.get(RULES_KEY, rules) != rules:
            raise MalformedInput(N_("option %(name)s: a new table plays by the rules of this "
                                    "release (%(rules)s)"), code="bad_option", name=RULES_KEY,
                                 rules=rules)
        options[RULES_KEY] = rules
        for option in game.OPTIONS:
            if option.kind == "seed" and option.name not in options:
                # Shuffles differ from table to table, yet replay the same from the log.
                options[option.name] = secrets.randbits(SEED_BITS)
        state = game.setup(players, options)  # validates, or raises before anything is stored
        table_id = table_id or secrets.token_urlsafe(12)  # 96 random bits
        row = TableRow(id=table_id, game=game_id, players=players, options=options, version=0,
                       watch_token=secrets.token_urlsafe(12), host_token=secrets.token_urlsafe(24))
        with self.db.write() as session:
            session.add(row)
            session.flush()
            for seat, token in (seats or {}).items():
                session.add(SeatClaim(table_id=table_id, seat=seat, token=token))
            if also is not None:
                also(session, table_id)
        replay = Replay(state)
        with self._lock:
            self._forget(table_id)
            self._metas[table_id] = TableMeta(game_id, players, options, row.watch_token,
                                              row.host_token)
        kept = Kept(replay, {}, {})
        self._remember(table_id, 0, kept)
        return TableView(table_id, game, 0, players, options, replay, row.watch_token, {},
                         {}, kept.documents)

    def delete(self, table_id: str, by: Sender | None) -> None:
        """Delete a table and its log (the host only)."""
        if by is not None and not by.host:
            raise NotAllowed(N_("Only the host can do this."), code="host_only")
        with self.db.write() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise TableNotFound(N_("no table %(id)s"), id=table_id)
            for model in (EntryRow, SeatClaim, SeatRequest):
                session.execute(delete(model).where(model.table_id == table_id))
            session.delete(row)
            self.db.changed(session, table_id)
        with self._lock:
            self._forget(table_id)
