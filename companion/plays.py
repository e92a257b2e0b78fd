"""Plays: a table read as a finished (or running) play, for every game alike.

The results screen, the history page and the summaries every export and figure reads
(``companion.history``) read a table through the engine interface only: ``outcome(state)``,
``to_json(state, None)["players"]`` and the optional hooks

- ``final_scores(state) -> list[int] | None``: each seat's score, when the game has one;
- ``REASON_LABELS``: ``{reason: msgid}`` (or ``(msgid, values)``) for the reasons of its
  outcome;
- ``ROUND_LABEL``: what a round is called (``N_("Electoral Period %(n)s")``), for the
  log's dividers (default "Round %(n)s"); or ``round_label(n) -> Label`` when a round has
  a name of its own (a decade);
- ``label_params(msgid, params) -> dict``: a stored label's parameters as today's engine
  writes them (an amount an older engine stored as text, read back as a number).

Without ``final_scores`` a score is the first whole number among the public fields
``score``, ``points``, ``vp`` and ``popularity`` of each player (the track a group keeps by
hand); a game with none of them has no scores. Nothing here reads a secret: every value
comes from the public view (``viewer=None``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .games.base import N_, GameError, Label, Outcome

SCORE_FIELDS = ("score", "points", "vp", "popularity")

# Reasons that several games share, and the ones of the games that name none themselves.
REASONS = {
    "player_beyond_top": N_("A candidate went beyond the top of the track."),
    "player_below_bottom": N_("A candidate fell below the bottom of the track; the most "
                              "popular of the others wins."),
    "marine_elected": N_("Marine was elected: everybody loses."),
}
CONDITIONS_REASON = N_("Three conditions met at once: %(conditions)s.")
ROUND = N_("Round %(n)s")


def round_title(game: ModuleType, number: int) -> Label:
    """What the log's divider calls round ``number`` of this game (see ``ROUND_LABEL``)."""
    named = getattr(game, "round_label", None)
    if named is not None:
        return named(number)  # type: ignore[no-any-return]
    return Label(getattr(game, "ROUND_LABEL", ROUND), {"n": number})


@dataclass(frozen=True)
class Standing:
    seat: int
    name: str
    score: int | None
    rank: int
    winner: bool
    fields: dict[str, Any]  # the player's own typed fields (party, colour...)


def public_players(game: ModuleType, state: Any) -> list[dict[str, Any]]:
    try:
        players = game.to_json(state, None).get("players", [])
    except GameError:
        return []
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []


# What the score column is called, by where the score comes from.
SCORE_LABELS = {"score": N_("Score"), "points": N_("Points"), "vp": N_("Victory points"),
                "popularity": N_("Popularity")}


def scored(game: ModuleType, state: Any) -> tuple[list[int] | None, str]:
    """Each seat's score and where it comes from (``score`` for the engine's
    ``final_scores``, else the public field it was read from), or (None, "")."""
    hook = getattr(game, "final_scores", None)
    if hook is not None:
        result = hook(state)
        return (None, "") if result is None else ([int(s) for s in result], "score")
    return public_score(public_players(game, state))


def public_score(players: list[dict[str, Any]]) -> tuple[list[int] | None, str]:
    """The first whole-number public field among ``SCORE_FIELDS`` that every player has,
    and its name, or (None, "")."""
    for name in SCORE_FIELDS:
        values = [p.get(name) for p in players]
        if players and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return [int(v) for v in values], name  # type: ignore[arg-type]
    return None, ""


def scores(game: ModuleType, state: Any) -> list[int] | None:
    """Each seat's score (the engine's ``final_scores``, else the public track), or None."""
    return scored(game, state)[0]


def standings(game: ModuleType, state: Any, players: list[dict[str, Any]]) -> list[Standing]:
    """The ranking: the winners first (all rank 1, highest score first), then the others
    by score, highest first; players with the same score share a rank. Without scores,
    everyone but the winners shares a rank."""
    result: Outcome | None = game.outcome(state)
    winners = set(result.winners) if result else set()
    points = scores(game, state)
    fields = [{k: v for k, v in p.items() if k != "name"} for p in players]

    def score(seat: int) -> int:
        return points[seat] if points else 0

    def key(seat: int) -> tuple[int, int]:
        # Every winner shares rank 1 (a shared win); the others rank by score.
        return (0, 0) if seat in winners else (1, -score(seat))

    order = sorted(range(len(players)), key=lambda s: (key(s), -score(s), s))
    ranked: list[Standing] = []
    for index, seat in enumerate(order):
        rank = index + 1
        if ranked and key(ranked[-1].seat) == key(seat):
            rank = ranked[-1].rank
        ranked.append(Standing(seat, str(players[seat].get("name", "")),
                               points[seat] if points else None, rank, seat in winners,
                               fields[seat]))
    return ranked


def reason_label(game: ModuleType, reason: str) -> tuple[str, dict[str, Any]]:
    """The msgid (and its params) that says why the game ended."""
    own = getattr(game, "REASON_LABELS", {})
    if reason in own:
        label = own[reason]
        return (label[0], dict(label[1])) if isinstance(label, tuple) else (label, {})
    if reason in REASONS:
        return REASONS[reason], {}
    conditions = {c.get("id"): c.get("name_en") for c in
                  (getattr(game, "DATA", {}) or {}).get("conditions", ())}
    parts = reason.split("+")
    if conditions and all(p in conditions for p in parts):
        return CONDITIONS_REASON, {"conditions": [conditions[p] for p in parts]}
    return reason.replace("_", " "), {}


def play_id(table_id: str) -> str:
    """A stable id for a play that gives the table's address (a secret) away to nobody."""
    return hashlib.sha256(table_id.encode("utf-8")).hexdigest()[:12]
