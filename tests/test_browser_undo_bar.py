"""The undo bar at 360 x 740: shown only to a phone that may undo or redo; a long label (Edgar &
Lucien's end of an Electoral Period) opens whole; a label that only wraps is redone without a
question; a label still cut short asks first, naming the whole entry."""

from __future__ import annotations

from typing import Any

import pytest
from drive_tables import DrivenTable, call, new_table
from test_browser import LIVE_TIMEOUT_MS, drawn
from test_browser_next_step import hosted_table, seat_phone, shot, wait_for_version

from companion.games import get_game

pytestmark = pytest.mark.browser

# Each shown button of the bar: its label, whether the label's text runs below the button's
# inner edge (cut short), and how many lines it takes.
BAR = """() => {
  const bar = document.getElementById('undo-bar');
  const box = bar.getBoundingClientRect();
  const buttons = Array.from(bar.querySelectorAll('button[type=submit]'))
    .filter((b) => b.getClientRects().length).map((b) => {
      const range = document.createRange();
      range.selectNodeContents(b);
      const text = range.getBoundingClientRect();
      const inner = b.getBoundingClientRect();
      const style = getComputedStyle(b);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      return {label: b.textContent.trim(), lines: lines.size,
              cut: text.bottom > inner.bottom - parseFloat(style.borderBottomWidth) + 1,
              visible: b.checkVisibility()};
    });
  const more = bar.querySelector('[data-undo-more]');
  return {hidden: bar.hidden, top: box.top, height: box.height, buttons,
          more: more && !more.hidden ? more.getAttribute('aria-expanded') : null};
}"""


def bar(page: Any) -> dict[str, Any]:
    drawn(page)
    return dict(page.evaluate(BAR))


def test_a_phone_that_may_not_undo_shows_no_bar(live_server, new_phone):
    """Before any entry, and when the last entry is another seat's: no bar at the foot of the
    screen, on either phone; the last entries' card says why this one may not undo."""
    table = new_table(live_server, "casse-toi-pov-con", count=3)
    ann, bob = new_phone(), new_phone()
    seat_phone(ann, live_server, table, 0)
    seat_phone(bob, live_server, table, 1)
    assert bar(ann)["hidden"] and bar(bob)["hidden"]
    form = ann.locator("#draw-form")
    form.locator("label.pick", has_text="2").first.click()
    with ann.expect_response(lambda r: r.url.endswith("/act")):
        form.get_by_role("button", name="Add this card").click()
    ann.wait_for_selector("#undo-bar:not([hidden])")
    assert [b["label"] for b in bar(ann)["buttons"]] == [
        f"Undo: {table.players[0]['name']}: card, 2 stress"]
    bob.wait_for_selector(".recent-log [data-undo-why]", timeout=LIVE_TIMEOUT_MS)
    assert bar(bob)["hidden"]
    assert bob.locator(".recent-log [data-undo-why]").inner_text() == (
        f"Only {table.players[0]['name']}'s phone or the host can undo this.")
    shot(bob, "undo-bar-none")


def test_redoing_one_s_own_entry_with_a_wrapped_label_asks_nothing(live_server, new_phone):
    """A long name: of the phone's own two cards, the second undone, the bar shows undo and redo
    side by side; the redo label wraps on three lines of its half of the bar, whole (the most
    the bar shows): redoing it asks no question."""
    names = [{"name": "Anne-Sophie Lemaire", "party": "blue"},
             {"name": "Jean-Baptiste Vandenberghe", "party": "pink"},
             {"name": "Cy", "party": "green"}]
    created = call(live_server, "POST", "/api/tables",
                   {"game": "casse-toi-pov-con", "players": names, "options": {}})
    game = get_game("casse-toi-pov-con")
    table = DrivenTable(live_server, "casse-toi-pov-con", created["id"], created["host_token"],
                        game.setup(names, {}), names)
    phone = new_phone()
    seat_phone(phone, live_server, table, 0)
    form = phone.locator("#draw-form")
    for stress in ("1", "2"):
        form.locator("label.pick", has_text=stress).first.click()
        with phone.expect_response(lambda r: r.url.endswith("/act")):
            form.get_by_role("button", name="Add this card").click()
        phone.wait_for_selector(f"[data-undo-label]:has-text('{stress} stress')")
    with phone.expect_response(lambda r: r.url.endswith("/undo")):
        phone.locator("[data-undo-label]").click()
    phone.wait_for_selector("[data-redo-form]:not([hidden])")
    undo, redo = bar(phone)["buttons"]
    assert redo["label"].startswith("Redo") and redo["lines"] == 3, redo
    assert not redo["cut"] and redo["visible"], redo
    shot(phone, "undo-bar-redo-wrapped")
    with phone.expect_response(lambda r: r.url.endswith("/redo")) as redone:
        phone.locator("[data-redo-label]").click()
    assert redone.value.ok
    assert not phone.locator("#confirm").evaluate("(d) => d.open")
    phone.wait_for_selector("[data-undo-label]:has-text('2 stress')")


def test_a_long_label_opens_whole_and_a_cut_one_asks_first(live_server, new_phone):
    """Edgar & Lucien's end of an Electoral Period names each player's tax and the election:
    on the host's bar the label is cut short, and ⋯ opens the bar to the whole of it (no
    wider than the phone, within the screen). Closed again, undoing asks first, naming the
    whole entry."""
    phone = new_phone()
    table = hosted_table(phone, live_server, "edgar-et-lucien", options={"seed": 3})
    table.until(lambda t: t.state.period > 1, limit=1500)
    phone.goto(f"{live_server.url}/t/{table.id}")
    wait_for_version(phone, table.version)
    label = phone.locator("[data-undo-label]").text_content() or ""
    assert "Electoral Period 1" in label and "Governor" in label, label
    closed = bar(phone)
    assert closed["buttons"][0]["cut"] and closed["more"] == "false", closed
    shot(phone, "undo-bar-long-cut")

    phone.locator("[data-undo-more]").click()
    opened = bar(phone)
    assert opened["more"] == "true" and not opened["buttons"][0]["cut"], opened
    assert opened["top"] >= 0 and opened["top"] + opened["height"] <= 741, opened
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, "undo-bar-long-whole")

    phone.locator("[data-undo-more]").click()
    assert bar(phone)["buttons"][0]["cut"]
    phone.locator("[data-undo-label]").click()
    dialog = phone.locator("#confirm")
    assert dialog.evaluate("(d) => d.open")
    assert "Governor" in dialog.inner_text()
    dialog.locator("[data-confirm-no]").click()
