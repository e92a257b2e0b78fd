"""What a table's log is made of: its entries and stacks, who sends a write, what the
service keeps of a table, and the errors it answers with."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..games.base import HOST, N_, TABLE, GameError, Label, Owner

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
