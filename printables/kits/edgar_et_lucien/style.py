"""The kit's identity, sizes and colours, and the small signs several pieces draw:
the border and metro icons, the padlock, the fastener's mark."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import fill_rgb, stroke_rgb
from ...layout import contrast_ratio, hex_color, legible
from ...text import FontSet, text_box

GAME_ID = "edgar-et-lucien"
GAME_NAME = "Edgar & Lucien"
KIT_VERSION = "1.0"
LANGUAGES = ("en", "fr")

POKER = (63.0, 88.0)
PLAY_AID = (190.0, 130.0)
NOTE = (63.0, 33.0)
BOARD_HEIGHT_MM = 250.0
"""Both sides of the board have the same height, which fits one row of tiles on A4, Letter
and "universal" paper: each side prints on two sheets. The 4-player side, with more rows,
has smaller districts, as a printed double-sided board would."""
MAX_SQUARE_MM = 58.0
BOARD_MARGIN_MM = 5.0
LEGEND_MM = 20.0
BAR_MM = 4.6
"""Thickness of a border's coloured bar, centred on the side two districts share."""
BAR_GAP_MM = 8.5
"""Each end of a bar stops this far from the corner, so bars of two colours never touch."""
WHEEL_RADIUS_MM = 46.0
INFLUENCE_MM = 14.0
"""An influence token's diameter; the play aid's spots are a millimetre wider."""
PAWN = (22.0, 84.0)
"""A fold-over pawn: a base tab, the figure, the same figure upside down, a base tab."""
PAWN_TAB_MM = 12.0

TYPE_COLORS = {"ivory": "#f3e9cc", "steel": "#b9c3cc", "administration": "#d9c4e6"}
TYPE_INK = {"ivory": "#b89b52", "steel": "#5f6d7a", "administration": "#6e4a87"}
MANIGANCE_COLOR = "#7a1f2b"
CERTIFICATE_COLOR = "#8c6a11"
"""Dark enough for white text on it and for its own text on the certificate's cream, 4.5:1."""
HERITAGE_COLOR = "#2f5d50"
NOTE_COLORS = {10_000: "#4f8a5b", 50_000: "#7b4f9a"}
PAPER = "#f8f4ea"
DARK = "#222222"
CONDITION_SYMBOLS = {"dandy": "⚙", "collector": "⌂", "bureaucrat": "⚖", "zealot": "♛"}


# --------------------------------------------------------------------------- drawing


def ink_on(color: str) -> str:
    """Dark or white text, whichever contrasts more with ``color``."""
    return DARK if contrast_ratio(DARK, color) > contrast_ratio("#ffffff", color) else "#ffffff"


def type_ink(kind: str, factor: float) -> str:
    """The text colour of a district type: its ink, darkened by ``factor`` and as much more
    as 4.5:1 on the type's ground needs (and so on white paper in low ink)."""
    return legible(darker(TYPE_INK[kind], factor), TYPE_COLORS[kind])


def darker(color: str, factor: float = 0.6) -> str:
    r, g, b = hex_color(color)
    return "#{:02x}{:02x}{:02x}".format(*(round(v * factor * 255) for v in (r, g, b)))


def border_icon(c: Canvas, cx: float, cy: float, size: float, bar: str,
                ink: str = DARK) -> None:
    """A border: a thick bar with a double arrow across it."""
    c.saveState()
    c.setLineWidth(0.7)
    stroke_rgb(c, ink)
    fill_rgb(c, bar)
    c.rect(cx - size * 0.14, cy - size / 2, size * 0.28, size, stroke=1, fill=1)
    c.setLineWidth(max(0.8, size * 0.07))
    c.line(cx - size * 0.5, cy, cx + size * 0.5, cy)
    fill_rgb(c, ink)
    for direction in (-1, 1):
        tip = cx + direction * size * 0.55
        path = c.beginPath()
        path.moveTo(tip, cy)
        path.lineTo(tip - direction * size * 0.2, cy + size * 0.14)
        path.lineTo(tip - direction * size * 0.2, cy - size * 0.14)
        path.close()
        c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def metro_icon(c: Canvas, cx: float, cy: float, r: float, color: str, fonts: FontSet,
               component: str, inverse: bool = False) -> None:
    """A metro station: a disc of the line's colour with an M (``inverse``: a white disc
    with an M of the line's colour, for a background of that colour)."""
    c.saveState()
    c.setLineWidth(0.7)
    stroke_rgb(c, DARK)
    fill_rgb(c, "#ffffff" if inverse else color)
    c.circle(cx, cy, r, stroke=1, fill=1)
    if inverse:
        fill_rgb(c, legible(darker(color, 0.6)) if ink_on(color) == DARK else legible(color))
    else:
        fill_rgb(c, ink_on(color))
    text_box(c, "M", cx - r, cy - r, 2 * r, 2 * r, fonts=fonts, size=r * 1.45 / 1.0,
             min_size=3, component=component, bold=True, align="center", valign="middle",
             max_lines=1)
    c.restoreState()


def padlock(c: Canvas, cx: float, cy: float, size: float, color: str, low_ink: bool) -> None:
    """The padlock of the Heritage Protection."""
    c.saveState()
    stroke_rgb(c, color)
    c.setLineWidth(size * 0.11)
    body_w, body_h = size * 0.8, size * 0.58
    c.arc(cx - size * 0.27, cy - size * 0.05, cx + size * 0.27, cy + size * 0.62, 0, 180)
    c.line(cx - size * 0.27, cy + size * 0.28, cx - size * 0.27, cy + size * 0.05)
    c.line(cx + size * 0.27, cy + size * 0.28, cx + size * 0.27, cy + size * 0.05)
    fill_rgb(c, color)
    c.setLineWidth(size * 0.05)
    c.roundRect(cx - body_w / 2, cy - body_h, body_w, body_h, size * 0.08, stroke=1,
                fill=0 if low_ink else 1)
    fill_rgb(c, color if low_ink else "#ffffff")
    c.circle(cx, cy - body_h * 0.42, size * 0.08, stroke=0, fill=1)
    c.rect(cx - size * 0.03, cy - body_h * 0.8, size * 0.06, body_h * 0.38, stroke=0, fill=1)
    c.restoreState()


def pierce_mark(c: Canvas, cx: float, cy: float) -> None:
    """Where the paper fastener goes through."""
    c.saveState()
    c.setLineWidth(0.5)
    stroke_rgb(c, DARK)
    c.setFillColorRGB(1, 1, 1)
    c.circle(cx, cy, 1.4 * mm, stroke=1, fill=1)
    c.line(cx - 2.2 * mm, cy, cx + 2.2 * mm, cy)
    c.line(cx, cy - 2.2 * mm, cx, cy + 2.2 * mm)
    c.restoreState()
