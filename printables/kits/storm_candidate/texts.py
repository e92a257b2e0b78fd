"""The kit's printed texts in Korean and English."""

from __future__ import annotations

from typing import Any

from ...texts import COMMON_TEXTS, localized

TEXTS: dict[str, dict[str, str]] = {
    **COMMON_TEXTS,
    "track": {"ko": "승점 트랙", "en": "Victory-point track"},
    "bus": {"ko": "버스와 라운드 트랙", "en": "Bus and round tracker"},
    "street": {"ko": "거리", "en": "Street"},
    "building": {"ko": "정부 청사", "en": "Federal Building"},
    "aids": {"ko": "플레이어 도움말", "en": "Player aids"},
    "tokens": {"ko": "승점 토큰, 당원말, 경력 표시말", "en": "VP tokens, workers, markers"},
    "cards": {"ko": "행동·시작 카드", "en": "Action and start cards"},
    "office_cards": {"ko": "사무실 카드", "en": "Office cards"},
    "how_office_cards": {"ko": "재단 표시를 따라 자릅니다; 양면. 정부 청사의 사무실 칸에 놓습니다",
                         "en": "Cut along the crop marks; double-sided. They lie on the "
                               "Federal Building's office spaces"},
    "round_marker": {"ko": "라운드", "en": "round"},
    "goal": {"ko": "{goal}점: 게임 종료", "en": "{goal}: the game ends"},
    "track_note": {
        "ko": "경력 표시말을 0점에 두고 라운드마다 점수만큼 움직입니다. 트랙은 0부터 100까지 "
              "차례대로 이어집니다.",
        "en": "Career markers start on 0 and move by each round's points. The track runs "
              "straight from 0 to 100."},
    "bus_title": {"ko": "버스: 이번 라운드 순서", "en": "The bus: this round's order"},
    "bus_rule": {
        "ko": "공개한 카드의 우선권 숫자가 큰 순서대로 앞에서부터 탑니다. 숫자가 같으면 지난 "
              "라운드 순서를 바꿉니다: 2인은 서로, 3인은 처음과 마지막, 4인은 1↔4와 2↔3.",
        "en": "Highest revealed priority number boards first. Tied players swap their last "
              "order: 2 swap; 3: first and last; 4: 1st↔4th and 2nd↔3rd."},
    "round_title": {"ko": "라운드", "en": "Round"},
    "round_note": {"ko": "{rounds}라운드가 끝나면 게임이 끝납니다.",
                   "en": "The game ends when round {rounds} ends."},
    "slot": {"ko": "{n}번 칸", "en": "Slot {n}"},
    "surcharge": {"ko": "가격 +{n}", "en": "Price +{n}"},
    "street_note": {
        "ko": "구매한 카드 왼쪽의 빨간색 카드는 무료로 함께 가져옵니다. 정리 때 2/3/4인은 가장 "
              "왼쪽의 팔리지 않은 카드 3/2/1장을 제거합니다 (박사 학위는 제외).",
        "en": "Red cards left of a bought card come with it, free. At clean-up, 2/3/4 players "
              "remove the 3/2/1 leftmost unsold cards (never a Doctorate)."},
    "board_offices": {"ko": "정부 청사 사무실", "en": "Federal Building offices"},
    "basic_offices": {"ko": "기본 사무실 (3인: 2장, 4인: 4장)",
                      "en": "Basic offices (3 players: 2, 4 players: 4)"},
    "added_offices": {"ko": "추가 사무실 (게임 준비 때 1장, 라운드가 끝날 때마다 1장)",
                      "en": "Added offices (1 at setup, 1 at the end of each round)"},
    "office": {"ko": "사무실 {n}", "en": "Office {n}"},
    "basic": {"ko": "기본 {n} · {players}", "en": "Basic {n} · {players}"},
    "players_34": {"ko": "3-4인", "en": "3-4 players"},
    "players_4": {"ko": "4인", "en": "4 players"},
    "added": {"ko": "추가 {n}", "en": "Added {n}"},
    "zone": {"ko": "{n}구역", "en": "zone {n}"},
    "token_tracker": {"ko": "승점 토큰", "en": "VP tokens"},
    "building_note": {
        "ko": "라운드가 끝날 때 빈 사무실마다 승점 토큰 1개 (토큰 {supply}개가 다 떨어질 "
              "때까지). 사무실에는 당원말 하나만 들어갑니다.",
        "en": "At the end of each round, 1 VP token on each empty office (while the "
              "{supply} last). One worker per office."},
    "aid_title": {"ko": "라운드 진행", "en": "A round"},
    "aid_phase1": {
        "ko": "1단계 순서 정하기: 카드 5장을 뽑고, 1장의 우선권 숫자를 휴대폰에 몰래 "
              "입력합니다. 큰 숫자부터 버스에 탑니다.",
        "en": "Phase 1, turn order: draw 5 cards; enter one card's priority number secretly "
              "on your phone. Highest boards the bus first."},
    "aid_phase2": {
        "ko": "2단계 당원 놓기: 버스 순서대로 당원 1개씩 빈 사무실에 두고 승점 토큰을 "
              "가져갑니다. 파란색·보라색 카드 사용. 1라운드는 파란색 사무실 행동만.",
        "en": "Phase 2, workers: in bus order, one worker at a time on an empty office; "
              "take its VP tokens. Play blue and purple cards. Round 1: blue offices only."},
    "aid_phase3": {
        "ko": "3단계 구입과 점수: 동전을 더해 조달팀 행동마다 1장 구매 (가격+칸의 추가 "
              "비용). 남은 동전은 버립니다. 카드·사무실·토큰 점수를 더합니다.",
        "en": "Phase 3, buy and score: add up the coins; one card per procurement action "
              "(price + the slot's surcharge). Leftover coins are lost. Add card, office and "
              "token points."},
    "aid_phase4": {
        "ko": "4단계 준비: 빈 사무실에 토큰, 당원 회수, 새 사무실 카드, 거리 정리와 보충.",
        "en": "Phase 4, clean-up: tokens on empty offices, workers back, a new office card, "
              "street removals and refill."},
    "aid_end": {
        "ko": "게임 종료: {goal}점 이상, 마지막 박사 학위 구매, 또는 {rounds}라운드 종료. "
              "동점이면 마지막 라운드 점수.",
        "en": "End: {goal} points or more, the last Doctorate bought, or round {rounds} "
              "over. Tie: the last round's points."},
    "aid_colours": {"ko": "카드 색깔", "en": "Card colours"},
    "aid_limit": {
        "ko": "모든 카드·당원·토큰·동전은 한 라운드에 최대 2번까지만 사용하거나 2배로 "
              "불릴 수 있습니다.",
        "en": "Every card, worker, token and coin: at most twice per round, used or doubled."},
    "vp": {"ko": "승점", "en": "VP"},
    "worker": {"ko": "당원", "en": "worker"},
    "marker": {"ko": "경력", "en": "marker"},
    "priority": {"ko": "우선권", "en": "Priority"},
    "price": {"ko": "가격", "en": "Price"},
    "period": {"ko": "시기", "en": "Period"},
    "colour": {"ko": "색깔", "en": "Colour"},
    "action_box": {"ko": "행동", "en": "Action"},
    "name": {"ko": "이름", "en": "Name"},
    "start": {"ko": "시작 카드 {letter}", "en": "Start card {letter}"},
    "start_coin": {"ko": "동전 획득", "en": "Gain coins"},
    "start_point": {"ko": "승점 {n}점", "en": "{n} VP"},
    "doctorate": {"ko": "박사 학위", "en": "Doctorate"},
    "doctorate_rule": {"ko": "낸 동전 1개당 승점 1점", "en": "1 VP per coin paid"},
    "office_card": {"ko": "사무실 카드", "en": "Office card"},
    "office_zone": {"ko": "구역 (1~5)", "en": "Zone (1–5)"},
    "action_back": {"ko": "행동 카드", "en": "Action card"},
    "office_back": {"ko": "사무실", "en": "Office"},
    "how_board": {"ko": "조각을 오려 회색 띠에 풀을 바르고 검은색 선에 맞춰 붙입니다",
                  "en": "Cut out each tile, glue it on the grey strip to the black line"},
    "how_page": {"ko": "그대로 쓰거나 두꺼운 종이에 붙입니다",
                 "en": "Use as is, or glue on card stock"},
    "how_cards": {"ko": "재단 표시를 따라 자릅니다; 양면",
                  "en": "Cut along the crop marks; double-sided"},
    "how_single": {"ko": "재단 표시를 따라 자릅니다", "en": "Cut along the crop marks"},
    "how_rules": {"ko": "옆에 두고 QR 코드를 스캔하세요", "en": "Keep at hand; scan the QR codes"},
    "tiles_count": {"ko": "{n}조각", "en": "{n} tiles"},
    "tile_one": {"ko": "1장", "en": "1 sheet"},
    "tokens_count": {"ko": "{vp} + {workers} + {markers} + 1",
                     "en": "{vp} + {workers} + {markers} + 1"},
    "cards_count": {"ko": "{n}장", "en": "{n} cards"},
    "bring_title": {"ko": "함께 준비할 것", "en": "Also bring"},
    "bring": {
        "ko": "• 휴대폰: 우선권 카드를 몰래 입력하고 점수를 기록합니다 (QR 코드로 접속).\n"
              "• 당원말과 경력 표시말을 종이 대신 색깔별 작은 말로 써도 좋습니다.\n"
              "• 카드 슬리브를 쓰면 종이 카드를 섞기 쉽습니다.\n"
              "• 가위나 커터 칼, 풀; 두꺼운 종이가 있으면 토큰이 오래갑니다.",
        "en": "• Phones: the priority cards are entered secretly and the points kept there "
              "(join with the QR code).\n"
              "• Small pieces in four colours can stand in for the paper workers and markers.\n"
              "• Card sleeves make paper cards easy to shuffle.\n"
              "• Scissors or a craft knife and a glue stick; card stock makes the tokens last."},
}

COLOUR_NAMES = {
    "blue": {"ko": "파란색", "en": "Blue"}, "purple": {"ko": "보라색", "en": "Purple"},
    "yellow": {"ko": "노란색", "en": "Yellow"}, "green": {"ko": "녹색", "en": "Green"},
    "grey": {"ko": "회색", "en": "Grey"}, "red": {"ko": "빨간색", "en": "Red"},
}


def text(key: str, lang: str, **values: Any) -> str:
    return localized(TEXTS, key, lang, **values)
