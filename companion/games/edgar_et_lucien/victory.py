"""The four victory conditions, their thresholds, the certificates standing in for them, and
the victory check after every action."""

from __future__ import annotations

from dataclasses import replace

from ..base import N_, IllegalAction, Outcome
from .changes import _set_player
from .data import CONDITION_ORDER, CONDITIONS
from .state import State, Victory, _name, certificate_holder, certificates_of, districts_of


def threshold(condition: str, player_count: int) -> int:
    """The number a condition asks for at this player count."""
    data = CONDITIONS[condition]
    if condition == "dandy":
        return int(data["cogs"])
    if condition == "collector":
        return int(data["districts"][str(player_count)])
    if condition == "bureaucrat":
        return int(data["administration"][str(player_count)])
    return int(data["popularity"])


def meets_condition(state: State, seat: int, condition: str) -> bool:
    """Whether the seat meets a victory condition now, by itself (certificates aside)."""
    player, count = state.players[seat], len(state.players)
    if condition == "dandy":
        return player.cogs >= threshold("dandy", count)
    if condition == "collector":
        return len(districts_of(state, seat)) >= threshold("collector", count)
    if condition == "bureaucrat":
        return len(districts_of(state, seat, "administration")) >= threshold("bureaucrat", count)
    if condition == "zealot":
        return state.governor == seat and player.popularity >= threshold("zealot", count)
    raise KeyError(condition)


def meets_conditions(state: State, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The conditions a seat holds now (in fact or by a certificate), and which of them only a
    certificate gives."""
    held, by_certificate = [], []
    certified = certificates_of(state, seat)
    for condition in CONDITION_ORDER:
        if meets_condition(state, seat, condition):
            held.append(condition)
        elif condition in certified:
            held.append(condition)
            by_certificate.append(condition)
    return tuple(held), tuple(by_certificate)


def check_victory(state: State, first: int | None = None) -> State:
    """Declare the first seat (from ``first``, then in turn order) holding three conditions."""
    if state.result is not None:
        return state
    order = list(state.order) or list(range(len(state.players)))
    if first is not None and first in order:
        order.remove(first)
        order.insert(0, first)
    for seat in order:
        held, by_certificate = meets_conditions(state, seat)
        if len(held) >= 3:
            victory = Victory(seat, held, by_certificate)
            return replace(state, victory=victory, result=Outcome((seat,), "+".join(held)))
    return state


def take_certificate(state: State, seat: int, condition: str, *, steal: bool) -> State:
    """A seat takes a certificate for a condition it meets now (one per period)."""
    player = state.players[seat]
    name = CONDITIONS[condition]["name_en"]
    if player.certified:
        raise IllegalAction(N_("%(name)s already took a certificate this Electoral Period"),
                            code="certificate_this_period", name=player.name)
    holder = certificate_holder(state, condition)
    if holder == seat:
        raise IllegalAction(N_("%(name)s already holds the %(condition)s certificate"),
                            code="certificate_held", name=player.name, condition=name)
    if holder is not None and not steal:
        raise IllegalAction(N_("%(holder)s holds the %(condition)s certificate: Certification "
                               "cannot take it"), code="certificate_taken",
                            holder=_name(state, holder), condition=name)
    if not meets_condition(state, seat, condition):
        raise IllegalAction(N_("%(name)s does not meet %(condition)s"), code="condition_not_met",
                            name=player.name, condition=name)
    certificates = tuple((c, s) for c, s in state.certificates if c != condition)
    state = replace(state, certificates=certificates + ((condition, seat),))
    return _set_player(state, seat, replace(state.players[seat], certified=True))
