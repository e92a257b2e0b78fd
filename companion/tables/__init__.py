"""Tables: a game, its options, its seats and an append-only log of entries.

The views and the command line import what they use from here (``from companion.tables
import TableService``); the modules of the package say what each part holds.
"""

from .service import (
    HOST_ENTRY,
    KEY_CHARS,
    MAX_KEY,
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
    TableService,
    TableView,
    TooManyRequests,
    VersionConflict,
    Written,
    apply_logged,
    check_fields,
    check_idempotency_key,
    check_players,
    effective_actions,
    may_send,
    owner_of,
    replay_entries,
    scoped_key,
    seal_undo_refused,
    sealed_step,
    stored_options,
)

__all__ = [
    "HOST_ENTRY", "KEY_CHARS", "MAX_KEY", "MAX_REQUESTS_PER_SEAT", "MAX_REQUESTS_PER_TABLE",
    "SEAT_ENTRY", "SEAT_LABELS", "SEAT_MSGIDS", "TRUSTED", "Entry", "Kept", "NotAllowed",
    "NotYourSeat", "Op", "PendingRequest", "Replay", "SeatTaken", "Seating", "Sender",
    "TableMeta", "TableNotFound", "TableService", "TableView", "TooManyRequests",
    "VersionConflict", "Written", "apply_logged", "check_fields", "check_idempotency_key",
    "check_players", "effective_actions", "may_send", "owner_of", "replay_entries",
    "scoped_key", "seal_undo_refused", "sealed_step", "stored_options",
]
