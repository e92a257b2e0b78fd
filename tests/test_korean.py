"""The whole companion in Korean: every main page, chosen from the phone's language
(Accept-Language: ko) or from the language switch, with no English chrome left.

A page's visible text (and the labels a screen reader or a placeholder shows) must hold no
Latin word but the names the players typed, the games' published names, the addresses and
a few acronyms; the rules pages of a game without Korean rules show its English text
inside Korean chrome. Amounts follow the reader's locale.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import edgar_et_lucien as edgar

KO = {"Accept-Language": "ko-KR,ko;q=0.9"}
CASSE = "casse-toi-pov-con"
EDGAR = "edgar-et-lucien"
ELECTION = "election-usa"
PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
EDGAR_PLAYERS = {"player.name": ["Ann", "Bob", "Cy"],
                 "player.colour": ["red", "yellow", "blue"]}
# Latin words a Korean page may show: names the players typed, the games' published names
# (the crack shout is Casse-toi's own), the language switch naming each language in itself,
# and acronyms Korean uses as they are.
ALLOWED = {"Ann", "Bob", "Cy", "Casse", "toi", "Pov'con", "pov'", "con", "Edgar", "Lucien",
           "Election", "USA", "Mourir", "pour", "le", "Rock",
           "English", "Français", "EN", "FR", "KO", "QR", "PDF", "TOML", "mm", "US"}
# Where a Latin word may sit: an address, an id in a URL, a [[card]] block.
ADDRESS = re.compile(r"https?://\S+|/[\w/.?=&%-]+|\[\[card\]\]")
LABEL_ATTRIBUTES = re.compile(r'(?:aria-label|placeholder|title|alt)="([^"]*)"')


def page(client: FlaskClient, url: str, status: int = 200, **kw: Any) -> str:
    response = client.get(url, headers=kw.pop("headers", KO), **kw)
    assert response.status_code == status, (url, response.status_code)
    return str(response.get_data(as_text=True))


def visible(markup: str) -> str:
    """The text a reader sees, with the labels of attributes, scripts and the QR code left
    out (a QR code is paths, not text)."""
    labels = " ".join(LABEL_ATTRIBUTES.findall(markup))
    markup = re.sub(r"<script.*?</script>|<style.*?</style>|<template.*?</template>", " ",
                    markup, flags=re.S)
    markup = re.sub(r'<div class="qr".*?</div>', " ", markup, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", markup) + " " + labels)
    return re.sub(r"[ \t\r\n]+", " ", text)  # keeping the no-break spaces of French


def english_left(markup: str, allowed: set[str] = ALLOWED) -> list[str]:
    text = ADDRESS.sub(" ", visible(markup))
    return sorted({w for w in re.findall(r"[A-Za-zÀ-ɏ][A-Za-zÀ-ɏ'’]+", text)
                   if len(w) > 1 and w not in allowed})


def assert_korean(markup: str, *expected: str, allowed: set[str] = ALLOWED) -> None:
    assert '<html lang="ko">' in markup
    text = visible(markup)
    for words in expected:
        assert words in text, words
    assert not english_left(markup, allowed), english_left(markup, allowed)
    # The switch is on the page, naming each language in itself.
    assert 'title="English"' in markup and 'title="Français"' in markup
    assert '<span class="current" title="한국어">KO</span>' in markup


@pytest.fixture
def casse_table(client: FlaskClient) -> str:
    response = client.post("/api/tables", json={"game": CASSE, "players": PLAYERS})
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def edgar_table(app: Flask) -> tuple[str, list[FlaskClient]]:
    phones = [app.test_client() for _ in range(3)]
    response = phones[0].post(f"/new/{EDGAR}", data=EDGAR_PLAYERS, headers=KO)
    assert response.status_code == 302, response.get_data(as_text=True)
    table_id = response.location.rsplit("/", 1)[-1]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
    return table_id, phones


def act(phone: FlaskClient, table_id: str, fields: dict[str, str]) -> Any:
    version = phone.get(f"/api/tables/{table_id}").json["version"]
    return phone.post(f"/t/{table_id}/act", data={"expected_version": str(version), **fields},
                      headers={"X-Requested-With": "fetch", **KO})


# ---------------------------------------------------------------------------- platform pages

def test_home_in_korean(client: FlaskClient) -> None:
    assert_korean(page(client, "/"), "테이블 도우미", "테이블 열기", "새 테이블",
                  "프린트 앤 플레이", "2~8명")


def test_new_table_pages_in_korean(client: FlaskClient) -> None:
    assert_korean(page(client, f"/new/{CASSE}"), "플레이어", "플레이어 추가", "옵션",
                  "폭발한 플레이어도 4의 규칙으로 점수를 얻어요", "판본 값",
                  "인기도 트랙의 가장 높은 칸", "테이블 시작", "파란색", "분홍색")
    assert_korean(page(client, f"/new/{EDGAR}"), "비공개 자금", "각자의 코그는 자기 휴대폰에만",
                  "빨간색", "2~4명. 빈 줄은 건너뛰어요.")


def test_a_refused_new_table_says_why_in_korean(client: FlaskClient) -> None:
    response = client.post(f"/new/{CASSE}", data={"player.name": ["Ann"],
                                                   "player.party": ["blue"]}, headers=KO)
    assert response.status_code == 422
    assert "이 게임은 2~8명이 할 수 있어요(지금 1명)" in visible(response.get_data(as_text=True))


def test_casse_toi_table_spectator_log_and_entry_in_korean(client: FlaskClient,
                                                          casse_table: str) -> None:
    table = page(client, f"/t/{casse_table}")
    assert_korean(table, "누구세요?", "이 테이블에 참가", "관전만 하기", "인기도 트랙",
                  "1라운드: 군중 속으로", "빠른 입력", "기록", "되돌릴 것 없음", "다시 실행")
    client.post(f"/t/{casse_table}/claim", data={"seat": "0"})
    draw = {"type": "draw", "seat": 0, "stress": 3, "stars": 1, "corner": "marine",
            "announced": True}
    assert client.post(f"/api/tables/{casse_table}/actions", json={
        "expected_version": 0, "action": draw}).status_code == 200
    seated = page(client, f"/t/{casse_table}")
    assert_korean(seated, "카드를 뒤집었어요", "내 색의 스트레스", "내 카드",
                  "되돌리기: Ann: 마린 카드, 스트레스 3", "Ann 님이 아닌가요? 자리 바꾸기")
    assert_korean(page(client, f"/t/{casse_table}/log"), "기록", "테이블로 돌아가기",
                  "Ann: 마린 카드, 스트레스 3")
    assert_korean(page(client, f"/t/{casse_table}/entry"), "빠른 입력: 1라운드",
                  "서로 다른 기자", "폭발(스트레스 8 이상)", "라운드 점수 계산")
    watch_token = client.get(f"/api/tables/{casse_table}").json.get("watch_token")
    watch = re.search(r'href="[^"]*/watch/([\w-]+)"', table)
    assert watch, "the table page links its spectator page"
    assert watch_token in (None, watch.group(1))
    assert_korean(page(client, f"/watch/{watch.group(1)}"), "관전 중: 읽기 전용",
                  "인기도 트랙")


def test_round_results_in_korean(client: FlaskClient, casse_table: str) -> None:
    results = [{"seat": 0, "cards": 4, "stars": 4, "journalists": 4},
               {"seat": 1, "cards": 5, "marine_cards": 1}]
    assert client.post(f"/api/tables/{casse_table}/actions", json={
        "expected_version": 0,
        "action": {"type": "score_round", "results": results}}).status_code == 200
    assert_korean(page(client, f"/t/{casse_table}"), "1라운드 결과", "기자 4명 모두",
                  "혼자만 마린 없음", "직접 입력했어요.", "1라운드 정정")


def test_edgar_table_in_korean_through_placement_and_programming(app: Flask) -> None:
    table_id, phones = edgar_table(app)
    first = page(phones[0], f"/t/{table_id}")
    assert_korean(first, "인물 배치", "중립 구역", "에드가, 뤼시앵, 토큰을 여기에 놓기",
                  "포스코 지도", "코그", "50,000")
    # Every district the map shows is named in Korean.
    for district in edgar.board_for(3).districts:
        assert district.name_ko and district.name_ko in first
    for seat, phone in enumerate(phones):
        markup = phone.get(f"/t/{table_id}").get_data(as_text=True)
        district = re.search(r'name="a.district">\s*<option value="([\w-]+)"', markup)
        assert district, markup
        response = act(phone, table_id, {"a.type": "place", "a.seat": str(seat),
                                         "a.district": district.group(1)})
        assert response.status_code == 200, response.json
    programming = page(phones[1], f"/t/{table_id}")
    assert_korean(programming, "이동 프로그래밍", "제자리", "이동 확정",
                  "비밀: 모두 확정할 때까지 아무도 내 이동을 볼 수 없어요.")
    log = page(phones[1], f"/t/{table_id}/log")
    district = edgar.board_for(3).district(
        phones[0].get(f"/api/tables/{table_id}").json["state"]["players"][0]["edgar"])
    assert_korean(log, f"Ann: {district.name_ko}에서 시작")


def test_election_new_table_and_turn_in_korean(app: Flask) -> None:
    phones = [app.test_client() for _ in range(3)]
    # The card lists are typed as TOML: their keys stay as the parser reads them.
    toml_keys = {"kind", "fundraising", "high", "low", "policy", "pawns", "advertising",
                 "region", "blackmail", "journalist", "amount", "value", "count", "money",
                 "sincerity", "text", "name", "west", "coast"}  # a region id, typed as is
    assert_korean(page(phones[0], f"/new/{ELECTION}"), "서부 해안: 1위 승점",
                  "색마다 예비에 두는 말 수", "빨간색", "보라색", allowed=ALLOWED | toml_keys)
    response = phones[0].post(f"/new/{ELECTION}", headers=KO, data={
        "player.name": ["Ann", "Bob", "Cy"], "player.colour": ["red", "blue", "green"]})
    assert response.status_code == 302, response.get_data(as_text=True)
    table_id = response.location.rsplit("/", 1)[-1]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
    assert_korean(page(phones[0], f"/t/{table_id}"), "내 차례: 펼쳐 놓은 카드를 가져가거나",
                  "진정성 올리기", "여섯 지역 지도", "최남부", "펼쳐 놓은 카드 10장")
    response = act(phones[0], table_id, {
        "a.type": "take", "a.seat": "0", "a.slot": "1", "a.card.kind": "advertising",
        "a.card.region": "deep-south", "a.card.pawns": "2"})
    assert response.status_code == 200, response.json
    assert_korean(page(phones[1], f"/t/{table_id}"), "광고(최남부): 말 최대 2개",
                  "비밀 입찰액", "입찰 확정")
    refused = act(phones[1], table_id, {"a.type": "seal", "a.seat": "1", "a.value": "99"})
    assert refused.status_code == 422 and "Bob 님은 돈이 부족해요" in refused.json["error"][
        "message"]
    assert_korean(page(phones[1], f"/t/{table_id}/log"), "Ann: 카드 가져감(광고)")


def test_edgar_refusals_name_amounts_and_cards_in_korean(app: Flask) -> None:
    table_id, phones = edgar_table(app)
    # Seat 1 tries to place out of turn: the reason names both players.
    response = act(phones[1], table_id, {"a.type": "place", "a.seat": "1",
                                         "a.district": "rivet-lane"})
    assert response.status_code == 422
    assert response.json["error"]["message"] == \
        "지금은 Bob 님이 아니라 Ann 님이 배치할 차례예요"


def test_engine_amounts_follow_the_reader_s_locale(app: Flask) -> None:
    from companion.games.base import IllegalAction
    from companion.web.common import translate_error

    error = IllegalAction("%(name)s has too few Cogs: %(amount)s needed", name="Ann",
                          amount=30_000)
    for lang, expected in [("en", "Ann has too few Cogs: 30,000 needed"),
                           ("ko", "Ann: 코그가 부족해요(30,000 필요)"),
                           ("fr", "Ann n'a pas assez de Rouages\u00a0: il en faut 30\u202f000")]:
        with app.test_request_context("/", headers={"Accept-Language": lang}):
            assert translate_error(error, edgar) == expected


@pytest.mark.parametrize(("lang", "expected"), [("en", "1,200,000"), ("ko", "1,200,000"),
                                                ("fr", "1\u202f200\u202f000")])
def test_one_number_filter_for_every_page(app: Flask, lang: str, expected: str) -> None:
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        from flask import render_template_string

        assert render_template_string("{{ 1200000|number }}") == expected
        assert render_template_string("{{ 7|number }}|{{ none|number }}") == "7|"


def test_edgar_cogs_are_written_the_same_way_everywhere(app: Flask) -> None:
    table_id, phones = edgar_table(app)
    english = phones[0].get(f"/t/{table_id}", headers={"Accept-Language": "en"})
    text = visible(english.get_data(as_text=True))
    assert "50,000" in text and "50 000" not in text and "50000" not in text
    french = visible(phones[0].get(f"/t/{table_id}", headers={"Accept-Language": "fr"})
                     .get_data(as_text=True))
    assert "50\u202f000" in french


# ---------------------------------------------------------------------------- rules, print, errors

def test_rules_pages_have_korean_chrome_around_the_game_s_own_text(client: FlaskClient) -> None:
    index = page(client, "/rules/")
    assert_korean(index, "게임 규칙", "테이블 판정" if "테이블 판정" in index else "항목")
    contents = page(client, f"/rules/{CASSE}")
    section = page(client, f"/rules/{CASSE}/setup")
    search = page(client, f"/rules/{CASSE}/search?q=marine")
    for markup, words in [(contents, ["목차", "테이블 판정", "규칙 검색"]),
                          (section, ["테이블 판정", "기본값 — 가지고 계신 게임을 확인하세요",
                                     "다음", "규칙 언어"]),
                          (search, ["검색 결과", "검색"])]:
        assert '<html lang="ko">' in markup
        text = visible(markup)
        for word in words:
            assert word in text, word
        for chrome in ("Contents", "Table ruling", "Search the rules", "Previous", "Next",
                       "House default", "Word or phrase", "Language of the rules"):
            assert chrome not in text, chrome
    # Casse-toi's rules exist in English and French only: the text is English, marked so.
    assert '<article class="rules-section" lang="en">' in section
    assert_korean(page(client, "/rules/no-such-game", status=404), "페이지를 찾을 수 없어요",
                  "전체 규칙")


def test_a_rules_language_keeps_the_reader_s_korean_chrome(client: FlaskClient) -> None:
    """A printed QR code opens French rules: a Korean phone reads them with Korean words
    around, whether Korean comes from its browser or from the switch."""
    for headers in (KO, {"Accept-Language": "fr"}):
        if headers is not KO:
            client.get("/language/ko?next=/")
        section = page(client, f"/rules/{CASSE}/setup?lang=fr", headers=headers)
        assert '<html lang="ko">' in section
        assert '<article class="rules-section" lang="fr">' in section
        assert "<h1>Mise en place</h1>" in section
        text = visible(section)
        assert "테이블 판정" in text and "Règle de table" not in text
        assert "기본값 — 가지고 계신 게임을 확인하세요" in text
    # A phone stating no language takes the interface from ?lang= (as before).
    assert '<html lang="fr">' in page(app_client_without_language(client),
                                      f"/rules/{CASSE}/setup?lang=fr", headers={})


def app_client_without_language(client: FlaskClient) -> FlaskClient:
    return client.application.test_client()


@pytest.mark.parametrize("game", [CASSE, EDGAR, ELECTION])
def test_print_page_in_korean(client: FlaskClient, game: str) -> None:
    markup = page(client, f"/print/{game}")
    assert_korean(markup, "용지", "인쇄할 텍스트 언어", "인쇄 방식",
                  "잉크 절약", "PDF 내려받기", "자르기 전에", "양면, 긴 쪽 넘김", "키트 전체")
    # The kit's texts default to Korean when the kit has them (Casse-toi's), else English.
    selected = re.search(r'<option value="(\w+)" selected>[^<]*</option></select>|'
                         r'<option value="(\w+)" selected>', markup.split('id="lang"')[1])
    assert selected and (selected.group(1) or selected.group(2)) == (
        "ko" if game == CASSE else "en")


def test_print_refusal_in_korean(client: FlaskClient) -> None:
    response = client.get(f"/print/{CASSE}/kit.pdf?paper=a3", headers=KO)
    assert response.status_code == 400
    assert "알 수 없는 용지 크기: a3." in response.get_data(as_text=True)


def test_not_found_and_api_errors_in_korean(client: FlaskClient, casse_table: str) -> None:
    assert_korean(page(client, "/nowhere", status=404), "아무것도 없어요: 주소를 확인하세요.",
                  "처음으로 돌아가기")
    both_cracked = {"type": "score_round", "results": [
        {"seat": 0, "cards": 3, "cracked": True}, {"seat": 1, "cards": 2, "cracked": True}]}
    response = client.post(f"/api/tables/{casse_table}/actions",
                           json={"expected_version": 0, "action": both_cracked}, headers=KO)
    assert response.status_code == 422
    assert response.json["error"]["message"] == (
        "한 라운드에 폭발할 수 있는 플레이어는 한 명뿐이에요: 폭발하면 라운드가 바로 끝나요")
    missing = client.get("/api/tables/nothing-here", headers=KO)
    assert missing.status_code == 404
    assert missing.json["error"]["message"] == "nothing-here 테이블이 없어요"


# ---------------------------------------------------------------------------- choosing Korean

def test_the_switch_chooses_korean_for_every_later_page(client: FlaskClient,
                                                       casse_table: str) -> None:
    english = page(client, "/", headers={"Accept-Language": "en"})
    assert '<a href="/language/ko?next=' in english and 'title="한국어" lang="ko">KO</a>' in english
    response = client.get("/language/ko?next=/rules/", headers={"Accept-Language": "en"})
    assert response.status_code == 302 and response.location.endswith("/rules/")
    for url in ("/", f"/t/{casse_table}", "/rules/", f"/print/{CASSE}"):
        assert '<html lang="ko">' in page(client, url, headers={"Accept-Language": "fr"})
    # And back to English.
    client.get("/language/en?next=/")
    assert '<html lang="en">' in page(client, "/", headers=KO)


def test_lang_parameter_and_browser_preferences(client: FlaskClient) -> None:
    assert '<html lang="ko">' in page(client, "/?lang=ko", headers={"Accept-Language": "en"})
    # A phone asking for Korean first, then English, gets Korean; an unknown language, English.
    assert '<html lang="ko">' in page(client, "/", headers={"Accept-Language": "ko,en;q=0.5"})
    assert '<html lang="ko">' in page(client, "/", headers={"Accept-Language": "ko-KR"})
    assert '<html lang="en">' in page(client, "/", headers={"Accept-Language": "de"})
