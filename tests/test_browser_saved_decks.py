"""A round played with a saved deck, from the deck file to the card picked, in headless
Chromium at 360 x 740: the deck imported with the phone's file picker, the table started
from the deck page, then cards recorded with the taps each game's goal allows (폭풍의
대권주자's street card in 2 or fewer, Election USA's take and refill in 3 or fewer, a Mourir
pour le Rock tour in 2 or fewer). Taps are clicks and choices on controls; typing names is not
one."""

from __future__ import annotations

from typing import Any

import pytest
from storm_deck_lists import whole_deck
from taps import Taps
from test_browser import POLL_MS, shot
from test_browser_election import claim_on_phone
from test_browser_election_deck import DECK as ELECTION_DECK
from test_browser_election_deck import ROW, pick, place
from test_browser_rock_deck import CARDS as ROCK_CARDS

from companion.decks.files import dump_deck_file

pytestmark = pytest.mark.browser


def import_deck(phone: Any, base: str, game: str, values: dict[str, Any], name: str) -> str:
    """The deck file chosen with the phone's file picker on the game's deck list."""
    text = dump_deck_file(game, name, "", values)
    phone.goto(f"{base}/decks/{game}")
    phone.set_input_files("#deck-file", {"name": "ours.toml", "mimeType": "application/toml",
                                         "buffer": text.encode()})
    phone.locator("form[action$='/import'] button[type=submit]").click()
    phone.wait_for_url(f"**/decks/{game}/*")
    return str(phone.url.rsplit("/", 1)[1].split("#")[0])


def start_from_deck_page(phone: Any, names: list[str]) -> str:
    """"Start a table with this deck", the names typed, "Start the table"."""
    phone.locator("#deck-start").click()
    phone.wait_for_url("**/new/**")
    for index, name in enumerate(names):
        phone.locator("#player-rows input[name='player.name']").nth(index).fill(name)
    phone.locator("#new-table > button.primary").click()
    phone.wait_for_url("**/t/*")
    return str(phone.url.rsplit("/", 1)[1])


def take_seat(phone: Any, name: str, seat: int) -> None:
    phone.get_by_role("button", name=name, exact=True).click()
    phone.wait_for_selector(f"#table[data-seat='{seat}']")


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def test_storm_street_cards_picked_from_a_saved_deck(live_server: Any, new_phone: Any) -> None:
    deck = whole_deck()
    phone = new_phone()
    import_deck(phone, live_server.url, "storm-candidate", {"deck": deck}, "Club copy")
    assert phone.locator("ol.deck-rows > li").count() == len(deck)
    table_id = start_from_deck_page(phone, ["Minjun", "Seoyeon", "Jiho"])
    take_seat(phone, "Minjun", 0)
    period_one = {c["number"] for c in deck if c["period"] == "I"}
    for slot in (1, 2, 3):
        first = phone.locator("#street-choices > li:not([hidden])").first
        number = int(first.get_attribute("data-number"))
        assert number in period_one
        taps = Taps(phone)
        before = version(phone)
        taps.click(phone.locator(f"#street-choices button[value='{number}']"))
        phone.wait_for_function(
            "(v) => +document.getElementById('table').dataset.version > v", arg=before,
            polling=POLL_MS)
        assert taps.count <= 2
        card = phone.request.get(f"{live_server.url}/api/tables/{table_id}").json()[
            "state"]["street"][slot - 1]["card"]
        listed = next(c for c in deck if c["number"] == number)
        assert (card["number"], card["price"], card["colour"]) == (
            number, listed["price"], listed["colour"])
    shot(phone, "saved-deck-storm")


def test_election_take_and_refill_from_a_saved_deck(live_server: Any, new_phone: Any) -> None:
    from playwright.sync_api import expect

    phone = new_phone()
    import_deck(phone, live_server.url, "election-usa", {"action_deck": ELECTION_DECK},
                "Our Election USA, 2nd edition")
    table_id = start_from_deck_page(phone, ["Ann", "Bob", "Cy"])
    claim_on_phone(phone, live_server, table_id, "Ann")
    # The face-up cards laid out at setup, one tap each; slot 10 left for the take.
    laid = ["Wall Street dinner", "Tax cuts", "Radio show", "Small donors", "Rally",
            "Border wall", "Billboards", "Healthcare", "Gun rights"]
    for slot, name in enumerate(laid):
        expect(phone.locator("#show-deck input[name='a.slot']:checked")).to_have_value(str(slot))
        before = version(phone)
        Taps(phone).click(pick(phone, "show-deck", name))
        phone.wait_for_function(
            "(v) => +document.getElementById('table').dataset.version > v", arg=before,
            polling=POLL_MS)
    taps = Taps(phone)
    before = version(phone)
    taps.click(place(phone, "take-deck", 9))
    taps.click(pick(phone, "take-deck", "Oil lobby"))
    phone.wait_for_function("(v) => +document.getElementById('table').dataset.version > v",
                            arg=before, polling=POLL_MS)
    expect(phone.locator("#refill-deck")).to_be_visible()
    before = version(phone)
    taps.click(pick(phone, "refill-deck", "Internet ads"))
    phone.wait_for_function("(v) => +document.getElementById('table').dataset.version > v",
                            arg=before, polling=POLL_MS)
    assert taps.count <= 3
    state = phone.request.get(f"{live_server.url}/api/tables/{table_id}").json()["state"]
    assert state["display"][9]["name"] == "Internet ads"
    assert state["deck"]["left"][ROW["Oil lobby"]] == 2
    shot(phone, "saved-deck-election")


def test_rock_tour_from_a_saved_deck(live_server: Any, new_phone: Any) -> None:
    axelle = new_phone()
    import_deck(axelle, live_server.url, "mourir-pour-le-rock", {"cards": ROCK_CARDS},
                "Notre boîte")
    table_id = start_from_deck_page(axelle, ["Axelle", "Bruno"])
    take_seat(axelle, "Axelle", 0)
    bruno = new_phone()
    bruno.goto(f"{live_server.url}/t/{table_id}")
    take_seat(bruno, "Bruno", 1)
    first = axelle.request.get(f"{live_server.url}/api/tables/{table_id}").json()["state"]
    player = axelle if first["active"] == 0 else bruno
    player.wait_for_selector("#my-turn #tour-listed", state="attached")
    taps = Taps(player)
    before = version(player)
    taps.click(player.locator("details:has(#tour-listed) > summary"))
    card = player.locator("#tour-listed > button.pick").first
    index = int(card.get_attribute("value"))
    assert ROCK_CARDS[index]["decade"] == "80s"
    taps.click(card)
    player.wait_for_function("(v) => +document.getElementById('table').dataset.version > v",
                             arg=before, polling=POLL_MS)
    assert taps.count <= 2
    state = player.request.get(f"{live_server.url}/api/tables/{table_id}").json()["state"]
    tour = state["players"][first["active"]]["tours"][0]
    assert tour["index"] == index and tour["name"] == ROCK_CARDS[index]["name"]
    shot(player, "saved-deck-rock")
