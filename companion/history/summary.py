"""One play summed up from its log: the game clock, the ranking, the start player.

A summary is a plain JSON object, so storage keeps it as it is (``store``) and every export
and figure reads it without folding the log again. Its moments are UTC (``dates.stored``);
the readers put them in a time zone. Rounds follow one another, so each is kept as its
number and the second it ended at, counted from the start (``[[1, 840], [2, 1500]]``; None
for the round being played): a thousand summaries stay small to read. ``FORMAT`` moves
whenever what a summary holds changes: a summary of another format is made again from the
log.

The start player is the engine's: its ``start_seat(state)`` hook, asked of each state from
the setup on until it names a seat (폭풍의 대권주자's first round orders the bus from
revealed cards), else the one seat the game waits for at setup (the first player of Edgar &
Lucien, Election USA and Mourir pour le Rock), else nobody (Casse-toi: everyone plays at
once).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from types import ModuleType
from typing import Any

from .. import plays
from ..games.base import GameError
from ..tables import Replay, apply_logged
from . import dates
from .clock import Clock, RoundTime, clock

FORMAT = 2


def start_seat(game: ModuleType, players: Any, options: Any,
               effective: Sequence[tuple[int, Mapping[str, Any]]]) -> int | None:
    """The seat that played first (see the module's docstring), or None."""
    try:
        state = game.setup(players, options)
    except GameError:
        return None
    hook = getattr(game, "start_seat", None)
    if hook is None:
        active = game.active_seats(state) if hasattr(game, "active_seats") else []
        return active[0] if len(active) == 1 else None
    round_of = getattr(game, "round_number", None)
    first_round = round_of(state) if round_of else None
    for _seq, action in [(0, None), *effective]:
        if action is not None:
            try:
                state = apply_logged(game, state, action)
            except GameError:
                return None
        seat = hook(state)
        if seat is not None:
            return int(seat)
        if round_of is not None and round_of(state) != first_round:
            return None  # the first round is over and named nobody
    return None


def last_round(game: ModuleType, replay: Replay, finished: bool) -> int | None:
    """The round a play stands in, or for a finished play the round it ended in (a game
    whose counter moves on as its last round is scored, as Casse-toi's does, never played
    that next round): the last round an entry closed."""
    round_of = getattr(game, "round_number", None)
    if round_of is None:
        return None
    if finished and replay.round_closers:
        return int(max(replay.round_closers))
    return int(round_of(replay.state))


def clock_of(game: ModuleType, replay: Replay, entries: Sequence[tuple[int, str, datetime]],
             finished: bool) -> Clock:
    """The table's clock from its entries ``(seq, kind, created_at)`` and its fold."""
    round_of = getattr(game, "round_number", None)
    return clock({seq: at for seq, _kind, at in entries},
                 {seq: kind for seq, kind, _at in entries},
                 [seq for seq, _action in replay.effective], replay.round_closers, finished,
                 int(round_of(replay.state)) if round_of else None)


def summarize(game: ModuleType, players: list[dict[str, Any]], options: Any, replay: Replay,
              entries: Sequence[tuple[int, str, datetime]], created: datetime | None,
              updated: datetime | None) -> dict[str, Any]:
    """The summary of one table at the version ``entries`` run to. Who of a group's roster
    sat where is not in it (the roster changes, the log does not): ``store`` adds it as it
    reads."""
    result = game.outcome(replay.state)
    finished = result is not None
    timing = clock_of(game, replay, entries, finished)
    fields = {f["name"] for f in game.player_fields()}
    standings = sorted(plays.standings(game, replay.state, players), key=lambda s: s.seat)
    source = plays.scored(game, replay.state)[1]
    return {
        "format": FORMAT,
        "game": game.ID,
        "finished": finished,
        "reason": result.reason if result else None,
        "created": dates.stored(created),
        "updated": dates.stored(updated),
        "started": dates.stored(timing.started),
        "ended": dates.stored(timing.ended),
        "seconds": timing.seconds,
        "rounds": [[r.number, None if r.ended is None or timing.started is None
                    else round((r.ended - timing.started).total_seconds())]
                   for r in timing.rounds],
        "round": last_round(game, replay, finished),
        "entries": len(entries),
        "start_seat": start_seat(game, players, options, replay.effective),
        "score_field": source,
        "players": [
            {"seat": s.seat, "name": s.name, "score": s.score,
             "rank": s.rank if finished else None, "winner": s.winner,
             **{k: v for k, v in s.fields.items() if k in fields}}
            for s in standings],
    }


def clock_from(summary: Mapping[str, Any]) -> Clock:
    """A summary's clock back as a ``Clock``: each round from the end of the one before (or
    the start) to its own end."""
    started = dates.parse(summary.get("started"))
    if started is None:
        return Clock(None, None)
    rounds = []
    begin = started
    for number, ended in summary.get("rounds", ()):
        end = None if ended is None else started + timedelta(seconds=ended)
        rounds.append(RoundTime(int(number), begin, end))
        begin = end or begin
    return Clock(started, dates.parse(summary.get("ended")), tuple(rounds))
