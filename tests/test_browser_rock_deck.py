"""Mourir pour le Rock with a card list of a real box's size (36 tours over the three
decades, agents, gear, vices, awards and objectives), in headless Chromium at 360 x 740:
a tour is picked, not typed, in two taps (the action, then the card), the current decade's
tours first; a search box finds a card by name or number; gear is two taps too. Without a
card list the form of a tour starts from the last tour typed at the table.

Taps are counted from the screen where the card must be recorded (the player's cube) until
the server has it: every click on a control is one tap, and the table's state is read
through the API afterwards. Screens: ``test-artifacts/screenshots/rock-deck-*.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from taps import Taps
from test_browser import POLL_MS, SCREENSHOTS, shot
from test_browser_rock import call, claim, state, version

pytestmark = pytest.mark.browser

GAME = "mourir-pour-le-rock"
PLAYERS = [{"name": "Axelle", "colour": "purple"}, {"name": "Bruno", "colour": "orange"}]
VENUES = ["Wembley", "Tokyo Dome", "Olympia", "Madison Square Garden", "Maracanã",
          "Sydney Opera House", "Red Rocks", "Budokan", "Paradiso", "Royal Albert Hall",
          "Hollywood Bowl", "Ellis Park"]
CONTINENTS = ["europe", "asia", "europe", "north-america", "south-america", "oceania",
              "north-america", "asia", "europe", "europe", "north-america", "africa"]


def tours() -> list[dict[str, Any]]:
    cards = []
    for d, decade in enumerate(("80s", "90s", "2000s")):
        for i, (venue, continent) in enumerate(zip(VENUES, CONTINENTS, strict=True)):
            card: dict[str, Any] = {
                "kind": "tour", "name": f"{venue} {1983 + 10 * d + i % 7}", "decade": decade,
                "cost_money": 1000 * (i % 4), "fans": 1000 * (1 + i % 3 + d),
                "souvenir": i % 3, "continent": continent if i % 5 else "joker"}
            if i % 4 == 3:
                card["cost_mental"] = 1
            if d and i % 2:
                card["fans_needed"] = 2000 * d
            cards.append(card)
    return cards


SYMBOLS = ["guitar", "bass", "drums", "keyboard", "microphone", "amplifier"]
CARDS = tours() + [
    {"kind": "agent", "name": name, "cost_money": 1000 + 500 * i, "text": "a passive power"}
    for i, name in enumerate(["Colonel Parker", "Peter Grant", "Brian Epstein", "Malcolm McLaren",
                              "Sharon Osbourne", "Allen Klein", "Andrew Oldham", "Bill Graham"])
] + [
    {"kind": "gear", "name": f"{symbol.title()} {n}", "symbol": symbol, "cost_money": 1000 * n,
     "souvenir": n - 1}
    for symbol in SYMBOLS for n in (1, 2)
] + [
    {"kind": "vice", "name": name} for name in ("Whisky", "Cigarettes", "Groupies", "Gambling",
                                                "Insomnia", "Ego")
] + [
    {"kind": "award", "name": f"Award {n}", "fans_needed": 5000 * n, "souvenir": 2 + n}
    for n in range(1, 5)
] + [
    {"kind": "objective", "name": f"Objective {n}", "souvenir": 6 + n} for n in range(1, 7)
]


def recorded(page: Any, before: int) -> None:
    """Wait until this phone shows the table after the server recorded the tap."""
    page.wait_for_function(
        "(v) => parseInt(document.getElementById('table').dataset.version, 10) > v", arg=before,
        polling=POLL_MS)


def look(page: Any, selector: str, name: str) -> None:
    """The screen as the player sees it with ``selector`` in view (and the whole page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -80)")  # below the page's header
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def start(server: Any, new_phone: Any, options: dict[str, Any]) -> tuple[str, Any, Any]:
    table_id = call(server, "POST", "/api/tables",
                    {"game": GAME, "players": PLAYERS, "options": options})["id"]
    axelle, bruno = new_phone(), new_phone()
    claim(axelle, server, table_id, "Axelle")
    claim(bruno, server, table_id, "Bruno")
    return table_id, axelle, bruno


def test_a_tour_is_two_taps_from_a_list_of_36(live_server, new_phone):
    table_id, axelle, bruno = start(live_server, new_phone, {"cards": CARDS, "seed": 3})
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    shot(axelle, "rock-deck-axelle-cube")

    taps = Taps(axelle)
    before = version(axelle)
    taps.click("details:has(#tour-listed) > summary")
    # The 80s' twelve tours come first, each a button with what it costs and gives; the
    # other decades' 24 are folded below them.
    picks = axelle.locator("#tour-listed > button.pick")
    assert picks.count() == 12
    assert all(CARDS[int(v)]["decade"] == "80s" for v in
               [picks.nth(i).get_attribute("value") for i in range(12)])
    more = axelle.locator("#tour-listed details.card-more")
    assert more.locator("summary").inner_text() == "Tours of other decades: 24"
    assert not more.evaluate("d => d.open")
    wembley = axelle.locator("#tour-listed button.pick[value='0']")
    assert "Wembley 1983" in wembley.inner_text()
    assert "Europe" not in wembley.inner_text()  # the first card of each five is a joker
    olympia = axelle.locator("#tour-listed button.pick[value='2']")
    assert "Olympia 1985" in olympia.inner_text() and "$2,000" in olympia.inner_text()
    assert "Europe" in olympia.inner_text() and "3,000 fans" in olympia.inner_text()
    look(axelle, "#tour-listed button.pick[value='2']", "rock-deck-axelle-tours")
    shot(axelle, "rock-deck-axelle-tours-top")
    taps.click("#tour-listed button.pick[value='2']")
    recorded(axelle, before)
    assert taps.count == 2
    pub = state(live_server, table_id)
    tour = pub["players"][0]["tours"][0]
    assert tour["index"] == 2 and tour["name"] == "Olympia 1985"
    assert (tour["cost_money"], tour["fans"], tour["continent"]) == (2000, 3000, "europe")
    assert pub["players"][0]["money"] == 3000 and pub["players"][0]["fans"] == 3000
    assert pub["tours_taken"] == 1 and pub["deck"][2]["taken"]

    # Bruno's cube: the Olympia is gone from his list; the search box finds a card by name
    # (accents and case aside) or by its number, the folded decades included.
    bruno.wait_for_selector("#my-turn h2:has-text('Your cube')")
    taps = Taps(bruno)
    before = version(bruno)
    taps.click("details:has(#tour-listed) > summary")
    assert bruno.locator("#tour-listed button.pick[value='2']").count() == 0
    assert bruno.locator("#tour-listed > button.pick").count() == 11
    search = bruno.locator("#tour-search")
    search.fill("maracana")
    visible = bruno.locator("#tour-listed button.pick:visible")
    assert visible.count() == 3  # one Maracanã a decade
    assert [visible.nth(i).get_attribute("value") for i in range(3)] == ["4", "16", "28"]
    search.fill("#17")
    assert bruno.locator("#tour-listed button.pick:visible").count() == 1
    assert "Maracanã 1997" in bruno.locator("#tour-listed button.pick:visible").inner_text()
    search.fill("nowhere")
    assert bruno.locator("#tour-listed button.pick:visible").count() == 0
    assert bruno.locator("#tour-listed [data-card-none]").is_visible()
    search.fill("budokan 1983")
    look(bruno, "#tour-search", "rock-deck-bruno-search")
    taps.click("#tour-listed button.pick:visible")
    recorded(bruno, before)
    assert taps.count == 2  # typing in the search is no tap; the common case needs none
    tour = state(live_server, table_id)["players"][1]["tours"][0]
    assert tour["name"] == "Budokan 1983" and tour["index"] == 7

    # Gear is two taps as well.
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    taps = Taps(axelle)
    before = version(axelle)
    taps.click("details:has(#gear-listed) > summary")
    assert axelle.locator("#gear-listed button.pick").count() == 12
    taps.click("#gear-listed button.pick:has-text('Bass 1')")
    recorded(axelle, before)
    assert taps.count == 2
    gear = state(live_server, table_id)["players"][0]["gear"][0]
    assert (gear["name"], gear["symbol"], gear["cost_money"]) == ("Bass 1", "bass", 1000)


def test_without_a_list_the_next_tour_starts_from_the_last_one_typed(live_server, new_phone):
    table_id, axelle, bruno = start(live_server, new_phone, {"seed": 3})
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    axelle.locator("details:has(#tour-printed) > summary").click()
    assert axelle.locator("#tour-listed").count() == 0
    assert axelle.input_value("#tour-fans") == ""
    axelle.fill("#tour-name", "Wembley")
    axelle.fill("#tour-cost_money", "2000")
    axelle.fill("#tour-fans", "3000")
    axelle.fill("#tour-souvenir", "2")
    axelle.select_option("#tour-continent", "europe")
    before = version(axelle)
    axelle.locator("#tour-printed button[type=submit]").click()
    recorded(axelle, before)

    bruno.wait_for_selector("#my-turn h2:has-text('Your cube')")
    bruno.locator("details:has(#tour-printed) > summary").click()
    assert bruno.input_value("#tour-name") == ""
    assert bruno.input_value("#tour-cost_money") == "2000"
    assert bruno.input_value("#tour-fans") == "3000"
    assert bruno.input_value("#tour-souvenir") == "2"
    assert bruno.input_value("#tour-continent") == "europe"
    assert bruno.input_value("#tour-cost_mental") == ""
    look(bruno, "#tour-printed", "rock-deck-bruno-prefilled")
    # Changing what this card prints differently is all it takes.
    bruno.fill("#tour-fans", "1000")
    before = version(bruno)
    bruno.locator("#tour-printed button[type=submit]").click()
    recorded(bruno, before)
    tour = state(live_server, table_id)["players"][1]["tours"][0]
    assert (tour["cost_money"], tour["fans"], tour["continent"], tour["index"]) == (
        2000, 1000, "europe", None)


def test_a_card_whose_cost_kills_asks_first_and_the_others_do_not(live_server, new_phone):
    """RULINGS: a mental-health cost at or above the player's mental health may be paid (they
    die for rock); a card of the list asks first, naming the death, and only that card."""
    cards = [{"kind": "tour", "name": "Hellfest", "decade": "80s", "cost_mental": 2,
              "fans": 5000},
             {"kind": "tour", "name": "Woodstock", "decade": "80s", "fans": 1000}]
    players = [{**PLAYERS[0], "mental": 2}, PLAYERS[1]]
    table_id = call(live_server, "POST", "/api/tables",
                    {"game": GAME, "players": players, "options": {"cards": cards}})["id"]
    axelle = new_phone()
    claim(axelle, live_server, table_id, "Axelle")
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    axelle.locator("details:has(#tour-listed) > summary").click()
    before = version(axelle)
    axelle.locator("#tour-listed button.pick[value='0']").click()
    ask = axelle.locator("#confirm")
    ask.wait_for(state="visible")
    assert "It brings Axelle to 0 mental health: they die for rock" in ask.inner_text()
    axelle.locator("[data-confirm-no]").click()
    assert version(axelle) == before and state(live_server, table_id)["tours_taken"] == 0
    # The harmless card goes straight through: no question.
    axelle.locator("#tour-listed button.pick[value='1']").click()
    recorded(axelle, before)
    pub = state(live_server, table_id)
    assert pub["players"][0]["tours"][0]["name"] == "Woodstock"
    assert not pub["players"][0]["dead"]


@pytest.mark.parametrize("lang, words", [
    # A card's line in the reader's language: its continent, its decade, amounts as written.
    ("fr", ("Madison Square Garden 1986 #4\nAmérique du Nord · 3 000 $ · 1 santé mentale",
            "Années 90 · Asie · 1 000 $ · demande 2 000 fans → 3 000 fans")),
    ("ko", ("Madison Square Garden 1986 #4\n북아메리카", "90년대 · 아시아")),
])
def test_the_list_in_french_and_korean_fits_the_phone(live_server, new_phone, lang, words):
    from test_browser_korean import KOREAN_PHONE

    table_id = call(live_server, "POST", "/api/tables",
                    {"game": GAME, "players": PLAYERS, "options": {"cards": CARDS}})["id"]
    page = new_phone(**KOREAN_PHONE) if lang == "ko" else new_phone(locale="fr-FR")
    claim(page, live_server, table_id, "Axelle")
    page.goto(f"{live_server.url}/language/{lang}?next=/t/{table_id}")
    page.wait_for_selector("details:has(#tour-listed) > summary")
    page.locator("details:has(#tour-listed) > summary").click()
    page.locator("#tour-listed details.card-more > summary").click()
    # French amounts keep together with no-break spaces: read them as spaces.
    text = page.locator("#tour-listed").inner_text().replace("\u202f", " ").replace("\xa0", " ")
    for phrase in words:
        assert phrase in text, text
    look(page, "#tour-listed button.pick[value='3']", f"rock-deck-{lang}-tours")
    shot(page, f"rock-deck-{lang}-tours-page")  # nothing wider than the phone
