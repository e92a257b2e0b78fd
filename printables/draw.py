"""Drawing helpers every kit shares: colours by hex code, a card's background, marked
content sections that tests (and curious users) find in the PDF."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .layout import CardBox, contrast_ratio, hex_color


def fill_rgb(c: Canvas, color: str) -> None:
    c.setFillColorRGB(*hex_color(color))


def stroke_rgb(c: Canvas, color: str) -> None:
    c.setStrokeColorRGB(*hex_color(color))


def background(c: Canvas, box: CardBox, color: str) -> None:
    """Fill the card and its bleed, unless printing in low-ink mode."""
    if box.low_ink:
        return
    fill_rgb(c, color)
    c.rect(-box.bleed, -box.bleed, box.width + 2 * box.bleed, box.height + 2 * box.bleed,
           stroke=0, fill=1)


def marked(c: Canvas, tag: str, ident: str) -> None:
    """Open a marked-content section ``/tag <</ID (ident)>> BDC``; close it with
    ``end_marked``."""
    c._code.append(f"/{tag} <</ID ({ident})>> BDC")  # noqa: SLF001


def end_marked(c: Canvas) -> None:
    c._code.append("EMC")  # noqa: SLF001


def ink_on(color: str, dark: str = "#222222") -> str:
    """``dark`` or white text, whichever contrasts more with a fill of ``color``."""
    return dark if contrast_ratio(dark, color) > contrast_ratio("#ffffff", color) else "#ffffff"
