"""One-thumb play in headless Chromium at 360 x 740: Casse-toi's card recorder (first view,
feedback, the crack guard and the mis-tap), the named undo and redo with their confirmation,
the "your turn" banner and sharing the join link. Screenshots, light and dark, go to
``test-artifacts/screenshots/thumb-*.png``."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.test_browser import (
    LIVE_TIMEOUT_MS,
    PLAYERS,
    api,
    boxes,
    cards_of,
    claim,
    shot,
    table_via_api,
    undo_button,
)

pytestmark = pytest.mark.browser

FOLD = 740
# These tests check what the phones show, not how fast (bench/ measures that).
SYNC_WAIT_MS = LIVE_TIMEOUT_MS
BASE: list[str] = []  # the live server's address, for helpers that open pages


def pick_stress(page: Any, stress: int) -> None:
    page.locator("#draw-form .stress-choice label.pick", has_text=str(stress)).click()


def add_card(page: Any) -> Any:
    with page.expect_response(lambda r: r.request.method == "POST"
                              and r.url.endswith("/act")) as response:
        page.locator("#draw-form [data-add]").click()
    assert response.value.ok, response.value.text()
    return response.value


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_recorder_comes_first_says_what_it_added_and_guards_the_crack(
        live_server, new_phone, scheme):
    from playwright.sync_api import expect

    table_id = table_via_api(live_server)
    ann, bob = new_phone(color_scheme=scheme), new_phone(color_scheme=scheme)
    claim(ann, live_server, table_id, "Ann")
    claim(bob, live_server, table_id, "Bob")

    # The first view: the recorder's top is on screen, above the walk table.
    ann.evaluate("window.scrollTo(0, 0)")
    recorder, walk = boxes(ann, "#controls", ".walk")
    assert recorder and walk and recorder["y"] < FOLD - 200, recorder
    assert recorder["y"] < walk["y"]
    expect(ann.locator("#my-strip")).to_contain_text("0/8 stress")
    shot(ann, f"thumb-recorder-first-view-{scheme}")

    # Nothing is recorded until a stress is chosen.
    add = ann.locator("#draw-form [data-add]")
    expect(add).to_be_disabled()
    expect(ann.locator("[data-add-hint]")).to_be_visible()
    pick_stress(ann, 2)
    expect(add).to_be_enabled()
    ann.locator("#draw-form label.pick", has_text="1★").click()
    add_card(ann)
    note = ann.locator("#my-strip [data-added]")
    expect(note).to_have_text("Added: 2 stress, 1★. You are at 2/8 stress.")
    expect(ann.locator("#my-strip")).to_contain_text("2/8 stress")
    expect(add).to_be_disabled()  # the next card needs its own stress
    expect(cards_of(bob, "Ann")).to_have_text("1", timeout=SYNC_WAIT_MS)
    # The strip stays in view while the page scrolls to the end.
    ann.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    [strip] = boxes(ann, "#my-strip")
    assert strip and 0 <= strip["y"] < 140, strip
    shot(ann, f"thumb-recorder-after-adding-{scheme}")

    # A card that would crack asks first; "No" sends nothing.
    sent: list[str] = []
    ann.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    pick_stress(ann, 6)
    add.click()
    guard = ann.locator("#crack-guard")
    expect(guard).to_be_visible()
    expect(guard).to_contain_text("You are at 2 stress: this card brings you to 8.")
    ann.screenshot(path=str(shot_path(f"thumb-crack-guard-{scheme}")))
    guard.get_by_role("button", name="No: change the stress").click()
    expect(guard).to_be_hidden()
    expect(add).to_be_disabled()
    assert sent == []
    assert api(live_server, "GET", f"/api/tables/{table_id}")["state"]["round"] == 1

    # "Yes" sends it: Ann cracks, every phone shouts it.
    pick_stress(ann, 6)
    add.click()
    with ann.expect_response(lambda r: r.url.endswith("/act")):
        guard.get_by_role("button", name="Yes: I crack").click()
    expect(bob.locator("#crack")).to_be_visible(timeout=SYNC_WAIT_MS)
    expect(ann.locator("#crack")).to_be_visible()
    assert api(live_server, "GET", f"/api/tables/{table_id}")["state"]["round"] == 2
    # Only the cracked phone is offered the mis-tap; it restores the walk for everyone.
    expect(bob.locator("#crack-mistap")).to_be_hidden()
    mistap = ann.locator("#crack-mistap")
    expect(mistap).to_be_visible()
    ann.screenshot(path=str(shot_path(f"thumb-crack-mistap-{scheme}")))
    with ann.expect_response(lambda r: r.url.endswith("/act")) as response:
        mistap.get_by_role("button", name="That was a mis-tap: take back my card").click()
    assert response.value.ok, response.value.text()
    expect(ann.locator("#crack")).to_be_hidden()
    expect(bob.locator("#crack")).to_be_hidden(timeout=SYNC_WAIT_MS)
    state = api(live_server, "GET", f"/api/tables/{table_id}")["state"]
    assert state["round"] == 1 and state["players"][0]["stress"] == 2
    expect(cards_of(bob, "Ann")).to_have_text("1")
    expect(ann.locator("#my-strip")).to_contain_text("2/8 stress")
    expect(undo_button(ann)).to_contain_text("crack taken back")


def table_on_phone(page: Any, game: str = "casse-toi-pov-con",
                   players: Any = PLAYERS) -> str:
    """Start a table on this phone's new-table page: the phone is the table's host."""
    page.goto(BASE[0] + f"/new/{game}")
    rows = page.locator("#player-rows .player-row")
    for index, (name, party) in enumerate(players):
        rows.nth(index).locator("input[name='player.name']").fill(name)
        if party is not None:
            rows.nth(index).locator("select[name='player.party']").select_option(party)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/t/*")
    return str(urlsplit(page.url).path.rsplit("/", 1)[-1])


def shot_path(name: str) -> Any:
    from tests.test_browser import SCREENSHOTS

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_undo_and_redo_name_their_entry_and_ask_before_touching_another_seat(
        live_server, new_phone, scheme):
    from playwright.sync_api import expect

    from tests.test_browser import draw

    BASE[:] = [live_server.url]
    host, bob = new_phone(color_scheme=scheme), new_phone(color_scheme=scheme)
    table_id = table_on_phone(host)
    claim(host, live_server, table_id, "Ann")  # the host's phone sits at Ann's seat
    claim(bob, live_server, table_id, "Bob")
    draw(bob, 2)
    undo = undo_button(host)
    expect(undo).to_have_text("Undo: Bob: card, 2 stress", timeout=SYNC_WAIT_MS)
    redo = host.locator("[data-redo-label]")
    expect(redo).to_be_hidden()  # nothing to redo: the undo button takes the whole bar

    # The host is not Bob: undoing Bob's card asks first, naming the entry and the seat.
    undo.click()
    dialog = host.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("This is Bob's entry. Undo “Bob: card, 2 stress”?")
    shot_full = host.screenshot  # the dialog is modal: a plain screenshot shows it
    shot_full(path=str(_path(f"thumb-undo-confirm-{scheme}")))
    dialog.get_by_role("button", name="No, keep it").click()
    expect(dialog).to_be_hidden()
    assert api(live_server, "GET", f"/api/tables/{table_id}")["version"] == 1
    undo.click()
    with host.expect_response(lambda r: r.url.endswith("/undo")) as undone:
        dialog.get_by_role("button", name="Yes, do it").click()
    assert undone.value.ok
    expect(cards_of(bob, "Bob")).to_have_text("0", timeout=SYNC_WAIT_MS)

    # Redo names what it will redo, in visible text, on both phones.
    expect(redo).to_have_text("Redo: Bob: card, 2 stress")
    expect(bob.locator("[data-redo-label]")).to_have_text("Redo: Bob: card, 2 stress",
                                                          timeout=SYNC_WAIT_MS)
    shot(host, f"thumb-undo-redo-bar-{scheme}")
    # Bob's own entry: his phone redoes it without a question.
    with bob.expect_response(lambda r: r.url.endswith("/redo")):
        bob.locator("[data-redo-label]").click()
    expect(cards_of(host, "Bob")).to_have_text("1", timeout=SYNC_WAIT_MS)
    expect(bob.locator("#confirm")).to_be_hidden()
    # The host's own card: no question either.
    draw(host, 1)
    expect(undo).to_have_text("Undo: Ann: card, 1 stress")
    with host.expect_response(lambda r: r.url.endswith("/undo")):
        undo.click()
    expect(dialog).to_be_hidden()


def _path(name: str) -> Any:
    return shot_path(name)


VIBRATIONS = """
window.__vibrations = [];
Object.defineProperty(navigator, 'vibrate', {configurable: true,
  value: (pattern) => { window.__vibrations.push(pattern); return true; }});
"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_seat_is_told_when_it_is_its_turn(live_server, new_phone, scheme):
    """Edgar & Lucien's placement: the active seat gets the banner and one vibration when its
    turn begins; the other phones see whom the table waits for."""
    import json
    import urllib.request

    from playwright.sync_api import expect

    from tests.test_browser_edgar import claim_on_phone, table_json

    body = json.dumps({"game": "edgar-et-lucien", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bruno", "colour": "blue"}],
        "options": {}}).encode()
    request = urllib.request.Request(live_server.url + "/api/tables", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    table_id = created["id"]
    pub = table_json(live_server, table_id)["state"]
    first, second = pub["order"][0], pub["order"][1]
    names = {0: "Ann", 1: "Bruno"}
    phones = {}
    for seat in (first, second):
        phone = new_phone(color_scheme=scheme)
        phone.add_init_script(VIBRATIONS)
        claim_on_phone(phone, live_server, table_id, names[seat])
        phones[seat] = phone
    expect(phones[first].locator("[data-your-turn]")).to_contain_text(
        f"Your turn, {names[first]}!")
    expect(phones[second].locator("[data-your-turn]")).to_have_count(0)
    expect(phones[second].locator("[data-turn-line]")).to_have_text(
        f"Now playing: {names[first]}")
    shot(phones[first], f"thumb-your-turn-{scheme}")
    shot(phones[second], f"thumb-waiting-for-{scheme}")
    assert phones[first].evaluate("window.__vibrations") == []  # not on opening the page

    # The first seat places (through the API, as the host); the second is told at once.
    for district in pub["districts"]:
        if district["owner"] is not None:
            continue
        state = table_json(live_server, table_id)
        action = {"type": "place", "seat": first, "district": district["id"]}
        request = urllib.request.Request(
            live_server.url + f"/api/tables/{table_id}/actions", method="POST",
            data=json.dumps({"expected_version": state["version"], "action": action}).encode(),
            headers={"Content-Type": "application/json", "X-Host-Token": created["host_token"]})
        try:
            urllib.request.urlopen(request, timeout=10).close()
            break
        except urllib.error.HTTPError:
            continue
    expect(phones[second].locator("[data-your-turn]")).to_contain_text(
        f"Your turn, {names[second]}!", timeout=SYNC_WAIT_MS)
    expect(phones[first].locator("[data-turn-line]")).to_have_text(
        f"Now playing: {names[second]}", timeout=SYNC_WAIT_MS)
    assert phones[second].evaluate("window.__vibrations") == [[200, 100, 200]]
    assert phones[first].evaluate("window.__vibrations") == []


SHARE_SHEET = """
window.__shared = [];
Object.defineProperty(navigator, 'share', {configurable: true,
  value: (data) => { window.__shared.push(data); return Promise.resolve(); }});
"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_join_link_is_shared_copied_and_never_broken_inside_its_token(
        live_server, new_phone, scheme):
    from playwright.sync_api import expect

    BASE[:] = [live_server.url]
    host = new_phone(color_scheme=scheme)
    host.context.grant_permissions(["clipboard-read", "clipboard-write"],
                                   origin=live_server.url)
    host.add_init_script(SHARE_SHEET)
    table_id = table_on_phone(host)
    link = host.locator("[data-join-link]")
    expect(link).to_be_visible()
    join_url = link.get_attribute("href")
    assert join_url and join_url.endswith(f"/t/{table_id}")
    # The token is on one line, whole.
    token = host.locator("[data-join-link] .join-token")
    assert token.text_content() == "/" + table_id
    assert token.evaluate("(el) => el.getClientRects().length") == 1
    shot(host, f"thumb-share-{scheme}")

    host.get_by_role("button", name="Share the link").click()
    shared = host.evaluate("window.__shared")
    assert shared and shared[0]["url"] == join_url and "Casse-toi" in shared[0]["title"]

    host.get_by_role("button", name="Copy the link").click()
    expect(host.locator("#toast")).to_have_text("Link copied: paste it in a message.")
    assert host.evaluate("navigator.clipboard.readText()") == join_url


def test_without_a_share_sheet_only_the_copy_button_shows(live_server, new_phone):
    from playwright.sync_api import expect

    BASE[:] = [live_server.url]
    host = new_phone()
    host.add_init_script("delete Navigator.prototype.share;")
    table_on_phone(host)
    expect(host.get_by_role("button", name="Copy the link")).to_be_visible()
    expect(host.locator("[data-share]")).to_be_hidden()


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_screenshots_of_the_changed_pages(live_server, new_phone, scheme):
    """The history and live log, the French recorder and the host's reveal-now card, at
    360 x 740, to be looked at."""
    from playwright.sync_api import expect

    from tests.test_browser import draw

    BASE[:] = [live_server.url]
    host = new_phone(color_scheme=scheme)
    table_id = table_on_phone(host)
    claim(host, live_server, table_id, "Ann")
    draw(host, 2)
    expect(host.locator("#my-strip")).to_contain_text("2/8 stress")
    draw(host, 1)
    expect(host.locator("#my-strip")).to_contain_text("3/8 stress")
    with host.expect_response(lambda r: r.url.endswith("/undo")):
        undo_button(host).click()
    expect(host.locator(".recent-log li.undone")).to_have_count(1)
    host.locator(".recent-log").scroll_into_view_if_needed()
    host.screenshot(path=str(shot_path(f"thumb-live-log-{scheme}")))
    host.goto(f"{live_server.url}/t/{table_id}/log")
    expect(host.locator("ul.history li.undone")).to_have_count(1)
    expect(host.locator("ul.history li.entry").last).to_contain_text("host · ")
    assert "Ann · host" not in host.locator("ul.history").inner_text()
    shot(host, f"thumb-history-{scheme}")

    french = new_phone(color_scheme=scheme, locale="fr-FR")
    claim_fr = french.goto(f"{live_server.url}/t/{table_id}")
    assert claim_fr and claim_fr.ok
    french.get_by_role("button", name="Bob", exact=True).click()
    french.wait_for_selector("#table[data-seat='1']")
    expect(french.locator("#my-strip")).to_contain_text("0/8 de stress")
    shot(french, f"thumb-recorder-french-{scheme}")

    storm = new_phone(color_scheme=scheme)
    table_on_phone(storm, "storm-candidate", [("Mina", None), ("Seo", None)])
    expect(storm.locator("#host-reveal")).to_be_visible()
    storm.locator("#host-reveal").scroll_into_view_if_needed()
    storm.screenshot(path=str(shot_path(f"thumb-host-reveal-{scheme}")))
    storm.locator("#host-reveal button").click()
    expect(storm.locator("#confirm")).to_be_visible()
    expect(storm.locator("#confirm")).to_contain_text("Reveal now, before everyone has locked in?")
    storm.locator("#confirm").get_by_role("button", name="No, keep it").click()


def test_the_history_page_asks_before_undoing_another_seat_s_entry(live_server, new_phone):
    from playwright.sync_api import expect

    from tests.test_browser import draw

    BASE[:] = [live_server.url]
    host, bob = new_phone(), new_phone()
    table_id = table_on_phone(host)
    claim(bob, live_server, table_id, "Bob")
    draw(bob, 3)
    host.goto(f"{live_server.url}/t/{table_id}/log")
    button = host.locator("form.history-undo button")
    expect(button).to_have_text("Undo: Bob: card, 3 stress")
    button.click()
    dialog = host.locator("#confirm")
    expect(dialog).to_contain_text("This is Bob's entry. Undo “Bob: card, 3 stress”?")
    dialog.get_by_role("button", name="No, keep it").click()
    assert api(live_server, "GET", f"/api/tables/{table_id}")["version"] == 1
    button.click()
    with host.expect_navigation():
        dialog.get_by_role("button", name="Yes, do it").click()
    assert api(live_server, "GET", f"/api/tables/{table_id}")["version"] == 2
    expect(host.locator("ul.history li.undone")).to_have_count(1)


UNDO_BAR = """() => {
  const bar = document.getElementById('undo-bar');
  const box = bar.getBoundingClientRect();
  const shown = Array.from(bar.querySelectorAll('button[type=submit]'))
    .filter((b) => b.getClientRects().length)
    .map((b) => ({text: b.innerText.replace(/\\s+/g, ' ').trim(),
                  full: b.getAttribute('aria-label') || b.textContent.trim(),
                  clamped: b.scrollHeight > b.clientHeight + 1}));
  return {top: box.top, height: box.height, background: getComputedStyle(bar).backgroundColor,
          buttons: shown};
}"""


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_at_200_percent_the_undo_bar_takes_at_most_a_quarter_of_the_screen(
        live_server, new_phone, scheme):
    """The root font size doubled at 360 x 740, in French (the longer words), with long
    player names and both undo and redo on the bar: the bar stays within about a quarter
    of the screen (185 px), opaque, and each button still names its entry in visible text;
    a label cut short is read whole in the question asked before it is undone."""
    from playwright.sync_api import expect

    from tests.test_browser import PHONE_WIDTH, WIDER_THAN_THE_PHONE, draw, drawn

    BASE[:] = [live_server.url]
    names = [("Marie-Françoise Delacroix-Beaumont", "blue"),
             ("Jean-Baptiste Vandenberghe", "pink"), ("Cy", "green")]
    host = new_phone(color_scheme=scheme)
    table_id = table_on_phone(host, players=names)
    claim(host, live_server, table_id, names[0][0])
    draw(host, 1)
    # The recorder carries the version the page shows: the second card once the first is
    # shown (a busy machine answered the first after the second was sent from version 0).
    expect(host.locator("#table")).to_have_attribute("data-version", "1")
    draw(host, 2)
    # The undo form carries the version the page shows: undo once the second card is shown,
    # or the server rightly refuses an undo made from the page before it.
    expect(undo_button(host)).to_contain_text("2 stress")
    with host.expect_response(lambda r: r.url.endswith("/undo")) as undone:
        undo_button(host).click()
    assert undone.value.ok, undone.value.status
    host.locator(".lang a", has_text="FR").click()
    host.wait_for_selector("html[lang=fr]")
    redo = host.locator("[data-redo-label]")
    expect(redo).to_be_visible(timeout=SYNC_WAIT_MS)
    for size in ("100%", "200%"):
        host.evaluate(f"document.documentElement.style.fontSize = '{size}'")
        drawn(host)
        bar = host.evaluate(UNDO_BAR)
        too_wide = host.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
        assert not too_wide, f"{size}: wider than the phone: {too_wide}"
        host.screenshot(path=str(shot_path(f"thumb-undo-bar-{size[:-1]}-{scheme}")))
        assert bar["height"] <= 740 / 4, f"{size}: the bar is {bar['height']} px tall"
        assert bar["top"] + bar["height"] <= 741, bar
        assert bar["background"].startswith("rgb(") or bar["background"].endswith(", 1)"), bar
        undo, again = bar["buttons"]
        # Each button names its entry: the player's name is in its visible text.
        assert "Marie-Françoise" in undo["text"], undo
        assert "Marie-Françoise" in again["text"], again
        assert "stress" in undo["full"] and "stress" in again["full"], bar
    # At 200 % the label is cut short: undoing first asks, naming the whole entry.
    assert bar["buttons"][0]["clamped"], bar
    undo_button(host).click()
    dialog = host.locator("#confirm")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("Marie-Françoise Delacroix-Beaumont : carte, 1 de stress")
    host.screenshot(path=str(shot_path(f"thumb-undo-bar-200-confirm-{scheme}")))
    dialog.locator("[data-confirm-no]").click()
    expect(dialog).to_be_hidden()
