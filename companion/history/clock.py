"""The game clock: when a table's game started and ended, and how long each round took,
read from its log (each entry keeps the moment it was made).

- **Start**: the first game action of the log (undone or not: the game had begun). Not the
  table's creation: a table is made before the phones have joined, the seats are taken and
  the rules are told, and a rematch is made the moment the last game ends, maybe long before
  the next is played. The first action is the first thing the game itself records.
- **End**: the entry that ended the game: the last action in force once the table has an
  outcome (what comes after it, an undo taken back or a correction that keeps the result,
  does not move the end).
- **Rounds**: round 1 runs from the start to the entry that closed it (``round_closers``,
  which the table keeps as it folds its log), each later round from the entry that closed
  the one before to its own closing entry; the round being played runs on, with no end yet.

Pure: no Flask, no database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class RoundTime:
    number: int
    started: datetime
    ended: datetime | None  # None: the round is being played

    @property
    def seconds(self) -> int | None:
        return None if self.ended is None else _seconds(self.started, self.ended)


@dataclass(frozen=True)
class Clock:
    started: datetime | None  # None: no action yet
    ended: datetime | None  # None: the game is not over (or never began)
    rounds: tuple[RoundTime, ...] = ()

    @property
    def seconds(self) -> int | None:
        """How long the game took, once it is over."""
        if self.started is None or self.ended is None:
            return None
        return _seconds(self.started, self.ended)

    @property
    def minutes(self) -> int | None:
        """The length in whole minutes (rounded), as BG Stats' ``durationMin`` takes it."""
        seconds = self.seconds
        return None if seconds is None else round(seconds / 60)


def _seconds(start: datetime, end: datetime) -> int:
    return max(0, round((end - start).total_seconds()))


def clock(times: Mapping[int, datetime], kinds: Mapping[int, str],
          effective: Sequence[int], closers: Mapping[int, int], finished: bool,
          open_round: int | None) -> Clock:
    """The clock of one table.

    ``times`` and ``kinds``: each entry's moment and kind by seq; ``effective``: the seqs of
    the actions in force, in order; ``closers``: the seq that closed each round; ``finished``:
    whether the table has an outcome; ``open_round``: the round being played (None for a
    game without rounds)."""
    actions = [seq for seq in sorted(kinds) if kinds[seq] == "action"]
    if not actions or actions[0] not in times:
        return Clock(None, None)
    started = times[actions[0]]
    ended = times.get(effective[-1]) if finished and effective else None
    rounds: list[RoundTime] = []
    begin = started
    for number in sorted(closers):
        at = times.get(closers[number])
        if at is None:
            continue
        rounds.append(RoundTime(number, begin, max(at, begin)))
        begin = max(at, begin)
    if not finished and open_round is not None and (not rounds or open_round > rounds[-1].number):
        rounds.append(RoundTime(open_round, begin, None))
    return Clock(started, ended, tuple(rounds))
