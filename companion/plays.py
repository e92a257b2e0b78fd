"""Plays: a table read as a finished (or running) play, for every game alike.

The results screen, the exports (CSV, JSON, a BG Stats import file) and the history page
read a table through the engine interface only: ``outcome(state)``,
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

import csv
import hashlib
import io
from dataclasses import dataclass
from datetime import datetime
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
    players = public_players(game, state)
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


def _iso(moment: datetime | None) -> str | None:
    return moment.replace(microsecond=0).isoformat() + "Z" if moment else None


def _last_round(view: Any) -> int:
    """The round a play stands in, or for a finished play the round it ended in (a game
    whose counter moves on as its last round is scored, as Casse-toi's does, never played
    that next round): the last round an entry closed."""
    closers = view.replay.round_closers
    if view.outcome is not None and closers:
        return int(max(closers))
    return int(view.game.round_number(view.state))


def record(view: Any, created: datetime | None, updated: datetime | None,
           reason_text: str | None = None) -> dict[str, Any]:
    """One play as JSON: the game, when, how it ended, each player's score and rank."""
    game = view.game
    result = view.outcome
    round_of = getattr(game, "round_number", None)
    return {
        "id": play_id(view.id),
        "game": game.ID,
        "game_name": game.NAME,
        "started": _iso(created),
        "updated": _iso(updated),
        "finished": result is not None,
        "reason": result.reason if result else None,
        "reason_text": reason_text,
        "round": _last_round(view) if round_of else None,
        "entries": view.version,
        "players": [
            {"seat": s.seat, "name": s.name, "score": s.score, "rank": s.rank if result else None,
             "winner": s.winner, **{k: v for k, v in s.fields.items()
                                    if k in {f["name"] for f in game.player_fields()}}}
            for s in sorted(standings(game, view.state, view.players), key=lambda s: s.seat)
        ],
    }


CSV_COLUMNS = ("play_id", "game", "game_name", "started", "updated", "finished", "reason",
               "round", "seat", "player", "details", "score", "rank", "winner")


def csv_text(plays: list[dict[str, Any]]) -> str:
    """All plays, one row per player per play."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    fixed = {"seat", "name", "score", "rank", "winner"}
    for play in plays:
        for player in play["players"]:
            details = "; ".join(f"{k}={v}" for k, v in player.items() if k not in fixed)
            writer.writerow([
                play["id"], play["game"], play["game_name"], play["started"] or "",
                play["updated"] or "", "true" if play["finished"] else "false",
                play["reason"] or "", "" if play["round"] is None else play["round"],
                player["seat"], _cell(player["name"]), _cell(details),
                "" if player["score"] is None else player["score"],
                "" if player["rank"] is None else player["rank"],
                "true" if player["winner"] else "false"])
    return out.getvalue()


def _cell(text: str) -> str:
    """A typed name never runs as a spreadsheet formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def bgstats(play: dict[str, Any], source_url: str | None = None) -> dict[str, Any]:
    """One play in BG Stats' play-import format (players, scores, winner, date, game)."""
    date = (play["updated"] or play["started"] or "").replace("T", " ").rstrip("Z")
    players = []
    for player in play["players"]:
        entry: dict[str, Any] = {"name": player["name"], "winner": bool(player["winner"]),
                                 "seatOrder": player["seat"] + 1,
                                 "sourcePlayerId": f"{play['id']}-{player['seat']}"}
        if player["score"] is not None:
            entry["score"] = str(player["score"])
        if player.get("rank") is not None:
            entry["rank"] = player["rank"]
        players.append(entry)
    result: dict[str, Any] = {
        "sourceName": "Table companion",
        "game": {"name": play["game_name"], "sourceGameId": play["game"], "highestWins": True,
                 "noPoints": all(p["score"] is None for p in play["players"])},
        "playDate": date,
        "sourcePlayId": play["id"],
        "ignored": False,
        "manualWinner": True,
        "players": players,
    }
    if source_url:
        result["sourceUrl"] = source_url
    return result
