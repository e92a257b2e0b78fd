"""폭풍의 대권주자's random legal play, for the conformance suite."""

from __future__ import annotations

import random
from typing import Any

from ..sealed import REVEAL_ACTION, SEAL_ACTION
from .actions import _blue_only
from .deck import CARD_COLOURS, PRIORITY_HIGH, PRIORITY_LOW
from .state import State, slot_price

# ---------------------------------------------------------------------------- random play

def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (rarely a refused one), for the conformance suite's random play."""
    n = len(state.players)
    if state.phase == "order":
        assert state.priority is not None
        waiting = [s for s in range(n) if s not in state.priority.locked]
        if state.priority.complete or rng.random() < 0.05:
            return {"type": REVEAL_ACTION}
        seat = rng.choice(waiting)
        return {"type": SEAL_ACTION, "seat": seat,
                "value": rng.randint(PRIORITY_LOW, PRIORITY_HIGH)}
    unknown = [slot for slot, card in enumerate(state.street, start=1)
               if card is not None and not card.known]
    if unknown and state.phase != "over" and rng.random() < 0.5:
        return {"type": "street", "slot": rng.choice(unknown), "price": rng.randint(0, 8),
                "colour": rng.choice(CARD_COLOURS)}
    if state.phase == "workers":
        seat = state.order[state.active]
        roll = rng.random()
        if roll < 0.08:
            return {"type": "pass", "seat": seat}
        if roll < 0.12:
            return {"type": "temporary", "seat": seat, "count": 1}
        office = rng.choice(state.offices)
        return {"type": "place", "seat": seat, "office": office.id}
    if state.phase == "buying":
        seat = state.order[state.active]
        coins = rng.randint(0, 12)
        buys = rng.randint(0, 2)
        office_coins = 0 if _blue_only(state) else rng.randint(0, 3)
        budget = coins + office_coins
        slots: list[int] = []
        for slot, card in enumerate(state.street, start=1):
            if len(slots) >= buys or card is None or not card.known:
                continue
            price = slot_price(card, slot)
            assert price is not None
            if price <= budget and rng.random() < 0.6:
                slots.append(slot)
                budget -= price
        return {"type": "buy", "seat": seat, "card_coins": coins,
                "office_coins": office_coins, "buys": buys, "slots": slots}
    return {"type": "score_round", "points": [
        {"seat": s, "cards": rng.randint(0, 12),
         "offices": 0 if _blue_only(state) else rng.randint(0, 4),
         "storm_rallies": 1 if rng.random() < 0.1 else 0} for s in range(n)]}
