"""The print engine on its own: paper, card grids, mirrored backs, crop marks, tiling,
text fitting, glyph checks and vector QR codes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from print_pdf import MM, card_placements, decode_qr, page_size_mm, plumbed, reader, render
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printables.layout import (
    CARD_SIZES_MM,
    Card,
    CardBox,
    Document,
    PrintSettings,
    back_position,
    card_grid,
    fit_grid,
    plan_tiles,
)
from printables.qr import draw_qr
from printables.text import (
    LATIN,
    BuildError,
    MissingGlyph,
    TextOverflow,
    check_glyphs,
    fit,
    text_box,
)

TEXTS = {"page_of": "page {n} of {m}", "kit": "kit {v}", "blank": "blank", "backs": "backs",
         "back_of": "behind page {n}",
         "print_100": "print at 100 %", "tile": "Tile {name} of {count}",
         "tile_left": "trim left;", "tile_top": "trim top;",
         "tile_overlap": "overlap {mm} mm.", "fold_here": "Fold here"}


def texts(key: str) -> str:
    return TEXTS[key]


def plain(c: Canvas, box: CardBox) -> None:
    c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed,
           stroke=0, fill=1)


def cards(n: int, backs: bool = True) -> list[Card]:
    return [Card(f"c{i}", plain, plain if backs else None) for i in range(n)]


def pdf_of(doc: Document) -> bytes:
    buf = io.BytesIO()
    doc.render(buf)
    return buf.getvalue()


@pytest.mark.parametrize(("paper", "size"), [
    ("a4", (210.0, 297.0)), ("letter", (215.9, 279.4)), ("universal", (210.0, 279.4)),
])
def test_page_sizes_are_exact(paper: str, size: tuple[float, float]) -> None:
    doc = Document("Game", "1", PrintSettings(paper=paper), texts)
    doc.add_cards(cards(3), CARD_SIZES_MM["poker"], component="Cards")
    pdf = reader(pdf_of(doc))
    for i in range(len(pdf.pages)):
        w, h = page_size_mm(pdf, i)
        assert w == pytest.approx(size[0], abs=0.01)
        assert h == pytest.approx(size[1], abs=0.01)


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_poker_cards_per_sheet_centred_clear_of_the_edge(paper: str) -> None:
    """9 poker cards on every paper, 2 mm apart. A4 has the bleed and the crop marks 5 mm
    clear of the edge all round; Letter's 279.4 mm (and universal's) hold the third row
    only without the marks above and below the grid: 3 x 88 + 2 x 2 = 268 mm leaves 5.7 mm
    a side, 0.65 mm of bleed before the 5 mm edge."""
    s = PrintSettings(paper=paper)
    page_w, page_h = s.page_size
    grid = card_grid(s, 63 * mm, 88 * mm)
    assert (grid.cols, grid.rows) == (3, 3)
    assert grid.x0 / mm == pytest.approx((page_w / mm - 63 * 3 - 2 * 2) / 2, abs=0.05)
    assert grid.y0 / mm == pytest.approx((page_h / mm - 88 * 3 - 2 * 2) / 2, abs=0.05)
    # the bleed, the shortest crop marks and the 5 mm edge stay on the paper
    room = (grid.bleed + 0.5 * mm + 1.5 * mm + 5 * mm) - 1e-6
    assert grid.x0 >= room
    left, bottom, right, top = grid.bleed_sides(grid.capacity - 1)
    assert (left, right) == (pytest.approx(1 * mm), pytest.approx(1 * mm))
    if paper == "a4":
        assert not grid.tight and grid.y0 >= room and bottom == pytest.approx(1 * mm)
    else:
        assert grid.tight
        assert bottom == grid.bleed_sides(0)[3] == pytest.approx(0.65 * mm)
        assert top == pytest.approx(1 * mm)
        assert grid.y0 - bottom >= 5 * mm
        # inside the grid every card keeps its 1 mm into its half of the gutter
        assert grid.bleed_sides(4) == pytest.approx((1 * mm,) * 4)
    # the old rule, marks all round, gives Letter only two rows
    assert fit_grid(s.page_size, 63 * mm, 88 * mm, bleed=1 * mm,
                    gutter=2 * mm).rows == (3 if paper == "a4" else 2)


def test_a_tight_sheet_puts_the_vertical_cuts_marks_in_the_gutters() -> None:
    """On Letter no mark above or below the grid (no room before the 5 mm edge): each
    vertical cut has a mark in each gutter between two rows, clear of both trims."""
    doc = Document("Game", "1", PrintSettings(paper="letter"), texts)
    grid = doc.add_cards(cards(9), CARD_SIZES_MM["poker"], component="Cards")
    with plumbed(pdf_of(doc), [0]) as pdf:
        page = pdf.pages[0]
        h = float(page.height)
        vertical = [ln for ln in page.lines if abs(ln["x1"] - ln["x0"]) < 0.01]
    xs, _ = grid.cuts()
    gutters = [(grid.y0 + r * 88 * mm + (r - 1) * 2 * mm, grid.y0 + r * (88 + 2) * mm)
               for r in (1, 2)]
    found = sorted((round(ln["x0"], 2), round(h - ln["bottom"], 2)) for ln in vertical)
    assert found == sorted((round(x, 2), round(low + 0.3 * mm, 2)) for x in xs
                           for low, _ in gutters)
    for ln in vertical:
        assert any(low < h - ln["bottom"] < h - ln["top"] < high for low, high in gutters)


def test_card_grid_positions_and_sizes_in_the_pdf_to_a_tenth_of_a_mm() -> None:
    doc = Document("Game", "1", PrintSettings(paper="a4"), texts)
    doc.add_cards(cards(9), CARD_SIZES_MM["poker"], component="Cards")
    placed = card_placements(reader(pdf_of(doc)), 0)
    assert len(placed) == 9
    for i in range(9):
        row, col = divmod(i, 3)
        x, y, (rx, ry, rw, rh) = placed[f"c{i}"]
        # 2 mm gutters: (210 - 189 - 4) / 2 and (297 - 264 - 4) / 2
        assert x == pytest.approx(8.5 + 65 * col, abs=0.1)
        assert y == pytest.approx(14.5 + 90 * (2 - row), abs=0.1)
        # clip = trim box plus each card's own 1 mm bleed, on every side
        assert (rx, ry) == (pytest.approx(x - 1, abs=0.1), pytest.approx(y - 1, abs=0.1))
        assert rw == pytest.approx(65.0, abs=0.1)
        assert rh == pytest.approx(90.0, abs=0.1)


def test_a_gutter_gives_every_card_its_full_bleed() -> None:
    grid = fit_grid((210 * mm, 297 * mm), 63 * mm, 88 * mm, bleed=3 * mm, gutter=6 * mm)
    for i in range(grid.capacity):
        assert grid.bleed_sides(i) == pytest.approx((3 * mm,) * 4)


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_back_pages_mirror_their_fronts(duplex: str) -> None:
    s = PrintSettings(duplex=duplex, offset_mm=(1.5, -0.5))
    doc = Document("Game", "1", s, texts)
    doc.add_cards(cards(7), CARD_SIZES_MM["poker"], component="Cards")
    pdf = reader(pdf_of(doc))
    fronts, backs = card_placements(pdf, 0), card_placements(pdf, 1)
    assert sorted(fronts) == sorted(backs) == sorted(f"c{i}" for i in range(7))
    for card_id, (x, y, _) in fronts.items():
        bx, by, _ = backs[card_id]
        if duplex == "long":
            assert bx == pytest.approx(210 - x - 63 + 1.5, abs=0.1)
            assert by == pytest.approx(y - 0.5, abs=0.1)
        else:
            assert bx == pytest.approx(x + 1.5, abs=0.1)
            assert by == pytest.approx(297 - y - 88 - 0.5, abs=0.1)


def test_back_position_is_its_own_inverse_without_offset() -> None:
    s = PrintSettings()
    x, y = back_position(20 * mm, 30 * mm, 63 * mm, 88 * mm, s.page_size, s)
    assert back_position(x, y, 63 * mm, 88 * mm, s.page_size, s) == pytest.approx(
        (20 * mm, 30 * mm))


def test_single_sided_sheets_get_a_blank_back_in_duplex_only() -> None:
    for duplex, pages in (("long", 2), ("none", 1)):
        doc = Document("Game", "1", PrintSettings(duplex=duplex), texts)
        doc.add_cards(cards(4, backs=False), CARD_SIZES_MM["poker"], component="Cards")
        assert len(doc.pages) == pages


def test_backs_can_go_to_a_separate_document() -> None:
    s = PrintSettings(backs_separate=True)
    doc = Document("Game", "1", s, texts)
    backs = Document("Game", "1", s, texts)
    doc.add_cards(cards(12), CARD_SIZES_MM["poker"], component="Cards", backs=backs)
    assert [p.side for p in doc.pages] == ["front", "front"]
    assert [p.side for p in backs.pages] == ["back", "back"]
    assert [p.component for p in backs.pages] == ["Cards (backs) · behind page 1",
                                                  "Cards (backs) · behind page 2"]


def test_viewer_preferences_ask_for_no_scaling_and_duplex() -> None:
    for duplex, name in (("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"),
                         ("none", "/Simplex")):
        doc = Document("Game", "1", PrintSettings(duplex=duplex), texts)
        doc.add_cards(cards(1), CARD_SIZES_MM["poker"], component="Cards")
        prefs = reader(pdf_of(doc)).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None"
        assert prefs["/Duplex"] == name


def test_invalid_settings_are_build_errors() -> None:
    with pytest.raises(BuildError, match="paper"):
        PrintSettings(paper="a3")
    with pytest.raises(BuildError, match="duplex"):
        PrintSettings(duplex="both")
    with pytest.raises(BuildError, match="offset"):
        PrintSettings(offset_mm=(0, 25))


def test_a_card_larger_than_the_paper_is_refused() -> None:
    with pytest.raises(BuildError, match="tile it"):
        fit_grid((210 * mm, 297 * mm), 300 * mm, 400 * mm, bleed=3 * mm)


def test_boards_larger_than_a_sheet_are_tiled_with_overlap(tmp_path: Path) -> None:
    s = PrintSettings(duplex="none")
    page = s.page_size
    tiles = plan_tiles(page, 400 * mm, 300 * mm, 12 * mm)
    assert len(tiles) == tiles[0].rows * tiles[0].cols > 1
    # every board point is on some tile, and neighbours share exactly the overlap
    for tile in tiles:
        right = [t for t in tiles if t.row == tile.row and t.col == tile.col + 1]
        if right:
            assert tile.bx + tile.width - right[0].bx == pytest.approx(12 * mm)
        below = [t for t in tiles if t.col == tile.col and t.row == tile.row + 1]
        if below:
            assert below[0].by + below[0].height - tile.by == pytest.approx(12 * mm)
        assert tile.px >= 0 and tile.px + tile.width <= page[0]
        assert tile.py >= 0 and tile.py + tile.height <= page[1]
    assert max(t.bx + t.width for t in tiles) == pytest.approx(400 * mm)
    assert min(t.by for t in tiles) == pytest.approx(0)
    assert max(t.by + t.height for t in tiles) == pytest.approx(300 * mm)

    def board(c: Canvas) -> None:
        c.setFillColorRGB(0.8, 0.9, 1)
        c.rect(0, 0, 400 * mm, 300 * mm, stroke=1, fill=1)

    doc = Document("Game", "1", s, texts)
    doc.add_board(400, 300, board, component="Board")
    assert len(doc.pages) == len(tiles)
    path = tmp_path / "board.pdf"
    doc.write(path)
    assert len(render(path, tmp_path, 20)) == len(tiles)


def test_text_shrinks_to_fit_then_overflow_names_the_component() -> None:
    fitted = fit("A rather long line of text", LATIN.regular, 40 * mm, 5 * mm, size=12,
                 min_size=5, component="Test card")
    assert 5 <= fitted.size < 12 and len(fitted.lines) == 1
    with pytest.raises(TextOverflow, match="Test card") as info:
        fit("word " * 200, LATIN.regular, 40 * mm, 10 * mm, size=9, min_size=6,
            component="Test card")
    assert info.value.component == "Test card"


def test_text_box_draws_what_fit_decided() -> None:
    c = Canvas(io.BytesIO())
    fitted = text_box(c, "Hello", 0, 0, 50 * mm, 10 * mm, fonts=LATIN, size=10, min_size=6,
                      component="x")
    assert fitted.size == 10 and fitted.lines == ("Hello",)


def test_a_missing_glyph_fails_the_build() -> None:
    check_glyphs("Ségolène, François, Cécile — 100 %", LATIN.regular, "ok")
    check_glyphs("부자 할머니", "NanumGothic", "ok")
    with pytest.raises(MissingGlyph, match="U\\+BD80"):
        check_glyphs("부", LATIN.regular, "Korean in a Latin font")
    with pytest.raises(MissingGlyph, match="Summary"):
        fit("\u0e01", LATIN.regular, 50 * mm, 10 * mm, size=9, min_size=6, component="Summary")


def test_vector_qr_code_decodes(tmp_path: Path) -> None:
    url = "http://192.168.1.20:8000/rules/casse-toi-pov-con/scoring?lang=fr"
    path = tmp_path / "qr.pdf"
    c = Canvas(str(path), pagesize=(60 * mm, 60 * mm), invariant=1)
    draw_qr(c, url, 10 * mm, 10 * mm, 24 * mm, component="qr")
    c.save()
    assert b"/Subtype /Image" not in path.read_bytes()  # drawn as paths, not a bitmap
    png = render(path, tmp_path, 300)[0]
    assert decode_qr(png) == [url]


def test_a_qr_code_too_small_to_scan_is_refused() -> None:
    c = Canvas(io.BytesIO())
    with pytest.raises(BuildError, match="QR code"):
        draw_qr(c, "http://example.org/" + "x" * 200, 0, 0, 10 * mm, component="qr")


def solid(rgb: tuple[float, float, float]):  # type: ignore[no-untyped-def]
    def draw(c, box):  # type: ignore[no-untyped-def]
        c.setFillColorRGB(*rgb)
        c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed,
               stroke=0, fill=1)
    return draw


RED, BLUE = (1.0, 0.0, 0.0), (0.0, 0.0, 1.0)


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cuts_1_mm_off_show_only_the_cards_own_colour(duplex: str, paper: str,
                                                      tmp_path: Path) -> None:
    """Full-bleed cards in alternating colours (a red front has a blue back, and the reverse),
    rendered; each card's trim shifted 1 mm left, right, up and down is cut out of the
    pixels: it holds the card's own colour and white, never its neighbour's colour."""
    s = PrintSettings(paper=paper, duplex=duplex)
    doc = Document("Game", "1", s, texts)
    sheet = [Card(f"c{i}", solid(RED if i % 2 else BLUE), solid(BLUE if i % 2 else RED))
             for i in range(9)]
    doc.add_cards(sheet, CARD_SIZES_MM["poker"], component="Cards")
    path = tmp_path / "cards.pdf"
    path.write_bytes(pdf_of(doc))
    pdf = reader(path.read_bytes())
    dpi = 150
    pngs = render(path, tmp_path, dpi)
    px_mm = dpi / 25.4
    checked = 0
    for page, png in enumerate(pngs[:2]):
        img = Image.open(png).convert("RGB")
        _, page_h = page_size_mm(pdf, page)
        for card_id, (x, y, _) in card_placements(pdf, page).items():
            i = int(card_id[1:])
            own_is_red = (i % 2 == 1) == (page == 0)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                # shrink by one pixel: the shifted cut's own anti-aliased edge
                x0, x1 = x + dx + 0.2, x + dx + 63 - 0.2
                y0, y1 = y + dy + 0.2, y + dy + 88 - 0.2
                box = (round(x0 * px_mm), round((page_h - y1) * px_mm),
                       round(x1 * px_mm), round((page_h - y0) * px_mm))
                colours = img.crop(box).getcolors(maxcolors=1 << 20) or []
                for _, (r, g, b) in colours:
                    # red and blue are told apart by the channel that leads
                    foreign = b > r + 40 if own_is_red else r > b + 40
                    assert not foreign, (page + 1, card_id, (dx, dy), (r, g, b))
                checked += 1
    assert checked == 2 * len(sheet) * 4


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_gutterfold_mirrors_each_back_about_the_fold_line(paper: str) -> None:
    """Gutterfold: one page per sheet, the fronts on its top half, the fold line dashed
    across the middle with its label, each back the mirror image of its front about that
    line (same x, same distance below it), the offset of a duplex printer ignored."""
    s = PrintSettings(paper=paper, duplex="gutterfold", offset_mm=(2.0, -1.0))
    doc = Document("Game", "1", s, texts)
    doc.add_cards(cards(7), CARD_SIZES_MM["poker"], component="Cards")
    data = pdf_of(doc)
    pdf = reader(data)
    assert len(pdf.pages) == len(doc.pages) == 3  # 3 cards a sheet, fronts and backs together
    page_w, page_h = page_size_mm(pdf, 0)
    fold = page_h / 2
    placed = card_placements(pdf, 0)
    fronts = {k: v for k, v in placed.items()}
    with plumbed(data, [0]) as plumb:
        page = plumb.pages[0]
        text = page.extract_text()
        dashed = [ln for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01
                  and ln["x1"] - ln["x0"] > page_w * MM / 2]
    assert [round(float(page.height) - ln["top"], 2) for ln in dashed] == \
        [round(fold * MM, 2)]
    assert "Fold here" in text
    # the marked content names each card twice: front then back
    ops = [(o[0], o[1]) for o in _card_sides(pdf, 0)]
    assert [side for _, side in ops] == ["front"] * 3 + ["back"] * 3
    backs = _placements_by_side(pdf, 0, "back")
    assert sorted(backs) == sorted(fronts) == ["c0", "c1", "c2"]
    for card_id, (x, y, _) in _placements_by_side(pdf, 0, "front").items():
        bx, by, _ = backs[card_id]
        assert y > fold and y + 88 < page_h - 5
        assert bx == pytest.approx(x, abs=0.01)
        # the back's top is as far below the fold as the front's bottom is above it
        assert fold - (by + 88) == pytest.approx(y - fold, abs=0.01)
        assert y - fold >= 1 + 1  # the bleed and clear paper on each side of the fold
    # a single-sided printer: no duplex target on the check page, Simplex asked for
    assert not doc.padded
    assert "/Simplex" in str(pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"])


def _card_sides(pdf, index):  # type: ignore[no-untyped-def]
    from print_pdf import operations

    return [(str(ops[1]["/ID"]), str(ops[1]["/Side"])[1:])
            for ops, op in operations(pdf, index, "Card") if op == b"BDC"]


def _placements_by_side(pdf, index, side):  # type: ignore[no-untyped-def]
    """``card_placements`` of one side of a page that holds both (gutterfold)."""
    from print_pdf import operations

    found = {}
    current = None
    for operands, operator in operations(pdf, index, "Card"):
        if operator == b"BDC" and operands and operands[0] == "/Card":
            current = str(operands[1]["/ID"]) if str(operands[1]["/Side"]) == f"/{side}" \
                else None
        elif current is not None and operator == b"cm":
            found[current] = (float(operands[4]) / MM, float(operands[5]) / MM, None)
            current = None
    return found


def test_gutterfold_cards_without_backs_fill_the_page() -> None:
    """Tokens with no back are laid out as on any single-sided sheet: the fold is for
    fronts and backs only."""
    doc = Document("Game", "1", PrintSettings(duplex="gutterfold"), texts)
    one_sided = [Card(f"t{i}", lambda c, box: None) for i in range(9)]
    grid = doc.add_cards(one_sided, CARD_SIZES_MM["poker"], component="Tokens")
    assert grid.capacity == 9 and len(doc.pages) == 1


@pytest.mark.parametrize("duplex", ["long", "gutterfold"])
def test_a_print_shop_file_keeps_3_mm_of_bleed_and_sets_its_boxes(duplex: str) -> None:
    """``bleed_mm=3``: cards 6 mm apart, every card's art clipped 3 mm beyond its trim on
    every side, and every page's TrimBox the trim of its cards, its BleedBox 3 mm beyond."""
    s = PrintSettings(bleed_mm=3, duplex=duplex)
    assert s.print_shop and not PrintSettings().print_shop
    doc = Document("Game", "1", s, texts)
    grid = doc.add_cards(cards(7), CARD_SIZES_MM["poker"], component="Cards")
    assert grid.gutter == pytest.approx(6 * mm) and not grid.tight
    pdf = reader(pdf_of(doc))
    for index, page in enumerate(pdf.pages):
        trim = [float(v) / MM for v in page.trimbox]
        bleed = [float(v) / MM for v in page.bleedbox]
        assert bleed == pytest.approx([trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3],
                                      abs=0.01)
        placed = card_placements(pdf, index)
        for x, y, (rx, ry, rw, rh) in placed.values():
            assert (x - rx, y - ry, rw - 63, rh - 88) == pytest.approx((3, 3, 6, 6), abs=0.01)
            # every card inside the TrimBox, which is no larger than the cards' union
            assert trim[0] - 0.01 <= x and x + 63 <= trim[2] + 0.01
            assert trim[1] - 0.01 <= y and y + 88 <= trim[3] + 0.01
        if placed:
            # both sides of a gutterfold page (card_placements keeps each id's last)
            corners = list(placed.values()) + list(
                _placements_by_side(pdf, index, "front").values())
            xs = [x for x, _, _ in corners]
            ys = [y for _, y, _ in corners]
            assert (min(xs), min(ys), max(xs) + 63, max(ys) + 88) == pytest.approx(
                tuple(trim), abs=0.01)
