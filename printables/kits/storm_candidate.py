"""The 폭풍의 대권주자 print-and-play kit.

Built from the data file the companion's engine reads (``companion/games/data/
storm-candidate.toml``), so the tracks, the slots, the surcharges, the offices and the token
supply on paper are the ones the app applies:

- the victory-point track 0 to 100 (straight: no 93/94 swap), the goal marked, on one
  sheet;
- the bus turn-order board with the tie swaps, and the round tracker 1 to 11;
- the street: 11 card slots with their surcharge, tiled;
- the Federal Building: the printed offices, the basic office spaces by player count and the
  11 added office spaces, each with a token tracker;
- four player aids (the four phases and the card colours);
- the 25 victory-point tokens, the campaign workers and the career markers in four colours
  (each with its colour's mark, for greyscale prints), the round marker; all fit an office
  space's token tray;
- the action and start cards: blank templates with the fields the rulebook describes
  (priority number, price, period, colour, action box), or the group's own card list printed
  as cards (``deck=``, the table option's list); each start deck's 7 coin and 3 point cards;
- the 15 office cards, landscape, the size of the office spaces they are laid on;
- the checklist and the rule sheet.

Korean (the players' language, NanumGothic embedded) and English.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games.base import load_data

from .. import draw
from ..draw import background, fill_rgb, mark_letters, stroke_rgb
from ..layout import (
    Card,
    CardBox,
    ChecklistRow,
    Document,
    Page,
    PrintSettings,
    Tile,
    cut_tile_drawer,
    legible,
    plan_cut_tiles,
)
from ..text import BuildError, symbol, text_box
from ..texts import COMMON_TEXTS, localized
from .base import KitBase

GAME_ID = "storm-candidate"
GAME_NAME = "폭풍의 대권주자"
KIT_VERSION = "1.0"
LANGUAGES = ("ko", "en")

POKER = (63.0, 88.0)
AID = (95.0, 135.0)
TOKEN = (15.0, 15.0)
"""VP tokens, workers, career markers and the round marker: within the 17 mm token tray of
an office space and the 16 mm wide squares of the round track."""
TRAY_R_MM = 8.5
TRACK_SQUARE_MM = 17.0
TRACK_SIDE_MM = 9.0
"""Squares and side margins that keep the whole track on one sheet of A4, Letter or
universal paper: 188 mm wide, within every paper's tile area."""
TRACK_COLS = 10
SLOT_W_MM, SLOT_H_MM = 69.0, 104.0
"""A street slot's pitch (its card area is 4 mm narrower) and height."""
LANDSCAPE_FOOTER_MM = 6.0
"""A board tiled across the sheet (landscape, turned on the portrait page) keeps this much
more room on the side where the page footer runs."""
OFFICE_COLS = 3
"""The Federal Building is cut after this many columns of offices: its headings and its
note keep to the first columns, so no text is split across two sheets."""
OFFICE_W_MM, OFFICE_H_MM = 46.0, 38.0
OFFICE_CARD = (OFFICE_W_MM - 2, OFFICE_H_MM - 2)
"""The office cards lie on the Federal Building's office spaces: 1 mm inside each side."""
HEADING_MARGIN_MM = 3.0
"""Text on a board keeps this far inside its cut line (the card's safe margin)."""
PAPER = "#f7f3ea"
DARK = "#222222"
GOAL_COLOR = legible("#c8102e", "#f3d6d6")
"""Red, dark enough for 4.5:1 on the pink of the goal square."""
PERIODS = ("I", "II", "III", "IV", "V")

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


def data() -> Mapping[str, Any]:
    return load_data(GAME_ID)


def text(key: str, lang: str, **values: Any) -> str:
    return localized(TEXTS, key, lang, **values)


def ink_on(color: str) -> str:
    """Dark or white text, whichever contrasts more with ``color``."""
    return draw.ink_on(color, dark=DARK)


def surcharges() -> tuple[int, ...]:
    return tuple(data()["street"]["surcharges"])


def deck_cards(deck: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """The group's card list, checked as the engine checks the table option."""
    if not deck:
        return []
    from companion.games import storm_candidate as engine
    from companion.games.base import GameError, read_deck

    option = next(o for o in engine.OPTIONS if o.name == "deck")
    try:
        cards = read_deck(option, list(deck))
        for card in cards:
            engine._check_deck_card(card)  # noqa: SLF001
    except GameError as error:
        raise BuildError(f"deck list: {error}", GAME_ID) from None
    return cards


class Kit(KitBase):
    """Builds the documents of one kit for one set of print settings."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None,
                 deck: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__(settings, base_url)
        # the game's names are Korean in every language: NanumGothic, which covers Latin
        self.s = replace(settings, font_lang="ko")
        self.fonts = self.s.fonts
        self.d = data()
        self.deck = deck_cards(deck)
        self.colours = {c["id"]: c for c in self.d["colours"]}
        self.card_colours = {c["id"]: c for c in self.d["card_colours"]}
        self.marks = mark_letters({k: self.name_of(c) for k, c in self.colours.items()})

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def name_of(self, item: Mapping[str, Any], key: str = "name") -> str:
        return str(item.get(f"{key}_{self.lang}") or item[f"{key}_en"])

    def box(self, c: Canvas, value: str, x: float, y: float, w: float, h: float, *,
            size: float, component: str, bold: bool = False, align: str = "left",
            valign: str = "top", color: str = DARK, min_size: float | None = None) -> None:
        fill_rgb(c, color)
        text_box(c, value, x, y, w, h, fonts=self.fonts, size=size,
                 min_size=min_size or max(6.0, size * 0.6), component=component, bold=bold,
                 align=align, valign=valign)

    # ------------------------------------------------------------------ the kit

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        from ..rulesheet import add_rule_sheet

        rows: list[ChecklistRow] = []

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            first = start + 1
            while first <= len(doc.pages) and not doc.pages[first - 1].component.startswith(
                    name):
                first += 1
            rows.append((name, count, first, len(doc.pages), how))

        for name, (w, h), draw_board, lines in (
                (self.t("track"), self.track_size_mm(), self.draw_track, self.track_lines_mm()),
                (self.t("street"), self.street_size_mm(), self.draw_street,
                 self.street_lines_mm()),
                (self.t("building"), self.building_size_mm(), self.draw_building,
                 self.building_lines_mm())):
            section(name, *self.board_row(w, h, lines),
                    functools.partial(self.add_board, doc, w, h, draw_board, lines, name))

        def bus_page() -> None:
            doc.start_sheet()
            doc.add(Page(self.t("bus"), self.draw_bus_page))
            if doc.padded:
                doc.add(Page(self.t("blank"), lambda c: None, side="back"))

        section(self.t("bus"), "1", self.t("how_page"), bus_page)
        section(self.t("aids"), "4", self.t("how_single"),
                lambda: doc.add_cards(self.aid_cards(), AID, component=self.t("aids"),
                                      backs=backs))
        tokens = self.token_cards()
        vp = self.d["tokens"]["supply"]
        workers = len(self.colours) * self.workers_per_colour()
        markers = len(self.colours) * self.d["game"]["markers"]
        section(self.t("tokens"),
                self.t("tokens_count", vp=vp, workers=workers, markers=markers),
                self.t("how_single"),
                lambda: doc.add_cards(tokens, TOKEN, component=self.t("tokens"),
                                      gutter_mm=3, backs=backs))
        cards = self.game_cards()
        section(self.t("cards"), self.t("cards_count", n=len(cards)), self.t("how_cards"),
                lambda: doc.add_cards(cards, POKER, component=self.t("cards"), backs=backs))
        offices = self.office_cards()
        section(self.t("office_cards"), self.t("cards_count", n=len(offices)),
                self.t("how_office_cards"),
                lambda: doc.add_cards(offices, OFFICE_CARD, component=self.t("office_cards"),
                                      backs=backs))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    def plan(self, width_mm: float, height_mm: float,
             lines_mm: tuple[Sequence[float], Sequence[float]],
             landscape: bool = False) -> list[Tile]:
        page_w, page_h = self.s.page_size
        size = (page_h - LANDSCAPE_FOOTER_MM * mm, page_w) if landscape else (page_w, page_h)
        return plan_cut_tiles(size, width_mm * mm, height_mm * mm,
                              [v * mm for v in lines_mm[0]], [v * mm for v in lines_mm[1]])

    def best_plan(self, width_mm: float, height_mm: float,
                  lines_mm: tuple[Sequence[float], Sequence[float]]
                  ) -> tuple[list[Tile], bool]:
        """The tiles, and whether they lie across the sheet: landscape when that takes
        fewer sheets (the street: three slots a sheet instead of two), else portrait."""
        portrait = self.plan(width_mm, height_mm, lines_mm)
        try:
            across = self.plan(width_mm, height_mm, lines_mm, landscape=True)
        except BuildError:
            return portrait, False
        return (across, True) if len(across) < len(portrait) else (portrait, False)

    def board_row(self, width_mm: float, height_mm: float,
                  lines_mm: tuple[Sequence[float], Sequence[float]]) -> tuple[str, str]:
        """A board's count and how-to for the checklist: tiles to glue, or one sheet."""
        n = len(self.best_plan(width_mm, height_mm, lines_mm)[0])
        if n == 1:
            return self.t("tile_one"), self.t("how_page")
        return self.t("tiles_count", n=n), self.t("how_board")

    def add_board(self, doc: Document, width_mm: float, height_mm: float,
                  draw_board: Callable[[Canvas], None],
                  lines_mm: tuple[Sequence[float], Sequence[float]], name: str) -> None:
        """A board on one sheet when it fits, with a cut line round it; else tiled at its
        own lines (between slots, between columns of offices), across the sheet when that
        takes fewer sheets."""
        tiles, landscape = self.best_plan(width_mm, height_mm, lines_mm)
        if len(tiles) > 1 and not landscape:
            doc.add_board(width_mm, height_mm, draw_board, component=name, lines_mm=lines_mm)
            return
        if len(tiles) > 1:
            page_w = self.s.page_size[0]
            for tile in tiles:
                inner = cut_tile_drawer(tile, tiles, draw_board, self.s, doc.texts)

                def turned(c: Canvas, inner: Callable[[Canvas], None] = inner) -> None:
                    # the landscape tile on the portrait page, its top to the left edge;
                    # the page footer runs along its left
                    c.translate(page_w, 0)
                    c.rotate(90)
                    c.translate(LANDSCAPE_FOOTER_MM * mm, 0)
                    inner(c)

                doc.start_sheet()
                doc.add(Page(f"{name} {tile.name}", turned))
                if doc.padded:
                    doc.add(Page(self.t("blank"), lambda c: None, side="back"))
            return
        tile = tiles[0]

        def page(c: Canvas) -> None:
            c.saveState()
            c.translate(tile.px, tile.py)
            draw_board(c)
            c.restoreState()
            stroke_rgb(c, DARK)
            c.setLineWidth(0.4)
            c.rect(tile.px, tile.py, tile.width, tile.height, stroke=1, fill=0)

        doc.start_sheet()
        doc.add(Page(name, page))
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    def track_lines_mm(self) -> tuple[list[float], list[float]]:
        """The track fits one sheet of every paper; were it cut, then between two rows."""
        rows = self.d["game"]["track_top"] // TRACK_COLS + 1
        return [], [26 + k * TRACK_SQUARE_MM for k in range(1, rows)]

    def street_lines_mm(self) -> tuple[list[float], list[float]]:
        """Where the street may be cut: in the 4 mm gap between two slots."""
        return [5 + k * SLOT_W_MM - 2 for k in range(1, self.d["street"]["slots"])], []

    def building_lines_mm(self) -> tuple[list[float], list[float]]:
        """Where the Federal Building may be cut: between two columns of offices, after the
        first ``OFFICE_COLS`` (its headings and note keep to those)."""
        return [5 + k * (OFFICE_W_MM + 4) - 2 for k in range(OFFICE_COLS, 6)], []

    def workers_per_colour(self) -> int:
        """3 campaign workers and 4 more for temporary workers: the box's 28 in 4 colours."""
        return 7

    # ------------------------------------------------------------------ VP track

    def track_size_mm(self) -> tuple[float, float]:
        top = self.d["game"]["track_top"]
        rows = top // TRACK_COLS + 1
        return (TRACK_COLS * TRACK_SQUARE_MM + 2 * TRACK_SIDE_MM, rows * TRACK_SQUARE_MM + 36)

    def track_position(self, value: int) -> tuple[float, float]:
        """The bottom-left corner (mm) of a track square: rows run left to right, then right
        to left (a serpentine), from the bottom row up."""
        row, col = divmod(value, TRACK_COLS)
        if row % 2 == 1:
            col = TRACK_COLS - 1 - col
        return TRACK_SIDE_MM + col * TRACK_SQUARE_MM, 26 + row * TRACK_SQUARE_MM

    def draw_track(self, c: Canvas) -> None:
        comp = self.t("track")
        goal = self.d["game"]["goal"]
        top = self.d["game"]["track_top"]
        width, height = self.track_size_mm()
        if not self.s.low_ink:
            fill_rgb(c, PAPER)
            c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        sq = TRACK_SQUARE_MM * mm
        for value in range(top + 1):
            x, y = (v * mm for v in self.track_position(value))
            is_goal = value >= goal
            if not self.s.low_ink:
                fill_rgb(c, "#f3d6d6" if is_goal else ("#e9e2cf" if value % 10 == 0
                                                       else "#ffffff"))
                c.rect(x, y, sq, sq, stroke=0, fill=1)
            stroke_rgb(c, GOAL_COLOR if value == goal else DARK)
            c.setLineWidth(2.2 if value == goal else 0.6)
            c.rect(x, y, sq, sq, stroke=1, fill=0)
            self.box(c, str(value), x, y + sq * 0.35, sq, sq * 0.45, size=16 if value % 5 == 0
                     else 12, component=comp, bold=value % 5 == 0, align="center",
                     valign="middle", color=GOAL_COLOR if value == goal else DARK)
            if value == goal:
                self.box(c, "★", x, y + 1.5 * mm, sq, 6 * mm, size=10, component=comp,
                         align="center", color=GOAL_COLOR)
        side = TRACK_SIDE_MM * mm
        self.box(c, self.t("track") + " · " + self.t("goal", goal=goal), side,
                 (height - 9) * mm, width * mm - 2 * side, 8 * mm, size=14, component=comp,
                 bold=True)
        self.box(c, self.t("track_note"), side, 4 * mm, width * mm - 2 * side, 18 * mm,
                 size=10, component=comp)

    # ------------------------------------------------------------------ the street

    def street_size_mm(self) -> tuple[float, float]:
        slots = self.d["street"]["slots"]
        return (slots * SLOT_W_MM + 10, SLOT_H_MM + 44)

    def draw_street(self, c: Canvas) -> None:
        comp = self.t("street")
        width, height = self.street_size_mm()
        if not self.s.low_ink:
            fill_rgb(c, "#d9d4c7")
            c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        tints = {0: "#ffffff", 1: "#fff2c4", 2: "#ffd9b0"}
        for index, extra in enumerate(surcharges()):
            x = (5 + index * SLOT_W_MM) * mm
            y = 22 * mm
            w, h = (SLOT_W_MM - 4) * mm, SLOT_H_MM * mm
            if not self.s.low_ink:
                fill_rgb(c, tints.get(extra, "#ffffff"))
                c.rect(x, y, w, h, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(0.8)
            c.setDash(4, 3)
            c.rect(x + 3 * mm, y + 10 * mm, w - 6 * mm, h - 13 * mm, stroke=1, fill=0)
            c.setDash()
            c.rect(x, y, w, h, stroke=1, fill=0)
            self.box(c, self.t("slot", n=index + 1), x, y + h + 2 * mm, w, 8 * mm, size=13,
                     component=comp, bold=True, align="center", valign="bottom")
            self.box(c, self.t("surcharge", n=extra), x, y + 1.5 * mm, w, 7 * mm, size=13,
                     component=comp, bold=extra > 0, align="center", valign="middle")
        # the note keeps under the first two slots: the street is cut between slots
        self.box(c, self.t("street") + " — " + self.t("street_note"), 5 * mm, 3 * mm,
                 (2 * SLOT_W_MM - 4) * mm, 18 * mm, size=11, component=comp, min_size=7)

    # ------------------------------------------------------------------ Federal Building

    def building_size_mm(self) -> tuple[float, float]:
        per_row = 6
        added_rows = -(-self.d["offices"]["added"] // per_row)
        rows = 1 + 1 + added_rows
        return (per_row * (OFFICE_W_MM + 4) + 10, rows * (OFFICE_H_MM + 13) + 44)

    def office_slot(self, c: Canvas, x: float, y: float, label: str, comp: str,
                    tint: str) -> None:
        w, h = OFFICE_W_MM * mm, OFFICE_H_MM * mm
        if not self.s.low_ink:
            fill_rgb(c, tint)
            c.rect(x, y, w, h, stroke=0, fill=1)
        stroke_rgb(c, DARK)
        c.setLineWidth(0.8)
        c.rect(x, y, w, h, stroke=1, fill=0)
        self.box(c, label, x + 2 * mm, y + h - 8 * mm, w - 4 * mm, 6.5 * mm, size=10,
                 component=comp, bold=True)
        # the token tracker: a tray a token fits in, and tally boxes with their label
        # under them, clear of the tray
        c.setLineWidth(0.6)
        c.circle(x + 11 * mm, y + 14 * mm, TRAY_R_MM * mm, stroke=1, fill=0)
        for i in range(5):
            bx = x + 22 * mm + (i % 3) * 7.5 * mm
            by = y + 18 * mm - (i // 3) * 8 * mm
            c.rect(bx, by, 6 * mm, 6 * mm, stroke=1, fill=0)
        self.box(c, self.t("token_tracker"), x + 21.5 * mm, y + 4 * mm, 22 * mm, 4.5 * mm,
                 size=6, component=comp, align="center", valign="middle")

    def draw_building(self, c: Canvas) -> None:
        comp = self.t("building")
        width, height = self.building_size_mm()
        offices = self.d["offices"]
        if not self.s.low_ink:
            fill_rgb(c, "#e6e9ef")
            c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        step = (OFFICE_W_MM + 4) * mm
        row_h = (OFFICE_H_MM + 13) * mm
        top = (height - 12) * mm
        # headings and note keep to the first columns: the building is cut after them
        cols_w = OFFICE_COLS * step - 4 * mm
        self.box(c, self.t("building"), 5 * mm, top, cols_w,
                 (12 - HEADING_MARGIN_MM - 0.5) * mm, size=15, component=comp, bold=True,
                 valign="middle")
        y = top - row_h + 2 * mm
        self.box(c, self.t("board_offices"), 5 * mm, y + OFFICE_H_MM * mm + 1 * mm,
                 cols_w, 6 * mm, size=10, component=comp, bold=True)
        for i in range(offices["board"]):
            self.office_slot(c, 5 * mm + i * step, y, self.t("office", n=i + 1), comp,
                             "#dbe7fb")
        y -= row_h
        self.box(c, self.t("basic_offices"), 5 * mm, y + OFFICE_H_MM * mm + 1 * mm,
                 cols_w, 6 * mm, size=10, component=comp, bold=True)
        for i in range(max(int(v) for v in offices["basic"].values())):
            players = self.t("players_34") if i < 2 else self.t("players_4")
            self.office_slot(c, 5 * mm + i * step, y, self.t("basic", n=i + 1,
                                                             players=players), comp, "#f1f1f1")
        y -= row_h
        self.box(c, self.t("added_offices"), 5 * mm, y + OFFICE_H_MM * mm + 1 * mm,
                 cols_w, 6 * mm, size=10, component=comp, bold=True)
        zone_one = offices["zone_one"]
        for i in range(offices["added"]):
            row, col = divmod(i, 6)
            label = self.t("added", n=i + 1)
            if i < zone_one:
                label += " · " + self.t("zone", n=1)
            self.office_slot(c, 5 * mm + col * step, y - row * row_h, label, comp, "#fbf3dc")
        self.box(c, self.t("building_note", supply=self.d["tokens"]["supply"]), 5 * mm,
                 3 * mm, cols_w, 14 * mm, size=10, component=comp, min_size=7)

    # ------------------------------------------------------------------ bus and rounds

    def draw_bus_page(self, c: Canvas) -> None:
        comp = self.t("bus")
        page_w, page_h = self.s.page_size
        left, width = 15 * mm, page_w - 30 * mm
        top = page_h - 18 * mm
        self.box(c, self.t("bus_title"), left, top - 10 * mm, width, 10 * mm, size=16,
                 component=comp, bold=True)
        # the bus: a body with four windows, the front on the left
        body_y, body_h = top - 95 * mm, 78 * mm
        if not self.s.low_ink:
            fill_rgb(c, "#f5c542")
            c.roundRect(left, body_y, width, body_h, 8 * mm, stroke=0, fill=1)
        stroke_rgb(c, DARK)
        c.setLineWidth(1.4)
        c.roundRect(left, body_y, width, body_h, 8 * mm, stroke=1, fill=0)
        for wheel_x in (left + 30 * mm, left + width - 30 * mm):
            fill_rgb(c, DARK)
            c.circle(wheel_x, body_y, 9 * mm, stroke=0, fill=1)
        window_w = (width - 20 * mm - 3 * 6 * mm) / 4
        for i in range(4):
            x = left + 10 * mm + i * (window_w + 6 * mm)
            y = body_y + 22 * mm
            if not self.s.low_ink:
                fill_rgb(c, "#dff1fb")
                c.rect(x, y, window_w, 44 * mm, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(1)
            c.rect(x, y, window_w, 44 * mm, stroke=1, fill=0)
            self.box(c, str(i + 1), x, y + 30 * mm, window_w, 12 * mm, size=22,
                     component=comp, bold=True, align="center", valign="middle")
        self.box(c, self.t("bus_rule"), left, body_y - 32 * mm, width, 20 * mm, size=11,
                 component=comp)
        # the round tracker 1..11
        rounds = self.d["game"]["rounds"]
        y = body_y - 85 * mm
        self.box(c, self.t("round_title"), left, y + 34 * mm, width, 9 * mm, size=15,
                 component=comp, bold=True)
        cell = width / rounds
        for n in range(1, rounds + 1):
            x = left + (n - 1) * cell
            if not self.s.low_ink and n == rounds:
                fill_rgb(c, "#f3d6d6")
                c.rect(x, y, cell, 30 * mm, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(0.8)
            c.rect(x, y, cell, 30 * mm, stroke=1, fill=0)
            self.box(c, str(n), x, y + 8 * mm, cell, 14 * mm, size=18, component=comp,
                     bold=True, align="center", valign="middle")
        self.box(c, self.t("round_note", rounds=rounds), left, y - 12 * mm, width, 9 * mm,
                 size=11, component=comp)

    # ------------------------------------------------------------------ player aids

    def aid_cards(self) -> list[Card]:
        return [Card(f"aid-{colour}", self.aid_front(colour)) for colour in self.colours]

    def aid_front(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("aids")
        hexa = self.colours[colour]["hex"]
        goal, rounds = self.d["game"]["goal"], self.d["game"]["rounds"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 1 * mm
            background(c, box, "#ffffff")
            band = 12 * mm
            fill_rgb(c, hexa)
            if box.low_ink:
                stroke_rgb(c, hexa)
                c.setLineWidth(2)
                c.line(0, h - band, w, h - band)
                fill_rgb(c, DARK)
            else:
                c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0,
                       fill=1)
                fill_rgb(c, ink_on(hexa))
            text_box(c, f"{GAME_NAME} · {self.t('aid_title')}", safe, h - band + 2 * mm,
                     w - 2 * safe, band - 4 * mm, fonts=self.fonts, size=11, min_size=7,
                     component=comp, bold=True, valign="middle")
            y = h - band - 2 * mm
            blocks = [self.t(k, goal=goal, rounds=rounds) for k in (
                "aid_phase1", "aid_phase2", "aid_phase3", "aid_phase4", "aid_end")]
            heights = (13, 15, 17, 10, 10)
            for value, block_h in zip(blocks, heights, strict=True):
                self.box(c, value, safe, y - block_h * mm, w - 2 * safe, block_h * mm,
                         size=8, component=comp, min_size=6)
                y -= (block_h + 1.5) * mm
            self.box(c, self.t("aid_colours"), safe, y - 5 * mm, w - 2 * safe, 5 * mm,
                     size=8.5, component=comp, bold=True)
            y -= 6 * mm
            col_w = (w - 2 * safe) / 2
            for i, card_colour in enumerate(self.d["card_colours"]):
                cx = safe + (i % 2) * col_w
                cy = y - (i // 2 + 1) * 6.2 * mm
                fill_rgb(c, card_colour["hex"])
                c.rect(cx, cy + 0.8 * mm, 4 * mm, 4 * mm, stroke=0, fill=1)
                phase = card_colour["phase"]
                label = COLOUR_NAMES[card_colour["id"]][self.lang] + ": " + self.name_of(
                    card_colour, "does") + (f" ({phase})" if phase else "")
                self.box(c, label, cx + 5 * mm, cy, col_w - 5.5 * mm, 5.5 * mm, size=6.8,
                         component=comp, valign="middle", min_size=6)
            y -= 3 * 6.2 * mm + 2 * mm
            self.box(c, self.t("aid_limit"), safe, max(safe, y - 10 * mm), w - 2 * safe,
                     10 * mm, size=7.5, component=comp, min_size=6)
        return draw

    # ------------------------------------------------------------------ tokens

    def token_cards(self) -> list[Card]:
        cards = [Card(f"vp-{n + 1}", self.vp_token()) for n in range(self.d["tokens"]["supply"])]
        for colour in self.colours:
            for n in range(self.workers_per_colour()):
                cards.append(Card(f"worker-{colour}-{n + 1}", self.piece(colour, "worker")))
            for n in range(self.d["game"]["markers"]):
                cards.append(Card(f"marker-{colour}-{n + 1}", self.piece(colour, "marker")))
        cards.append(Card("round-marker", self.round_marker()))
        return cards

    def round_marker(self) -> Callable[[Canvas, CardBox], None]:
        """The marker of the round track: a grey disc with an arrow, in no player's colour."""
        comp = self.t("tokens")

        def draw(c: Canvas, box: CardBox) -> None:
            w = box.width
            fill_rgb(c, "#ffffff" if box.low_ink else "#d9d4c7")
            stroke_rgb(c, DARK)
            c.setLineWidth(1.2)
            c.circle(w / 2, w / 2, w / 2 - 0.6 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK)
            symbol(c, "▶", w / 2, w / 2 + 2 * mm, 9, comp)
            text_box(c, self.t("round_marker"), 0, 2 * mm, w, 4 * mm, fonts=self.fonts,
                     size=6.5, min_size=6, component=comp, bold=True, align="center",
                     valign="middle")
        return draw

    def vp_token(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("tokens")

        def draw(c: Canvas, box: CardBox) -> None:
            r = box.width / 2
            fill_rgb(c, "#ffffff" if box.low_ink else legible("#3aa655"))
            stroke_rgb(c, "#1f6b34")
            c.setLineWidth(1)
            c.circle(r, r, r - 0.5 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK if box.low_ink else "#ffffff")
            text_box(c, "1", 0, r - 1 * mm, box.width, 7 * mm, fonts=self.fonts, size=14,
                     min_size=9, component=comp, bold=True, align="center", valign="middle")
            text_box(c, self.t("vp"), 0, 2.5 * mm, box.width, 4 * mm, fonts=self.fonts,
                     size=6.5, min_size=6, component=comp, align="center", valign="middle")
        return draw

    def piece(self, colour: str, kind: str) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("tokens")
        hexa = self.colours[colour]["hex"]

        mark = self.marks[colour]

        def draw(c: Canvas, box: CardBox) -> None:
            # the colour's mark in the middle: red and blue print as one grey
            w = box.width
            fill_rgb(c, "#ffffff" if box.low_ink else hexa)
            stroke_rgb(c, legible(hexa) if box.low_ink else DARK)
            c.setLineWidth(1.6 if box.low_ink else 0.8)
            if kind == "worker":
                c.roundRect(0.8 * mm, 0.8 * mm, w - 1.6 * mm, w - 1.6 * mm, 2 * mm,
                            stroke=1, fill=1)
            else:
                c.circle(w / 2, w / 2, w / 2 - 0.8 * mm, stroke=1, fill=1)
            ink = DARK if box.low_ink else ink_on(hexa)
            fill_rgb(c, ink)
            symbol(c, "♟" if kind == "worker" else "★", w / 2, w - 3.6 * mm, 7, comp)
            text_box(c, mark, 1 * mm, w / 2 - 3 * mm, w - 2 * mm, 5.5 * mm, fonts=self.fonts,
                     size=12, min_size=8, component=comp, bold=True, align="center",
                     valign="middle")
            text_box(c, self.t(kind), 0, 1.6 * mm, w, 3 * mm, fonts=self.fonts, size=6,
                     min_size=6, component=comp, align="center", valign="middle")
        return draw

    # ------------------------------------------------------------------ cards

    def game_cards(self) -> list[Card]:
        """The group's card list as cards, or blank templates: the start cards (9-18 for
        each of A-D), the action cards of each period, the Doctorates, the office cards."""
        cards: list[Card] = []
        low, high = self.d["priority"]["start"]
        coins = self.d["game"]["start_coin_cards"]
        points = self.t("start_point", n=self.d["game"]["start_card_points"])
        for letter in "ABCD":
            for number in range(low, high + 1):
                # each deck's 7 coin cards, then its 3 point cards (house order: the
                # rulebook gives which kind, not which number)
                action = self.t("start_coin") if number - low < coins else points
                cards.append(Card(f"start-{letter}-{number}",
                                  self.action_front({"number": number, "period": letter,
                                                     "action": action}),
                                  self.action_back))
        if self.deck:
            for card in self.deck:
                cards.append(Card(f"card-{card['number']}", self.action_front(card),
                                  self.action_back))
        else:
            periods = self.d["periods"]
            for period in PERIODS:
                for n in range(periods[period]):
                    blank: dict[str, Any] = {"period": period}
                    if period == "V":
                        blank["doctorate"] = True
                    cards.append(Card(f"action-{period}-{n + 1}", self.action_front(blank),
                                      self.action_back))
        return cards

    def office_cards(self) -> list[Card]:
        """The basic and the added office cards, the size of an office space."""
        cards: list[Card] = []
        for i in range(max(int(v) for v in self.d["offices"]["basic"].values())):
            players = self.t("players_34") if i < 2 else self.t("players_4")
            cards.append(Card(f"office-basic-{i + 1}", self.office_front(
                self.t("basic", n=i + 1, players=players), None), self.office_back))
        for i in range(self.d["offices"]["added"]):
            cards.append(Card(f"office-added-{i + 1}", self.office_front(
                self.t("added", n=i + 1), 1 if i < self.d["offices"]["zone_one"] else None),
                self.office_back))
        return cards

    def field_box(self, c: Canvas, label: str, value: str, x: float, y: float, w: float,
                  h: float, comp: str, size: float = 12) -> None:
        stroke_rgb(c, DARK)
        c.setLineWidth(0.6)
        fill_rgb(c, "#ffffff")
        c.rect(x, y, w, h, stroke=1, fill=1)
        self.box(c, label, x + 0.8 * mm, y + h - 3.4 * mm, w - 1.6 * mm, 3 * mm, size=6,
                 component=comp, color="#555555")
        if value:
            self.box(c, value, x + 1 * mm, y, w - 2 * mm, h - 3 * mm, size=size,
                     component=comp, bold=True, align="center", valign="middle", min_size=6)

    def action_front(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("cards")
        colour = card.get("colour")
        hexa = self.card_colours[colour]["hex"] if colour in self.card_colours else None
        period = str(card.get("period") or "")
        start = period in ("A", "B", "C", "D")
        doctorate = bool(card.get("doctorate")) or period.upper() == "V"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#fbf8f1")
            if hexa is not None:
                fill_rgb(c, hexa)
                c.rect(-box.bleed, h - 8 * mm, w + 2 * box.bleed, 8 * mm + box.bleed,
                       stroke=0, fill=1)
            number = card.get("number")
            self.field_box(c, self.t("priority"), "" if number is None else str(number),
                           safe, h - safe - 14 * mm, 14 * mm, 14 * mm, comp, size=14)
            period_text = self.t("start", letter=period) if start else period
            self.field_box(c, self.t("period"), period_text, w - safe - 18 * mm,
                           h - safe - 14 * mm, 18 * mm, 14 * mm, comp, size=9 if start else 13)
            name = str(card.get("name") or "")
            if doctorate and not name:
                name = self.t("doctorate")
            self.field_box(c, self.t("name"), name, safe + 16 * mm, h - safe - 14 * mm,
                           w - 2 * safe - 36 * mm, 14 * mm, comp, size=9)
            colour_label = COLOUR_NAMES[colour][self.lang] if colour in COLOUR_NAMES else ""
            self.field_box(c, self.t("colour"), colour_label, safe, h - safe - 26 * mm,
                           w - 2 * safe, 10 * mm, comp, size=9)
            action = str(card.get("action") or "")
            if doctorate and not action:
                action = self.t("doctorate_rule")
            self.field_box(c, self.t("action_box"), action, safe, safe + 16 * mm,
                           w - 2 * safe, h - 2 * safe - 44 * mm, comp, size=9)
            price = card.get("price")
            stroke_rgb(c, DARK)
            fill_rgb(c, "#ffffff" if box.low_ink else "#f5c542")
            c.circle(safe + 7 * mm, safe + 7 * mm, 7 * mm, stroke=1, fill=1)
            self.box(c, "" if price is None else str(price), safe, safe + 2 * mm, 14 * mm,
                     9 * mm, size=13, component=comp, bold=True, align="center",
                     valign="middle")
            self.box(c, self.t("price"), safe + 16 * mm, safe + 2 * mm, 20 * mm, 5 * mm,
                     size=6.5, component=comp, color="#555555")
        return draw

    def office_front(self, label: str, zone: int | None) -> Callable[[Canvas, CardBox], None]:
        """An office card, landscape, the size of an office space: its name, a token tray
        as on the board, its zone, colour and action."""
        comp = self.t("office_cards")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#eef1f6")
            head = 5 * mm
            self.box(c, label, safe, h - safe - head, w - 2 * safe, head, size=8,
                     component=comp, bold=True, valign="middle", min_size=6)
            tray = TRAY_R_MM * mm
            stroke_rgb(c, DARK)
            c.setLineWidth(0.6)
            c.setDash(2, 1.5)
            c.circle(safe + tray, safe + tray, tray, stroke=1, fill=0)
            c.setDash()
            left_w = 2 * tray
            upper = safe + left_w + 0.5 * mm
            top = h - safe - head - 0.5 * mm
            self.field_box(c, self.t("office_zone"), "" if zone is None else str(zone),
                           safe, upper, left_w, top - upper, comp, size=9)
            rx = safe + left_w + 1.5 * mm
            rw = w - safe - rx
            self.field_box(c, self.t("colour"), "", rx, upper, rw, top - upper, comp)
            self.field_box(c, self.t("action_box"), "", rx, safe, rw, upper - 0.5 * mm - safe,
                           comp)
        return draw

    def action_back(self, c: Canvas, box: CardBox) -> None:
        self.back(c, box, self.t("action_back"), "#27364f")

    def office_back(self, c: Canvas, box: CardBox) -> None:
        self.back(c, box, self.t("office_back"), "#5a4632", comp=self.t("office_cards"))

    def back(self, c: Canvas, box: CardBox, label: str, color: str,
             comp: str | None = None) -> None:
        comp = comp or self.t("cards")
        small = box.height < 50 * mm
        background(c, box, color)
        ink = DARK if box.low_ink else "#ffffff"
        stroke_rgb(c, ink)
        c.setLineWidth(1.2)
        inset = box.safe + (1 if small else 2) * mm
        c.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset,
                    (2 if small else 4) * mm, stroke=1, fill=0)
        name_h, label_h = (8 * mm, 6 * mm) if small else (14 * mm, 10 * mm)
        self.box(c, GAME_NAME, inset, box.height / 2, box.width - 2 * inset, name_h,
                 size=11 if small else 15, component=comp, bold=True, align="center",
                 valign="middle", color=ink)
        self.box(c, label, inset, box.height / 2 - label_h - 1 * mm, box.width - 2 * inset,
                 label_h, size=8 if small else 10, component=comp, align="center",
                 valign="middle", color=ink)


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False,
          deck: Sequence[Mapping[str, Any]] | None = None
          ) -> tuple[Document, Document | None]:
    return Kit(settings, base_url, deck=deck).build(rules_only=rules_only)
