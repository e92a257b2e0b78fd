"""pdfium's reading of a kit (``print_glyphs``, what the checks of every glyph read) held to
pdfminer's (pdfplumber's, what they read before), glyph by glyph, on the largest kit: a
check that passes on pdfium's reading passes on pdfminer's."""

from __future__ import annotations

import io
import math
from collections import defaultdict
from typing import Any

import numpy as np
import pytest
from print_glyphs import checked, drawn, plain, reach
from print_pdf import MM, kit_bytes, plumbed, share_with_run

# Edgar & Lucien's kit on A4, the largest (51 pages, 60,000 glyphs, read by pdfminer for its
# own tests in the same run), whose TrueType fonts' widths pdfium rounds (the slack is needed
# there), and a Korean kit (its CID fonts give their widths otherwise)
KITS = [("edgar-et-lucien", {"paper": "a4"}, True),
        ("storm-candidate", {"paper": "a4", "lang": "ko"}, False)]
EPS = 0.02  # points: pdfium's boxes are single-precision floats


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


def pdfminer_em(ch: dict) -> float:
    """The em size on the page from pdfminer's box: the box is the glyph's advance by one em
    (above its descent), turned and scaled by the glyph's matrix, so its extent across the
    baseline is scale x (advance x sin + em x cos). Upright, that is the box's height; a
    quarter turn, its width (what the 6 pt check read before)."""
    a, b, _, _, _, _ = ch["matrix"]
    scale = math.hypot(a, b)
    cos, sin = abs(a) / scale, abs(b) / scale
    advance = float(ch["adv"]) * scale
    if cos >= sin:
        return (float(ch["height"]) - advance * sin) / cos
    return (float(ch["width"]) - advance * cos) / sin


def strokes(lines: list[dict]) -> np.ndarray:
    """Straight strokes as rows (x0, top, x1, bottom, width), in one order."""
    rows = sorted((float(ln["x0"]), float(ln["top"]), float(ln["x1"]), float(ln["bottom"]),
                   float(ln.get("linewidth") or 0)) for ln in lines)
    return np.array(rows).reshape(-1, 5)


@pytest.mark.parametrize("game,settings,rounded", KITS)
def test_every_glyph_pdfminer_reads_is_within_its_pdfium_reach(
        game: str, settings: dict, rounded: bool) -> None:
    data = kit_bytes(game, **settings)
    pages = drawn(data)
    needed_slack = compared = 0
    with plumbed(data) as pdf:
        assert len(pdf.pages) == len(pages)
        for number, (page, ours) in enumerate(zip(pdf.pages, pages, strict=True), start=1):
            assert (float(page.width), float(page.height)) == pytest.approx(
                (ours.width, ours.height))
            theirs = [ch for ch in page.chars if ch["text"].strip()]
            glyphs = [ch for ch in ours.chars if ch["text"].strip()]
            assert sorted(ch["text"] for ch in theirs) == sorted(ch["text"] for ch in glyphs), \
                number
            # pdfium folds a run of spaces into one: never more spaces than pdfminer
            assert sum(ch["text"].isspace() for ch in ours.chars) <= sum(
                ch["text"].isspace() for ch in page.chars)
            by_text: dict[str, list[dict]] = defaultdict(list)
            for ch in glyphs:
                by_text[ch["text"]].append(ch)
            boxes = {t: np.array([reach(ch) for ch in group]) for t, group in by_text.items()}
            plain = {t: np.array([(ch["x0"], ch["top"], ch["x1"], ch["bottom"])
                                  for ch in group]) for t, group in by_text.items()}
            for ch in theirs:
                box = np.array([ch["x0"], ch["top"], ch["x1"], ch["bottom"]], dtype=float)
                held = ((boxes[ch["text"]][:, :2] <= box[:2] + EPS).all(axis=1)
                        & (boxes[ch["text"]][:, 2:] >= box[2:] - EPS).all(axis=1))
                # the nearest glyph of that text whose reach holds it: same size, colour
                near = np.abs(plain[ch["text"]] - box).max(axis=1)
                assert held.any(), (number, ch["text"], box.round(2).tolist(),
                                    plain[ch["text"]][near.argmin()].round(2).tolist())
                index = int(np.flatnonzero(held)[near[held].argmin()])
                mine = by_text[ch["text"]][index]
                assert mine["size"] == pytest.approx(pdfminer_em(ch), abs=0.01), number
                colour = ch["non_stroking_color"]
                rgb = tuple(colour) * 3 if len(colour) == 1 else tuple(colour)
                assert mine["non_stroking_color"] == pytest.approx(rgb, abs=1 / 255), number
                unreached = plain[ch["text"]][index]
                needed_slack += not ((unreached[:2] <= box[:2] + EPS).all()
                                     and (unreached[2:] >= box[2:] - EPS).all())
                compared += 1
            # the straight strokes: the same, end for end, with their width
            assert np.allclose(strokes(page.lines), strokes(ours.lines), atol=EPS), number
    assert compared > 10_000
    if rounded:  # the slack is what holds some of them: pdfium's boxes alone would miss them
        assert needed_slack > 100, needed_slack


def right_aligned(end_mm: float) -> bytes:
    """An A4 page whose one long line of DejaVu Sans (widths pdfium rounds) ends ``end_mm``
    from the right edge, as ReportLab sets it."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    from printables.text import LATIN, register_fonts

    register_fonts()
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    canvas.setFont(LATIN.regular, 12)
    canvas.drawRightString(A4[0] - end_mm * MM, 400, "Print at 100 % (actual size), "
                           "without scaling, then measure the square before you cut.")
    canvas.save()
    return out.getvalue()


def within_5_mm_of_the_right(page: Any, number: int, glyph_box: Any) -> list[tuple[int, str]]:
    return [(number, ch["text"]) for ch in page.chars
            if ch["text"].strip() and float(page.width) - glyph_box(ch)[2] < 5 * MM - 0.01]


def test_a_page_pdfium_cannot_clear_is_decided_by_pdfminer() -> None:
    """A line that ends at 5 mm exactly: within its reach pdfium cannot clear it, pdfminer
    (placing its glyphs by the font's exact widths) does; one ending at 4.9 mm is found."""
    exact = right_aligned(5.0)
    assert within_5_mm_of_the_right(drawn(exact)[0], 1, reach)  # too close to tell
    assert not within_5_mm_of_the_right(drawn(exact)[0], 1, plain)  # pdfium's own boxes
    assert checked(exact, within_5_mm_of_the_right) == []
    assert checked(right_aligned(4.9), within_5_mm_of_the_right) == [(1, ".")]
    assert checked(right_aligned(5.5), within_5_mm_of_the_right) == []
