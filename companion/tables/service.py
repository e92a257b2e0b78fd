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

import hashlib
import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from .. import inputs
from ..db import (
    LIVE_CHANNEL,
    POOL_TIMEOUT_S,
    Database,
    EntryRow,
    GroupedRead,
    PlainStatement,
    SeatClaim,
    SeatRequest,
    TableRow,
    crossed,
    utcnow,
)
from ..games import get_game
from ..games.base import (
    FIRST_RULES,
    HOST,
    N_,
    RULES_KEY,
    SEED_BITS,
    TABLE,
    GameError,
    IllegalAction,
    Label,
    MalformedInput,
    Outcome,
    Owner,
)
from ..games.sealed import REVEAL_ACTION, SEAL_ACTION, Sealed, hidden_from

# The ``owner`` an entry stores when it belongs to the host alone (an action the engine
# gives the host, such as correcting an edition value): only the host may undo or redo it.
# Entries stored before it existed say None (the whole table) and keep saying so.
HOST_ENTRY = -1

# A log entry that records a seat changing phone; it changes no game state.
SEAT_ENTRY = "seat"
SEAT_LABELS = {
    "taken": N_("The host took %(name)s's seat on another phone"),
    "handed": N_("%(name)s's seat was handed over to another phone"),
    "freed": N_("%(name)s's seat was freed"),
}
SEAT_MSGIDS = frozenset(SEAT_LABELS.values())


class TableNotFound(GameError):
    code = "table_not_found"


class VersionConflict(GameError):
    code = "version_conflict"


class NotAllowed(GameError):
    """The sender may not do this at this table (HTTP 403): the wrong seat, not the host,
    or a watcher. Nothing is changed."""

    code = "not_allowed"


class NotYourSeat(NotAllowed):
    """An action of one seat sent by a phone (or API client) that does not hold that seat."""

    code = "not_your_seat"


class SeatTaken(GameError):
    """The seat is held by another phone: ask for it (the host or the holder decides)."""

    code = "seat_taken"


class TooManyRequests(GameError):
    """The seat (or the table) has as many open seat requests as the host can read: a flood
    of phones asking is refused (HTTP 429) rather than piled on the host's screen."""

    code = "too_many_requests"


# Open seat requests a seat, and a table, may have at once (a phone asking again replaces
# its own request).
MAX_REQUESTS_PER_SEAT = 3
MAX_REQUESTS_PER_TABLE = 6


@dataclass(frozen=True)
class Sender:
    """Who sends a write: the seat its phone (or API client) holds, and whether it holds the
    table's host token. The table decides from this what the sender may do."""

    seat: int | None = None
    host: bool = False

    @property
    def author(self) -> str:
        return "host" if self.host else "seat"


# Internal callers (the command line, the tests of the rules) pass no sender: they act with
# every right of the host.
TRUSTED: Sender | None = None


@dataclass(frozen=True)
class Op:
    """An entry of the done or redo stack."""

    seq: int
    kind: str  # "action" or "amend"
    action: Mapping[str, Any]
    target: int | None = None  # the seq an amend replaces
    # The seat the entry belongs to (None: the whole table; HOST_ENTRY: the host alone).
    owner: int | None = None
    reveals: str | None = None  # the key of the sealed step this entry revealed

    @property
    def belongs_to(self) -> Owner:
        """Whom the entry belongs to, as ``owner_of`` said when it was made."""
        if self.owner == HOST_ENTRY:
            return HOST
        return TABLE if self.owner is None else self.owner


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
class Kept:
    """What a table's log folds to at one version, kept by the service between requests."""

    replay: Replay
    labels: dict[int, Label]
    revealed: dict[str, dict[int, Any]]
    # The table's JSON documents at this version, encoded once, by (kind, viewer).
    documents: dict[Any, bytes] = field(default_factory=dict)
    # Each seat's last change of phone (the seq of its "seat" entry in the log).
    moved: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class TableMeta:
    """What never changes about a table once it is made."""

    game: str
    players: list[dict[str, Any]]
    options: dict[str, Any]
    watch_token: str
    host_token: str


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    label: Label
    seat: int | None
    created_at: Any
    owner: int | None = None
    author: str | None = None


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
    # Each sealed step revealed at least once (even if the reveal was undone since): its key
    # and the values every phone then saw, by seat.
    revealed: dict[str, dict[int, Any]] = field(default_factory=dict)
    # Encoded documents of this version (shared by every reader of it): see ``document``.
    documents: dict[Any, bytes] = field(default_factory=dict, compare=False, repr=False)
    # Each seat's last change of phone: the seq of its "seat" entry (see ``sealed_elsewhere``).
    moved: dict[int, int] = field(default_factory=dict, compare=False)

    def document(self, viewer: int | None, encode: Any) -> bytes:
        """``encode(self.to_json(viewer))``, made once per version and viewer: every phone
        reading the same version gets the same bytes without folding or encoding again."""
        key = ("table", viewer)
        body = self.documents.get(key)
        if body is None:
            body = encode(self.to_json(viewer))
            if len(self.documents) < 64:
                self.documents[key] = body
        return body

    @property
    def reopened(self) -> bool:
        """The open sealed step was revealed once and its reveal undone by the host."""
        opened = sealed_step(self.game, self.state)
        return opened is not None and opened.key in self.revealed

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
    def undo_target(self) -> Op | None:
        return self.replay.done[-1] if self.replay.done else None

    @property
    def redo_target(self) -> Op | None:
        return self.replay.undone[-1] if self.replay.undone else None

    @property
    def undo_label(self) -> Label | None:
        return self.labels[self.replay.done[-1].seq] if self.replay.done else None

    @property
    def redo_label(self) -> Label | None:
        return self.labels[self.replay.undone[-1].seq] if self.replay.undone else None

    def sealed_elsewhere(self, seat: int | None) -> bool:
        """Whether ``seat``'s value in the open sealed step was locked in before the seat
        last changed phone (handed over, freed, taken by the host): the phone holding it now
        did not seal it, so it sees the seal as locked, never its value, and cannot change it.
        """
        if seat is None or seat not in self.moved:
            return False
        opened = sealed_step(self.game, self.state)
        if opened is None or seat not in opened.locked:
            return False
        sealed_at = max((op.seq for op in self.replay.done if op.kind == "action"
                         and op.action.get("type") == SEAL_ACTION
                         and op.action.get("seat") == seat), default=0)
        return sealed_at < self.moved[seat]

    def public_state(self, viewer: int | None = None) -> dict[str, Any]:
        """The game's state as ``viewer`` may see it: a seal the viewer's phone did not make
        shows as locked, without its value (``sealed.hidden_from``)."""
        if self.sealed_elsewhere(viewer):
            with hidden_from(viewer):
                shown: dict[str, Any] = self.game.to_json(self.state, viewer)
            return shown
        result: dict[str, Any] = self.game.to_json(self.state, viewer)
        return result

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The table as ``viewer`` (a seat, or None for everyone) may see it."""
        outcome = self.outcome
        return {
            "id": self.id,
            "game": self.game.ID,
            "version": self.version,
            "state": self.public_state(viewer),
            "outcome": outcome.to_json() if outcome else None,
        }


@dataclass(frozen=True)
class PendingRequest:
    """A phone's request for a taken seat, waiting for the host or the seat's holder."""

    id: int
    seat: int


@dataclass(frozen=True)
class Seating:
    """Who holds which seat, and the pending requests, at one value of a table's seating
    counter (every claim, request, hand-over and freeing moves it)."""

    claims: dict[str, int]  # a seat's token -> the seat
    requests: tuple[PendingRequest, ...]


@dataclass(frozen=True)
class Written:
    """One log entry a write adds, and what the log folds to after it."""

    kind: str
    payload: Any
    label: Label
    replay: Replay
    owner: int | None = None
    revealed: Any = None
    author: str | None = None


def stored_options(options: Any) -> Any:
    """A stored table's options as its engine reads them: a table stored before tables
    named their rules revision (``RULES_KEY``) was made under revision 1, and keeps it."""
    if isinstance(options, dict) and RULES_KEY not in options:
        return {**options, RULES_KEY: FIRST_RULES}
    return options


def apply_logged(game: ModuleType, state: Any, action: Mapping[str, Any]) -> Any:
    """Apply an action of a stored log. A log stored before the platform revealed sealed
    steps as entries of their own holds none: there the last seal resolved the step, so a
    complete step followed by an entry that is neither a seal nor a reveal (which no engine
    takes while a step is open) is revealed first, as that release did."""
    if action.get("type") not in (SEAL_ACTION, REVEAL_ACTION):
        opened = sealed_step(game, state)
        if opened is not None and opened.complete:
            state = game.apply(state, {"type": REVEAL_ACTION})
    return game.apply(state, action)


def sealed_step(game: ModuleType, state: Any) -> Sealed | None:
    """The game's open step of secret inputs, if it has one."""
    sealed_of = getattr(game, "sealed", None)
    opened: Sealed | None = sealed_of(state) if sealed_of is not None else None
    return opened


def owner_of(game: ModuleType, state: Any, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to, as the engine says (a game without ``owner`` leaves
    every action to the whole table)."""
    owner = getattr(game, "owner", None)
    result: Owner = owner(state, action) if owner is not None else TABLE
    return result


def check_fields(game: ModuleType, action: Mapping[str, Any]) -> None:
    """Refuse the fields an action of this type does not have (the game's
    ``ACTION_FIELDS``), so a log entry holds only what the rules read."""
    fields = getattr(game, "ACTION_FIELDS", None)
    kind = action.get("type")
    if fields is None or not isinstance(kind, str) or kind not in fields:
        return
    unknown = sorted(str(k) for k in action if k != "type" and k not in fields[kind])
    if unknown:
        raise MalformedInput(N_("unknown field: %(field)s"), code="unknown_field",
                             field=", ".join(unknown))


def check_players(game: ModuleType, players: Any) -> None:
    """Refuse player fields the game does not have."""
    if not isinstance(players, list):
        return
    known = {f["name"] for f in game.player_fields()}
    for index, player in enumerate(players, start=1):
        if isinstance(player, dict):
            unknown = sorted(str(k) for k in player if k not in known)
            if unknown:
                raise MalformedInput(N_("player %(index)s: unknown field %(field)s"),
                                     code="unknown_field", index=index,
                                     field=", ".join(unknown))


def _applied(game: ModuleType, replay: Replay, seq: int, action: Mapping[str, Any],
             owner: Owner) -> Written:
    """The entry that applies one game action on top of ``replay`` at ``seq``."""
    label = game.describe(replay.state, action)
    before = sealed_step(game, replay.state)
    state = game.apply(replay.state, action)
    after = sealed_step(game, state)
    revealed: dict[str, Any] | None = None
    if before is not None and (after is None or after.key != before.key):
        # This entry ended a sealed step: every phone now sees its values.
        revealed = {"key": before.key,
                    "values": [[seat, value] for seat, value in before.values]}
    closers = dict(replay.round_closers)
    _note_round(game, closers, replay.state, state, seq)
    seat_owner = owner if isinstance(owner, int) else HOST_ENTRY if owner == HOST else None
    reveals: str | None = revealed["key"] if revealed else None
    op = Op(seq, "action", action, None, seat_owner, reveals)
    new = Replay(state, [*replay.done, op], [], [*replay.effective, (seq, action)], closers)
    return Written("action", action, label, new, seat_owner, revealed)


def _fold(game: ModuleType, players: Any, options: Any,
          effective: Sequence[tuple[int, Mapping[str, Any]]]) -> tuple[Any, dict[int, int]]:
    state = game.setup(players, options)
    closers: dict[int, int] = {}
    counts_rounds = getattr(game, "round_number", None) is not None
    for seq, action in effective:
        before = state
        state = apply_logged(game, state, action)
        if counts_rounds:
            _note_round(game, closers, before, state, seq)
    return state, closers


def _note_round(game: ModuleType, closers: dict[int, int], before: Any, after: Any,
                seq: int) -> None:
    """Note which entry closed each round, when the game counts rounds: the entry that took
    the game to the next round, or the one that ended the game within its round (a game
    that ends early reports the round it ended in, and that round is corrected like any
    other); an entry that takes the end back reopens the round."""
    round_of = getattr(game, "round_number", None)
    if round_of is None:
        return
    was, now = round_of(before), round_of(after)
    if now != was:
        _close_round(closers, was, now, seq)
        return
    ended, ends = game.outcome(before) is not None, game.outcome(after) is not None
    if ends and not ended:
        closers[now] = seq
    elif ended and not ends:
        closers.pop(now, None)


def _close_round(closers: dict[int, int], before: int, after: int, seq: int) -> None:
    """Note that entry ``seq`` took the game from round ``before`` to ``after``; an entry
    that takes it back (a crack taken back) reopens the rounds it returns to."""
    if after > before:
        closers[before] = seq
    else:
        for number in [r for r in closers if r >= after]:
            del closers[number]


def replay_entries(game: ModuleType, players: Any, options: Any,
                   entries: Sequence[tuple[Any, ...]]) -> Replay:
    """Fold a whole log (seq, kind, payload[, owner, revealed]) from the start."""
    done: list[Op] = []
    undone: list[Op] = []
    for seq, kind, payload, *rest in entries:
        owner = rest[0] if rest else None
        reveals = rest[1]["key"] if len(rest) > 1 and isinstance(rest[1], dict) else None
        if kind == "action":
            done.append(Op(seq, "action", payload, None, owner, reveals))
            undone.clear()
        elif kind == "amend":
            done.append(Op(seq, "amend", payload["action"], payload["target"], owner))
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


KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:")
MAX_KEY = 80


def scoped_key(key: str | None, by: Sender | None, request: tuple[Any, ...]) -> str | None:
    """The key an entry stores for a client's ``Idempotency-Key``: the client's key bound to
    who sent the write and to what it does. A retry (the same request from the same seat or
    host, against the version it first named or a newer one it has read since) finds its
    first reply; the same key from another phone, with another body or on another endpoint
    is a request of its own, checked and applied as such, never answered with somebody
    else's reply."""
    if key is None:
        return None
    sender = "trusted" if by is None else f"{'host' if by.host else 'seat'}:{by.seat}"
    body = json.dumps([sender, *request], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{key}\n{body}".encode()).hexdigest()


def check_idempotency_key(key: Any) -> str | None:
    """An ``Idempotency-Key``: up to 80 letters, digits and ``-_.:``, or None."""
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > MAX_KEY or not set(key) <= KEY_CHARS:
        raise MalformedInput(N_("the Idempotency-Key must be 1 to 80 letters, digits or "
                                "-_.: characters"), code="bad_idempotency_key")
    return key


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


class TableService:
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

    # ------------------------------------------------------------------ reading

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

    def seating_at(self, table_id: str, meta: TableMeta, seating: int) -> Seating:
        """The seats and pending requests at the seating counter ``peek`` read. The counter
        moves in the same transaction as every change of seats or requests, and is read
        before them: what is kept under a value is never older than that value."""
        key = (table_id, meta.watch_token, seating)
        with self._lock:
            found = self._seatings.get(key)
        if found is not None:
            return found
        claims = {str(token): int(seat) for token, seat in self.db.peek_all(
            "SELECT token, seat FROM seat_claims WHERE table_id = ?", (table_id,))}
        found = Seating(claims, tuple(self.requests(table_id)))
        with self._lock:
            self._seatings[key] = found
            while len(self._seatings) > self._meta_size:
                self._seatings.popitem(last=False)
        return found

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

    # ------------------------------------------------------------------ writing

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

    def _sql(self) -> _WriteStatements:
        if self._statements is None:
            self._statements = _WriteStatements(self.db)
        return self._statements

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

    # ------------------------------------------------------------------ seats

    def _check_seat(self, table_id: str, seat: Any) -> TableView:
        view = self.get(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(
                view.players):
            raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat",
                                 seat=seat)
        return view

    def claim(self, table_id: str, seat: Any, by: Sender | None = TRUSTED,
              moving_from: str | None = None) -> str:
        """Give a phone a free seat: returns the claim token the phone keeps. A seat another
        phone holds is refused (``SeatTaken``) unless the host asks. ``moving_from``: the
        token of the seat the phone holds at this table, if any: a phone holds one seat, so
        taking another frees that one (it would stay "taken" by a token nobody keeps)."""
        self._check_seat(table_id, seat)
        token = secrets.token_urlsafe(24)
        with self.db.write() as session:
            if moving_from:
                held = session.scalar(select(SeatClaim).where(
                    SeatClaim.table_id == table_id, SeatClaim.token == moving_from))
                if held is not None and held.seat == seat:
                    return moving_from  # the seat it holds already
                if held is not None:
                    session.delete(held)
                    session.flush()
                    self._log_seat(session, table_id, held.seat, "freed", by)
            existing = session.get(SeatClaim, (table_id, seat))
            if existing is None:
                session.add(SeatClaim(table_id=table_id, seat=seat, token=token))
            elif by is None or by.host:
                existing.token = token
                existing.claimed_at = utcnow()
                self._close_requests(session, table_id, seat, "superseded")
                self._log_seat(session, table_id, seat, "taken", by)
            else:
                raise SeatTaken(N_("this seat is held by another phone: ask for it, and the "
                                   "host or the phone holding it hands it over"))
            self._seating_moved(session, table_id)
        return token

    def request_seat(self, table_id: str, seat: Any, previous: str | None = None) -> str:
        """Ask for a seat another phone holds; returns the asking phone's token, which
        becomes the seat's token if the host (or the holder) hands the seat over. A phone
        asks once at a time: its ``previous`` request still open (the token it kept) is
        superseded, so the host sees one request per phone and never hands a seat to a
        request whose token its phone no longer keeps."""
        self._check_seat(table_id, seat)
        token = secrets.token_urlsafe(24)
        with self.db.write() as session:
            if previous:
                session.execute(update(SeatRequest).where(
                    SeatRequest.table_id == table_id, SeatRequest.token == previous,
                    SeatRequest.status == "pending").values(status="superseded",
                                                            resolved_at=utcnow()))
            open_seats = session.scalars(select(SeatRequest.seat).where(
                SeatRequest.table_id == table_id, SeatRequest.status == "pending")).all()
            if (len(open_seats) >= MAX_REQUESTS_PER_TABLE
                    or list(open_seats).count(seat) >= MAX_REQUESTS_PER_SEAT):
                raise TooManyRequests(N_("this seat has as many open requests as the host can "
                                         "answer: ask again once they are answered"))
            session.add(SeatRequest(table_id=table_id, seat=seat, token=token))
            self._seating_moved(session, table_id)
        return token

    def refuse_all(self, table_id: str, by: Sender | None = TRUSTED) -> int:
        """Refuse every open seat request at once: the host's, or, for the phone holding a
        seat, those for its seat. How many were refused."""
        with self.db.write() as session:
            query = update(SeatRequest).where(SeatRequest.table_id == table_id,
                                              SeatRequest.status == "pending")
            if by is not None and not by.host:
                if by.seat is None:
                    raise NotAllowed(N_("Only the host or the phone holding this seat can "
                                        "decide."), code="host_only")
                query = query.where(SeatRequest.seat == by.seat)
            refused = session.execute(query.values(status="refused",
                                                   resolved_at=utcnow())).rowcount
            if refused:
                self._seating_moved(session, table_id)
        return int(refused or 0)

    def requests(self, table_id: str) -> list[PendingRequest]:
        """The pending seat requests of a table, oldest first (every live fragment of a
        seated phone asks: one plain query, no ORM session)."""
        return [PendingRequest(int(found[0]), int(found[1])) for found in self.db.peek_all(
            "SELECT id, seat FROM seat_requests WHERE table_id = ? AND status = 'pending' "
            "ORDER BY id", (table_id,))]

    def request_status(self, table_id: str, token: str | None) -> SeatRequest | None:
        if not token:
            return None
        with self.db.read() as session:
            found: SeatRequest | None = session.scalar(select(SeatRequest).where(
                SeatRequest.table_id == table_id, SeatRequest.token == token)
                .order_by(SeatRequest.id.desc()))
            return found

    def decide(self, table_id: str, request_id: Any, approve: bool,
               by: Sender | None = TRUSTED) -> None:
        """Hand a seat over to the phone that asked, or refuse: the host, or the phone that
        holds the seat, decides."""
        with self.db.write() as session:
            found = session.get(SeatRequest, request_id) if isinstance(request_id, int) \
                else None
            if found is None or found.table_id != table_id or found.status != "pending":
                raise IllegalAction(N_("this seat request is no longer open"),
                                    code="no_such_request")
            if by is not None and not by.host and by.seat != found.seat:
                raise NotAllowed(N_("Only the host or the phone holding this seat can "
                                    "decide."), code="host_only")
            found.status = "approved" if approve else "refused"
            found.resolved_at = utcnow()
            self._seating_moved(session, table_id)
            if approve:
                claim = session.get(SeatClaim, (table_id, found.seat))
                if claim is None:
                    session.add(SeatClaim(table_id=table_id, seat=found.seat,
                                          token=found.token))
                else:
                    claim.token = found.token
                    claim.claimed_at = utcnow()
                self._close_requests(session, table_id, found.seat, "superseded")
                self._log_seat(session, table_id, found.seat, "handed", by)

    def free(self, table_id: str, seat: Any, by: Sender | None = TRUSTED) -> None:
        """Free a seat (a phone lost or out of battery): the host only, or the holder
        leaving it."""
        self._check_seat(table_id, seat)
        if by is not None and not by.host and by.seat != seat:
            raise NotAllowed(N_("Only the host can do this."), code="host_only")
        with self.db.write() as session:
            held = session.get(SeatClaim, (table_id, seat)) is not None
            session.execute(delete(SeatClaim).where(SeatClaim.table_id == table_id,
                                                    SeatClaim.seat == seat))
            if held:
                self._log_seat(session, table_id, seat, "freed", by)
            self._seating_moved(session, table_id)

    def _log_seat(self, session: Any, table_id: str, seat: int, change: str,
                  by: Sender | None) -> None:
        """A seat changing phone is an entry of the table's log, in the same transaction as
        the change: every phone sees it in the log, and a seal the seat's new phone did not
        make shows there as locked (``TableView.sealed_elsewhere``). The entry moves the
        version like any write (a write made against the version before is told the table
        changed) and changes no game state: undo and redo pass it by."""
        version = session.execute(
            update(TableRow).where(TableRow.id == table_id)
            .values(version=TableRow.version + 1, updated_at=utcnow())
            .returning(TableRow.version)).scalar_one()
        players = session.execute(select(TableRow.players).where(TableRow.id == table_id)
                                  ).scalar_one()
        name = players[seat].get("name", "?") if 0 <= seat < len(players) else "?"
        session.add(EntryRow(
            table_id=table_id, seq=version, kind=SEAT_ENTRY,
            payload={"seat": seat, "change": change},
            label={"msgid": SEAT_LABELS[change], "params": {"name": name}},
            seat=by.seat if by is not None else None, owner=None,
            author=by.author if by is not None else "host", created_at=utcnow()))

    def _seating_moved(self, session: Any, table_id: str) -> None:
        session.execute(update(TableRow).where(TableRow.id == table_id)
                        .values(seating=TableRow.seating + 1))
        self.db.changed(session, table_id)

    def seating(self, table_id: str) -> tuple[int, int]:
        """The table's (version, seating): what a phone's live view compares."""
        version, seating, _meta = self._peek_table(table_id)
        return version, seating

    @staticmethod
    def _close_requests(session: Any, table_id: str, seat: int, status: str) -> None:
        session.execute(update(SeatRequest).where(
            SeatRequest.table_id == table_id, SeatRequest.seat == seat,
            SeatRequest.status == "pending").values(status=status, resolved_at=utcnow()))

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        if not token or not isinstance(token, str):
            return None
        found = self.db.peek("SELECT seat FROM seat_claims WHERE table_id = ? AND token = ?",
                             (table_id, token))
        return int(found[0]) if found is not None else None

    def claimed_seats(self, table_id: str) -> set[int]:
        with self.db.read() as session:
            return set(session.scalars(select(SeatClaim.seat)
                                       .where(SeatClaim.table_id == table_id)).all())

    # ------------------------------------------------------------------ cache

    def _catching_up(self, table_id: str) -> threading.Lock:
        """The lock a read holds while it folds a version of the table this process does not
        keep yet (never taken inside a write)."""
        with self._lock:
            found = self._catchers.get(table_id)
            if found is None:
                found = self._catchers[table_id] = threading.Lock()
                while len(self._catchers) > self._meta_size:
                    self._catchers.popitem(last=False)
            return found

    def _cached(self, table_id: str, version: int) -> Kept | None:
        with self._lock:
            kept = self._cache.get((table_id, version))
            if kept is not None:
                self._cache.move_to_end((table_id, version))
            return kept

    def _newest(self, table_id: str, below: int) -> tuple[int, Kept] | None:
        """The newest version of the table this process keeps, if it is older than
        ``below``: the point a read of a newer version catches up from."""
        with self._lock:
            version = self._latest.get(table_id)
            if version is None or version >= below:
                return None
            kept = self._cache.get((table_id, version))
            return (version, kept) if kept is not None else None

    def _remember(self, table_id: str, version: int, kept: Kept) -> None:
        with self._lock:
            self._cache[(table_id, version)] = kept
            if version >= self._latest.get(table_id, -1):
                self._latest[table_id] = version
            while len(self._cache) > self._cache_size:
                (old_id, old_version), _old = self._cache.popitem(last=False)
                if self._latest.get(old_id) == old_version:
                    del self._latest[old_id]

    def forget_kept(self) -> None:
        """Drop everything this process keeps (folded states, tables' fixed data): the next
        reads come from storage, as in a process that just started."""
        with self._lock:
            self._cache.clear()
            self._latest.clear()
            self._metas.clear()

    def _forget(self, table_id: str) -> None:
        """Drop what this process keeps of a table (deleted, or its id taken again).
        Called with the lock held."""
        for cached in [k for k in self._cache if k[0] == table_id]:
            del self._cache[cached]
        self._latest.pop(table_id, None)
        self._metas.pop(table_id, None)


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


def _note_reveal(revealed: dict[str, dict[int, Any]], raw: Any) -> None:
    """Record a reveal entry's values (what every phone then saw) under its step's key."""
    if isinstance(raw, dict) and isinstance(raw.get("key"), str):
        revealed[raw["key"]] = {int(s): v for s, v in raw.get("values", [])}


def _extended(game: ModuleType, base: Kept, entries: Sequence[Any]) -> Kept:
    """``base`` with further log entries applied, all of them game actions: what folding the
    whole log gives, at the cost of the new entries only."""
    replay = base.replay
    done, effective = list(replay.done), list(replay.effective)
    closers = dict(replay.round_closers)
    labels, revealed = dict(base.labels), dict(base.revealed)
    state = replay.state
    undone = list(replay.undone)
    counts_rounds = getattr(game, "round_number", None) is not None
    moved = dict(base.moved)
    for e in entries:
        if e.kind == SEAT_ENTRY:
            labels[e.seq] = _label(e.label)
            _note_move(moved, e)
            continue
        reveals = e.revealed["key"] if isinstance(e.revealed, dict) else None
        done.append(Op(e.seq, "action", e.payload, None, e.owner, reveals))
        undone = []
        effective.append((e.seq, e.payload))
        before = state
        state = apply_logged(game, state, e.payload)
        if counts_rounds:
            _note_round(game, closers, before, state, e.seq)
        labels[e.seq] = _label(e.label)
        _note_reveal(revealed, e.revealed)
    return Kept(Replay(state, done, undone, effective, closers), labels, revealed,
                moved=moved)


def _note_move(moved: dict[int, int], entry: Any) -> None:
    """Record a seat entry (a seat changing phone) as that seat's last move."""
    if entry.kind == SEAT_ENTRY and isinstance(entry.payload, dict) and isinstance(
            entry.payload.get("seat"), int):
        moved[entry.payload["seat"]] = entry.seq


def _label(raw: Any) -> Label:
    if not isinstance(raw, dict):
        return Label("?")
    return Label(raw.get("msgid", "?"), raw.get("params") or {})
