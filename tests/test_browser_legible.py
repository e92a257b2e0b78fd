"""The small print of the table pages read on a 360 px phone, in English, French and Korean:
Edgar & Lucien's district names and Election USA's map at a legible size, a tie on that map
shown without hiding its count, a white player's dot visible on a light page, a player's
districts spelled out. Screenshots in ``test-artifacts/screenshots/legible-*.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from drive_tables import DrivenTable, new_table
from test_browser import PHONE_WIDTH, SCREENSHOTS, WIDER_THAN_THE_PHONE
from test_browser_a11y import LANGUAGES, Phone, watch_token

from companion.web.map_labels import LEAST_SQUEEZE

pytestmark = pytest.mark.browser

LEAST_NAME_PX = 11  # Edgar's district names, six columns of them across 360 px
LEAST_MAP_PX = 12  # every word of Election USA's map

# Each line of a map's text: its size on the screen (font size times the map's scale), how
# much it is squeezed (its drawn width over its natural width) and whether it stays inside
# the box it belongs to (a district's cell, a region).
MAP_TEXT = """([svgSelector, boxSelector, textSelector]) => {
  const svg = document.querySelector(svgSelector);
  const scale = svg.getScreenCTM().a;
  const out = [];
  for (const box of svg.querySelectorAll(boxSelector)) {
    const cell = box.querySelector('rect').getBoundingClientRect();
    for (const text of box.querySelectorAll(textSelector)) {
      let squeeze = 1;
      if (text.hasAttribute('textLength')) {
        const copy = text.cloneNode(true);
        copy.removeAttribute('textLength');
        copy.removeAttribute('lengthAdjust');
        text.parentNode.appendChild(copy);
        squeeze = text.textLength.baseVal.value / copy.getComputedTextLength();
        copy.remove();
      }
      const r = text.getBoundingClientRect();
      out.push({text: text.textContent, squeeze: squeeze,
                px: parseFloat(getComputedStyle(text).fontSize) * scale,
                inside: r.left >= cell.left - 0.5 && r.right <= cell.right + 0.5});
    }
  }
  return {width: svg.getBoundingClientRect().width, texts: out};
}"""


def seated(phone: Phone, table: DrivenTable) -> None:
    page = phone.page
    page.goto(f"{phone.server.url}/t/{table.id}")
    page.get_by_role("button", name=table.players[0]["name"], exact=True).click()
    page.wait_for_selector("#table[data-seat='0']")
    table.phone_seats = {0}


def shoot(phone: Phone, selector: str, name: str) -> None:
    """The part of the page, the phone's whole width (a map runs from edge to edge)."""
    part = phone.page.locator(selector).first
    part.scroll_into_view_if_needed()
    box = part.bounding_box()
    phone.page.screenshot(path=str(SCREENSHOTS / f"legible-{name}.png"), clip={
        "x": 0, "y": box["y"], "width": PHONE_WIDTH, "height": min(box["height"], 1400)})


def problems_of(texts: list[dict[str, Any]], least_px: float, where: str) -> list[str]:
    return [f"{where}: {t['text']!r} {t['px']:.1f} px, squeezed to {t['squeeze']:.2f}"
            f"{'' if t['inside'] else ', out of its box'}" for t in texts
            if t["px"] < least_px - 0.05 or t["squeeze"] < LEAST_SQUEEZE - 0.01
            or not t["inside"]]


@pytest.fixture
def phone(browser: Any, live_server: Any) -> Any:
    made = Phone(browser, live_server)
    yield made
    made.close()


def test_edgar_s_map_and_players_read_on_a_phone(phone, live_server):
    """Four players (the six-column board): every line of every district name at 11 px or
    more, squeezed no narrower than 64 % and inside its cell, the map as wide as the screen;
    each player's districts spelled out by type; the white player's dot ringed so that it
    shows on a light page and on a dark one (3:1 against the card)."""
    table = new_table(live_server, "edgar-et-lucien", count=4)
    seated(phone, table)
    phone.park()
    for _ in range(16):
        table.step()
    problems = []
    for theme, lang in zip(("light", "dark", "light"), LANGUAGES, strict=True):
        phone.set_mode(theme, lang)
        phone.open(f"/t/{table.id}")
        page = phone.page
        drawn = page.evaluate(MAP_TEXT, ["#fosko-map svg.fosko", ".district", "text.dname"])
        assert drawn["width"] >= PHONE_WIDTH - 1, drawn["width"]
        names = drawn["texts"]
        assert len(names) >= 30, names  # every district of the 6 x 5 board named
        problems += problems_of(names, LEAST_NAME_PX, lang)
        problems += page.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
        shoot(phone, "#fosko-map", f"edgar-map-{lang}")
        players = page.locator("section.players table").inner_text()
        assert not re.search(r"\bI \d+ · S \d+ · A \d+", players), players
        if lang == "en":
            assert re.search(r"Districts: \d+ Ivory, \d+ Steel, \d+ Administration", players)
        shoot(phone, "section.players", f"edgar-players-{theme}-{lang}")
        # The white player (Denis, the fourth): the ring of the dot against the card.
        ring = page.evaluate("""() => {
          const dot = document.querySelectorAll('section.players .swatch')[3];
          let back = dot.parentElement;
          while (getComputedStyle(back).backgroundColor === 'rgba(0, 0, 0, 0)') {
            back = back.parentElement;
          }
          const style = getComputedStyle(dot);
          return [style.borderTopColor, parseFloat(style.borderTopWidth), style.backgroundColor,
                  getComputedStyle(back).backgroundColor];
        }""")
        colour, width, fill, card = ring
        assert fill == "rgb(244, 241, 234)", ring  # the white of the game's data
        assert width >= 1.5 and contrast(colour, card) >= 3, (theme, ring)
    assert not problems, "\n".join(problems)


def tied(table: DrivenTable) -> bool:
    regions = table.game.to_json(table.state, None)["regions"]
    return any(region["struck"] for region in regions)


def test_election_s_map_reads_on_a_phone_and_a_tie_keeps_its_count(phone, live_server):
    """Five players: every word and number of the map at 12 px or more inside its region,
    the map as wide as the screen; a tied colour's count is drawn whole (no line across
    the map), in a dashed ring, with a word under it where a place would be."""
    table = new_table(live_server, "election-usa", count=5)
    seated(phone, table)
    token = watch_token(phone, table.id)
    table.phone_seats = set()  # the test seals seat 0's bids too; the phone then watches
    phone.park()
    table.until(lambda t: tied(t) or t.over(), limit=600)
    assert tied(table), "no tie reached"
    problems = []
    for lang in LANGUAGES:
        phone.set_mode("light", lang)
        phone.open(f"/watch/{token}")
        page = phone.page
        drawn = page.evaluate(MAP_TEXT, ["svg.usa-map", "[data-region]", "text"])
        assert drawn["width"] >= PHONE_WIDTH - 1, drawn["width"]
        problems += problems_of(drawn["texts"], LEAST_MAP_PX, lang)
        problems += page.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
        tie = page.evaluate("""() => {
          const map = document.querySelector('svg.usa-map');
          return {lines: map.querySelectorAll('line, path').length,
                  tied: Array.from(map.querySelectorAll('[data-tied]')).map((g) => ({
                    pawns: g.dataset.pawns,
                    texts: Array.from(g.querySelectorAll('text')).map((t) => t.textContent),
                    dashed: g.querySelectorAll('circle[stroke-dasharray]').length}))};
        }""")
        assert tie["lines"] == 0, tie
        assert tie["tied"], tie
        for chip in tie["tied"]:
            assert chip["texts"][0] == chip["pawns"] and len(chip["texts"]) == 2, chip
            assert chip["dashed"] == 1, chip
        shoot(phone, ".map-card", f"election-map-{lang}")
    assert not problems, "\n".join(problems)


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two CSS rgb() colours."""
    def luminance(colour: str) -> float:
        channels = [int(c) / 255 for c in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
