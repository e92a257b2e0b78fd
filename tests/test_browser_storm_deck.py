"""폭풍의 대권주자 with a whole copy's card list (the 51 numbered cards of periods I-IV), in
headless Chromium at 360 x 740: a street card is picked, not typed. The first slot not
entered is chosen and the cards of its period come first, so a card of the street laid at
setup, or of a refill, is one tap; another slot is two (the slot, then the card). A search
box finds a card by name or number. Without a card list the typing form starts from the
last card typed.

Taps are counted from the screen where the card must be recorded (the street's cards not
entered yet) until the server has it: every click on a control is one tap, and the table's
state is read through the API afterwards. Screens: ``test-artifacts/screenshots/
storm-deck-*.png``.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from storm_deck_lists import whole_deck
from taps import Taps
from test_browser import POLL_MS, SCREENSHOTS, shot
from test_browser_a11y import axe_source

pytestmark = pytest.mark.browser

GAME = "storm-candidate"
PLAYERS = [{"name": "Minjun", "colour": "red"}, {"name": "Seoyeon", "colour": "blue"},
           {"name": "Jiho", "colour": "yellow"}]
DECK = whole_deck()
# One card a group named as printed, to be found by its name.
NAMED = next(c for c in DECK if c["period"] == "III")
NAMED["name"] = "Campaign Manager"


def call(server: Any, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json",
                                              **(headers or {})})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


class Table:
    """A table made through the API; its host sends the rounds' other moves."""

    def __init__(self, server: Any, options: dict[str, Any]) -> None:
        self.server = server
        created = call(server, "POST", "/api/tables",
                       {"game": GAME, "players": PLAYERS, "options": options})
        self.id = created["id"]
        self.host = {"X-Host-Token": created["host_token"]}
        # Seats 1 and 2 on phones of their own (their priority cards are theirs to lock in).
        self.seats = {seat: {"X-Seat-Token": call(server, "POST",
                                                  f"/api/tables/{self.id}/seats/{seat}",
                                                  headers=self.host)["token"]}
                      for seat in (1, 2)}

    def get(self) -> dict[str, Any]:
        body: dict[str, Any] = call(self.server, "GET", f"/api/tables/{self.id}")
        return body

    def act(self, action: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = call(self.server, "POST", f"/api/tables/{self.id}/actions",
                                    {"expected_version": self.get()["version"],
                                     "action": action},
                                    self.host if seat is None else self.seats[seat])
        return body

    def play_round(self, slots: list[int]) -> None:
        """Priority cards (the host reveals without seat 0's: it goes last), no workers, the
        first in the bus buys ``slots``, the points."""
        for seat in self.seats:
            self.act({"type": "seal", "seat": seat, "value": 40 - seat}, seat)
        self.act({"type": "reveal"})
        while (state := self.get()["state"])["phase"] == "workers":
            self.act({"type": "pass", "seat": state["active"]})
        buys = slots
        while (state := self.get()["state"])["phase"] == "buying":
            self.act({"type": "buy", "seat": state["active"], "card_coins": 60,
                      "buys": len(buys), "slots": buys})
            buys = []
        self.act({"type": "score_round", "points": [
            {"seat": s, "cards": 1} for s in range(len(PLAYERS))]})


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def recorded(page: Any, before: int) -> None:
    """Wait until this phone shows the table after the server recorded the tap."""
    page.wait_for_function(
        "(v) => parseInt(document.getElementById('table').dataset.version, 10) > v", arg=before,
        polling=POLL_MS)


def seated(server: Any, new_phone: Any, table: Table, **context: Any) -> Any:
    phone = new_phone(**context)
    phone.goto(f"{server.url}/t/{table.id}")
    phone.get_by_role("button", name=PLAYERS[0]["name"], exact=True).click()
    phone.wait_for_selector("#table[data-seat='0']")
    return phone


def offered(phone: Any) -> list[int]:
    """The listed cards' numbers as the picker shows them, top to bottom (the visible ones)."""
    numbers: list[int] = phone.eval_on_selector_all(
        "#street-choices > li:not([hidden])", "items => items.map(i => +i.dataset.number)")
    return numbers


def look(page: Any, selector: str, name: str) -> None:
    """The screen as the player sees it with ``selector`` near its top (below the bar)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(selector).first.evaluate(
        "e => { e.scrollIntoView({block: 'start'}); window.scrollBy(0, -90); }")
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def pick(phone: Any, number: int, slot: int | None = None) -> int:
    """Record card ``number`` (in ``slot``, else the slot the page has chosen): the taps."""
    taps = Taps(phone)
    before = version(phone)
    if slot is not None:
        taps.click(f"#street-pick label.pick:has(input[value='{slot}'])")
    taps.click(f"#street-choices button[value='{number}']")
    recorded(phone, before)
    return taps.count


def test_a_rounds_street_cards_are_one_tap_each_from_the_whole_list(live_server, new_phone):
    table = Table(live_server, {"seed": 4, "deck": DECK})
    phone = seated(live_server, new_phone, table)
    listed = {c["number"]: c for c in DECK}

    # Setup: the period I cards lie on the street, in the order the box dealt them.
    street = [c["number"] for c in DECK if c["period"] == "I"]
    random.Random(4).shuffle(street)
    assert phone.locator("details.street-entry").evaluate("d => d.open")
    assert len(offered(phone)) == len(DECK)
    assert {listed[n]["period"] for n in offered(phone)[:11]} == {"I"}
    shot(phone, "storm-deck-01-setup-top")
    look(phone, "details.street-entry", "storm-deck-02-list")
    for slot, number in enumerate(street, start=1):
        assert phone.locator("#street-pick input[name='a.slot']:checked").get_attribute(
            "value") == str(slot)
        # The card is among the period's cards at the top of the list: reachable by
        # scrolling the list, no typing.
        assert offered(phone).index(number) < 11 - (slot - 1)
        assert pick(phone, number) == 1
    state = table.get()["state"]
    for slot, number in enumerate(street, start=1):
        card = state["street"][slot - 1]["card"]
        assert (card["number"], card["price"], card["colour"], card["period"]) == (
            number, listed[number]["price"], listed[number]["colour"], "I")
    assert not phone.locator("details.street-entry").evaluate("d => d.open")
    assert len(offered(phone)) == len(DECK) - 11

    # Clean-up: two cards bought (and the red ones left of them), the leftmost removed, the
    # street refilled from the deck's top: period II comes first for the new cards.
    table.play_round([5, 9])
    refilled = table.get()["state"]["rounds_log"][-1]["refilled"]
    assert refilled >= 4
    phone.wait_for_function("() => document.querySelector('details.street-entry[open]')",
                            polling=POLL_MS)
    second = [c["number"] for c in DECK if c["period"] == "II"][:refilled]
    fresh = list(range(12 - refilled, 12))
    assert {listed[n]["period"] for n in offered(phone)[:15]} == {"II"}
    shot(phone, "storm-deck-03-refill-top")
    look(phone, "details.street-entry", "storm-deck-03-refill")
    # The last new slot first: two taps (the slot, then the card), the list still with the
    # period II cards on top; then each other one tap.
    assert pick(phone, second[-1], slot=fresh[-1]) == 2
    for slot, number in zip(fresh[:-1], second[:-1], strict=True):
        assert phone.locator("#street-pick input[name='a.slot']:checked").get_attribute(
            "value") == str(slot)
        assert pick(phone, number) == 1
    state = table.get()["state"]
    assert [state["street"][s - 1]["card"]["number"] for s in fresh] == [*second[:-1],
                                                                         second[-1]]
    assert {state["street"][s - 1]["card"]["period"] for s in fresh} == {"II"}


def serious_axe_findings(phone: Any) -> list[Any]:
    phone.evaluate(axe_source())
    found: list[Any] = phone.evaluate("""() => axe.run(document, {resultTypes: ['violations']})
        .then((r) => r.violations.filter((v) => ['serious', 'critical'].includes(v.impact))
          .map((v) => ({id: v.id, nodes: v.nodes.slice(0, 4).map((n) => n.target)})))""")
    return found


def test_the_search_finds_a_card_by_name_or_number(live_server, new_phone):
    table = Table(live_server, {"seed": 4, "deck": DECK})
    phone = seated(live_server, new_phone, table, bypass_csp=True)
    assert serious_axe_findings(phone) == []
    # The box misdealt a period III card onto the street: the search finds it by name.
    phone.locator("#street-search").fill("campaign")
    assert offered(phone) == [NAMED["number"]]
    look(phone, "#street-pick label[for=street-search]", "storm-deck-04-search")
    shot(phone, "storm-deck-04-search-top")
    assert pick(phone, NAMED["number"]) == 1
    card = table.get()["state"]["street"][0]["card"]
    assert (card["number"], card["period"]) == (NAMED["number"], "III")
    # The next card: the whole list again, and a number typed whole comes first.
    assert phone.locator("#street-search").input_value() == ""
    assert len(offered(phone)) == len(DECK) - 1
    phone.locator("#street-search").fill("4")
    shown = offered(phone)
    assert shown[0] == 4 and all("4" in str(n) for n in shown)
    phone.locator("#street-search").fill("nothing like it")
    assert offered(phone) == []
    assert phone.locator("[data-no-match]").is_visible()


def test_without_a_list_the_form_starts_from_the_last_card_typed(live_server, new_phone):
    table = Table(live_server, {"seed": 4})
    phone = seated(live_server, new_phone, table)
    assert phone.locator("#street-pick").count() == 0
    phone.locator("#street-price").fill("4")
    phone.locator("#street-colour").select_option("purple")
    before = version(phone)
    phone.get_by_role("button", name="Save this card").click()
    recorded(phone, before)
    # The next slot not entered is chosen, with the card just typed's values.
    assert phone.locator("#street-slot").input_value() == "2"
    assert phone.locator("#street-price").input_value() == "4"
    assert phone.locator("#street-colour").input_value() == "purple"
    shot(phone, "storm-deck-05-typed-top")
    look(phone, "details.street-entry", "storm-deck-05-typed")
    taps = Taps(phone)
    before = version(phone)
    taps.click("#street-form button[type=submit]")
    recorded(phone, before)
    assert taps.count == 1
    street = table.get()["state"]["street"]
    assert [(s["card"]["price"], s["card"]["colour"]) for s in street[:2]] == [
        (4, "purple"), (4, "purple")]
