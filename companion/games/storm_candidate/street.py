"""폭풍의 대권주자's street cards read from a table's state with its card list (``deck``):
the number a slot may take, the cards out of the deck, each slot's likely periods, what the
phones offer to record a card, and the cards typed as printed (``learned_cards``)."""

from __future__ import annotations

from typing import Any

from ..base import N_, IllegalAction
from .deck import (
    PRIORITY_HIGH,
    PRIORITY_LOW,
    START_NUMBERS,
    Card,
    choices,
    deck_size,
    learned,
    out_numbers,
    slot_periods,
)
from .state import State

# ---------------------------------------------------------------------------- a table's cards

def check_street_number(state: State, slot: int, number: int) -> None:
    """A card's number: a street card's (not a start card's), and of a card not out yet
    (the card being replaced in ``slot`` aside)."""
    if not PRIORITY_LOW <= number <= PRIORITY_HIGH:
        raise IllegalAction(N_("a card's number is from %(low)s to %(high)s"),
                            code="bad_card", low=PRIORITY_LOW, high=PRIORITY_HIGH)
    if number in START_NUMBERS:
        raise IllegalAction(N_("card %(number)s is a start card: start cards are never on "
                                "the street"), code="start_card", number=number)
    for other, card in enumerate(state.street, start=1):
        if other != slot and card is not None and card.number == number:
            raise IllegalAction(N_("card %(number)s is already on the street, in slot "
                                   "%(slot)s"), code="card_out", number=number, slot=other)
    if number in out_numbers(_cards_gone(state)):
        raise IllegalAction(N_("card %(number)s has already left the street (bought or "
                               "removed)"), code="card_out", number=number)


def _cards_gone(state: State) -> list[Card]:
    """The cards that have left the street: bought, taken with a purchase, removed."""
    gone: list[Card] = []
    for purchases, removed in [(r.purchases, r.removed) for r in state.history] + [
            (state.purchases, ())]:
        for purchase in purchases:
            gone += [card for _, card, _ in purchase.bought]
            gone += [card for _, card in purchase.red]
        gone += removed
    return gone


def cards_out(state: State) -> list[Card]:
    """Every card out of the deck that the table has seen: on the street, then gone."""
    return [card for card in state.street if card is not None] + _cards_gone(state)


def street_periods(state: State) -> dict[int, tuple[str, ...]]:
    """Each occupied slot's likely periods, the likeliest first (see ``slot_periods``)."""
    last = state.history[-1] if state.history else None
    refilled = last.refilled if last is not None and last.number == state.round - 1 else 0
    players = state.settings.players
    drawn = deck_size(players) - state.deck + (1 if players == 2 else 0)
    deck = [dict(card) for card in state.settings.deck]
    return slot_periods(players, state.round, state.street, refilled, drawn, deck)


def street_picker(state: State) -> dict[str, Any]:
    """What the phones offer to record a street card with a card list: the occupied slots
    (the first not entered chosen), each with its likely period, and the listed cards not
    out yet, the chosen slot's period first (the page reorders them for another slot)."""
    periods = street_periods(state)
    slots: list[dict[str, Any]] = []
    for slot, card in enumerate(state.street, start=1):
        if card is not None:
            slots.append({"slot": slot, "known": card.known, "doctorate": card.doctorate,
                          "period": (periods.get(slot) or (None,))[0]})
    chosen = next((s for s in slots if not s["known"]), slots[0] if slots else None)
    period: str | None = chosen["period"] if chosen else None
    deck = [dict(card) for card in state.settings.deck]
    return {"slots": slots, "slot": chosen["slot"] if chosen else None,
            "choices": choices(deck, cards_out(state), state.settings.players, period)}


def learned_cards(state: State) -> dict[str, list[dict[str, Any]]]:
    """The cards typed as printed during the game, for the ``deck`` option: each street card
    typed with its number and not picked from the table's list, once, with its number,
    price, colour and the period its slot was sure of. A card typed without its number is
    not offered: every card of a list needs its number."""
    return {"deck": learned(cards_out(state), [dict(card) for card in state.settings.deck])}
