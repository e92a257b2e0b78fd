"""Accessibility in headless Chromium: an axe-core audit of every page in English, French and
Korean and in both themes, with no serious or critical violation; text at 200 % without loss
at 360 px; a focus order that follows the page.

Pages: home, new table, the table page of every game in each phase (setup, playing, a secret
step where the game has one, game over) as a seated phone, as the host and as a spectator,
the shared screen (at 1280 x 720), history, the rules reference (index, game, section,
search), the print page, the deck pages (list, a card's form, a deck with a card), the
group pages (the phone's groups, a group, its deletion, the new-table page offering its
players), the offline and not-found pages. axe-core is the copy kept with the tests
(``tests/assets/axe-core``), injected by the test into contexts that bypass the pages' CSP:
no page loads it and nothing is fetched from another host. Every finding (moderate and minor
ones too) is written to ``test-artifacts/axe-report.json``.
"""

from __future__ import annotations

import functools
import json
import re
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from drive_tables import DrivenTable
from flask import Flask
from flask.sessions import SecureCookieSessionInterface
from test_browser import PHONE_WIDTH, SCREENSHOTS, WIDER_THAN_THE_PHONE, drawn

from companion.games import GAMES, get_game

pytestmark = pytest.mark.browser

REPORT = SCREENSHOTS.parent / "axe-report.json"
BLOCKING = ("serious", "critical")
# Findings of a lower impact that fail the audit all the same: a table's header cell left
# empty (a screen reader reads the column as nameless).
ALSO_BLOCKING = ("empty-table-header",)
LANGUAGES = ("en", "fr", "ko")
THEMES = ("light", "dark")
# The rules whose result a theme changes: each page is audited whole in the theme the server
# drew it in, then in the other theme for these (the page's own theme switch flipped).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
TICK_TARGET_PX = 44  # a tick box's target (the box or a label around it), both ways
AXE = Path(__file__).parent / "assets" / "axe-core" / "axe.min.js"
AXE_VERSION = "4.14.1"  # tests/assets/axe-core/README.md: where it comes from, how to update
SECRET_KEY = "browser-tests-only"  # the live server's (tests/conftest.py)
findings: dict[str, list[dict[str, Any]]] = {}
failures: list[str] = []  # the serious and critical findings of the running test


@functools.cache
def axe_source() -> str:
    """The axe-core kept with the tests, the version the audit is written against."""
    source = AXE.read_text()
    assert source.startswith(f"/*! axe v{AXE_VERSION}\n"), source[:40]
    return source


def mode_of(turn: int) -> tuple[str, str]:
    """The (theme, language) of an audit in a rotation: three turns see the three languages,
    the themes alternating (the other theme is audited on the same page, see ``check``)."""
    return THEMES[turn % 2], LANGUAGES[turn % 3]


class Phone:
    """One browser context (its own cookies: a seat, the host, a watcher) that audits pages
    and switches theme and language through the pages' own switches (cookies): a switch is
    made on the way to the next page, through the switches' redirects (``?next=``), so it
    costs no page of its own."""

    def __init__(self, browser: Any, server: Any, audits: bool = False,
                 screen: tuple[int, int] | None = None) -> None:
        self.server = server
        self.browser = browser
        size = {"viewport": {"width": screen[0], "height": screen[1]}} if screen else {
            "viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
        self.context = browser.new_context(**size, locale="en-GB", bypass_csp=True)
        self.context.set_default_timeout(20_000)
        if audits:  # axe-core in every page this phone opens, before the page's own scripts
            self.context.add_init_script(axe_source())
        self.page = self.context.new_page()
        self.mode: tuple[str, str] | None = None  # the mode of the pages opened from now on
        self.shown: tuple[str, str] | None = None  # the mode the cookie holds

    def set_mode(self, theme: str, lang: str) -> None:
        self.mode = (theme, lang)

    def open(self, path: str) -> None:
        """Open the page in the current mode, switching theme and language on the way when
        the cookie holds another; the page must then be in that mode."""
        url = path
        if self.mode is not None and self.mode != self.shown:
            theme, lang = self.mode
            url = (f"/theme/{theme}?next=" + urllib.parse.quote(
                f"/language/{lang}?next=" + urllib.parse.quote(path, safe=""), safe=""))
        self.page.goto(self.server.url + url)
        if self.mode is not None and self.mode != self.shown:
            shown = self.page.evaluate(
                "() => [document.documentElement.dataset.theme, document.documentElement.lang]")
            assert tuple(shown) == self.mode, f"{path}: asked for {self.mode}, shown {shown}"
            self.shown = self.mode

    def park(self) -> None:
        """Leave the table's page while the test plays through the API: a page left open
        would redraw at every action (its live updates are not what these tests check)."""
        self.page.goto("about:blank")

    def audit(self, path: str, name: str, turns: range | list[int] = range(3)) -> None:
        """The page in the modes of these turns of the rotation (``mode_of``): by default
        in the three languages, each in both themes."""
        for turn in turns:
            self.set_mode(*mode_of(turn))
            self.open(path)
            check(self.page, name)

    def close(self) -> None:
        self.browser.close_context(self.context)


# Every tick box (check box, radio) shown whose target is under 44 x 44 px: the box itself,
# or a label that holds it or names it, whichever is the larger.
SMALL_TICK_BOXES = """(least) => {
  const out = [];
  for (const box of document.querySelectorAll('input[type=checkbox], input[type=radio]')) {
    if (!box.getClientRects().length) continue;  // not shown (a closed part of the page)
    const targets = [box, ...(box.labels || [])].map((el) => el.getBoundingClientRect());
    if (targets.some((r) => r.width >= least - 0.5 && r.height >= least - 0.5)) continue;
    const r = box.getBoundingClientRect();
    out.push(`input[name="${box.name}"] ${Math.round(r.width)}x${Math.round(r.height)} px`);
  }
  return out;
}"""

# The page audited whole, then in the other theme (html[data-theme] and the color-scheme
# meta, what the theme cookie sets) for the rules colours decide; the page is put back.
AUDIT = """async ([colourRules, least]) => {
  const summary = (r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' +
      (n.failureSummary || '').split('\\n').slice(1, 3).join(' '))}));
  const root = document.documentElement;
  const meta = document.querySelector('meta[name=color-scheme]');
  const drawn = [root.dataset.theme, meta && meta.content];
  // WCAG 2.2's target size (24 px), off by default in axe-core 4.x, on here.
  const whole = summary(await axe.run(document, {resultTypes: ['violations'],
    rules: {'target-size': {enabled: true}}}));
  const small = (""" + SMALL_TICK_BOXES + """)(least);
  if (small.length) whole.push({id: 'tick-target', impact: 'serious', nodes: small,
    help: `A tick box's target is at least ${least} px both ways`});
  const other = drawn[0] === 'dark' ? 'light' : 'dark';
  root.dataset.theme = other;
  if (meta) meta.content = other;
  const colours = summary(await axe.run(document, {resultTypes: ['violations'],
    runOnly: {type: 'rule', values: colourRules}}));
  root.dataset.theme = drawn[0];
  if (meta) meta.content = drawn[1];
  return {theme: drawn[0], other: other, lang: root.lang, version: axe.version,
          whole: whole, colours: colours};
}"""


def check(page: Any, name: str) -> None:
    """The page's audit in both themes, its findings recorded under the name and mode."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())  # a phone made without it
    result = page.evaluate(AUDIT, [COLOUR_RULES, TICK_TARGET_PX])
    assert result["version"] == AXE_VERSION, result["version"]
    for theme, found in ((result["theme"], result["whole"]),
                         (result["other"], result["colours"])):
        key = f"{name} [{theme}, {result['lang']}]"
        findings[key] = findings.get(key, []) + found
        blocking = [v for v in found if v["impact"] in BLOCKING or v["id"] in ALSO_BLOCKING]
        if blocking:
            failures.append(f"{key}: " + json.dumps(blocking, indent=1, ensure_ascii=False))


def host_token_of(page: Any, server: Any, table_id: str) -> str:
    """The host token the new-table page put in this phone's signed session cookie."""
    app = Flask("read-cookie")
    app.secret_key = SECRET_KEY
    serializer = SecureCookieSessionInterface().get_signing_serializer(app)
    cookie = next(c for c in page.context.cookies() if c["name"] == "session")
    return str(serializer.loads(cookie["value"])["hosts"][table_id])


def create_as_host(phone: Phone, game_id: str) -> DrivenTable:
    """The host phone starts a table from the new-table form (so it holds the host token)."""
    game = get_game(game_id)
    players = game.example_players(3)
    page = phone.page
    # The form's CSRF token, from the new-table page as the server sends it to this phone.
    form = page.request.get(f"{phone.server.url}/new/{game_id}").text()
    token = re.search(r'name="csrf_token" value="([^"]*)"', form).group(1)
    fields: list[tuple[str, str]] = [("csrf_token", token or "")]
    for player in players:
        fields += [(f"player.{k}", str(v)) for k, v in player.items()]
    options = {"seed": 3} if any(o.name == "seed" for o in game.OPTIONS) else {}
    fields += [(f"option.{k}", str(v)) for k, v in options.items()]
    response = page.request.post(
        f"{phone.server.url}/new/{game_id}", data=urllib.parse.urlencode(fields),
        headers={"Content-Type": "application/x-www-form-urlencoded",
                 "Origin": phone.server.url}, max_redirects=0)
    assert response.status == 302, response.text()[:500]
    table_id = response.headers["location"].rstrip("/").rsplit("/", 1)[-1]
    host = host_token_of(page, phone.server, table_id)
    return DrivenTable(phone.server, game_id, table_id, host, game.setup(players, options),
                       players)


@pytest.fixture(autouse=True)
def _fresh_findings() -> Iterator[None]:
    failures.clear()
    yield
    # Every finding so far, written once a test is done (passed or failed).
    if findings:
        SCREENSHOTS.parent.mkdir(parents=True, exist_ok=True)
        REPORT.write_text(json.dumps({"axe-core": AXE_VERSION, "pages": findings},
                                     indent=1, ensure_ascii=False))


def assert_no_serious_finding() -> None:
    """Each test audits all its pages, then fails with every serious or critical finding."""
    assert not failures, "\n".join(failures)


@pytest.fixture(scope="module")
def phones(browser: Any, live_server: Any) -> Iterator[dict[str, Phone]]:
    made = {role: Phone(browser, live_server, audits=True)
            for role in ("host", "seat", "watcher")}
    made["tv"] = Phone(browser, live_server, audits=True, screen=(1280, 720))
    yield made
    for phone in made.values():
        phone.close()


def watch_token(phone: Phone, table_id: str) -> str:
    """The spectator link's token, from the invite of the table's page (opened if not)."""
    if not phone.page.url.startswith(f"{phone.server.url}/t/{table_id}"):
        phone.page.goto(f"{phone.server.url}/t/{table_id}")
    link = phone.page.locator(".invite a[href*='/watch/']").first.get_attribute("href") or ""
    return link.rstrip("/").rsplit("/", 1)[-1]


FILL_A_CARD = """() => {
  for (const el of document.querySelectorAll('form.deck-card-form [required]')) {
    if (el.value) continue;
    if (el.tagName === 'SELECT') el.selectedIndex = el.options.length - 1;
    else if (el.type === 'number') el.value = el.min || '1';
    else el.value = 'Card A';
  }
}"""


def audit_deck_pages(phone: Phone, game_id: str, turn: int) -> None:
    """The game's deck pages, each in the next mode of the rotation: the list of decks, a new
    deck's card form, and the deck with the card saved from it."""
    phone.set_mode(*mode_of(turn))
    phone.open(f"/decks/{game_id}")
    check(phone.page, f"{game_id} decks")
    page = phone.page
    page.locator("#deck-name").fill("A11y deck")
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url(re.compile(rf"/decks/{game_id}/\d+$"))
    add = page.locator("main .deck-add a[href]").first
    if not add.count():  # a game with edition values only: the deck page is the last one
        check(page, f"{game_id} deck")
        return
    deck_page = page.url
    phone.set_mode(*mode_of(turn + 1))
    phone.open(add.get_attribute("href") or "")
    check(page, f"{game_id} card form")
    page.evaluate(FILL_A_CARD)
    page.locator("form.deck-card-form button[type=submit]").first.click()
    page.wait_for_load_state()
    if page.url.split("#")[0] == deck_page:
        check(page, f"{game_id} deck")
    else:  # the card refused, its field named: the form is a page of its own to audit
        check(page, f"{game_id} card refused")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_page_of_the_game_passes_axe(phones, live_server, game_id):
    """The game's table page as a seat and the shared screen in the three languages (each in
    both themes) at setup and at game over and in one language each in the phases between;
    the host's and the spectator's page in one language a phase; then the game's other pages
    (history, new table, rules, print, decks), each in one mode of a rotation that starts one
    step further for each game, so that over the five games every kind of page is seen in
    every language and theme."""
    host, seat, watcher, tv = phones["host"], phones["seat"], phones["watcher"], phones["tv"]
    offset = list(GAMES).index(game_id)
    table = create_as_host(host, game_id)
    seat.page.goto(f"{live_server.url}/t/{table.id}")
    seat.page.get_by_role("button", name=table.players[0]["name"], exact=True).click()
    seat.page.wait_for_selector("#table[data-seat='0']")
    table.phone_seats = {0}
    token = watch_token(seat, table.id)

    phases_seen: list[str] = []

    def audit_phase(phase: str) -> None:
        """The seated phone and the shared screen in the three languages at setup and at game
        over; the host's and the spectator's page (the seat's page with or without a few
        controls) in one language each, the next in the rotation at each phase."""
        phases_seen.append(phase)
        turn = offset + len(phases_seen)
        every = range(offset, offset + 3) if phase in ("setup", "game over") else [turn]
        for phone, path, role, turns in ((host, f"/t/{table.id}", "host", [turn]),
                                         (seat, f"/t/{table.id}", "seat", every),
                                         (watcher, f"/watch/{token}", "spectator", [turn + 1]),
                                         (tv, f"/tv/{token}", "shared screen", every)):
            phone.audit(path, f"{game_id} {phase} {role}", turns)

    def park() -> None:
        for phone in (host, seat, watcher, tv):
            phone.park()

    audit_phase("setup")
    park()
    for _ in range(3):
        if table.over():
            break
        table.step()
    audit_phase("playing")
    if getattr(table.game, "sealed", None) is not None:
        # A secret step open, seat 0 still to seal (its phone holds the seat).
        def secret(t: DrivenTable) -> bool:
            opened = t.game.sealed(t.state)
            return opened is not None and not opened.complete and 0 in getattr(
                opened, "seats", ()) and 0 not in getattr(opened, "locked", ())
        table.phone_seats = set()
        park()
        try:
            table.until(lambda t: secret(t) or t.over(), limit=300)
        finally:
            table.phone_seats = {0}
        if secret(table):
            audit_phase("secret step")
    # Game over: seat 0's seals now come from a token of the test (the phone watches).
    table.phone_seats = set()
    park()
    table.until(lambda t: t.over(), limit=1500)
    audit_phase("game over")
    # The game's other pages, one mode each, the rotation going on from page to page.
    section = f"/rules/{game_id}"
    for turn, (phone, path, name) in enumerate((
            (host, f"/t/{table.id}/log", "history host"),
            (watcher, f"/t/{table.id}/log", "history watcher"),
            (host, f"/new/{game_id}", "new table"),
            (host, f"/rules/{game_id}", "rules reference"),
            (host, None, "rules section"),
            (host, f"/print/{game_id}", "print page")), start=offset):
        if path is None:  # the first section the reference links to (the page just audited)
            path = host.page.locator(f"main a[href^='/rules/{game_id}/']").first.get_attribute(
                "href") or section
        phone.audit(path, f"{game_id} {name}", [turn])
    if game_id != "edgar-et-lucien":  # a game with neither card lists nor edition values
        audit_deck_pages(host, game_id, offset + 6)
    assert_no_serious_finding()


def test_the_other_pages_pass_axe(phones, live_server):
    host = phones["host"]
    for path, name in (("/", "home"), ("/rules/", "rules index"),
                       ("/rules/casse-toi-pov-con/search?q=marine", "rules search"),
                       ("/guide/storm-candidate", "phone guide"),
                       ("/offline", "offline page"), ("/nothing-here", "not found")):
        host.audit(path, name)
    assert_no_serious_finding()


def test_the_group_pages_pass_axe(phones, live_server):
    """A group's pages, in the three languages and both themes: the phone's groups, the
    group's page (its players, one opened to change it, the owner's part opened), the
    deletion's question, and the new-table page offering its players, two tapped in."""
    seat = phones["seat"]
    page = seat.page
    page.goto(f"{live_server.url}/groups")
    page.locator("#group-name").fill("A11y club")
    page.locator("form[action$='/groups/new'] button[type=submit]").click()
    page.wait_for_url("**/g/*")
    group = page.url.split(live_server.url, 1)[1]
    for name, colour in (("Ann", "white"), ("Bob", "yellow"), ("Cy", "black")):
        page.locator("#new-name").fill(name)
        page.locator("#new-colour").select_option(colour)
        with page.expect_navigation():
            page.locator("#add-player button[type=submit]").click()
    seat.audit("/groups", "your groups")
    for turn in range(3):
        seat.set_mode(*mode_of(turn))
        seat.open(group)
        page.locator("ol.roster > li details summary").first.click()
        page.locator("#owner summary").click()
        check(page, "group page")
        seat.open(f"{group}/delete")
        check(page, "group deletion")
        seat.open("/new/election-usa")
        for name in ("Ann", "Cy"):
            page.locator(f".roster-chips button[data-name='{name}']").click()
        check(page, "new table with a group")
    assert_no_serious_finding()


def test_the_audit_sees_what_it_must(phones, live_server):
    """The audit is the current axe-core and fails what it must: a button named other than
    its visible words, a tick box under 44 px, an empty header cell, and text that only the
    theme the server did not draw leaves without contrast (near-black ink: fine on light,
    lost on dark)."""
    phone = phones["host"]
    phone.set_mode("light", "en")
    phone.open("/offline")
    phone.page.evaluate("""() => {
      const main = document.querySelector('main') || document.body;
      main.insertAdjacentHTML('beforeend', '<button aria-label="Save">OK</button>'
        + '<input type="checkbox" name="tiny" aria-label="done">'
        + '<p style="color: #111">dark ink</p>'
        + '<table><tr><th></th><th>Ann</th></tr><tr><th>Tours</th><td>3</td></tr></table>');
    }""")
    check(phone.page, "planted")
    light, dark = findings.pop("planted [light, en]"), findings.pop("planted [dark, en]")
    failures.clear()
    assert {v["id"] for v in light if v["impact"] in BLOCKING or v["id"] in ALSO_BLOCKING} == {
        "label-content-name-mismatch", "tick-target", "empty-table-header"}, light
    assert [v["id"] for v in dark] == ["color-contrast"], dark


# ---------------------------------------------------------------------------- 200 %, focus

HIDDEN_CONTROLS = """(width) => {
  const out = [];
  for (const el of document.querySelectorAll(
      'main a[href], main button, main input:not([type=hidden]), main select, main textarea,'
      + ' main summary, .topbar a')) {
    if (!el.getClientRects().length) continue;  // not shown on purpose (closed, hidden)
    if (el.closest('.sr-only, [hidden], details:not([open]) > :not(summary)')) continue;
    if (el.closest('label.pick')) continue;  // a picked option: the label is the target
    el.scrollIntoView({block: 'center', inline: 'nearest'});
    const box = el.getBoundingClientRect();
    const text = (el.innerText || el.value || '').trim().slice(0, 30);
    const name = `${el.tagName.toLowerCase()} "${text}"`;
    if (box.width < 1 || box.height < 1) { out.push(`${name}: no size`); continue; }
    if (box.left < -1 || box.right > width + 1) {
      out.push(`${name}: ${Math.round(box.left)}..${Math.round(box.right)} px`); continue; }
    const x = Math.min(Math.max(box.left + box.width / 2, 1), width - 1);
    const y = box.top + Math.min(box.height / 2, 20);
    const top = document.elementFromPoint(x, y);
    if (top && top !== el && !el.contains(top) && !top.contains(el)
        && !(el.labels && Array.from(el.labels).some((l) => l.contains(top)))) {
      out.push(`${name}: covered by ${top.tagName.toLowerCase()}.${top.className}`);
    }
  }
  return out;
}"""

FOCUS_WALK = """(count) => {
  const positive = Array.from(document.querySelectorAll('[tabindex]'))
    .filter((el) => el.tabIndex > 0).map((el) => el.outerHTML.slice(0, 80));
  return positive;
}"""


def scaled_pages(server: Any, phone: Phone) -> list[tuple[str, str]]:
    """A table of each game, seated, a few moves in; and the pages around the tables."""
    from drive_tables import new_table

    pages = [("/", "home"), ("/new/edgar-et-lucien", "new table"),
             ("/rules/casse-toi-pov-con", "rules reference"),
             ("/print/casse-toi-pov-con", "print page")]
    for game_id in GAMES:
        table = new_table(server, game_id, count=3)
        phone.page.goto(f"{server.url}/t/{table.id}")
        phone.page.get_by_role("button", name=table.players[0]["name"], exact=True).click()
        phone.page.wait_for_selector("#table[data-seat='0']")
        table.phone_seats = {0}
        phone.park()
        for _ in range(4):
            if table.over() or table.step() is None:
                break
        pages.append((f"/t/{table.id}", f"{game_id} seat"))
        pages.append((f"/t/{table.id}/log", f"{game_id} history"))
    return pages


def test_text_at_200_percent_loses_nothing_and_focus_follows_the_page(browser, live_server):
    """The root font size doubled (a reader's large-text setting) at 360 px: nothing wider
    than the phone, every control still on screen and not covered; Tab walks the page in
    its order (no positive tabindex) and reaches the page's controls."""
    phone = Phone(browser, live_server)
    try:
        phone.set_mode("dark", "fr")  # the longer words
        problems = []
        for path, name in scaled_pages(live_server, phone):
            page = phone.page
            phone.open(path)
            # Tab through the first controls: each comes after the one before in the page
            # (the walk starts at the top of the page, freshly loaded).
            order = []
            for _ in range(12):
                page.keyboard.press("Tab")
                order.append(page.evaluate("""() => {
                  const all = Array.from(document.querySelectorAll('*'));
                  return all.indexOf(document.activeElement); }"""))
            walked: list[int] = []
            for index in order:
                if index in walked or (walked and index <= walked[0]):
                    break  # wrapped round to the start: one full walk is enough
                walked.append(index)
            walked = [i for i in walked if i > 0]
            if walked != sorted(walked):
                problems.append(f"{name}: focus goes back in the page: {walked}")
            # The same page, nothing focused, at 200 %.
            page.evaluate("document.activeElement && document.activeElement.blur()")
            page.evaluate("document.documentElement.style.fontSize = '200%'")
            drawn(page)
            too_wide = page.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
            if too_wide:
                problems.append(f"{name}: wider than {PHONE_WIDTH} px: {too_wide}")
            hidden = page.evaluate(HIDDEN_CONTROLS, PHONE_WIDTH)
            if hidden:
                problems.append(f"{name}: controls lost at 200 %: {hidden[:6]}")
            positive = page.evaluate(FOCUS_WALK, 0)
            if positive:
                problems.append(f"{name}: tabindex above 0: {positive}")
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(SCREENSHOTS / f"a11y-200-{name.replace(' ', '-')}.png"))
        assert not problems, "\n".join(problems)
    finally:
        phone.close()


# ---------------------------------------------------------------------------- whole words

BROKEN_WORDS = """() => {
  const out = [];
  for (const cell of document.querySelectorAll('table.list th, table.list td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects())
          .filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`"${match[0]}" in "${cell.innerText.trim().slice(0, 30)}"`);
      }
    }
  }
  return out;
}"""


def test_tables_keep_their_words_whole_at_normal_text(browser, live_server):
    """At 360 px and the reader's normal text size, in English, French and Korean, no word of
    a table's cell (a column's header, a player's name) is cut across two lines, a few moves
    into every game and once it is over, and nothing is wider than the phone (with large
    text they may break anywhere: the 200 % test above)."""
    phone = Phone(browser, live_server)
    try:
        tables = []
        for game_id in GAMES:
            table = new_table_for_words(live_server, game_id)
            phone.page.goto(f"{live_server.url}/t/{table.id}")
            phone.page.get_by_role("button", name=table.players[0]["name"], exact=True).click()
            phone.page.wait_for_selector("#table[data-seat='0']")
            table.phone_seats = {0}
            tables.append(table)
        problems = []
        for finished in (False, True):
            phone.park()  # the tables are played through the API, no page redrawn meanwhile
            for table in tables:
                if finished:
                    table.until(lambda t: t.over())
                else:
                    for _ in range(4):
                        if table.over() or table.step() is None:
                            break
            for lang in ("en", "fr", "ko"):
                phone.set_mode("light", lang)
                for table in tables:
                    phone.open(f"/t/{table.id}")
                    where = f"{table.game_id} [{lang}{', over' if finished else ''}]"
                    broken = phone.page.evaluate(BROKEN_WORDS)
                    if broken:
                        problems.append(f"{where}: words cut: {broken[:5]}")
                    too_wide = phone.page.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
                    if too_wide:
                        problems.append(f"{where}: wider than {PHONE_WIDTH} px: {too_wide[:3]}")
                    if finished:
                        phone.page.screenshot(path=str(
                            SCREENSHOTS / f"words-{table.game_id}-{lang}-over.png"),
                            full_page=True)
        assert not problems, "\n".join(problems)
    finally:
        phone.close()


def new_table_for_words(server: Any, game_id: str) -> DrivenTable:
    """A table of the game at its largest count of players: the most columns."""
    from drive_tables import new_table

    return new_table(server, game_id, count=get_game(game_id).MAX_PLAYERS)


NUMBER_ALONE = """() => Array.from(document.querySelectorAll('.rules-toc a')).filter((a) => {
  const n = a.querySelector('.rules-toc-number').getBoundingClientRect();
  const t = a.querySelector('.rules-toc-title').getBoundingClientRect();
  return t.top >= n.bottom - 1 || t.left < n.right; }).map((a) => a.innerText.slice(0, 40))"""


def test_the_rules_contents_keep_each_title_beside_its_number(browser, live_server):
    """At 360 px, a section's title (long or with a rulings badge) starts on its number's
    line, to its right; the badge goes under the title, never the title under the number."""
    phone = Phone(browser, live_server)
    try:
        problems = []
        for lang in ("en", "fr", "ko"):
            phone.set_mode("light", lang)
            for game_id in GAMES:
                phone.open(f"/rules/{game_id}")
                if not phone.page.locator(".rules-toc a").count():
                    continue
                alone = phone.page.evaluate(NUMBER_ALONE)
                if alone:
                    problems.append(f"{game_id} [{lang}]: {alone[:4]}")
        assert not problems, "\n".join(problems)
    finally:
        phone.close()
