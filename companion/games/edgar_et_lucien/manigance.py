"""The Manigance cards: playing one from the hand, and each card's effect."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import N_, IllegalAction, MalformedInput
from .changes import (
    _change_popularity,
    _discard_from_hand,
    _mark_acted,
    _pay,
    _set_owner,
    _set_player,
    bank_pays,
)
from .checks import _active_seat, _character_free, _condition_field, _district, _seat, _stands_on
from .data import CITY_HALL, COSTS, EDGAR, GAINS, MANIGANCE
from .state import Player, State, _district_name, _name, is_protected, owner_of
from .victory import take_certificate


def _manigance(state: State, action: Mapping[str, Any]) -> State:
    seat = _active_seat(state, action)
    card = action.get("card")
    if not isinstance(card, str) or card not in MANIGANCE:
        raise MalformedInput(N_("card must be one of %(cards)s"), code="unknown_card",
                             cards=", ".join(MANIGANCE))
    _character_free(state, seat, EDGAR)
    if card == "remote_action":
        raise IllegalAction(N_("Remote Action is played with an administration action of Edgar "
                               "and remote: true"), code="remote_action_via_administration")
    if card not in state.players[seat].hand:
        raise IllegalAction(N_("%(name)s has no %(card)s card in hand"), code="card_not_in_hand",
                            name=_name(state, seat), card=MANIGANCE[card]["name_en"])
    state = _CARD_EFFECTS[card](state, seat, action)
    return _mark_acted(_discard_from_hand(state, seat, card), EDGAR)


def plan_b(state: State, seat: int, action: Mapping[str, Any]) -> State:
    district = _district(state, action)
    if state.players[seat].lucien == district:
        raise IllegalAction(N_("Lucien is already on %(district)s"), code="already_there",
                            district=_district_name(state, district))
    return _set_player(state, seat, replace(state.players[seat], lucien=district))


def influence_trafficking(state: State, seat: int, action: Mapping[str, Any]) -> State:
    district = state.players[seat].edgar
    assert district is not None
    owner = owner_of(state, district)
    if owner is None or owner == seat:
        raise IllegalAction(N_("Edgar's district %(district)s does not belong to another player"),
                            code="not_owned_by_another", district=_district_name(state, district))
    if is_protected(state, district):
        raise IllegalAction(N_("%(owner)s holds the Heritage Protection: %(district)s cannot be "
                               "bought"), code="protected", owner=_name(state, owner),
                            district=_district_name(state, district))
    state = _pay(state, seat, COSTS["buy_from_player"], owner)
    return _set_owner(state, district, seat)


def discredit_payment(player: Player, choice: str | None) -> str | None:
    """What an other player pays under a Discredit Threat: their choice when they hold both
    resources, the one they hold otherwise, nothing when they hold neither."""
    has_popularity, has_cogs = player.popularity > 0, player.cogs > 0
    if has_popularity and has_cogs:
        return choice
    if has_popularity:
        return "popularity"
    if has_cogs:
        return "cogs"
    return None


def discredit_threat(state: State, seat: int, action: Mapping[str, Any]) -> State:
    raw = action.get("payments", [])
    if not isinstance(raw, list):
        raise MalformedInput(N_("payments must be a list of {seat, pays}"))
    choices: dict[int, str] = {}
    for entry in raw:
        if not isinstance(entry, Mapping) or entry.get("pays") not in ("popularity", "cogs"):
            raise MalformedInput(N_("each payment needs a seat and pays: popularity or cogs"))
        choices[_seat(state, entry)] = str(entry["pays"])
    for other in range(len(state.players)):
        if other == seat:
            continue
        player = state.players[other]
        pays = discredit_payment(player, choices.get(other))
        chosen = choices.get(other)
        if pays is None and chosen is None and player.popularity > 0 and player.cogs > 0:
            raise IllegalAction(N_("%(name)s must choose: 20 popularity or 10,000 Cogs"),
                                code="payment_choice_missing", name=player.name)
        if chosen is not None and pays is not None and pays != chosen:
            message = (N_("%(name)s has no Cogs: they lose popularity") if pays == "popularity"
                       else N_("%(name)s has no popularity left: they pay in Cogs"))
            raise IllegalAction(message, code="payment_impossible", name=player.name)
        if pays == "popularity":
            state = _change_popularity(state, other, -GAINS["discredit_popularity"])
        elif pays == "cogs":
            amount = min(GAINS["discredit_cogs"], player.cogs)
            state = _pay(state, other, amount, seat)
    return state


def certification(state: State, seat: int, action: Mapping[str, Any]) -> State:
    return take_certificate(state, seat, _condition_field(action), steal=False)


_OWN_DISTRICT_REFUSALS = {
    "steel": N_("Edgar must stand on one of %(name)s's Steel districts"),
    "ivory": N_("Edgar must stand on one of %(name)s's Ivory districts"),
}


def _edgar_on_own(state: State, seat: int, kind: str) -> None:
    district = state.players[seat].edgar
    assert district is not None
    if owner_of(state, district) != seat or state.board.district(district).type != kind:
        raise IllegalAction(_OWN_DISTRICT_REFUSALS[kind], code="wrong_district",
                            name=_name(state, seat))


def financial_backer(state: State, seat: int, action: Mapping[str, Any]) -> State:
    _edgar_on_own(state, seat, "steel")
    return bank_pays(state, seat, GAINS["financial_backer"])


def popular_support(state: State, seat: int, action: Mapping[str, Any]) -> State:
    _edgar_on_own(state, seat, "ivory")
    return _change_popularity(state, seat, GAINS["popular_support"])


def extortion(state: State, seat: int, action: Mapping[str, Any]) -> State:
    victim = _seat(state, action, "victim")
    if victim == seat:
        raise IllegalAction(N_("Extortion targets another player"), code="extort_self")
    target = state.players[victim]
    if state.players[seat].edgar not in (target.edgar, target.lucien):
        raise IllegalAction(N_("Edgar must stand with one of %(victim)s's characters"),
                            code="victim_not_here", victim=target.name)
    if not target.hand:
        raise IllegalAction(N_("%(victim)s has no Manigance card"), code="empty_hand",
                            victim=target.name)
    index = random.Random(f"{state.settings.seed}:extortion:{state.shuffles + 1}").randrange(
        len(target.hand))
    card = target.hand[index]
    state = replace(state, shuffles=state.shuffles + 1)
    state = _set_player(state, victim, replace(target, hand=target.hand[:index]
                                               + target.hand[index + 1:]))
    player = state.players[seat]
    return _set_player(state, seat, replace(player, hand=player.hand + (card,)))


def coup_detat(state: State, seat: int, action: Mapping[str, Any]) -> State:
    _stands_on(state, seat, EDGAR, CITY_HALL)
    if state.governor is None:
        raise IllegalAction(N_("nobody holds the Governor token"), code="no_governor")
    if state.governor == seat:
        raise IllegalAction(N_("%(name)s is already the Governor"), code="already_governor",
                            name=_name(state, seat))
    return replace(state, governor=seat, first_player=(seat + 1) % len(state.players))


_CARD_EFFECTS = {
    "plan_b": plan_b,
    "influence_trafficking": influence_trafficking,
    "discredit_threat": discredit_threat,
    "certification": certification,
    "financial_backer": financial_backer,
    "popular_support": popular_support,
    "extortion": extortion,
    "coup_detat": coup_detat,
}
