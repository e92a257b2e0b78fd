"""Tables: a game, its options, its seats and an append-only log of entries.

The state of a table is the fold of its effective actions over ``setup``; the version is the
log's length. Undo, redo and corrections are log entries too, so every phone sees them:

- ``action``: one game action, pushed on the done stack (the redo stack is cleared);
- ``undo``: moves the last done entry to the redo stack;
- ``redo``: moves it back;
- ``amend``: replaces the action of an earlier entry (a correction of a past round) and
  everything after it is recomputed; undoing it restores the original.

This module knows no Flask and no HTTP: the views call it and map its errors to statuses.

The package's modules say what each part holds: ``model`` (the entries, the sender, the
errors), ``log`` (the fold and replay of a log), ``view`` (a table at one version),
``roles`` (who may send what), ``idempotency`` (retried writes), ``cache`` (what a process
keeps), ``statements`` (the storage statements of a write), and the service the views call,
``service``, with its reads (``reading``), writes (``writing``) and seats (``seats``). The
views import what they use from here.
"""

from .idempotency import KEY_CHARS, MAX_KEY, check_idempotency_key, scoped_key
from .log import (
    apply_logged,
    check_fields,
    check_players,
    effective_actions,
    owner_of,
    replay_entries,
    sealed_step,
    stored_options,
)
from .model import (
    HOST_ENTRY,
    MAX_REQUESTS_PER_SEAT,
    MAX_REQUESTS_PER_TABLE,
    SEAT_ENTRY,
    SEAT_LABELS,
    SEAT_MSGIDS,
    TRUSTED,
    Entry,
    Kept,
    NotAllowed,
    NotYourSeat,
    Op,
    PendingRequest,
    Replay,
    Seating,
    SeatTaken,
    Sender,
    TableMeta,
    TableNotFound,
    TooManyRequests,
    VersionConflict,
    Written,
)
from .roles import may_send, seal_undo_refused
from .service import TableService
from .view import TableView

__all__ = [
    "Entry", "HOST_ENTRY", "KEY_CHARS", "Kept", "MAX_KEY", "MAX_REQUESTS_PER_SEAT",
    "MAX_REQUESTS_PER_TABLE", "NotAllowed", "NotYourSeat", "Op", "PendingRequest", "Replay",
    "SEAT_ENTRY", "SEAT_LABELS", "SEAT_MSGIDS", "SeatTaken", "Seating", "Sender", "TRUSTED",
    "TableMeta", "TableNotFound", "TableService", "TableView", "TooManyRequests",
    "VersionConflict", "Written", "apply_logged", "check_fields", "check_idempotency_key",
    "check_players", "effective_actions", "may_send", "owner_of", "replay_entries",
    "scoped_key", "seal_undo_refused", "sealed_step", "stored_options",
]
