"""The layout core every kit uses: paper, card grids, bleed, crop marks, duplex backs,
tiled boards, the calibration page and the page footer. The document and its pages, the
checklist, the calibration page and colour contrast are here; the settings and shared
constants in ``paper``, card sheets in ``sheets``, tiled boards in ``boards`` (all of them
importable from here too).

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

from .boards import (
    GLUE_MM,
    Tile,
    _tile_drawer,
    cut_tile_drawer,
    plan_cut_tiles,
    plan_tiles,
)
from .paper import (
    CARD_GUTTER_MM,
    CARD_SIZES_MM,
    CROP_GAP,
    CROP_LENGTH,
    CROP_MIN,
    DUPLEX_MODES,
    EDGE,
    EDGE_MM,
    FOLD_GAP_EXTRA,
    FOOTER_BASELINE,
    FOOTER_SIZE,
    HOME_BLEED_MM,
    MARK_MARGIN,
    PAPERS,
    TIGHT_BLEED_MIN,
    TIGHT_CARD_MIN,
    Card,
    CardBox,
    CardDraw,
    PrintSettings,
)
from .sheets import (
    Grid,
    _grid_footer,
    _sheet_drawer,
    _sheet_trim,
    back_position,
    card_grid,
    draw_crop_marks,
    draw_cut_lines,
    fit_grid,
    fold_gap,
    folded_sheet_drawer,
    gutterfold_grid,
    place_card,
)
from .text import BuildError, FontSet, fit, register_fonts, string_width, text_box

__all__ = [
    "CARD_GUTTER_MM", "CARD_SIZES_MM", "CROP_GAP", "CROP_LENGTH", "CROP_MIN", "DUPLEX_MODES",
    "EDGE", "EDGE_MM", "FOLD_GAP_EXTRA", "FOOTER_BASELINE", "FOOTER_SIZE", "GLUE_MM",
    "HOME_BLEED_MM", "MARK_MARGIN", "PAPERS", "TIGHT_BLEED_MIN", "TIGHT_CARD_MIN", "BuildError",
    "Card", "CardBox", "CardDraw", "ChecklistRow", "Document", "DryCanvas", "FontSet", "Grid",
    "Page", "PrintSettings", "Tile", "back_position", "calibration_pages", "card_grid",
    "checklist_drawer", "contrast_ratio", "cut_tile_drawer", "draw_crop_marks",
    "draw_cut_lines", "fit_grid", "fold_gap", "folded_sheet_drawer", "gutterfold_grid",
    "hex_color", "legible", "place_card", "plan_cut_tiles", "plan_tiles", "print_mode_key",
    "relative_luminance", "set_page_boxes", "string_fits", "write_atomic",
]

# Binary (compressed) streams rather than ASCII85: smaller files, faster builds. ReportLab
# reads this per document; printables are its only user in the companion's process.
rl_config.useA85 = 0
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


def set_page_boxes(c: Canvas, page: Page, page_size: tuple[float, float]) -> None:
    """The page's TrimBox (its cards' trim, else the page) and BleedBox (the trim plus the
    bleed, within the page), for a print shop's imposition software."""
    page_w, page_h = page_size
    x0, y0, x1, y1 = page.trim or (0.0, 0.0, page_w, page_h)
    b = page.bleed if page.trim else 0.0
    c.setTrimBox([round(v, 3) for v in (x0, y0, x1, y1)])
    c.setBleedBox([round(v, 3) for v in (max(0.0, x0 - b), max(0.0, y0 - b),
                                         min(page_w, x1 + b), min(page_h, y1 + b))])



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
