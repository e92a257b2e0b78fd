"""After a phone's own action, what it does next (or the result it just made) is on its screen,
at 360 x 740, in every game; another phone's change never moves a page.

The pages mark that element ``data-next-step`` (table.js brings it between the top bar and the
undo bar once the page shows the phone's own write): Election USA's auction after a Policy card
is taken far down the list, 폭풍의 대권주자's new bus after the host's reveal from the foot of the
page, Casse-toi's round results after the phone's own crack, Edgar & Lucien's Place button after
a district is tapped on the map, what Mourir pour le Rock's table waits for after the phone's
cube, and the host's "Hand it over / Refuse" card under the open join code. A refused seat
request reaches the asking phone live, as a hand-over does.
"""

from __future__ import annotations

import re
import urllib.parse
from typing import Any

import pytest
from drive_tables import DrivenTable, call, new_table
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from test_browser import (
    LIVE_TIMEOUT_MS,
    POLL_MS,
    SCREENSHOTS,
    assert_not_reloaded,
    caught_up,
    drawn,
    mark_document,
)

from companion.games import get_game

pytestmark = pytest.mark.browser

SECRET_KEY = "browser-tests-only"  # the live server's (tests/conftest.py)

# Where an element is on the screen, and the band the bars leave free: under the sticky top
# bar (and a game's sticky strip), above the undo bar.
PLACE = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  let top = 0;
  for (const bar of document.querySelectorAll('.topbar, .my-strip')) {
    const style = getComputedStyle(bar);
    const r = bar.getBoundingClientRect();
    if (/sticky|fixed/.test(style.position) && r.height && r.top < innerHeight / 2) {
      top = Math.max(top, r.bottom);
    }
  }
  const undo = document.getElementById('undo-bar');
  const bottom = undo && !undo.hidden ? undo.getBoundingClientRect().top : innerHeight;
  return {top: box.top, bottom: box.bottom, free: [top, bottom], scrollY: scrollY};
}"""


def place(page: Any, selector: str) -> dict[str, Any]:
    found = page.evaluate(PLACE, selector)
    assert found is not None, f"{selector} is not on the page"
    return dict(found)


def assert_in_view(page: Any, selector: str, whole: bool = True) -> None:
    """The element starts on the screen, under the bars; ``whole``: it ends there too."""
    drawn(page)
    where = place(page, selector)
    top, bottom = where["free"]
    assert top - 1 <= where["top"] < bottom - 20, f"{selector} is off the screen: {where}"
    if whole:
        assert where["bottom"] <= bottom + 1, f"{selector} is cut by the undo bar: {where}"


def assert_still(page: Any, scroll_y: float) -> None:
    """The page did not move: the phone's scroll position is where the reader left it (the
    browser's scroll anchoring may shift it by the few pixels that changed above; a jump to
    another card would be hundreds)."""
    drawn(page)
    now = page.evaluate("scrollY")
    assert abs(now - scroll_y) <= 8, f"the page moved from {scroll_y} to {now} px"


def scroll_to_bottom_of_screen(page: Any, locator: Any) -> None:
    """Scroll as a thumb does to reach a control far down: it ends near the screen's foot."""
    locator.evaluate("(el) => window.scrollBy(0, el.getBoundingClientRect().top - 560)")
    drawn(page)


def shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"next-step-{name}.png"))


def seat_phone(page: Any, server: Any, table: DrivenTable, seat: int) -> None:
    """This phone taps the seat's name on the join page."""
    page.goto(f"{server.url}/t/{table.id}")
    page.get_by_role("button", name=table.players[seat]["name"], exact=True).click()
    page.wait_for_selector(f"#table[data-seat='{seat}']")
    table.phone_seats = {seat}
    caught_up(page)


def hosted_table(page: Any, server: Any, game_id: str, count: int = 3,
                 options: dict[str, Any] | None = None) -> DrivenTable:
    """The phone starts the table from the new-table form: it is the table's host."""
    game = get_game(game_id)
    players = game.example_players(count)
    form = page.request.get(f"{server.url}/new/{game_id}").text()
    token = re.search(r'name="csrf_token" value="([^"]*)"', form)
    fields: list[tuple[str, str]] = [("csrf_token", token.group(1) if token else "")]
    for player in players:
        fields += [(f"player.{k}", str(v)) for k, v in player.items()]
    fields += [(f"option.{k}", str(v)) for k, v in (options or {}).items()]
    response = page.request.post(
        f"{server.url}/new/{game_id}", data=urllib.parse.urlencode(fields),
        headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": server.url},
        max_redirects=0)
    assert response.status == 302, response.text()[:300]
    table_id = response.headers["location"].rstrip("/").rsplit("/", 1)[-1]
    app = Flask("read-cookie")
    app.secret_key = SECRET_KEY
    serializer = SecureCookieSessionInterface().get_signing_serializer(app)
    cookie = next(c for c in page.context.cookies() if c["name"] == "session")
    host = str(serializer.loads(cookie["value"])["hosts"][table_id])
    return DrivenTable(server, game_id, table_id, host, game.setup(players, options or {}),
                       players)


def followed(table: DrivenTable, action: dict[str, Any]) -> None:
    """A phone sent this action: the test's copy of the table follows it."""
    table.state = table.game.apply(table.state, action)
    table.version = int(call(table.server, "GET", f"/api/tables/{table.id}/version")["version"])


def wait_for_version(page: Any, version: int) -> None:
    page.wait_for_function(
        "(v) => Number(document.getElementById('table').dataset.version) >= v",
        arg=version, timeout=LIVE_TIMEOUT_MS, polling=POLL_MS)


# ---------------------------------------------------------------------------- the games

def test_election_the_auction_comes_into_view_after_a_policy_card_is_taken(
        live_server, new_phone):
    """Ten face-up cards recorded; the active player scrolls down to the tenth, a Policy
    card, and takes it: the auction that follows (its turn card) is on the screen. Another
    phone, scrolled down the map, stays where it is."""
    table = new_table(live_server, "election-usa", count=3)
    active = table.state.active
    phone, other = new_phone(), new_phone()
    seat_phone(phone, live_server, table, active)
    seat_phone(other, live_server, table, (active + 1) % 3)
    table.phone_seats = {active, (active + 1) % 3}
    for slot in range(10):
        card = ({"kind": "policy", "pawns": 2, "value": 1} if slot == 9 else
                {"kind": "fundraising", "high": 4, "low": 2, "value": 1})
        table.send({"type": "show", "slot": slot, "card": card})
    wait_for_version(phone, table.version)
    wait_for_version(other, table.version)
    take = phone.get_by_role("button", name="Take card 10: Policy")
    scroll_to_bottom_of_screen(phone, take)
    assert place(phone, "#my-turn")["top"] < 0, "the turn card starts above the screen"
    other.locator(".map-card").evaluate("(el) => el.scrollIntoView()")
    other_at = other.evaluate("scrollY")
    mark_document(other)

    take.click()
    phone.wait_for_selector("#my-turn h3:has-text('Policy auction')")
    assert_in_view(phone, "#my-turn")
    shot(phone, "election-policy-auction")
    # The other phone's turn card changed too (it speaks first): its page did not move.
    other.wait_for_selector("#policy-bid", timeout=LIVE_TIMEOUT_MS)
    assert_still(other, other_at)
    assert_not_reloaded(other)


def test_storm_the_new_bus_comes_into_view_after_the_host_reveals(live_server, new_phone):
    """The host's phone (seat 0) locks its card in, the others theirs; one phone never does,
    and the host reveals from the card at the foot of the page: the bus the reveal made is on
    the screen. The seat that waited, scrolled down the street, stays where it is."""
    phone, other = new_phone(), new_phone()
    table = hosted_table(phone, live_server, "storm-candidate", options={"seed": 3})
    seat_phone(phone, live_server, table, 0)
    seat_phone(other, live_server, table, 1)
    table.phone_seats = {0, 1}
    phone.locator("#priority-value").fill("40")
    with phone.expect_response(lambda r: r.url.endswith("/act")):
        phone.get_by_role("button", name="Lock in my card").click()
    followed(table, {"type": "seal", "seat": 0, "value": 40})
    table.send({"type": "seal", "seat": 2, "value": 12})
    wait_for_version(phone, table.version)
    other.locator(".street").evaluate("(el) => el.scrollIntoView()")
    other_at = other.evaluate("scrollY")
    reveal = phone.locator("#host-reveal button")
    scroll_to_bottom_of_screen(phone, reveal)
    assert place(phone, ".status")["bottom"] < 0, "the bus starts above the screen"

    reveal.click()
    phone.locator("#confirm [data-confirm-yes]").click()
    phone.wait_for_selector(".status[data-next-step*='workers']")
    assert_in_view(phone, ".status .order")
    assert_in_view(phone, ".status")
    shot(phone, "storm-bus-after-reveal")
    other.wait_for_selector(".status[data-next-step*='workers']", timeout=LIVE_TIMEOUT_MS)
    assert_still(other, other_at)


def test_casse_toi_the_round_results_come_into_view_after_the_phone_s_own_crack(
        live_server, new_phone):
    """A card that cracks this phone's player ends the round: once the crack is read, the
    round's results (below the next round's recorder) are on the screen."""
    table = new_table(live_server, "casse-toi-pov-con", count=3)
    phone = new_phone()
    seat_phone(phone, live_server, table, 0)
    form = phone.locator("#draw-form")
    for stress in (4, 4):
        form.locator("label.pick", has_text=str(stress)).first.click()
        with phone.expect_response(lambda r: r.url.endswith("/act")):
            form.get_by_role("button", name="Add this card").click()
            if stress == 4 and phone.locator("#crack-guard").evaluate("(d) => d.open"):
                phone.locator("#crack-guard [data-guard-yes]").click()
    phone.wait_for_selector(".summary[data-next-step]")
    crack = phone.locator("#crack")
    if crack.is_visible():
        shot(phone, "casse-toi-crack")
        crack.locator("button").first.click()
    assert_in_view(phone, ".summary")
    shot(phone, "casse-toi-round-results")
    # The next card recorded on this phone (a new round) leaves the page where the player is.
    phone.evaluate("window.scrollTo(0, 0)")
    form.locator("label.pick", has_text="1").first.click()
    with phone.expect_response(lambda r: r.url.endswith("/act")):
        form.get_by_role("button", name="Add this card").click()
    phone.wait_for_selector(".summary:not([data-next-step])")
    drawn(phone)
    assert phone.evaluate("scrollY") == 0


def test_edgar_the_place_button_comes_into_view_after_a_district_is_tapped(
        live_server, new_phone):
    """Placing: the player taps a neutral district on the map, under the Place button: the
    button is on the screen, ready for the next tap."""
    table = new_table(live_server, "edgar-et-lucien", count=3)
    active = table.state.active
    phone = new_phone()
    seat_phone(phone, live_server, table, active)
    district = phone.locator("svg.fosko[data-mode=place] .district.reach").last
    district.scroll_into_view_if_needed()
    button = "#place-form button[type=submit]"
    assert place(phone, button)["bottom"] < 0, "the Place button starts above the screen"
    district.click()
    assert_in_view(phone, button)
    chosen = district.get_attribute("data-district")
    assert phone.locator("#place-district").input_value() == chosen
    shot(phone, "edgar-place-button")


def test_mourir_what_the_table_waits_for_comes_into_view_after_the_phone_s_cube(
        live_server, new_phone):
    """The active player scrolls down the actions and places a cube (to see the shrink): the
    long list of actions folds to a line, and what the table waits for next is on the screen,
    not above it."""
    table = new_table(live_server, "mourir-pour-le-rock", count=3)
    active = table.state.active
    phone = new_phone()
    seat_phone(phone, live_server, table, active)
    shrink = phone.locator("#my-turn form.act", has_text="See the shrink").locator("button")
    scroll_to_bottom_of_screen(phone, shrink)
    shrink.click()
    phone.wait_for_selector("#my-turn:has-text('Waiting for')")
    assert_in_view(phone, "#my-turn")
    shot(phone, "mourir-after-a-cube")


def test_the_host_s_hand_over_card_comes_into_view_and_a_refusal_reaches_the_asking_phone(
        live_server, new_phone):
    """The host's phone shows the open join code at the top of a fresh table; another phone
    asks for the host's seat: the "Hand it over / Refuse" card is on the host's screen. The
    host refuses: the asking phone says so without a reload (as a hand-over reaches it)."""
    host, asking = new_phone(), new_phone()
    table = hosted_table(host, live_server, "casse-toi-pov-con")
    seat_phone(host, live_server, table, 0)
    assert host.locator(".invite[open]").count() == 1
    asking.goto(f"{live_server.url}/t/{table.id}")
    with asking.expect_navigation():
        asking.get_by_role("button", name=re.compile(table.players[0]["name"])).click()
    asking.wait_for_selector("[data-asked]")
    caught_up(asking)
    mark_document(asking)

    card = "[data-seat-request='0']"
    host.wait_for_selector(card, timeout=LIVE_TIMEOUT_MS)
    assert_in_view(host, card)
    shot(host, "host-hand-over")
    with host.expect_navigation():
        host.locator(card).get_by_role("button", name="Refuse").click()
    asking.wait_for_selector("[data-asked-refused]", timeout=LIVE_TIMEOUT_MS)
    assert asking.locator("[data-asked]").count() == 0
    assert_not_reloaded(asking)
    assert "was refused" in asking.locator("#who").inner_text()
    shot(asking, "seat-request-refused")
