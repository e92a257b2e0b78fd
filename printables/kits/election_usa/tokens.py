"""The coins, the pawn tokens and the Sincerity markers."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import election_usa as game

from ...draw import fill_rgb, stroke_rgb
from ...layout import CardBox, legible
from .data import COIN_COLORS, DARK, SINCERITY_BLUE, ink_on
from .drawing import KitDrawing


class Tokens(KitDrawing):
    """The tokens of the kit."""

    # ------------------------------------------------------------------ tokens

    def coin(self, value: int) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("coins")

        def draw(c: Canvas, box: CardBox) -> None:
            r = box.width / 2
            c.saveState()
            fill_rgb(c, "#ffffff" if box.low_ink else COIN_COLORS[value])
            stroke_rgb(c, DARK)
            c.setLineWidth(1)
            c.circle(r, r, r - 0.5 * mm, stroke=1, fill=1)
            c.circle(r, r, r - 2.2 * mm, stroke=1, fill=0)
            fill_rgb(c, DARK)
            self.box(c, self.t("coin", n=value), 3 * mm, r - 4 * mm, box.width - 6 * mm,
                     8 * mm, size=12, comp=comp, bold=True, align="center", valign="middle",
                     lines=1)
            c.restoreState()
        return draw

    def pawn(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        """A pawn disc with its colour's mark (greyscale prints tell the colours apart by
        it); in low ink an outline in the colour, the mark in black."""
        hex_ = game.COLOUR_HEX[colour]
        mark = self.marks[colour]
        comp = self.t("pawns")

        def draw(c: Canvas, box: CardBox) -> None:
            r = box.width / 2
            c.saveState()
            if box.low_ink:
                stroke_rgb(c, legible(hex_, ratio=3.0))
                c.setLineWidth(1.6)
                c.circle(r, r, r - 0.9 * mm, stroke=1, fill=0)
            else:
                fill_rgb(c, hex_)
                stroke_rgb(c, DARK)
                c.setLineWidth(0.8)
                c.circle(r, r, r - 0.6 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK if box.low_ink else ink_on(hex_))
            self.box(c, mark, 1.5 * mm, r - 3.5 * mm, box.width - 3 * mm, 7 * mm,
                     size=14 if len(mark) == 1 else 9, comp=comp, bold=True, align="center",
                     valign="middle", lines=1)
            c.restoreState()
        return draw

    def marker(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        hex_ = game.COLOUR_HEX[colour]
        comp = self.t("pawns")

        mark = self.marks[colour]

        def draw(c: Canvas, box: CardBox) -> None:
            s = box.width
            c.saveState()
            fill_rgb(c, "#ffffff" if box.low_ink else hex_)
            stroke_rgb(c, legible(hex_, ratio=3.0) if box.low_ink else SINCERITY_BLUE)
            c.setLineWidth(2)
            c.roundRect(1 * mm, 1 * mm, s - 2 * mm, s - 2 * mm, 3 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK if box.low_ink else ink_on(hex_))
            self.box(c, self.t("marker"), 2 * mm, s - 8.5 * mm, s - 4 * mm, 6 * mm,
                     size=12, comp=comp, bold=True, align="center", valign="middle", lines=1)
            self.box(c, mark, 2 * mm, 2.5 * mm, s - 4 * mm, s - 11.5 * mm,
                     size=24 if len(mark) == 1 else 16, comp=comp, bold=True, align="center",
                     valign="middle", lines=1)
            c.restoreState()
        return draw
