"""The shared screen (/tv/<watch token>) in headless Chromium at 1920 x 1080: every game's
board and scores, kept live, with no control and nothing secret; the join QR code until
every seat is held. Screenshots in ``test-artifacts/screenshots/tv-*.png``. Its layout at
1280 x 720 and 1920 x 1080 all game long, and the rematch: test_browser_tv_layout.py."""

from __future__ import annotations

import html
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from drive_tables import DrivenTable, call, new_table
from test_browser import POLL_MS, SCREENSHOTS, assert_requests_stay_local, caught_up, decode_qr

from companion.games import GAMES

pytestmark = pytest.mark.browser

TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1,
      "is_mobile": False, "has_touch": False, "locale": "en-GB"}

VISIBLE_CONTROLS = """() => Array.from(document.querySelectorAll(
  '#table form, #table button, #table select, #table input, #table textarea'))
  .filter((el) => el.getClientRects().length).map((el) => el.outerHTML.slice(0, 120))"""


def tv_url(table: DrivenTable) -> str:
    """The shared-screen link, as a phone at the table finds it in the invite card of the
    table's page (read from the page as the server sends it: no phone needs to draw it)."""
    with urllib.request.urlopen(f"{table.server.url}/t/{table.id}", timeout=10) as response:
        page = response.read().decode()
    invite = re.search(r'<details[^>]*class="[^"]*\binvite\b.*?</details>', page, re.S)
    assert invite, "the table's page has no invite card"
    links = re.findall(r'<a\b[^>]*\bdata-tv-link\b[^>]*>', invite.group(0))
    assert len(links) == 1, links
    link = html.unescape(re.search(r'href="([^"]*)"', links[0]).group(1))
    assert link and link.startswith("/tv/") and table.id not in link
    return table.server.url + link


def tv_shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_shared_screen_shows_each_game_live_without_controls(live_server, new_phone,
                                                                 game_id):
    table = new_table(live_server, game_id, count=3)
    link = tv_url(table)
    tv = new_phone(**TV)
    tv.goto(link)
    tv.wait_for_selector("#live .live-root")
    # Seats are free: the join code is in the corner and opens the table.
    join = tv.locator("[data-tv-join]")
    assert join.is_visible()
    assert decode_qr(join.locator(".qr")) == f"{live_server.url}/t/{table.id}"
    tv_shot(tv, f"tv-{game_id}-1-join")
    # No control: nothing to tap but the top bar's links.
    assert tv.evaluate(VISIBLE_CONTROLS) == []
    # Every seat taken (the test holds them) and a few moves made: the screen follows on
    # its own, and the join code goes away.
    for seat in range(len(table.players)):
        table.seat_token(seat)
    tv.wait_for_selector("[data-tv-join]", state="detached", timeout=5000)
    for _ in range(6):
        table.step()
    version = call(live_server, "GET", f"/api/tables/{table.id}/version")["version"]
    tv.wait_for_function(
        "(v) => Number(document.getElementById('table').dataset.version) === v",
        arg=version, timeout=5000, polling=POLL_MS)
    assert tv.evaluate(VISIBLE_CONTROLS) == []
    tv_shot(tv, f"tv-{game_id}-2-playing")
    # Read from across the room: the body text is drawn at 24 px at 1920 x 1080 (every
    # text's size at both TV sizes, all game: test_browser_tv_layout.py).
    size = tv.evaluate("parseFloat(getComputedStyle(document.getElementById('live')).fontSize)")
    assert size >= 20, size
    assert_requests_stay_local(live_server, tv)


def test_a_bad_shared_screen_token_is_not_found(live_server):
    for path in ("/tv/not-a-token", "/tv/not-a-token/live"):
        with pytest.raises(urllib.error.HTTPError) as error:
            urllib.request.urlopen(live_server.url + path, timeout=10)
        assert error.value.code == 404


LINES = """(selector) => Array.from(document.querySelectorAll(selector))
  .flatMap((el) => el.innerText.split('\\n')).map((l) => l.trim()).filter(Boolean)"""


def test_the_shared_screen_shows_no_secret_of_a_seat_in_edgar_with_hidden_money(
        live_server, new_phone):
    """Ann's phone shows her Cogs (money is hidden) and the moves she locked in; the shared
    screen shows neither: no line of her page that the spectator does not see is on it."""
    table = new_table(live_server, "edgar-et-lucien", count=4, options={"hidden_money": True})
    table.phone_seats = {0}
    ann = new_phone()
    ann.goto(f"{live_server.url}/t/{table.id}")
    ann.get_by_role("button", name="Ann", exact=True).click()
    ann.wait_for_selector("#table[data-seat='0']")
    link = ann.locator(".invite a[data-tv-link]").get_attribute("href")
    watch = ann.locator(".invite a[href*='/watch/']").first.get_attribute("href")
    table.until(lambda t: t.state.phase == "programming")
    # Ann programs a move that leaves her district, on her own phone.
    ann.reload()
    form = ann.locator("#program-form")
    moves = form.locator("select").first
    moves.select_option(index=1)
    chosen = moves.locator("option:checked").inner_text().strip()
    with ann.expect_response(lambda r: r.url.endswith("/act")) as response:
        form.locator("button[type=submit]").click()
    assert response.value.ok
    ann.wait_for_function("() => document.querySelector('#program-form button[type=submit]')"
                          ".textContent.includes('Change')", polling=POLL_MS)
    tv = new_phone(**TV)
    tv.goto(live_server.url + link)
    spectator = new_phone()
    spectator.goto(watch)
    parts = "#live, #live-after"
    seat_lines = set(ann.evaluate(LINES, parts))
    public = set(spectator.evaluate(LINES, parts))
    shown = set(tv.evaluate(LINES, parts))
    seat_only = seat_lines - public
    cogs_row = next(line for line in seat_lines if line.startswith("Ann") and "50,000" in line)
    assert cogs_row in seat_only, "Ann's own Cogs are hers alone"
    assert chosen in seat_only
    assert not seat_only & shown, f"the shared screen shows a seat's secret: {seat_only & shown}"
    assert not any("50,000" in line and line.startswith(("Ann", "Bruno")) for line in shown)
    tv_shot(tv, "tv-edgar-et-lucien-3-hidden-money")


ENABLED_TAP = "#table form[data-live] button[type=submit]:enabled:visible"


def test_offline_a_phone_says_so_refuses_taps_keeps_the_state_and_catches_up(
        live_server, new_phone):
    """Abigail's phone loses the network: a banner says so, the table stays on screen, a tap
    is refused with a message and nothing is sent; meanwhile another phone plays; back
    online, her phone shows that move without a reload."""
    table = new_table(live_server, "election-usa", count=3)
    table.phone_seats = {0}
    phone = new_phone()
    phone.goto(f"{live_server.url}/t/{table.id}")
    phone.get_by_role("button", name=table.players[0]["name"], exact=True).click()
    phone.wait_for_selector("#table[data-seat='0']")
    caught_up(phone)  # the page's first fetch after the seat was taken
    phone.locator("#live details summary").first.click()  # a face-up card's form
    phone.locator(ENABLED_TAP).first.wait_for()
    phone.evaluate("window.__sameDocument = true")
    before = phone.evaluate(LINES, "#live, #live-after")
    version = int(phone.locator("#table").get_attribute("data-version"))

    phone.context.set_offline(True)
    banner = phone.locator("#offline-banner")
    banner.wait_for(state="visible", timeout=5000)
    tv_shot(phone, "offline-1-banner")
    posts: list[str] = []
    phone.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    phone.locator(ENABLED_TAP).first.click()
    toast = phone.locator("#toast")
    toast.wait_for(state="visible")
    assert "offline" in toast.inner_text().lower()
    tv_shot(phone, "offline-2-tap-refused")
    assert posts == [], "a tap was sent while offline"
    assert phone.evaluate(LINES, "#live, #live-after") == before, "the last state is kept"

    # Another phone plays meanwhile (the host, through the API).
    table.step()
    table.step()
    now = call(live_server, "GET", f"/api/tables/{table.id}/version")["version"]
    assert now > version

    phone.context.set_offline(False)
    banner.wait_for(state="hidden", timeout=6000)
    phone.wait_for_function(
        "(v) => Number(document.getElementById('table').dataset.version) === v",
        arg=now, timeout=6000, polling=POLL_MS)
    assert phone.evaluate("window.__sameDocument === true"), "caught up without a reload"
    assert posts == [], "the refused tap was not sent later either"
    tv_shot(phone, "offline-3-caught-up")


def test_the_service_worker_keeps_the_shell_and_never_serves_table_data(live_server,
                                                                        new_phone):
    """Installed from the root scope, the worker answers a page that cannot load with the
    offline page, drawn with the cached style sheet; table data is never answered from the
    cache (the live fragment fails offline rather than showing an old state)."""
    table = new_table(live_server, "storm-candidate", count=3)
    phone = new_phone()
    phone.goto(f"{live_server.url}/t/{table.id}")
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()  # now controlled by the worker
    assert phone.evaluate("navigator.serviceWorker.controller !== null")
    manifest = phone.evaluate("fetch('/manifest.webmanifest').then((r) => r.json())")
    assert manifest["display"] == "standalone" and manifest["icons"]
    phone.context.set_offline(True)
    phone.goto(f"{live_server.url}/t/{table.id}")
    assert phone.get_by_role("heading", name="No connection").is_visible()
    background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), "the cached style sheet"
    live = phone.evaluate(f"fetch('/t/{table.id}/live').then(() => 'answered', () => 'failed')")
    assert live == "failed"
    tv_shot(phone, "offline-4-page-not-loaded")
    phone.context.set_offline(False)


@pytest.mark.browser
def test_a_part_a_player_opened_stays_open_when_another_phone_changes_the_table(
        live_server, new_phone):
    """A face-up card's entry form, opened with a thumb, is not folded away by the redraw
    that another phone's change brings (here: a seat taken on another phone)."""
    from playwright.sync_api import expect

    table = new_table(live_server, "election-usa", count=3)
    phone = new_phone()
    phone.goto(f"{live_server.url}/t/{table.id}")
    phone.get_by_role("button", name=table.players[0]["name"], exact=True).click()
    phone.wait_for_selector("#table[data-seat='0']")
    caught_up(phone)  # the page's first fetch after the seat was taken
    opened = phone.locator("#live details").first
    opened.locator("summary").click()
    expect(opened).to_have_attribute("open", "")
    phone.evaluate("document.querySelector('#live .live-root').dataset.before = '1'")
    call(live_server, "POST", f"/api/tables/{table.id}/seats/1", {}, host=table.host)
    # the live part was drawn anew from the server ...
    expect(phone.locator("#live .live-root[data-before]")).to_have_count(0, timeout=10000)
    # ... and the part the player had opened is open in it
    expect(phone.locator("#live details").first).to_have_attribute("open", "")
