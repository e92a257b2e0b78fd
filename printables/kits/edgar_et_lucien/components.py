"""The pieces that are not cards: the influence tokens, the pawns, the movement wheels
and the tokens and markers."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import fill_rgb, stroke_rgb
from ...layout import Card, CardBox, Document, Page, legible
from ...text import symbol, text_box
from .parts import Parts
from .style import (
    DARK,
    GAME_NAME,
    PAWN_TAB_MM,
    WHEEL_RADIUS_MM,
    border_icon,
    ink_on,
    metro_icon,
    padlock,
    pierce_mark,
)


class ComponentParts(Parts):
    """The influence tokens, the pawns, the wheels and the tokens."""

    # ------------------------------------------------------------------ pieces

    def influence_tokens(self) -> list[Card]:
        """16 tokens per player colour: the symbol face up on a district, the padlock face
        for the holder of the Heritage Protection; duplex, registered like the cards."""
        count = self.d["influence"]["tokens"]
        return [Card(f"influence-{colour}-{n + 1}", self.influence_face(colour, False),
                     self.influence_face(colour, True))
                for colour in self.d["players"]["colours"] for n in range(count)]

    def influence_face(self, colour: str, locked: bool) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('influence')}: {self.colour_name(colour)}"
        player = self.player_colours[colour]

        def draw(c: Canvas, box: CardBox) -> None:
            w = box.width
            r = w / 2 - 0.4 * mm
            ink = legible(player) if box.low_ink else ink_on(player)
            # the ring in the symbol's ink on the colour (white on red and blue, dark on
            # yellow and white), so every colour's token is ringed alike; on white paper
            # in low ink, the colour itself, darkened to show
            if box.low_ink:
                outline = DARK if colour == "white" else legible(player, ratio=3.0)
            else:
                outline = ink
            c.saveState()
            if not box.low_ink:
                fill_rgb(c, player)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, w + 2 * box.bleed,
                       stroke=0, fill=1)
            stroke_rgb(c, outline)
            c.setLineWidth(1.0)
            c.circle(w / 2, w / 2, r, stroke=1, fill=0)
            if locked:
                padlock(c, w / 2, w / 2 + 2.6 * mm, 5.6 * mm, ink, True)
            else:
                fill_rgb(c, ink)
                symbol(c, "⚜", w / 2, w / 2 + 1.6 * mm, 6.5 * mm, comp)
            fill_rgb(c, ink)
            text_box(c, self.colour_name(colour), 1.5 * mm, 1.6 * mm, w - 3 * mm, 3 * mm,
                     fonts=box.fonts, size=6, min_size=6, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            c.restoreState()
        return draw

    def pawns(self) -> list[Card]:
        return [Card(f"pawn-{who}-{colour}", self.pawn(who, colour))
                for who in ("edgar", "lucien") for colour in self.d["players"]["colours"]]

    def pawn(self, who: str, colour: str) -> Callable[[Canvas, CardBox], None]:
        """A fold-over standee: the figure twice, head to head across the middle fold, and
        a base tab at each end; folded, the figures are glued back to back and the tabs
        open out as its base."""
        name = "Edgar" if who == "edgar" else "Lucien"
        comp = f"{self.t('pawns')}: {name} {self.colour_name(colour)}"
        player = self.player_colours[colour]
        mark = self.marks[colour]

        def figure(c: Canvas, w: float, h: float, box: CardBox) -> None:
            """One face, feet at y = 0, head towards y = h."""
            ink = legible(player) if box.low_ink else ink_on(player)
            fill_rgb(c, ink)
            stroke_rgb(c, ink)
            cx = w / 2
            c.circle(cx, h - 8.5 * mm, 3.6 * mm, stroke=0, fill=1)
            body = c.beginPath()
            body.moveTo(cx - 6 * mm, 7.5 * mm)
            body.lineTo(cx - 4 * mm, h - 13 * mm)
            body.lineTo(cx + 4 * mm, h - 13 * mm)
            body.lineTo(cx + 6 * mm, 7.5 * mm)
            body.close()
            c.drawPath(body, stroke=0, fill=1)
            if who == "edgar":  # a top hat
                c.rect(cx - 3 * mm, h - 5.6 * mm, 6 * mm, 4.2 * mm, stroke=0, fill=1)
                c.rect(cx - 4.6 * mm, h - 5.8 * mm, 9.2 * mm, 0.9 * mm, stroke=0, fill=1)
            else:  # a bow tie
                fill_rgb(c, player if not box.low_ink else "#ffffff")
                tie = c.beginPath()
                tie.moveTo(cx, h - 14.5 * mm)
                tie.lineTo(cx - 2.4 * mm, h - 13.3 * mm)
                tie.lineTo(cx - 2.4 * mm, h - 15.7 * mm)
                tie.lineTo(cx + 2.4 * mm, h - 13.3 * mm)
                tie.lineTo(cx + 2.4 * mm, h - 15.7 * mm)
                tie.close()
                c.drawPath(tie, stroke=0, fill=1)
            # the colour's mark on the chest, black on white: it reads in any grey
            chest = h - 19.2 * mm  # under Lucien's bow tie
            fill_rgb(c, "#ffffff")
            stroke_rgb(c, DARK)
            c.setLineWidth(0.5)
            c.circle(cx, chest, 3.2 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK)
            text_box(c, mark, cx - 3 * mm, chest - 2.5 * mm, 6 * mm, 5 * mm, fonts=box.fonts,
                     size=9 if len(mark) == 1 else 6, min_size=6, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            fill_rgb(c, ink)
            text_box(c, name.upper(), 1 * mm, 1.2 * mm, w - 2 * mm, 5 * mm, fonts=box.fonts,
                     size=7, min_size=6, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            tab = PAWN_TAB_MM * mm
            panel = (h - 2 * tab) / 2
            c.saveState()
            if not box.low_ink:
                fill_rgb(c, player)
                c.rect(-box.bleed, tab, w + 2 * box.bleed, 2 * panel, stroke=0, fill=1)
                fill_rgb(c, "#eeeeee")
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, tab + box.bleed, stroke=0,
                       fill=1)
                c.rect(-box.bleed, h - tab, w + 2 * box.bleed, tab + box.bleed, stroke=0,
                       fill=1)
            stroke_rgb(c, DARK if colour == "white" or box.low_ink else legible(player))
            c.setLineWidth(0.8)
            c.rect(0.4, 0.4, w - 0.8, h - 0.8, stroke=1, fill=0)
            # fold lines
            c.setLineWidth(0.5)
            stroke_rgb(c, DARK)
            c.setDash(2, 1.5)
            for y in (tab, tab + panel, h - tab):
                c.line(0, y, w, y)
            c.setDash()
            c.saveState()
            c.translate(0, tab)
            figure(c, w, panel, box)
            c.restoreState()
            c.saveState()
            c.translate(w, h - tab)
            c.rotate(180)
            figure(c, w, panel, box)
            c.restoreState()
            fill_rgb(c, DARK)
            for y, turn in ((tab / 2, 0), (h - tab / 2, 180)):
                c.saveState()
                c.translate(w / 2, y)
                c.rotate(turn)
                text_box(c, self.t("pawn_base"), -w / 2 + 1 * mm, -2.5 * mm, w - 2 * mm,
                         5 * mm, fonts=box.fonts, size=6, min_size=6, component=comp,
                         align="center", valign="middle", max_lines=2)
                c.restoreState()
            c.restoreState()
        return draw

    # ------------------------------------------------------------------ wheels and tokens

    def add_wheels(self, doc: Document) -> None:
        colours = list(self.d["players"]["colours"])
        pairs = [colours[i:i + 2] for i in range(0, len(colours), 2)]
        for n, pair in enumerate(pairs, start=1):
            self.add_single(doc, Page(self.t("wheels"),
                                      self.wheel_page(pair, n, len(pairs), n == 1)))

    def wheel_sectors(self) -> list[tuple[str, str | None]]:
        sectors: list[tuple[str, str | None]] = [("immobile", None)]
        sectors += [("border", c) for c in self.colours]
        sectors += [("metro", c) for c in self.colours]
        return sectors

    def wheel_page(self, colours: Sequence[str], number: int, total: int,
                   instructions: bool) -> Callable[[Canvas], None]:
        comp = self.t("wheels")
        fonts = self.fonts
        page_w, page_h = self.s.page_size
        radius = WHEEL_RADIUS_MM * mm
        del total

        def draw(c: Canvas) -> None:
            top = page_h - 12 * mm
            fill_rgb(c, DARK)
            text_box(c, f"{GAME_NAME} — {self.t('wheel_title', n=number)}", 15 * mm,
                     top - 8 * mm, page_w - 30 * mm, 8 * mm, fonts=fonts, size=13,
                     min_size=8, component=comp, bold=True, valign="middle", max_lines=1)
            cy = top - 12 * mm - radius
            centres = [page_w / 2 - 51 * mm, page_w / 2 + 51 * mm]
            for cx, colour in zip(centres, colours, strict=False):
                self.wheel_disc(c, cx, cy, radius, colour, comp)
                ny = cy - radius - 11 * mm
                self.needle(c, cx - 28 * mm, ny, 44 * mm, "Lucien", colour, comp)
                self.needle(c, cx - 28 * mm, ny - 15 * mm, 28 * mm, "Edgar", colour, comp)
            y = cy - radius - 37 * mm
            if instructions:
                fill_rgb(c, DARK)
                text_box(c, self.t("wheel_steps"), 15 * mm, 14 * mm, page_w - 30 * mm,
                         y - 14 * mm, fonts=fonts, size=9.5, min_size=6.5, component=comp,
                         leading=1.3)
            else:
                self.tokens(c, y, comp)
        return draw

    def wheel_disc(self, c: Canvas, cx: float, cy: float, radius: float, colour: str,
                   comp: str) -> None:
        fonts = self.fonts
        low_ink = self.s.low_ink
        sectors = self.wheel_sectors()
        span = 360 / len(sectors)
        inner = radius * 0.5
        player = self.player_colours[colour]
        c.saveState()
        # the disc and its cutting line
        c.setLineWidth(1.0)
        stroke_rgb(c, DARK)
        c.setFillColorRGB(1, 1, 1)
        c.circle(cx, cy, radius, stroke=1, fill=1)
        for i, (kind, line) in enumerate(sectors):
            centre = 90 - i * span
            start = centre - span / 2
            color = self.colours[line] if line else "#d9d9d9"
            c.saveState()
            fill_rgb(c, color)
            stroke_rgb(c, DARK)
            c.setLineWidth(0.6)
            if low_ink:
                stroke_rgb(c, color if line else DARK)
                c.setLineWidth(2.0)
            r_out = radius - 1.2 * mm
            c.wedge(cx - r_out, cy - r_out, cx + r_out, cy + r_out, start, span, stroke=1,
                    fill=0 if low_ink else 1)
            c.restoreState()
            # a metro sector carries a white band, like a line on a metro map
            angle = math.radians(centre)
            if kind == "metro" and not low_ink:
                c.saveState()
                c.setStrokeColorRGB(1, 1, 1)
                c.setLineWidth(1.6 * mm)
                r_band = radius - 3.6 * mm
                c.arc(cx - r_band, cy - r_band, cx + r_band, cy + r_band, start + 1.5,
                      span - 3)
                c.restoreState()
            ix = cx + math.cos(angle) * radius * 0.78
            iy = cy + math.sin(angle) * radius * 0.78
            if kind == "border":
                if low_ink:
                    border_icon(c, ix, iy, 7 * mm, color)
                else:
                    border_icon(c, ix, iy, 7 * mm, "#ffffff", ink_on(color))
            elif kind == "metro":
                metro_icon(c, ix, iy, 3.6 * mm, color, fonts, comp, inverse=not low_ink)
            else:
                c.saveState()
                fill_rgb(c, DARK)
                c.rect(ix - 2.2 * mm, iy - 2.2 * mm, 4.4 * mm, 4.4 * mm, stroke=0, fill=1)
                c.restoreState()
            label = (self.t("immobile") if kind == "immobile"
                     else f"{self.colour_name(line or '')}\n{self.t('kind_' + kind)}")
            c.saveState()
            c.translate(cx, cy)
            c.rotate(centre - 90)
            ink = DARK if low_ink or not line else ink_on(color)
            fill_rgb(c, ink)
            if kind == "metro" and not low_ink:
                fill_rgb(c, DARK if ink_on(color) == DARK else "#ffffff")
            r_text = inner + 1.2 * mm
            arc_w = 2 * r_text * math.tan(math.radians(span / 2)) * 0.9
            text_box(c, label, -arc_w / 2, r_text, arc_w, 6.4 * mm, fonts=fonts, size=7,
                     min_size=4.5, component=comp, bold=True, align="center",
                     valign="middle", max_lines=2)
            c.restoreState()
        # the inner disc: sector lines run to the hub, so a short needle reads too
        c.setFillColorRGB(1, 1, 1)
        c.setLineWidth(0.6)
        stroke_rgb(c, DARK)
        c.circle(cx, cy, inner, stroke=1, fill=1)
        c.setLineWidth(0.3)
        for i in range(len(sectors)):
            a = math.radians(90 - i * span - span / 2)
            c.line(cx + math.cos(a) * 7 * mm, cy + math.sin(a) * 7 * mm,
                   cx + math.cos(a) * inner, cy + math.sin(a) * inner)
        # the owner's colour
        stroke_rgb(c, player if colour != "white" else "#9a9a9a")
        c.setLineWidth(2.2)
        c.circle(cx, cy, inner - 2 * mm, stroke=1, fill=0)
        fill_rgb(c, DARK)
        text_box(c, self.t("wheel_player", colour=self.colour_name(colour)),
                 cx - inner * 0.7, cy - inner * 0.62, inner * 1.4, 4.5 * mm, fonts=fonts,
                 size=7, min_size=4.5, component=comp, bold=True, align="center",
                 valign="middle", max_lines=1)
        c.restoreState()
        pierce_mark(c, cx, cy)

    def needle(self, c: Canvas, px: float, py: float, length: float, who: str, colour: str,
               comp: str) -> None:
        """A needle lying to the right of its pivot hole; cut along its outline."""
        player = self.player_colours[colour]
        low_ink = self.s.low_ink
        hub, half = 4.6 * mm, 2.8 * mm
        c.saveState()
        path = c.beginPath()
        path.moveTo(px + hub * 0.6, py + half)
        path.lineTo(px + length - 7 * mm, py + half)
        path.lineTo(px + length, py)
        path.lineTo(px + length - 7 * mm, py - half)
        path.lineTo(px + hub * 0.6, py - half)
        path.arcTo(px - hub, py - hub, px + hub, py + hub, startAng=-38, extent=-284)
        path.close()
        fill_rgb(c, player)
        stroke_rgb(c, DARK)
        c.setLineWidth(0.7)
        if low_ink:
            stroke_rgb(c, player if colour != "white" else "#9a9a9a")
            c.setLineWidth(1.6)
        c.drawPath(path, stroke=1, fill=0 if low_ink else 1)
        fill_rgb(c, DARK if low_ink else ink_on(player))
        text_box(c, who.upper(), px + hub + 0.8 * mm, py - half, length - hub - 8.5 * mm,
                 2 * half, fonts=self.fonts, size=7, min_size=4.5, component=comp, bold=True,
                 align="center", valign="middle", max_lines=1)
        c.restoreState()
        pierce_mark(c, px, py)

    def tokens(self, c: Canvas, y: float, comp: str) -> None:
        """The Governor token, the first-player token and the paper markers."""
        fonts = self.fonts
        low_ink = self.s.low_ink
        page_w, _ = self.s.page_size
        r = 19 * mm
        cy = y - r - 4 * mm
        for cx, title, note, glyph, color in (
                (page_w / 2 - 62 * mm, self.t("governor"), self.t("governor_note"), "♛",
                 "#6b4f1d"),
                (page_w / 2 - 16 * mm, self.t("first_player"), "", "1", "#1d4f6b")):
            c.saveState()
            fill_rgb(c, color)
            stroke_rgb(c, color)
            c.setLineWidth(1.6)
            c.circle(cx, cy, r, stroke=1, fill=0 if low_ink else 1)
            fill_rgb(c, color if low_ink else "#ffffff")
            if glyph == "1":
                text_box(c, "1", cx - r, cy - 2 * mm, 2 * r, 14 * mm, fonts=fonts, size=30,
                         min_size=14, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
            else:
                symbol(c, glyph, cx, cy + 5 * mm, 15 * mm, comp)
            text_box(c, title, cx - r + 3 * mm, cy - 9 * mm, 2 * r - 6 * mm, 6 * mm,
                     fonts=fonts, size=9, min_size=5.5, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            if note:
                text_box(c, note, cx - r + 5 * mm, cy - 14 * mm, 2 * r - 10 * mm, 4.5 * mm,
                         fonts=fonts, size=6.5, min_size=4.5, component=comp,
                         align="center", valign="middle", max_lines=1)
            c.restoreState()
        # the markers: one per player colour for the popularity track, black for the tally
        mx = page_w / 2 + 14 * mm
        fill_rgb(c, DARK)
        text_box(c, self.t("markers"), mx - 4 * mm, cy + 9 * mm, page_w - mx - 10 * mm,
                 10 * mm, fonts=fonts, size=8, min_size=5.5, component=comp, bold=True,
                 valign="bottom")
        markers = [(self.player_colours[col], self.marks[col])
                   for col in self.d["players"]["colours"]]
        markers.append(("#111111", ""))
        mr = 6.5 * mm
        for i, (color, mark) in enumerate(markers):
            x = mx + (i % 3) * (2 * mr + 5 * mm) + mr
            yy = cy - (i // 3) * (2 * mr + 5 * mm)
            c.saveState()
            # a player's marker: its colour's mark (in low ink an outline with the mark)
            outline = low_ink and bool(mark)
            fill_rgb(c, "#ffffff" if outline else color)
            stroke_rgb(c, (DARK if color == "#ffffff" or not mark else legible(color, ratio=3.0))
                       if outline else DARK)
            c.setLineWidth(1.6 if outline else 0.7)
            c.circle(x, yy, mr, stroke=1, fill=1)
            if mark:
                fill_rgb(c, DARK if outline else ink_on(color))
                text_box(c, mark, x - mr, yy - 3 * mm, 2 * mr, 6 * mm, fonts=fonts,
                         size=14 if len(mark) == 1 else 9, min_size=6, component=comp,
                         bold=True, align="center", valign="middle", max_lines=1)
            c.restoreState()
        fill_rgb(c, DARK)
        text_box(c, self.t("tokens_help"), 15 * mm, cy - r - 12 * mm, page_w - 30 * mm,
                 6 * mm, fonts=fonts, size=8, min_size=6, component=comp, valign="middle")
