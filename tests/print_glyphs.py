"""Every glyph and straight line of a PDF as pdfium (pypdfium2, which pdfplumber itself
renders with) reads them: the checks that look at every glyph of every kit (5 mm from the
edge, 6 pt, contrast, crop marks) read them here in a fifth of the time pdfminer takes.

What pdfium reads, next to pdfminer (``tests/test_print_glyphs.py`` holds it to this on the
largest kit and a Korean one, glyph by glyph):

- a glyph's box is the union of its tight box and its "loose" box (advance by ascent and
  descent), so it holds the box pdfminer gives, but for one thing: pdfium places the glyphs
  of a text object with the font's advance widths rounded down to whole thousandths of an
  em, so a glyph k glyphs into its text object can sit up to (k + 1) thousandths of an em
  short of where pdfminer (and poppler) put it, along the baseline. ``reach`` is the box
  grown by that much on that side: it holds pdfminer's box, so a check that passes on
  ``reach`` passes on pdfminer's, and a page whose glyphs come within that slack of a limit
  is decided by pdfminer (``print_pdf.plumbed``);
- a run of spaces is one space (pdfium folds them): spaces print nothing, and the checks of
  ink (the rendered 5 mm band) see everything printed;
- ``size`` is the em size on the page (the font size times the text matrix's scale along
  the glyph's upright), what pdfminer's box gives across the baseline;
- ``non_stroking_color`` is the fill colour, as 0–1 RGB;
- ``lines`` are the stroked paths of one straight segment (pdfminer's lines), their ends
  from the path's points and the object's matrix, ``linewidth`` the stroke's width, as
  pdfplumber gives them."""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import hashlib
import math
from collections import OrderedDict
from collections.abc import Callable, Iterator
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as raw

# pdfium's advance of a glyph is short of the font's /Widths by under one unit of 1/1000 em
SLACK_PER_GLYPH_EM = 1 / 1000


@dataclasses.dataclass(frozen=True)
class DrawnPage:
    """One page: its size in points, its glyphs and its straight strokes (pdfplumber's keys:
    x0, x1 from the left, top, bottom from the top)."""
    width: float
    height: float
    chars: list[dict[str, Any]]
    lines: list[dict[str, Any]]


def reach(ch: dict[str, Any]) -> tuple[float, float, float, float]:
    """(x0, top, x1, bottom) of a glyph grown along its baseline by the slack of pdfium's
    advances, and by a thousandth of an em all round (pdfium's ascent and descent are whole
    thousandths too): the box holds the one pdfminer reads."""
    x0, top, x1, bottom = ch["x0"], ch["top"], ch["x1"], ch["bottom"]
    dx, dy = ch["slack"]
    em = ch["size"] * SLACK_PER_GLYPH_EM
    return (x0 + min(dx, 0) - em, top + min(dy, 0) - em, x1 + max(dx, 0) + em,
            bottom + max(dy, 0) + em)


def _read_page(page: pdfium.PdfPage) -> DrawnPage:
    width, height = page.get_size()
    left, bottom, _, _ = page.get_mediabox()
    assert (left, bottom) == (0, 0), "the kits' pages start at (0, 0)"
    chars: list[dict[str, Any]] = []
    text = page.get_textpage()
    try:
        handle = text.raw
        loose, matrix = raw.FS_RECTF(), raw.FS_MATRIX()
        tight = [ctypes.c_double() for _ in range(4)]
        rgba = [ctypes.c_uint() for _ in range(4)]
        previous, k = None, 0
        for i in range(raw.FPDFText_CountChars(handle)):
            if raw.FPDFText_IsGenerated(handle, i):
                continue  # a space or line break pdfium adds between words and lines
            owner = ctypes.cast(raw.FPDFText_GetTextObject(handle, i), ctypes.c_void_p).value
            k = k + 1 if owner == previous else 0
            previous = owner
            raw.FPDFText_GetLooseCharBox(handle, i, loose)
            x0, x1, y0, y1 = loose.left, loose.right, loose.bottom, loose.top
            if raw.FPDFText_GetCharBox(handle, i, *tight):
                tl, tr, tb, tt = (v.value for v in tight)
                x0, x1, y0, y1 = min(x0, tl), max(x1, tr), min(y0, tb), max(y1, tt)
            raw.FPDFText_GetMatrix(handle, i, matrix)
            font_size = raw.FPDFText_GetFontSize(handle, i)
            along = math.hypot(matrix.a, matrix.b)
            slack = (k + 1) * SLACK_PER_GLYPH_EM * font_size  # text space, along the baseline
            raw.FPDFText_GetFillColor(handle, i, *rgba)
            chars.append({
                "text": chr(raw.FPDFText_GetUnicode(handle, i)),
                "x0": x0, "x1": x1, "top": height - y1, "bottom": height - y0,
                "size": font_size * math.hypot(matrix.c, matrix.d),
                "slack": (slack * matrix.a, -slack * matrix.b) if along else (0.0, 0.0),
                "non_stroking_color": tuple(v.value / 255 for v in rgba[:3]),
            })
    finally:
        text.close()
    lines: list[dict[str, Any]] = []
    ends = [ctypes.c_float() for _ in range(2)]
    stroke_width = ctypes.c_float()
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    for obj in page.get_objects(max_depth=0):
        assert obj.type != raw.FPDF_PAGEOBJ_FORM, "a form XObject: read it with its matrix"
        if obj.type != raw.FPDF_PAGEOBJ_PATH or raw.FPDFPath_CountSegments(obj.raw) != 2:
            continue
        first, second = (raw.FPDFPath_GetPathSegment(obj.raw, n) for n in (0, 1))
        if (raw.FPDFPathSegment_GetType(first) != raw.FPDF_SEGMENT_MOVETO
                or raw.FPDFPathSegment_GetType(second) != raw.FPDF_SEGMENT_LINETO
                or raw.FPDFPathSegment_GetClose(second)):
            continue
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
        if not stroke.value:
            continue
        m = obj.get_matrix()
        points = []
        for segment in (first, second):
            raw.FPDFPathSegment_GetPoint(segment, *ends)
            x, y = ends[0].value, ends[1].value
            points.append((m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f))
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, stroke_width)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        lines.append({"x0": min(xs), "x1": max(xs), "top": height - max(ys),
                      "bottom": height - min(ys), "linewidth": stroke_width.value})
    return DrawnPage(width, height, chars, lines)


_read: OrderedDict[str, list[DrawnPage]] = OrderedDict()


def drawn(data: bytes) -> list[DrawnPage]:
    """Every page of the PDF, read once per process for the last few PDFs asked for (the
    modules ask for the same kit in several tests)."""
    sha = hashlib.sha256(data).hexdigest()
    if sha in _read:
        _read.move_to_end(sha)
        return _read[sha]
    doc = pdfium.PdfDocument(data)
    try:
        pages = []
        for index in range(len(doc)):
            page = doc[index]
            try:
                pages.append(_read_page(page))
            finally:
                page.close()
    finally:
        doc.close()
    _read[sha] = pages
    while len(_read) > 6:
        _read.popitem(last=False)
    return pages


def plain(ch: dict[str, Any]) -> tuple[float, float, float, float]:
    """(x0, top, x1, bottom) of a glyph as read."""
    return (float(ch["x0"]), float(ch["top"]), float(ch["x1"]), float(ch["bottom"]))


Check = Callable[[Any, int, Callable[[dict[str, Any]], tuple[float, float, float, float]]],
                 list[Any]]


def checked(data: bytes, check: Check) -> list[Any]:
    """What ``check(page, number, glyph_box)`` finds on the PDF's pages as pdfminer reads
    them (pdfplumber's pages, each glyph's box as read), at the cost of pdfium's reading:
    every page is checked first as pdfium reads it, each glyph grown to its ``reach``; a
    page where nothing is found that way has nothing found by pdfminer (its glyphs lie
    within their reach), and only the other pages are read by pdfminer to decide."""
    from print_pdf import plumbed

    close = [index for index, page in enumerate(drawn(data)) if check(page, index + 1, reach)]
    if not close:
        return []
    with plumbed(data, close) as pdf:
        return [found for index in close for found in check(pdf.pages[index], index + 1, plain)]


@dataclasses.dataclass(frozen=True)
class _Drawn:
    pages: list[DrawnPage]


@contextlib.contextmanager
def opened(data: bytes) -> Iterator[_Drawn]:
    """``drawn`` as ``pdfplumber.open`` gives pages (``.pages[i].chars``), for
    ``bench/audit_contrast.low_contrast``."""
    yield _Drawn(drawn(data))
