"""Random legal play, for the tests and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import GameError
from ..sealed import REVEAL_ACTION, SEAL_ACTION
from .actions import apply
from .board import move_options
from .data import ADMINISTRATION, CONDITION_ORDER, EDGAR, EDGAR_ADMINISTRATION, LUCIEN
from .period import minimum_bid
from .state import State, districts_of, is_protected, neutral_districts, owner_of


def _wanted(state: State, seat: int, character: str, district: str) -> int:
    """How useful a district is for a character, for the random player's programming."""
    d = state.board.district(district)
    owner = owner_of(state, district)
    used = state.players[seat].used
    score = 0
    if character == LUCIEN:
        if owner is None:
            score += 3
        elif owner != seat and not is_protected(state, district):
            score += 2
        if d.type == "administration":
            score += sum(1 for a, v in ADMINISTRATION.items() if v["character"] == LUCIEN
                         and v["district"] == district and a not in used)
    else:
        if d.type == "administration":
            score += 2 * sum(1 for a, v in ADMINISTRATION.items() if v["character"] == EDGAR
                             and v["district"] == district and a not in used)
        score += sum(1 for s, p in enumerate(state.players) if s != seat and p.lucien == district)
    return score


def _random_programme(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    player = state.players[seat]
    programme: dict[str, Any] = {}
    for character, where in ((EDGAR, player.edgar), (LUCIEN, player.lucien)):
        assert where is not None
        options = move_options(state.board, where)
        if rng.random() < 0.7:
            best = max(_wanted(state, seat, character, to) for _, to in options)
            options = [(m, to) for m, to in options
                       if _wanted(state, seat, character, to) == best]
        programme[character] = rng.choice(options)[0]
    return programme


def _candidate_actions(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Actions worth trying for the active player (some may be refused)."""
    player = state.players[seat]
    others = [s for s in range(len(state.players)) if s != seat]
    base = {"seat": seat}
    candidates: list[dict[str, Any]] = [{"type": "buy", **base}]
    candidates += [{"type": "rob", "victim": s, **base} for s in others]
    neutral = list(neutral_districts(state))
    requisitioned = rng.sample(neutral, min(2, len(neutral))) if neutral else [
        d.id for d in state.board.districts if owner_of(state, d.id) not in (None, seat)][:2]
    targets = []
    for _ in range(2):
        chosen = rng.sample(others, 1 if len(state.players) == 2 else 2)
        for s in chosen:
            owned = districts_of(state, s)
            targets.append({"seat": s, "district": rng.choice(owned) if owned else None})
    for admin in EDGAR_ADMINISTRATION:
        for doubled in (False, True):
            for remote in (False, True):
                action: dict[str, Any] = {"type": admin, "doubled": doubled, "remote": remote,
                                          **base}
                if admin == "requisition":
                    action["districts"] = requisitioned[:2 if doubled else 1]
                if admin == "intimidation":
                    per = 1 if len(state.players) == 2 else 2
                    action["targets"] = targets[:per * (2 if doubled else 1)]
                candidates.append(action)
    candidates += [{"type": "populist_speech", **base}, {"type": "heritage_protection", **base}]
    candidates += [{"type": "certificate_acquisition", "condition": c, **base}
                   for c in CONDITION_ORDER]
    for card in set(player.hand):
        play: dict[str, Any] = {"type": "manigance", "card": card, **base}
        if card == "plan_b":
            play["district"] = rng.choice(neutral or [d.id for d in state.board.districts])
        elif card == "discredit_threat":
            play["payments"] = [{"seat": s, "pays": rng.choice(["popularity", "cogs"])}
                                for s in others]
        elif card == "certification":
            play["condition"] = rng.choice(CONDITION_ORDER)
        elif card == "extortion":
            play["victim"] = rng.choice(others)
        candidates.append(play)
    return candidates


def refusal(state: State, action: Mapping[str, Any]) -> GameError | None:
    """The error ``apply`` would raise for this action, or None when it is allowed."""
    try:
        apply(state, action)
    except GameError as error:
        return error
    return None


def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (or, rarely, a refused one), favouring productive play so that random
    games reach a victory."""
    if state.phase == "placement":
        return {"type": "place", "seat": state.order[state.active],
                "district": rng.choice(neutral_districts(state))}
    if state.phase == "programming":
        assert state.programming is not None
        waiting = [s for s in state.programming.seats if s not in state.programming.locked]
        if rng.random() < 0.05 or not waiting:
            return {"type": REVEAL_ACTION}
        seat = rng.choice(waiting)
        return {"type": SEAL_ACTION, "seat": seat, "value": _random_programme(state, seat, rng)}
    if state.phase == "auction":
        assert state.auction is not None
        speaker = state.auction.speaker
        bid = minimum_bid(state.auction)
        if state.players[speaker].cogs >= bid and rng.random() < 0.6:
            return {"type": "bid", "seat": speaker, "amount": bid}
        return {"type": "pass", "seat": speaker}
    seat = state.order[state.active]
    candidates = _candidate_actions(state, seat, rng)
    if rng.random() < 0.03:
        return rng.choice(candidates)  # maybe refused: refusals must change nothing
    if rng.random() < 0.9:
        legal = [a for a in candidates if refusal(state, a) is None]
        if legal:
            return rng.choice(legal)
    return {"type": "end_turn", "seat": seat}
