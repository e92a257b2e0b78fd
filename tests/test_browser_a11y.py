"""Accessibility in headless Chromium: an axe-core audit of every page, in both themes and in
English and French, with no serious or critical violation; text at 200 % without loss at
360 px; a focus order that follows the page.

Pages: home, new table, the table page of every game in each phase (setup, playing, a secret
step where the game has one, game over) as a seated phone, as the host and as a spectator,
the shared screen, history, the rules reference (index, game, section, search), the print
page and the offline page. axe-core comes with the ``axe-playwright-python`` package (test
extras), injected into contexts that bypass the pages' CSP; nothing is fetched at run time.
Every finding (moderate and minor ones too) is written to ``test-artifacts/axe-report.json``.
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
MODES = [("dark", "en"), ("light", "fr")]  # every page is audited in both
SECRET_KEY = "browser-tests-only"  # the live server's (tests/conftest.py)
findings: dict[str, list[dict[str, Any]]] = {}
failures: list[str] = []  # the serious and critical findings of the running test


@functools.cache
def axe_source() -> str:
    import axe_playwright_python

    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


class Phone:
    """One browser context (its own cookies: a seat, the host, a watcher) that audits pages
    and switches theme and language through the pages' own switches (cookies): a switch is
    made on the way to the next page, through the switches' redirects (``?next=``), so it
    costs no page of its own."""

    def __init__(self, browser: Any, server: Any, audits: bool = False) -> None:
        self.server = server
        self.context = browser.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
            locale="en-GB", bypass_csp=True)
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

    def audit(self, path: str, name: str, once: bool = False) -> None:
        """The page in both modes (the current one first, to switch less); with ``once``,
        in the current mode only (pages that do not change with the table)."""
        modes = sorted(MODES, key=lambda m: m != self.mode)[:1 if once else 2]
        for theme, lang in modes:
            self.set_mode(theme, lang)
            self.open(path)
            check(self.page, f"{name} [{theme}, {lang}]")

    def close(self) -> None:
        self.context.close()


def check(page: Any, name: str) -> None:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())  # a phone made without it
    result = page.evaluate("""() => axe.run(document, {resultTypes: ['violations']})
        .then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
          nodes: v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' +
            (n.failureSummary || '').split('\\n').slice(1, 3).join(' '))})))""")
    findings[name] = result
    blocking = [v for v in result if v["impact"] in BLOCKING]
    if blocking:
        failures.append(f"{name}: " + json.dumps(blocking, indent=1, ensure_ascii=False))


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
        REPORT.write_text(json.dumps(findings, indent=1, ensure_ascii=False))


def assert_no_serious_finding() -> None:
    """Each test audits all its pages, then fails with every serious or critical finding."""
    assert not failures, "\n".join(failures)


@pytest.fixture(scope="module")
def phones(browser: Any, live_server: Any) -> Iterator[dict[str, Phone]]:
    made = {role: Phone(browser, live_server, audits=True)
            for role in ("host", "seat", "watcher")}
    yield made
    for phone in made.values():
        phone.close()


def watch_token(phone: Phone, table_id: str) -> str:
    """The spectator link's token, from the invite of the table's page (opened if not)."""
    if not phone.page.url.startswith(f"{phone.server.url}/t/{table_id}"):
        phone.page.goto(f"{phone.server.url}/t/{table_id}")
    link = phone.page.locator(".invite a[href*='/watch/']").first.get_attribute("href") or ""
    return link.rstrip("/").rsplit("/", 1)[-1]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_table_page_of_the_game_passes_axe(phones, live_server, game_id):
    host, seat, watcher = phones["host"], phones["seat"], phones["watcher"]
    table = create_as_host(host, game_id)
    seat.page.goto(f"{live_server.url}/t/{table.id}")
    seat.page.get_by_role("button", name=table.players[0]["name"], exact=True).click()
    seat.page.wait_for_selector("#table[data-seat='0']")
    table.phone_seats = {0}
    token = watch_token(seat, table.id)

    phases_seen: list[str] = []

    def audit_phase(phase: str) -> None:
        """Each role's pages in one mode, the other mode at the next phase: every page is
        seen in both themes and both languages over the phases of the game; the first and
        the last phase in both."""
        phases_seen.append(phase)
        both = phase in ("setup", "game over")
        for phone, path, role in ((host, f"/t/{table.id}", "host"),
                                  (seat, f"/t/{table.id}", "seat"),
                                  (watcher, f"/watch/{token}", "spectator"),
                                  (watcher, f"/tv/{token}", "shared screen")):
            if not both:
                phone.set_mode(*MODES[len(phases_seen) % 2])
            phone.audit(path, f"{game_id} {phase} {role}", once=not both)

    def park() -> None:
        for phone in (host, seat, watcher):
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
    host.audit(f"/t/{table.id}/log", f"{game_id} history host")
    watcher.audit(f"/t/{table.id}/log", f"{game_id} history watcher")
    # The pages of the game that do not change with a table: once each, in turn in each mode
    # (the theme and language of the last audit of the host phone, then the other).
    host.audit(f"/new/{game_id}", f"{game_id} new table", once=True)
    other = next(m for m in MODES if m != host.mode)
    host.set_mode(*other)
    host.audit(f"/rules/{game_id}", f"{game_id} rules reference", once=True)
    # A section of the rules: the first the reference links to (the page just audited).
    section = host.page.locator(f"main a[href^='/rules/{game_id}/']").first.get_attribute("href")
    host.audit(section or f"/rules/{game_id}", f"{game_id} rules section", once=True)
    host.set_mode(*next(m for m in MODES if m != host.mode))
    host.audit(f"/print/{game_id}", f"{game_id} print page", once=True)
    assert_no_serious_finding()


def test_the_other_pages_pass_axe(phones, live_server):
    host = phones["host"]
    host.audit("/", "home")
    host.audit("/rules/", "rules index")
    host.audit("/rules/casse-toi-pov-con/search?q=marine", "rules search")
    host.audit("/offline", "offline page")
    host.audit("/nothing-here", "not found")
    assert_no_serious_finding()


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
