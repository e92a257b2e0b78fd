"""Mourir pour le Rock in a real headless Chromium, on two phone-size pages, against
`companion serve`.

Two phones play the 80s' turns of a short edition (two tour cards a decade): each places its
cubes in turn; a song's roll shows on both phones; undoing the song brings
back the money and the previous roll on both, and writing it again gives the same roll (the
table's seeded source). When the decade's tours are gone and the turn is finished, both
phones show the 90s with the first player passed left. Screens are saved in English and
French in ``test-artifacts/screenshots/rock-*.png``; a Korean phone's table is checked as the
other Korean pages are (Hangul fonts drawn, keep-all wrapping, the phone's width) and saved in
``ko-rock-*.png``.
"""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from test_browser import (
    LIVE_TIMEOUT_MS,
    POLL_MS,
    assert_not_reloaded,
    assert_requests_stay_local,
    mark_document,
    record_timing,
    shot,
)
from test_browser_korean import KOREAN_PHONE, look

pytestmark = pytest.mark.browser

GAME = "mourir-pour-le-rock"
PLAYERS = [{"name": "Axelle", "colour": "purple"}, {"name": "Bruno", "colour": "orange"}]
OPTIONS = {"seed": 2026, "tours_80s": 2}


def call(server: Any, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def state(server: Any, table_id: str) -> dict[str, Any]:
    body: dict[str, Any] = call(server, "GET", f"/api/tables/{table_id}")["state"]
    return body


def claim(page: Any, server: Any, table_id: str, name: str) -> None:
    page.goto(f"{server.url}/t/{table_id}")
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector("#table[data-seat]:not([data-seat=''])")


def version(page: Any) -> int:
    return int(page.get_attribute("#table", "data-version"))


def tap(page: Any, selector: str) -> None:
    """Tap a button and wait until this phone shows the new version of the table."""
    page.wait_for_selector(selector)
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_function(
        "(v) => parseInt(document.getElementById('table').dataset.version, 10) > v", arg=before,
        polling=POLL_MS)


def act_button(kind: str) -> str:
    return f"form.act:has(input[name='a.type'][value='{kind}']) button"


def roll_text(page: Any) -> str:
    return str(page.locator("#song-roll").inner_text())


def money_of(page: Any, seat: int) -> str:
    return str(page.locator(f"#board-{seat} [data-money]").inner_text())


def take_tour(page: Any, fans: int) -> None:
    page.locator("details:has(#tour-printed) > summary").click()
    page.fill("#tour-fans", str(fans))
    page.fill("#tour-name", "Wembley")
    tap(page, "#tour-printed button[type=submit]")


def test_two_phones_play_the_80s_and_see_the_song_roll(live_server, new_phone):
    table = call(live_server, "POST", "/api/tables",
                 {"game": GAME, "players": PLAYERS, "options": OPTIONS})
    table_id = table["id"]
    axelle, bruno = new_phone(), new_phone()
    claim(axelle, live_server, table_id, "Axelle")
    claim(bruno, live_server, table_id, "Bruno")
    for page in (axelle, bruno):
        mark_document(page)
    assert axelle.locator("#my-turn h2", has_text="Your cube").count() == 1
    assert "Waiting for Axelle's cube." in bruno.locator("#my-turn").inner_text()
    shot(axelle, "rock-axelle-first-cube")
    shot(bruno, "rock-bruno-waiting")

    # A song on Axelle's phone: its roll shows on Bruno's.
    start = time.monotonic()
    tap(axelle, "#song-roll-form button")
    bruno.wait_for_selector("#song-roll", timeout=LIVE_TIMEOUT_MS)
    elapsed = time.monotonic() - start
    record_timing("rock song roll to the other phone", elapsed)
    first = state(live_server, table_id)["last_roll"]
    assert first["seat"] == 0 and first["number"] == 1
    assert roll_text(bruno) == roll_text(axelle)
    assert f"${first['income']:,} earned" in roll_text(bruno)
    shot(bruno, "rock-bruno-sees-the-roll")

    # One cube at a time: now Bruno's.
    bruno.wait_for_selector("#my-turn h2:has-text('Your cube')")
    tap(bruno, act_button("psy"))
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    take_tour(axelle, 2000)
    bruno.wait_for_selector("#my-turn h2:has-text('Your cube')")
    take_tour(bruno, 1000)
    pub = state(live_server, table_id)
    assert pub["closing"] and pub["tours_left"] == 0
    axelle.wait_for_selector("#rock-status:has-text('last turn of the decade')")

    # Axelle's second song, then its undo: the money and the first roll come back on both.
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    money_before = money_of(axelle, 0)
    tap(axelle, "#song-roll-form button")
    second = state(live_server, table_id)["last_roll"]
    assert second["number"] == 2
    bruno.wait_for_selector("#song-roll[data-roll='2']", timeout=LIVE_TIMEOUT_MS)
    second_text = roll_text(bruno)
    assert money_of(bruno, 0) != money_before
    tap(axelle, "[data-undo-label]")
    for page in (axelle, bruno):
        page.wait_for_selector("#song-roll[data-roll='1']", timeout=LIVE_TIMEOUT_MS)
        assert money_of(page, 0) == money_before
    assert state(live_server, table_id)["last_roll"] == first
    shot(axelle, "rock-axelle-after-undo")
    # Written again, the song rolls the same dice: the roll is the table's, not the tap's.
    tap(axelle, "#song-roll-form button")
    bruno.wait_for_selector("#song-roll[data-roll='2']", timeout=LIVE_TIMEOUT_MS)
    assert roll_text(bruno) == second_text
    assert state(live_server, table_id)["last_roll"] == second

    # Bruno's last cube ends the turn and, the tours being gone, the decade.
    bruno.wait_for_selector("#my-turn h2:has-text('Your cube')")
    tap(bruno, act_button("pass"))
    pub = state(live_server, table_id)
    assert pub["decade"] == "90s" and pub["turn"] == 2 and pub["first_player"] == 1
    for page in (axelle, bruno):
        page.wait_for_selector("#rock-status h2:has-text('The 90s')",
                               timeout=LIVE_TIMEOUT_MS)
        assert_not_reloaded(page)
    assert bruno.locator("#my-turn h2", has_text="Your cube").count() == 1
    assert "Therapy" in bruno.locator("#my-turn").inner_text()
    shot(bruno, "rock-bruno-90s")
    shot(axelle, "rock-axelle-90s")
    assert_requests_stay_local(live_server, axelle, bruno)


def test_french_phone_screens(live_server, new_phone):
    table = call(live_server, "POST", "/api/tables",
                 {"game": GAME, "players": PLAYERS, "options": OPTIONS})
    page = new_phone(locale="fr-FR")
    claim(page, live_server, table["id"], "Axelle")
    page.goto(f"{live_server.url}/language/fr?next=/t/{table['id']}")
    page.wait_for_selector("#my-turn h2:has-text('Votre cube')")
    page.wait_for_selector("#song-roll-form button:not([disabled])")
    tap(page, "#song-roll-form button")
    page.wait_for_selector("#song-roll")
    assert "Chanson n°\u00a01 de la table, par Axelle" in roll_text(page)
    shot(page, "rock-fr-axelle")


def test_korean_phone_screens(live_server, new_phone):
    table = call(live_server, "POST", "/api/tables", {
        "game": GAME, "options": OPTIONS, "players": [
            {"name": "민준", "colour": "purple", "power": "그루피"},
            {"name": "서연", "colour": "orange"}]})
    page = new_phone(**KOREAN_PHONE)
    claim(page, live_server, table["id"], "민준")
    page.wait_for_selector("#my-turn h2:has-text('내 큐브')")
    assert page.locator("#my-turn h3", has_text="80년대").count() == 1
    # Every fold of the actions opened, as a curious player would (the decades still locked,
    # the cards' forms inside them): their texts and reasons are drawn too.
    closed = page.locator("#my-turn details:not([open]) > summary")
    while closed.count():
        closed.first.click()
    texts = look(page, live_server, "rock-table")
    assert any("시상식: 2000년대에 열려요" in t["text"] for t in texts), texts
    tap(page, "#song-roll-form button")
    page.wait_for_selector("#song-roll")
    assert "테이블의 1번째 곡, 민준 님" in roll_text(page)
    texts = look(page, live_server, "rock-song")
    assert any("능력: 그루피" in t["text"] for t in texts), texts


def test_a_cost_that_kills_asks_first_naming_the_death(live_server, new_phone):
    """RULINGS: a mental-health cost may always be paid; at or above the player's mental
    health they die for rock, and the phone asks first, naming the death."""
    players = [{"name": "Axelle", "colour": "purple", "mental": 3}, PLAYERS[1]]
    table = call(live_server, "POST", "/api/tables",
                 {"game": GAME, "players": players, "options": OPTIONS})
    table_id = table["id"]
    axelle = new_phone()
    claim(axelle, live_server, table_id, "Axelle")
    axelle.wait_for_selector("#my-turn h2:has-text('Your cube')")
    axelle.locator("details:has(#tour-printed) > summary").click()
    axelle.fill("#tour-name", "Wembley")
    axelle.fill("#tour-cost_mental", "5")
    axelle.fill("#tour-fans", "2000")
    before = version(axelle)
    axelle.locator("#tour-printed button[type=submit]").click()
    ask = axelle.locator("#confirm")
    ask.wait_for(state="visible")
    assert "It brings Axelle to 0 mental health: they die for rock" in ask.inner_text()
    shot(axelle, "rock-axelle-asked-before-dying")
    axelle.locator("[data-confirm-no]").click()
    time.sleep(0.5)
    assert version(axelle) == before and not state(live_server, table_id)["players"][0]["dead"]
    # Asked again, and this time paid: Axelle dies for rock, the tour's fans still count.
    axelle.locator("#tour-printed button[type=submit]").click()
    ask.wait_for(state="visible")
    axelle.locator("[data-confirm-yes]").click()
    axelle.wait_for_function(
        "(v) => parseInt(document.getElementById('table').dataset.version, 10) > v", arg=before,
        polling=POLL_MS)
    pub = state(live_server, table_id)
    assert pub["players"][0]["dead"] and pub["players"][0]["fans"] == 2000
    axelle.wait_for_selector("#my-turn h2:has-text('You died for rock')")
    shot(axelle, "rock-axelle-died-for-rock")
