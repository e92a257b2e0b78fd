"""Checks shared by the kit tests for boards cut at their own lines (``plan_cut_tiles``):
the tile count is the fewest the lines allow on this paper, every cut lies on a line, no
glyph visible on a tile crosses its edges, every word of the board shows on some tile,
and each tile's instruction says every step."""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence

from print_pdf import plumbed, texts_of

from printables.layout import GLUE_MM, PrintSettings, Tile, plan_cut_tiles
from printables.texts import COMMON_TEXTS

MM_PT = 72 / 25.4


def fewest_tiles(length: float, lines: Sequence[float], area: float) -> int:
    """The fewest pieces a ``length`` mm board cuts into at ``lines``, each piece but the
    last within ``area`` less the glue strip, the last within ``area``: by trying every
    choice of cut (not the greedy way the layout plans)."""
    inner = sorted(v for v in lines if 0 < v < length)
    best = {0.0: 0}
    for start in [0.0, *inner]:
        if start not in best:
            continue
        if length - start <= area + 1e-6:
            continue
        for v in inner:
            if v > start and v - start + GLUE_MM <= area + 1e-6:
                best[v] = min(best.get(v, 1 << 30), best[start] + 1)
    ends = [n + 1 for s, n in best.items() if length - s <= area + 1e-6]
    return min(ends)


def upright(data: bytes, page_w: float, page_h: float, shift: float,
            component: str) -> tuple[bytes, list[int]]:
    """The PDF with each tile page of ``component`` turned back to the landscape frame its
    tile was planned in (the inverse of the kit's turn)."""
    from pypdf import PdfReader, PdfWriter, Transformation
    from pypdf.generic import RectangleObject

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    turned = []
    texts = texts_of(data)  # (a page's text, as it is before the turn)
    for index, page in enumerate(writer.pages):
        if f"· {component} A" in texts[index]:
            turned.append(index)
            page.add_transformation(Transformation().rotate(-90).translate(-shift, page_w))
            box = RectangleObject([0, 0, page_h - shift, page_w])
            page.mediabox = box
            page.cropbox = box
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue(), turned


def check_board(data: bytes, settings: PrintSettings, component: str, size_mm: tuple[float, float],
                lines_mm: tuple[Sequence[float], Sequence[float]],
                words: Sequence[str], lang: str = "en",
                landscape_footer_mm: float | None = None) -> list[Tile]:
    """``landscape_footer_mm``: the tiles lie across the sheet, turned on the portrait page
    with this much room for the footer; the pages are turned back upright to be read."""
    w, h = size_mm
    xs, ys = lines_mm
    page_w, page_h = settings.page_size
    if landscape_footer_mm is not None:
        data, turned = upright(data, page_w, page_h, landscape_footer_mm * MM_PT, component)
        page_w, page_h = page_h - landscape_footer_mm * MM_PT, page_w
    tiles = plan_cut_tiles((page_w, page_h), w * MM_PT, h * MM_PT,
                           [v * MM_PT for v in xs], [v * MM_PT for v in ys])
    area_w = page_w / MM_PT - 2 * 7
    assert tiles[0].cols == fewest_tiles(w, xs, area_w), (component, len(tiles))
    assert tiles[0].rows == 1 or ys, component
    for tile in tiles:
        if tile.col > 0:
            assert any(abs(tile.bx / MM_PT - v) < 0.01 for v in xs), (component, tile.name)
        # the tile and its glue strip keep 5 mm from the paper's edges
        right = tile.glue if tile.col < tile.cols - 1 else 0
        assert tile.px >= 5 * MM_PT and tile.px + tile.width + right <= page_w - 5 * MM_PT
    # the tiles' pages, by their footers as pypdf reads them; only those pages are read
    # with pdfplumber
    pages = [i for i, t in enumerate(texts_of(data)) if f"· {component} A" in t
             or f"· {component} B" in t] if landscape_footer_mm is None else turned
    with plumbed(data, pages) as pdf:
        @functools.cache
        def text(index: int) -> str:
            return " ".join((pdf.pages[index].extract_text() or "").split())
        assert len(pages) == len(tiles), (component, len(pages), len(tiles))
        shown: set[str] = set()
        for tile, index in zip(tiles, pages, strict=True):
            page = pdf.pages[index]
            x0, x1 = tile.px, tile.px + tile.width
            top, bottom = page_h - tile.py - tile.height, page_h - tile.py
            visible = [ch for ch in page.chars if float(ch["x1"]) > x0
                       and float(ch["x0"]) < x1 and float(ch["bottom"]) > top
                       and float(ch["top"]) < bottom]
            crossing = [ch["text"] for ch in visible
                        if float(ch["x0"]) < x0 - 0.01 or float(ch["x1"]) > x1 + 0.01
                        or float(ch["top"]) < top - 0.01
                        or float(ch["bottom"]) > bottom + 0.01]
            assert not crossing, (component, tile.name, crossing[:10])
            shown |= set(" ".join(page.crop((x0, top, x1, bottom)).extract_text().split())
                         .split())
            label = text(index)
            assert COMMON_TEXTS["tile"][lang].format(name=tile.name, count=len(tiles)) in label
            if tile.col < tile.cols - 1:
                # the whole step, naming the tile laid on this one's glue strip
                glue = COMMON_TEXTS["tile_cut_glue"][lang].format(name=f"A{tile.col + 2}")
                assert " ".join(glue.split()) in label, (component, tile.name, label)
            assert "⊕" not in label
        for word in words:
            assert set(word.split()) <= shown, (component, word)
    return tiles
