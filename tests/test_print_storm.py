"""The 폭풍의 대권주자 kit as a player gets it, read back from the real PDF: every component
in Korean and English, the numbers of the game data, the group's card list as cards, the
embedded Korean font, rendering, QR codes and reproducible bytes.

Built once per module in Korean (A4, long-edge duplex) and in English (Letter, low ink)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from print_pdf import (
    MM,
    build_kit,
    card_placements,
    decode_qr,
    kit_bytes,
    page_size_mm,
    pdffonts,
    plumbed,
    render,
    share_with_run,
    texts,
    texts_of,
)
from pypdf import PdfReader

from companion import create_app
from companion.games import storm_candidate as game
from companion.rules import rules_url, sections
from printables import cli
from printables.build import build, kit_games, render_bytes
from printables.kits import storm_candidate as kit
from printables.layout import PrintSettings
from printables.text import BuildError

GAME = "storm-candidate"
BASE = "http://192.168.1.20:8000"


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("storm")


@pytest.fixture(scope="module")
def kit_ko(out: Path) -> Path:
    return build_kit(GAME, BASE, out, "kit-ko", lang="ko")


@pytest.fixture(scope="module")
def pdf_ko(kit_ko: Path) -> PdfReader:
    return PdfReader(str(kit_ko))


@pytest.fixture(scope="module")
def kit_en(out: Path) -> Path:
    return build_kit(GAME, BASE, out, "kit-en", lang="en", paper="letter", low_ink=True)


@pytest.fixture(scope="module")
def pdf_en(kit_en: Path) -> PdfReader:
    return PdfReader(str(kit_en))


def pages_of(pdf: PdfReader, component: str) -> list[int]:
    return [i for i, t in enumerate(texts(pdf))
            if re.search(rf"· {re.escape(component)}( [A-Z]\d)? · ", t)]


def all_cards(pdf: PdfReader) -> Counter[str]:
    ids: Counter[str] = Counter()
    for i in range(len(pdf.pages)):
        ids.update(card_placements(pdf, i).keys())
    return ids


def test_registered_for_the_cli_and_the_print_page(out: Path, client: Any, capsys: Any) -> None:
    assert GAME in kit_games()
    path = out / "cli.pdf"
    assert cli.main([GAME, "--base-url", BASE, "--lang", "ko", "--out", str(path)]) == 0
    assert "pages" in capsys.readouterr().out and path.stat().st_size > 0
    html = client.get(f"/print/{GAME}").get_data(as_text=True)
    assert 'value="ko"' in html and 'value="en"' in html and 'value="fr"' not in html
    with pytest.raises(BuildError, match="no 'fr' texts"):
        build(GAME, PrintSettings(lang="fr"), BASE)


def test_every_component_in_korean_in_order(pdf_ko: PdfReader) -> None:
    pages = texts(pdf_ko)
    for i in range(len(pages)):
        assert page_size_mm(pdf_ko, i) == (pytest.approx(210, abs=0.01),
                                           pytest.approx(297, abs=0.01))
        assert pages[i].startswith("") and "폭풍의 대권주자 · " in pages[i]
    order = ["승점 트랙", "거리", "정부 청사", "버스와 라운드 트랙", "플레이어 도움말",
             "승점 토큰, 당원말, 경력 표시말", "행동·시작 카드", "사무실 카드", "규칙지"]
    firsts = [pages_of(pdf_ko, name)[0] for name in order]
    assert firsts == sorted(firsts)
    checklist = pages[2]
    for name in order:
        assert name in checklist
    assert "25 + 28 + 8 + 1" in checklist and "95장" in checklist and "15장" in checklist


def test_the_track_runs_straight_from_0_to_100_with_the_goal(pdf_ko: PdfReader) -> None:
    track = " ".join(texts(pdf_ko)[i] for i in pages_of(pdf_ko, "승점 트랙"))
    numbers = {int(n) for n in re.findall(r"\b\d{1,3}\b", track)}
    assert set(range(0, 101)) <= numbers
    assert "95점: 게임 종료" in track
    # squares in a serpentine: each next value sits right beside the previous one
    k = kit.Kit(PrintSettings(lang="ko"))
    for value in range(100):
        (x0, y0), (x1, y1) = k.track_position(value), k.track_position(value + 1)
        assert abs(x0 - x1) + abs(y0 - y1) == pytest.approx(kit.TRACK_SQUARE_MM)


def test_the_street_has_11_slots_with_their_surcharges(pdf_ko: PdfReader) -> None:
    # each tile draws the whole board, clipped: its text is all on the first tile
    street = texts(pdf_ko)[pages_of(pdf_ko, "거리")[0]]
    assert len(pages_of(pdf_ko, "거리")) == 4  # three slots across each sheet of A4
    for slot in range(1, game.SLOTS + 1):
        assert f"{slot}번 칸" in street
    assert [int(n) for n in re.findall(r"가격 \+(\d)", street)] == [
        game.surcharge(s) for s in range(1, game.SLOTS + 1)]


def test_the_federal_building_has_every_office_and_a_token_tracker(pdf_ko: PdfReader) -> None:
    building = " ".join(texts(pdf_ko)[i] for i in pages_of(pdf_ko, "정부 청사"))
    for n in range(1, game.BOARD_OFFICES + 1):
        assert f"사무실 {n}" in building
    for n in range(1, 5):
        assert f"기본 {n}" in building
    for n in range(1, game.ADDED_OFFICES + 1):
        assert f"추가 {n}" in building
    assert building.count("승점 토큰") >= game.BOARD_OFFICES + 4 + game.ADDED_OFFICES
    assert f"토큰 {game.TOKEN_SUPPLY}개" in building


def test_bus_and_rounds(pdf_ko: PdfReader) -> None:
    page = texts(pdf_ko)[pages_of(pdf_ko, "버스와 라운드 트랙")[0]]
    assert "1↔4" in page and "2↔3" in page
    assert re.search(r"1 2 3 4 5 6 7 8 9 10 11", page)


def test_tokens_aids_and_cards_are_all_there(pdf_ko: PdfReader) -> None:
    ids = all_cards(pdf_ko)
    assert sum(1 for i in ids if i.startswith("vp-")) == game.TOKEN_SUPPLY
    for colour in game.COLOURS:
        assert sum(1 for i in ids if i.startswith(f"worker-{colour}-")) == 7
        assert sum(1 for i in ids if i.startswith(f"marker-{colour}-")) == 2
        assert ids[f"aid-{colour}"] == 1
    for letter in "ABCD":
        assert {i for i in ids if i.startswith(f"start-{letter}-")} == {
            f"start-{letter}-{n}" for n in range(9, 19)}
    for period, count in game.PERIODS.items():
        assert sum(1 for i in ids if i.startswith(f"action-{period}-")) == count
    assert sum(1 for i in ids if i.startswith("office-")) == 15
    cards = " ".join(texts(pdf_ko)[i] for i in pages_of(pdf_ko, "행동·시작 카드"))
    for field in ("우선권", "가격", "시기", "색깔", "행동"):
        assert field in cards
    assert cards.count("박사 학위") == game.PERIODS["V"]


def test_the_groups_card_list_is_printed_as_cards(out: Path) -> None:
    deck = [{"number": 20, "name": "선거 참모", "price": 4, "period": "I", "colour": "yellow",
             "action": "조달팀 1"},
            {"number": 5, "name": "스캔들", "price": 0, "period": "I", "colour": "red"}]
    doc, _ = kit.build(PrintSettings(lang="ko"), BASE, deck=deck)
    path = out / "deck.pdf"
    doc.write(path)
    pdf = PdfReader(str(path))
    ids = all_cards(pdf)
    assert ids["card-20"] == ids["card-5"] == 2  # its front and its back
    assert not any(i.startswith("action-") for i in ids)
    text = " ".join(texts(pdf))
    assert "선거 참모" in text and "조달팀 1" in text and "노란색" in text
    with pytest.raises(BuildError, match="deck list"):
        kit.build(PrintSettings(lang="ko"), BASE, deck=[{"number": 99}])


def test_english_kit(pdf_en: PdfReader) -> None:
    pages = texts(pdf_en)
    assert "Victory-point track" in pages[2] and "Federal Building" in pages[2]
    assert page_size_mm(pdf_en, 0) == (pytest.approx(215.9, abs=0.1),
                                       pytest.approx(279.4, abs=0.1))
    street = " ".join(pages[i] for i in pages_of(pdf_en, "Street"))
    assert "Slot 11" in street and "Price +2" in street


def test_fonts_are_embedded_korean_included(kit_ko: Path) -> None:
    fonts = pdffonts(kit_ko)
    assert any("NanumGothic" in f["name"] for f in fonts)
    for font in fonts:
        assert font["emb"] == "yes" and font["sub"] == "yes", font


def test_every_page_renders(kit_ko: Path, kit_en: Path, tmp_path: Path) -> None:
    for name, path in (("ko", kit_ko), ("en", kit_en)):
        folder = tmp_path / name
        folder.mkdir()
        pngs = render(path, folder, 12)
        assert len(pngs) == len(PdfReader(str(path)).pages)
        for png in pngs:
            assert Image.open(png).size[0] > 80


def test_the_rule_sheet_qr_codes_open_the_korean_rules(kit_ko: Path, pdf_ko: PdfReader,
                                                       tmp_path: Path) -> None:
    pages = pages_of(pdf_ko, "규칙지")
    found = decode_qr(*render(kit_ko, tmp_path, 200, first=pages[0] + 1, last=pages[-1] + 1,
                              gray=True))
    expected = [rules_url(BASE, GAME, s.slug, "ko") for s in sections(GAME, "ko")]
    assert sorted(found) == sorted(expected)
    client = create_app({"TESTING": True, "DATABASE_URL": "sqlite://",
                         "SECRET_KEY": "t"}).test_client()
    for url in found:
        assert client.get(url.removeprefix(BASE)).status_code == 200, url


def test_builds_are_reproducible(kit_ko: Path) -> None:
    assert render_bytes(build(GAME, PrintSettings(lang="ko"), BASE)[0]) == kit_ko.read_bytes()


@pytest.mark.parametrize("paper,lang", [("a4", "ko"), ("a4", "en"), ("letter", "en"),
                                        ("universal", "ko")])
def test_boards_tile_at_their_own_lines(paper: str, lang: str) -> None:
    """The street is cut only in the gap between two slots, the Federal Building only
    between two columns of offices (its headings and note keep to the first columns), on
    the fewest sheets those lines allow; the track fits one sheet. No glyph crosses a cut,
    every slot, price and office shows on a tile, each tile says all its steps and the tile
    laid on a glue strip has a black line to lay its edge on; the checklist counts them."""
    from tiling import check_board

    settings = PrintSettings(paper=paper, lang=lang)
    k = kit.Kit(settings)
    data = kit_bytes(GAME, paper=paper, lang=lang)  # (the boards show no address)
    t = k.t
    street = [t("slot", n=n) for n in range(1, game.SLOTS + 1)]
    street += [t("surcharge", n=game.surcharge(n)) for n in range(1, game.SLOTS + 1)]
    street += [t("street_note").split()[0]]
    # across the sheet: three slots a sheet (four would not fit), upright two
    assert len(k.plan(*k.street_size_mm(), k.street_lines_mm())) == -(-game.SLOTS // 2)
    tiles = check_board(data, settings, t("street"), k.street_size_mm(), k.street_lines_mm(),
                        street, lang, landscape_footer_mm=kit.LANDSCAPE_FOOTER_MM)
    assert len(tiles) == -(-game.SLOTS // 3)
    building = [t("office", n=n) for n in range(1, game.BOARD_OFFICES + 1)]
    building += [t("added", n=n) for n in range(1, game.ADDED_OFFICES + 1)]
    building += [t("board_offices"), t("basic_offices"), t("added_offices"), t("building")]
    tiles = check_board(data, settings, t("building"), k.building_size_mm(),
                        k.building_lines_mm(), building, lang)
    assert len(tiles) == 2
    pages = texts_of(data)
    track = [i for i, text in enumerate(pages) if f"· {t('track')} · " in text]
    assert len(track) == 1 and t("goal", goal=game.GOAL) in pages[track[0]]
    checklist = pages[2]
    assert t("tiles_count", n=4) in checklist and t("tiles_count", n=2) in checklist
    assert t("tile_one") in checklist and "⊕" not in checklist


# ------------------------------------------------------------------ pieces that fit

@pytest.fixture(scope="module")
def a4_ko() -> bytes:
    return kit_bytes(GAME, lang="ko")  # (shared with the tiling test)


def test_office_cards_lie_on_the_office_spaces(a4_ko: bytes) -> None:
    """The 15 office cards are no larger than the Federal Building's office spaces they are
    laid on (46×38 mm, landscape); a token fits its tray (a 17 mm circle); the tray's label
    stays clear of the tray; the heading keeps the house margin from the tile's cut line."""
    from print_pieces import circles_mm, inside, pages_named, trim_boxes

    building = pages_named(a4_ko, "정부 청사")
    spaces: list[tuple[float, float, float, float]] = []
    with plumbed(a4_ko, building) as pdf:
        for index in building:
            page = pdf.pages[index]
            spaces += [(r["x0"] / MM, 0, r["width"] / MM, r["height"] / MM) for r in page.rects
                       if abs(r["width"] / MM - kit.OFFICE_W_MM) < 0.2
                       and abs(r["height"] / MM - kit.OFFICE_H_MM) < 0.2]
            trays = circles_mm(page, 2 * kit.TRAY_R_MM)
            words = [w for w in page.extract_words() if w["text"] in ("승점", "토큰")]
            assert len(words) >= 2 * len(trays)
            height = float(page.height) / MM
            for word in words:  # the label's box and the tray's circle do not meet
                wx0, wx1 = word["x0"] / MM, word["x1"] / MM
                wy0, wy1 = height - word["bottom"] / MM, height - word["top"] / MM
                for tx, ty, tw, _ in trays:
                    cx, cy, r = tx + tw / 2, ty + tw / 2, tw / 2
                    nx, ny = min(max(cx, wx0), wx1), min(max(cy, wy0), wy1)
                    assert (nx - cx) ** 2 + (ny - cy) ** 2 > r ** 2, word["text"]
            heading = [w for w in page.extract_words() if w["text"] == "정부"]
            tile = max(page.rects, key=lambda r: r["width"] * r["height"])
            for word in heading:
                if word["top"] < tile["top"] + 20 * MM:
                    assert (word["top"] - tile["top"]) / MM >= kit.HEADING_MARGIN_MM
        tray_count = sum(len(circles_mm(pdf.pages[i], 2 * kit.TRAY_R_MM)) for i in building)
    # each space: its fill and its frame (a tile draws the whole board, clipped)
    assert len(spaces) >= 2 * 21 and tray_count >= 21
    space = spaces[0]
    office_pages = pages_named(a4_ko, "사무실 카드")
    offices = {k: v for i in office_pages for k, v in trim_boxes(a4_ko, i).items()
               if k.startswith("office-")}
    assert len(offices) == 15
    for ident, box in offices.items():
        assert box[2] > box[3], ident  # landscape, as the space
        assert inside(box, space), (ident, box, space)
    token_pages = pages_named(a4_ko, "승점 토큰, 당원말, 경력 표시말")
    tokens = {k: v for i in token_pages for k, v in trim_boxes(a4_ko, i).items()}
    assert tokens and all(max(b[2], b[3]) <= 2 * kit.TRAY_R_MM for b in tokens.values())


def test_a_round_marker_fits_the_round_track(a4_ko: bytes) -> None:
    from print_pieces import inside, pages_named, trim_boxes

    bus = pages_named(a4_ko, "버스와 라운드 트랙")[0]
    with plumbed(a4_ko, [bus]) as pdf:
        cells = [(0.0, 0.0, r["width"] / MM, r["height"] / MM) for r in pdf.pages[bus].rects
                 if abs(r["height"] / MM - 30) < 0.2]
    assert len(cells) >= game.ROUNDS
    tokens = {k: v for i in pages_named(a4_ko, "승점 토큰, 당원말, 경력 표시말")
              for k, v in trim_boxes(a4_ko, i).items()}
    assert inside(tokens["round-marker"], min(cells, key=lambda b: b[2]))


def test_start_cards_print_coin_or_point_as_the_data_says(a4_ko: bytes) -> None:
    from print_pieces import pages_named, texts_in, trim_boxes

    said: Counter[tuple[str, str]] = Counter()
    for i in pages_named(a4_ko, "행동·시작 카드"):
        starts = {k: v for k, v in trim_boxes(a4_ko, i).items() if k.startswith("start-")}
        for ident, words in texts_in(a4_ko, i, starts).items():
            letter = ident.split("-")[1]
            words = words.replace(" ", "")
            coin, point = "동전획득" in words, "승점1점" in words
            assert coin != point, (ident, words)
            said[(letter, "coin" if coin else "point")] += 1
    data = game.DATA["game"]
    for letter in "ABCD":
        assert said[(letter, "coin")] == data["start_coin_cards"] == 7
        assert said[(letter, "point")] == data["start_point_cards"] == 3


@pytest.mark.parametrize("low_ink", [False, True])
def test_workers_and_markers_tell_their_player_apart_in_grey(low_ink: bool,
                                                            tmp_path: Path) -> None:
    """Each worker and career marker carries its colour's mark; rendered in greyscale, the
    mark stands out from its piece (red and blue alone print as one grey), and in low ink the pieces
    are outlines (light inside)."""
    from print_pieces import (
        grey_crops,
        mark_contrast,
        mean_grey,
        pages_named,
        texts_in,
        trim_boxes,
    )

    data = kit_bytes(GAME, lang="ko", low_ink=low_ink)
    marks = kit.Kit(PrintSettings(lang="ko")).marks
    assert len(set(marks.values())) == len(game.COLOURS)
    page = pages_named(data, "승점 토큰, 당원말, 경력 표시말")[0]
    boxes = {k: v for k, v in trim_boxes(data, page).items()
             if k.startswith(("worker-", "marker-"))}
    assert len(boxes) == len(game.COLOURS) * 9
    for ident, words in texts_in(data, page, boxes).items():
        assert marks[ident.split("-")[1]] in words, (ident, words)
    crops = grey_crops(data, page, boxes, tmp_path)
    for kind in ("worker", "marker"):
        firsts = {colour: crops[f"{kind}-{colour}-1"] for colour in game.COLOURS}
        for a in game.COLOURS:
            assert mark_contrast(firsts[a]) > 60, (kind, a)
            if low_ink:
                assert mean_grey(firsts[a]) > 200, (kind, a)
