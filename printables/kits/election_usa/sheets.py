"""The player aid and the final-scoring sheet."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import election_usa as game

from ...draw import fill_rgb, stroke_rgb
from ...layout import CardBox
from .data import ACTION_COLOR, DARK, GAME_NAME
from .drawing import KitDrawing


class Sheets(KitDrawing):
    """The player aid and the score sheet of the kit."""

    # ------------------------------------------------------------------ aid and sheet

    def aid(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("aids")
        blocks = ["aid_turn", "aid_fundraising", "aid_policy", "aid_advertising", "aid_chain",
                  "aid_end", "aid_scoring"]

        def draw(c: Canvas, box: CardBox) -> None:
            safe = box.safe + 2 * mm
            w, h = box.width, box.height
            c.saveState()
            stroke_rgb(c, ACTION_COLOR)
            c.setLineWidth(1.2)
            c.roundRect(box.safe, box.safe, w - 2 * box.safe, h - 2 * box.safe, 3 * mm,
                        stroke=1, fill=0)
            fill_rgb(c, ACTION_COLOR)
            self.box(c, f"{GAME_NAME} — {self.t('aid_title')}", safe, h - safe - 8 * mm,
                     w - 2 * safe, 8 * mm, size=13, comp=comp, bold=True, lines=1)
            fill_rgb(c, DARK)
            self.box(c, self.t("aid_start", money=game.START["money"], pawns=game.START["pawns"],
                               sincerity=game.START["sincerity"],
                               reserve=self.values["reserve"]),
                     safe, h - safe - 14 * mm, w - 2 * safe, 5.5 * mm, size=10, comp=comp,
                     lines=1)
            top = h - safe - 15 * mm
            each = (top - safe) / len(blocks)
            for i, key in enumerate(blocks):
                value = self.t(key, malus=self.values["skeleton_malus"])
                self.box(c, value, safe, top - (i + 1) * each, w - 2 * safe, each - 1 * mm,
                         size=10.5, min_size=6, comp=comp, lines=3)
            c.restoreState()
        return draw

    def score_sheet(self) -> Callable[[Canvas], None]:
        comp = self.t("score_sheet")
        page_w, page_h = self.s.page_size

        def draw(c: Canvas) -> None:
            left, width = 18 * mm, page_w - 36 * mm
            top = page_h - 20 * mm
            fill_rgb(c, DARK)
            self.box(c, f"{GAME_NAME} — {self.t('sheet_title')}", left, top - 10 * mm, width,
                     10 * mm, size=16, comp=comp, bold=True, lines=1)
            self.box(c, self.t("sheet_help"), left, top - 22 * mm, width, 11 * mm, size=9,
                     comp=comp, lines=2)
            first_w = 62 * mm
            col_w = (width - first_w) / game.MAX_PLAYERS
            row_h = 14 * mm
            labels = [self.t("player")]
            for region in game.REGIONS:
                a, b, p3 = self.points[region["id"]]
                labels.append(f"{self.region_name(region)}  ({a}/{b}/{p3})")
            labels += [self.t("malus_row", n=self.values["skeleton_malus"]), self.t("total"),
                       self.t("policy_row")]
            y = top - 26 * mm
            c.setLineWidth(0.6)
            stroke_rgb(c, DARK)
            for i, label in enumerate(labels):
                y -= row_h
                bold = i in (0, len(labels) - 2)
                self.box(c, label, left + 1.5 * mm, y + 1 * mm, first_w - 3 * mm, row_h - 2 * mm,
                         size=10, min_size=7, comp=comp, bold=bold, valign="middle", lines=2)
                c.line(left, y, left + width, y)
            bottom = y
            c.line(left, top - 26 * mm, left + width, top - 26 * mm)
            for i in range(game.MAX_PLAYERS + 1):
                x = left + first_w + i * col_w
                c.line(x, top - 26 * mm, x, bottom)
            c.line(left, top - 26 * mm, left, bottom)
        return draw
