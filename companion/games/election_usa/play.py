"""Election USA: random legal play, for the conformance suite and the tours."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import (
    GameError,
)
from ..sealed import REVEAL_ACTION, SEAL_ACTION
from .actions import (
    apply,
    can_pay,
    maximum_policy_bid,
    minimum_policy_bid,
    sealed,
)
from .data import (
    FACE_UP,
    PLAYABLE,
    REGION_IDS,
    SCANDALS,
)
from .state import (
    State,
    remaining_cards,
)

# ---------------------------------------------------------------------------- random play

def refusal(state: State, action: Mapping[str, Any]) -> GameError | None:
    """The error ``apply`` would raise for this action, or None when it is allowed."""
    try:
        apply(state, action)
    except GameError as error:
        return error
    return None


def _random_card(rng: random.Random, scandals: bool) -> dict[str, Any]:
    kinds = list(PLAYABLE) + (list(SCANDALS) if scandals else [])
    weights = [3, 2, 4] + ([1, 1] if scandals else [])
    kind = rng.choices(kinds, weights)[0]
    value = rng.randint(0, 4)
    if kind == "fundraising":
        low = rng.randint(1, 3)
        return {"kind": kind, "high": low + rng.randint(1, 4), "low": low, "value": value}
    if kind == "policy":
        return {"kind": kind, "pawns": rng.randint(1, 3), "value": value}
    if kind == "advertising":
        return {"kind": kind, "region": rng.choice(REGION_IDS), "pawns": rng.randint(1, 3),
                "value": value}
    return {"kind": kind, "amount": rng.randint(1, 4)}


def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (or, rarely, a refused one), for the conformance suite."""
    active = state.active
    if state.phase == "turn":
        if rng.random() < 0.02:
            return {"type": "show", "slot": rng.randrange(FACE_UP),
                    "card": _random_card(rng, False)}
        if rng.random() < 0.25 and remaining_cards(state) > 0:
            card = _random_card(rng, True)
            if card["kind"] not in SCANDALS:
                card = {"kind": card["kind"], "value": card["value"]}
            return {"type": "raise_sincerity", "seat": active, "card": card}
        return {"type": "take", "seat": active, "slot": rng.randrange(FACE_UP),
                "card": _random_card(rng, False)}
    if state.phase == "refill":
        return {"type": "refill", "seat": active, "card": _random_card(rng, True)}
    if state.phase == "policy":
        assert state.policy is not None
        speaker = state.policy.order[state.policy.index]
        lowest = minimum_policy_bid(state, speaker)
        highest = maximum_policy_bid(state, speaker)
        if highest >= lowest and rng.random() < 0.5:
            return {"type": "bid", "seat": speaker, "amount": rng.randint(lowest, min(
                highest, lowest + 2))}
        return {"type": "pass", "seat": speaker}
    if state.phase == "advertising":
        bids = sealed(state)
        assert bids is not None
        waiting = [s for s in bids.seats if s not in bids.locked]
        if not waiting or rng.random() < 0.05:
            return {"type": REVEAL_ACTION}
        seat = rng.choice(waiting)
        return {"type": SEAL_ACTION, "seat": seat,
                "value": rng.randint(0, min(4, state.players[seat].money))}
    if state.phase == "placement":
        assert state.advertising is not None
        seat = rng.choice(state.advertising.pending)
        most = min(state.advertising.pawns, state.players[seat].available)
        return {"type": "place", "seat": seat, "count": rng.randint(min(1, most), most)}
    if state.phase == "chain":
        assert state.chain is not None
        speaker = state.chain.order[state.chain.index]
        if can_pay(state, speaker) and rng.random() < 0.7:
            return {"type": "pay", "seat": speaker}
        return {"type": "skeleton", "seat": speaker}
    if state.phase == "skeleton":
        assert state.chain is not None and state.chain.drawer is not None
        seat = state.chain.drawer
        return {"type": "skeleton_effect", "seat": seat, "money": rng.randint(-3, 2),
                "sincerity": rng.randint(-3, 2),
                "pawns": rng.randint(-1, min(1, state.players[seat].reserve))}
    return {"type": "take", "seat": active, "slot": 0}
