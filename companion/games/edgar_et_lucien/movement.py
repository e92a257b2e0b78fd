"""The setup placements, the start of each turn and the secret movement programming, revealed
and resolved."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import N_, IllegalAction, MalformedInput
from ..sealed import Sealed
from .board import resolve_move
from .changes import _set_owner, _set_player
from .checks import _district, _require_phase, _seat
from .data import EDGAR, LUCIEN, MOVE_COLOURS, MOVE_KINDS, MOVES_STEP
from .state import Resolved, State, _district_name, _name, owner_of, turn_order

# ------------------------------------------------------------------ placement

def _place(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    _require_phase(state, "placement")
    district = _district(state, action)
    active = state.order[state.active]
    if seat != active:
        raise IllegalAction(N_("it is %(active)s's turn to place, not %(name)s's"),
                            code="not_your_turn", active=_name(state, active),
                            name=_name(state, seat))
    if owner_of(state, district) is not None:
        raise IllegalAction(N_("%(district)s is not neutral: choose a district without a token"),
                            code="not_neutral", district=_district_name(state, district))
    player = replace(state.players[seat], edgar=district, lucien=district)
    state = _set_owner(_set_player(state, seat, player), district, seat)
    if state.active + 1 < len(state.order):
        return replace(state, active=state.active + 1)
    return start_turn(state)


def start_turn(state: State) -> State:
    """A new turn: the turn order is fixed now and the programming phase opens."""
    order = turn_order(len(state.players), state.first_player, state.governor)
    return replace(state, phase="programming", order=order, active=0, acted=(),
                   programming=Sealed.open(MOVES_STEP, order,
                                           key=f"{MOVES_STEP}:{state.period}:{state.turn}"))


# ------------------------------------------------------------------ programming, movement

def parse_move(raw: Any, character: str) -> dict[str, Any]:
    """A programmed move, checked for shape: immobile, or a border/metro colour."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in MOVE_KINDS:
        raise MalformedInput(N_("%(character)s's move must have a kind: immobile, border or "
                                "metro"), code="bad_move", character=character)
    if raw["kind"] == "immobile":
        return {"kind": "immobile"}
    colour = raw.get("colour")
    if colour not in MOVE_COLOURS:
        raise MalformedInput(N_("%(character)s's move needs a colour among %(colours)s"),
                             code="bad_move", character=character,
                             colours=", ".join(MOVE_COLOURS))
    return {"kind": raw["kind"], "colour": colour}


def _seal(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    value = action.get("value")
    if not isinstance(value, Mapping):
        raise MalformedInput(N_("value must be an object with the moves of edgar and lucien"),
                             code="bad_move")
    moves = {EDGAR: parse_move(value.get(EDGAR), "Edgar"),
             LUCIEN: parse_move(value.get(LUCIEN), "Lucien")}
    _require_phase(state, "programming")
    assert state.programming is not None
    # Locked only: once every seat is in, the platform sends the reveal (its own entry).
    return replace(state, programming=state.programming.lock(seat, moves))


def _reveal(state: State, action: Mapping[str, Any]) -> State:
    _require_phase(state, "programming")
    return movement_phase(state)


def movement_phase(state: State) -> State:
    """Reveal every programme and move the characters in turn order; the action phase opens."""
    programming = state.programming
    assert programming is not None
    immobile = {EDGAR: {"kind": "immobile"}, LUCIEN: {"kind": "immobile"}}
    resolved = []
    for seat in state.order:
        moves = programming.value(seat, immobile)
        player = state.players[seat]
        assert player.edgar is not None and player.lucien is not None
        edgar_to = resolve_move(state.board, player.edgar, moves[EDGAR])
        lucien_to = resolve_move(state.board, player.lucien, moves[LUCIEN])
        resolved.append(Resolved(seat, moves[EDGAR], moves[LUCIEN], player.edgar, edgar_to,
                                 player.lucien, lucien_to))
        state = _set_player(state, seat, replace(player, edgar=edgar_to, lucien=lucien_to))
    return replace(state, phase="actions", programming=None, last_moves=tuple(resolved),
                   active=0, acted=())
