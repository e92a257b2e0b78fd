"""Every action: ``apply`` and its handlers, the fields each action may carry, who owns an
action, the round."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import HOST, N_, MalformedInput, Outcome, Owner, dispatch
from ..sealed import REVEAL_ACTION, SEAL_ACTION, Sealed
from .checks import _seat
from .edgar import _bank_robbery, _counter_manigances, _intimidation, _requisition, _rob
from .lucien import _buy, _certificate, _heritage_protection, _populist_speech
from .manigance import _manigance
from .movement import _place, _reveal, _seal
from .period import _bid, _end_turn, _pass
from .state import State
from .victory import check_victory


def apply(state: State, action: Mapping[str, Any]) -> State:
    """The state after one action, or a typed error and no change."""
    after = dispatch(_HANDLERS, state, action, finished=state.result is not None)
    seat = action.get("seat")
    return check_victory(after, seat if isinstance(seat, int) else None)


_HANDLERS = {
    "place": _place,
    SEAL_ACTION: _seal,
    REVEAL_ACTION: _reveal,
    "rob": _rob,
    "manigance": _manigance,
    "counter_manigances": _counter_manigances,
    "intimidation": _intimidation,
    "bank_robbery": _bank_robbery,
    "requisition": _requisition,
    "buy": _buy,
    "populist_speech": _populist_speech,
    "heritage_protection": _heritage_protection,
    "certificate_acquisition": _certificate,
    "end_turn": _end_turn,
    "bid": _bid,
    "pass": _pass,
}


def outcome(state: State) -> Outcome | None:
    return state.result


_ADMIN_FLAGS = ("doubled", "remote")
# The fields each action may carry besides "type": anything else is refused.
ACTION_FIELDS = {
    "place": ("seat", "district"), "seal": ("seat", "value"), "reveal": (),
    "end_turn": ("seat",), "rob": ("seat", "victim"),
    "manigance": ("seat", "card", "district", "payments", "condition", "victim"),
    "counter_manigances": ("seat", *_ADMIN_FLAGS),
    "intimidation": ("seat", "targets", *_ADMIN_FLAGS),
    "bank_robbery": ("seat", *_ADMIN_FLAGS),
    "requisition": ("seat", "districts", *_ADMIN_FLAGS),
    "buy": ("seat",), "populist_speech": ("seat",), "heritage_protection": ("seat",),
    "certificate_acquisition": ("seat", "condition"), "bid": ("seat", "amount"),
    "pass": ("seat",),
}


def sealed(state: State) -> Sealed | None:
    """The open programming step (secret moves), if any."""
    return state.programming


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Every action is its seat's (the active player's, the programming seat's, the bidder's),
    but the host's "reveal now"."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if kind == REVEAL_ACTION:
        return HOST
    if not isinstance(kind, str) or kind not in _HANDLERS:
        raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                             type=kind)
    return _seat(state, action)


def round_number(state: State) -> int:
    """The Electoral Period being played."""
    return state.period


# What a round is called in this game (the history page's dividers).
ROUND_LABEL = N_("Electoral Period %(n)s")


def correctable(action: Mapping[str, Any]) -> bool:
    """No action of this game replaces a past entry: mistakes are undone, not corrected."""
    return False
