"""The end of a turn and of an Electoral Period: tax collection, the Governor election and
its open tie auction."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import N_, IllegalAction, require_int
from .changes import _change_popularity, _pay, bank_pays
from .checks import _active_seat, _require_phase, _seat
from .data import AUCTION_STEP, TAX, TURNS_PER_PERIOD
from .movement import start_turn
from .state import Auction, Election, State, TaxLine, _name, districts_of
from .victory import check_victory


def _end_turn(state: State, action: Mapping[str, Any]) -> State:
    _active_seat(state, action)
    if state.active + 1 < len(state.order):
        return replace(state, active=state.active + 1, acted=())
    if state.turn < TURNS_PER_PERIOD:
        return start_turn(replace(state, turn=state.turn + 1))
    state = tax_collection(replace(state, acted=()))
    if state.result is not None:
        return state
    return governor_election(state)


def tax_of(state: State, seat: int) -> TaxLine:
    """What a seat collects: popularity per Ivory district, Cogs per Steel district."""
    return TaxLine(seat, len(districts_of(state, seat, "ivory")) * TAX["ivory_popularity"],
                   len(districts_of(state, seat, "steel")) * TAX["steel_cogs"])


def tax_collection(state: State) -> State:
    """Each player collects in turn order; a player may win during it, in turn order."""
    lines = []
    for seat in state.order:
        line = tax_of(state, seat)
        before = state.players[seat].cogs
        state = bank_pays(_change_popularity(state, seat, line.popularity), seat, line.cogs)
        lines.append(replace(line, cogs=state.players[seat].cogs - before))
        state = check_victory(replace(state, tax=tuple(lines), tax_period=state.period), seat)
        if state.result is not None:
            break
    return state


def governor_election(state: State) -> State:
    """The most popular player becomes Governor; a tie goes to the open auction."""
    top = max(p.popularity for p in state.players)
    tied = tuple(seat for seat in state.order if state.players[seat].popularity == top)
    if len(tied) == 1:
        return end_of_period(state, tied, tied[0], 0)
    return replace(state, phase="auction", auction=Auction(tied, tied[0], tied=tied))


def end_of_period(state: State, tied: tuple[int, ...], governor: int | None,
                  paid: int) -> State:
    """The Governor takes the token, the first-player token passes left (only when a Governor
    was elected), the play aids are cleared and the tally returns to turn 1."""
    first = state.first_player
    if governor is not None:
        first = (first + 1) % len(state.players)
    players = tuple(replace(p, used=(), certified=False) for p in state.players)
    state = replace(state, players=players, governor=governor, first_player=first,
                    elections=state.elections + 1, auction=None, turn=1,
                    period=state.period + 1,
                    election=Election(state.period, tied, governor, paid))
    return start_turn(state)


def _auction_speaker(state: State, action: Mapping[str, Any]) -> tuple[int, Auction]:
    seat = _seat(state, action)
    _require_phase(state, "auction")
    assert state.auction is not None
    if seat != state.auction.speaker:
        raise IllegalAction(N_("it is %(active)s's turn to bid, not %(name)s's"),
                            code="not_your_turn", active=_name(state, state.auction.speaker),
                            name=_name(state, seat))
    return seat, state.auction


def minimum_bid(auction: Auction) -> int:
    """The lowest bid allowed now: one step above the last bid."""
    return auction.high_bid + AUCTION_STEP


def _next_speaker(bidders: tuple[int, ...], after: int, order: tuple[int, ...]) -> int:
    """The next player still in after ``after``, in turn order."""
    position = order.index(after)
    for step in range(1, len(order) + 1):
        seat = order[(position + step) % len(order)]
        if seat in bidders:
            return seat
    return bidders[0]


def _auction_result(state: State, auction: Auction) -> State:
    """Close the auction when one bidder is left holding the high bid, or nobody is left."""
    if not auction.bidders:
        return end_of_period(state, auction.tied, None, 0)
    if len(auction.bidders) == 1 and auction.high_bidder == auction.bidders[0]:
        winner = auction.high_bidder
        state = _pay(state, winner, auction.high_bid, None)
        return end_of_period(state, auction.tied, winner, auction.high_bid)
    return replace(state, auction=auction)


def _bid(state: State, action: Mapping[str, Any]) -> State:
    seat, auction = _auction_speaker(state, action)
    amount = require_int(action, "amount")
    if amount % AUCTION_STEP:
        raise IllegalAction(N_("bids go in steps of %(step)s Cogs"), code="bid_step",
                            step=AUCTION_STEP)
    if amount < minimum_bid(auction):
        raise IllegalAction(N_("%(name)s must bid at least %(minimum)s"), code="bid_too_low",
                            name=_name(state, seat), minimum=minimum_bid(auction))
    if amount > state.players[seat].cogs:
        raise IllegalAction(N_("%(name)s has too few Cogs to bid %(amount)s"),
                            code="too_few_cogs", name=_name(state, seat), amount=amount)
    auction = replace(auction, high_bid=amount, high_bidder=seat,
                      speaker=_next_speaker(auction.bidders, seat, state.order))
    return _auction_result(state, auction)


def _pass(state: State, action: Mapping[str, Any]) -> State:
    seat, auction = _auction_speaker(state, action)
    bidders = tuple(s for s in auction.bidders if s != seat)
    speaker = _next_speaker(bidders, seat, state.order) if bidders else seat
    return _auction_result(state, replace(auction, bidders=bidders, speaker=speaker))
