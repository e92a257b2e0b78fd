"""Election USA in a real headless Chromium, on three phone-size pages, against `companion serve`.

Three phones join one table; the active player takes an Advertising card from their page;
then each phone seals a bid in secret: before the reveal, every other phone and the
spectator change only in that player's "bid in" mark (in the page's HTML, its text and the
live fragment it polls) and the API shows no bid; after the last bid every phone shows the
bids and the winners, without a reload. A tour plays a seeded game through
the API and saves each phase of the turn, in English, French and Korean, to
``test-artifacts/screenshots/election-*.png``.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any
from urllib.parse import urlsplit

import pytest
from test_browser import (
    LIVE_TIMEOUT_MS,
    assert_not_reloaded,
    assert_requests_stay_local,
    mark_document,
    record_timing,
    shot,
)
from test_browser_edgar import (
    SNAPSHOT,
    call,
    lock_status_changed,
    submit,
    table_json,
    take_seat,
    wait_for_version,
    waiting_for,
    without_versions,
)

from companion.games import election_usa as game
from companion.games.base import GameError

pytestmark = pytest.mark.browser

GAME = "election-usa"
PLAYERS = [("Ann", "red"), ("Bob", "blue"), ("Cy", "green")]
BIDS = [4, 6, 6]  # Bob and Cy tie for the lead; Ann is third


def claim_on_phone(page: Any, server: Any, table_id: str, name: str) -> None:
    """Open the join link and tap the player's name, as a player does (a slow shared
    machine gets 20 s)."""
    page.goto(f"{server.url}/t/{table_id}")
    with page.expect_navigation(timeout=20_000):
        page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector("#table[data-seat]:not([data-seat=''])", timeout=20_000)


def test_three_phones_seal_advertising_bids_and_all_see_the_reveal(live_server, new_phone):
    from playwright.sync_api import expect

    host = new_phone()
    host.goto(live_server.url + "/")
    host.locator(".game-card", has_text="Election USA").get_by_role(
        "link", name="New table").click()
    host.wait_for_selector("#new-table")
    rows = host.locator("#player-rows .player-row")
    for index, (name, colour) in enumerate(PLAYERS):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        rows.nth(index).locator("select[name='player.colour']").select_option(colour)
    shot(host, "election-en-01-new-table")
    host.get_by_role("button", name="Start the table").click()
    host.wait_for_url("**/t/*")
    table_id = urlsplit(host.url).path.rsplit("/", 1)[-1]

    phones = [host, new_phone(), new_phone()]
    for seat, (name, _colour) in enumerate(PLAYERS):
        claim_on_phone(phones[seat], live_server, table_id, name)
    watch_url = host.locator(".invite a[href*='/watch/']").first.get_attribute("href")
    host.locator(".invite[open] summary").click()
    spectator = new_phone()
    spectator.goto(watch_url)
    everyone = [*phones, spectator]
    shot(host, "election-en-02-turn")

    # Ann takes an Advertising card nobody recorded yet: its region and pawns, two fields.
    host.locator("details.card-entry", has_text="Advertising").first.locator("summary").click()
    form = host.locator("#take-advertising")
    form.locator("select[name='a.slot']").select_option("2")
    form.locator("select[name='a.card.region']").select_option("great-lakes")
    form.locator("input[name='a.card.pawns']").fill("3")
    submit(host, form.get_by_role("button", name="Take: Advertising"))
    for page in everyone:
        wait_for_version(page, 1)
    for phone in phones:
        expect(phone.locator("#ads-bid")).to_be_visible()
    expect(spectator.locator("#ads-bid")).to_have_count(0)
    shot(phones[1], "election-en-03-advertising-bid")

    for page in everyone:
        mark_document(page)
    for seat, (name, _colour) in enumerate(PLAYERS):
        phone = phones[seat]
        watchers = [page for page in everyone if page is not phone]
        public_before = table_json(live_server, table_id)
        for page in everyone:
            wait_for_version(page, public_before["version"])
        before = [page.evaluate(SNAPSHOT) for page in watchers]
        phone.locator("#ads-amount").fill(str(BIDS[seat]))
        submit(phone, phone.get_by_role("button", name="Seal my bid"))
        sealed_at = time.monotonic()
        if seat == len(PLAYERS) - 1:
            break
        public_after = table_json(live_server, table_id)
        assert public_after["version"] == public_before["version"] + 1
        expected = json.loads(json.dumps(public_before["state"]))
        expected["advertising"]["bids"]["locked"] = sorted(
            [*expected["advertising"]["bids"]["locked"], seat])
        assert public_after["state"] == expected, "the API shows more than the bid-in mark"
        text = json.dumps(public_after)
        assert '"mine"' not in text and '"revealed": [' not in text
        for page, seen in zip(watchers, before, strict=True):
            wait_for_version(page, public_after["version"])
            now = page.evaluate(SNAPSHOT)
            for part in ("live", "after", "text", "fragment"):
                assert without_versions(now[part]) == without_versions(
                    lock_status_changed(seen[part], name)), (
                    f"{part} of a page changed beyond {name}'s bid-in mark")
            assert name in waiting_for(seen["text"]) or f"Your turn, {name}" in seen["text"]
            assert name not in waiting_for(now["text"])
            assert f"{name} ✓" in now["text"] and f"${BIDS[seat]}M" not in now["text"]
        expect(phone.locator("#my-bid")).to_contain_text(f"Your bid is in: ${BIDS[seat]}M")
        if seat == 1:
            shot(phone, "election-en-04-bid-sealed")
            shot(spectator, "election-en-05-spectator-bids-in")

    # The last bid reveals: every phone shows all bids and the winners.
    revealed = table_json(live_server, table_id)["state"]
    assert revealed["phase"] == "placement"
    assert revealed["advertising"]["winners"] == [1, 2]  # 6 and 6: Bob sits first after Ann
    delays = []
    for page in everyone:
        page.wait_for_selector("#bids-shown", timeout=LIVE_TIMEOUT_MS)
        delays.append(time.monotonic() - sealed_at)
        text = page.locator("#bids-shown").inner_text()
        for (name, _colour), bid in zip(PLAYERS, BIDS, strict=True):
            assert f"{name} ${bid}M" in text
        assert_not_reloaded(page)
    record_timing("election_reveal_to_all_phones", max(delays))
    expect(phones[1].locator("#my-turn")).to_contain_text("You won: place up to 3")
    shot(phones[1], "election-en-06-placement")

    submit(phones[1], phones[1].get_by_role("button", name="Place 3"))
    wait_for_version(phones[2], table_json(live_server, table_id)["version"])
    submit(phones[2], phones[2].get_by_role("button", name="Place 2"))
    lakes = "#live svg [data-region='great-lakes']"
    for page in everyone:
        page.wait_for_selector(f"{lakes} [data-seat='1'][data-pawns='3']")
    expect(host.locator("#live-after")).to_contain_text("Advertising in Great Lakes — bids:")
    shot(host, "election-en-07-refill")
    assert_requests_stay_local(live_server, *everyone)


def tour_actions(seed: int) -> list[dict[str, Any]]:
    """A seeded random game to the end, as the conformance suite plays it."""
    rng = random.Random(seed)
    state = game.setup(game.example_players(3), {"action_cards": 30})
    actions = []
    while game.outcome(state) is None:
        action = game.random_action(state, rng)
        try:
            state = game.apply(state, action)
        except GameError:  # a refused random action is skipped
            continue
        actions.append(action)
    return actions


def test_a_tour_of_every_phase_in_english_french_and_korean(live_server, new_phone):
    phones = {"en": new_phone(), "fr": new_phone(locale="fr-FR"),
              "ko": new_phone(locale="ko-KR")}
    for lang in ("fr", "ko"):  # the language switch's cookie, without drawing the home page
        switched = phones[lang].request.get(f"{live_server.url}/language/{lang}",
                                            max_redirects=0)
        assert switched.status == 302
    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": game.example_players(3), "options": {"action_cards": 30}})
    table_id, host = created["id"], created["host_token"]
    shown: set[str] = set()

    def show(label: str, seat: int) -> None:
        for lang, page in phones.items():
            take_seat(page, live_server, table_id, seat, host)
            shot(page, f"election-{lang}-{label}")

    for action in tour_actions(1):
        table = table_json(live_server, table_id)
        state, version = table["state"], table["version"]
        phase = state["phase"]
        seat = {"turn": state["active"], "refill": state["active"], "policy": state["speaker"],
                "chain": state["speaker"],
                "skeleton": (state["chain"] or {}).get("drawer"),
                "placement": ((state["advertising"] or {}).get("pending") or [None])[0],
                "advertising": 0}.get(phase)
        label = {"turn": "10-turn", "refill": "11-refill", "policy": "12-policy-auction",
                 "advertising": "13-advertising", "placement": "14-placement",
                 "chain": "15-chain", "skeleton": "16-skeleton"}.get(phase)
        if label and seat is not None and label not in shown and state["turn"] > 3:
            shown.add(label)
            show(label, seat)
            for page in phones.values():  # closed while the tour plays on through the API:
                page.goto("about:blank")  # not redrawn at every move
            version = None  # the phones' seats moved
        if action["type"] == "reveal" and phase != "advertising":
            continue  # the platform revealed by itself once every bid was in
        # Each action from whom it belongs to: a bid is sealed by its own seat (the host
        # hands the seat to the test for it), everything else is sent as the host.
        token = None
        if action["type"] == "seal":
            token = call(live_server, "POST", f"/api/tables/{table_id}/seats/{action['seat']}",
                         host=host)["token"]
            version = None  # a seat taken from a phone is an entry of the log
        if version is None:
            version = table_json(live_server, table_id)["version"]
        call(live_server, "POST", f"/api/tables/{table_id}/actions",
             {"expected_version": version, "action": action}, token=token,
             host=None if token else host)
    final = table_json(live_server, table_id)
    assert final["outcome"] is not None
    assert len(shown) == 7, shown
    show("17-final-scoring", final["outcome"]["winners"][0])
    for lang, page in phones.items():
        page.locator("#final-scoring").scroll_into_view_if_needed()
        page.screenshot(path=f"test-artifacts/screenshots/election-{lang}-18-final-table.png")
    assert "Final scoring" in phones["en"].locator("#final-scoring").inner_text()
    assert "Décompte final" in phones["fr"].locator("#final-scoring").inner_text()
    assert "최종 점수" in phones["ko"].locator("#final-scoring").inner_text()


def test_the_deck_s_last_card_asks_before_it_ends_the_game(live_server, new_phone):
    from playwright.sync_api import expect

    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS]})
    table_id = created["id"]
    ann = new_phone()
    claim_on_phone(ann, live_server, table_id, "Ann")
    sent: list[str] = []
    ann.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    ann.locator("details.card-entry", has_text="Journalist").last.locator("summary").click()
    form = ann.locator("#draw-journalist")
    form.locator("input[name='a.card.amount']").fill("2")
    box = form.locator("input[type=checkbox][name='a.last']")
    box.check()
    form.get_by_role("button").click()
    dialog = ann.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Was it really the last card of the deck?")
    shot(ann, "election-en-last-card-asks")
    dialog.get_by_role("button", name="No, keep it").click()
    expect(dialog).to_be_hidden()
    assert sent == [] and table_json(live_server, table_id)["version"] == 0
    # Asked again and confirmed: the card goes in as the deck's last.
    with ann.expect_request(lambda r: r.url.endswith("/act")) as request:
        form.get_by_role("button").click()
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name="Yes, do it").click()
    assert 'name="a.last"\r\n\r\ntrue' in (request.value.post_data or "")
    wait_for_version(ann, 1)
    assert table_json(live_server, table_id)["state"]["ending"] == "last_card"
