"""The cards: the candidates, Marine, the crowd (fronts and backs) and the summary card."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import background, fill_rgb, stroke_rgb
from ...layout import Card, CardBox, legible
from ...text import text_box
from .constants import GAME_NAME, MARINE_COLOR
from .drawing import (
    KitParts,
    draw_voter,
    figure_badge,
    party_name,
    reaction_mark,
    stars_row,
    voter_name,
)


class Cards(KitParts):
    """The cards of the kit."""

    # ------------------------------------------------------------------ cards

    def candidate_cards(self) -> list[Card]:
        return [Card(f"candidate-{i + 1}", self.candidate_front(cand))
                for i, cand in enumerate(self.d["candidates"])]

    def candidate_front(self, cand: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('candidates')}: {cand['name']}"
        party = self.parties[cand["party"]]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#fbf8f1")
            band = 20 * mm
            ink = legible(party["color"])  # white text on it, or it as text on white: 4.5:1
            if box.low_ink:
                stroke_rgb(c, ink)
                c.setLineWidth(1.2)
                c.rect(safe, h - band, w - 2 * safe, band - safe, stroke=1, fill=0)
                fill_rgb(c, ink)
            else:
                fill_rgb(c, ink)
                c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0, fill=1)
                c.setFillColorRGB(1, 1, 1)
            text_box(c, cand["name"], safe + 1 * mm, h - band + 5 * mm, w - 2 * safe - 2 * mm,
                     band - safe - 5 * mm, fonts=self.fonts, size=17, min_size=9,
                     component=comp, bold=True, align="center", valign="middle", max_lines=1)
            text_box(c, party_name(party, self.lang), safe, h - band + 1 * mm, w - 2 * safe,
                     4 * mm, fonts=self.fonts, size=7.5, min_size=5, component=comp,
                     align="center", valign="middle")
            # six voters, left (favourites) to right (worst nightmare)
            slot = (w - 2 * safe) / 6
            fig_y = h - band - 16 * mm
            for i, v in enumerate(cand["voters"]):
                cx = safe + slot * (i + 0.5)
                draw_voter(c, self.voters[v["voter"]], cx, fig_y, 12 * mm, box.low_ink, comp)
                reaction_mark(c, v["reaction"], cx, fig_y - 3 * mm, 2.3 * mm, box.low_ink, comp)
            # legend
            y = fig_y - 7 * mm
            line_h = 4.6 * mm
            for v in cand["voters"]:
                y -= line_h
                reaction_mark(c, v["reaction"], safe + 2 * mm, y + line_h / 2, 1.7 * mm,
                              box.low_ink, comp)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                label = (f"{voter_name(self.voters[v['voter']], self.lang)} — "
                         f"{self.t('reaction_' + v['reaction'])}")
                text_box(c, label, safe + 5 * mm, y, w - 2 * safe - 5 * mm, line_h,
                         fonts=self.fonts, size=7, min_size=5, component=comp,
                         valign="middle", max_lines=1,
                         bold=v["reaction"] == "nightmare")
            c.setFillColorRGB(0.2, 0.2, 0.2)
            text_box(c, self.t("candidate_help", crack=self.crack), safe, safe,
                     w - 2 * safe, y - safe - 1.5 * mm, fonts=self.fonts, size=6.5,
                     min_size=4.8, component=comp, align="center", valign="middle")
        return draw

    def marine_card(self) -> Card:
        comp = self.t("marine_card")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, MARINE_COLOR)
            if box.low_ink:
                stroke_rgb(c, MARINE_COLOR)
                c.setLineWidth(1.5)
                c.rect(safe, safe, w - 2 * safe, h - 2 * safe, stroke=1, fill=0)
                fill_rgb(c, MARINE_COLOR)
            else:
                c.setFillColorRGB(1, 1, 1)
            text_box(c, "Marine", safe, h - 24 * mm, w - 2 * safe, 18 * mm, fonts=self.fonts,
                     size=26, min_size=14, component=comp, bold=True, align="center",
                     valign="middle")
            cx, cy, r = w / 2, h - 40 * mm, 12 * mm
            c.saveState()
            if box.low_ink:
                stroke_rgb(c, MARINE_COLOR)
            else:
                c.setStrokeColorRGB(1, 1, 1)
            c.setLineWidth(1.5)
            c.circle(cx, cy, r, stroke=1, fill=0)
            c.restoreState()
            text_box(c, "M", cx - r, cy - r, 2 * r, 2 * r, fonts=self.fonts, size=30,
                     min_size=14, component=comp, bold=True, align="center", valign="middle")
            text_box(c, self.t("marine_help", top=self.track["top"],
                               start=self.track["marine_start"]),
                     safe + 1 * mm, safe + 1 * mm, w - 2 * safe - 2 * mm, cy - r - safe - 4 * mm,
                     fonts=self.fonts, size=7.5, min_size=5, component=comp, align="center",
                     valign="middle")
        return Card("marine", draw)

    def crowd_cards(self) -> list[Card]:
        cards = self.d["crowd_cards"]
        return [Card(f"crowd-{card['id']}", self.crowd_front(card, len(cards)),
                     self.crowd_back(card)) for card in cards]

    def crowd_front(self, card: Mapping[str, Any], total: int) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('crowd')} {card['id']}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#f2ede2")
            c.setFillColorRGB(0.35, 0.3, 0.25)
            text_box(c, self.t("crowd_title"), safe, h - safe - 6 * mm, w - 2 * safe, 6 * mm,
                     fonts=self.fonts, size=9, min_size=6, component=comp, bold=True,
                     align="center", valign="middle")
            voters = [self.voters[v] for v in card["voters"]]
            slot = (w - 2 * safe) / len(voters)
            for i, voter in enumerate(voters):
                cx = safe + slot * (i + 0.5)
                draw_voter(c, voter, cx, 30 * mm, 38 * mm, box.low_ink, comp)
                c.setFillColorRGB(0.1, 0.1, 0.1)
                text_box(c, voter_name(voter, self.lang), cx - slot / 2 + 0.5 * mm, 16 * mm,
                         slot - 1 * mm, 12 * mm, fonts=self.fonts, size=9, min_size=6,
                         component=comp, bold=True, align="center", valign="top", max_lines=3)
            c.setFillColorRGB(0.45, 0.42, 0.38)
            text_box(c, f"{card['id']}/{total}", w - safe - 15 * mm, safe, 15 * mm, 4 * mm,
                     fonts=self.fonts, size=6, min_size=5, component=comp, align="right",
                     valign="bottom")
        return draw

    def crowd_back(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        """The stress of every party in a row of strips along both short edges, all read
        with the card upright: slid under a candidate card so one short edge sticks out,
        every player reads their own colour's strip at the same place."""
        comp = f"{self.t('crowd')} {card['id']} ({self.t('backs')})"
        corner = card["corner"]
        parties = list(self.d["parties"])

        def strips(c: Canvas, box: CardBox, y0: float, band: float, outer: float) -> None:
            """A row of strips from ``y0`` up ``band`` high; ``outer`` (+1 top, -1 bottom)
            says which side is the card's edge, where the fill runs into the bleed."""
            w, safe = box.width, box.safe
            step = (w - 2 * safe) / len(parties)
            gap = 0.8 * mm
            for i, party in enumerate(parties):
                x0 = safe + i * step + gap / 2
                x1 = x0 + step - gap
                fx0 = -box.bleed if i == 0 else x0
                fx1 = w + box.bleed if i == len(parties) - 1 else x1
                ink = legible(party["color"])  # white on it, or it on white: 4.5:1
                c.saveState()
                if box.low_ink:
                    stroke_rgb(c, ink)
                    c.setLineWidth(1.0)
                    ry0 = y0 if outer > 0 else y0 + safe - 1.5 * mm
                    c.rect(x0, ry0, x1 - x0, band - safe + 1.5 * mm, stroke=1, fill=0)
                    fill_rgb(c, ink)
                else:
                    fill_rgb(c, ink)
                    fy0 = y0 if outer > 0 else y0 - box.bleed
                    c.rect(fx0, fy0, fx1 - fx0, band + box.bleed, stroke=0, fill=1)
                    c.setFillColorRGB(1, 1, 1)
                ty = y0 if outer > 0 else y0 + safe  # text stays inside the safe area
                text_box(c, str(card["stress"][party["id"]]), x0, ty + 3.4 * mm, x1 - x0,
                         band - safe - 3.4 * mm, fonts=self.fonts, size=15, min_size=10,
                         component=comp, bold=True, align="center", valign="middle",
                         max_lines=1)
                text_box(c, party_name(party, self.lang), x0, ty + 0.6 * mm, x1 - x0,
                         2.8 * mm, fonts=self.fonts, size=6, min_size=6, component=comp,
                         align="center", valign="middle", max_lines=1)
                c.restoreState()

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#ffffff")
            band = 12 * mm
            strips(c, box, h - band, band, +1)
            strips(c, box, 0, band, -1)
            c.setFillColorRGB(0.35, 0.35, 0.35)
            for y in (h - band - 4 * mm, band + 0.5 * mm):
                text_box(c, self.t("stress"), safe, y, w - 2 * safe, 3.5 * mm,
                         fonts=self.fonts, size=6.5, min_size=6, component=comp,
                         align="center", valign="middle", max_lines=1)
            if corner != "none":
                figure = self.journalists.get(corner)
                r = 4.6 * mm
                for fx, fy in ((safe + r, band + 1 * mm + r),
                               (w - safe - r, band + 1 * mm + r),
                               (safe + r, h - band - 1 * mm - r),
                               (w - safe - r, h - band - 1 * mm - r)):
                    figure_badge(c, figure, corner == "marine", fx, fy, r, box, self.lang, comp)
            stars_row(c, card["stars"], w / 2, h / 2 + 4 * mm, 13 * mm, box.low_ink, comp)
            c.setFillColorRGB(0.4, 0.4, 0.4)
            text_box(c, GAME_NAME, safe + 2 * mm, h / 2 - 14 * mm, w - 2 * safe - 4 * mm,
                     6 * mm, fonts=self.fonts, size=6.5, min_size=6, component=comp,
                     align="center", valign="middle", bold=True)
        return draw

    def summary_card(self) -> Card:
        comp = self.t("summary")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#fff7d6")
            c.setFillColorRGB(0.1, 0.1, 0.1)
            text_box(c, f"{GAME_NAME} — {self.t('summary_title')}", safe, h - safe - 7 * mm,
                     w - 2 * safe, 7 * mm, fonts=self.fonts, size=9, min_size=6,
                     component=comp, bold=True, align="center", valign="middle")
            body = self.t("summary_text", crack=self.crack, four=self.four,
                          top=self.track["top"])
            body = "\n".join(f"• {line}" for line in body.split("\n"))
            text_box(c, body, safe + 0.5 * mm, safe + 12 * mm, w - 2 * safe - 1 * mm,
                     h - 2 * safe - 20 * mm, fonts=self.fonts, size=7.5, min_size=4.6,
                     component=comp, leading=1.2)
            # the four journalists, for the Rule of 4
            r = 4.6 * mm  # as on the crowd backs: the medium's name stays 6 pt
            step = (w - 2 * safe) / 4
            for i, j in enumerate(self.d["journalists"]):
                figure_badge(c, j, False, safe + step * (i + 0.5), safe + 5.2 * mm, r, box,
                             self.lang, comp)
        return Card("summary", draw, self.summary_back())

    def summary_back(self) -> Callable[[Canvas, CardBox], None]:
        def draw(c: Canvas, box: CardBox) -> None:
            background(c, box, "#fff7d6")
            c.setFillColorRGB(0.3, 0.3, 0.3)
            text_box(c, GAME_NAME, box.safe, box.height / 2 - 8 * mm, box.width - 2 * box.safe,
                     16 * mm, fonts=self.fonts, size=14, min_size=8, component=self.t("summary"),
                     bold=True, align="center", valign="middle")
        return draw
