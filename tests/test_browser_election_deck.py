"""Election USA with the group's deck list, in a real headless Chromium at 360 x 740: a card
is picked, not typed. Taps are counted (each click on a control is one) from the screen that
asks for the card until the server has it (checked through the API):

- the ten face-up cards at setup: one tap each, on any phone;
- taking a face-up card nobody recorded and recording its refill: 3 taps at most (its place,
  the card, the refill); a recorded one: 2;
- with a deck of 60 Action cards the most likely card comes first, and a card far down the
  list is found by typing its name or number in the search box (typing is not a tap).
"""

from __future__ import annotations

from typing import Any

import pytest
from test_browser import shot
from test_browser_edgar import call, table_json, wait_for_version
from test_browser_election import claim_on_phone

pytestmark = pytest.mark.browser

GAME = "election-usa"
PLAYERS = [("Ann", "red"), ("Bob", "blue"), ("Cy", "green")]


def line(name: str, kind: str, count: int, **fields: Any) -> dict[str, Any]:
    return {"name": name, "kind": kind, **fields, "count": count}


# A group's own Action deck: 60 cards in 25 lines.
DECK = [
    line("Wall Street dinner", "fundraising", 4, high=6, low=2, value=1),
    line("Oil lobby", "fundraising", 3, high=5, low=3, value=1),
    line("Small donors", "fundraising", 4, high=3, low=1, value=2),
    line("Hollywood gala", "fundraising", 2, high=8, low=2, value=0),
    line("Church collection", "fundraising", 3, high=4, low=2, value=2),
    line("Tax cuts", "policy", 3, pawns=3, value=2),
    line("Border wall", "policy", 3, pawns=2, value=3),
    line("Healthcare", "policy", 3, pawns=1, value=4),
    line("Gun rights", "policy", 2, pawns=2, value=2),
    line("Grassroots", "policy", 1, pawns=1, value=5),
    line("TV spot", "advertising", 2, region="west-coast", pawns=3, value=1),
    line("Radio show", "advertising", 3, region="midwest", pawns=2, value=2),
    line("Billboards", "advertising", 3, region="great-lakes", pawns=2, value=2),
    line("Newspaper", "advertising", 2, region="eastern-seaboard", pawns=3, value=1),
    line("Rally", "advertising", 3, region="southern-states", pawns=2, value=3),
    line("Barbecue", "advertising", 2, region="deep-south", pawns=3, value=1),
    line("Internet ads", "advertising", 2, region="west-coast", pawns=1, value=3),
    line("Town hall", "advertising", 2, region="deep-south", pawns=1, value=4),
    line("Photos", "blackmail", 3, amount=2),
    line("Tapes", "blackmail", 2, amount=4),
    line("Scoop", "journalist", 3, amount=2),
    line("Leak", "journalist", 2, amount=3),
    line("Investigation", "journalist", 1, amount=5),
    line("Debate win", "policy", 1, pawns=2, value=6),
    line("Super PAC", "fundraising", 1, high=7, low=1, value=0),
]
assert sum(card["count"] for card in DECK) == 60
ROW = {card["name"]: index for index, card in enumerate(DECK)}
# What Bob lays out face up at the start, slot by slot (slots 8 and 9 are left to the take).
LAID_OUT = ["Wall Street dinner", "Tax cuts", "Radio show", "Small donors", "Rally",
            "Border wall", "Billboards", "Healthcare"]


class Taps:
    """Every tap a phone makes on a control (click, check, choice), counted."""

    def __init__(self) -> None:
        self.count = 0

    def tap(self, target: Any) -> None:
        self.count += 1
        target.click()


def pick(page: Any, form: str, name: str) -> Any:
    """The button of a deck card in a picker form."""
    return page.locator(f"#{form} button.pick[value='{ROW[name]}']")


def place(page: Any, form: str, slot: int) -> Any:
    """The chip of a face-up card's place in a picker form."""
    return page.locator(f"#{form} label.pick:has(input[name='a.slot'][value='{slot}'])")


def recorded(server: Any, table_id: str) -> dict[str, Any]:
    state: dict[str, Any] = table_json(server, table_id)["state"]
    return state


def new_table(server: Any, new_phone: Any) -> tuple[str, Any, Any]:
    created = call(server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS],
        "options": {"action_deck": DECK}})
    ann, bob = new_phone(), new_phone()
    claim_on_phone(ann, server, created["id"], "Ann")
    claim_on_phone(bob, server, created["id"], "Bob")
    return created["id"], ann, bob


def test_take_and_refill_are_three_taps_at_most_and_each_face_up_card_one(live_server,
                                                                           new_phone):
    from playwright.sync_api import expect

    table_id, ann, bob = new_table(live_server, new_phone)

    # The face-up cards at setup: Bob's phone offers the deck, one tap a card, the place
    # moving on by itself.
    expect(bob.locator("details.record-cards")).to_have_attribute("open", "")
    shot(bob, "election-deck-01-lay-out")
    taps = Taps()
    for slot, name in enumerate(LAID_OUT):
        expect(bob.locator("#show-deck input[name='a.slot']:checked")).to_have_value(str(slot))
        taps.tap(pick(bob, "show-deck", name))
        wait_for_version(bob, slot + 1)
    assert taps.count == len(LAID_OUT)
    state = recorded(live_server, table_id)
    assert [card and card["name"] for card in state["display"]] == [*LAID_OUT, None, None]
    assert state["deck"]["left"][ROW["Wall Street dinner"]] == 3

    # Ann takes the card in place 10, which nobody recorded: its place, then the card.
    wait_for_version(ann, len(LAID_OUT))
    shot(ann, "election-deck-02-take")
    taps = Taps()
    taps.tap(place(ann, "take-deck", 9))
    taps.tap(pick(ann, "take-deck", "Oil lobby"))
    wait_for_version(ann, len(LAID_OUT) + 1)
    expect(ann.locator("#refill-deck")).to_be_visible()
    shot(ann, "election-deck-03-refill")
    taps.tap(pick(ann, "refill-deck", "Internet ads"))
    wait_for_version(ann, len(LAID_OUT) + 2)
    assert taps.count <= 3
    state = recorded(live_server, table_id)
    assert state["phase"] == "turn" and state["active"] == 1
    assert [p["money"] for p in state["players"]] == [15 + 5, 15 + 3, 15 + 3]
    assert state["display"][9] == {"kind": "advertising", "region": "west-coast", "pawns": 1,
                                   "value": 3, "name": "Internet ads"}
    assert state["deck"]["left"][ROW["Oil lobby"]] == 2
    assert state["deck"]["left"][ROW["Internet ads"]] == 1

    # Bob takes a recorded card: one tap, and one for its refill.
    wait_for_version(bob, len(LAID_OUT) + 2)
    taps = Taps()
    taps.tap(bob.get_by_role("button", name="Take card 1: Fundraising"))
    wait_for_version(bob, len(LAID_OUT) + 3)
    taps.tap(pick(bob, "refill-deck", "Wall Street dinner"))
    wait_for_version(bob, len(LAID_OUT) + 4)
    assert taps.count == 2
    state = recorded(live_server, table_id)
    assert state["display"][0]["name"] == "Wall Street dinner" and state["active"] == 2
    assert state["deck"]["left"][ROW["Wall Street dinner"]] == 2


def test_a_sixty_card_deck_offers_the_likely_card_first_and_finds_any_by_search(
        live_server, new_phone):
    from playwright.sync_api import expect

    table_id, ann, _bob = new_table(live_server, new_phone)
    # Ann takes a card; the refill asks for the next one from the deck.
    expect(ann.locator("#take-deck input[name='a.slot']:checked")).to_have_value("0")
    pick(ann, "take-deck", "Small donors").click()
    wait_for_version(ann, 1)
    picks = ann.locator("#refill-deck button.pick")
    expect(picks.first).to_be_visible()
    # The most likely first: the lines with the most copies left, in the list's order.
    left = recorded(live_server, table_id)["deck"]["left"]
    shown = [int(v) for v in picks.evaluate_all("(bs) => bs.map((b) => b.value)")]
    assert len(shown) == len([n for n in left if n > 0]) == len(DECK)
    assert shown == sorted(shown, key=lambda row: (-left[row], row))
    assert shown[0] == ROW["Wall Street dinner"]
    # It is on the first screen, without scrolling.
    box = picks.first.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 740
    shot(ann, "election-deck-04-sixty-cards")

    # A card far down the list, by its name (any case, accents aside) or its number.
    search = ann.locator("#refill-deck-search")
    search.fill("investig")
    expect(ann.locator("#refill-deck button.pick:visible")).to_have_count(1)
    expect(pick(ann, "refill-deck", "Investigation")).to_be_visible()
    search.fill(f"#{ROW['Debate win'] + 1}")
    expect(ann.locator("#refill-deck button.pick:visible")).to_have_count(1)
    expect(pick(ann, "refill-deck", "Debate win")).to_be_visible()
    search.fill("nothing like it")
    expect(ann.locator("#refill-deck .pick-none")).to_be_visible()
    search.fill("scoop")
    shot(ann, "election-deck-05-search")
    # Enter only searches; a tap records the card.
    search.press("Enter")
    assert table_json(live_server, table_id)["version"] == 1
    pick(ann, "refill-deck", "Scoop").click()
    wait_for_version(ann, 2)
    state = recorded(live_server, table_id)
    assert state["phase"] == "chain" and state["chain"]["kind"] == "journalist"
    assert state["deck"]["left"][ROW["Scoop"]] == 2
