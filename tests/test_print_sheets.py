"""Home printers and print shops, in every kit: no crop mark crossing text, gutterfold
sheets, print-shop files with their page boxes, the offset a kit is built with written on
its check page, and the checklist's QR code to the companion."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from print_glyphs import checked, drawn
from print_pdf import (
    ANY_ADDRESS,
    MM,
    card_placements,
    decode_qr,
    kit_bytes,
    operations,
    raw_text,
    reader,
    render,
    share_with_run,
)

from companion import create_app
from printables.build import kit_games
from printables.layout import CROP_LENGTH

PAPERS = ("a4", "letter", "universal")


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


def page_text(data: bytes, index: int) -> str:
    return " ".join(raw_text(reader(data), index).split())


def crop_marks(page: Any) -> list[dict[str, Any]]:
    """The crop marks of a page (its lines as pdfium or pdfplumber reads them): the engine's
    0.3 pt black strokes, straight across or down, no longer than a crop mark."""
    return [ln for ln in page.lines
            if abs(float(ln.get("linewidth") or 0) - 0.3) < 0.01
            and min(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) < 0.01
            and max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) <= CROP_LENGTH + 0.05 * MM]


def crossings(page: Any, number: int, glyph_box: Any) -> list[tuple[int, str]]:
    """(page, text) of each glyph a crop mark crosses, each glyph's box (x0, top, x1,
    bottom) as ``glyph_box`` gives it."""
    marks = crop_marks(page)
    crossed = []
    for ch in page.chars:
        if not ch["text"].strip():
            continue
        x0, top, x1, bottom = glyph_box(ch)
        if any(m["x0"] <= x1 and x0 <= m["x1"] and m["top"] <= bottom and top <= m["bottom"]
               for m in marks):
            crossed.append((number, ch["text"]))
    return crossed


def marks_across_text(data: bytes) -> list[tuple[int, str]]:
    """The glyphs crop marks cross, as pdfminer reads them (at the cost of pdfium's reading:
    ``print_glyphs.checked``)."""
    return checked(data, crossings)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", kit_games())
def test_no_crop_mark_crosses_any_text(game: str, paper: str) -> None:
    """Every page of every kit (the footer of a sheet too short for it beside a row goes
    under the grid, the crop marks there stopping above it or left out)."""
    data = kit_bytes(game, paper=paper)
    assert sum(len(crop_marks(page)) for page in drawn(data)) > 50  # the marks are seen
    crossed = marks_across_text(data)
    assert not crossed, sorted({page for page, _ in crossed})


@pytest.mark.parametrize("game,settings", [
    ("edgar-et-lucien", {"lang": "fr"}),  # its Cogs-note backs, pages 27–32
    ("mourir-pour-le-rock", {"lang": "fr"}),  # its token pages
    ("casse-toi-pov-con", {"duplex": "gutterfold"}),
    ("casse-toi-pov-con", {"bleed_mm": 3.0}),
])
def test_no_crop_mark_crosses_text_in_other_kits(game: str, settings: dict[str, Any]) -> None:
    data = kit_bytes(game, **settings)
    crossed = marks_across_text(data)
    assert not crossed, sorted({page for page, _ in crossed})


# ------------------------------------------------------------------ gutterfold


Box = tuple[float, float, float, float]


def _sides(pdf: Any, index: int) -> dict[str, dict[str, Box]]:
    """Each card's trim box (x, y, w, h in mm) on a page, by side (a gutterfold page has
    both), its size read from its clip less its bleed (the same on every side)."""
    found: dict[str, dict[str, Box]] = {"front": {}, "back": {}}
    current = None
    clip: list[float] | None = None
    for operands, operator in operations(pdf, index, "Card"):
        if operator == b"BDC" and operands and operands[0] == "/Card":
            current, clip = (str(operands[1]["/Side"])[1:], str(operands[1]["/ID"])), None
        elif current is not None and operator == b"re" and clip is None:
            clip = [float(v) / MM for v in operands]
        elif current is not None and operator == b"cm":
            assert clip is not None
            x, y = float(operands[4]) / MM, float(operands[5]) / MM
            bleed = x - clip[0]
            found[current[0]][current[1]] = (x, y, clip[2] - 2 * bleed, clip[3] - 2 * bleed)
            current = None
    return found


@pytest.mark.parametrize("game", ["casse-toi-pov-con", "edgar-et-lucien"])
def test_a_gutterfold_kit_folds_each_back_behind_its_front(game: str) -> None:
    """Single-sided, no blank sides: every page with card backs also has their fronts,
    each back the mirror image of its front about the middle of the page."""
    data = kit_bytes(game, duplex="gutterfold")
    pdf = reader(data)
    assert "gutterfold" in page_text(data, 0) and "Fold it along the dashed line" in \
        page_text(data, 1)
    assert "/Simplex" in str(pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"])
    folded = 0
    for index in range(len(pdf.pages)):
        sides = _sides(pdf, index)
        if not sides["back"]:
            continue
        folded += 1
        fold = float(pdf.pages[index].mediabox.height) / MM / 2
        assert sorted(sides["back"]) == sorted(sides["front"]), index + 1
        for card_id, (x, y, w, h) in sides["front"].items():
            bx, by, bw, bh = sides["back"][card_id]
            assert (bx, bw, bh) == pytest.approx((x, w, h), abs=0.01)
            # the mirror image about the fold: the back's top as far below the fold as
            # the front's bottom is above it
            assert fold - (by + bh) == pytest.approx(y - fold, abs=0.01)
            assert y - fold >= 1 + 2  # its bleed and clear paper round the fold line
        assert "Fold here" in page_text(data, index)
    assert folded > 3
    assert all("blank side" not in page_text(data, i) for i in range(len(pdf.pages)))
    checklist = page_text(data, 1)
    assert "Fold each sheet on its middle line" in checklist
    assert "a sheet holds 3 poker cards" in checklist


@pytest.mark.parametrize("game", kit_games())
def test_a_gutterfold_checklist_says_to_fold_never_to_print_double_sided(game: str) -> None:
    """Every row that says "double-sided" in a duplex kit says to fold instead."""
    checklist = page_text(kit_bytes(game, duplex="gutterfold"), 1)
    assert "double-sided" not in checklist
    assert "Fold it along the dashed line in the middle" in checklist
    duplex = page_text(kit_bytes(game), 2)
    rows = duplex.count("double-sided") - duplex.count("made for double-sided printing")
    assert checklist.lower().count("fold each sheet on its middle line") == rows


# ------------------------------------------------------------------ print shops


def test_a_print_shop_kit_has_3_mm_bleed_and_page_boxes() -> None:
    """``--bleed 3``: every card's art clipped 3 mm beyond its trim on every side, every
    page a TrimBox and a BleedBox (3 mm round the trim where cards are), and the checklist
    says so, and why the colours stay RGB."""
    data = kit_bytes("casse-toi-pov-con", bleed_mm=3.0)
    pdf = reader(data)
    cards = 0
    for index, page in enumerate(pdf.pages):
        assert "/TrimBox" in page and "/BleedBox" in page, index + 1
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        placed = card_placements(pdf, index)
        if not placed:
            assert bleed == trim == pytest.approx([float(v) / MM for v in page.mediabox])
            continue
        assert bleed == pytest.approx([trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3],
                                      abs=0.01)
        for x, y, (rx, ry, _, _) in placed.values():
            assert (x - rx, y - ry) == pytest.approx((3, 3), abs=0.01)
            assert trim[0] - 0.01 <= x <= trim[2] and trim[1] - 0.01 <= y <= trim[3]
            cards += 1
    assert cards > 60
    checklist = page_text(data, 2)
    assert "3 mm of bleed around every card, cards 6 mm apart" in checklist
    assert "RGB" in checklist
    # a home kit: no print-shop note, and its cards 2 mm apart with 1 mm of bleed
    assert "bleed around" not in page_text(kit_bytes("casse-toi-pov-con"), 2)


# ------------------------------------------------------------------ the check page


def test_a_kit_built_with_an_offset_says_so_on_its_check_page() -> None:
    """A reprinted check page must not invite adding the offset twice: both sides of it
    name the offset the kit is built with; the default kit's check page names none."""
    data = kit_bytes("casse-toi-pov-con", offset_mm=(1.5, -1.0))
    for index in (0, 1):
        text = page_text(data, index)
        assert "built with its backs moved by 1.5, -1 mm (--offset 1.5,-1)" in text, index
        assert "Do not add the offset again" in text
    plain = kit_bytes("casse-toi-pov-con")
    assert "--offset 1.5" not in page_text(plain, 0) + page_text(plain, 1)
    french = kit_bytes("casse-toi-pov-con", lang="fr", offset_mm=(1.5, -1.0))
    assert "décalés de 1.5, -1 mm" in page_text(french, 0)


# ------------------------------------------------------------------ the app


def test_the_checklist_qr_code_opens_a_new_table_of_the_game(tmp_path: Path) -> None:
    """Each kit's checklist carries one QR code: the companion's new-table page of the game
    in the kit's language, at the kit's base address; the page answers. (The kits the other
    tests read: built once a run.)"""
    base = ANY_ADDRESS
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "SECRET_KEY": "t"})
    client = app.test_client()
    for game in kit_games():
        lang = "fr" if game == "mourir-pour-le-rock" else "en"
        data = kit_bytes(game, base, lang=lang)
        pdf = reader(data)
        index = next(i for i in range(4) if "Checklist" in raw_text(pdf, i)
                     or "Liste du matériel" in raw_text(pdf, i))
        path = tmp_path / f"{game}.pdf"
        path.write_bytes(data)
        folder = tmp_path / game
        folder.mkdir()
        found = decode_qr(*render(path, folder, 150, first=index + 1, last=index + 1,
                                  gray=True))
        assert found == [f"{base}/new/{game}?lang={lang}"], game
        assert client.get(found[0].removeprefix(base)).status_code == 200, game
