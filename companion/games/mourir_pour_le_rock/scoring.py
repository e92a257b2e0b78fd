"""Mourir pour le Rock: the final count, category by category, as on the score sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .state import State


def gear_sets(symbols: Sequence[str], values: Mapping[str, int]) -> tuple[int, int, int]:
    """The best split of the gear symbols into sets: (identical sets, different sets,
    points). Each card counts in one set at most."""
    size = values["gear_set_size"]
    same_points, diff_points = values["gear_identical_points"], values["gear_different_points"]
    counts = sorted((symbols.count(s) for s in set(symbols) if s), reverse=True)
    best = (0, 0, 0)

    def different_sets(left: Sequence[int]) -> int:
        # The most groups of `size` distinct symbols: the largest T with
        # sum(min(c, T)) >= size * T.
        t = 0
        while sum(min(c, t + 1) for c in left) >= size * (t + 1):
            t += 1
        return t

    def search(i: int, left: list[int], same: int) -> None:
        nonlocal best
        if i == len(left):
            diff = different_sets(left)
            points = same * same_points + diff * diff_points
            if points > best[2] or (points == best[2] and same + diff > best[0] + best[1]):
                best = (same, diff, points)
            return
        original = left[i]
        for k in range(original // size + 1):
            left[i] = original - k * size
            search(i + 1, left, same + k)
        left[i] = original

    search(0, counts, 0)
    return best


def score_of(state: State, seat: int) -> dict[str, int]:
    """The final count of one player, category by category, as on the score sheet."""
    p = state.players[seat]
    v = state.settings.values
    sets = gear_sets([g.symbol for g in p.gear], v)
    categories = {
        "tours": sum(t.souvenir for t in p.tours),
        "awards": sum(a.souvenir for a in p.awards),
        "objectives": sum(o.souvenir for o in p.objectives if o.done),
        "gear": sets[2] + sum(g.souvenir for g in p.gear),
        "fans": p.fans // v["fans_per_point"],
        "money": p.money // v["money_per_point"],
        "mental": max(p.mental, 0) * v["mental_points"],
        "bribe": v["bribe_points"] if state.bribe == seat else 0,
        "death": v["death_points"] if p.dead else 0,
        "play": p.souvenir,
    }
    categories["total"] = sum(categories.values())
    return categories


SCORE_CATEGORIES = ("tours", "awards", "objectives", "gear", "fans", "money", "mental", "bribe",
                    "death", "play")


def final_scores(state: State) -> list[int] | None:
    """Each seat's souvenir points once the count is made (the results' ranking and the
    exports), else None."""
    if state.result is None:
        return None
    return [score_of(state, s)["total"] for s in range(len(state.players))]


def ranking(state: State) -> list[int]:
    """Seats from the highest total to the lowest (ties keep seat order)."""
    totals = [score_of(state, s)["total"] for s in range(len(state.players))]
    return sorted(range(len(totals)), key=lambda s: -totals[s])
