"""Charts: each game's tracks and scores over its rounds, read from the table's log.

The log is the truth. Its actions in force (undone entries left out, corrections in place:
``Replay.effective``) are folded again from ``setup``, and the game's public view
(``to_json(state, None)``: never a secret) is read at the start and after each entry that
closed a round (``Replay.round_closers``). A game without rounds has no charts. What a chart
holds comes from the engine's optional hooks:

- ``chart_series(public) -> list[ChartSeries]``: the charts of the game and their values
  at one moment, read from its public view (several charts: Election USA's money and
  Sincerity); a value the view hides is left out of it (Edgar & Lucien's Cogs with hidden
  money);
- ``player_colours(public) -> list[str]``: each seat's colour (``#rrggbb``).

Without ``chart_series`` a game's chart is its score as the results read it: the first
whole-number public field among ``plays.SCORE_FIELDS``; without ``player_colours`` the
seats take the colours of ``PALETTE``. Nothing here knows Flask: ``web/chart_svg`` draws.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from . import plays
from .games.base import ChartSeries, GameError
from .tables import TableView, apply_logged

# Seats' colours for a game that names none: Okabe and Ito's palette, told apart by most
# colour-blind readers (every line has its own marker and dash besides).
PALETTE = ("#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442",
           "#999999")
CACHE_SIZE = 64


@dataclass(frozen=True)
class Line:
    """One line of a chart: a seat's (``seat``, the player's ``name``) or one of the game's
    own (``seat`` None, ``name`` the msgid naming it), a value per point of the chart."""

    seat: int | None
    name: str
    values: tuple[int | None, ...]


@dataclass(frozen=True)
class Chart:
    """One chart of a table: its values at the start (round 0) and at the end of each round
    the log closed (``rounds``, in order), a line per seat and per line of the game's own."""

    key: str
    title: str  # msgid
    rounds: tuple[int, ...]
    lines: tuple[Line, ...]
    colours: tuple[str, ...]  # per seat


def series_of(game: ModuleType, public: dict[str, Any]) -> list[ChartSeries]:
    """The game's charts at one moment, from its public view (its ``chart_series``, or the
    score the results read)."""
    hook = getattr(game, "chart_series", None)
    if hook is not None:
        return list(hook(public))
    players = public.get("players")
    if not isinstance(players, list):
        return []
    values, field = plays.public_score([p for p in players if isinstance(p, dict)])
    if values is None:
        return []
    return [ChartSeries(field, plays.SCORE_LABELS[field], tuple(values))]


def colours_of(game: ModuleType, public: dict[str, Any], seats: int) -> tuple[str, ...]:
    hook = getattr(game, "player_colours", None)
    if hook is not None:
        return tuple(str(c) for c in hook(public))
    return tuple(PALETTE[seat % len(PALETTE)] for seat in range(seats))


def samples(view: TableView) -> list[tuple[int, dict[str, Any]]]:
    """The public view at the start (round 0) and after each entry that closed a round,
    with the round's number, in the order of the rounds."""
    game = view.game
    closed = {seq: number for number, seq in view.replay.round_closers.items()}
    if not closed:
        return []
    state = game.setup(view.players, view.options)
    points = [(0, game.to_json(state, None))]
    for seq, action in view.replay.effective:
        state = apply_logged(game, state, action)
        if seq in closed:
            points.append((closed.pop(seq), game.to_json(state, None)))
            if not closed:
                break
    return sorted(points, key=lambda point: point[0])


def build(view: TableView) -> list[Chart]:
    """The table's charts: every chart the game had at its last point, each line's values
    at every point (None where that point had no such chart)."""
    points = samples(view)
    if len(points) < 2:
        return []
    game = view.game
    read = [{s.key: s for s in series_of(game, public)} for _, public in points]
    last_public = points[-1][1]
    names = [str(p.get("name", "")) for p in last_public.get("players", [])]
    seats = len(names)
    colours = colours_of(game, last_public, seats)
    charts = []
    for key, last in read[-1].items():
        at = [found.get(key) for found in read]
        lines = [Line(seat, names[seat],
                      tuple(_whole(s.values[seat]) if s and seat < len(s.values) else None
                            for s in at))
                 for seat in range(seats)]
        for index, (msgid, _value) in enumerate(last.others):
            lines.append(Line(None, msgid, tuple(
                _whole(s.others[index][1]) if s and index < len(s.others) else None
                for s in at)))
        charts.append(Chart(key, last.title, tuple(n for n, _ in points), tuple(lines),
                            colours))
    return charts


def _whole(value: Any) -> int | None:
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


_cache: OrderedDict[tuple[str, int], list[Chart]] = OrderedDict()
_lock = threading.Lock()


def charts(view: TableView) -> list[Chart]:
    """The table's charts at its version, folded once per version (a log only grows: a
    table's id and version name its charts)."""
    key = (view.id, view.version)
    with _lock:
        if key in _cache:
            _cache.move_to_end(key)
            return _cache[key]
    try:
        made = build(view)
    except GameError:
        made = []  # a log this release can no longer fold: no charts rather than no page
    with _lock:
        _cache[key] = made
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return made
