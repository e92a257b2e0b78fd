"""Fonts and text that must fit: every printed string goes through this module.

Text is fitted to its box: it wraps, then shrinks step by step down to a minimum size; text
that still does not fit is a :class:`TextOverflow` naming the component, raised while the
kit is built, so nothing is ever clipped silently. Every character is checked against the
embedded font first: a missing glyph is a :class:`MissingGlyph`, never a box on paper.

Fonts are vendored in ``printables/fonts/`` with their licences and embedded as subsets:
DejaVu Sans for Latin scripts (accents, symbols) and NanumGothic for Korean.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONT_DIR = Path(__file__).parent / "fonts"

# Registered name -> file in FONT_DIR.
FONT_FILES = {
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
    "NanumGothic": "NanumGothic.ttf",
}
SYMBOLS = "DejaVuSans-Bold"
"""The font of pictograms (voter symbols, stars, reaction marks), whatever the language."""


class BuildError(Exception):
    """A kit cannot be built as asked. ``component`` names the part that failed."""

    def __init__(self, message: str, component: str = "") -> None:
        super().__init__(f"{component}: {message}" if component else message)
        self.component = component


class TextOverflow(BuildError):
    """Text that does not fit its box even at the minimum size."""


class MissingGlyph(BuildError):
    """A character the font cannot draw."""


MIN_TEXT_PT = 6.0
"""No printed text is smaller: below it a home printer's text blurs."""


class TextTooSmall(BuildError):
    """Text asked for below ``MIN_TEXT_PT``."""


@dataclass(frozen=True)
class FontSet:
    """The fonts of one language. ``faux_bold`` draws bold by stroking the regular font
    (the Korean font ships one weight)."""

    regular: str
    bold: str
    faux_bold: bool = False


LATIN = FontSet("DejaVuSans", "DejaVuSans-Bold")
HANGUL = FontSet("NanumGothic", "NanumGothic", faux_bold=True)


def fonts_for(lang: str) -> FontSet:
    return HANGUL if lang == "ko" else LATIN


def register_fonts(*names: str) -> None:
    """Register vendored fonts with ReportLab (each once per process): those named, or all.
    Reading a font file costs tens of milliseconds (NanumGothic's, most), so a kit reads only
    the fonts it draws with."""
    for name in names or tuple(FONT_FILES):
        _register(name)


@cache
def _register(name: str) -> None:
    if name in FONT_FILES:
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / FONT_FILES[name])))


@cache
def _charset(font_name: str) -> frozenset[int]:
    _register(font_name)
    font = pdfmetrics.getFont(font_name)
    return frozenset(font.face.charToGlyph)  # type: ignore[attr-defined]


def check_glyphs(text: str, font_name: str, component: str) -> None:
    """Raise MissingGlyph when ``font_name`` has no glyph for a character of ``text``."""
    missing = _missing(text, font_name)
    if missing is not None:
        raise MissingGlyph(
            f"the font {font_name} has no glyph for {missing!r} (U+{ord(missing):04X}) in "
            f"{text!r}",
            component,
        )


@lru_cache(maxsize=16384)
def _missing(text: str, font_name: str) -> str | None:
    """The first character of ``text`` that ``font_name`` cannot draw, or None."""
    charset = _charset(font_name)
    for ch in text:
        if ch not in "\n\t" and ord(ch) not in charset:
            return ch
    return None


@lru_cache(maxsize=65536)
def _unit_width(text: str, font_name: str) -> float:
    """Width at 1 pt: ReportLab does not kern, so widths scale with the size and add up."""
    _register(font_name)
    return pdfmetrics.stringWidth(text, font_name, 1000) / 1000


def string_width(text: str, font_name: str, size: float) -> float:
    return _unit_width(text, font_name) * size


def wrap(text: str, font_name: str, size: float, width: float) -> list[str] | None:
    """Greedy word wrap; explicit newlines start a new line. ``None`` when a single word is
    wider than ``width`` (the caller shrinks the text)."""
    limit = width / size + 1e-9
    space = _unit_width(" ", font_name)
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line: list[str] = []
        line_w = 0.0
        for word in paragraph.split(" "):
            word_w = _unit_width(word, font_name)
            if word_w > limit:
                return None
            if line and line_w + space + word_w > limit:
                lines.append(" ".join(line))
                line, line_w = [word], word_w
            else:
                line_w = line_w + space + word_w if line else word_w
                line.append(word)
        lines.append(" ".join(line))
    return lines


@dataclass(frozen=True)
class Fitted:
    """Text laid out in a box: the size chosen and its lines."""

    size: float
    lines: tuple[str, ...]
    leading: float

    @property
    def height(self) -> float:
        return self.leading * (len(self.lines) - 1) + self.size * 0.76 if self.lines else 0.0


def fit(
    text: str,
    font_name: str,
    width: float,
    height: float,
    *,
    size: float,
    min_size: float,
    component: str,
    leading: float = 1.2,
    max_lines: int | None = None,
) -> Fitted:
    """The largest size from ``size`` down to ``min_size`` (0.25 pt steps) at which ``text``
    fits ``width`` x ``height`` points; TextOverflow when none does. Nothing is set below
    ``MIN_TEXT_PT``: a smaller ``size`` is a TextTooSmall, a smaller ``min_size`` is raised
    to it."""
    check_glyphs(text, font_name, component)
    if size < MIN_TEXT_PT - 1e-9:
        raise TextTooSmall(f"text set at {size} pt, below the {MIN_TEXT_PT:g} pt minimum: "
                           f"{text[:60]!r}", component)
    min_size = max(min_size, MIN_TEXT_PT)
    fitted = _fitted(text, font_name, width, height, size, min_size, leading, max_lines)
    if fitted is None:
        raise TextOverflow(
            f"text does not fit a {width / 2.8346:.1f} x {height / 2.8346:.1f} mm box even at "
            f"{min_size} pt: {text[:60]!r}",
            component,
        )
    return fitted


@lru_cache(maxsize=16384)
def _fitted(text: str, font_name: str, width: float, height: float, size: float,
            min_size: float, leading: float, max_lines: int | None) -> Fitted | None:
    """The layout ``fit`` chooses, or None; the same text in the same box (a card's title on
    every copy, a label on every page) is fitted once."""
    current = size
    while current >= min_size - 1e-9:
        lines = wrap(text, font_name, current, width)
        if lines is not None and (max_lines is None or len(lines) <= max_lines):
            fitted = Fitted(current, tuple(lines), current * leading)
            if fitted.height <= height + 1e-6:
                return fitted
        current = round(current - 0.25, 2)
    return None


def draw_fitted(
    c: Canvas,
    fitted: Fitted,
    font_name: str,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    align: str = "left",
    valign: str = "top",
    bold: bool = False,
    faux_bold: bool = False,
) -> None:
    """Draw fitted text in the box whose bottom-left corner is (x, y)."""
    if valign == "top":
        top = y + height
    elif valign == "middle":
        top = y + (height + fitted.height) / 2
    else:
        top = y + fitted.height
    baseline = top - fitted.size * 0.76
    text = c.beginText()
    text.setFont(font_name, fitted.size)
    if bold and faux_bold:
        # fill and stroke the outlines in the fill colour: a heavier weight of the same font
        c.saveState()
        c.setStrokeColor(c._fillColorObj)  # noqa: SLF001
        c.setLineWidth(fitted.size * 0.035)
        text.setTextRenderMode(2)
    for line in fitted.lines:
        w = string_width(line, font_name, fitted.size)
        if align == "center":
            lx = x + (width - w) / 2
        elif align == "right":
            lx = x + width - w
        else:
            lx = x
        text.setTextOrigin(lx, baseline)
        text.textOut(line)
        baseline -= fitted.leading
    c.drawText(text)
    if bold and faux_bold:
        c.restoreState()


def text_box(
    c: Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    height: float,
    *,
    fonts: FontSet,
    size: float,
    min_size: float,
    component: str,
    bold: bool = False,
    align: str = "left",
    valign: str = "top",
    leading: float = 1.2,
    max_lines: int | None = None,
) -> Fitted:
    """Fit ``text`` into the box and draw it; returns the layout used."""
    font = fonts.bold if bold else fonts.regular
    fitted = fit(text, font, width, height, size=size, min_size=min_size,
                 component=component, leading=leading, max_lines=max_lines)
    draw_fitted(c, fitted, font, x, y, width, height, align=align, valign=valign,
                bold=bold, faux_bold=fonts.faux_bold)
    return fitted


def symbol(c: Canvas, glyph: str, cx: float, cy: float, size: float, component: str) -> None:
    """Draw a pictogram glyph centred on (cx, cy)."""
    check_glyphs(glyph, SYMBOLS, component)
    if size < MIN_TEXT_PT - 1e-9:
        raise TextTooSmall(f"symbol {glyph!r} set at {size} pt, below the "
                           f"{MIN_TEXT_PT:g} pt minimum", component)
    _register(SYMBOLS)
    w = string_width(glyph, SYMBOLS, size)
    c.setFont(SYMBOLS, size)
    c.drawString(cx - w / 2, cy - size * 0.36, glyph)
