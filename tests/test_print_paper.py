"""What a home printer needs of every kit, on every paper: nothing within 5 mm of an edge,
cards that survive a 1 mm mis-cut or duplex shift, pages that follow the duplex mode."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from print_glyphs import checked, drawn, opened
from print_pdf import (
    MM,
    card_placements,
    card_trims,
    kit_bytes,
    raw_text,
    reader,
    render,
    share_with_run,
)

from printables.build import kit_games
from printables.layout import EDGE_MM
from printables.text import BuildError

PAPERS = ("a4", "letter", "universal")
# The contrast audit's rendering: at 72 dpi each of the 286,000 glyphs of the ten kits (full
# colour and low ink) reads the ratio it reads at 100 dpi, in half the time.
CONTRAST_DPI = 72


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


def kit_pdf(game: str, paper: str, duplex: str = "long", low_ink: bool = False) -> bytes:
    return kit_bytes(game, paper=paper, duplex=duplex, low_ink=low_ink)


def beyond_the_page(page: Any) -> bool:
    """Something drawn wholly past an edge: a board tile turned across the sheet, its board
    beyond the top or the bottom (clipped; its pixels are checked below, as every page's)."""
    w, h = float(page.width), float(page.height)
    return any(float(ch["x1"]) < 0 or float(ch["x0"]) > w or float(ch["bottom"]) < 0
               or float(ch["top"]) > h for ch in page.chars) or any(
        float(ln["x0"]) < 0 or float(ln["x1"]) > w or float(ln["top"]) < 0
        or float(ln["bottom"]) > h for ln in page.lines)


def stroke_box(ln: dict[str, Any]) -> tuple[float, float, float, float]:
    """A straight stroke's box with the stroke's own width."""
    pad = float(ln.get("linewidth") or 0) / 2
    return (float(ln["x0"]) - pad, float(ln["top"]) - pad, float(ln["x1"]) + pad,
            float(ln["bottom"]) + pad)


def edge_offenders(page: Any, number: int, glyph_box: Any, edge: float
                   ) -> list[tuple[int, str, float, str]]:
    """(page, kind, mm from the edge, text) of each glyph and straight stroke nearer an
    edge than ``edge`` points, each glyph's box as ``glyph_box`` gives it."""
    if beyond_the_page(page):
        return []
    w, h = float(page.width), float(page.height)
    found = []
    for kind, objects, box_of in (("chars", page.chars, glyph_box),
                                  ("lines", page.lines, stroke_box)):
        for obj in objects:
            x0, top, x1, bottom = box_of(obj)
            near = min(x0, top, w - x1, h - bottom)
            if near < edge:
                found.append((number, kind, round(near / MM, 2), obj.get("text", "")))
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", kit_games())
def test_no_text_or_line_within_5_mm_of_an_edge(game: str, paper: str) -> None:
    """Every glyph and straight stroke as the PDF places it (as pdfminer reads it, at the
    cost of pdfium's reading: ``print_glyphs.checked``). A page that draws beyond itself is
    checked by its rendered pixels below."""
    edge = EDGE_MM * MM - 0.01
    offenders = checked(kit_pdf(game, paper), functools.partial(edge_offenders, edge=edge))
    assert not offenders[:20], offenders[:20]


@pytest.mark.parametrize("paper,duplex", [(paper, "long") for paper in PAPERS]
                         + [("a4", "short"), ("letter", "none"), ("letter", "gutterfold")])
@pytest.mark.parametrize("game", kit_games())
def test_nothing_printed_within_5_mm_of_an_edge(game: str, paper: str, duplex: str,
                                                tmp_path: Path) -> None:
    """The rendered pages: the 5 mm band along every edge is blank paper."""
    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(kit_pdf(game, paper, duplex))
    dpi = 50
    band = int(EDGE_MM / 25.4 * dpi) - 1  # whole pixels inside the band
    inked = []
    for number, image in enumerate(render(pdf, tmp_path, dpi, gray=True), start=1):
        ink = np.asarray(Image.open(image).convert("L")) < 250
        h, w = ink.shape
        # each column's first inked pixel in the top band then the bottom one
        rows = np.r_[0:band, h - band:h]
        bands = ink[rows, :]
        for x in np.flatnonzero(bands.any(axis=0)):
            inked.append((number, int(x), int(rows[bands[:, x].argmax()])))
        # each row's first inked pixel in the left band then the right one
        cols = np.r_[0:band, w - band:w]
        bands = ink[:, cols]
        for y in np.flatnonzero(bands.any(axis=1)):
            inked.append((number, int(cols[bands[y].argmax()]), int(y)))
    pages = sorted({p for p, _, _ in inked})
    assert not pages, f"ink within {EDGE_MM} mm of an edge on pages {pages}: {inked[:5]}"


def page_text(data: bytes, index: int) -> str:
    """The text pypdf extracts from one page (only the pages a test reads)."""
    return raw_text(reader(data), index)


@pytest.mark.parametrize("game", kit_games())
def test_single_sided_kits_say_to_glue_back_to_back(game: str) -> None:
    single = kit_pdf(game, "a4", "none")
    calibration = " ".join(page_text(single, 0).split())
    checklist = " ".join(page_text(single, 1).split())
    assert "single-sided" in calibration and "back to back" in calibration
    assert "double-sided" not in calibration
    assert "single-sided" in checklist and "double-sided" not in checklist
    assert "Glue each back sheet to its front sheet" in checklist
    duplex = " ".join(page_text(kit_pdf(game, "a4", "long"), 0).split())
    assert "double-sided printing, flipping on the long edge" in duplex


@pytest.mark.parametrize("paper,per_sheet", [("a4", 9), ("letter", 9), ("universal", 9)])
def test_the_checklist_says_how_many_cards_a_sheet_holds(paper: str, per_sheet: int) -> None:
    for game in kit_games():
        checklist = " ".join(page_text(kit_pdf(game, paper), 2).split())
        assert f"a sheet holds {per_sheet} poker cards" in checklist, game


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
            ) -> bool:
    """Two (x0, y0, x1, y1) rectangles share some area."""
    return a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3 \
        and b[1] < a[3] - 1e-3


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", kit_games())
def test_a_1_mm_miscut_shows_no_other_cards_art(game: str, paper: str) -> None:
    """On every sheet of fronts and of backs, no card paints within 1 mm of another card's
    trim: a cut 1 mm off, or a back shifted by 1 mm, shows that card's own art only."""
    pdf = reader(kit_pdf(game, paper))
    sheets = 0
    for index in range(len(pdf.pages)):
        placed = card_placements(pdf, index)
        if len(placed) < 2:
            continue
        sheets += 1
        trims, clips = {}, {}
        sizes = card_trims(pdf, index)
        for card_id, (x, y, (rx, ry, rw, rh)) in placed.items():
            w, h = sizes[card_id]
            # 1 mm on every side, but along the top and bottom of a Letter sheet's grid
            # (the paper's edge is there, no other card)
            bleed = min(x - rx, rx + rw - x - w, y - ry, ry + rh - y - h)
            assert bleed >= (0.6 if paper != "a4" else 1 - 0.05), (index + 1, card_id)
            assert min(x - rx, rx + rw - x - w) >= 1 - 0.05, (index + 1, card_id)
            trims[card_id] = (x - 1, y - 1, x + w + 1, y + h + 1)  # the 1 mm tolerance
            clips[card_id] = (rx, ry, rx + rw, ry + rh)
        for a, clip in clips.items():
            for b, trim in trims.items():
                assert a == b or not overlap(clip, trim), (index + 1, a, b)
    assert sheets > 3


@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
@pytest.mark.parametrize("game", kit_games())
def test_no_glyph_is_smaller_than_6_pt(game: str, lang: str) -> None:
    from printables.build import kit_languages

    if lang not in kit_languages(game):
        pytest.skip(f"{game} has no {lang} kit")
    small = []
    # the em size on the page, as pdfium reads it (print_glyphs: what pdfminer's box gives
    # across the baseline for upright and quarter-turned text; the em at any other angle)
    for index, page in enumerate(drawn(kit_bytes(game, None, paper="letter", lang=lang))):
        for ch in page.chars:
            if ch["size"] < 6 - 0.01 and ch["text"].strip():
                small.append((index + 1, round(ch["size"], 2), ch["text"]))
    assert not small[:10], small[:10]


def test_text_asked_below_6_pt_fails_the_build_naming_the_component() -> None:
    from printables.text import LATIN, TextTooSmall, fit, register_fonts

    register_fonts()
    with pytest.raises(TextTooSmall, match="Summary card: text set at 5.5 pt"):
        fit("Radio", LATIN.bold, 100, 100, size=5.5, min_size=4, component="Summary card")
    # a smaller minimum is raised to 6 pt: text that needs less is an overflow
    fitted = fit("Radio", LATIN.bold, 100, 100, size=8, min_size=3, component="x")
    assert fitted.size == 8
    with pytest.raises(BuildError, match="even at 6"):
        fit("Radio " * 30, LATIN.bold, 20, 8, size=8, min_size=3, component="x")



@pytest.mark.parametrize("low_ink", [False, True])
@pytest.mark.parametrize("game", kit_games())
def test_text_and_symbols_contrast_with_what_is_under_them(
        game: str, low_ink: bool, tmp_path: Path) -> None:
    """Every glyph's drawn colour against the rendered colour under it: text 4.5:1,
    symbols 3:1, in full colour and in low ink (bench/audit_contrast.py prints the same
    measure for any kit)."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from audit_contrast import low_contrast

    data = kit_pdf(game, "a4", "long", low_ink)
    found = low_contrast(data, tmp_path, 1, len(reader(data).pages), open_pdf=opened,
                         dpi=CONTRAST_DPI)
    assert not found, found[:15]


def test_the_contrast_audit_finds_pale_text_and_symbols(tmp_path: Path) -> None:
    """The audit at the tests' resolution: pale text and a pale symbol are found, small ones
    too; dark text on paper, white text on a dark disc and a symbol at 3:1 are not."""
    import io
    import sys

    from reportlab.lib.colors import HexColor
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from printables.text import LATIN, register_fonts

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    from audit_contrast import low_contrast

    register_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)

    def write(x: float, y: float, text: str, colour: str, size: float = 10) -> None:
        canvas.setFont(LATIN.regular, size)
        canvas.setFillColor(HexColor(colour))
        canvas.drawString(x, y, text)

    write(60, 700, "Pale", "#aaaaaa")  # 2.3:1 on paper
    write(60, 650, "Small", "#b0b0b0", size=6)  # 2.1:1, at 6 pt
    write(60, 600, "★", "#aaaaaa", size=14)  # a symbol at 2.3:1
    write(60, 550, "Dark", "#222222")
    write(60, 500, "★", "#949494", size=14)  # a symbol at 3.0:1: enough for a symbol
    canvas.setFillColor(HexColor("#202060"))
    canvas.circle(200, 404, 30, stroke=0, fill=1)
    write(186, 400, "On", "#ffffff")  # white on the dark disc
    canvas.save()
    found = low_contrast(out.getvalue(), tmp_path, 1, 1, open_pdf=opened, dpi=CONTRAST_DPI)
    assert sorted({text for _, text, _ in found}) == sorted(set("PaleSmall★")), found
    assert all(ratio < 2.5 for _, _, ratio in found), found


def test_legible_shades_reach_their_ratio() -> None:
    from printables.layout import contrast_ratio, legible

    for colour in ("#e08a1e", "#e0a800", "#3a9d5d", "#ffffff", "#123456"):
        assert contrast_ratio(legible(colour), "#ffffff") >= 4.5
        assert contrast_ratio(legible(colour, ratio=3.0), "#ffffff") >= 3.0
    assert legible("#123456") == "#123456"  # dark enough already: unchanged


@pytest.mark.parametrize("game", kit_games())
def test_low_ink_has_no_large_dark_area(game: str, tmp_path: Path) -> None:
    """In full colour some backs are dark all over (Manigance backs, about 60 % ink); in
    low ink every page, those backs included, is a light variant: outlines and coloured
    text on white paper, no page above 20 % ink."""
    from PIL import ImageStat

    pdf = tmp_path / "kit.pdf"
    pdf.write_bytes(kit_pdf(game, "a4", "long", True))
    coverage = [1 - ImageStat.Stat(Image.open(image).convert("L")).mean[0] / 255
                for image in render(pdf, tmp_path, 20, gray=True)]
    assert max(coverage) <= 0.2, [(n + 1, round(v, 2)) for n, v in enumerate(coverage)
                                  if v > 0.2]
    colour = tmp_path / "colour.pdf"
    colour.write_bytes(kit_pdf(game, "a4"))
    (tmp_path / "colour").mkdir()
    dark = [1 - ImageStat.Stat(Image.open(image).convert("L")).mean[0] / 255
            for image in render(colour, tmp_path / "colour", 20, gray=True)]
    assert max(dark) > max(coverage)  # the measure sees the dark pages of full colour
