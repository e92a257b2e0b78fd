"""The charts of a finished game in Chromium on a 360 px phone: every game's results page
in English (dark), French (light) and Korean (dark), seen by a player's phone; each chart's
text at 12 px or more, no two texts of a chart on each other, nothing past the chart's box
or the phone's width; the history page with its charts. Screenshots in
``test-artifacts/screenshots/charts-<game>-<language>-<theme>.png`` (the results card) and
``charts-<game>-<language>-<theme>-page.png`` (the phone's screen and whole page); the
shared screen's end with its charts is looked at by ``test_browser_tv_layout.py``."""

from __future__ import annotations

from typing import Any

import pytest
from drive_tables import DrivenTable, call, new_table
from test_browser import SCREENSHOTS, shot

from companion.games import GAMES

pytestmark = pytest.mark.browser

LEAST_TEXT_PX = 12
# The most names a chart holds: eight candidates and Marine; Election USA's five, twice.
PLAYERS = {"casse-toi-pov-con": 8, "election-usa": 5}
LOOKS = (("en-GB", "dark"), ("fr-FR", "light"), ("ko-KR", "dark"))

CHART_PROBLEMS = """(least) => {
  const out = [];
  const W = document.documentElement.clientWidth;
  for (const figure of document.querySelectorAll('#results figure.chart')) {
    const key = figure.dataset.chart;
    const svg = figure.querySelector('svg');
    const frame = figure.getBoundingClientRect();
    const scale = svg.getScreenCTM().a;
    const texts = Array.from(svg.querySelectorAll('text'));
    const boxes = texts.map((t) => t.getBoundingClientRect());
    texts.forEach((t, i) => {
      const px = parseFloat(getComputedStyle(t).fontSize) * scale;
      const b = boxes[i];
      if (px < least - 0.05) out.push(`${key}: "${t.textContent}" at ${px.toFixed(1)} px`);
      if (b.left < frame.left - 1 || b.right > frame.right + 1 || b.right > W) {
        out.push(`${key}: "${t.textContent}" past the chart (${Math.round(b.left)}-` +
                 `${Math.round(b.right)} in ${Math.round(frame.left)}-${Math.round(frame.right)})`);
      }
      for (let j = 0; j < i; j++) {
        const o = boxes[j];
        const x = Math.min(b.right, o.right) - Math.max(b.left, o.left);
        const y = Math.min(b.bottom, o.bottom) - Math.max(b.top, o.top);
        if (x > 1 && y > 1) {
          out.push(`${key}: "${t.textContent}" on "${texts[j].textContent}"`);
        }
      }
    });
  }
  return out;
}"""


class Finished(dict[str, DrivenTable]):
    """One game of each played to its end (random legal moves) when a test first asks for
    it, its first seat freed for a phone of the tests to take: a pytest worker plays only
    the games of the tests it runs."""

    def __init__(self, server: Any) -> None:
        super().__init__()
        self.server = server

    def __missing__(self, game_id: str) -> DrivenTable:
        game = GAMES[game_id]
        table = new_table(self.server, game_id, count=PLAYERS.get(game_id, game.MAX_PLAYERS))
        table.until(lambda t: t.over(), limit=1500)
        call(self.server, "DELETE", f"/api/tables/{table.id}/seats/0", host=table.host)
        self[game_id] = table
        return table


@pytest.fixture(scope="module")
def finished(live_server: Any) -> Finished:
    return Finished(live_server)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_results_chart_reads_on_a_phone_in_three_languages(
        live_server: Any, new_phone: Any, finished: dict[str, DrivenTable],
        game_id: str) -> None:
    table = finished[game_id]
    name = table.players[0]["name"]
    problems: list[str] = []
    for locale, theme in LOOKS:
        phone = new_phone(locale=locale, color_scheme=theme)
        phone.goto(f"{live_server.url}/t/{table.id}")
        # The player takes their seat again after the game (their phone had slept).
        phone.get_by_role("button", name=name, exact=True).click()
        phone.wait_for_selector("#table[data-seat='0'] #results figure.chart svg")
        lang = locale[:2]
        charts = phone.locator("#results figure.chart")
        assert charts.count() == len(table.game.chart_series(
            table.game.to_json(table.state, None)))
        lines = charts.first.locator("g.ch-line")
        assert lines.count() >= len(table.players)
        problems.extend(f"{lang}: {p}" for p in phone.evaluate(CHART_PROBLEMS, LEAST_TEXT_PX))
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        # The card alone, without the top bar that stays over the page as it scrolls.
        phone.add_style_tag(content=".topbar { position: static; }")
        phone.locator("#results").screenshot(
            path=str(SCREENSHOTS / f"charts-{game_id}-{lang}-{theme}.png"))
        shot(phone, f"charts-{game_id}-{lang}-{theme}-page")
        if game_id == "election-usa" and lang == "en":
            phone.goto(f"{live_server.url}/t/{table.id}/log")
            assert phone.locator(".history-charts figure.chart").count() == 2
            shot(phone, "charts-history-election-usa-en")
        # The seat is freed again for the next phone.
        call(live_server, "DELETE", f"/api/tables/{table.id}/seats/0", host=table.host)
    assert not problems, "\n".join(problems)
