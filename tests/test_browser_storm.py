"""폭풍의 대권주자 in a real headless Chromium: four Korean phones and a spectator.

Four phones enter their priority cards in secret: until the last one is in, no other phone,
the spectator, the live fragment each polls, nor the public API shows a number entered; the
phone that entered it sees it. After the fourth, the platform reveals and every phone shows
the bus order, without a reload. The round then goes on through the pages
(a worker, the street, the buying helper, the points, the summary). Every page is saved in
Korean in ``test-artifacts/screenshots/storm-ko-*.png``. The phone that starts a table from
the new-table page is its host and reveals early with one tap.
"""

from __future__ import annotations

import json
import re
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

from companion.games import storm_candidate as game

pytestmark = pytest.mark.browser

GAME = "storm-candidate"
PLAYERS = [("민준", "red"), ("서연", "blue"), ("지호", "yellow"), ("하은", "green")]
NUMBERS = [47, 29, 29, 38]  # two tied at 29: they swap their setup order
KOREAN = {"locale": "ko-KR"}

SNAPSHOT = """async () => {
  const root = document.getElementById('table');
  const live = document.getElementById('live');
  const after = document.getElementById('live-after');
  const response = await fetch(root.dataset.liveUrl, {cache: 'no-store',
                                                      credentials: 'same-origin'});
  return {version: root.dataset.version, html: live.innerHTML + after.innerHTML,
          text: live.innerText + '\\n' + after.innerText, fragment: await response.text()};
}"""

BUS = r"""() => Array.from(document.querySelectorAll('#live .status .order .badge'))
  .map((b) => b.textContent.replace(/\s+/g, ' ').trim())"""


def call(server: Any, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def public(server: Any, table_id: str) -> dict[str, Any]:
    body: dict[str, Any] = call(server, "GET", f"/api/tables/{table_id}")
    return body


def wait_for_version(page: Any, version: int, timeout: float = 5000) -> None:
    page.wait_for_function(
        "(v) => Number(document.getElementById('table').dataset.version) >= v",
        arg=version, timeout=timeout, polling=POLL_MS)


def submit(page: Any, button: Any) -> None:
    with page.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/act")) as response:
        button.click()
    assert response.value.ok, response.value.text()


def leaks(number: int, seen: dict[str, str]) -> list[str]:
    """Where a priority number shows in what a phone has: its text, or a value in its HTML."""
    pattern = re.compile(rf"(?<![\d.]){number}(?![\d.])")
    found = [part for part in ("text",) if pattern.search(seen[part])]
    for part in ("html", "fragment"):
        if re.search(rf'value="{number}"|· {number}<|>{number}<', seen[part]):
            found.append(part)
    return found


def everyone_synced(pages: list[Any], server: Any, table_id: str) -> int:
    version = public(server, table_id)["version"]
    for page in pages:
        wait_for_version(page, version)
    return version


def test_four_phones_enter_priority_cards_in_secret(live_server, new_phone):
    from playwright.sync_api import expect

    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS],
        "options": {"seed": 5}})
    table_id = created["id"]
    phones = [new_phone(**KOREAN) for _ in PLAYERS]
    for seat, (name, _colour) in enumerate(PLAYERS):
        phones[seat].goto(f"{live_server.url}/t/{table_id}")
        phones[seat].get_by_role("button", name=name, exact=True).click()
        phones[seat].wait_for_selector(f"#table[data-seat='{seat}']")
    watch_url = phones[0].locator(".invite a[href*='/watch/']").first.get_attribute("href")
    spectator = new_phone(**KOREAN)
    spectator.goto(watch_url)
    everyone = [*phones, spectator]
    for page in everyone:
        mark_document(page)
        expect(page.locator("html")).to_have_attribute("lang", "ko")
        expect(page.locator("#live .status")).to_contain_text("라운드 1/11")
    expect(spectator.locator("#priority-form")).to_have_count(0)
    shot(phones[0], "storm-ko-01-priority")
    setup_bus = public(live_server, table_id)["state"]["order"]

    for seat, number in enumerate(NUMBERS):
        phone = phones[seat]
        phone.locator("#priority-value").fill(str(number))
        last = seat == len(NUMBERS) - 1
        version = everyone_synced(everyone, live_server, table_id)
        submit(phone, phone.locator("#priority-form button[type=submit]"))
        sealed_at = time.monotonic()
        if last:
            break
        for page in everyone:
            wait_for_version(page, version + 1)
        # the phone that entered it keeps it; nobody else has it anywhere
        expect(phone.locator("#priority-value")).to_have_value(str(number))
        expect(phone.get_by_role("button", name="내 카드 바꾸기")).to_be_visible()
        state = public(live_server, table_id)["state"]
        assert "mine" not in state["priority"] and state["priority"]["locked"] == list(
            range(seat + 1))
        assert all(p["priority"] is None for p in state["players"])
        api_text = json.dumps(public(live_server, table_id))
        for earlier in range(seat + 1):
            assert not re.search(rf"(?<!\d){NUMBERS[earlier]}(?!\d)", api_text), \
                "the public API shows a sealed number"
            for other, page in enumerate(everyone):
                if other == earlier or (other <= seat and NUMBERS[other] == NUMBERS[earlier]):
                    continue  # its own number (the tied pair entered the same one)
                seen = page.evaluate(SNAPSHOT)
                assert not leaks(NUMBERS[earlier], seen), (
                    f"phone {other} shows seat {earlier}'s number: {leaks(NUMBERS[earlier], seen)}")
                assert f"{PLAYERS[earlier][0]} ✓" in seen["text"]
        if seat == 1:
            shot(phones[2], "storm-ko-02-others-locked")
            shot(spectator, "storm-ko-03-spectator-before-reveal")

    # The fourth card: the platform reveals; every phone shows the bus.
    revealed = public(live_server, table_id)["state"]
    assert revealed["phase"] == "workers"
    expected = list(game.bus_order(dict(enumerate(NUMBERS)), setup_bus))
    assert revealed["order"] == expected
    assert [s for s in expected if NUMBERS[s] == 29] == [s for s in setup_bus
                                                         if NUMBERS[s] == 29][::-1]
    badges = [f"{i + 1}. {PLAYERS[s][0]} · {NUMBERS[s]}" for i, s in enumerate(expected)]
    delays = []
    for page in everyone:
        try:
            page.wait_for_function(f"(want) => JSON.stringify(({BUS})()) === want",
                                   arg=json.dumps(badges, ensure_ascii=False,
                                                  separators=(",", ":")),
                                   timeout=LIVE_TIMEOUT_MS, polling=POLL_MS)
        except Exception:
            raise AssertionError(f"bus on a phone: {page.evaluate(BUS)}, not {badges}") from None
        delays.append(time.monotonic() - sealed_at)
        assert_not_reloaded(page)
    record_timing("storm_reveal_to_all_phones", max(delays))
    shot(phones[expected[0]], "storm-ko-04-bus-workers")
    shot(spectator, "storm-ko-05-spectator-after-reveal")

    # Phase 2: the first in the bus places a worker, the others then stop placing.
    first = phones[expected[0]]
    expect(phones[expected[1]].locator("#my-turn")).to_contain_text("기다리는 중")
    submit(first, first.get_by_role("button", name="여기에 당원 놓기"))
    while public(live_server, table_id)["state"]["phase"] == "workers":
        active = public(live_server, table_id)["state"]["active"]
        everyone_synced([phones[active]], live_server, table_id)
        stop = phones[active].get_by_role("button", name="이번 라운드 당원 놓기 끝")
        submit(phones[active], stop)

    # The street: one phone enters two cards, a yellow one in slot 5 and a red one in slot 2.
    enterer = phones[3]
    for slot, price, colour in ((5, 3, "yellow"), (2, 1, "red")):
        everyone_synced([enterer], live_server, table_id)
        details = enterer.locator("details.street-entry")
        if details.get_attribute("open") is None:
            details.locator("summary").click()
        enterer.locator("#street-slot").select_option(str(slot))
        enterer.locator("#street-price").fill(str(price))
        enterer.locator("#street-colour").select_option(colour)
        submit(enterer, enterer.get_by_role("button", name="이 카드 저장"))
    buyer_seat = public(live_server, table_id)["state"]["active"]
    buyer = phones[buyer_seat]
    everyone_synced([buyer], live_server, table_id)
    buyer.locator("#buy-card-coins").fill("3")
    buyer.locator("#buy-form input[type=checkbox][value='5']").check()
    total = buyer.locator("#buy-form [data-buy-total]")
    expect(total).to_contain_text("동전 4/3개")  # slot 5: 3 + 1
    expect(total).to_contain_text("너무 많아요")
    expect(buyer.get_by_role("button", name="고른 카드 구매")).to_be_disabled()
    buyer.locator("#buy-card-coins").fill("4")
    expect(total).to_have_text("고른 카드: 동전 4/4개, 구매 1/1번.")
    shot(buyer, "storm-ko-06-buying")
    submit(buyer, buyer.get_by_role("button", name="고른 카드 구매"))
    while public(live_server, table_id)["state"]["phase"] == "buying":
        active = public(live_server, table_id)["state"]["active"]
        everyone_synced([phones[active]], live_server, table_id)
        phones[active].locator("#buy-buys").fill("0")
        submit(phones[active], phones[active].get_by_role("button", name="고른 카드 구매"))
    purchases = public(live_server, table_id)["state"]["purchases"]
    bought = next(p for p in purchases if p["bought"])
    assert bought["spent"] == 4 and [r["slot"] for r in bought["red"]] == [2]

    # Points: one phone enters everyone's; the summary and the track on every phone.
    scorer = phones[1]
    everyone_synced([scorer], live_server, table_id)
    for seat in range(4):
        scorer.locator(f"#pts-cards-{seat}").fill(str(3 + seat))
    shot(scorer, "storm-ko-07-points")
    submit(scorer, scorer.get_by_role("button", name="경력 표시말 이동"))
    after = public(live_server, table_id)["state"]
    assert after["round"] == 2 and [p["score"] for p in after["players"]] == [3, 4, 5, 6]
    for page in everyone:
        wait_for_version(page, public(live_server, table_id)["version"])
        expect(page.locator("#live-after")).to_contain_text("1라운드 요약")
    shot(phones[0], "storm-ko-08-round-two")
    assert_requests_stay_local(live_server, *everyone)


def test_the_new_table_page_and_the_table_in_english_and_french(live_server, new_phone):
    from playwright.sync_api import expect

    host = new_phone(**KOREAN)
    host.goto(f"{live_server.url}/new/{GAME}")
    host.wait_for_selector("#new-table")
    rows = host.locator("#player-rows .player-row")
    for index, (name, colour) in enumerate(PLAYERS[:min(3, rows.count())]):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        rows.nth(index).locator("select[name='player.colour']").select_option(colour)
    shot(host, "storm-ko-00-new-table")
    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS[:2]],
        "options": {"seed": 3}})
    for seat, (lang, title) in enumerate((("en", "Round 1 of 11"), ("fr", "Manche 1 sur 11"))):
        phone = new_phone()
        phone.goto(f"{live_server.url}/language/{lang}?next=/t/{created['id']}")
        phone.get_by_role("button", name=PLAYERS[seat][0], exact=True).click()
        phone.wait_for_selector(f"#table[data-seat='{seat}']")
        expect(phone.locator("#live .status")).to_contain_text(title)
        expect(phone.locator("#live")).to_contain_text("23, 32, 49")
        shot(phone, f"storm-{lang}-01-priority")


def test_the_korean_rules_reference_on_a_phone(live_server, new_phone):
    from playwright.sync_api import expect

    page = new_phone(**KOREAN)
    page.goto(f"{live_server.url}/rules/{GAME}/turn-order?lang=ko")
    expect(page.locator("h1, h2").first).to_be_visible()
    expect(page.locator("body")).to_contain_text("1단계: 순서 정하기")
    expect(page.locator("body")).to_contain_text("테이블 판정")
    shot(page, "storm-ko-09-rules-turn-order")


def test_the_host_phone_starts_the_table_and_reveals_now(live_server, new_phone):
    """The phone that starts the table from the new-table page is its host: seated, it sees
    Reveal now beside the lock-ins; a player's phone does not, and the host's tap reveals
    with the missing card counted 0."""
    from playwright.sync_api import expect

    host = new_phone(**KOREAN)
    host.goto(f"{live_server.url}/new/{GAME}")
    rows = host.locator("#player-rows .player-row")
    for index, (name, colour) in enumerate(PLAYERS[:2]):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        rows.nth(index).locator("select[name='player.colour']").select_option(colour)
    for extra in range(2, rows.count()):
        rows.nth(extra).locator("input[name='player.name']").fill("")
    host.get_by_role("button", name="테이블 시작").click()
    host.wait_for_selector("#table")
    table_id = host.locator("#table").get_attribute("data-table")
    host.get_by_role("button", name=PLAYERS[0][0], exact=True).click()
    host.wait_for_selector("#table[data-seat='0']")
    player = new_phone(**KOREAN)
    player.goto(f"{live_server.url}/t/{table_id}")
    player.get_by_role("button", name=PLAYERS[1][0], exact=True).click()
    player.wait_for_selector("#table[data-seat='1']")
    reveal = "지금 공개 (입력하지 않은 카드는 0)"
    expect(host.get_by_role("button", name=reveal)).to_be_visible()
    expect(player.get_by_role("button", name=reveal)).to_have_count(0)

    player.locator("#priority-value").fill("12")
    submit(player, player.locator("#priority-form button[type=submit]"))
    expect(host.locator("#live .locks")).to_contain_text(f"{PLAYERS[1][0]} ✓")
    shot(host, "storm-ko-10-host-reveal-now")
    with host.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/act")) as response:
        host.get_by_role("button", name=reveal).click()
        # Reveal now asks first: the host confirms in the page's dialog.
        host.locator("#confirm [data-confirm-yes]").click()
    assert response.value.ok, response.value.text()
    expect(host.locator("#live .status .order .badge").first).to_contain_text(
        f"1. {PLAYERS[1][0]} · 12")
    expect(player.locator("#live .status .order .badge").first).to_contain_text(
        f"1. {PLAYERS[1][0]} · 12")
    assert public(live_server, table_id)["state"]["order"] == [1, 0]
