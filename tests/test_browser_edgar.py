"""Edgar & Lucien in a real headless Chromium, on four phone-size pages, against `companion serve`.

Four phones join one table (the 4-player side of the board), place in turn order, then
program their moves in secret: before the reveal, no other phone (nor the spectator) shows a
seat's chosen moves, in its page or in the live fragment it fetches; after the last lock-in,
every phone shows the resolved positions, without a reload. An action tapped on one
phone shows on the others. A tour replays a seeded game with
hidden money through the API to reach the tie auction, the tax collection and the victory
screen, and checks that each phone shows only its own Cogs; another gives one player a hand of
Manigance cards that no other phone names. Every page is saved in English and in French in
``test-artifacts/screenshots/edgar-*.png``.
"""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from typing import Any
from urllib.parse import urlsplit

import pytest
from test_browser import (
    LIVE_TIMEOUT_MS,
    POLL_MS,
    assert_not_reloaded,
    assert_requests_stay_local,
    decode_qr,
    mark_document,
    record_timing,
    shot,
)

from companion.games import edgar_et_lucien as game

pytestmark = pytest.mark.browser

GAME = "edgar-et-lucien"
PLAYERS = [("Ann", "red"), ("Bob", "yellow"), ("Cy", "blue"), ("Dee", "white")]

# Where each pawn stands on the page's map: {"0:edgar": "opera-row", "0:lucien": ...}.
READ_PAWNS = """() => {
  const out = {};
  for (const pawn of document.querySelectorAll('#live svg.fosko [data-pawn]')) {
    out[pawn.dataset.seat + ':' + pawn.dataset.pawn] =
      pawn.closest('[data-district]').dataset.district;
  }
  return out;
}"""
PAWNS_AT = "(expected) => { const got = (" + READ_PAWNS + ")();" \
    " return Object.keys(expected).length === Object.keys(got).length" \
    " && Object.entries(expected).every(([k, v]) => got[k] === v); }"

# What a phone shows of the table (its live parts, as HTML and as text) and what the live
# fragment it polls contains right now.
SNAPSHOT = """async () => {
  const root = document.getElementById('table');
  const live = document.getElementById('live');
  const after = document.getElementById('live-after');
  const response = await fetch(root.dataset.liveUrl, {cache: 'no-store',
                                                      credentials: 'same-origin'});
  // The live log lists the entries themselves (each lock-in adds one): compared apart.
  const log = after.querySelector('.recent-log');
  const logText = log ? log.innerText : '';
  return {version: root.dataset.version, live: live.innerHTML, after: after.innerHTML,
          text: live.innerText + '\\n' + after.innerText.replace(logText, ''),
          log: logText, fragment: await response.text()};
}"""

# The Cogs column of the players' table: {"Ann": "50,000", "Bob": "?", ...}.
READ_COGS = """() => {
  const out = {};
  for (const row of document.querySelectorAll('#live-after .players tr:not(.sub)')) {
    const cells = row.querySelectorAll('td');
    if (cells.length >= 2) {
      const name = cells[0].cloneNode(true);
      name.querySelectorAll('.badge').forEach((b) => b.remove());
      out[name.textContent.trim()] = cells[1].textContent.trim();
    }
  }
  return out;
}"""

# The seeded game the tour replays: deck seed 1 and these random choices reach a tie
# auction after 50 actions and a victory after 107.
TOUR_DECK_SEED = 1
TOUR_CHOICES_SEED = 19
TOUR_OPTIONS = {"seed": TOUR_DECK_SEED, "hidden_money": True}


# ---------------------------------------------------------------------------- helpers

def call(server: Any, method: str, path: str, body: Any = None,
         token: str | None = None, host: str | None = None) -> Any:
    """The JSON API from the test, as a seat when given its token, as the host when given
    the host token."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    if host:
        headers["X-Host-Token"] = host
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response) if response.status != 204 else None


def drive(server: Any, created: dict[str, Any], actions: list[dict[str, Any]]) -> None:
    """Play actions through the API as the table's host; a secret is locked in by its own
    seat (the host moves the seat to the test for it), and a reveal the table already made
    itself (the last seal) is not sent again."""
    table_id, host = created["id"], created["host_token"]
    for action in actions:
        state = table_json(server, table_id)
        if action["type"] == "reveal" and state["state"]["phase"] != "programming":
            continue
        token = None
        if action["type"] == "seal":
            token = call(server, "POST", f"/api/tables/{table_id}/seats/{action['seat']}",
                         host=host)["token"]
            state = table_json(server, table_id)  # a seat taken is an entry of the log
        call(server, "POST", f"/api/tables/{table_id}/actions",
             {"expected_version": state["version"], "action": action}, token=token,
             host=None if token else host)


def table_json(server: Any, table_id: str) -> dict[str, Any]:
    """The table as everyone may see it (no seat token)."""
    body: dict[str, Any] = call(server, "GET", f"/api/tables/{table_id}")
    return body


def pawns_of(state: dict[str, Any]) -> dict[str, str]:
    return {f"{p['seat']}:{character}": p[character]
            for p in state["players"] for character in ("edgar", "lucien") if p[character]}


def claim_on_phone(page: Any, server: Any, table_id: str, name: str) -> None:
    """Open the join link and tap the player's name, as a player does."""
    page.goto(f"{server.url}/t/{table_id}")
    page.get_by_role("button", name=name, exact=True).click()
    page.wait_for_selector("#table[data-seat]:not([data-seat=''])")


def take_seat(page: Any, server: Any, table_id: str, seat: int, host: str) -> None:
    """This phone gives up the seat it holds, if another; the host frees the seat the test
    (or another phone) held; this phone then takes it, and shows the table seated.

    The phone's own form posts (leave, then claim with its name's seat), sent from its
    cookie as its buttons would send them; the page is drawn once, seated. (The tap on a
    name itself is what claim_on_phone() and the other acceptance tests go through.)"""
    url = f"{server.url}/t/{table_id}"
    page_html = page.request.get(url).text()
    current = re.search(r'<div id="table"[^>]*\sdata-seat="([^"]*)"', page_html)
    assert current, "the table's page has no #table"
    if current.group(1) != str(seat):
        token = re.search(r'name="csrf_token" value="([^"]*)"', page_html)
        assert token, "the table's page has no form"
        headers = {"Origin": server.url}
        if current.group(1):
            left = page.request.post(f"{url}/leave", form={"csrf_token": token.group(1)},
                                     headers=headers, max_redirects=0)
            assert left.status == 302, left.text()[:300]
        call(server, "DELETE", f"/api/tables/{table_id}/seats/{seat}", host=host)
        claimed = page.request.post(f"{url}/claim", headers=headers, max_redirects=0,
                                    form={"csrf_token": token.group(1), "seat": str(seat)})
        assert claimed.status == 302, claimed.text()[:300]
    page.goto(url)
    page.wait_for_selector(f"#table[data-seat='{seat}']")


def wait_for_version(page: Any, version: int, timeout: float = 5000) -> None:
    page.wait_for_function(
        "(v) => Number(document.getElementById('table').dataset.version) >= v",
        arg=version, timeout=timeout, polling=POLL_MS)


def submit(page: Any, button: Any) -> Any:
    """Tap a button of a live form and wait for the server's answer."""
    with page.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/act")) as response:
        button.click()
    assert response.value.ok, response.value.text()
    return response.value


def without_versions(html: str) -> str:
    html = re.sub(r'name="expected_version" value="\d+"', 'name="expected_version"', html)
    html = re.sub(r'data-version="\d+"', "", html)
    html = re.sub(r' style=""', "", html)  # left by the browser after a tap, shows nothing
    html = re.sub(r'data-undo-refusal="[^"]*"', "", html)
    html = re.sub(r'data-(undo|redo)-ask="[^"]*"', "", html)  # names the entry, as data-undo
    html = re.sub(r'data-undo-why>[^<]*<', "data-undo-why><", html)
    # Whom the table waits for follows the lock-ins (as public as the ✓): checked apart,
    # by waiting_for().
    html = re.sub(r'data-active-seats="[^"]*"', "", html)
    html = html.replace('class="your-turn new"', 'class="your-turn"')  # the banner's pulse
    html = re.sub(r'<section class="card recent-log".*?</section>', "", html, flags=re.S)
    html = re.sub(r'<span class="small">Also waiting for: [^<]*</span>', "", html)
    html = re.sub(r"(Also w|W)aiting for: [^<\n]*", "", html)
    html = re.sub(r'data-undo="[^"]*"', "", html)
    return re.sub(r"\s+", " ", html)


def waiting_for(text: str) -> list[str]:
    """The names a page says the table waits for (the turn line or the your-turn banner)."""
    return [name.strip() for line in re.findall(r"[Ww]aiting for: ([^\n<(]*)", text)
            for name in line.split(",") if name.strip()]


def lock_status_changed(before: str, name: str) -> str:
    """The page before a seat locked in, with only that seat's status turned to locked."""
    return before.replace(f"{name} …", f"{name} ✓")


def assert_cogs_hidden(page: Any, server: Any, table_id: str, seat: int | None) -> None:
    """Hidden money: a phone shows its own Cogs and "?" for the others' (unless a robbery
    showed them: the public state then shows them too)."""
    public = table_json(server, table_id)["state"]["players"]
    shown = page.evaluate(READ_COGS)
    assert set(shown) == {p["name"] for p in public}, shown
    for player in public:
        if player["seat"] == seat:
            assert shown[player["name"]] not in ("?", ""), "a player does not see their Cogs"
        elif player["cogs"] is None:
            assert shown[player["name"]] == "?", (
                f"seat {seat}'s phone shows {player['name']}'s hidden Cogs")


def choose_moves(page: Any) -> dict[str, str]:
    """Pick the first real move (not Immobile) for Edgar and for Lucien on this phone."""
    chosen = {}
    for character in ("edgar", "lucien"):
        select = page.locator(f"#move-{character}")
        options = select.locator("option")
        assert options.count() >= 2, f"{character} has no move to program"
        value = options.nth(1).get_attribute("value")
        select.select_option(value=value)
        chosen[character] = value
    return chosen


# ---------------------------------------------------------------------------- the acceptance test

def test_four_phones_program_in_secret_and_all_see_the_reveal(live_server, new_phone):
    from playwright.sync_api import expect

    # The host starts the table through the New table form: four players.
    host = new_phone()
    host.goto(live_server.url + "/")
    host.locator(".game-card", has_text="Edgar").get_by_role("link", name="New table").click()
    host.wait_for_selector("#new-table")
    rows = host.locator("#player-rows .player-row")
    for index, (name, colour) in enumerate(PLAYERS):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        rows.nth(index).locator("select[name='player.colour']").select_option(colour)
    shot(host, "edgar-en-01-new-table")
    host.get_by_role("button", name="Start the table").click()
    host.wait_for_url("**/t/*")
    table_id = urlsplit(host.url).path.rsplit("/", 1)[-1]
    state = table_json(live_server, table_id)["state"]
    assert state["side"] == "4" and [p["colour"] for p in state["players"]] == [
        "red", "yellow", "blue", "white"]
    qr = host.locator(".invite .qr img")
    expect(qr).to_be_visible()
    join_url = host.locator(".invite a").first.get_attribute("href")
    assert join_url and join_url.endswith(f"/t/{table_id}")
    assert decode_qr(qr) == join_url, "the QR code on the screen does not open the join link"
    shot(host, "edgar-en-02-host-join-qr")

    # Each phone claims its seat from the join link; a spectator watches.
    phones = [host, new_phone(), new_phone(), new_phone()]
    for seat, (name, _colour) in enumerate(PLAYERS):
        claim_on_phone(phones[seat], live_server, table_id, name)
        expect(phones[seat].locator("#table")).to_have_attribute("data-seat", str(seat))
    watch_url = host.locator(".invite a[href*='/watch/']").first.get_attribute("href")
    host.locator(".invite[open] summary").click()  # everyone is in: the host folds the QR
    spectator = new_phone()
    spectator.goto(watch_url)
    everyone = [*phones, spectator]

    # Placement, in turn order, through each phone's placement form.
    order = state["order"]
    assert order == [0, 1, 2, 3]
    for index, seat in enumerate(order):
        phone = phones[seat]
        form = phone.locator("#place-form")
        expect(form).to_be_visible()
        for other in order:
            if other != seat:
                expect(phones[other].locator("#place-form")).to_have_count(0)
                expect(phones[other].locator("#my-turn")).to_contain_text(
                    f"Waiting for {PLAYERS[seat][0]} to place.")
        if index == 1:
            shot(phone, "edgar-en-03-placement")
        submit(phone, form.get_by_role("button", name="Place Edgar, Lucien and a token here"))
        version = index + 1
        for other in everyone:
            wait_for_version(other, version)
    placed = table_json(live_server, table_id)
    assert placed["state"]["phase"] == "programming"
    for page in everyone:
        page.wait_for_function(PAWNS_AT, arg=pawns_of(placed["state"]), polling=POLL_MS)

    # Programming: each phone locks in in secret; the others change only in its status.
    for page in everyone:
        mark_document(page)
    chosen: dict[int, dict[str, str]] = {}
    for seat, (name, _colour) in enumerate(PLAYERS):
        phone = phones[seat]
        expect(phone.locator("#program-form")).to_be_visible()
        chosen[seat] = choose_moves(phone)
        if seat == 0:
            shot(phone, "edgar-en-04-programming")
        watchers = [page for page in everyone if page is not phone]
        public_before = table_json(live_server, table_id)
        for page in everyone:
            wait_for_version(page, public_before["version"])
        before = [page.evaluate(SNAPSHOT) for page in watchers]
        last = seat == len(PLAYERS) - 1
        if last:  # the log names the lock-ins, never the moves
            log = phones[0].request.get(f"{live_server.url}/t/{table_id}/log").text()
            entries = re.findall(r'<li class="entry.*?</li>', log, re.DOTALL)
            assert sum("locked in their moves" in e for e in entries) == len(PLAYERS) - 1
            assert not re.search(r"border|metro|immobile|kind", log, re.IGNORECASE)
        submit(phone, phone.get_by_role("button", name="Lock in my moves"))
        locked_at = time.monotonic()
        version = public_before["version"] + 1
        if last:
            break
        public_after = table_json(live_server, table_id)
        assert public_after["version"] == version
        expected_state = json.loads(json.dumps(public_before["state"]))
        expected_state["programming"]["locked"] = sorted([
            *expected_state["programming"]["locked"], seat])
        assert public_after["state"] == expected_state, "the API shows more than the lock"
        assert public_after["state"]["programming"].get("mine") is None
        for page, seen in zip(watchers, before, strict=True):
            wait_for_version(page, version)
            now = page.evaluate(SNAPSHOT)
            for part in ("live", "after", "text", "fragment"):
                assert without_versions(now[part]) == without_versions(
                    lock_status_changed(seen[part], name)), (
                    f"{part} of a phone changed beyond {name}'s lock-in status")
            assert name in waiting_for(seen["text"]) or f"Your turn, {name}" in seen["text"]
            assert name not in waiting_for(now["text"])
            assert not re.search(r"border|metro|immobile|→", now["log"], re.IGNORECASE)
            assert f"{name} ✓" in now["text"]
        for page in watchers[:-1]:  # the players' undo bars name the lock, never the moves
            expect(page.locator("[data-undo-label]")).to_have_text(
                f"Undo: {name} locked in their moves")
        expect(phone.get_by_role("button", name="Change my moves")).to_be_visible()
        for character, value in chosen[seat].items():
            expect(phone.locator(f"#move-{character}")).to_have_value(value)
        if seat == 1:
            shot(phone, "edgar-en-05-programming-locked")

    # The fourth lock-in reveals and resolves: every phone shows the new positions at once.
    revealed = table_json(live_server, table_id)["state"]
    assert revealed["phase"] == "actions"
    resolved = pawns_of(revealed)
    assert resolved != pawns_of(placed["state"])
    for move in revealed["last_moves"]:
        for character in ("edgar", "lucien"):
            assert move[character]["move"] == json.loads(chosen[move["seat"]][character])
    delays = []
    for page in everyone:
        page.wait_for_function(PAWNS_AT, arg=resolved, timeout=LIVE_TIMEOUT_MS, polling=POLL_MS)
        delays.append(time.monotonic() - locked_at)
        expect(page.locator("#live-after")).to_contain_text("Last moves revealed")
        assert_not_reloaded(page)
    record_timing("edgar_reveal_to_all_phones", max(delays))
    shot(spectator, "edgar-en-06-spectator-after-reveal")

    # The action phase: Ann's buttons; the others wait. One tap shows everywhere.
    active = phones[revealed["order"][revealed["active"]]]
    assert active is host
    expect(host.locator("#my-turn")).to_contain_text("Your turn")
    for page in phones[1:]:
        expect(page.locator("#my-turn")).to_contain_text("Waiting for Ann to play.")
    shot(host, "edgar-en-07-actions")
    buy = host.get_by_role("button", name=re.compile("^Buy this district"))
    expect(buy).to_be_enabled()  # Ann's Lucien moved onto a district she does not own
    owned_before = revealed["players"][0]["districts"]["total"]
    submit(host, buy)
    bought_at = time.monotonic()
    after = table_json(live_server, table_id)["state"]
    owned = after["players"][0]["districts"]["total"]
    assert owned == owned_before + 1
    for page in everyone[1:]:
        ann_districts = page.locator("#live-after .players tr:not(.sub)", has_text="Ann").locator(
            "td").nth(3)
        expect(ann_districts).to_have_text(re.compile(rf"^\s*{owned}\b"),
                                           timeout=LIVE_TIMEOUT_MS)
    record_timing("edgar_buy_to_other_phones", time.monotonic() - bought_at)
    expect(host.locator("#my-turn")).to_contain_text("Lucien")
    expect(host.locator("#my-turn h3", has_text="Lucien").locator(".badge")).to_have_text("done")
    shot(host, "edgar-en-08-actions-after-buying")
    shot(phones[2], "edgar-en-09-other-phone-in-the-action-phase")

    with host.expect_response(lambda r: r.url.endswith("/act")):
        host.get_by_role("button", name="End my turn").click()
    ended_at = time.monotonic()
    expect(phones[1].locator("#my-turn")).to_contain_text(
        "Your turn", timeout=LIVE_TIMEOUT_MS)
    for page in (phones[2], phones[3], host):
        expect(page.locator("#my-turn")).to_contain_text(
            "Waiting for Bob to play.", timeout=LIVE_TIMEOUT_MS)
    record_timing("edgar_end_turn_to_other_phones", time.monotonic() - ended_at)
    assert table_json(live_server, table_id)["state"]["active"] == 1

    for page in everyone:
        assert_not_reloaded(page)
    assert_requests_stay_local(live_server, *everyone)


def test_the_new_table_form_turns_hidden_money_on(live_server, new_phone):
    host = new_phone()
    host.goto(f"{live_server.url}/new/{GAME}")
    rows = host.locator("#player-rows .player-row")
    for index, (name, colour) in enumerate(PLAYERS[:3]):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        rows.nth(index).locator("select[name='player.colour']").select_option(colour)
    host.get_by_label("Hidden money").check()
    host.get_by_role("button", name="Start the table").click()
    host.wait_for_url("**/t/*")
    table_id = urlsplit(host.url).path.rsplit("/", 1)[-1]
    assert table_json(live_server, table_id)["state"]["options"]["hidden_money"] is True


# ---------------------------------------------------------------------------- the tour

def tour_actions() -> list[dict[str, Any]]:
    """The accepted actions of the seeded game, replayed by the engine itself."""
    players = [{"name": n, "colour": c} for n, c in PLAYERS]
    state = game.setup(players, TOUR_OPTIONS)
    rng = random.Random(TOUR_CHOICES_SEED)
    actions = []
    while game.outcome(state) is None:
        action = game.random_action(state, rng)
        if game.refusal(state, action) is None:
            state = game.apply(state, action)
            actions.append(action)
        assert len(actions) < 500
    return actions


def test_tour_of_every_state_in_english_and_french(live_server, new_phone):
    """A seeded game through the API; each phone state saved in both languages."""
    phones = {"en": new_phone(), "fr": new_phone()}
    french = phones["fr"]
    french.goto(f"{live_server.url}/language/fr?next=/")
    french.locator(f".game-card a[href$='/new/{GAME}']").click()
    french.wait_for_selector("#new-table")
    shot(french, "edgar-fr-10-new-table")
    rows = french.locator("#player-rows .player-row")
    for index, (name, colour) in enumerate(PLAYERS):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        rows.nth(index).locator("select[name='player.colour']").select_option(colour)
    french.locator("#new-table button[type=submit]").last.click()
    french.wait_for_url("**/t/*")
    shot(french, "edgar-fr-11-host-join-qr")

    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS],
        "options": TOUR_OPTIONS})
    table_id = created["id"]
    watch_token = None
    actions = tour_actions()
    assert len(actions) < 120

    def show(label: str, seat: int | None) -> None:
        """Each language's phone takes `seat` (or watches) and is saved."""
        nonlocal watch_token
        for lang, page in phones.items():
            if seat is None:
                page.goto(f"{live_server.url}/watch/{watch_token}")
            else:
                take_seat(page, live_server, table_id, seat, created["host_token"])
            assert_cogs_hidden(page, live_server, table_id, seat)
            shot(page, f"edgar-{lang}-{label}")

    phones["en"].goto(f"{live_server.url}/t/{table_id}")
    watch_url = phones["en"].locator(".invite a[href*='/watch/']").first.get_attribute("href")
    watch_token = watch_url.rstrip("/").rsplit("/", 1)[-1]
    for page in phones.values():
        page.goto("about:blank")

    shown: set[str] = set()

    def show_once(label: str, seat: int | None) -> None:
        if label not in shown:
            shown.add(label)
            show(label, seat)
            for page in phones.values():  # closed while the tour plays on through the API:
                page.goto("about:blank")  # not redrawn at every move

    host = created["host_token"]
    for action in actions:
        table = table_json(live_server, table_id)
        state, version = table["state"], table["version"]
        shows_before = len(shown)
        if state["phase"] == "placement" and state["active"] == 1:
            show_once("12-placement", 1)
        if state["phase"] == "programming" and state["programming"]["locked"]:
            show_once("13-programming-one-locked", state["programming"]["locked"][0])
        if state["phase"] == "actions":
            show_once("14-actions", state["order"][state["active"]])
        if state["phase"] == "auction":
            show_once("15-tie-auction", state["auction"]["speaker"])
        if state["tax"] and state["election"]:
            show_once("16-after-tax-and-election", state["order"][0])
        # As drive() sends it (the seal by its own seat), from the state read above unless
        # the phones' seats moved meanwhile.
        if action["type"] == "reveal" and state["phase"] != "programming":
            continue
        token = None
        if action["type"] == "seal":
            token = call(live_server, "POST",
                         f"/api/tables/{table_id}/seats/{action['seat']}", host=host)["token"]
        if token or len(shown) != shows_before:
            version = table_json(live_server, table_id)["version"]
        call(live_server, "POST", f"/api/tables/{table_id}/actions",
             {"expected_version": version, "action": action}, token=token,
             host=None if token else host)
    seen_auction = "15-tie-auction" in shown
    seen_tax = "16-after-tax-and-election" in shown
    assert seen_auction and seen_tax
    final = table_json(live_server, table_id)
    assert final["outcome"] is not None
    winner = final["state"]["victory"]["seat"]
    show("17-victory", winner)
    for page in phones.values():
        assert page.locator(".outcome").count() == 1
    show("18-victory-spectator", None)
    assert "Grand Triumphant" in phones["en"].locator(".outcome").inner_text()

    assert_requests_stay_local(live_server, *phones.values())


def test_a_hand_of_manigance_cards_shows_only_on_its_owner_s_phone(live_server, new_phone):
    """Ann draws two cards at Drunken Pig Square; next turn her phone offers them (and the
    Remote Action's administration actions), greys out the used place with the engine's
    reason, and no other phone names her cards."""
    from playwright.sync_api import expect

    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS],
        "options": {"seed": 5}})  # the deck starts with Remote Action, Discredit Threat
    table_id = created["id"]
    stay = {"edgar": {"kind": "immobile"}, "lucien": {"kind": "immobile"}}
    starts = ["drunken-pig-square", "opera-row", "coal-docks", "iron-bridge"]
    actions: list[dict[str, Any]] = [
        {"type": "place", "seat": s, "district": d} for s, d in enumerate(starts)]
    actions += [{"type": "seal", "seat": s, "value": stay} for s in range(4)]
    actions += [{"type": "counter_manigances", "seat": 0}]
    actions += [{"type": "end_turn", "seat": s} for s in range(4)]
    actions += [{"type": "seal", "seat": s, "value": stay} for s in range(4)]
    drive(live_server, created, actions)
    state = table_json(live_server, table_id)["state"]
    assert state["phase"] == "actions" and state["active"] == 0
    assert state["players"][0]["hand"] is None and state["players"][0]["hand_count"] == 2

    ann = new_phone()
    take_seat(ann, live_server, table_id, 0, created["host_token"])
    hand = ann.locator("#live-after .hand")
    expect(hand).to_contain_text("Remote Action")
    expect(hand).to_contain_text("Discredit Threat")
    turn = ann.locator("#my-turn")
    expect(turn.get_by_role("button", name="Play Discredit Threat")).to_be_visible()
    for remote in ("Bank Robbery", "Requisition", "Intimidation"):
        expect(turn.get_by_role("button", name=re.compile(f"^{remote}.*Remote Action card"))
               ).to_have_count(1)
    used = turn.locator("form.act", has=ann.get_by_role("button", name=re.compile(
        "^Counter Manigances")))
    expect(used.locator("button")).to_be_disabled()
    expect(used.locator(".why")).not_to_be_empty()
    shot(ann, "edgar-en-19-hand-of-cards")

    bob = new_phone()
    take_seat(bob, live_server, table_id, 1, created["host_token"])
    expect(bob.locator("#my-turn")).to_contain_text("Waiting for Ann to play.")
    text = bob.locator("body").inner_text()
    assert "Remote Action" not in text and "Discredit Threat" not in text
    assert "Manigance cards: 2" in text

    ann_fr = new_phone()
    ann_fr.goto(f"{live_server.url}/language/fr?next=/")
    take_seat(ann_fr, live_server, table_id, 0, created["host_token"])
    expect(ann_fr.locator("#live-after .hand")).to_contain_text("Menace de Discrédit")
    shot(ann_fr, "edgar-fr-19-hand-of-cards")

    assert_requests_stay_local(live_server, ann, bob, ann_fr)


def test_the_intimidation_rows_follow_the_chosen_player(live_server, new_phone):
    """Each Intimidation row offers only the districts of the player chosen on it: choosing
    another player there swaps the list at once, and the tapped Intimidation takes them."""
    from playwright.sync_api import expect

    created = call(live_server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS]})
    table_id = created["id"]
    stay = {"edgar": {"kind": "immobile"}, "lucien": {"kind": "immobile"}}
    starts = ["archives", "opera-row", "coal-docks", "iron-bridge"]
    actions: list[dict[str, Any]] = [
        {"type": "place", "seat": s, "district": d} for s, d in enumerate(starts)]
    actions += [{"type": "seal", "seat": s, "value": stay} for s in range(4)]
    drive(live_server, created, actions)
    assert table_json(live_server, table_id)["state"]["active"] == 0

    ann = new_phone()
    take_seat(ann, live_server, table_id, 0, created["host_token"])
    form = ann.locator("#intimidation-False")
    rows = form.locator("[data-target-row]")
    expect(rows).to_have_count(2)
    visible = """(select) => Array.from(select.options)
        .filter((o) => !o.hidden && !o.disabled && o.value).map((o) => o.value)"""
    first_seat, first_district = rows.nth(0).locator("select").nth(0), rows.nth(0).locator(
        "select").nth(1)
    assert first_district.evaluate(visible) == ["opera-row"]
    assert first_district.input_value() == "opera-row"
    first_seat.select_option("3")  # Dee instead of Bob
    assert first_district.evaluate(visible) == ["iron-bridge"]
    assert first_district.input_value() == "iron-bridge"
    assert rows.nth(1).locator("select").nth(1).evaluate(visible) == ["coal-docks"]
    shot(ann, "edgar-en-20-intimidation")
    submit(ann, form.get_by_role("button", name=re.compile("^Intimidation")))
    owners = {d["id"]: d["owner"] for d in table_json(live_server, table_id)["state"]["districts"]}
    assert owners["iron-bridge"] is None and owners["coal-docks"] is None
    assert owners["opera-row"] == 1
    assert_requests_stay_local(live_server, ann)
