"""A spectator's phone at the end of a game, in Chromium at 360 x 740: once a player starts
the rematch, the spectator's results card offers it live (no reload), and its link opens the
rematch's own spectator page. Screenshots in ``test-artifacts/screenshots/after-watch-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from test_browser import LIVE_TIMEOUT_MS, claim, shot, table_via_api
from test_browser_after import finish

pytestmark = pytest.mark.browser


def test_a_spectator_is_offered_the_rematch_live(live_server: Any, new_phone: Any) -> None:
    table_id = table_via_api(live_server, [("Ann", "blue"), ("Bob", "pink")])
    ann = new_phone()
    claim(ann, live_server, table_id, "Ann")
    ann.locator(".invite summary").click()
    watch_url = ann.get_by_role("link", name="Spectator link (read-only)").get_attribute("href")
    assert watch_url and "/watch/" in watch_url
    spectator = new_phone()
    spectator.goto(watch_url)
    finish(live_server, table_id)
    spectator.wait_for_selector("#results", timeout=LIVE_TIMEOUT_MS)
    watch_rematch = spectator.get_by_role("link", name="Watch the rematch")
    assert watch_rematch.count() == 0, "no rematch offered before one started"
    assert spectator.get_by_role("button", name="Rematch: same players, same options") \
        .count() == 0, "a spectator cannot start it"
    spectator.evaluate("window.__sameDocument = true")

    ann.get_by_role("button", name="Rematch: same players, same options").click()
    ann.wait_for_url(lambda url: table_id not in url)
    new_id = ann.url.rsplit("/", 1)[1]
    watch_rematch.wait_for(timeout=LIVE_TIMEOUT_MS)
    assert spectator.evaluate("window.__sameDocument === true"), "offered without a reload"
    shot(spectator, "after-watch-rematch-offered")

    watch_rematch.click()
    spectator.wait_for_url(lambda url: "/watch/" in url and url != watch_url)
    spectator.wait_for_selector("#live .live-root")
    assert spectator.locator("#results").count() == 0, "the rematch, not the finished table"
    # The rematch's own spectator link, as its players' phones show it.
    ann.locator(".invite summary").click()
    rematch_watch = ann.get_by_role("link", name="Spectator link (read-only)") \
        .get_attribute("href")
    assert rematch_watch and spectator.url.endswith(rematch_watch.split("/watch/", 1)[1])
    assert new_id not in spectator.url
    shot(spectator, "after-watch-rematch-opened")
