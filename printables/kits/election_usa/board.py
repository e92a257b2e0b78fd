"""The board (the map's six regions and the Sincerity track) and the ten-card display mat."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import election_usa as game

from ...draw import fill_rgb, stroke_rgb
from .data import (
    BOARD_COL_MM,
    BOARD_COLS,
    BOARD_H_MM,
    BOARD_MARGIN_MM,
    BOARD_W_MM,
    DARK,
    MAT_H_MM,
    MAT_LEFT_MM,
    MAT_SLOT_GAP_MM,
    MAT_W_MM,
    PAPER,
    POKER,
    REGION_FILL,
    SINCERITY_BLUE,
    TRACK_SLOTS_PER_COL,
)
from .drawing import KitDrawing


class Board(KitDrawing):
    """The board and the display mat of the kit."""

    # ------------------------------------------------------------------ the board

    def board_drawer(self) -> Callable[[Canvas], None]:
        comp = self.t("board")
        low_ink = self.s.low_ink
        width, height = BOARD_W_MM * mm, BOARD_H_MM * mm
        margin = BOARD_MARGIN_MM * mm
        track_h = 42 * mm
        title_h = 16 * mm
        rows = 2
        cw = BOARD_COL_MM * mm
        ch = (height - 2 * margin - track_h - title_h) / rows
        map_top = height - margin - title_h

        def draw(c: Canvas) -> None:
            c.saveState()
            if not low_ink:
                fill_rgb(c, PAPER)
                c.rect(0, 0, width, height, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(1.2)
            c.rect(margin / 2, margin / 2, width - margin, height - margin, stroke=1, fill=0)
            fill_rgb(c, DARK)
            # the title keeps to the first column: no cut line runs through it
            self.box(c, self.t("board_title"), margin + 2 * mm, map_top + 1 * mm,
                     cw - 4 * mm, title_h - 2 * mm, size=15, min_size=10, comp=comp,
                     bold=True, valign="middle", lines=2)
            for region in game.REGIONS:
                x = margin + region["col"] * cw
                y = map_top - (region["row"] + region["h"]) * ch
                w, h = region["w"] * cw, region["h"] * ch
                c.saveState()
                fill_rgb(c, "#ffffff" if low_ink else REGION_FILL)
                stroke_rgb(c, DARK)
                c.setLineWidth(1.5)
                c.roundRect(x + 2 * mm, y + 2 * mm, w - 4 * mm, h - 4 * mm, 4 * mm, stroke=1,
                            fill=1)
                c.restoreState()
                fill_rgb(c, DARK)
                self.box(c, self.region_name(region), x + 5 * mm, y + h - 20 * mm,
                         w - 10 * mm, 15 * mm, size=20, comp=comp, bold=True, align="center",
                         valign="middle", lines=2)
                a, b, p3 = self.points[region["id"]]
                self.box(c, self.t("places", a=a, b=b, c=p3), x + 5 * mm, y + h - 32 * mm,
                         w - 10 * mm, 11 * mm, size=17, comp=comp, align="center",
                         valign="middle", lines=1)
            self.sincerity_track(c, margin, margin + 2 * mm, cw / TRACK_SLOTS_PER_COL,
                                 track_h - 12 * mm, comp)
            c.restoreState()
        return draw

    def sincerity_track(self, c: Canvas, x: float, y: float, step: float, h: float,
                        comp: str) -> None:
        """The track in slots of ``step``, five to a column of the map: the label in the
        first two, one space in each of the next 16, the victory-point note in the last
        two. No space or text crosses a column line."""
        fill_rgb(c, SINCERITY_BLUE)
        self.box(c, self.t("sincerity"), x + 2 * mm, y, 2 * step - 4 * mm, h, size=16,
                 comp=comp, bold=True, valign="middle", lines=1)
        for i, value in enumerate(range(game.SINCERITY_MIN, game.SINCERITY_MAX + 1)):
            bx = x + (2 + i) * step
            c.saveState()
            start = value == game.START["sincerity"]
            fill_rgb(c, "#ffffff" if self.s.low_ink or not start else "#d7e6f7")
            stroke_rgb(c, SINCERITY_BLUE)
            c.setLineWidth(2 if start else 1)
            c.rect(bx + 1.2 * mm, y, step - 2.4 * mm, h, stroke=1, fill=1)
            fill_rgb(c, SINCERITY_BLUE)
            self.box(c, str(value), bx + 1.5 * mm, y + h / 3, step - 3 * mm,
                     h * 2 / 3 - 1 * mm, size=16, comp=comp, bold=True, align="center",
                     valign="middle", lines=1)
            if start:
                self.box(c, self.t("start"), bx + 1.5 * mm, y + 1 * mm, step - 3 * mm, h / 3,
                         size=8, comp=comp, align="center", valign="middle", lines=1)
            c.restoreState()
        used = 2 + game.SINCERITY_MAX - game.SINCERITY_MIN + 1
        fill_rgb(c, DARK)
        self.box(c, self.t("places_note"), x + used * step + 2 * mm, y,
                 (TRACK_SLOTS_PER_COL * BOARD_COLS - used) * step - 4 * mm, h, size=9,
                 min_size=7, comp=comp, valign="middle")

    # ------------------------------------------------------------------ the display mat

    def mat_slots(self) -> list[tuple[int, str]]:
        """The ten places in the phones' order, with where each lies round the board."""
        places: list[tuple[int, str]] = []
        for where, count in zip(("above", "left", "right", "below"), game.LAYOUT, strict=True):
            places += [(len(places) + i + 1, where) for i in range(count)]
        return places

    def mat_drawer(self) -> Callable[[Canvas], None]:
        comp = self.t("mat")
        width, height = MAT_W_MM * mm, MAT_H_MM * mm
        slot_w, slot_h = POKER[0] * mm, POKER[1] * mm

        def draw(c: Canvas) -> None:
            c.saveState()
            stroke_rgb(c, DARK)
            c.setLineWidth(1)
            c.rect(3 * mm, 3 * mm, width - 6 * mm, height - 6 * mm, stroke=1, fill=0)
            fill_rgb(c, DARK)
            # the title above the first two places, the help above the next two: no text
            # crosses the gaps the mat is cut at
            two = 2 * slot_w + MAT_SLOT_GAP_MM * mm
            self.box(c, self.t("mat_title"), MAT_LEFT_MM * mm, height - 30 * mm, two,
                     22 * mm, size=16, min_size=11, comp=comp, bold=True, valign="middle",
                     lines=2)
            self.box(c, self.t("mat_help"), MAT_LEFT_MM * mm + two + MAT_SLOT_GAP_MM * mm,
                     height - 30 * mm, two, 23 * mm, size=9, min_size=7, comp=comp,
                     valign="middle", lines=5)
            for index, (number, where) in enumerate(self.mat_slots()):
                col, row = index % 5, index // 5
                x = MAT_LEFT_MM * mm + col * (slot_w + MAT_SLOT_GAP_MM * mm)
                y = height - 30 * mm - (row + 1) * (slot_h + 4 * mm)
                c.setDash(4, 3)
                c.roundRect(x, y, slot_w, slot_h, 3 * mm, stroke=1, fill=0)
                c.setDash()
                self.box(c, self.t("slot", n=number), x + 3 * mm, y + slot_h / 2,
                         slot_w - 6 * mm, 12 * mm, size=18, comp=comp, bold=True,
                         align="center", valign="middle", lines=1)
                self.box(c, self.t(where), x + 3 * mm,
                         y + slot_h / 2 - 10 * mm, slot_w - 6 * mm, 8 * mm, size=10,
                         comp=comp, align="center", valign="middle", lines=1)
            c.restoreState()
        return draw
