"""Each game's chart over its rounds (``companion/charts.py``, drawn by
``companion/web/chart_svg.py``): one game of each played to its end, its charts checked
against the engine's own state at every round's end, on the results page, the history and
the shared screen; the log's undo and corrections followed; no secret charted (Edgar &
Lucien's hidden money); typed names escaped; every SVG well-formed."""

from __future__ import annotations

import dataclasses
import random
import re
import shutil
import types
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion import charts, plays
from companion.games import GAMES, get_game
from companion.games.base import ChartSeries
from companion.tables import Sender, TableView
from companion.web import chart_svg
from companion.web.common import service

SVG = "{http://www.w3.org/2000/svg}"
MAX_STEPS = 4000


# What the engine's own state holds at a moment, per chart, a value per seat (then Marine):
# read from the state itself, not from the public view the charts read.
ENGINE_VALUES: dict[str, Callable[[Any, Any], dict[str, list[int | None]]]] = {
    "casse-toi-pov-con": lambda game, s: {
        "popularity": [p.popularity for p in s.players] + [s.marine]},
    "edgar-et-lucien": lambda game, s: {
        "popularity": [p.popularity for p in s.players],
        **({} if s.settings.hidden_money else {"cogs": [p.cogs for p in s.players]})},
    "election-usa": lambda game, s: {"money": [p.money for p in s.players],
                                     "sincerity": [p.sincerity for p in s.players]},
    "mourir-pour-le-rock": lambda game, s: {
        "souvenir": [game.score_of(s, seat)["total"] for seat in range(len(s.players))]},
    "storm-candidate": lambda game, s: {"score": [p.score for p in s.players]},
}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, empty_database: Path) -> Iterator[Flask]:
    """One app for the module: the played games are shared by its tests."""
    from companion import create_app

    folder = tmp_path_factory.mktemp("charts")
    shutil.copy2(empty_database, folder / "test.sqlite")
    made = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'test.sqlite'}",
                       "SECRET_KEY": "test", "RATE_LIMIT": 100_000, "ACCEPT_SEEDS": True})
    yield made
    made.extensions["companion_db"].engine.dispose()


@dataclasses.dataclass
class Played:
    """A table played to its end, and the engine's state at the start and at each round's
    end, by round, as the play went (the states the service returned)."""

    table_id: str
    round_ends: dict[int, Any]


def _play(app: Flask, game_id: str, players: list[dict[str, Any]] | None = None,
          options: dict[str, Any] | None = None, seed: int = 5) -> Played:
    game = get_game(game_id)
    players = players or game.example_players(min(4, game.MAX_PLAYERS))
    seeds = {"seed": 3} if any(o.name == "seed" for o in game.OPTIONS) else {}
    rng = random.Random(seed)
    with app.app_context():
        svc = service()
        view = svc.create(game_id, players, {**seeds, **(options or {})})
        ends = {0: view.state}
        for _ in range(MAX_STEPS):
            if view.outcome is not None:
                break
            before = view.state
            try:
                view = svc.act(view.id, view.version, game.random_action(view.state, rng))
            except Exception:  # noqa: BLE001 - a refused random action: draw another
                continue
            was, now = game.round_number(before), game.round_number(view.state)
            if now > was or (view.outcome is not None and now == was):
                ends[was] = view.state
        assert view.outcome is not None, f"{game_id}: random play did not end"
        return Played(view.id, ends)


class _Played(dict[str, Played]):
    """Each game played when a test first asks for it: under pytest-xdist a worker plays
    only the games of the tests it runs."""

    def __init__(self, app: Flask) -> None:
        super().__init__()
        self.app = app

    def __missing__(self, game_id: str) -> Played:
        self[game_id] = _play(self.app, game_id)
        return self[game_id]


@pytest.fixture(scope="module")
def played(app: Flask) -> dict[str, Played]:
    return _Played(app)


def _view(app: Flask, table_id: str) -> TableView:
    with app.app_context():
        return service().get(table_id)


def _figures(html: str) -> list[str]:
    return re.findall(r'<figure class="chart".*?</figure>', html, re.S)


def _svg(figure: str) -> ET.Element:
    """The figure's SVG, parsed as XML (it must be well-formed)."""
    found = re.search(r"<svg\b.*?</svg>", figure, re.S)
    assert found, figure[:200]
    return ET.fromstring(found.group(0))


# ---------------------------------------------------------------------------- the values


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_chart_holds_the_engines_values_at_the_start_and_each_rounds_end(
        app: Flask, played: dict[str, Played], game_id: str) -> None:
    play = played[game_id]
    view = _view(app, play.table_id)
    game = view.game
    made = charts.build(view)
    rounds = sorted(play.round_ends)
    assert made and all(chart.rounds == tuple(rounds) for chart in made)
    expected = {r: ENGINE_VALUES[game_id](game, state) for r, state in play.round_ends.items()}
    assert [chart.key for chart in made] == list(expected[rounds[-1]])
    for chart in made:
        for index, number in enumerate(rounds):
            got = [line.values[index] for line in chart.lines]
            assert got == expected[number][chart.key], (chart.key, number)
        names = [p["name"] for p in view.players]
        assert [line.name for line in chart.lines[:len(names)]] == names
    if game_id == "casse-toi-pov-con":
        assert [(line.seat, line.name) for line in made[0].lines[len(view.players):]] == [
            (None, "Marine")]
    # The last point is the game's end: the results' scores where they are the charted value.
    if game_id in ("storm-candidate", "mourir-pour-le-rock"):
        assert [line.values[-1] for line in made[0].lines] == plays.scores(game, view.state)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_charts_whole_numbers_from_its_public_view(game_id: str) -> None:
    game = GAMES[game_id]
    players = game.example_players(game.MAX_PLAYERS)
    public = game.to_json(game.setup(players, {}), None)
    series = game.chart_series(public)
    assert series and len({s.key for s in series}) == len(series)
    for one in series:
        assert isinstance(one, ChartSeries) and len(one.values) == len(players)
        assert all(isinstance(v, int) for v in one.values)
    colours = game.player_colours(public)
    assert len(colours) == len(players)
    assert all(re.fullmatch(r"#[0-9a-f]{6}", c) for c in colours)


def test_a_game_without_the_hook_charts_its_public_score() -> None:
    plain = types.SimpleNamespace()
    public = {"players": [{"name": "Ann", "vp": 3}, {"name": "Bob", "vp": 5}]}
    [series] = charts.series_of(plain, public)
    assert (series.key, series.title, series.values) == ("vp", "Victory points", (3, 5))
    assert charts.series_of(plain, {"players": [{"name": "Ann", "vp": None}]}) == []
    assert charts.colours_of(plain, public, 2) == charts.PALETTE[:2]


def test_the_chart_follows_the_log_undo_and_corrections(app: Flask) -> None:
    """An undone round is not charted; a corrected round is charted as corrected, and every
    round after it folded again."""
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    results = [{"seat": s, "cards": 4, "cracked": False, "journalists": 4 if s == 0 else 0,
                "marine_cards": 0, "stars": 0, "forgot_marine": False} for s in range(2)]
    host = Sender(None, True)
    with app.app_context():
        svc = service()
        v = svc.create("casse-toi-pov-con", players, {})
        v = svc.act(v.id, v.version, {"type": "score_round", "results": results}, by=host)
        v = svc.act(v.id, v.version, {"type": "score_round", "results": results}, by=host)
        [chart] = charts.build(v)
        assert chart.rounds == (0, 1, 2)
        ann = chart.lines[0].values
        v = svc.undo(v.id, v.version, by=host)
        [chart] = charts.charts(v)
        assert chart.rounds == (0, 1) and chart.lines[0].values == ann[:2]
        fixed = [dict(r, journalists=0) for r in results]
        v = svc.amend(v.id, v.version, 1, {"type": "score_round", "results": fixed}, by=host)
        [chart] = charts.charts(v)
        assert chart.rounds == (0, 1)
        assert chart.lines[0].values[1] == v.state.players[0].popularity < ann[1]


# ---------------------------------------------------------------------------- the pages


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_results_history_and_shared_screen_draw_the_charts(
        app: Flask, played: dict[str, Played], game_id: str) -> None:
    view = _view(app, played[game_id].table_id)
    made = charts.build(view)
    client = app.test_client()
    pages = {"results": f"/t/{view.id}", "history": f"/t/{view.id}/log",
             "tv": f"/tv/{view.watch_token}"}
    for where, path in pages.items():
        html = client.get(path).get_data(as_text=True)
        figures = _figures(html)
        assert len(figures) == len(made), where
        assert html.count("<style>.charts") == 1, where
        for figure, chart in zip(figures, made, strict=True):
            svg = _svg(figure)
            assert svg.get("role") == "img" and svg.get("viewBox")
            title, desc = svg.find(f"{SVG}title"), svg.find(f"{SVG}desc")
            assert title is not None and desc is not None
            assert svg.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
            # Every value is in the description; a line, and a name, per seat.
            for line in chart.lines:
                values = ", ".join(f"{v:,}" for v in line.values if v is not None)
                assert f"{line.name}: {values}" in (desc.text or ""), where
            lines = svg.findall(f".//{SVG}g[@class='ch-line']")
            assert len(lines) == len(chart.lines)
            seats = [g.get("data-seat") for g in lines if g.get("data-seat") is not None]
            assert sorted(seats) == [str(s) for s in range(len(view.players))]
            names = [t.text or "" for t in svg.iter(f"{SVG}text")
                     if t.get("class") == "ch-name"]
            assert len(names) == len(chart.lines)
            for shown, line in zip(sorted(names), sorted(line.name for line in chart.lines),
                                   strict=True):
                assert shown == line or (shown.endswith("…") and line.startswith(shown[:-1]))
    # In French, the titles and the rounds in the reader's language.
    client.get("/language/fr")
    html = client.get(pages["results"]).get_data(as_text=True)
    if game_id == "edgar-et-lucien":
        assert "Période électorale 1–" in html and "Rouages" in html
    if game_id == "casse-toi-pov-con":
        assert "Manche 1–" in html and "Cote de popularité" in html


def test_no_chart_on_the_table_page_while_playing(app: Flask) -> None:
    """The table page during play stays as small as it was (its first load has a budget):
    the charts come with the results, and on the history page once a round is closed."""
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    results = [{"seat": s, "cards": 4, "cracked": False, "journalists": 0, "marine_cards": 0,
                "stars": 0, "forgot_marine": False} for s in range(2)]
    with app.app_context():
        svc = service()
        v = svc.create("casse-toi-pov-con", players, {})
        client = app.test_client()
        assert "chart" not in client.get(f"/t/{v.id}/log").get_data(as_text=True)
        svc.act(v.id, v.version, {"type": "score_round", "results": results},
                by=Sender(None, True))
    page = client.get(f"/t/{v.id}").get_data(as_text=True)
    assert "<figure" not in page and ".charts{" not in page
    assert len(_figures(client.get(f"/t/{v.id}/log").get_data(as_text=True))) == 1


# ---------------------------------------------------------------------------- no secret


def _with_more_cogs(game: Any) -> Any:
    """The same game, every player starting with two Cogs' units more (a robbery, which
    takes half rounded up to a unit, takes one unit more): a table that differs from the
    first only in a secret when money is hidden."""
    twin = types.ModuleType("twin")
    twin.__dict__.update(game.__dict__)

    def setup(players: Any, options: Any) -> Any:
        state = game.setup(players, options)
        return dataclasses.replace(state, players=tuple(
            dataclasses.replace(p, cogs=p.cogs + 2 * game.UNIT) for p in state.players))

    twin.setup = setup  # type: ignore[attr-defined]
    return twin


@pytest.mark.parametrize("hidden", [True, False])
def test_hidden_money_is_never_charted(app: Flask, hidden: bool) -> None:
    play = _play(app, "edgar-et-lucien", options={"hidden_money": hidden}, seed=2)
    view = _view(app, play.table_id)
    twin = dataclasses.replace(view, id=view.id + "-twin", game=_with_more_cogs(view.game))
    with app.test_request_context():
        drawn, twin_drawn = chart_svg.figures(view), chart_svg.figures(twin)
    keys = [chart.key for chart in charts.build(view)]
    assert twin_drawn  # the twin's log folds to its end too (the seed is chosen so)
    if hidden:
        assert keys == ["popularity"] and "Cogs" not in drawn
        assert drawn == twin_drawn.replace("-twin", "")  # nothing of the secret shows
    else:
        assert keys == ["popularity", "cogs"]
        assert drawn != twin_drawn  # the same comparison sees money that is not hidden


def test_charts_read_only_the_public_view(app: Flask, played: dict[str, Played],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    for game_id in GAMES:
        view = _view(app, played[game_id].table_id)
        game = view.game
        viewers: list[Any] = []
        real = game.to_json

        def spy(state: Any, viewer: Any = None, real: Any = real,
                viewers: list[Any] = viewers) -> Any:
            viewers.append(viewer)
            return real(state, viewer)

        monkeypatch.setattr(game, "to_json", spy)
        assert charts.build(view)
        assert viewers and set(viewers) == {None}, game_id
        monkeypatch.undo()


# ---------------------------------------------------------------------------- names


def test_typed_names_are_escaped_and_long_ones_cut(app: Flask) -> None:
    names = ["<b>Ann</b>", 'Tom & "Jerry"', "O'Brien ]]>", "Maximilienne-Alexandrine de la Tour"]
    parties = ["blue", "pink", "green", "orange"]
    results = [{"seat": s, "cards": 4, "cracked": False, "journalists": s, "marine_cards": 0,
                "stars": 0, "forgot_marine": False} for s in range(4)]
    with app.app_context():
        svc = service()
        v = svc.create("casse-toi-pov-con",
                       [{"name": n, "party": p} for n, p in zip(names, parties, strict=True)], {})
        svc.act(v.id, v.version, {"type": "score_round", "results": results},
                by=Sender(None, True))
    html = app.test_client().get(f"/t/{v.id}/log").get_data(as_text=True)
    [figure] = _figures(html)
    assert "<b>Ann" not in figure and "&lt;b&gt;Ann&lt;/b&gt;" in figure
    svg = _svg(figure)
    shown = [t.text for t in svg.iter(f"{SVG}text") if t.get("class") == "ch-name"]
    assert set(names[:3]) <= set(shown)
    [long] = [s for s in shown if s not in names and s != "Marine"]
    assert long.endswith("…") and names[3].startswith(long[:-1])
    assert f"{names[3]}: " in (svg.find(f"{SVG}desc").text or "")  # whole, for a reader


# ---------------------------------------------------------------------------- layout


def test_value_ticks_are_round_and_cover_the_values() -> None:
    for low, high in [(0, 1), (3, 14), (0, 112), (8, 16), (10_000, 150_000), (5, 5), (-3, 4)]:
        ticks = chart_svg.value_ticks(low, high)
        assert ticks[0] <= low and ticks[-1] >= high and 2 <= len(ticks) <= 5
        steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
        assert len(steps) == 1 and str(steps.pop()).strip("0") in ("1", "2", "25", "5")


def test_names_at_the_lines_ends_are_pushed_apart_and_kept_in_the_chart() -> None:
    rng = random.Random(2)
    for _ in range(200):
        targets = sorted(rng.uniform(0, 160) for _ in range(rng.randint(1, 9)))
        placed = chart_svg.spread(targets, 13.8, 6, 160)
        assert all(b - a >= 13.8 - 1e-9 for a, b in zip(placed, placed[1:], strict=False))
        if 13.8 * (len(targets) - 1) <= 154:
            assert placed[0] >= 6 - 1e-9 and placed[-1] <= 160 + 1e-9
