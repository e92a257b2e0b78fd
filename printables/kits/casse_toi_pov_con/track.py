"""The popularity track and the sheet of tokens that move on it."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import end_marked, fill_rgb, marked, stroke_rgb
from ...layout import Card, CardBox, legible
from ...text import text_box
from .constants import (
    GAME_NAME,
    MARINE_COLOR,
    TOKEN,
    TOKEN_GAP_MM,
    TOKEN_SHEET_GAP_MM,
    TRACK_LABEL_MM,
    TRACK_ROW_MM,
)
from .drawing import KitParts


class Track(KitParts):
    """The track and the tokens of the kit."""

    def track_page(self) -> Callable[[Canvas], None]:
        """The popularity track on one sheet: a row per space, top to bottom, each long
        enough for every candidate's token and Marine's side by side."""
        comp = self.t("track")
        top = self.track["top"]
        start = self.track["start"]
        yellow_after = self.track["yellow_line_after"]
        page_w, page_h = self.s.page_size
        fonts = self.fonts
        low_ink = self.s.low_ink
        slots = len(self.d["candidates"]) + 1  # every candidate and Marine
        label_w = TRACK_LABEL_MM * mm
        row_w = label_w + slots * TOKEN[0] * mm + (slots + 1) * TOKEN_GAP_MM * mm
        row_h = TRACK_ROW_MM * mm
        left = (page_w - row_w) / 2

        def draw(c: Canvas) -> None:
            y = page_h - 15 * mm
            c.setFillColorRGB(0.1, 0.1, 0.1)
            text_box(c, f"{GAME_NAME} — {self.t('track_title')}", left, y - 8 * mm, row_w,
                     8 * mm, fonts=fonts, size=14, min_size=9, component=comp, bold=True,
                     valign="middle", max_lines=1)
            text_box(c, self.t("track_help", n=slots), left, y - 17 * mm, row_w, 8 * mm,
                     fonts=fonts, size=8.5, min_size=6.5, component=comp, valign="middle")
            c.setFillColorRGB(0.25, 0.25, 0.25)
            text_box(c, self.t("win", top=top) + "  ▲ " + self.t("marine_here"), left,
                     y - 24 * mm, row_w, 5 * mm, fonts=fonts, size=8, min_size=6,
                     component=comp, bold=True, valign="bottom", max_lines=1)
            y -= 25 * mm
            for space in range(top, -1, -1):
                y -= row_h
                marked(c, "Space", str(space))
                c.saveState()
                c.setLineWidth(1.0)
                c.setStrokeColorRGB(0.15, 0.15, 0.15)
                if space == start and not low_ink:
                    fill_rgb(c, "#cfe8d4")
                else:
                    c.setFillColorRGB(1, 1, 1)
                c.rect(left, y, row_w, row_h - TOKEN_GAP_MM * mm, stroke=1, fill=1)
                c.restoreState()
                inner_h = row_h - TOKEN_GAP_MM * mm
                c.setFillColorRGB(0.1, 0.1, 0.1)
                text_box(c, str(space), left, y + (4 * mm if space == start else 0), label_w,
                         inner_h - (4 * mm if space == start else 0), fonts=fonts, size=16,
                         min_size=9, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
                if space == start:
                    text_box(c, self.t("start"), left, y + 0.8 * mm, label_w, 4 * mm,
                             fonts=fonts, size=7, min_size=6, component=comp, bold=True,
                             align="center", valign="middle", max_lines=1)
                # a faint outline where each token goes
                c.saveState()
                c.setLineWidth(0.3)
                c.setStrokeColorRGB(0.6, 0.6, 0.6)
                c.setDash(1, 1.5)
                ty = y + (inner_h - TOKEN[1] * mm) / 2
                for k in range(slots):
                    tx = left + label_w + TOKEN_GAP_MM * mm + k * (TOKEN[0] + TOKEN_GAP_MM) * mm
                    c.roundRect(tx, ty, TOKEN[0] * mm, TOKEN[1] * mm, 1.2 * mm, stroke=1,
                                fill=0)
                c.restoreState()
                end_marked(c)
                if space == yellow_after + 1:
                    # the yellow line lies between this space and the one below
                    c.saveState()
                    fill_rgb(c, "#f5c542")
                    stroke_rgb(c, "#c99a06")
                    c.setLineWidth(0.6)
                    c.rect(left - 3 * mm, y - TOKEN_GAP_MM * mm * 0.5 - 1.2 * mm,
                           row_w + 6 * mm, 2.4 * mm, stroke=1, fill=1)
                    c.restoreState()
                    y -= 2 * mm
            c.setFillColorRGB(0.25, 0.25, 0.25)
            text_box(c, self.t("lose") + " · " + self.t("yellow_line_help",
                                                        after=yellow_after),
                     left, y - 7 * mm, row_w, 6 * mm, fonts=fonts, size=8, min_size=6,
                     component=comp, valign="top", max_lines=2)
        return draw

    def token_sheet(self) -> Card:
        """The nine tokens (eight candidates and Marine's marker), 3 by 3 in one card's
        place, each outlined where it is cut; on the back, each token's name again at the
        place its front turns over onto (mirrored as the sheet's backs are), so a token
        reads on both faces."""
        tokens = [(f"token-{i + 1}", cand["name"],
                   legible(self.parties[cand["party"]]["color"]))
                  for i, cand in enumerate(self.d["candidates"])]
        tokens.append(("token-marine", "Marine", MARINE_COLOR))
        tw, th, gap = TOKEN[0] * mm, TOKEN[1] * mm, TOKEN_SHEET_GAP_MM * mm
        flip_rows = self.s.duplex in ("short", "gutterfold")  # as back_position mirrors

        def face(back: bool) -> Callable[[Canvas, CardBox], None]:
            def draw(c: Canvas, box: CardBox) -> None:
                x0 = (box.width - 3 * tw - 2 * gap) / 2
                y0 = (box.height - 3 * th - 2 * gap) / 2
                token_box = CardBox(tw, th, 0.0, 0.0, box.settings)
                for index, (ident, name, color) in enumerate(tokens):
                    row, col = divmod(index, 3)
                    if back:
                        row, col = (2 - row, col) if flip_rows else (row, 2 - col)
                    x, y = x0 + col * (tw + gap), y0 + (2 - row) * (th + gap)
                    marked(c, "Token", ident)
                    c.rect(x, y, tw, th, stroke=0, fill=0)  # where it is (for tests)
                    end_marked(c)
                    c.saveState()
                    c.translate(x, y)
                    self.token(name, color)(c, token_box)
                    c.setStrokeColorRGB(0.3, 0.3, 0.3)
                    c.setLineWidth(0.3)
                    c.rect(0, 0, tw, th, stroke=1, fill=0)  # the cut
                    c.restoreState()
            return draw

        return Card("tokens", face(False), face(True))

    def token(self, name: str, color: str) -> Callable[[Canvas, CardBox], None]:
        """A flat token, its name on both faces: nine of them lie side by side on a space."""
        comp = f"{self.t('tokens')}: {name}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            c.saveState()
            fill_rgb(c, color)
            if box.low_ink:
                stroke_rgb(c, color)
                c.setLineWidth(1.2)
                c.roundRect(0.6, 0.6, w - 1.2, h - 1.2, 1.2 * mm, stroke=1, fill=0)
            else:
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed,
                       stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
            text_box(c, name, 1 * mm, 0.5 * mm, w - 2 * mm, h - 1 * mm, fonts=self.fonts,
                     size=7.5, min_size=6, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
            c.restoreState()
        return draw
