"""Boards larger than a sheet, tiled over several pages: with overlap strips and alignment
crosses, or cut only at the board's own lines with a glue strip beside each cut."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .paper import EDGE, PrintSettings
from .text import BuildError, text_box


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
