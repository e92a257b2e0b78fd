"""Card sheets: the grid of cards a page holds (tight on Letter, folded in gutterfold), where
each back goes, and drawing a sheet's cards with their bleed, crop marks, cut lines and the
footer placed clear of the marks. ``layout.Document.add_cards`` lays sheets out with these."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .paper import (
    CARD_GUTTER_MM,
    CROP_GAP,
    CROP_LENGTH,
    CROP_MIN,
    EDGE,
    FOLD_GAP_EXTRA,
    FOOTER_BASELINE,
    FOOTER_SIZE,
    MARK_MARGIN,
    TIGHT_BLEED_MIN,
    TIGHT_CARD_MIN,
    Card,
    CardBox,
    CardDraw,
    PrintSettings,
)
from .text import BuildError, fit, string_width, text_box


@dataclass(frozen=True)
class Grid:
    """Card slots on a page. Slot 0 is top-left; slots run left to right, top to bottom.
    ``x0``/``y0`` is the bottom-left corner of the grid's trim area."""

    cols: int
    rows: int
    card_w: float
    card_h: float
    gutter: float
    x0: float
    y0: float
    bleed: float
    edge_bleed_y: float | None = None
    """The bleed along the grid's top and bottom edge when less than ``bleed`` (a row gained
    without the top and bottom crop marks); their marks are then in the row gutters."""
    folded: bool = False
    """A gutterfold sheet's fronts: the top half of the page, the backs mirrored below."""

    @property
    def tight(self) -> bool:
        return self.edge_bleed_y is not None

    @property
    def capacity(self) -> int:
        return self.cols * self.rows

    @property
    def width(self) -> float:
        return self.cols * self.card_w + (self.cols - 1) * self.gutter

    @property
    def height(self) -> float:
        return self.rows * self.card_h + (self.rows - 1) * self.gutter

    def slot(self, index: int) -> tuple[float, float]:
        """Bottom-left corner of the trim box of slot ``index``."""
        row, col = divmod(index, self.cols)
        x = self.x0 + col * (self.card_w + self.gutter)
        y = self.y0 + self.height - (row + 1) * self.card_h - row * self.gutter
        return x, y

    def bleed_sides(self, index: int) -> tuple[float, float, float, float]:
        """How far the art of slot ``index`` may extend beyond its trim box on the left,
        bottom, right and top: the full bleed at the grid's edge, half the gutter inside."""
        row, col = divmod(index, self.cols)
        inner = min(self.bleed, self.gutter / 2)
        edge_y = self.bleed if self.edge_bleed_y is None else self.edge_bleed_y
        left = self.bleed if col == 0 else inner
        right = self.bleed if col == self.cols - 1 else inner
        top = edge_y if row == 0 else inner
        bottom = edge_y if row == self.rows - 1 else inner
        return left, bottom, right, top

    def cuts(self) -> tuple[list[float], list[float]]:
        """The x positions of vertical cuts and the y positions of horizontal cuts."""
        xs: set[float] = set()
        ys: set[float] = set()
        for col in range(self.cols):
            x = self.x0 + col * (self.card_w + self.gutter)
            xs.update((round(x, 4), round(x + self.card_w, 4)))
        for row in range(self.rows):
            y = self.y0 + row * (self.card_h + self.gutter)
            ys.update((round(y, 4), round(y + self.card_h, 4)))
        return sorted(xs), sorted(ys)


def fit_grid(
    page_size: tuple[float, float],
    card_w: float,
    card_h: float,
    *,
    bleed: float,
    gutter: float = 0.0,
    margin: float = MARK_MARGIN,
    count: int | None = None,
    tight: bool = False,
) -> Grid:
    """The largest grid of ``card_w`` x ``card_h`` cards that fits the page with the bleed
    and ``margin`` around it, centred on the page; with ``count`` cards that fit one
    sheet, only the rows they fill. ``tight``: a row more if it fits with no crop marks
    above and below the grid and at least ``TIGHT_BLEED_MIN`` of bleed there (the marks of
    the vertical cuts then go into the gutters between the rows)."""
    page_w, page_h = page_size
    cols = int((page_w - 2 * (bleed + margin) + gutter) // (card_w + gutter) + 1e-9)
    rows = int((page_h - 2 * (bleed + margin) + gutter) // (card_h + gutter) + 1e-9)
    edge_bleed_y = None
    # (a row long enough for the footer along the left margin: no room for it below)
    if tight and gutter > 0 and card_h >= TIGHT_CARD_MIN:
        edge = min(bleed, TIGHT_BLEED_MIN)
        more = int((page_h - 2 * (EDGE + edge) + gutter) // (card_h + gutter) + 1e-9)
        if more > rows >= 1 and (count is None or count > cols * rows):
            rows = more
            height = rows * card_h + (rows - 1) * gutter
            # what is left before the edge, less a hair for rounding
            edge_bleed_y = min(bleed, (page_h - height) / 2 - EDGE - 0.05 * mm)
    if count is not None and cols >= 1 and count < cols * rows:
        # one sheet is enough: no empty rows, so the cards sit in the middle of the page
        rows = max(1, math.ceil(count / cols))
    if cols < 1 or rows < 1:
        raise BuildError(
            f"a {card_w / mm:.1f} x {card_h / mm:.1f} mm card does not fit the paper; "
            "tile it as a board instead"
        )
    width = cols * card_w + (cols - 1) * gutter
    height = rows * card_h + (rows - 1) * gutter
    return Grid(cols, rows, card_w, card_h, gutter, (page_w - width) / 2,
                (page_h - height) / 2, bleed, edge_bleed_y)


def fold_gap(bleed: float) -> float:
    """Gutterfold: from the fold line to the nearest card's trim."""
    return bleed + FOLD_GAP_EXTRA


def gutterfold_grid(page_size: tuple[float, float], card_w: float, card_h: float, *,
                    bleed: float, gutter: float, count: int | None = None) -> Grid:
    """The fronts' grid of a gutterfold sheet: the top half of the page, from
    ``fold_gap`` above the fold line (the page's middle) up to the crop marks' margin;
    the backs are its mirror image about the fold line (``back_position``)."""
    page_w, page_h = page_size
    half = page_h / 2 - fold_gap(bleed)
    cols = int((page_w - 2 * (bleed + MARK_MARGIN) + gutter) // (card_w + gutter) + 1e-9)
    rows = int((half - bleed - MARK_MARGIN + gutter) // (card_h + gutter) + 1e-9)
    if cols < 1 or rows < 1:
        raise BuildError(f"a {card_w / mm:.1f} x {card_h / mm:.1f} mm card does not fit "
                         "half the paper: print it double-sided instead of gutterfold")
    if count is not None:
        rows = min(rows, max(1, math.ceil(count / cols)))
    width = cols * card_w + (cols - 1) * gutter
    return Grid(cols, rows, card_w, card_h, gutter, (page_w - width) / 2,
                page_h / 2 + fold_gap(bleed), bleed, folded=True)


def card_grid(settings: PrintSettings, card_w: float, card_h: float, gutter_mm: float = 0.0,
              count: int | None = None, two_sided: bool = True) -> Grid:
    """The grid a sheet of these cards gets with these settings: 2 mm apart for a home
    print, twice the bleed for a print shop; the top half of the page in gutterfold (a
    card larger than half the page gets a whole page, its backs the next page to glue on,
    as single-sided: ``Grid.folded`` says which)."""
    gutter = max(gutter_mm, CARD_GUTTER_MM, 2 * settings.bleed_mm) * mm
    bleed = min(settings.bleed, gutter / 2)
    if settings.folded and two_sided:
        try:
            return gutterfold_grid(settings.page_size, card_w, card_h, bleed=bleed,
                                   gutter=gutter, count=count)
        except BuildError:
            pass
    return fit_grid(settings.page_size, card_w, card_h, bleed=bleed, gutter=gutter,
                    count=count, tight=not settings.print_shop)


def back_position(
    x: float, y: float, w: float, h: float, page_size: tuple[float, float], settings: PrintSettings
) -> tuple[float, float]:
    """Where the back of a card whose front trim box is at (x, y) goes on the back page."""
    page_w, page_h = page_size
    dx, dy = settings.offset_mm[0] * mm, settings.offset_mm[1] * mm
    if settings.folded:
        # mirrored about the fold line across the middle; no printer shifts a fold
        return x, page_h - y - h
    if settings.duplex == "short":
        return x + dx, page_h - y - h + dy
    # long-edge flip, and simplex sheets glued back to back, turn over the long edge
    return page_w - x - w + dx, y + dy


def _sheet_drawer(
    sheet: Sequence[Card], grid: Grid, page_size: tuple[float, float], s: PrintSettings, side: str
) -> Callable[[Canvas], None]:
    def draw(c: Canvas) -> None:
        for index, card in enumerate(sheet):
            art = card.front if side == "front" else card.back
            x, y = grid.slot(index)
            left, bottom, right, top = grid.bleed_sides(index)
            if side == "back":
                x, y = back_position(x, y, grid.card_w, grid.card_h, page_size, s)
                if s.duplex in ("short", "gutterfold"):
                    bottom, top = top, bottom
                else:
                    left, right = right, left
            if art is None:
                continue
            place_card(c, art, card.id, side, x, y, grid.card_w, grid.card_h,
                       (left, bottom, right, top), s, bleed=grid.bleed)
        # gutterfold: no mark towards the fold, where the other side's cards are
        # the marks below the grid are drawn with the footer, which knows where its text is
        draw_crop_marks(c, grid, page_size, s, side,
                        outer_only=s.folded and grid.y0 > page_size[1] / 2, part="rest")
        if s.cut_lines:
            draw_cut_lines(c, grid, page_size, s, side)
    return draw


def folded_sheet_drawer(sheet: Sequence[Card], grid: Grid, page_size: tuple[float, float],
                        s: PrintSettings, label: str) -> Callable[[Canvas], None]:
    """A gutterfold sheet: the fronts above the fold line, their backs mirrored below it,
    the fold line dashed across the page with what to do written along it."""
    fronts = _sheet_drawer(sheet, grid, page_size, s, "front")
    backs = _sheet_drawer(sheet, grid, page_size, s, "back")

    def draw(c: Canvas) -> None:
        fronts(c)
        backs(c)
        page_w, page_h = page_size
        fold = page_h / 2
        c.saveState()
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        c.setDash(4, 2)
        c.line(EDGE + 0.5 * mm, fold, page_w - EDGE - 0.5 * mm, fold)
        c.restoreState()
        c.saveState()
        c.setFillColorRGB(0.2, 0.2, 0.2)
        room = fold_gap(grid.bleed) - grid.bleed
        text_box(c, label, grid.x0, fold + 0.6 * mm, grid.width, room - 0.8 * mm,
                 fonts=s.fonts, size=6.5, min_size=6, component=label, max_lines=1,
                 valign="bottom", align="center")
        c.restoreState()
    return draw


def _sheet_trim(grid: Grid, count: int, page_size: tuple[float, float], s: PrintSettings,
                sides: Sequence[str] = ("front",)) -> tuple[float, float, float, float]:
    """The rectangle round the trim of a sheet's ``count`` cards on these sides."""
    boxes = []
    for index in range(count):
        x, y = grid.slot(index)
        for side in sides:
            bx, by = (x, y) if side == "front" else back_position(
                x, y, grid.card_w, grid.card_h, page_size, s)
            boxes.append((bx, by, bx + grid.card_w, by + grid.card_h))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def place_card(
    c: Canvas, art: CardDraw, card_id: str, side: str, x: float, y: float, w: float, h: float,
    bleed_sides: tuple[float, float, float, float], s: PrintSettings,
    bleed: float | None = None,
) -> None:
    """Draw one card's art with its trim box at (x, y), clipped to its bleed area;
    ``bleed`` is what the art is told to fill (the settings' bleed by default)."""
    left, bottom, right, top = bleed_sides
    c._code.append(f"/Card <</ID ({card_id}) /Side /{side} "  # noqa: SLF001
                   f"/Trim [{w:.3f} {h:.3f}]>> BDC")
    c.saveState()
    clip = c.beginPath()
    clip.rect(x - left, y - bottom, w + left + right, h + bottom + top)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(x, y)
    art(c, CardBox(w, h, s.bleed if bleed is None else bleed, s.safe, s))
    c.restoreState()
    c._code.append("EMC")  # noqa: SLF001


def _mirror_grid(grid: Grid, page_size: tuple[float, float], s: PrintSettings,
                 side: str) -> tuple[list[float], list[float], tuple[float, float, float, float]]:
    """Cut positions and the grid's trim rectangle on this side of the sheet."""
    xs, ys = grid.cuts()
    x0, y0, x1, y1 = grid.x0, grid.y0, grid.x0 + grid.width, grid.y0 + grid.height
    if side == "back":
        page_w, page_h = page_size
        dx, dy = s.offset_mm[0] * mm, s.offset_mm[1] * mm
        if s.folded:
            dx = dy = 0.0
        if s.duplex in ("short", "gutterfold"):
            ys = sorted(page_h - y + dy for y in ys)
            xs = [x + dx for x in xs]
            y0, y1 = page_h - y1 + dy, page_h - y0 + dy
            x0, x1 = x0 + dx, x1 + dx
        else:
            xs = sorted(page_w - x + dx for x in xs)
            ys = [y + dy for y in ys]
            x0, x1 = page_w - x1 + dx, page_w - x0 + dx
            y0, y1 = y0 + dy, y1 + dy
    return xs, ys, (x0, y0, x1, y1)


def draw_crop_marks(c: Canvas, grid: Grid, page_size: tuple[float, float], s: PrintSettings,
                    side: str, outer_only: bool = False, part: str = "all",
                    clear: tuple[float, float, float] | None = None) -> None:
    """Short lines in the margin, in line with every cut, outside the bleed and never
    within ``EDGE`` of the paper's edge (shortened to fit, down to ``CROP_MIN``). A tight
    grid (``Grid.tight``) has the vertical cuts' marks in the gutters between its rows
    instead. ``outer_only`` (gutterfold): none on the side of the fold. ``part``: "all",
    "bottom" (the marks below the grid only) or "rest" (all but those). ``clear`` (x0, x1,
    top): the bottom marks between x0 and x1 stop above ``top`` (the footer's text), or are
    left out when what remains is shorter than ``CROP_MIN``."""
    xs, ys, (x0, y0, x1, y1) = _mirror_grid(grid, page_size, s, side)
    page_w, page_h = page_size
    start = grid.bleed + CROP_GAP
    half = 0.15  # half the line width: the stroke's own extent
    top = min(y1 + start + CROP_LENGTH, page_h - EDGE - half)
    bottom = max(y0 - start - CROP_LENGTH, EDGE + half)
    left = max(x0 - start - CROP_LENGTH, EDGE + half)
    right = min(x1 + start + CROP_LENGTH, page_w - EDGE - half)
    c.saveState()
    c.setLineWidth(2 * half)
    c.setLineCap(0)
    c.setStrokeColorRGB(0, 0, 0)
    fold = page_h / 2
    for x in xs:
        if part != "bottom" and top > y1 + start and not (outer_only and y1 < fold):
            c.line(x, y1 + start, x, top)
        end = bottom
        if clear is not None and clear[0] <= x <= clear[1]:
            end = max(bottom, clear[2])
        if part != "rest" and end < y0 - start - (CROP_MIN if end > bottom else 0) \
                and not (outer_only and y0 > fold):
            c.line(x, y0 - start, x, end)
        if part == "bottom":
            continue
        if grid.tight:
            # in each gutter between two rows, clear of both trims
            for row in range(1, grid.rows):
                low = y0 + row * grid.card_h + (row - 1) * grid.gutter
                c.line(x, low + 0.3 * mm, x, low + grid.gutter - 0.3 * mm)
    for y in ys if part != "bottom" else ():
        if left < x0 - start:
            c.line(x0 - start, y, left, y)
        if right > x1 + start:
            c.line(x1 + start, y, right, y)
    c.restoreState()


def draw_cut_lines(c: Canvas, grid: Grid, page_size: tuple[float, float], s: PrintSettings,
                   side: str) -> None:
    """Thin dashed lines along every cut, over the art."""
    xs, ys, (x0, y0, x1, y1) = _mirror_grid(grid, page_size, s, side)
    c.saveState()
    c.setLineWidth(0.25)
    c.setStrokeColorRGB(0.45, 0.45, 0.45)
    c.setDash(2, 2)
    for x in xs:
        c.line(x, y0, x, y1)
    for y in ys:
        c.line(x0, y, x1, y)
    c.restoreState()


def _grid_footer(grid: Grid, page_size: tuple[float, float], s: PrintSettings,
                 side: str) -> Callable[[Canvas, str], None]:
    """Put the footer where no crop mark is: below the crop marks when the bottom margin
    has room, otherwise along the left margin, centred on a row (between two cuts); when
    no row is long enough, at the bottom, the crop marks it would cross stopped above it.
    Draws the marks below the grid (``draw_crop_marks``'s bottom part)."""
    xs, ys, (x0, y0, x1, y1) = _mirror_grid(grid, page_size, s, side)
    page_w, _ = page_size
    below_marks = max(y0 - grid.bleed - CROP_GAP - CROP_LENGTH, EDGE)
    if grid.tight:
        below_marks = EDGE  # the bleed comes down to the edge: the left margin it is
    font = s.fonts.regular

    def marks(c: Canvas, clear: tuple[float, float, float] | None = None) -> None:
        draw_crop_marks(c, grid, page_size, s, side, outer_only=s.folded and side == "front",
                        part="bottom", clear=clear)

    def bottom(c: Canvas, text: str) -> None:
        fitted = fit(text, font, page_w - 2 * EDGE - 10 * mm, 4 * mm, size=FOOTER_SIZE,
                     min_size=FOOTER_SIZE, component=text, max_lines=1)
        half_width = string_width(text, font, fitted.size) / 2 + 0.8 * mm
        # the glyphs' tops (accents included) are below baseline + the font size
        marks(c, (page_w / 2 - half_width, page_w / 2 + half_width,
                  FOOTER_BASELINE + fitted.size + 0.6 * mm))
        c.setFont(font, fitted.size)
        c.drawCentredString(page_w / 2, FOOTER_BASELINE, text)

    def side_margin(c: Canvas, text: str) -> None:
        # the longest stretch between two cuts, nearest the middle: no crop mark there
        spans = [(ys[i], ys[i + 1]) for i in range(len(ys) - 1)] or [(y0, y1)]
        mid = (y0 + y1) / 2
        low, high = max(spans, key=lambda g: (round(g[1] - g[0], 3),
                                              -abs((g[0] + g[1]) / 2 - mid)))
        try:
            fitted = fit(text, font, high - low - 4 * mm, 4 * mm, size=FOOTER_SIZE,
                         min_size=FOOTER_SIZE, component=text, max_lines=1)
        except BuildError:
            return bottom(c, text)
        marks(c)
        c.setFont(font, fitted.size)
        # rotated a quarter turn: the glyphs rise towards the paper's left edge
        c.translate(x0 - grid.bleed - 0.8 * mm, (low + high) / 2)
        c.rotate(90)
        c.drawCentredString(0, 0, text)

    # the bottom footer's cap height (about 2.2 mm at 6 pt) must clear the crop marks
    return bottom if below_marks >= FOOTER_BASELINE + 2.6 * mm else side_margin
