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


def mark_letters(names: dict[str, str]) -> dict[str, str]:
    """Each player colour's mark, printed on its pieces so a greyscale print tells them
    apart (red and blue print as the same grey): the shortest start of its name in the
    kit's language that no other colour's name starts with (Red R, Blue B; Bleu Ble, Blanc
    Bla; 빨간색 빨, 파란색 파)."""
    marks: dict[str, str] = {}
    for key, name in names.items():
        others = [n.upper() for k, n in names.items() if k != key]
        word = name.upper()
        n = 1
        while n < len(word) and any(o.startswith(word[:n]) for o in others):
            n += 1
        marks[key] = word[:n].capitalize()
    return marks


def shows(c: Canvas, x: float, y: float, width: float, height: float) -> bool:
    """Whether the box (board coordinates) shows on the page being drawn: a tiled board's
    page shows its tile's window only (``board_window``, set by the tile drawers), and what
    lies wholly outside is left out rather than drawn and clipped, so its text is not in
    the page's text either."""
    window = getattr(c, "board_window", None)
    if window is None:
        return True
    wx, wy, ww, wh = window
    e = 0.01  # a box that only touches the window's edge (at a cut line) is not on it
    return x < wx + ww - e and x + width > wx + e and y < wy + wh - e and y + height > wy + e
