"""A group's figures, every one computed from its finished tables' summaries (themselves
summed up from the logs): plays per game, each player's plays and wins per game, each
player's last games, the longest and shortest games, the date of the last play; all of
them for one game when asked.

A player is a roster player where the seat was one (their name today, whatever was typed
then); a name typed at the table is the roster player of that name when the roster has one,
else a player of that name (names alike to the eye are one: "ann", "Ann", "Ａｎｎ"). Pure:
no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from ..inputs import name_key
from . import dates

LAST_GAMES = 5  # each player's last games shown


@dataclass(frozen=True)
class Play:
    """One finished play as the figures read it."""

    table_id: str
    game: str
    ended: datetime
    seconds: int | None
    winners: tuple[str, ...]  # the winners' names
    players: tuple[str, ...]  # every player's name, seat order


@dataclass(frozen=True)
class Result:
    """A player's result at one play (their last games)."""

    play: Play
    rank: int | None
    score: int | None
    winner: bool


@dataclass
class Tally:
    plays: int = 0
    wins: int = 0


@dataclass
class PlayerStats:
    key: str
    name: str
    plays: int = 0
    wins: int = 0
    per_game: dict[str, Tally] = field(default_factory=dict)  # by game id
    last: list[Result] = field(default_factory=list)  # newest first


@dataclass(frozen=True)
class Stats:
    game: str | None  # the game the figures are limited to, if any
    plays: int
    per_game: list[tuple[str, int]]  # (game id, plays), most played first
    players: list[PlayerStats]  # most plays first, then most wins, then by name
    longest: Play | None
    shortest: Play | None
    last_played: datetime | None
    games: list[str]  # every game the group has finished a play of (the filter's choices)


def player_key(name: str, roster: Any = None,
               by_name: Mapping[str, int] | None = None) -> str:
    """Who a seat was, across tables (``by_name``: the roster's players by ``name_key``)."""
    if roster is None and by_name:
        roster = by_name.get(name_key(name))
    if roster is not None:
        return f"roster:{roster}"
    return "name:" + name_key(name)


def compute(found: Sequence[tuple[str, Mapping[str, Any]]], game: str | None = None,
            roster_names: Mapping[int, str] | None = None) -> Stats:
    """The figures of the finished plays among ``found`` (table ids and summaries), for
    ``game`` alone when given. ``roster_names``: each roster player's name today."""
    names = roster_names or {}
    by_name = {name_key(name): roster for roster, name in names.items()}
    finished = [(t, s) for t, s in found if s.get("finished") and dates.parse(s.get("ended"))]
    games = sorted({s["game"] for _t, s in finished})
    chosen = [(t, s) for t, s in finished if game is None or s["game"] == game]
    chosen.sort(key=lambda pair: (pair[1]["ended"], pair[0]))
    per_game: dict[str, int] = {}
    players: dict[str, PlayerStats] = {}
    timed: list[Play] = []
    last_played: datetime | None = None
    for table_id, summary in chosen:
        seated = summary["players"]

        def roster_of(player: Mapping[str, Any]) -> Any:
            roster = player.get("roster")
            return roster if roster is not None else by_name.get(name_key(player["name"]))

        def shown(player: Mapping[str, Any]) -> str:
            roster = roster_of(player)
            return names.get(roster, player["name"]) if roster is not None else player["name"]

        ended = dates.parse(summary["ended"])
        assert ended is not None
        play = Play(table_id, summary["game"], ended, summary.get("seconds"),
                    tuple(shown(p) for p in seated if p["winner"]),
                    tuple(shown(p) for p in sorted(seated, key=lambda p: p["seat"])))
        per_game[play.game] = per_game.get(play.game, 0) + 1
        last_played = ended if last_played is None or ended > last_played else last_played
        if isinstance(play.seconds, int):
            timed.append(play)
        for player in seated:
            key = player_key(player["name"], roster_of(player))
            stats = players.get(key)
            if stats is None:
                stats = players[key] = PlayerStats(key, shown(player))
            elif roster_of(player) is None:
                stats.name = player["name"]  # the latest spelling typed
            tally = stats.per_game.setdefault(play.game, Tally())
            stats.plays += 1
            tally.plays += 1
            if player["winner"]:
                stats.wins += 1
                tally.wins += 1
            stats.last.append(Result(play, player.get("rank"), player.get("score"),
                                     bool(player["winner"])))
    for stats in players.values():
        stats.last = stats.last[::-1][:LAST_GAMES]
    return Stats(
        game=game,
        plays=len(chosen),
        per_game=sorted(per_game.items(), key=lambda item: (-item[1], item[0])),
        players=sorted(players.values(), key=lambda p: (-p.plays, -p.wins, p.name.casefold())),
        longest=max(timed, key=lambda p: (p.seconds or 0, p.ended), default=None),
        shortest=min(timed, key=lambda p: (p.seconds or 0, p.ended), default=None),
        last_played=last_played,
        games=games,
    )
