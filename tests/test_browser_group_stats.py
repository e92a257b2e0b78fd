"""A group's evening, in headless Chromium at 360 x 740: four players added to a group on the
phone, two tables of two games started by tapping three of them each, both played to the
end (the moves through the API), then the group's stats page read as a player reads it:
plays per game, each player's wins per game (the tables' winners, from the API), each
player's last games, the longest and shortest game, the day of the last play (in the
group's time zone), and the game filter narrowing every figure. Screenshots of the stats
page in English, French and Korean: ``test-artifacts/screenshots/group-stats-*.png``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from drive_tables import DrivenTable, call
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy import create_engine, delete, func, select, update

from companion.db import EntryRow, PlaySummary, TableRow
from companion.games import get_game
from tests.conftest import PHONE
from tests.test_browser import shot
from tests.test_browser_groups import make_group

# One worker plays the evening for all four checks (tests/run.sh: --dist loadgroup).
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("group-stats-evening")]

SECRET_KEY = "browser-tests-only"  # the live server's (tests/conftest.py)
ZONE = "Europe/Paris"  # the phone's, so the group's: UTC+1 in November
# Each game, the roster players tapped in (in this order), and when its play ran (UTC): the
# first at 18:00 for 1 h 25 min; the second over midnight in Paris (it ends on 6 November
# there, the 5th in UTC).
TABLES = [
    ("casse-toi-pov-con", ["Cyrille Dupont", "Ann", "Bob"],
     datetime(2026, 11, 3, 18, 0), timedelta(minutes=85)),
    ("election-usa", ["Dee", "Bob", "Ann"],
     datetime(2026, 11, 5, 23, 20), timedelta(minutes=12)),
]
NAMES = {"casse-toi-pov-con": "Casse-toi Pov'con!", "election-usa": "Election USA"}

# The stats page as a player reads it: the plays card, the wins table (a player's rows per
# game under their own), the longest and shortest games, each player's last games.
READ_STATS = """() => {
  const text = (el) => el ? el.textContent.replace(/\\s+/g, ' ').trim() : null;
  const wins = [];
  for (const row of document.querySelectorAll('.stats-wins tbody tr')) {
    const [wins_, plays] = [...row.querySelectorAll('td.num')].map(text);
    if (row.classList.contains('sub')) {
      wins.at(-1).per_game[text(row.querySelector('td'))] = [Number(wins_), Number(plays)];
    } else {
      wins.push({name: text(row.querySelector('th')), wins: Number(wins_),
                 plays: Number(plays), per_game: {}});
    }
  }
  const last = {};
  for (const heading of document.querySelectorAll('.stats-last h3')) {
    last[text(heading)] = [...heading.nextElementSibling.querySelectorAll('li')].map((li) => ({
      game: text(li.querySelector('.grow').firstChild),
      day: text(li.querySelector('.when')),
      won: !!li.querySelector('.badge.win'),
    }));
  }
  return {
    summary: text(document.querySelector('.stats-plays p')),
    per_game: [...document.querySelectorAll('.stats-plays tr')].map(
      (tr) => [...tr.cells].map(text)),
    wins,
    records: [...document.querySelectorAll('.stats-records dt')].map(
      (dt) => [text(dt), text(dt.nextElementSibling)]),
    last,
  };
}"""


@dataclass
class Evening:
    phone: Any
    server: Any
    group_path: str  # /g/<link>
    winners: dict[str, list[str]]  # by game, the winners' names as the API says
    seated: dict[str, list[str]]  # by game, the players in seat order


def host_token_of(page: Any, table_id: str) -> str:
    """The host token the new-table page put in this phone's signed session cookie."""
    app = Flask("read-cookie")
    app.secret_key = SECRET_KEY
    serializer = SecureCookieSessionInterface().get_signing_serializer(app)
    assert serializer is not None
    cookie = next(c for c in page.context.cookies() if c["name"] == "session")
    return str(serializer.loads(cookie["value"])["hosts"][table_id])


def started_from_the_roster(phone: Any, server: Any, game_id: str,
                            names: list[str]) -> DrivenTable:
    """The group's players tapped in on the new-table page, one tap each, and the table
    started; the test's copy of the table set up from the rows the form sent."""
    game = get_game(game_id)
    phone.goto(f"{server.url}/new/{game_id}")
    for name in names:
        phone.locator(f".roster-chips button[data-name='{name}']").click()
    fields = [f["name"] for f in game.player_fields()]
    columns = phone.evaluate(
        """(fields) => Object.fromEntries(fields.map((f) => [f, [...document.querySelectorAll(
             `#player-rows [name="player.${f}"]`)].map((el) => el.value.trim())]))""", fields)
    players = [{f: columns[f][i] for f in fields} for i in range(len(columns["name"]))
               if columns["name"][i]]
    assert [p["name"] for p in players] == names
    phone.locator("#new-table > button.primary").click()
    phone.wait_for_url("**/t/*")
    table_id = phone.url.rsplit("/", 1)[1]
    state = game.setup(players, {})
    assert call(server, "GET", f"/api/tables/{table_id}")["state"] == game.to_json(state, None)
    return DrivenTable(server, game_id, table_id, host_token_of(phone, table_id), state,
                       players)


def retimed(server: Any, table_id: str, start: datetime, length: timedelta) -> None:
    """Every entry of the table's log made at ``start`` but the last (the one that ended it),
    made ``length`` later; the summaries kept so far dropped (they are made again)."""
    engine = create_engine(f"sqlite:///{Path(server.log_path).parent / 'db.sqlite'}",
                           connect_args={"timeout": 10})
    try:
        with engine.begin() as db:
            last = db.scalar(select(func.max(EntryRow.seq)).where(EntryRow.table_id == table_id))
            db.execute(update(EntryRow).where(EntryRow.table_id == table_id)
                       .values(created_at=start))
            db.execute(update(EntryRow).where(EntryRow.table_id == table_id,
                                              EntryRow.seq == last)
                       .values(created_at=start + length))
            db.execute(update(TableRow).where(TableRow.id == table_id).values(
                created_at=start - timedelta(minutes=5), updated_at=start + length))
            db.execute(delete(PlaySummary).where(PlaySummary.table_id == table_id))
    finally:
        engine.dispose()


@pytest.fixture(scope="module")
def evening(browser: Any, live_server: Any) -> Iterator[Evening]:
    """The group made, both tables started from its roster and played to their end."""
    context = browser.new_context(**{**PHONE, "timezone_id": ZONE})
    context.set_default_timeout(20_000)
    phone = context.new_page()
    group_path = "/" + make_group(phone, live_server.url, "en")
    phone.fill("#new-name", "Dee")
    with phone.expect_navigation():
        phone.locator("#add-player button[type=submit]").click()
    assert phone.locator("ol.roster > li").count() == 4
    winners: dict[str, list[str]] = {}
    seated: dict[str, list[str]] = {}
    for game_id, names, start, length in TABLES:
        table = started_from_the_roster(phone, live_server, game_id, names)
        phone.goto(live_server.url + group_path)  # away from the table while it is played
        table.until(DrivenTable.over, limit=400)
        shown = call(live_server, "GET", f"/api/tables/{table.id}")
        assert shown["outcome"] is not None
        seated[game_id] = [p["name"] for p in shown["state"]["players"]]
        winners[game_id] = [seated[game_id][s] for s in shown["outcome"]["winners"]]
        retimed(live_server, table.id, start, length)
    yield Evening(phone, live_server, group_path, winners, seated)
    browser.close_context(context)


def test_the_groups_stats_page_counts_both_tables(evening: Evening) -> None:
    phone, url = evening.phone, evening.server.url + evening.group_path
    phone.goto(f"{evening.server.url}/language/en?next={evening.group_path}")
    phone.get_by_role("link", name="The group's stats").click()
    phone.wait_for_url("**/stats")
    page = phone.evaluate(READ_STATS)
    # two plays, one a game; the last on 6 November in Paris (5 November in UTC)
    assert page["summary"] == "2 finished plays · last played Nov 6, 2026"
    assert sorted(page["per_game"]) == [["Casse-toi Pov'con!", "1"], ["Election USA", "1"]]
    # each player's wins and plays, per game, as the tables' outcomes say
    expected: dict[str, dict[str, Any]] = {}
    for game_id, seated in evening.seated.items():
        for name in seated:
            tally = expected.setdefault(name, {"wins": 0, "plays": 0, "per_game": {}})
            won = int(name in evening.winners[game_id])
            tally["wins"] += won
            tally["plays"] += 1
            tally["per_game"][NAMES[game_id]] = [won, 1]
    got = {row["name"]: row for row in page["wins"]}
    assert set(got) == {"Ann", "Bob", "Cyrille Dupont", "Dee"}
    for name, tally in expected.items():
        assert (got[name]["wins"], got[name]["plays"]) == (tally["wins"], tally["plays"]), name
        # a player of both games has a row for each under their own
        shown = got[name]["per_game"] or {NAMES[g]: [got[name]["wins"], got[name]["plays"]]
                                          for g in evening.seated if name in evening.seated[g]}
        assert shown == tally["per_game"], name
    # most plays first (Ann and Bob played both)
    assert {row["name"] for row in page["wins"][:2]} == {"Ann", "Bob"}
    # the longest and the shortest game, with their day and winners
    (longest, longest_play), (shortest, shortest_play) = page["records"]
    assert longest == "Longest · 1 h 25 min" and shortest == "Shortest · 12 min"
    assert longest_play.startswith("Casse-toi Pov'con! · Nov 3, 2026 · won by ")
    assert shortest_play.startswith("Election USA · Nov 6, 2026 · won by ")
    for play, game_id in ((longest_play, "casse-toi-pov-con"), (shortest_play, "election-usa")):
        assert sorted(play.split(" · won by ")[1].split(", ")) == sorted(
            evening.winners[game_id])
    # each player's last games, the newest first, a badge where they won
    days = {"casse-toi-pov-con": "Nov 3, 2026", "election-usa": "Nov 6, 2026"}
    for name in expected:
        games = [g for g in ("election-usa", "casse-toi-pov-con")
                 if name in evening.seated[g]]
        assert page["last"][name] == [
            {"game": NAMES[g], "day": days[g], "won": name in evening.winners[g]}
            for g in games], name

    # one game chosen: every figure is that game's alone
    phone.select_option("#stats-game", "election-usa")
    with phone.expect_navigation():
        phone.get_by_role("button", name="Show").click()
    assert phone.url == url + "/stats?game=election-usa"
    page = phone.evaluate(READ_STATS)
    assert page["summary"] == "1 finished play · last played Nov 6, 2026"
    assert page["per_game"] == []  # no list of games for one game
    assert {row["name"]: (row["wins"], row["plays"]) for row in page["wins"]} == {
        name: (int(name in evening.winners["election-usa"]), 1)
        for name in evening.seated["election-usa"]}
    assert all(not row["per_game"] for row in page["wins"])
    assert [r[0] for r in page["records"]] == ["Longest · 12 min", "Shortest · 12 min"]
    assert "Cyrille Dupont" not in page["last"]
    assert page["last"]["Ann"] == [{"game": "Election USA", "day": "Nov 6, 2026",
                                    "won": "Ann" in evening.winners["election-usa"]}]
    assert phone.locator("#stats-game").input_value() == "election-usa"


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_the_stats_page_at_360_px(evening: Evening, lang: str) -> None:
    phone = evening.phone
    phone.goto(f"{evening.server.url}/language/{lang}?next={evening.group_path}/stats")
    assert phone.locator("html").get_attribute("lang") == lang
    assert phone.locator(".stats-wins tbody th").count() == 4
    shot(phone, f"group-stats-{lang}")
