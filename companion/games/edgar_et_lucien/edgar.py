"""Edgar's actions: the robbery and the administration actions (Counter Manigances, Intimidation,
the bank robbery, Requisition), doubled by Lucien's City Hall support or played remotely."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import N_, IllegalAction, MalformedInput, require_bool
from .changes import (
    _change_cogs,
    _change_popularity,
    _discard_from_hand,
    _mark_acted,
    _mark_used,
    _set_owner,
    _set_player,
    bank_pays,
    draw_cards,
    tokens_left,
)
from .checks import (
    _active_seat,
    _administration_free,
    _character_free,
    _district,
    _seat,
    _stands_on,
)
from .data import ADMINISTRATION, CITY_HALL, COSTS, EDGAR, GAINS, LUCIEN, POLITICAL_SUPPORT
from .state import (
    State,
    _district_name,
    _name,
    districts_of,
    is_protected,
    neutral_districts,
    owner_of,
    robbery_take,
)

# ------------------------------------------------------------------ Edgar's ordinary actions

def _rob(state: State, action: Mapping[str, Any]) -> State:
    seat = _active_seat(state, action)
    victim = _seat(state, action, "victim")
    _character_free(state, seat, EDGAR)
    robber, target = state.players[seat], state.players[victim]
    if victim == seat:
        raise IllegalAction(N_("Edgar cannot rob his own Lucien"), code="rob_self")
    if robber.edgar != target.lucien:
        raise IllegalAction(N_("%(name)s's Edgar is not on the district of %(victim)s's Lucien"),
                            code="victim_not_here", name=robber.name, victim=target.name)
    if target.edgar == target.lucien:
        raise IllegalAction(N_("%(victim)s's Edgar guards his Lucien: no robbery"),
                            code="bodyguard", victim=target.name)
    if state.settings.rules >= 2 and not edgar_arrived(state, seat):
        assert robber.edgar is not None
        raise IllegalAction(N_("%(name)s's Edgar did not arrive on %(district)s this turn: "
                               "an Edgar robs only on the district he moved onto"),
                            code="no_arrival", name=robber.name,
                            district=_district_name(state, robber.edgar))
    take = robbery_take(target.cogs)
    state = _change_cogs(state, victim, -take)
    state = _set_player(state, victim, replace(state.players[victim], cogs_shown=True))
    state = _change_cogs(state, seat, take)
    return _mark_acted(state, EDGAR)


def edgar_arrived(state: State, seat: int) -> bool:
    """Whether the seat's Edgar moved onto the district he stands on in this turn's
    movement (the rulebook's "arrives")."""
    edgar = state.players[seat].edgar
    return any(r.seat == seat and r.edgar_from != r.edgar_to and r.edgar_to == edgar
               for r in state.last_moves)


# ------------------------------------------------------------------ Edgar's administration

def _edgar_administration(state: State, action: Mapping[str, Any],
                          admin: str) -> tuple[State, int, int]:
    """Check and pay an Edgar administration action; returns the state, the seat and how many
    times the effect applies (2 with Lucien's City Hall support)."""
    seat = _active_seat(state, action)
    remote = require_bool(action, "remote", default=False)
    doubled = require_bool(action, "doubled", default=False)
    player = state.players[seat]
    _character_free(state, seat, EDGAR)
    _administration_free(state, seat, admin)
    if remote:
        if "remote_action" not in player.hand:
            raise IllegalAction(N_("%(name)s has no Remote Action card in hand"),
                                code="card_not_in_hand", name=player.name)
    else:
        _stands_on(state, seat, EDGAR, ADMINISTRATION[admin]["district"])
    cost = COSTS["edgar_administration"]
    if doubled:
        _character_free(state, seat, LUCIEN)
        _administration_free(state, seat, POLITICAL_SUPPORT)
        _stands_on(state, seat, LUCIEN, CITY_HALL)
        cost = COSTS["doubled_administration"]
    if player.popularity < cost:
        raise IllegalAction(N_("%(name)s needs %(cost)s popularity for this, and has "
                               "%(popularity)s"), code="popularity_too_low", name=player.name,
                            cost=cost, popularity=player.popularity)
    state = _change_popularity(state, seat, -cost)
    if remote:
        state = _discard_from_hand(state, seat, "remote_action")
    if doubled:
        return _mark_used(_mark_acted(state, EDGAR, LUCIEN), seat, admin,
                          POLITICAL_SUPPORT), seat, 2
    return _mark_used(_mark_acted(state, EDGAR), seat, admin), seat, 1


def _counter_manigances(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "counter_manigances")
    count = GAINS["doubled_counter_manigances_draw" if times == 2 else "counter_manigances_draw"]
    return draw_cards(state, seat, count)


def _bank_robbery(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "bank_robbery")
    return bank_pays(state, seat, GAINS["doubled_bank_robbery" if times == 2 else "bank_robbery"])


def _requisition(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "requisition")
    raw = action.get("districts")
    if not isinstance(raw, list) or not raw:
        raise MalformedInput(N_("districts must be a list of district ids"))
    count = GAINS["doubled_requisitions" if times == 2 else "requisitions"]
    if not 1 <= len(raw) <= count:
        raise IllegalAction(N_("this Requisition takes %(count)s district(s)"),
                            code="requisition_count", count=count)
    for value in raw:
        state = requisition(state, seat, _district(state, {"district": value}))
    if len(raw) < count and requisitionable(state, seat):
        raise IllegalAction(N_("this Requisition takes %(count)s district(s): one is enough "
                               "only when no other can be taken"),
                            code="requisition_count", count=count)
    return state


def requisitionable(state: State, seat: int) -> tuple[str, ...]:
    """The districts a seat could requisition now: the neutral ones, or when none is left
    the other players' unprotected ones; none without an influence token left."""
    if tokens_left(state, seat) < 1:
        return ()
    neutral = neutral_districts(state)
    if neutral:
        return neutral
    return tuple(d.id for d, owner in zip(state.board.districts, state.owners, strict=True)
                 if owner is not None and owner != seat and owner != state.heritage)


def requisition(state: State, seat: int, district: str) -> State:
    """Take one district by force: a neutral one, or another player's unprotected district
    only when no district is neutral."""
    owner = owner_of(state, district)
    name = _district_name(state, district)
    if owner == seat:
        raise IllegalAction(N_("%(district)s already belongs to %(name)s"), code="already_yours",
                            district=name, name=_name(state, seat))
    if owner is not None:
        if neutral_districts(state):
            raise IllegalAction(N_("a neutral district is left: requisition %(district)s only "
                                   "when none is"), code="neutral_left", district=name)
        if is_protected(state, district):
            raise IllegalAction(N_("%(district)s is under Heritage Protection"),
                                code="protected", district=name)
    return _set_owner(state, district, seat)


def _intimidation(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "intimidation")
    remote = action.get("remote") is True
    raw = action.get("targets")
    if not isinstance(raw, list):
        raise MalformedInput(N_("targets must be a list of {seat, district}"))
    per = 1 if len(state.players) == 2 else GAINS["intimidated_players"]
    count = per * GAINS["doubled_intimidations" if times == 2 else "intimidations"]
    if len(raw) != count:
        raise IllegalAction(N_("this Intimidation names %(count)s player(s)"),
                            code="intimidation_count", count=count)
    for start in range(0, len(raw), per):
        group = raw[start:start + per]
        seats = []
        for entry in group:
            if not isinstance(entry, Mapping):
                raise MalformedInput(N_("each target needs a seat and a district"))
            target = _seat(state, entry)
            if target == seat:
                raise IllegalAction(N_("Intimidation designates other players"),
                                    code="intimidate_self")
            seats.append(target)
            state = intimidate(state, target, entry.get("district"), remote=remote)
        if len(set(seats)) != len(seats):
            raise IllegalAction(N_("Intimidation designates two different players"),
                                code="same_player_twice")
    return state


def intimidate(state: State, target: int, raw_district: Any, *, remote: bool = False) -> State:
    """The designated player makes one of their districts neutral: protected or not by an
    ordinary Intimidation; through Remote Action (a Manigance card) only an unprotected one,
    so the Heritage Protection holder gives up nothing."""
    shielded = remote and state.heritage == target and state.settings.rules >= 2
    if raw_district is None:
        if districts_of(state, target) and not shielded:
            raise IllegalAction(N_("%(name)s owns districts: name the one made neutral"),
                                code="district_missing", name=_name(state, target))
        return state
    district = _district(state, {"district": raw_district})
    if owner_of(state, district) != target:
        raise IllegalAction(N_("%(district)s does not belong to %(name)s"), code="not_theirs",
                            district=_district_name(state, district), name=_name(state, target))
    if shielded:
        raise IllegalAction(N_("%(district)s is under Heritage Protection: an Intimidation "
                               "through Remote Action is a Manigance card"),
                            code="protected", district=_district_name(state, district))
    return _set_owner(state, district, None)
