"""The layout core every kit uses: paper, card grids, bleed, crop marks, duplex backs,
tiled boards, the calibration page and the page footer.

Units: ReportLab points inside drawing code; sizes given in millimetres in the public API
(``*_mm`` names) are converted once with ``mm``.

How a sheet of cards is laid out:

- nothing is drawn within ``EDGE`` (5 mm) of any paper edge, crop marks included: home
  printers do not print there;
- the grid is the largest that fits the paper with the bleed, the crop marks and that edge
  around it, and it is centred (9 poker cards on A4);
- where one more row fits only without the top and bottom crop marks (Letter's and
  "universal"'s 279.4 mm hold 3 x 88 mm + 2 x 2 mm gutters with 5.7 mm to each edge), the
  sheet takes that row: the marks of the vertical cuts go into the gutters between the rows
  (on the bleed, which the cuts take away) and the bleed along the top and bottom edge of
  the grid is what is left before the 5 mm edge (0.65 mm): 9 poker cards on Letter too;
- card sheets keep a ``CARD_GUTTER`` (2 mm) between cards and each card bleeds into its
  half of it (1 mm) on every side: a cut up to 1 mm off, or a back shifted by 1 mm, shows
  the card's own colour and never its neighbour's;
- crop marks are drawn by the engine in the margin, in line with every cut, starting just
  beyond the bleed, 4 mm long where the margin has room and never shorter than 1.5 mm
  (ReportLab's own crop marks enlarge the page, which would break 100 % printing);
- in duplex, each sheet of fronts is followed by its sheet of backs; a back sits where its
  front will be once the sheet is turned over: mirrored left-right for a long-edge flip,
  top-bottom for a short-edge flip, then moved by the front/back ``offset`` measured on the
  calibration page;
- in gutterfold, fronts and backs share one page: fronts on the top half, each back the
  mirror image of its front about the fold line across the middle (``FOLD_GAP`` from it),
  printed single-sided, folded, glued and cut (``gutterfold_grid``);
- a print-shop file (``bleed_mm`` above 1, ``--bleed 3``) spaces its cards twice the bleed
  apart so every card keeps its whole bleed, and every page carries a TrimBox (the trim of
  its cards, or the page) and a BleedBox (that plus the bleed).

Each card is drawn between PDF marked-content operators
``/Card <</ID (...) /Side /front /Trim [w h]>> BDC ... EMC`` (its trim size in points) right
before its ``cm`` placement, so tests (and curious users) can find every card's
position in the file.
"""

from __future__ import annotations

import math
import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import IO

from reportlab import rl_config
from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from .text import BuildError, FontSet, fit, fonts_for, register_fonts, string_width, text_box

# Binary (compressed) streams rather than ASCII85: smaller files, faster builds. ReportLab
# reads this per document; printables are its only user in the companion's process.
rl_config.useA85 = 0

# --------------------------------------------------------------------------- sizes

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * mm, 297 * mm),
    "letter": (8.5 * inch, 11 * inch),
    # Fits both A4 and Letter unscaled: A4's width, Letter's height.
    "universal": (210 * mm, 11 * inch),
}
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "mini": (41.0, 63.0),
    "tarot": (70.0, 120.0),
}
DUPLEX_MODES = ("long", "short", "none", "gutterfold")
EDGE_MM = 5.0
EDGE = EDGE_MM * mm
"""Nothing is drawn nearer than this to a paper edge: what home printers leave blank."""
CROP_GAP = 0.5 * mm
CROP_LENGTH = 4 * mm
CROP_MIN = 1.5 * mm
MARK_MARGIN = EDGE + CROP_GAP + CROP_MIN
"""Room kept between the bleed and the paper edge: the shortest crop marks and the edge."""
CARD_GUTTER_MM = 2.0
"""Gap between two cards of a sheet; each card bleeds into its half."""
HOME_BLEED_MM = CARD_GUTTER_MM / 2
"""The bleed of a file for a home printer; more makes a print-shop file."""
TIGHT_BLEED_MIN = 0.5 * mm
"""The least bleed left along a grid's top and bottom edge when a row is gained there."""
TIGHT_CARD_MIN = 80 * mm
"""The shortest card a row is gained for: the footer then runs beside a row."""
FOLD_GAP_EXTRA = 4 * mm
"""Gutterfold: clear paper between a card's bleed and the fold line, room for its label."""
FOOTER_SIZE = 6.0
FOOTER_BASELINE = EDGE + 1.0 * mm
"""Baseline of the bottom footer: its descenders stay clear of the edge."""


@dataclass(frozen=True)
class PrintSettings:
    """Everything a user chooses when printing a kit."""

    paper: str = "a4"
    lang: str = "en"
    low_ink: bool = False
    duplex: str = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float = HOME_BLEED_MM
    safe_mm: float = 3.0
    cut_lines: bool = False
    backs_separate: bool = False
    # the language whose fonts to embed, when not ``lang``'s: an English kit of a game whose
    # names are Korean needs the Korean font (it covers Latin too)
    font_lang: str = ""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise BuildError(f"unknown paper {self.paper!r}; choose one of {', '.join(PAPERS)}")
        if self.duplex not in DUPLEX_MODES:
            raise BuildError(f"unknown duplex mode {self.duplex!r}; "
                             "choose long, short, none or gutterfold")
        if not 0 <= self.bleed_mm <= 5:
            raise BuildError(f"bleed must be between 0 and 5 mm, not {self.bleed_mm}")
        if any(abs(v) > 10 for v in self.offset_mm):
            raise BuildError("front/back offset must be within 10 mm")

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def print_shop(self) -> bool:
        """A file for a print shop: more bleed than a home print's gutter holds."""
        return self.bleed_mm > HOME_BLEED_MM

    @property
    def folded(self) -> bool:
        """Gutterfold: each sheet's fronts and backs on one page, folded along the middle."""
        return self.duplex == "gutterfold"

    @property
    def bleed(self) -> float:
        return self.bleed_mm * mm

    @property
    def safe(self) -> float:
        return self.safe_mm * mm

    @property
    def fonts(self) -> FontSet:
        return fonts_for(self.font_lang or self.lang)


@dataclass(frozen=True)
class CardBox:
    """What a card's drawing function gets: the trim size, the bleed to fill and the safe
    inset inside which text and key art belong. The origin is the trim box's bottom-left."""

    width: float
    height: float
    bleed: float
    safe: float
    settings: PrintSettings

    @property
    def low_ink(self) -> bool:
        return self.settings.low_ink

    @property
    def fonts(self) -> FontSet:
        return self.settings.fonts


CardDraw = Callable[[Canvas, CardBox], None]


@dataclass(frozen=True)
class Card:
    """One card (or token) of a sheet: its front and, if it has one, its back."""

    id: str
    front: CardDraw
    back: CardDraw | None = None


# --------------------------------------------------------------------------- grid


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


# --------------------------------------------------------------------------- pages


@dataclass
class Page:
    """One page of a document: what it shows (``component``, for the footer and the
    checklist) and how to draw it. ``footer`` places the footer text; ``None`` uses the
    bottom centre."""

    component: str
    draw: Callable[[Canvas], None]
    side: str = "info"  # "front", "back" or "info"
    footer: Callable[[Canvas, str], None] | None = None
    trim: tuple[float, float, float, float] | None = None
    """The trim of the page's cards (x0, y0, x1, y1), for its TrimBox; the page if None."""
    bleed: float = 0.0


@dataclass
class Document:
    """Pages of one PDF, rendered with the footer "game · component · kit N · page N of M"."""

    game: str
    version: str
    settings: PrintSettings
    texts: Callable[[str], str]
    pages: list[Page] = field(default_factory=list)
    subject: str = ""

    @property
    def page_size(self) -> tuple[float, float]:
        return self.settings.page_size

    def add(self, page: Page) -> None:
        self.pages.append(page)

    @property
    def padded(self) -> bool:
        """Printed double-sided: every sheet of fronts must start a new sheet of paper."""
        return self.settings.duplex not in ("none", "gutterfold") \
            and not self.settings.backs_separate

    def start_sheet(self) -> None:
        """In duplex, make the next page the front of a new sheet of paper."""
        if self.padded and len(self.pages) % 2 == 1:
            self.add(Page(self.texts("blank"), lambda c: None, side="back"))

    def footer_text(self, number: int, total: int, component: str) -> str:
        page = self.texts("page_of").format(n=number, m=total)
        return " · ".join((self.game, component, self.texts("kit").format(v=self.version), page))

    def render(self, out: IO[bytes] | str) -> None:
        fonts = self.settings.fonts
        register_fonts(fonts.regular, fonts.bold)
        page_w, page_h = self.page_size
        # the initial font is an embedded one: no page may refer to an unembedded Helvetica
        c = Canvas(out, pagesize=(page_w, page_h), invariant=1, pageCompression=1,
                   initialFontName=self.settings.fonts.regular, initialFontSize=FOOTER_SIZE)
        c.setTitle(f"{self.game} — {self.subject}" if self.subject else self.game)
        c.setAuthor("The table companion")
        c.setCreator("The table companion print kit")
        c.setSubject(self.texts("print_100"))
        c.setViewerPreference("PrintScaling", "None")
        c.setViewerPreference("Duplex", {
            "long": "DuplexFlipLongEdge", "short": "DuplexFlipShortEdge", "none": "Simplex",
        }[self.settings.duplex if self.padded else "none"])
        total = len(self.pages)
        for number, page in enumerate(self.pages, start=1):
            c.saveState()
            page.draw(c)
            c.restoreState()
            text = self.footer_text(number, total, page.component)
            c.saveState()
            c.setFillColorRGB(0.25, 0.25, 0.25)
            (page.footer or self.bottom_footer)(c, text)
            c.restoreState()
            set_page_boxes(c, page, self.page_size)
            c.showPage()
        c.save()

    def bottom_footer(self, c: Canvas, text: str) -> None:  # noqa: D102
        page_w, _ = self.page_size
        font = self.settings.fonts.regular
        fitted = fit(text, font, page_w - 2 * EDGE - 10 * mm, 4 * mm, size=FOOTER_SIZE,
                     min_size=FOOTER_SIZE, component=text, max_lines=1)
        c.setFont(font, fitted.size)
        c.drawCentredString(page_w / 2, FOOTER_BASELINE, text)

    # ------------------------------------------------------------------ card sheets

    def add_cards(
        self,
        cards: Sequence[Card],
        size_mm: tuple[float, float],
        *,
        component: str,
        back_component: str | None = None,
        gutter_mm: float = 0.0,
        backs: Document | None = None,
    ) -> Grid:
        """Lay ``cards`` out on as many sheets as needed. When any card has a back, each
        sheet of fronts is followed by its sheet of backs (or the backs go to ``backs``,
        a separate document). Single-sided sheets get an empty back in duplex so the
        next sheet starts on a fresh sheet of paper."""
        s = self.settings
        card_w, card_h = size_mm[0] * mm, size_mm[1] * mm
        two_sided = any(card.back is not None for card in cards)
        # every card its own bleed, into its half of the gutter: a 1 mm mis-cut shows no
        # other card's colour
        grid = card_grid(s, card_w, card_h, gutter_mm, len(cards), two_sided)
        if s.folded and not grid.folded:
            # too large to fold: as single-sided, each sheet of backs glued to its fronts
            s = replace(s, duplex="none")
        back_name = back_component or f"{component} ({self.texts('backs')})"
        sheets = [cards[i:i + grid.capacity] for i in range(0, len(cards), grid.capacity)]
        for sheet in sheets:
            if grid.folded:
                self.add(Page(component, folded_sheet_drawer(sheet, grid, self.page_size, s,
                                                             self.texts("fold_here")),
                              side="front", footer=_grid_footer(grid, self.page_size, s, "back"),
                              trim=_sheet_trim(grid, len(sheet), self.page_size, s,
                                               ("front", "back")),
                              bleed=grid.bleed))
                continue
            self.start_sheet()
            self.add(Page(component, _sheet_drawer(sheet, grid, self.page_size, s, "front"),
                          side="front", footer=_grid_footer(grid, self.page_size, s, "front"),
                          trim=_sheet_trim(grid, len(sheet), self.page_size, s),
                          bleed=grid.bleed))
            if two_sided:
                target = backs if backs is not None else self
                name = back_name
                if backs is not None:
                    # printed as a second pass: say which sheet of the fronts it goes behind
                    name += " · " + self.texts("back_of").format(n=len(self.pages))
                target.add(Page(name, _sheet_drawer(sheet, grid, self.page_size, s, "back"),
                                side="back", footer=_grid_footer(grid, self.page_size, s, "back"),
                                trim=_sheet_trim(grid, len(sheet), self.page_size, s, ("back",)),
                                bleed=grid.bleed))
            elif self.padded:
                self.add(Page(self.texts("blank"), lambda c: None, side="back"))
        return grid

    # ------------------------------------------------------------------ tiled boards

    def add_board(
        self,
        width_mm: float,
        height_mm: float,
        draw: Callable[[Canvas], None],
        *,
        component: str,
        overlap_mm: float = 12.0,
        lines_mm: tuple[Sequence[float], Sequence[float]] | None = None,
    ) -> list[Tile]:
        """Tile a board larger than a sheet over several pages, single-sided. With
        ``lines_mm`` (the board's vertical and horizontal lines where a cut may fall, such
        as district lines) it is cut only there, each neighbour glued on a strip beside the
        edge (``plan_cut_tiles``); otherwise with an overlap strip, alignment crosses in
        every overlap and the tile names on each edge."""
        if lines_mm is not None:
            tiles = plan_cut_tiles(self.page_size, width_mm * mm, height_mm * mm,
                                   [v * mm for v in lines_mm[0]],
                                   [v * mm for v in lines_mm[1]])
            drawer = cut_tile_drawer
        else:
            tiles = plan_tiles(self.page_size, width_mm * mm, height_mm * mm, overlap_mm * mm)
            drawer = _tile_drawer
        for tile in tiles:
            self.start_sheet()
            self.add(Page(f"{component} {tile.name}",
                          drawer(tile, tiles, draw, self.settings, self.texts),
                          side="info"))
            if self.padded:
                self.add(Page(self.texts("blank"), lambda c: None, side="back"))
        return tiles

    def write(self, path: str | os.PathLike[str]) -> None:
        """Render to ``path`` atomically: a temporary file in the same folder, renamed once
        complete, so a failed build never leaves a partial PDF."""
        write_atomic(path, self.render)


def write_atomic(path: str | os.PathLike[str], render: Callable[[IO[bytes]], None]) -> None:
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                               dir=target.parent if str(target.parent) else ".")
    try:
        with os.fdopen(fd, "wb") as f:
            render(f)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


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


def set_page_boxes(c: Canvas, page: Page, page_size: tuple[float, float]) -> None:
    """The page's TrimBox (its cards' trim, else the page) and BleedBox (the trim plus the
    bleed, within the page), for a print shop's imposition software."""
    page_w, page_h = page_size
    x0, y0, x1, y1 = page.trim or (0.0, 0.0, page_w, page_h)
    b = page.bleed if page.trim else 0.0
    c.setTrimBox([round(v, 3) for v in (x0, y0, x1, y1)])
    c.setBleedBox([round(v, 3) for v in (max(0.0, x0 - b), max(0.0, y0 - b),
                                         min(page_w, x1 + b), min(page_h, y1 + b))])


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


# --------------------------------------------------------------------------- boards


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled board: ``bx, by`` is the board point at the tile's bottom-left,
    ``width x height`` the board area it shows (the overlap included), placed on the page
    at ``px, py``."""

    row: int
    col: int
    rows: int
    cols: int
    bx: float
    by: float
    width: float
    height: float
    px: float
    py: float
    board_w: float
    board_h: float
    overlap: float
    glue: float = 0.0
    """Cut-at-lines tiles (``plan_cut_tiles``): the width of the glue strip printed beside
    the tile's right and bottom edges when a neighbour is laid there; no overlap."""

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


def plan_tiles(page_size: tuple[float, float], board_w: float, board_h: float,
               overlap: float, margin: float = 10 * mm) -> list[Tile]:
    """Cut a board into page-sized tiles, left to right then top to bottom; neighbouring
    tiles share an ``overlap`` strip."""
    page_w, page_h = page_size
    area_w = page_w - 2 * margin
    area_h = page_h - 2 * margin - 6 * mm  # room for the assembly line and the footer
    if overlap >= min(area_w, area_h) / 2:
        raise BuildError("the tile overlap is larger than half a sheet")
    step_w, step_h = area_w - overlap, area_h - overlap
    cols = max(1, math.ceil((board_w - overlap) / step_w - 1e-9))
    rows = max(1, math.ceil((board_h - overlap) / step_h - 1e-9))
    tiles = []
    for row in range(rows):
        for col in range(cols):
            bx = col * step_w
            top = board_h - row * step_h
            w = min(area_w, board_w - bx)
            h = min(area_h, top)
            tiles.append(Tile(row, col, rows, cols, bx, top - h, w, h, margin,
                              page_h - margin - 6 * mm - h, board_w, board_h, overlap))
    return tiles


GLUE_MM = 10.0
"""Width of the glue strip beside a cut-at-lines tile's edge that a neighbour covers."""


def plan_cut_tiles(page_size: tuple[float, float], board_w: float, board_h: float,
                   lines_x: Sequence[float], lines_y: Sequence[float] = (),
                   glue: float = GLUE_MM * mm, margin: float = EDGE + 2 * mm) -> list[Tile]:
    """Cut a board only along the given lines (board coordinates, e.g. the district lines):
    each tile shows whole parts of the board, the neighbour on its right or below is laid
    on a glue strip beside it, edge to the printed line. As few tiles as the paper allows:
    from the left (and the top), each cut is the farthest line that still fits a sheet."""
    page_w, page_h = page_size
    area_w = page_w - 2 * margin
    area_h = page_h - 2 * margin - 8 * mm  # the tile's label above, the footer below

    def cuts(length: float, lines: Sequence[float], area: float) -> list[float]:
        inner = sorted(v for v in lines if 0 < v < length)
        edges = [0.0]
        while length - edges[-1] > area + 1e-6:
            fits = [v for v in inner if v > edges[-1] and v - edges[-1] + glue <= area + 1e-6]
            if not fits:
                raise BuildError(f"a {length / mm:.0f} mm board has no line to cut at within "
                                 f"{area / mm:.0f} mm: it does not tile on this paper")
            edges.append(fits[-1])
        return edges + [length]

    xs = cuts(board_w, lines_x, area_w)
    top_down = cuts(board_h, [board_h - v for v in lines_y], area_h)
    ys = [board_h - v for v in top_down]  # board y of each cut, top first
    tiles = []
    rows, cols = len(ys) - 1, len(xs) - 1
    for row in range(rows):
        for col in range(cols):
            bx, w = xs[col], xs[col + 1] - xs[col]
            by, h = ys[row + 1], ys[row] - ys[row + 1]
            right = glue if col < cols - 1 else 0.0
            px = (page_w - w - right) / 2
            py = page_h - margin - 6 * mm - h
            tiles.append(Tile(row, col, rows, cols, bx, by, w, h, px, py, board_w, board_h,
                              0.0, glue))
    return tiles


def cut_tile_drawer(tile: Tile, tiles: list[Tile], draw: Callable[[Canvas], None],
                    s: PrintSettings, texts: Callable[[str], str]) -> Callable[[Canvas], None]:
    """A tile cut at board lines: its part of the board; a glue strip beside each edge a
    neighbour covers, with the line that neighbour's edge lies on and marks in line with
    the board's lines; trim lines on the other edges; a complete instruction above."""
    def neighbour(row: int, col: int) -> Tile:
        return next(t for t in tiles if (t.row, t.col) == (row, col))

    def render(c: Canvas) -> None:
        x0, y0 = tile.px, tile.py
        x1, y1 = x0 + tile.width, y0 + tile.height
        c.saveState()
        clip = c.beginPath()
        clip.rect(x0, y0, tile.width, tile.height)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(x0 - tile.bx, y0 - tile.by)
        c.board_window = (tile.bx, tile.by, tile.width, tile.height)  # type: ignore[attr-defined]
        draw(c)  # (a board's drawer may leave out what the window does not show: draw.shows)
        del c.board_window  # type: ignore[attr-defined]
        c.restoreState()
        right = tile.col < tile.cols - 1
        below = tile.row < tile.rows - 1
        g = tile.glue
        c.saveState()
        # glue strips: outside the play area, covered once the neighbour is glued
        c.setLineWidth(0.4)
        c.setStrokeColorRGB(0.3, 0.3, 0.3)
        # a light grey, in low ink too: the instructions call it the grey strip
        c.setFillColorRGB(0.9, 0.9, 0.9)
        if right:
            c.rect(x1, y0, g, tile.height, stroke=0, fill=1)
        if below:
            c.rect(x0, y0 - g, tile.width, g, stroke=0, fill=1)
        # trim lines: dashed around the outside of the tile and its glue strips
        c.setDash(3, 2)
        c.rect(x0, y0 - (g if below else 0), tile.width + (g if right else 0),
               tile.height + (g if below else 0), stroke=1, fill=0)
        c.setDash()
        # the line a neighbour's edge lies on: the board edge beside the strip
        c.setLineWidth(0.8)
        c.setStrokeColorRGB(0, 0, 0)
        if right:
            c.line(x1, y0, x1, y1)
        if below:
            c.line(x0, y0, x1, y0)
        c.restoreState()
        fonts = s.fonts
        label = texts("tile").format(name=tile.name, count=len(tiles))
        steps = []
        if tile.col > 0 or tile.row > 0:
            steps.append(texts("tile_cut_trim"))
        else:
            steps.append(texts("tile_cut_first"))
        if right:
            steps.append(texts("tile_cut_glue").format(name=neighbour(tile.row,
                                                                       tile.col + 1).name))
        if below:
            steps.append(texts("tile_cut_glue_below").format(name=neighbour(tile.row + 1,
                                                                             tile.col).name))
        c.saveState()
        c.setFillColorRGB(0.1, 0.1, 0.1)
        text_box(c, label + " — " + " ".join(steps), x0, y1 + 1.2 * mm,
                 tile.width + (g if right else 0) - 16 * mm, 5.6 * mm, fonts=fonts,
                 size=6.5, min_size=6, component=label, valign="bottom", max_lines=2)
        c.restoreState()
        _tile_map(c, tile, x1 + (g if right else 0) - 14 * mm, y1 + 1.5 * mm)
    return render


def _tile_drawer(tile: Tile, tiles: list[Tile], draw: Callable[[Canvas], None],
                 s: PrintSettings, texts: Callable[[str], str]) -> Callable[[Canvas], None]:
    def render(c: Canvas) -> None:
        c.saveState()
        clip = c.beginPath()
        clip.rect(tile.px, tile.py, tile.width, tile.height)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(tile.px - tile.bx, tile.py - tile.by)
        c.board_window = (tile.bx, tile.by, tile.width, tile.height)  # type: ignore[attr-defined]
        draw(c)
        del c.board_window  # type: ignore[attr-defined]
        _assembly_marks(c, tile)
        c.restoreState()
        # tile frame: dashed on the edges to trim (where a neighbour overlaps), solid else
        c.saveState()
        c.setLineWidth(0.4)
        right = tile.col < tile.cols - 1
        below = tile.row < tile.rows - 1
        x0, y0, x1, y1 = tile.px, tile.py, tile.px + tile.width, tile.py + tile.height
        for (ax, ay, bx, by), trim in (
            ((x0, y0, x0, y1), tile.col > 0), ((x0, y1, x1, y1), tile.row > 0),
            ((x1, y0, x1, y1), False), ((x0, y0, x1, y0), False),
        ):
            c.setDash(3, 2) if trim else c.setDash()
            c.line(ax, ay, bx, by)
        c.restoreState()
        fonts = s.fonts
        label = texts("tile").format(name=tile.name, count=len(tiles))
        hint = []
        if tile.col > 0:
            hint.append(texts("tile_left"))
        if tile.row > 0:
            hint.append(texts("tile_top"))
        if right or below:
            hint.append(texts("tile_overlap").format(mm=round(tile.overlap / mm)))
        text_box(c, label + " — " + " ".join(hint) if hint else label, x0, y1 + 1.5 * mm,
                 tile.width, 5 * mm, fonts=fonts, size=8, min_size=5, component=label,
                 valign="bottom")
        _tile_map(c, tile, x1 - 14 * mm, y1 + 1.5 * mm)
    return render


def _assembly_marks(c: Canvas, tile: Tile) -> None:
    """Alignment crosses and a grey wash in every overlap strip, in board coordinates, so
    both neighbouring tiles print them at the same board point."""
    step_w = tile.width if tile.cols == 1 else None
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(0, 0, 0)
    seams_x = [tile.bx + tile.width - tile.overlap] if tile.col < tile.cols - 1 else []
    if tile.col > 0:
        seams_x.append(tile.bx)
    seams_y = [tile.by] if tile.row < tile.rows - 1 else []
    if tile.row > 0:
        seams_y.append(tile.by + tile.height - tile.overlap)
    del step_w
    arm = 3 * mm
    for sx in seams_x:
        cx = sx + tile.overlap / 2
        y = tile.by + 25 * mm
        while y < tile.by + tile.height - 10 * mm:
            _cross(c, cx, y, arm)
            y += 60 * mm
    for sy in seams_y:
        cy = sy + tile.overlap / 2
        x = tile.bx + 25 * mm
        while x < tile.bx + tile.width - 10 * mm:
            _cross(c, x, cy, arm)
            x += 60 * mm
    c.restoreState()


def _cross(c: Canvas, x: float, y: float, arm: float) -> None:
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
    c.circle(x, y, arm * 0.55, stroke=1, fill=0)


def _tile_map(c: Canvas, tile: Tile, x: float, y: float) -> None:
    """A small map of all tiles with this one filled."""
    cell = min(3 * mm, 14 * mm / max(tile.cols, 1))
    c.saveState()
    c.setLineWidth(0.3)
    for r in range(tile.rows):
        for col in range(tile.cols):
            filled = (r, col) == (tile.row, tile.col)
            c.setFillColorRGB(0.3, 0.3, 0.3)
            c.rect(x + col * cell, y + (tile.rows - 1 - r) * cell * 0.7, cell, cell * 0.7,
                   stroke=1, fill=1 if filled else 0)
    c.restoreState()


# --------------------------------------------------------------------------- checklist


ChecklistRow = tuple[str, str, int, int, str]  # component, count, first page, last page, how
APP_QR = 30
"""Side of the checklist's QR code to the companion, in mm (quiet zone included)."""


def checklist_drawer(rows: Sequence[ChecklistRow], *, title: str, headings: Sequence[str],
                     bring_title: str, bring: str, fonts: FontSet,
                     page_size: tuple[float, float], component: str, note: str = "",
                     app: tuple[str, str] | None = None) -> Callable[[Canvas], None]:
    """The component checklist page of a kit: what to cut, how many, on which pages and how,
    with a box to tick per row; then what else to bring that the kit does not print.
    ``note`` (how to print this file, cards per sheet) goes under the title; ``app`` (an
    address and its caption) is a QR code to the companion beside the title."""
    page_w, page_h = page_size
    widths = ((0.0, 0.38), (0.38, 0.17), (0.55, 0.10), (0.65, 0.35))

    def draw(c: Canvas) -> None:
        left, width = 18 * mm, page_w - 36 * mm
        top = page_h - 18 * mm
        head = width
        if app is not None:
            from .qr import draw_qr

            # top right: the code, its caption beneath; the title and note keep clear of it
            size = APP_QR * mm
            draw_qr(c, app[0], left + width - size, top - size + 4 * mm, size,
                    component=component)
            text_box(c, app[1], left + width - size - 2 * mm, top - size - 9 * mm,
                     size + 4 * mm, 12 * mm, fonts=fonts, size=7, min_size=6,
                     component=component, align="center")
            head = width - size - 4 * mm
        text_box(c, title, left, top - 10 * mm, head, 10 * mm, fonts=fonts, size=15,
                 min_size=10, component=component, bold=True)
        y = top - 19 * mm
        if note:
            text_box(c, note, left, y - 17 * mm, head, 18 * mm, fonts=fonts, size=8.5,
                     min_size=6.5, component=component)
            y -= 20 * mm
        if app is not None:
            y = min(y, top - APP_QR * mm - 11 * mm)
        row_h = 10.5 * mm
        c.setLineWidth(0.4)
        for (x0, w), heading in zip(widths, headings, strict=True):
            text_box(c, heading, left + x0 * width + 1 * mm, y, w * width - 2 * mm, 6 * mm,
                     fonts=fonts, size=9, min_size=7, component=component, bold=True,
                     valign="bottom")
        c.line(left, y - 1 * mm, left + width, y - 1 * mm)
        for name, count, first, last, how in rows:
            y -= row_h
            pages = str(first) if first == last else f"{first}–{last}"
            c.rect(left + 1 * mm, y + 3.5 * mm, 3.5 * mm, 3.5 * mm, stroke=1, fill=0)
            for (x0, w), value in zip(widths, (name, count, pages, how), strict=True):
                pad = 6 * mm if x0 == 0 else 1 * mm
                text_box(c, value, left + x0 * width + pad, y + 1 * mm,
                         w * width - pad - 1 * mm, row_h - 2 * mm, fonts=fonts, size=8.5,
                         min_size=6.5, component=component, valign="middle")
            c.line(left, y, left + width, y)
        y -= 12 * mm
        text_box(c, bring_title, left, y, width, 7 * mm, fonts=fonts, size=12, min_size=9,
                 component=component, bold=True)
        text_box(c, bring, left, max(14 * mm, y - 62 * mm), width, min(60 * mm, y - 16 * mm),
                 fonts=fonts, size=9, min_size=6.5, component=component, leading=1.3)
    return draw


class DryCanvas(Canvas):
    """A canvas that draws into memory only, to surface fit errors while building."""

    def __init__(self) -> None:
        import io

        register_fonts("DejaVuSans")
        super().__init__(io.BytesIO(), invariant=1, initialFontName="DejaVuSans")


# --------------------------------------------------------------------------- calibration


def print_mode_key(s: PrintSettings) -> str:
    """The text key that says how this file is printed: ``mode_long``, ``mode_short``,
    ``mode_none`` (single-sided, glued back to back) or ``mode_separate``."""
    if s.backs_separate:
        return "mode_separate"
    return f"mode_{s.duplex}"


def calibration_pages(doc: Document, backs: Document | None = None) -> None:
    """Page 1 of every kit: a 100 mm ruler, a 1-inch square and the front of the duplex
    offset target, with the print-at-100 % instruction and how this file is printed; in
    duplex, page 2 is the back of the target, with the scale that measures the front/back
    offset; with the backs in their own file, that back is the first page of ``backs``."""
    s = doc.settings
    t = doc.texts
    page_w, page_h = doc.page_size
    fonts = s.fonts
    comp = t("calibration")
    target_x, target_y = page_w / 2, 75 * mm
    offset_note = ""
    if any(s.offset_mm) and not s.folded:
        x, y = (f"{v:g}" for v in s.offset_mm)
        offset_note = t("offset_built").format(x=x, y=y)

    def front(c: Canvas) -> None:
        left = 20 * mm
        width = page_w - 40 * mm
        top = page_h - 20 * mm
        text_box(c, doc.game, left, top - 10 * mm, width, 10 * mm, fonts=fonts, size=20,
                 min_size=12, component=comp, bold=True)
        text_box(c, t("calibration_title"), left, top - 18 * mm, width, 8 * mm, fonts=fonts,
                 size=14, min_size=9, component=comp, bold=True)
        c.saveState()
        c.setLineWidth(1.2)
        c.rect(left, top - 29 * mm, width, 9 * mm, stroke=1, fill=0)
        c.restoreState()
        text_box(c, t("print_100"), left + 3 * mm, top - 29 * mm, width - 6 * mm, 9 * mm,
                 fonts=fonts, size=12, min_size=8, component=comp, bold=True, valign="middle",
                 max_lines=1)
        text_box(c, t("print_100_long") + " " + t(print_mode_key(s)), left, top - 56 * mm,
                 width, 25 * mm, fonts=fonts, size=10, min_size=7, component=comp)
        # 100 mm ruler
        ry = top - 74 * mm
        c.setLineWidth(0.4)
        c.line(left, ry, left + 100 * mm, ry)
        for i in range(101):
            tick = 5 * mm if i % 10 == 0 else (3.5 * mm if i % 5 == 0 else 2 * mm)
            c.line(left + i * mm, ry, left + i * mm, ry + tick)
            if i % 10 == 0:
                c.setFont(fonts.regular, 7)
                c.drawCentredString(left + i * mm, ry + 6 * mm, str(i // 10))
        text_box(c, t("ruler"), left, ry - 9 * mm, 100 * mm, 7 * mm, fonts=fonts, size=8,
                 min_size=6, component=comp)
        # 1-inch square
        sx = left + 115 * mm
        c.setLineWidth(0.6)
        c.rect(sx, ry - 4 * mm, 1 * inch, 1 * inch, stroke=1, fill=0)
        text_box(c, t("inch"), sx - 2 * mm, ry - 13 * mm, 1 * inch + 30 * mm, 8 * mm,
                 fonts=fonts, size=8, min_size=6, component=comp)
        if doc.padded or backs is not None:
            # duplex target, front side
            text_box(c, t("duplex_front"), left, target_y + 24 * mm, width, 22 * mm,
                     fonts=fonts, size=9, min_size=6.5, component=comp)
            c.setLineWidth(0.3)
            c.circle(target_x, target_y, 12 * mm, stroke=1, fill=0)
            c.setLineWidth(0.5)
            c.line(target_x - 20 * mm, target_y, target_x + 20 * mm, target_y)
            c.line(target_x, target_y - 20 * mm, target_x, target_y + 20 * mm)
        if offset_note:
            # a reprinted check page must not invite adding the offset once more
            text_box(c, offset_note, left, target_y + 48 * mm, width, 16 * mm, fonts=fonts,
                     size=9, min_size=6.5, component=comp, bold=True)
        text_box(c, t("checklist_hint"), left, 14 * mm, width, 20 * mm, fonts=fonts, size=8.5,
                 min_size=6.5, component=comp)

    def back(c: Canvas) -> None:
        # the target's back: the same physical point after the flip, plus a mm scale
        bx, by = target_x, target_y
        if s.duplex == "short":
            by = page_h - target_y
        # (long edge: x = page_w - target_x = target_x, the target is centred)
        # a 1 mm grid, bolder every 5 mm, axes labelled outside it
        half = 8
        for i in range(-half, half + 1):
            c.setLineWidth(0.6 if i == 0 else 0.35 if i % 5 == 0 else 0.12)
            c.line(bx + i * mm, by - half * mm, bx + i * mm, by + half * mm)
            c.line(bx - half * mm, by + i * mm, bx + half * mm, by + i * mm)
        c.setFont(fonts.regular, 6)
        for i in (-5, 0, 5):
            c.drawCentredString(bx + i * mm, by - (half + 3) * mm, f"{i:+d}" if i else "0")
            c.drawRightString(bx - (half + 1) * mm, by + i * mm - 2, f"{i:+d}" if i else "0")
        c.setFont(fonts.bold, 7)
        c.drawString(bx + (half + 1.5) * mm, by - 2.5, "X (mm)")
        c.drawCentredString(bx, by + (half + 1.5) * mm, "Y (mm)")
        text_box(c, t("duplex_back"), 20 * mm, by + 22 * mm if by < page_h / 2 else by - 50 * mm,
                 page_w - 40 * mm, 26 * mm, fonts=fonts, size=9, min_size=6.5, component=comp)
        if offset_note:
            text_box(c, offset_note, 20 * mm,
                     by + 50 * mm if by < page_h / 2 else by - 70 * mm, page_w - 40 * mm,
                     16 * mm, fonts=fonts, size=9, min_size=6.5, component=comp, bold=True)

    doc.add(Page(comp, front, side="info"))
    if doc.padded:
        doc.add(Page(comp, back, side="back"))
    elif backs is not None:
        backs.add(Page(comp + " · " + t("back_of").format(n=1), back, side="back"))


@cache
def relative_luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour (channels 0 to 1)."""
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@cache
def contrast_ratio(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((relative_luminance(hex_color(a)), relative_luminance(hex_color(b))),
                    reverse=True)
    return (la + 0.05) / (lb + 0.05)


@cache
def legible(color: str, against: str = "#ffffff", ratio: float = 4.5) -> str:
    """``color``, darkened as little as needed to reach ``ratio`` against ``against``
    (white by default): the same shade then carries white text in full colour and reads
    as coloured text on white paper in low ink."""
    r, g, b = hex_color(color)
    factor = 1.0
    while contrast_ratio(_hex((r * factor, g * factor, b * factor)), against) < ratio \
            and factor > 0:
        factor = round(factor - 0.01, 2)
    return _hex((r * factor, g * factor, b * factor))


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, v)) * 255):02x}" for v in rgb)


@cache
def hex_color(value: str) -> tuple[float, float, float]:
    value = value.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def string_fits(text: str, font: str, size: float, width: float) -> bool:
    return string_width(text, font, size) <= width
