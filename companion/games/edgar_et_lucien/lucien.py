"""Lucien's actions: buying a district and his administration actions (Populist Speech,
Heritage Protection, certificate acquisition)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import N_, IllegalAction
from .changes import _change_popularity, _mark_acted, _mark_used, _pay, _set_owner
from .checks import (
    _active_seat,
    _administration_free,
    _character_free,
    _condition_field,
    _stands_on,
)
from .data import ADMINISTRATION, COSTS, GAINS, LUCIEN
from .state import State, _district_name, _name, is_protected, owner_of
from .victory import take_certificate


def _buy(state: State, action: Mapping[str, Any]) -> State:
    seat = _active_seat(state, action)
    _character_free(state, seat, LUCIEN)
    district = state.players[seat].lucien
    assert district is not None
    owner = owner_of(state, district)
    name = _district_name(state, district)
    if owner == seat:
        raise IllegalAction(N_("%(district)s already belongs to %(name)s"), code="already_yours",
                            district=name, name=_name(state, seat))
    if owner is None:
        state = _pay(state, seat, COSTS["buy_from_city"], None)
    else:
        if is_protected(state, district):
            raise IllegalAction(N_("%(owner)s holds the Heritage Protection: %(district)s "
                                   "cannot be bought"), code="protected",
                                owner=_name(state, owner), district=name)
        state = _pay(state, seat, COSTS["buy_from_player"], owner)
    return _mark_acted(_set_owner(state, district, seat), LUCIEN)


def _lucien_administration(state: State, action: Mapping[str, Any], admin: str) -> int:
    seat = _active_seat(state, action)
    _character_free(state, seat, LUCIEN)
    _administration_free(state, seat, admin)
    _stands_on(state, seat, LUCIEN, ADMINISTRATION[admin]["district"])
    return seat


def _populist_speech(state: State, action: Mapping[str, Any]) -> State:
    seat = _lucien_administration(state, action, "populist_speech")
    state = _change_popularity(state, seat, GAINS["populist_speech"])
    return _mark_used(_mark_acted(state, LUCIEN), seat, "populist_speech")


def _heritage_protection(state: State, action: Mapping[str, Any]) -> State:
    seat = _lucien_administration(state, action, "heritage_protection")
    if state.heritage == seat:
        raise IllegalAction(N_("%(name)s already holds the Heritage Protection"),
                            code="already_protected", name=_name(state, seat))
    state = replace(state, heritage=seat)
    return _mark_used(_mark_acted(state, LUCIEN), seat, "heritage_protection")


def _certificate(state: State, action: Mapping[str, Any]) -> State:
    seat = _lucien_administration(state, action, "certificate_acquisition")
    state = take_certificate(state, seat, _condition_field(action), steal=True)
    return _mark_used(_mark_acted(state, LUCIEN), seat, "certificate_acquisition")
