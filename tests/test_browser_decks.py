"""The deck pages with one thumb at 360 x 740, in English, French and Korean: a deck made and
a card typed on the phone, nothing wider than the screen; the new-table page of every game
within two screens, and a table started with a deck in a couple of taps after the names.
Screenshots go to ``test-artifacts/screenshots/decks-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from taps import Taps

from tests.test_browser import shot

pytestmark = pytest.mark.browser

SCREEN = 740
GAMES = ["casse-toi-pov-con", "edgar-et-lucien", "election-usa", "storm-candidate",
         "mourir-pour-le-rock"]
NAMES = {"casse-toi-pov-con": 3, "edgar-et-lucien": 2, "election-usa": 3, "storm-candidate": 3,
         "mourir-pour-le-rock": 2}


def in_language(phone: Any, base: str, lang: str) -> None:
    phone.goto(f"{base}/language/{lang}?next=/")


def make_storm_deck(phone: Any, base: str, name: str) -> str:
    phone.goto(f"{base}/decks/storm-candidate")
    phone.fill("#deck-name", name)
    phone.locator("form[action$='/new'] button[type=submit]").click()
    phone.wait_for_url("**/decks/storm-candidate/*")
    return str(phone.url.rsplit("/", 1)[1].split("#")[0])


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_a_card_is_typed_into_a_deck_with_one_thumb(live_server: Any, new_phone: Any,
                                                    lang: str) -> None:
    phone = new_phone()
    in_language(phone, live_server.url, lang)
    deck_id = make_storm_deck(phone, live_server.url, {"en": "Our copy", "fr": "Notre boîte",
                                                       "ko": "우리 판"}[lang])
    taps = Taps(phone)
    taps.click(phone.locator(".deck-add a.button").first)
    phone.fill("#f-number", "23")
    phone.fill("#f-name", {"en": "Rally", "fr": "Meeting", "ko": "유세"}[lang])
    phone.fill("#f-price", "4")
    taps.choose(phone.locator("#f-period"), "I")
    taps.choose(phone.locator("#f-colour"), "blue")
    shot(phone, f"decks-card-form-{lang}")
    taps.click(phone.locator(".deck-card-form button[type=submit]").first)
    phone.wait_for_url(f"**/decks/storm-candidate/{deck_id}*")
    assert taps.count == 4
    # a second card starts from the first: the next number, the same price and period
    phone.locator(".deck-add a.button").first.click()
    assert phone.locator("#f-number").input_value() == "24"
    assert phone.locator("#f-price").input_value() == "4"
    phone.fill("#f-name", "Debate")
    phone.fill("#f-price", "99")  # beyond the schema: the browser's own check stops it
    phone.locator("#f-price").evaluate("e => e.removeAttribute('max')")
    phone.locator(".deck-card-form button[type=submit]").first.click()
    problem = phone.locator("#card-problem")
    assert "(24)" in problem.inner_text() and "30" in problem.inner_text()
    shot(phone, f"decks-card-refused-{lang}")
    phone.fill("#f-price", "5")
    phone.locator(".deck-card-form button[type=submit]").first.click()
    phone.wait_for_url(f"**/decks/storm-candidate/{deck_id}*")
    rows = phone.locator("ol.deck-rows > li")
    assert rows.count() == 2
    shot(phone, f"decks-deck-{lang}")
    phone.goto(f"{live_server.url}/decks/storm-candidate")
    shot(phone, f"decks-list-{lang}")


@pytest.mark.parametrize("game", GAMES)
def test_every_new_table_page_fits_in_two_screens(live_server: Any, new_phone: Any,
                                                  game: str) -> None:
    phone = new_phone()
    phone.goto(f"{live_server.url}/new/{game}")
    height = phone.evaluate("document.documentElement.scrollHeight")
    shot(phone, f"decks-new-table-{game}")
    assert height <= 2 * SCREEN, f"{game}: {height} px"


def test_a_table_starts_with_a_deck_in_two_taps_after_the_names(live_server: Any,
                                                                new_phone: Any) -> None:
    phone = new_phone()
    deck_id = make_storm_deck(phone, live_server.url, "Club copy")
    phone.locator(".deck-add a.button").first.click()
    phone.fill("#f-number", "23")
    phone.fill("#f-price", "4")
    phone.locator(".deck-card-form button[type=submit]").first.click()
    phone.wait_for_url("**/decks/storm-candidate/*")
    phone.goto(f"{live_server.url}/new/storm-candidate")
    for index, name in enumerate(["Ann", "Bob", "Cy"]):
        phone.locator("#player-rows input[name='player.name']").nth(index).fill(name)
    taps = Taps(phone)
    taps.choose(phone.locator("#deck"), deck_id)
    taps.click(phone.locator("#new-table > button.primary"))
    phone.wait_for_url("**/t/*")
    assert taps.count == 2
    table_id = phone.url.rsplit("/", 1)[1]
    state = phone.request.get(f"{live_server.url}/api/tables/{table_id}").json()
    assert state["state"]["options"]["deck_cards"] == 1
