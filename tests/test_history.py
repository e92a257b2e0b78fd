"""The game clock, the BG Stats play, the exports with local dates and a group's stats, over
one group whose tables (one finished play of each game, a play of typed names, a running
table) are played once for the whole module, their log's moments set to a schedule."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from history_tables import (
    finished_table,
    linked,
    make_group,
    play_out,
    retime,
    roster_players,
)
from sqlalchemy import select

from companion.db import EntryRow, Group, PlaySummary, TableRow
from companion.games import GAMES
from companion.groups import store as groups
from companion.history import bgstats, clock, stats, store
from companion.history.summary import FORMAT, clock_from
from companion.tables import replay_entries
from companion.web.common import service

# One worker plays the group's tables for every test here (tests/run.sh: --dist loadgroup).
pytestmark = pytest.mark.xdist_group("history-plays")

NAMES = ["Ann", "Bruno", "Cécile"]
STEP = timedelta(seconds=40)
FIRST = datetime(2026, 12, 5, 19, 0)  # UTC: 20:00 in Paris (winter time, +01:00)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory, empty_database: Path) -> Iterator[Flask]:
    from companion import create_app

    folder = tmp_path_factory.mktemp("history")
    shutil.copy2(empty_database, folder / "test.sqlite")
    made = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'test.sqlite'}",
                       "SECRET_KEY": "test", "RATE_LIMIT": 100_000})
    yield made
    made.extensions["companion_db"].engine.dispose()


@pytest.fixture(scope="module")
def played(app: Flask) -> dict[str, Any]:
    """The group "Les Martin" (Europe/Paris, roster Ann, Bruno, Cécile): one finished play of
    each game with the roster at seats 0-2, the game of day ``i`` started at FIRST + i days,
    an entry every 40 s; a Casse-toi play of typed names ("ann", "Zoé", "Bruno"); a running
    Election USA table. Besides, a finished table of no group."""
    with app.app_context():
        svc = service()
        group_id, token, ids = make_group(svc.db, "Les Martin", "Europe/Paris", NAMES)
        seats = {seat: ids[name] for seat, name in enumerate(NAMES)}
        tables: dict[str, str] = {}
        for day, game_id in enumerate(sorted(GAMES)):
            view = finished_table(svc, game_id, roster_players(game_id, NAMES), 3,
                                  linked(group_id, seats))
            retime(svc.db, view.id, FIRST + timedelta(days=day), STEP)
            tables[game_id] = view.id
        typed = finished_table(svc, "casse-toi-pov-con",
                               roster_players("casse-toi-pov-con", ["ann", "Zoé", "Bruno"]), 5,
                               linked(group_id, {}))
        retime(svc.db, typed.id, FIRST + timedelta(days=9), STEP)
        running = svc.create("election-usa", roster_players("election-usa", NAMES), {},
                             also=linked(group_id, seats))
        running = play_out(svc, running, random.Random(1), steps=3)
        other = finished_table(svc, "edgar-et-lucien",
                               roster_players("edgar-et-lucien", ["Xavier", "Yves"]), 3)
    return {"group": group_id, "token": token, "ids": ids, "tables": tables,
            "typed": typed.id, "running": running.id, "other": other.id}


def entry_times(app: Flask, table_id: str) -> dict[int, tuple[str, datetime]]:
    with app.app_context(), service().db.read() as session:
        return {e.seq: (e.kind, e.created_at) for e in session.scalars(
            select(EntryRow).where(EntryRow.table_id == table_id))}


def view_of(app: Flask, table_id: str) -> Any:
    with app.app_context():
        return service().get(table_id)


# ---------------------------------------------------------------------------- the clock


def test_the_clock_runs_from_the_first_action_to_the_entry_that_ended_the_game() -> None:
    """Synthetic log: a seat taken before the game, an action undone, rounds closed by
    entries 3 and 6; the game ended at entry 7, an undo after it (taken back by a redo)."""
    at = {seq: datetime(2026, 1, 1, 20, 0) + timedelta(minutes=5 * seq) for seq in range(1, 10)}
    kinds = {1: "seat", 2: "action", 3: "action", 4: "action", 5: "undo", 6: "action",
             7: "action", 8: "undo", 9: "redo"}
    timing = clock.clock(at, kinds, [2, 3, 6, 7], {1: 3, 2: 6, 3: 7}, True, 3)
    assert timing.started == at[2]  # the first action, not the seat taken before
    assert timing.ended == at[7]  # the entry that ended the game, not the undo after it
    assert timing.seconds == 25 * 60 and timing.minutes == 25
    assert [(r.number, r.started, r.ended) for r in timing.rounds] == [
        (1, at[2], at[3]), (2, at[3], at[6]), (3, at[6], at[7])]
    running = clock.clock(at, kinds, [2, 3], {1: 3}, False, 2)
    assert running.ended is None and running.seconds is None
    assert [(r.number, r.ended) for r in running.rounds] == [(1, at[3]), (2, None)]
    assert clock.clock(at, {1: "seat"}, [], {}, False, 1) == clock.Clock(None, None)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_game_s_clock_is_read_from_its_log(app: Flask, played: dict[str, Any],
                                               game_id: str) -> None:
    table_id = played["tables"][game_id]
    view = view_of(app, table_id)
    times = entry_times(app, table_id)
    with app.app_context():
        summary = store.summary_of_view(service(), view)
    first_action = min(seq for seq, (kind, _at) in times.items() if kind == "action")
    last = view.replay.effective[-1][0]
    assert summary["started"] == times[first_action][1].isoformat()
    assert summary["ended"] == times[last][1].isoformat()
    assert summary["seconds"] == (last - first_action) * STEP.seconds
    rounds = clock_from(summary).rounds
    # Rounds follow one another from the start to the end, each closed by its closer.
    assert rounds[0].started == times[first_action][1] and rounds[-1].ended == times[last][1]
    assert all(a.ended == b.started for a, b in zip(rounds, rounds[1:], strict=False))
    assert [r.number for r in rounds] == sorted(view.replay.round_closers)
    assert [r.ended for r in rounds] == [times[s][1]
                                         for _n, s in sorted(view.replay.round_closers.items())]


def test_results_and_history_pages_show_the_clock_in_the_reader_s_language(
        app: Flask, played: dict[str, Any]) -> None:
    table_id = played["tables"]["storm-candidate"]
    with app.app_context():
        summary = store.summary_of_view(service(), view_of(app, table_id))
    hours, minutes = divmod(round(summary["seconds"] / 60), 60)
    assert hours and minutes, summary["seconds"]  # the schedule makes it over an hour
    client = app.test_client()
    expected = {"en": f"Game time: {hours} h {minutes} min"}
    from flask_babel import force_locale

    from companion.i18n import gettext

    for lang in ("fr", "ko"):  # the page's language: "Durée de la partie : 2 h 12 min"...
        with app.test_request_context(), force_locale(lang):
            expected[lang] = gettext("Game time: %(time)s", time=gettext(
                "%(h)s h %(m)s min", h=hours, m=minutes))
    for lang, text in expected.items():
        client.get(f"/language/{lang}")
        page = client.get(f"/t/{table_id}").get_data(as_text=True)
        assert text in page, lang
        assert "round-times" in page  # each round's length, folded
        assert text in client.get(f"/t/{table_id}/log").get_data(as_text=True)
    client.get("/language/en")
    log = client.get(f"/t/{table_id}/log").get_data(as_text=True)
    # Each closed round's divider gives its length.
    length = round(clock_from(summary).rounds[0].seconds / 60)
    assert re.search(rf'<li class="divider"><span>[^<]* · {length} min</span>', log)


# ---------------------------------------------------------------------------- BG Stats

# What BG Stats documents for a play pushed to it, field by field, with its type: the
# createPlay format of "Push plays to BG Stats from other apps or websites",
# https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/
# (the page's example play and its list of elements). Required here: the fields the page
# makes required (sourceName, sourcePlayId, playDate, the game's name) and the ones BG Stats'
# Android app refuses a play without (highestWins, noPoints, winner, startPlayer).
PLAY_FIELDS = {"sourceName": (str, True), "sourcePlayId": (str, True),
               "playDate": (str, True), "durationMin": (int, False),
               "location": (str, False), "board": (str, False), "comments": (str, False),
               "game": (dict, True), "players": (list, True)}
GAME_FIELDS = {"name": (str, True), "bggId": (int, False), "sourceGameId": (str, False),
               "highestWins": (bool, True), "noPoints": (bool, True)}
PLAYER_FIELDS = {"name": (str, True), "sourcePlayerId": (str, False),
                 "score": ((int, float), False), "winner": (bool, True),
                 "startPlayer": (bool, True), "rank": (int, False), "role": (str, False)}
PLAY_DATE = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")  # "2020-10-23 19:16:58"


def check_fields(found: dict[str, Any], schema: dict[str, tuple[Any, bool]],
                 where: str) -> None:
    assert set(found) <= set(schema), f"{where}: undocumented {set(found) - set(schema)}"
    for name, (kind, required) in schema.items():
        if required:
            assert name in found, f"{where}: {name} missing"
        if name in found:
            value = found[name]
            assert isinstance(value, kind) and not (
                kind is not bool and isinstance(value, bool)), f"{where}.{name}: {value!r}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_bg_stats_play_has_every_documented_field_with_its_type(
        app: Flask, played: dict[str, Any], game_id: str) -> None:
    table_id = played["tables"][game_id]
    client = app.test_client()
    play = client.get(f"/api/tables/{table_id}/bgstats.json").json
    check_fields(play, PLAY_FIELDS, "play")
    check_fields(play["game"], GAME_FIELDS, "game")
    for player in play["players"]:
        check_fields(player, PLAYER_FIELDS, "player")
    assert PLAY_DATE.fullmatch(play["playDate"])
    view = view_of(app, table_id)
    times = entry_times(app, table_id)
    ended = times[view.replay.effective[-1][0]][1]
    assert play["playDate"] == ended.strftime("%Y-%m-%d %H:%M:%S")  # UTC, the end
    first = min(seq for seq, (kind, _at) in times.items() if kind == "action")
    assert play["durationMin"] == round((ended - times[first][1]).total_seconds() / 60)
    assert play["location"] == "Les Martin"
    assert play["sourceName"] == "Table companion" and table_id not in json.dumps(play)
    assert play["game"]["sourceGameId"] == game_id
    assert [p["name"] for p in play["players"]] == NAMES
    assert {p["name"] for p in play["players"] if p["winner"]} == {
        NAMES[s] for s in view.outcome.winners}
    # The same person has the same id at every table of the group (the roster player).
    assert [p["sourcePlayerId"] for p in play["players"]] == [
        f"roster-{played['ids'][n]}" for n in NAMES]


def test_only_a_verified_bgg_id_is_sent() -> None:
    """Fremde Federn / Copycat (폭풍의 대권주자) is BoardGameGeek 114031; the other four
    have no verified id and are sent by name (BG Stats asks the user once)."""
    data = bgstats.game_data()
    assert set(data) == set(GAMES)
    assert {g: d["bgg_id"] for g, d in data.items() if "bgg_id" in d} == {
        "storm-candidate": 114031}
    assert all(isinstance(d["highest_wins"], bool) and isinstance(d["no_points"], bool)
               for d in data.values())
    text = bgstats.DATA_FILE.read_text("utf-8")
    for game_id in GAMES:  # each game says where its id comes from, or that it is unknown
        section = text.split(f"[{game_id}]\n", 1)[1].lstrip()
        assert section.startswith("#"), game_id
        assert ("BGG id unknown" in section.split("\n")[0]) != ("bgg_id" in data[game_id])


def test_the_start_player_is_each_game_s_first_player(app: Flask,
                                                      played: dict[str, Any]) -> None:
    client = app.test_client()

    def starters(game_id: str) -> list[str]:
        play = client.get(f"/api/tables/{played['tables'][game_id]}/bgstats.json").json
        return [p["name"] for p in play["players"] if p["startPlayer"]]

    # Seat 0 begins: the most richly dressed (Edgar & Lucien), the first in seating order
    # (Election USA, Mourir pour le Rock); Casse-toi's crowd is played by all at once.
    for game_id in ("edgar-et-lucien", "election-usa", "mourir-pour-le-rock"):
        assert starters(game_id) == [NAMES[0]], game_id
    assert starters("casse-toi-pov-con") == []
    # 폭풍의 대권주자: the bus of round 1 puts the highest revealed priority number first.
    with app.app_context(), service().db.read() as session:
        reveal = next(e for e in session.scalars(select(EntryRow).where(
            EntryRow.table_id == played["tables"]["storm-candidate"]).order_by(EntryRow.seq))
            if e.revealed)
    numbers = {seat: number or 0 for seat, number in reveal.revealed["values"]}
    best = max(numbers.values())
    if list(numbers.values()).count(best) == 1:
        assert starters("storm-candidate") == [NAMES[max(numbers, key=numbers.get)]]


def test_the_results_page_opens_the_play_in_bg_stats(app: Flask,
                                                     played: dict[str, Any]) -> None:
    table_id = played["tables"]["storm-candidate"]
    client = app.test_client()
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    found = re.search(r'<a href="([^"]+)" rel="noopener" data-bgstats-link>Open in BG Stats</a>',
                      page)
    assert found
    link = found.group(1).replace("&amp;", "&")
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    carried = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert carried == client.get(f"/t/{table_id}/bgstats.json").json
    assert carried["game"]["bggId"] == 114031


def test_a_link_too_long_to_open_everywhere_is_not_offered() -> None:
    play = {"sourceName": "x", "comments": "é" * 3000}
    assert bgstats.link(play) is None
    assert bgstats.link({"sourceName": "x"}).endswith("%7B%22sourceName%22%3A%22x%22%7D")


# ---------------------------------------------------------------------------- exports

OFFSET_DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d")


def test_a_table_s_export_gives_local_dates_with_their_offset(
        app: Flask, played: dict[str, Any]) -> None:
    table_id = played["tables"]["edgar-et-lucien"]
    client = app.test_client()
    play = client.get(f"/t/{table_id}/export.json").json["plays"][0]
    assert play["time_zone"] == "Europe/Paris" and play["group"] == "Les Martin"
    for key in ("created", "started", "ended", "updated"):
        assert OFFSET_DATE.fullmatch(play[key]), key
    with app.app_context():
        summary = store.summary_of_view(service(), view_of(app, table_id))
    started = datetime.fromisoformat(summary["started"]).replace(tzinfo=UTC)
    assert play["started"] == started.astimezone(ZoneInfo("Europe/Paris")).isoformat()
    assert play["started"].endswith("+01:00")  # December in Paris
    assert datetime.fromisoformat(play["started"]) == started  # the same instant
    assert play["duration_min"] == round(summary["seconds"] / 60)
    assert play["rounds"][0]["started"] == play["started"]
    seoul = client.get(f"/api/tables/{table_id}/export.json?tz=Asia/Seoul").json["plays"][0]
    assert seoul["started"].endswith("+09:00") and seoul["time_zone"] == "Asia/Seoul"
    assert datetime.fromisoformat(seoul["started"]) == started
    rows = list(csv.DictReader(io.StringIO(
        client.get(f"/t/{table_id}/export.csv").get_data(as_text=True))))
    assert {r["started"] for r in rows} == {play["started"]}
    assert [r["start_player"] for r in rows] == ["true", "false", "false"]


def test_an_unknown_time_zone_is_refused_with_its_name(app: Flask,
                                                       played: dict[str, Any]) -> None:
    table_id = played["tables"]["edgar-et-lucien"]
    client = app.test_client()
    page = client.get(f"/t/{table_id}/export.csv?tz=Mars/Olympus")
    assert page.status_code == 400 and "Mars/Olympus" in page.get_data(as_text=True)
    api = client.get(f"/api/tables/{table_id}/export.json?tz=../etc/passwd")
    assert api.status_code == 400 and api.json["error"]["code"] == "bad_time_zone"
    assert client.get(f"/g/{played['token']}/plays.json?tz=Nowhere").status_code == 400


def test_a_group_s_whole_history_is_one_file(app: Flask, played: dict[str, Any]) -> None:
    client = app.test_client()
    body = client.get(f"/g/{played['token']}/plays.json")
    assert body.headers["Content-Disposition"] == 'attachment; filename="plays-Les-Martin.json"'
    found = body.json["plays"]
    # Every table of the group, finished and running; none of another group's.
    assert len(found) == len(played["tables"]) + 2
    assert sum(not p["finished"] for p in found) == 1
    assert {p["group"] for p in found} == {"Les Martin"}
    assert all(OFFSET_DATE.fullmatch(p["created"]) for p in found)
    ended = [p["ended"] for p in found if p["finished"]]
    assert all(e.endswith("+01:00") for e in ended)
    rows = list(csv.DictReader(io.StringIO(
        client.get(f"/g/{played['token']}/plays.csv").get_data(as_text=True))))
    assert len(rows) == sum(len(p["players"]) for p in found)
    assert {r["play_id"] for r in rows} == {p["id"] for p in found}
    assert client.get("/g/nonexistent-link/plays.csv").status_code == 404


# ---------------------------------------------------------------------------- stats


def expected_figures(app: Flask, played: dict[str, Any]) -> dict[str, Any]:
    """The figures counted straight from the tables (their outcomes, their logs' times)."""
    ids = [*played["tables"].values(), played["typed"]]
    wins: dict[str, int] = {}
    plays: dict[str, int] = {}
    per_game: dict[str, int] = {}
    lengths = {}
    for table_id in ids:
        view = view_of(app, table_id)
        per_game[view.game.ID] = per_game.get(view.game.ID, 0) + 1
        for seat, player in enumerate(view.players):
            name = player["name"].casefold()
            plays[name] = plays.get(name, 0) + 1
            wins[name] = wins.get(name, 0) + (seat in view.outcome.winners)
        times = entry_times(app, table_id)
        first = min(seq for seq, (kind, _at) in times.items() if kind == "action")
        lengths[table_id] = times[view.replay.effective[-1][0]][1] - times[first][1]
    return {"wins": wins, "plays": plays, "per_game": per_game, "lengths": lengths}


def test_the_group_s_figures_are_counted_from_its_tables(app: Flask,
                                                         played: dict[str, Any]) -> None:
    expected = expected_figures(app, played)
    with app.app_context():
        found = store.summaries(service(), TableRow.group_id == played["group"])
    names = {v: k for k, v in played["ids"].items()}
    figures = stats.compute(found, None, names)
    assert figures.plays == 6  # the running table is not a play yet
    assert dict(figures.per_game) == expected["per_game"]
    # "ann" and "Bruno" typed at a table are the roster's Ann and Bruno: one row each.
    assert [p.name for p in figures.players].count("Bruno") == 1
    assert {p.name.casefold(): p.plays for p in figures.players} == expected["plays"]
    assert {p.name.casefold(): p.wins for p in figures.players} == expected["wins"]
    longest = max(expected["lengths"], key=expected["lengths"].get)
    shortest = min(expected["lengths"], key=expected["lengths"].get)
    assert figures.longest.table_id == longest and figures.shortest.table_id == shortest
    assert figures.longest.seconds == expected["lengths"][longest].total_seconds()
    assert figures.last_played == max(datetime.fromisoformat(s["ended"]) for _t, s in found
                                      if s["finished"])
    bruno = next(p for p in figures.players if p.name == "Bruno")
    assert [r.play.ended for r in bruno.last] == sorted(
        (r.play.ended for r in bruno.last), reverse=True)
    assert len(bruno.last) == stats.LAST_GAMES
    assert bruno.last[0].play.table_id == played["typed"]  # the newest play first
    only = stats.compute(found, "casse-toi-pov-con", names)
    assert only.plays == 2 and dict(only.per_game) == {"casse-toi-pov-con": 2}
    assert {p.name: p.plays for p in only.players} == {"Ann": 2, "Bruno": 2, "Cécile": 1,
                                                       "Zoé": 1}
    assert only.games == sorted(GAMES)  # the filter still offers every game played


def test_the_stats_page_over_http(app: Flask, played: dict[str, Any]) -> None:
    client = app.test_client()
    group_page = client.get(f"/g/{played['token']}").get_data(as_text=True)
    for target in ("stats", "plays.csv", "plays.json"):  # the group's page leads there
        assert f'href="/g/{played["token"]}/{target}"' in group_page, target
    page = client.get(f"/g/{played['token']}/stats").get_data(as_text=True)
    assert "Stats of Les Martin" in page and "6 finished plays" in page
    for game_id in GAMES:
        assert GAMES[game_id].NAME.replace("'", "&#39;").replace("&", "&amp;").replace(
            "&amp;#39;", "&#39;") in page
    assert "Longest" in page and "Shortest" in page
    assert f'href="/g/{played["token"]}/plays.csv"' in page
    only = client.get(f"/g/{played['token']}/stats?game=election-usa").get_data(as_text=True)
    assert "1 finished play" in only and '<option value="election-usa" selected>' in only
    client.get("/language/ko")
    korean = client.get(f"/g/{played['token']}/stats").get_data(as_text=True)
    assert "2026. 12. " in korean  # the last play's day, as Korean writes a date
    assert app.test_client().get("/g/unknown-link-1234/stats").status_code == 404
    # This phone's own tables: the ones it opened.
    phone = app.test_client()
    phone.get(f"/t/{played['tables']['election-usa']}")
    phone.get(f"/t/{played['other']}")
    mine = phone.get("/stats").get_data(as_text=True)
    assert "Stats of your tables" in mine and "2 finished plays" in mine
    assert 'href="/stats"' in phone.get("/").get_data(as_text=True)


def test_a_roster_player_renamed_keeps_their_figures(app: Flask,
                                                     played: dict[str, Any]) -> None:
    with app.app_context():
        found = store.summaries(service(), TableRow.group_id == played["group"])
    names = {v: k for k, v in played["ids"].items()}
    names[played["ids"]["Cécile"]] = "Cécile M."
    figures = stats.compute(found, None, names)
    assert "Cécile" not in {p.name for p in figures.players}
    assert next(p for p in figures.players if p.name == "Cécile M.").plays == 5


# ---------------------------------------------------------------------------- kept summaries


def test_summaries_are_kept_and_made_again_when_the_log_moves_on(
        app: Flask, played: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    with app.app_context():
        svc = service()
        store.forget(svc)
        first = store.summaries(svc, TableRow.group_id == played["group"])
        with svc.db.read() as session:
            kept = {s.table_id: (s.version, s.format) for s in session.scalars(
                select(PlaySummary))}
        # The finished tables are kept at their version; the running one is not.
        assert kept == {t: (svc.version(t), FORMAT)
                        for t in [*played["tables"].values(), played["typed"]]}
        # Read again: only the running table's log is folded.
        import companion.history.store as kept_store

        folded = []

        def counted(game: Any, players: Any, options: Any, entries: Any) -> Any:
            folded.append(game.ID)
            return replay_entries(game, players, options, entries)

        monkeypatch.setattr(kept_store, "replay_entries", counted)
        assert store.summaries(svc, TableRow.group_id == played["group"]) == first
        assert folded == ["election-usa"]
        monkeypatch.undo()
        # A table whose log moved on (an undo of its last entry) is summed up again.
        table_id = played["tables"]["casse-toi-pov-con"]
        view = svc.get(table_id)
        undone = svc.undo(table_id, view.version)
        again = dict(store.summaries(svc, TableRow.id == table_id))[table_id]
        assert again["finished"] is False and again["entries"] == undone.version
        svc.redo(table_id, undone.version)
        back = dict(store.summaries(svc, TableRow.id == table_id))[table_id]
        assert back["finished"] is True
        # A deleted table takes its summary with it.
        other = played["other"]
        store.summaries_of(svc, [other])
        svc.delete(other, None)
        with svc.db.read() as session:
            assert session.get(PlaySummary, other) is None


def test_a_group_named_beyond_ascii_downloads_under_its_name(app: Flask) -> None:
    with app.app_context():
        _group_id, token, _ids = make_group(service().db, "우리 모임", "Asia/Seoul", ["Dora"])
    response = app.test_client().get(f"/g/{token}/plays.csv")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="plays.csv"; '
        "filename*=UTF-8''plays-%EC%9A%B0%EB%A6%AC-%EB%AA%A8%EC%9E%84.csv")
    assert response.get_data(as_text=True).startswith("play_id,")  # no play yet: the header


def test_a_player_taken_off_the_roster_is_counted_by_the_name_typed(app: Flask) -> None:
    """The seats a removed roster player held lose their link: their plays count under the
    name typed at the table (and the summary kept before is read with today's seats)."""
    with app.app_context():
        svc = service()
        group_id, _token, ids = make_group(svc.db, "Club", "Asia/Seoul", ["Dora", "Eli"])
        view = finished_table(svc, "storm-candidate", roster_players("storm-candidate",
                                                                     ["Dora", "Eli"]), 3,
                              linked(group_id, {0: ids["Dora"], 1: ids["Eli"]}))
        before = store.summaries_of(svc, [view.id])
        with svc.db.write() as session:
            group = session.get(Group, group_id)
            groups.remove_player(session, group, ids["Eli"], group.revision)
        found = store.summaries_of(svc, [view.id])
    assert [p["roster"] for p in before[view.id]["players"]] == [ids["Dora"], ids["Eli"]]
    figures = stats.compute(list(found.items()), None, {ids["Dora"]: "Dora"})
    assert {p.key for p in figures.players} == {f"roster:{ids['Dora']}", "name:eli"}
