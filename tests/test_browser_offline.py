"""Away from the server, in Chromium at 360 x 740: a page reloaded while the companion cannot
be reached shows the offline page and comes back by itself once the server answers (no tap);
the rules reference of the table's game, and the rules pages the phone opened, read offline
from the service worker; the rules pages lead back to the table the tab came from.
Screenshots in ``test-artifacts/screenshots/offline-*.png``."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from test_browser import GAME, claim, shot, table_via_api

from companion import rules

pytestmark = pytest.mark.browser

RULES_CACHE = "companion-rules-v1"
KEPT_RULES = """(name) => caches.open(name).then((cache) => cache.keys())
  .then((keys) => keys.map((request) => new URL(request.url))
  .map((url) => url.pathname + url.search))"""


def controlled(phone: Any) -> None:
    """Wait for the service worker, then load the page again under its control."""
    phone.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone.reload()
    assert phone.evaluate("navigator.serviceWorker.controller !== null")


def server_down(phone: Any, server: Any) -> None:
    """The companion stops answering (the Wi-Fi stays up): every request to it fails, the
    service worker's own included, and the browser gets no 'online' event when it is back."""
    phone.context.route(f"{server.url}/**", lambda route: route.abort("connectionrefused"))


def server_up(phone: Any, server: Any) -> None:
    phone.context.unroute(f"{server.url}/**")


def test_a_page_reloaded_during_an_outage_comes_back_by_itself(live_server, new_phone):
    """Ann's phone is reloaded while the server is down: the offline page says so; it keeps
    saying so while the server is away (it asks again every few seconds); once the server
    answers the table page loads by itself, her seat kept, without a tap on "Try again"."""
    table_id = table_via_api(live_server)
    phone = new_phone()
    claim(phone, live_server, table_id, "Ann")
    controlled(phone)
    table_url = phone.url

    server_down(phone, live_server)
    phone.reload()
    heading = phone.get_by_role("heading", name="No connection")
    heading.wait_for()
    assert phone.url == table_url, "the offline page stands in under the table's address"
    assert phone.get_by_text("opens by itself").is_visible()
    shot(phone, "offline-reload-1-no-connection")
    pings: list[str] = []
    phone.on("request", lambda r: pings.append(r.url) if r.url.endswith("/ping") else None)
    deadline = time.monotonic() + 8
    while len(pings) < 2 and time.monotonic() < deadline:
        phone.wait_for_timeout(250)
    assert len(pings) >= 2, "the offline page asks the server again on its own"
    assert heading.is_visible(), "still offline while the server is away"

    server_up(phone, live_server)
    phone.wait_for_selector("#table[data-seat='0']", timeout=10_000)
    assert phone.url == table_url
    assert phone.get_by_role("heading", name="No connection").count() == 0
    shot(phone, "offline-reload-2-back")


def test_the_offline_page_comes_back_when_the_phone_is_online_again(live_server, new_phone):
    """The phone itself loses the network (airplane mode) and gets it back: the page loads
    again at once, with no tap."""
    table_id = table_via_api(live_server)
    phone = new_phone()
    claim(phone, live_server, table_id, "Bob")
    controlled(phone)
    phone.context.set_offline(True)
    phone.reload()
    phone.get_by_role("heading", name="No connection").wait_for()
    phone.context.set_offline(False)
    phone.wait_for_selector("#table[data-seat='1']", timeout=10_000)


def rules_kept(phone: Any, expected: set[str]) -> set[str]:
    """Wait until the service worker's rules cache holds every page of ``expected``."""
    kept: set[str] = set()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        kept = set(phone.evaluate(KEPT_RULES, RULES_CACHE))
        if expected <= kept:
            return kept
        phone.wait_for_timeout(300)
    raise AssertionError(f"not kept for offline reading: {sorted(expected - kept)}")


def test_the_rules_of_the_table_and_the_pages_opened_read_offline(live_server, new_phone):
    """Ann sits at a Casse-toi table: her phone keeps that game's whole rules reference (its
    contents and every section, in her language). She also opened one page of another game's
    rules. Offline, she reads them all, styled, and the rules lead back to the table, whose
    page comes back by itself when the network does."""
    table_id = table_via_api(live_server)
    phone = new_phone()
    claim(phone, live_server, table_id, "Ann")
    controlled(phone)
    table_url = phone.url
    lang = "en"
    sections = rules.sections(GAME, lang)
    expected = {f"/rules/{GAME}"} | {f"/rules/{GAME}/{s.slug}?lang={lang}" for s in sections}
    rules_kept(phone, expected)
    # A page of another game's rules, opened once while online.
    other = "storm-candidate"
    other_slug = rules.sections(other, "en")[2].slug
    phone.goto(f"{live_server.url}/rules/{other}/{other_slug}")
    phone.locator("article.rules-section h1").wait_for()
    rules_kept(phone, {f"/rules/{other}/{other_slug}"})
    phone.goto(table_url)
    phone.wait_for_selector("#table[data-seat='0']")

    phone.context.set_offline(True)
    phone.get_by_role("link", name="Rules", exact=True).click()
    phone.get_by_role("heading", name=rules.game_title(GAME, lang)).wait_for()
    assert phone.locator("ol.rules-toc li").count() == len(sections)
    # Every section opens offline, the last one from the previous one's "Next".
    toc = phone.locator("ol.rules-toc a")
    toc.nth(len(sections) - 2).click()
    phone.locator("a.rules-next").click()
    assert phone.locator("article.rules-section h1").inner_text() == sections[-1].title
    assert phone.get_by_role("heading", name="No connection").count() == 0
    rules_sheet = phone.evaluate(
        "getComputedStyle(document.querySelector('.rules-pager')).display")
    assert rules_sheet == "grid" or rules_sheet == "flex", "the rules style sheet, offline"
    shot(phone, "offline-rules-1-section")
    for section in sections:
        phone.goto(f"{live_server.url}/rules/{GAME}/{section.slug}?lang={lang}")
        assert phone.locator("article.rules-section h1").inner_text() == section.title
    phone.goto(f"{live_server.url}/rules/{other}/{other_slug}")
    assert phone.locator("article.rules-section h1").is_visible()
    # Search needs the server: the offline page says so rather than a browser error.
    phone.goto(f"{live_server.url}/rules/{GAME}/search?q=stress")
    phone.get_by_role("heading", name="No connection").wait_for()

    # Back to the table: its page needs the server, so the offline page stands in for it
    # and the table shows by itself once the phone is online again.
    phone.goto(f"{live_server.url}/rules/{GAME}/{sections[0].slug}?lang={lang}")
    back = phone.get_by_role("link", name="Back to the table")
    assert back.is_visible()
    back.click()
    phone.get_by_role("heading", name="No connection").wait_for()
    assert phone.url == table_url
    phone.context.set_offline(False)
    phone.wait_for_selector("#table[data-seat='0']", timeout=10_000)


def test_the_rules_pages_lead_back_to_the_table_the_tab_came_from(live_server, new_phone):
    """From the table's Rules link, every rules page of that tab (contents, section, the
    next one, the search, all the games) offers "Back to the table", which opens that table;
    a phone that opens the rules on their own (a printed sheet's QR code) is offered none."""
    table_id = table_via_api(live_server)
    phone = new_phone()
    claim(phone, live_server, table_id, "Cy")
    table_url = phone.url
    phone.get_by_role("link", name="Rules", exact=True).click()
    phone.locator("ol.rules-toc a").first.click()
    phone.locator("a.rules-next").click()
    back = phone.get_by_role("link", name="Back to the table")
    assert back.is_visible()
    [box] = phone.evaluate("[...document.querySelectorAll('[data-back-to-table]')]"
                           ".map((el) => el.getBoundingClientRect().bottom)")
    assert box < 740, "the way back is on the first screen"
    shot(phone, "offline-rules-back")
    for path in ("/rules/", f"/rules/{GAME}/search?q=stress", "/rules/storm-candidate"):
        phone.goto(live_server.url + path)
        assert phone.get_by_role("link", name="Back to the table").is_visible(), path
    phone.get_by_role("link", name="Back to the table").click()
    phone.wait_for_selector("#table[data-seat='2']")
    assert phone.url == table_url

    stranger = new_phone()
    stranger.goto(f"{live_server.url}/rules/{GAME}")
    stranger.locator("ol.rules-toc").wait_for()
    assert stranger.get_by_role("link", name="Back to the table").count() == 0
    assert re.search(r"data-back-to-table[^>]*hidden", stranger.content())
