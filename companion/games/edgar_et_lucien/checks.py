"""Reading an action's fields and what every action checks: the phase, the active player,
a character or administration action still free, a character on its district."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, IllegalAction, MalformedInput, require_int
from .data import ADMINISTRATION, CONDITION_ORDER, CONDITIONS, EDGAR
from .state import State, _district_name, _name


def _seat(state: State, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = require_int(action, key)
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _district(state: State, action: Mapping[str, Any], key: str = "district") -> str:
    if key not in action or action[key] is None:
        raise MalformedInput(N_("missing field: %(field)s"), field=key)
    value = action[key]
    if not isinstance(value, str):
        raise MalformedInput(N_("%(field)s must be a district id"), code="bad_district",
                             field=key)
    try:
        state.board.index(value)
    except KeyError:
        raise MalformedInput(N_("no district %(district)s on this board"),
                             code="unknown_district", district=value) from None
    return value


_PHASE_REFUSALS = {
    "placement": N_("not now: the players are placing their characters"),
    "programming": N_("not now: the players are programming their moves"),
    "actions": N_("not now: this is the action phase"),
    "auction": N_("not now: the Governor election auction is on"),
}


def _require_phase(state: State, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction(_PHASE_REFUSALS[state.phase], code="wrong_phase")


def _active_seat(state: State, action: Mapping[str, Any]) -> int:
    """The seat of an action-phase action, which must be the active player's."""
    seat = _seat(state, action)
    _require_phase(state, "actions")
    active = state.order[state.active]
    if seat != active:
        raise IllegalAction(N_("it is %(active)s's turn, not %(name)s's"), code="not_your_turn",
                            active=_name(state, active), name=_name(state, seat))
    return seat


def _character_free(state: State, seat: int, character: str) -> None:
    if character in state.acted:
        who = N_("Edgar") if character == EDGAR else N_("Lucien")
        raise IllegalAction(N_("%(name)s's %(character)s has already acted this turn"),
                            code=f"{character}_already_acted", name=_name(state, seat),
                            character=who)


def _administration_free(state: State, seat: int, admin: str) -> None:
    if admin in state.players[seat].used:
        raise IllegalAction(
            N_("%(name)s already used %(action)s this Electoral Period"),
            code="administration_used", name=_name(state, seat),
            action=ADMINISTRATION[admin]["name_en"])


def _stands_on(state: State, seat: int, character: str, district: str) -> None:
    player = state.players[seat]
    where = player.edgar if character == EDGAR else player.lucien
    if where != district:
        who = N_("Edgar") if character == EDGAR else N_("Lucien")
        raise IllegalAction(N_("%(name)s's %(character)s must stand on %(district)s"),
                            code="wrong_district", name=player.name, character=who,
                            district=_district_name(state, district))


def _condition_field(action: Mapping[str, Any]) -> str:
    condition = action.get("condition")
    if not isinstance(condition, str) or condition not in CONDITIONS:
        raise MalformedInput(N_("condition must be one of %(conditions)s"),
                             code="unknown_condition", conditions=", ".join(CONDITION_ORDER))
    return condition
