"""The table page's event stream in a real Chromium: a phone whose stream is cut falls back
to polling and still sees every change; once the stream is back it stops polling.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect
from test_browser import cards_of, claim, draw, table_via_api

pytestmark = pytest.mark.browser

EVENTS = "**/events*"


def live_polls(page: Any) -> int:
    """How many times the page fetched its live fragment so far."""
    return sum(1 for url in page.requested_urls if "/live?" in url)


def test_a_dropped_stream_falls_back_to_polling_and_catches_up(live_server, new_phone):
    table_id = table_via_api(live_server, [("Ann", "blue"), ("Bob", "pink")])
    ann, bob = new_phone(), new_phone()
    ann.context.route(EVENTS, lambda route: route.abort())  # Ann's stream never connects
    claim(ann, live_server, table_id, "Ann")
    claim(bob, live_server, table_id, "Bob")
    expect(bob.locator("#table")).to_have_attribute("data-live", "stream")
    expect(ann.locator("#table")).to_have_attribute("data-live", "poll")
    assert any("/events?" in url for url in ann.requested_urls)  # it did try

    draw(bob, 2)
    expect(cards_of(ann, "Bob")).to_have_text("1")  # polled
    expect(cards_of(bob, "Bob")).to_have_text("1")

    ann.context.unroute(EVENTS)  # the network is back: the stream is tried again
    expect(ann.locator("#table")).to_have_attribute("data-live", "stream")
    draw(bob, 1)
    expect(cards_of(ann, "Bob")).to_have_text("2")  # pushed

    # With its stream up and nothing moving, a phone does not poll.
    before = live_polls(ann)
    ann.wait_for_timeout(2000)  # five poll intervals
    assert live_polls(ann) == before

    draw(ann, 1)
    expect(cards_of(bob, "Ann")).to_have_text("1")
