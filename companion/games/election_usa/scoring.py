"""Election USA: the final scoring, region by region, and the winner."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..base import (
    Outcome,
)
from .data import (
    REGION_IDS,
    REGIONS,
    SKELETON_LIMIT,
    Reason,
)
from .state import (
    State,
    skeleton_count,
)

# ---------------------------------------------------------------------------- scoring

@dataclass(frozen=True)
class RegionScore:
    region: str
    counts: tuple[int, ...]
    struck: tuple[int, ...]  # seats whose count ties another colour's
    places: tuple[tuple[int, int, int], ...]  # (seat, pawns, points), 1st first


def score_region(counts: Sequence[int], points: Sequence[int], region: str = "") -> RegionScore:
    """Ties struck out (absent colours never tie), then 1st/2nd/3rd of the rest."""
    present = [(s, n) for s, n in enumerate(counts) if n > 0]
    struck = tuple(s for s, n in present if sum(1 for _, m in present if m == n) > 1)
    rest = sorted(((s, n) for s, n in present if s not in struck), key=lambda sn: -sn[1])
    places = tuple((s, n, points[i]) for i, (s, n) in enumerate(rest[:len(points)]))
    return RegionScore(region, tuple(counts), struck, places)


def region_scores(state: State) -> tuple[RegionScore, ...]:
    return tuple(score_region(state.board[i], state.settings.points[i], REGION_IDS[i])
                 for i in range(len(REGIONS)))


def malus_of(state: State, seat: int) -> int:
    return state.settings.malus if skeleton_count(state, seat) >= SKELETON_LIMIT else 0


def totals(state: State) -> tuple[int, ...]:
    """Each seat's victory points if the game ended now."""
    points = [0] * len(state.players)
    for score in region_scores(state):
        for seat, _, won in score.places:
            points[seat] += won
    return tuple(points[s] - malus_of(state, s) for s in range(len(state.players)))


def final_scores(state: State) -> list[int] | None:
    """Each seat's victory points once the game is over (the results' ranking and the
    exports), else None: the regions are scored at the end only."""
    return list(totals(state)) if state.result is not None else None


def final_outcome(state: State) -> Outcome:
    scores = totals(state)
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    if len(leaders) == 1:
        return Outcome((leaders[0],), Reason.MOST_POINTS)
    most = max(state.players[s].policy_chosen for s in leaders)
    chosen = tuple(s for s in leaders if state.players[s].policy_chosen == most)
    if len(chosen) == 1:
        return Outcome(chosen, Reason.POLICY_TIEBREAK)
    return Outcome(chosen, Reason.SHARED)
