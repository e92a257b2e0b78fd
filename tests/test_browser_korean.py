"""The Korean pages in a real headless Chromium at 360 x 740, as a Korean phone sees them.

A phone whose browser asks for Korean gets every page in Korean: home, new table, both games'
tables, the spectator page, the log, the rules and the print page. Each is saved as a
screenshot in ``test-artifacts/screenshots/ko-*.png`` to be looked at, and checked: every
Hangul text is drawn with a font that has Hangul glyphs (no tofu boxes), Korean wraps
between words (``word-break: keep-all``), nothing is wider than the phone, and no request
leaves the server (no web font is fetched).
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from test_browser import WIDER_THAN_THE_PHONE

pytestmark = pytest.mark.browser

SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"
KOREAN_PHONE = {"locale": "ko-KR"}
PHONE_WIDTH = 360
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# Families the page's font stack names for Hangul (a phone has one of them).
HANGUL_FAMILIES = ("nanum", "noto sans cjk", "noto sans kr", "apple sd gothic neo",
                   "malgun gothic", "source han sans")

# Visible elements whose own text holds Hangul, and how each wraps.
KOREAN_TEXTS = """() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = Array.from(el.childNodes).filter((n) => n.nodeType === 3)
      .map((n) => n.textContent).join('');
    if (!/[\\uac00-\\ud7a3]/.test(own)) continue;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === 'hidden') continue;
    if (el.closest('details:not([open]) > :not(summary)')) continue;  // folded: not drawn
    el.setAttribute('data-ko-check', String(out.length));
    out.push({text: own.trim().slice(0, 40), wordBreak: getComputedStyle(el).wordBreak});
  }
  return out;
}"""


def api(server: Any, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def fonts_of(page: Any, selector: str) -> list[str]:
    """The fonts Chromium really drew this element's text with (DevTools' platform fonts)."""
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        return [f["familyName"] for f in fonts if f["glyphCount"]]
    finally:
        cdp.detach()


def look(page: Any, server: Any, name: str) -> list[dict[str, str]]:
    """Screenshot the phone's screen and the whole page, then check the Korean on it."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"ko-{name}.png"))
    page.screenshot(path=str(SCREENSHOTS / f"ko-{name}-full.png"), full_page=True)
    assert page.evaluate("document.documentElement.lang") == "ko", name
    too_wide = page.evaluate(WIDER_THAN_THE_PHONE, PHONE_WIDTH)
    assert not too_wide, f"{name}: wider than the phone's {PHONE_WIDTH} px: {too_wide}"
    texts = page.evaluate(KOREAN_TEXTS)
    assert len(texts) >= 5, f"{name}: hardly any Korean on the page: {texts}"
    broken = [t for t in texts if t["wordBreak"] != "keep-all"]
    assert not broken, f"{name}: Korean that may break inside a word: {broken[:5]}"
    for index in sorted({0, len(texts) // 2, len(texts) - 1}):
        families = fonts_of(page, f'[data-ko-check="{index}"]')
        assert any(f.lower().startswith(HANGUL_FAMILIES) for f in families), (
            f"{name}: {texts[index]['text']!r} drawn with {families}: Hangul would be boxes")
    foreign = [u for u in page.requested_urls
               if urlsplit(u).netloc not in ("", urlsplit(server.url).netloc)
               and not u.startswith(("data:", "blob:", "about:"))]
    assert not foreign, f"{name}: requests left the server: {foreign}"
    return texts


def test_every_main_page_in_korean_on_a_phone(live_server, new_phone):
    phone = new_phone(**KOREAN_PHONE)
    server = live_server

    phone.goto(server.url + "/")
    look(phone, server, "home")
    assert phone.get_by_role("heading", name="테이블 열기").is_visible()

    phone.locator(".game-card", has_text="Casse-toi").get_by_role("link", name="새 테이블").click()
    phone.wait_for_selector("#new-table")
    look(phone, server, "new-table")
    rows = phone.locator("#player-rows .player-row")
    for index, name in enumerate(["민준", "서연", "Cy"]):
        rows.nth(index).locator("input[name='player.name']").fill(name)
    phone.get_by_role("button", name="테이블 시작").click()
    phone.wait_for_selector("#table")
    table_url = phone.url
    look(phone, server, "casse-table-host")
    phone.get_by_role("button", name="민준", exact=True).click()
    phone.wait_for_selector("#table[data-seat]:not([data-seat=''])")
    phone.locator("#draw-form fieldset").first.locator("label.pick", has_text="3").click()
    with phone.expect_response(lambda r: r.request.method == "POST" and r.url.endswith("/act")):
        phone.get_by_role("button", name="이 카드 추가").click()
    from playwright.sync_api import expect

    # (expect() polls from outside the page: the page's own policy forbids eval)
    expect(phone.locator("#undo-bar .undo")).to_contain_text("되돌리기")
    look(phone, server, "casse-table")

    watch = phone.locator("a", has_text="관전 링크").first.get_attribute("href")
    spectator = new_phone(**KOREAN_PHONE)
    spectator.goto(watch)
    look(spectator, server, "spectator")

    phone.goto(table_url + "/log")
    texts = look(phone, server, "log")
    assert any("민준: 카드, 스트레스 3" in t["text"] for t in texts), texts

    edgar = api(server, "POST", "/api/tables", {"game": "edgar-et-lucien", "players": [
        {"name": "민준", "colour": "red"}, {"name": "서연", "colour": "blue"},
        {"name": "지호", "colour": "white"}]})
    phone.goto(f"{server.url}/t/{edgar['id']}")
    phone.get_by_role("button", name="민준", exact=True).click()
    phone.wait_for_selector("#table[data-seat]:not([data-seat=''])")
    look(phone, server, "edgar-table")
    assert phone.get_by_role("heading", name="인물 배치").is_visible()
    assert fonts_of(phone, ".fosko .dname"), "the map's district names are drawn"
    assert any(f.lower().startswith(HANGUL_FAMILIES)
               for f in fonts_of(phone, ".fosko .dname"))

    phone.goto(server.url + "/rules/casse-toi-pov-con/scoring")
    look(phone, server, "rules")
    assert phone.locator(".rules-marker").first.text_content() == "테이블 판정"

    phone.goto(server.url + "/print/edgar-et-lucien")
    look(phone, server, "print")
    assert phone.get_by_role("button", name="PDF 내려받기").is_visible()
