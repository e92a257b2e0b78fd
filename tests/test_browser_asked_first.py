"""One tap that changes a round for every phone asks first, in Chromium at 360 x 740:
폭풍의 대권주자's card points above what a player's cards can give in a round, and
Casse-toi's "End the round by agreement". "No" sends nothing; "Yes" records it as typed.
Screenshots in ``test-artifacts/screenshots/asked-*.png``."""

from __future__ import annotations

from typing import Any

import pytest
from drive_tables import call
from test_browser import POLL_MS, api, claim, shot, table_via_api

from companion.games import storm_candidate as storm

pytestmark = pytest.mark.browser

VERSION = "() => Number(document.getElementById('table').dataset.version)"


def version_of(server: Any, table_id: str) -> int:
    return int(call(server, "GET", f"/api/tables/{table_id}/version")["version"])


def answer(phone: Any, button: str) -> None:
    dialog = phone.locator("#confirm")
    dialog.get_by_role("button", name=button).click()
    dialog.wait_for(state="hidden")


def test_storm_asks_before_recording_more_card_points_than_a_round_gives(live_server,
                                                                          new_phone):
    players = storm.example_players(2)
    created = call(live_server, "POST", "/api/tables",
                   {"game": storm.ID, "players": players, "options": {"seed": 3}})
    table_id, host = created["id"], created["host_token"]
    phone = new_phone()
    phone.goto(f"{live_server.url}/t/{table_id}")
    phone.get_by_role("button", name=players[0]["name"], exact=True).click()
    phone.wait_for_selector("#table[data-seat='0']")
    # Round 1 to its points: the phone locks in its card, the other seat through the API,
    # then everyone passes and buys nothing (the host sends those).
    phone.locator("#priority-value").fill("40")
    phone.get_by_role("button", name="Lock in my card").click()
    phone.wait_for_function(f"() => ({VERSION})() >= 1", polling=POLL_MS)
    token = call(live_server, "POST", f"/api/tables/{table_id}/seats/1", host=host)["token"]
    call(live_server, "POST", f"/api/tables/{table_id}/actions",
         {"expected_version": version_of(live_server, table_id),
          "action": {"type": "seal", "seat": 1, "value": 30}}, token=token)
    while (state := call(live_server, "GET", f"/api/tables/{table_id}")["state"])["phase"] \
            != "scoring":
        seat = state["order"][state["active"]]
        action = ({"type": "pass", "seat": seat} if state["phase"] == "workers" else
                  {"type": "buy", "seat": seat, "card_coins": 0, "buys": 0, "slots": []})
        call(live_server, "POST", f"/api/tables/{table_id}/actions",
             {"expected_version": version_of(live_server, table_id), "action": action},
             host=host)
    version = version_of(live_server, table_id)
    phone.wait_for_function(f"(v) => ({VERSION})() === v", arg=version, polling=POLL_MS)
    cards = phone.locator("#pts-cards-0")
    assert cards.get_attribute("data-most") == "6"

    # 90 for 9: the phone asks, naming the player and the most a round can give.
    cards.fill("90")
    phone.get_by_role("button", name="Move the score markers").click()
    dialog = phone.locator("#confirm")
    dialog.wait_for()
    question = dialog.locator("#confirm-text").inner_text()
    assert question.startswith(f"{players[0]['name']}: more than 6 card points"), question
    shot(phone, "asked-storm-card-points")
    answer(phone, "No, keep it")
    assert version_of(live_server, table_id) == version, "No sends nothing"
    # Within what the cards can give: no question (checked without sending).
    cards.fill("6")
    assert phone.evaluate("'confirm' in document.getElementById('points-form').dataset") \
        is False
    # Asked again and confirmed: recorded as typed.
    cards.fill("90")
    phone.get_by_role("button", name="Move the score markers").click()
    answer(phone, "Yes, do it")
    phone.wait_for_function(f"(v) => ({VERSION})() > v", arg=version, polling=POLL_MS)
    state = call(live_server, "GET", f"/api/tables/{table_id}")["state"]
    assert state["players"][0]["score"] == 90


def test_casse_toi_asks_before_ending_the_round_by_agreement(live_server, new_phone):
    table_id = table_via_api(live_server)
    phone = new_phone()
    claim(phone, live_server, table_id, "Ann")
    players = len(api(live_server, "GET", f"/api/tables/{table_id}")["state"]["players"])
    for _ in range(4):
        for seat in range(players):
            api(live_server, "POST", f"/api/tables/{table_id}/actions",
                {"expected_version": version_of(live_server, table_id),
                 "action": {"type": "draw", "seat": seat, "stress": 0, "stars": 0,
                            "corner": None, "announced": False}}, host=True)
    version = version_of(live_server, table_id)
    phone.wait_for_function(f"(v) => ({VERSION})() === v", arg=version, polling=POLL_MS)
    end = phone.get_by_role("button", name="End the round by agreement")
    end.scroll_into_view_if_needed()
    end.click()
    dialog = phone.locator("#confirm")
    dialog.wait_for()
    assert dialog.locator("#confirm-text").inner_text().startswith(
        "Does everyone agree to end this round now?")
    shot(phone, "asked-casse-toi-end-by-agreement")
    answer(phone, "No, keep it")
    assert version_of(live_server, table_id) == version, "No sends nothing"
    assert api(live_server, "GET", f"/api/tables/{table_id}")["state"]["round"] == 1
    end.click()
    answer(phone, "Yes, do it")
    phone.wait_for_function(f"(v) => ({VERSION})() > v", arg=version, polling=POLL_MS)
    assert api(live_server, "GET", f"/api/tables/{table_id}")["state"]["round"] == 2
