"""A 폭풍의 대권주자 card list of a whole copy, as a group would type it from its box: the red
cards 1-8 and the action cards 19-61, each its own number (the rulebook's priority numbers;
9-18 are the start cards, not listed), periods I-IV as many as the components list (I 11,
II 15, III 13, IV 12), card 23 in period I (it lies on the street at setup). The Doctorates
(period V) carry no number and are not listed: the phones type their price."""

from __future__ import annotations

import random
from typing import Any

from companion.games import storm_candidate as game

COLOURS = ("blue", "purple", "yellow", "green", "grey")


def whole_deck(seed: int = 3) -> list[dict[str, Any]]:
    numbers = list(range(1, 9)) + list(range(19, 62))
    rng = random.Random(seed)
    rng.shuffle(numbers)
    numbers.remove(23)
    numbers.insert(0, 23)
    cards = []
    start = 0
    for period in ("I", "II", "III", "IV"):
        for number in sorted(numbers[start:start + game.PERIODS[period]]):
            cards.append({"number": number, "name": f"카드 {number}", "price": 1 + number % 7,
                          "period": period,
                          "colour": "red" if number <= 8 else COLOURS[number % len(COLOURS)],
                          "action": "as printed"})
        start += game.PERIODS[period]
    assert start == len(numbers) == 51
    return cards


def period_of(deck: list[dict[str, Any]]) -> dict[int, str]:
    return {card["number"]: card["period"] for card in deck}


def act(state: game.State, **action: Any) -> game.State:
    return game.apply(state, action)


def play_round(state: game.State, slots: tuple[int, ...] = (), points: int = 0) -> game.State:
    """A round in which the first in the bus buys ``slots`` and nobody else buys; everyone
    scores ``points`` cards' points."""
    for seat in range(len(state.players)):
        state = act(state, type="seal", seat=seat, value=40 - seat)
    state = act(state, type="reveal")
    while state.phase == "workers":
        state = act(state, type="pass", seat=state.order[state.active])
    buys = list(slots)
    while state.phase == "buying":
        state = act(state, type="buy", seat=state.order[state.active], card_coins=60,
                    buys=len(buys), slots=buys)
        buys = []
    return act(state, type="score_round", points=[
        {"seat": s, "cards": points} for s in range(len(state.players))])
