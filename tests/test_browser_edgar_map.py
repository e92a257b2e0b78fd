"""Edgar & Lucien's map with one thumb, in a real headless Chromium at 360 x 740.

A tap on a highlighted district fills the placement list and the tapped placement is
accepted; while programming, a tap on a highlighted district fills Edgar's (then Lucien's)
move list, only the destinations the engine resolves are highlighted, each programmed move is
drawn on the map with its number before it is locked in, and the locked moves are the ones
revealed. Pawns are 24 px or more with a dark outline in a light halo. No Edgar form or card
is wider than the phone or cuts a text off (move lists, requisition, intimidation, cards),
in English and French; screenshots in light and dark (the dim-room check) are saved in
``test-artifacts/screenshots/edgar-map-*.png``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_browser import SCREENSHOTS, assert_requests_stay_local, drawn
from test_browser_edgar import PLAYERS, call, drive, submit, table_json, take_seat

from companion.games import edgar_et_lucien as game

pytestmark = pytest.mark.browser

GAME = "edgar-et-lucien"
STAY = {"edgar": {"kind": "immobile"}, "lucien": {"kind": "immobile"}}

# Whatever an Edgar page shows that is cut off at this width: an element past either edge,
# a box that hides part of its text, an option of a list longer than the list shows.
CUT_OFF = """() => {
  const out = [];
  const width = window.innerWidth;
  const ctx = document.createElement('canvas').getContext('2d');
  for (const el of document.querySelectorAll('#live *, #live-after *')) {
    if (el.closest('svg')) continue;  // the map scales to the card (and scrolls when zoomed)
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
      (el.className && typeof el.className === 'string' ? '.' + el.className : '');
    if (box.right > width + 0.5 || box.left < -0.5) out.push(`${name} past the edge`);
    const style = getComputedStyle(el);
    if (el.tagName === 'SELECT') {
      ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) - 20;  // the list's arrow
      for (const option of el.options) {
        if (option.hidden) continue;
        if (ctx.measureText(option.text).width > room)
          out.push(`${name}: "${option.text}" cut off`);
      }
    } else if (style.overflowX !== 'visible' && !el.classList.contains('zoomable') &&
               el.scrollWidth > el.clientWidth + 1) {
      out.push(`${name} hides ${el.scrollWidth - el.clientWidth} px of its text`);
    }
  }
  return out;
}"""

# The highlighted (tappable) districts, the chosen ones, and the drawn moves.
MAP_STATE = """() => {
  const svg = document.querySelector('svg.fosko[data-mode]');
  const ids = (sel) => Array.from(svg.querySelectorAll(sel)).map((g) => g.dataset.district).sort();
  return {
    reach: ids('.district.reach, .district.pickable'),
    chosen: ids('.district.chosen'),
    moves: Array.from(svg.querySelectorAll('[data-move]')).map((g) => ({
      character: g.dataset.move, to: g.dataset.to,
      number: g.querySelector('.badge-num-text').textContent,
      arrow: !!g.querySelector('path.arrow')})),
  };
}"""

# Each of this seat's pawns: its size on the screen and how its outline is drawn.
PAWNS = """(seat) => Array.from(document.querySelectorAll(
    `svg.fosko [data-pawn][data-seat='${seat}']`)).map((g) => {
  const piece = g.querySelector('.piece');
  const halo = g.querySelector('.halo');
  const box = piece.getBoundingClientRect();
  const style = getComputedStyle(piece);
  const haloStyle = getComputedStyle(halo);
  return {size: Math.min(box.width, box.height), outline: style.stroke,
          halo: haloStyle.stroke, haloWidth: parseFloat(haloStyle.strokeWidth),
          outlineWidth: parseFloat(style.strokeWidth),
          letter: g.querySelector('text').textContent};
})"""


def mapshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"edgar-map-{name}.png"))


def new_table(server: Any) -> dict[str, Any]:
    created: dict[str, Any] = call(server, "POST", "/api/tables", {
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in PLAYERS],
        "options": {"seed": 5}})
    return created


def tap(page: Any, district: str) -> None:
    page.locator(f"svg.fosko .district[data-district='{district}']").click()


def destinations(state: dict[str, Any], seat: int, character: str) -> set[str]:
    """Where the engine takes this character from its district, over every move."""
    board = game.BOARDS[state["side"]]
    here = state["players"][seat][character]
    return {to for _move, to in game.move_options(board, here)}


def move_to(state: dict[str, Any], seat: int, character: str, district: str) -> dict[str, Any]:
    board = game.BOARDS[state["side"]]
    here = state["players"][seat][character]
    return next(move for move, to in game.move_options(board, here) if to == district)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_tap_the_map_to_place_and_to_program(live_server, new_phone, scheme):
    from playwright.sync_api import expect

    created = new_table(live_server)
    table_id = created["id"]
    ann = new_phone(color_scheme=scheme)
    take_seat(ann, live_server, table_id, 0, created["host_token"])
    ann.wait_for_selector("#place-form")
    state = table_json(live_server, table_id)["state"]
    neutral = sorted(d["id"] for d in state["districts"] if d["owner"] is None)
    assert ann.evaluate(MAP_STATE)["reach"] == neutral  # every neutral district, no other
    mapshot(ann, f"{scheme}-01-placement")

    # Placement: a tap fills the list (the accessible way, still there) and is accepted.
    tap(ann, "lily-gardens")
    expect(ann.locator("#place-district")).to_have_value("lily-gardens")
    assert ann.evaluate(MAP_STATE)["chosen"] == ["lily-gardens"]
    tap(ann, "opera-row")
    expect(ann.locator("#place-district")).to_have_value("opera-row")
    mapshot(ann, f"{scheme}-02-placement-tapped")
    submit(ann, ann.get_by_role("button", name="Place Edgar, Lucien and a token here"))
    state = table_json(live_server, table_id)["state"]
    assert state["players"][0]["edgar"] == state["players"][0]["lucien"] == "opera-row"

    # The others place (through the API); an owned district is no longer offered to Bob.
    bob = new_phone(color_scheme=scheme)
    take_seat(bob, live_server, table_id, 1, created["host_token"])
    bob.wait_for_selector("#place-form")
    assert "opera-row" not in bob.evaluate(MAP_STATE)["reach"]
    tap(bob, "opera-row")  # not neutral: nothing is chosen
    expect(bob.locator("#place-district")).not_to_have_value("opera-row")
    drive(live_server, created, [{"type": "place", "seat": s, "district": d} for s, d in
                                 ((1, "coal-docks"), (2, "iron-bridge"), (3, "archives"))])

    # Programming: the map offers Edgar's destinations, the tap fills his list and draws 1.
    ann.wait_for_selector("#program-form")
    state = table_json(live_server, table_id)["state"]
    mapped = ann.evaluate(MAP_STATE)
    assert mapped["reach"] == sorted(destinations(state, 0, "edgar"))
    assert mapped["moves"] == []  # both Immobile: nothing drawn yet
    expect(ann.locator("[data-pick-character=edgar]")).to_have_attribute("aria-pressed", "true")
    edgar_to = sorted(destinations(state, 0, "edgar") - {"opera-row"})[0]
    tap(ann, edgar_to)
    expect(ann.locator("#move-edgar")).to_have_value(
        json.dumps(move_to(state, 0, "edgar", edgar_to), sort_keys=True))
    # ... then Lucien's turn to be tapped: his destinations are highlighted.
    expect(ann.locator("[data-pick-character=lucien]")).to_have_attribute("aria-pressed", "true")
    assert ann.evaluate(MAP_STATE)["reach"] == sorted(destinations(state, 0, "lucien"))
    lucien_to = sorted(destinations(state, 0, "lucien") - {"opera-row", edgar_to})[0]
    far = sorted({d.id for d in game.BOARDS[state["side"]].districts}
                 - destinations(state, 0, "lucien"))[0]
    tap(ann, far)  # out of reach: Lucien's list does not change
    expect(ann.locator("#move-lucien")).to_have_value('{"kind": "immobile"}')
    tap(ann, lucien_to)
    expect(ann.locator("#move-lucien")).to_have_value(
        json.dumps(move_to(state, 0, "lucien", lucien_to), sort_keys=True))
    mapped = ann.evaluate(MAP_STATE)
    assert mapped["moves"] == [
        {"character": "edgar", "to": edgar_to, "number": "1", "arrow": True},
        {"character": "lucien", "to": lucien_to, "number": "2", "arrow": True}]
    assert mapped["chosen"] == sorted({edgar_to, lucien_to})
    expect(ann.locator("#route-lucien")).to_contain_text("→")
    ann.locator("#fosko-map").scroll_into_view_if_needed()
    mapshot(ann, f"{scheme}-03-programming-preview")

    # The preview survives a redraw (another phone locks in) and stays on this phone only.
    drive(live_server, created, [{"type": "seal", "seat": 1, "value": STAY}])
    expect(ann.locator("#live")).to_contain_text("Bob ✓")
    assert ann.evaluate(MAP_STATE)["moves"] == mapped["moves"]
    assert bob.locator("svg.fosko path.arrow").count() == 0  # Bob programmed nothing

    # Locked in from the same form: the reveal moves both pawns where the preview said.
    submit(ann, ann.get_by_role("button", name="Lock in my moves"))
    drive(live_server, created, [{"type": "seal", "seat": s, "value": STAY} for s in (2, 3)])
    state = table_json(live_server, table_id)["state"]
    assert state["phase"] == "actions"
    assert (state["players"][0]["edgar"], state["players"][0]["lucien"]) == (edgar_to, lucien_to)
    assert_requests_stay_local(live_server, ann, bob)


def test_pawns_are_big_with_an_outline_that_shows_on_every_district(live_server, new_phone):
    created = new_table(live_server)
    table_id = created["id"]
    starts = ["opera-row", "coal-docks", "iron-bridge", "archives"]  # ivory, steel, ..., admin
    drive(live_server, created, [{"type": "place", "seat": s, "district": d}
                                 for s, d in enumerate(starts)])
    dee = new_phone(color_scheme="dark")  # the dim room
    take_seat(dee, live_server, table_id, 3, created["host_token"])
    for seat in range(4):
        pawns = dee.evaluate(PAWNS, seat)
        assert [p["letter"] for p in pawns] == ["E", "L"]
        for pawn in pawns:
            assert pawn["size"] >= 24, pawn
            assert pawn["outline"] == "rgb(17, 17, 17)" and pawn["outlineWidth"] >= 4
            assert pawn["halo"] == "rgb(255, 255, 255)"
            assert pawn["haloWidth"] > pawn["outlineWidth"]  # the light ring outside the dark
    mapshot(dee, "dark-04-pawns")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_edgar_form_or_card_is_cut_off_at_360_px(live_server, new_phone, lang):
    """Placement, programming, an action phase with Manigance cards and the Remote Action's
    Requisition and Intimidation forms: nothing wider than the phone, no text cut off."""
    created = new_table(live_server)  # seed 5: Remote Action, Discredit Threat drawn first
    table_id = created["id"]
    phone = new_phone(color_scheme="dark" if lang == "fr" else "light")
    switched = phone.request.get(f"{live_server.url}/language/{lang}", max_redirects=0)
    assert switched.status == 302  # the language switch's cookie, no home page drawn
    take_seat(phone, live_server, table_id, 0, created["host_token"])

    def check(label: str) -> None:
        drawn(phone)
        assert phone.evaluate(CUT_OFF) == [], label
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360, label

    phone.wait_for_selector("#place-form")
    check("placement")
    # Long names on the 4-player side: Ann starts where her moves lead to long names.
    starts = ["drunken-pig-square", "opera-row", "coal-docks", "iron-bridge"]
    drive(live_server, created, [{"type": "place", "seat": s, "district": d}
                                 for s, d in enumerate(starts)])
    phone.wait_for_selector("#program-form")
    check("programming")
    for select in ("#move-edgar", "#move-lucien"):
        options = phone.locator(f"{select} option")
        for index in range(options.count()):
            phone.locator(select).select_option(index=index)
            check(f"programming {select} {index}")
    mapshot(phone, f"{lang}-05-programming")
    actions: list[dict[str, Any]] = [{"type": "seal", "seat": s, "value": STAY} for s in range(4)]
    actions += [{"type": "counter_manigances", "seat": 0}]
    actions += [{"type": "end_turn", "seat": s} for s in range(4)]
    actions += [{"type": "seal", "seat": s, "value": STAY} for s in range(4)]
    drive(live_server, created, actions)  # the host locked each seat in: Ann sits again
    take_seat(phone, live_server, table_id, 0, created["host_token"])
    phone.wait_for_selector("#requisition-False")
    check("actions with cards")
    phone.screenshot(path=str(SCREENSHOTS / f"edgar-map-{lang}-06-actions-full.png"),
                     full_page=True)
    mapshot(phone, f"{lang}-06-actions")
