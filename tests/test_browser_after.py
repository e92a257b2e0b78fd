"""Game over in Chromium: the results screen on two phones, a rematch started on one and
joined on the other with both seats kept, the history page, the light theme. Screenshots
in ``test-artifacts/screenshots/after-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser import api, boxes, claim, shot, table_via_api

pytestmark = pytest.mark.browser

WIN = [{"seat": 0, "cards": 4, "cracked": False, "journalists": 4, "marine_cards": 0,
        "stars": 4, "forgot_marine": False},
       {"seat": 1, "cards": 4, "cracked": False, "journalists": 0, "marine_cards": 0,
        "stars": 0, "forgot_marine": False}]


def finish(server: Any, table_id: str) -> None:
    """Score rounds through the API until Ann goes beyond the top of the track."""
    while True:
        table = api(server, "GET", f"/api/tables/{table_id}")
        if table["outcome"]:
            return
        api(server, "POST", f"/api/tables/{table_id}/actions",
            {"expected_version": table["version"],
             "action": {"type": "score_round", "results": WIN}}, host=True)


def test_results_and_rematch_on_two_phones(live_server: Any, new_phone: Any) -> None:
    table_id = table_via_api(live_server, [("Ann", "blue"), ("Bob", "pink")])
    ann = new_phone(color_scheme="dark", timezone_id="Asia/Seoul")
    bob = new_phone(color_scheme="dark")
    claim(ann, live_server, table_id, "Ann")
    claim(bob, live_server, table_id, "Bob")
    finish(live_server, table_id)
    for phone in (ann, bob):
        phone.wait_for_selector("#results", timeout=5000)
    ranking = ann.locator("#results ol.ranking li")
    assert ranking.count() == 2
    assert "Ann" in ranking.nth(0).inner_text() and "winner" in ranking.nth(0).inner_text()
    assert ann.locator("#results .results-reason").inner_text() == \
        "A candidate went beyond the top of the track."
    assert ranking.nth(0).locator(".score").inner_text() == "14"
    # The results screen is the first thing on the phone's screen.
    [box] = boxes(ann, "#results")
    assert box is not None and box["y"] < 200
    shot(ann, "after-results-dark")
    # Bob taps Rematch: he lands on the new table, in his own seat.
    bob.get_by_role("button", name="Rematch: same players, same options").click()
    bob.wait_for_url(lambda url: table_id not in url)
    new_id = bob.url.rsplit("/", 1)[1]
    assert bob.locator("#table").get_attribute("data-seat") == "1"
    assert bob.locator("#results").count() == 0
    # Ann's phone offers to join it without a reload, and she keeps her seat.
    join = ann.get_by_role("link", name="Join the rematch")
    join.wait_for(timeout=5000)
    join.click()
    ann.wait_for_url(f"**/t/{new_id}")
    assert ann.locator("#table").get_attribute("data-seat") == "0"
    state = api(live_server, "GET", f"/api/tables/{new_id}")
    assert [p["name"] for p in state["state"]["players"]] == ["Ann", "Bob"]
    assert state["version"] == 0 and state["outcome"] is None
    # The home page lists this phone's tables first.
    ann.goto(f"{live_server.url}/")
    assert ann.locator("h1").first.inner_text() == "Your tables"
    shot(ann, "after-home")
    ann.goto(f"{live_server.url}/t/{table_id}/log")
    assert ann.locator("ul.history li.divider").count() >= 3
    # Times in the phone's own zone (the page's script rewrites the server's UTC).
    stamp = ann.locator("ul.history time").first
    expected = ann.evaluate(
        "(iso) => new Date(iso).toLocaleTimeString('en', {hour: '2-digit', minute: '2-digit',"
        " second: '2-digit'})", stamp.get_attribute("datetime"))
    assert stamp.inner_text() == expected
    shot(ann, "after-history")


def test_results_in_the_light_theme_and_the_switch(live_server: Any, new_phone: Any) -> None:
    table_id = table_via_api(live_server, [("Ann", "blue"), ("Bob", "pink")])
    finish(live_server, table_id)
    phone = new_phone(color_scheme="light")
    claim(phone, live_server, table_id, "Bob")
    background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(244, 245, 247)"
    shot(phone, "after-results-light")
    # The switch: dark on a light phone, then light, then the phone's own again.
    phone.locator(".theme-switch").click()
    assert phone.evaluate("getComputedStyle(document.body).backgroundColor") == \
        "rgb(20, 22, 26)"
    phone.locator(".theme-switch").click()
    assert phone.locator("html").get_attribute("data-theme") == "light"
    phone.goto(f"{live_server.url}/t/{table_id}/log")
    shot(phone, "after-history-light")
    favicon = phone.request.get(f"{live_server.url}/favicon.ico")
    assert favicon.status == 200
