"""Edgar & Lucien's player pieces told apart without colour: each pawn standee and each
popularity marker carries its colour's mark, read back from the PDF and compared in
greyscale (red and blue print as one grey: 93 and 104)."""

from __future__ import annotations

from pathlib import Path

import pytest
from print_pdf import MM, kit_bytes, plumbed, share_with_run
from print_pieces import (
    grey_crops,
    mark_contrast,
    mean_grey,
    pages_named,
    text_in,
    texts_in,
    trim_boxes,
)

from companion.games.base import load_data
from printables.kits import edgar_et_lucien as kit
from printables.layout import PrintSettings

GAME = "edgar-et-lucien"
DATA = load_data(GAME)
COLOURS = DATA["players"]["colours"]
MARKER_MM = 13.0


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


@pytest.mark.parametrize("lang,low_ink", [("en", False), ("fr", True)])
def test_pawns_carry_their_colours_mark(lang: str, low_ink: bool, tmp_path: Path) -> None:
    data = kit_bytes(GAME, lang=lang, low_ink=low_ink)
    marks = kit.Kit(PrintSettings(lang=lang)).marks
    assert len(set(marks.values())) == len(COLOURS)
    (page,) = pages_named(data, kit.TEXTS["pawns"][lang])
    pawns = {k: v for k, v in trim_boxes(data, page).items() if k.startswith("pawn-")}
    assert len(pawns) == 2 * len(COLOURS)
    for ident, words in texts_in(data, page, pawns).items():
        # the figure twice, head to head: the mark on each
        assert words.count(marks[ident.split("-")[2]]) >= 2, (ident, words)
    # the lower figure's panel, above its base tab
    tab, panel = kit.PAWN_TAB_MM, (kit.PAWN[1] - 2 * kit.PAWN_TAB_MM) / 2
    crops = grey_crops(data, page, {k: (x, y + tab, w, panel)
                                    for k, (x, y, w, _) in pawns.items()}, tmp_path)
    for ident, crop in crops.items():
        assert mark_contrast(crop) > 60, ident


@pytest.mark.parametrize("lang,low_ink", [("en", False), ("fr", True)])
def test_popularity_markers_carry_their_colours_mark(lang: str, low_ink: bool,
                                                     tmp_path: Path) -> None:
    """One marker a colour (and the black tally marker): each with its colour's mark, the
    players' outlined in low ink."""
    data = kit_bytes(GAME, lang=lang, low_ink=low_ink)
    marks = kit.Kit(PrintSettings(lang=lang)).marks
    heading = kit.TEXTS["markers"][lang].split()[0]
    pages = pages_named(data, kit.TEXTS["wheels"][lang])
    with plumbed(data, pages) as pdf:
        (p,) = [pdf.pages[i] for i in pages if heading in (pdf.pages[i].extract_text() or "")]
        height = float(p.height) / MM
        circles = [(c["x0"] / MM, height - c["bottom"] / MM, (c["x1"] - c["x0"]) / MM,
                    (c["bottom"] - c["top"]) / MM) for c in p.curves
                   if abs((c["x1"] - c["x0"]) / MM - MARKER_MM) < 0.3]
        by_mark = {text_in(p, box).strip(): box for box in circles}
        page = p.page_number - 1
    assert len(circles) == len(COLOURS) + 1  # and the tally's, unmarked
    assert sorted(by_mark) == sorted([*marks.values(), ""])
    players = {m: by_mark[m] for m in marks.values()}
    crops = grey_crops(data, page, players, tmp_path)
    for a in players:
        assert mark_contrast(crops[a]) > 60, a
        if low_ink:
            assert mean_grey(crops[a]) > 170, a
