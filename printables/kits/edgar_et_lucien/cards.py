"""The cards: the play aids, the Manigance decks, the certificates, the Heritage
Protection card and the Cogs notes."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import background, end_marked, fill_rgb, marked, stroke_rgb
from ...layout import Card, CardBox, hex_color, legible
from ...text import BuildError, TextOverflow, draw_fitted, fit, symbol, text_box
from .parts import Parts
from .style import (
    CERTIFICATE_COLOR,
    CONDITION_SYMBOLS,
    DARK,
    GAME_NAME,
    HERITAGE_COLOR,
    INFLUENCE_MM,
    MANIGANCE_COLOR,
    NOTE_COLORS,
    TYPE_INK,
    darker,
    ink_on,
    padlock,
)
from .texts import field, text


def manigance_copies(d: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """One entry per printed card: the compendium's cards, each as many times as it counts."""
    return [card for card in d["manigance"] for _ in range(card["count"])]



class CardParts(Parts):
    """The play aids, the Manigance cards, the certificates and the notes."""

    # ------------------------------------------------------------------ play aids

    def play_aids(self) -> list[Card]:
        return [Card(f"aid-{colour}", self.aid_front(colour), self.aid_back(colour))
                for colour in self.d["players"]["colours"]]

    def aid_front(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('aids')}: {self.colour_name(colour)}"
        player = self.player_colours[colour]
        costs = self.d["costs"]
        by_character = {who: [a for a in self.d["administration"] if a["character"] == who]
                        for who in ("edgar", "lucien")}

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fcfaf5")
            band = 14 * mm
            self.colour_band(c, box, player, band)
            fill_rgb(c, ink_on(player) if not box.low_ink else DARK)
            text_box(c, f"{GAME_NAME} — {self.t('aid_title')} "
                        f"({self.colour_name(colour)})", safe + 1 * mm, h - safe - 6.5 * mm,
                     w - 2 * safe - 2 * mm, 6 * mm, fonts=fonts, size=12, min_size=7,
                     component=comp, bold=True, valign="middle", max_lines=1)
            text_box(c, self.t("aid_help"), safe + 1 * mm, h - band + 0.5 * mm,
                     w - 2 * safe - 2 * mm, band - safe - 7 * mm, fonts=fonts, size=7,
                     min_size=5, component=comp, valign="middle", max_lines=2)
            col_w = (w - 2 * safe - 4 * mm) / 2
            head_h = 6 * mm
            top = h - band - 2 * mm
            gap = 1.8 * mm
            box_h = (top - head_h - safe - 3 * gap) / 4
            for k, who in enumerate(("edgar", "lucien")):
                cx = safe + k * (col_w + 4 * mm)
                fill_rgb(c, DARK)
                head = (self.t("edgar_head", n=costs["edgar_administration"]) if who == "edgar"
                        else self.t("lucien_head"))
                text_box(c, head, cx, top - head_h, col_w, head_h, fonts=fonts, size=9,
                         min_size=6, component=comp, bold=True, valign="middle", max_lines=1)
                for i, admin in enumerate(by_character[who]):
                    by = top - head_h - (i + 1) * box_h - i * gap
                    self.action_box(c, admin, cx, by, col_w, box_h - 0.5 * mm, box.low_ink,
                                    comp)
        return draw

    def colour_band(self, c: Canvas, box: CardBox, color: str, band: float) -> None:
        w, h = box.width, box.height
        c.saveState()
        if box.low_ink:
            stroke_rgb(c, darker(color, 0.8) if color != self.player_colours["white"] else DARK)
            c.setLineWidth(1.4)
            c.rect(box.safe, h - band, w - 2 * box.safe, band - box.safe, stroke=1, fill=0)
        else:
            fill_rgb(c, color)
            c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0, fill=1)
            if ink_on(color) == DARK:
                stroke_rgb(c, "#999999")
                c.setLineWidth(0.6)
                c.line(-box.bleed, h - band, w + box.bleed, h - band)
        c.restoreState()

    def action_box(self, c: Canvas, admin: Mapping[str, Any], x: float, y: float, w: float,
                   h: float, low_ink: bool, comp: str) -> None:
        fonts = self.fonts
        costs = self.d["costs"]
        place = field(self.places[admin["district"]], "name", self.lang)
        if admin["character"] == "edgar":
            cost = self.t("cost_edgar", n=costs["edgar_administration"])
        elif admin["id"] == "political_support":
            cost = self.t("cost_support", n=costs["doubled_administration"])
        else:
            cost = self.t("cost_lucien")
        c.saveState()
        stroke_rgb(c, TYPE_INK["administration"])
        fill_rgb(c, "#f1e9f6")
        c.setLineWidth(0.8)
        c.roundRect(x, y, w, h, 1.5 * mm, stroke=1, fill=0 if low_ink else 1)
        # the spot for the influence token
        r = (INFLUENCE_MM + 1) / 2 * mm  # a printed influence token fits, 0.5 mm around
        if 2 * r > h - 2 * mm:
            raise BuildError("an action box is lower than an influence token", comp)
        c.setDash(1.5, 1.2)
        c.setFillColorRGB(1, 1, 1)
        marked(c, "TokenSpot", f"{admin['id']}:{2 * r / mm:.2f}")
        c.circle(x + 2 * mm + r, y + h / 2, r, stroke=1, fill=1)
        end_marked(c)
        c.setDash()
        c.restoreState()
        tx = x + 4 * mm + 2 * r
        tw = w - (tx - x) - 1.5 * mm
        name = field(admin, "name", self.lang)
        fill_rgb(c, DARK)
        text_box(c, name, tx, y + h - 5.2 * mm, tw * 0.58, 4.6 * mm, fonts=fonts, size=8.5,
                 min_size=6, component=f"{comp}: {name}", bold=True, valign="middle",
                 max_lines=1)
        fill_rgb(c, TYPE_INK["administration"])
        text_box(c, cost, tx + tw * 0.58, y + h - 5.2 * mm, tw * 0.42, 4.6 * mm, fonts=fonts,
                 size=7.5, min_size=5, component=f"{comp}: {name}", bold=True, align="right",
                 valign="middle", max_lines=1)
        text_box(c, f"⌂ {place}", tx, y + h - 9 * mm, tw, 3.8 * mm, fonts=fonts, size=7,
                 min_size=5, component=f"{comp}: {name}", valign="middle", max_lines=1)
        fill_rgb(c, "#333333")
        text_box(c, field(admin, "text", self.lang), tx, y + 0.8 * mm, tw, h - 10 * mm,
                 fonts=fonts, size=6.8, min_size=4.8, component=f"{comp}: {name}",
                 valign="middle", leading=1.15)

    def aid_back(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{self.t('aids')}: {self.colour_name(colour)} ({self.t('backs')})"
        player = self.player_colours[colour]
        d = self.d
        costs, tax, money = d["costs"], d["tax"], d["money"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fcfaf5")
            band = 10 * mm
            self.colour_band(c, box, player, band)
            fill_rgb(c, ink_on(player) if not box.low_ink else DARK)
            text_box(c, f"{GAME_NAME} — {self.t('summary_title')}", safe + 1 * mm,
                     h - band + 0.5 * mm, w - 2 * safe - 2 * mm, band - safe - 0.5 * mm,
                     fonts=fonts, size=12, min_size=7, component=comp, bold=True,
                     valign="middle", max_lines=1)
            col_w = (w - 2 * safe - 6 * mm) / 2
            top = h - band - 2.5 * mm
            rx = safe + col_w + 6 * mm
            c.saveState()
            stroke_rgb(c, "#bbbbbb")
            c.setLineWidth(0.5)
            c.line(rx - 3 * mm, safe, rx - 3 * mm, top)
            c.restoreState()
            head = 6 * mm
            wins = "\n".join(f"{CONDITION_SYMBOLS[cond['id']]} {field(cond, 'name', self.lang)}"
                             f": {field(cond, 'text', self.lang)}" for cond in d["conditions"])
            columns = (
                (safe, ((self.t("summary_each_title"), self.t("summary_turn")),
                        (self.t("summary_actions_title"),
                         self.t("summary_edgar", unit=self.money(money["unit"])) + "\n"
                         + self.t("summary_lucien", city=self.money(costs["buy_from_city"]),
                                  player=self.money(costs["buy_from_player"]))))),
                (rx, ((self.t("summary_end_title", turns=d["period"]["turns"]),
                       self.t("summary_end", ivory=tax["ivory_popularity"],
                              steel=self.money(tax["steel_cogs"]),
                              step=self.money(d["auction"]["step"]))),
                      (self.t("summary_win_title"),
                       wins + "\n" + self.t("summary_win_note")))),
            )
            gap = 3 * mm
            for bx, blocks in columns:
                # one size for the column, the largest at which its blocks fit one under
                # the other
                size = 10.0
                while True:
                    fitted = [fit(body, fonts.regular, col_w, 10_000, size=size,
                                  min_size=size, component=comp, leading=1.25)
                              for _, body in blocks]
                    total = sum(head + f.height + gap for f in fitted)
                    if total <= top - safe or size <= 5.25:
                        break
                    size -= 0.25
                if total > top - safe:
                    raise TextOverflow("the turn summary does not fit the play aid", comp)
                y = top
                for (title, _), body_fit in zip(blocks, fitted, strict=True):
                    fill_rgb(c, DARK)
                    text_box(c, title, bx, y - head, col_w, head, fonts=fonts, size=10.5,
                             min_size=6, component=comp, bold=True, valign="middle",
                             max_lines=1)
                    y -= head + 0.6 * mm
                    draw_fitted(c, body_fit, fonts.regular, bx, y - body_fit.height, col_w,
                                body_fit.height)
                    y -= body_fit.height + gap
        return draw

    # ------------------------------------------------------------------ cards

    def manigance_cards(self, lang: str) -> list[Card]:
        copies = manigance_copies(self.d)
        back = self.manigance_back(lang)
        return [Card(f"manigance-{lang}-{i + 1:02d}-{card['id']}",
                     self.manigance_front(card, lang, i + 1, len(copies)), back)
                for i, card in enumerate(copies)]

    def manigance_front(self, card: Mapping[str, Any], lang: str, number: int, total: int
                        ) -> Callable[[Canvas, CardBox], None]:
        name = field(card, "name", lang)
        comp = f"{text('deck_' + lang, self.lang)}: {name}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fbf5ea")
            band = 19 * mm
            if box.low_ink:
                stroke_rgb(c, MANIGANCE_COLOR)
                c.setLineWidth(1.4)
                c.rect(safe, h - band, w - 2 * safe, band - safe, stroke=1, fill=0)
                fill_rgb(c, MANIGANCE_COLOR)
            else:
                fill_rgb(c, MANIGANCE_COLOR)
                c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0,
                       fill=1)
                c.setFillColorRGB(1, 1, 1)
            text_box(c, name.upper(), safe + 1 * mm, h - band + 1 * mm, w - 2 * safe - 2 * mm,
                     band - safe - 1.5 * mm, fonts=fonts, size=12.5, min_size=7,
                     component=comp, bold=True, align="center", valign="middle", max_lines=2)
            y = h - band - 3 * mm
            for label, body, size, height in (
                    (text("effect", lang), field(card, "effect", lang), 10, 31 * mm),
                    (text("condition", lang), field(card, "condition", lang), 9, 22 * mm)):
                fill_rgb(c, MANIGANCE_COLOR)
                text_box(c, label, safe + 1 * mm, y - 4 * mm, w - 2 * safe - 2 * mm, 4 * mm,
                         fonts=fonts, size=7, min_size=5, component=comp, bold=True,
                         valign="middle", max_lines=1)
                c.saveState()
                stroke_rgb(c, MANIGANCE_COLOR)
                c.setLineWidth(0.5)
                c.line(safe + 1 * mm, y - 4.6 * mm, w - safe - 1 * mm, y - 4.6 * mm)
                c.restoreState()
                fill_rgb(c, DARK)
                text_box(c, body, safe + 1 * mm, y - 5.5 * mm - height, w - 2 * safe - 2 * mm,
                         height, fonts=fonts, size=size, min_size=5.2, component=comp,
                         valign="top", leading=1.2)
                y -= 5.5 * mm + height + 2 * mm
            c.setFillColorRGB(0.45, 0.42, 0.38)
            text_box(c, f"{GAME_NAME} · {lang.upper()} · {number}/{total}", safe,
                     safe - 0.5 * mm, w - 2 * safe, 3.5 * mm, fonts=fonts, size=6,
                     min_size=6, component=comp, align="center", valign="bottom",
                     max_lines=1)
        return draw

    def manigance_back(self, lang: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{text('deck_' + lang, self.lang)} ({self.t('backs')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, MANIGANCE_COLOR)
            ink = MANIGANCE_COLOR if box.low_ink else "#f3d9a4"
            c.saveState()
            stroke_rgb(c, ink)
            c.setLineWidth(1.0)
            c.roundRect(safe, safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
            c.setLineWidth(0.4)
            c.roundRect(safe + 2 * mm, safe + 2 * mm, w - 2 * safe - 4 * mm,
                        h - 2 * safe - 4 * mm, 2 * mm, stroke=1, fill=0)
            c.restoreState()
            fill_rgb(c, ink)
            text_box(c, "MANIGANCE", safe + 4 * mm, h / 2 - 2 * mm, w - 2 * safe - 8 * mm,
                     12 * mm, fonts=fonts, size=15, min_size=8, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            text_box(c, GAME_NAME, safe + 4 * mm, h / 2 + 11 * mm, w - 2 * safe - 8 * mm,
                     6 * mm, fonts=fonts, size=8, min_size=6, component=comp,
                     align="center", valign="middle", max_lines=1)
            text_box(c, text("deck_name", lang), safe + 4 * mm, h / 2 - 10 * mm,
                     w - 2 * safe - 8 * mm, 6 * mm, fonts=fonts, size=8, min_size=6,
                     component=comp, align="center", valign="middle", max_lines=1)
            c.saveState()
            stroke_rgb(c, ink)
            c.setLineWidth(0.8)
            for dy in (-1, 1):
                cy = h / 2 + dy * 26 * mm
                c.circle(w / 2, cy, 5 * mm, stroke=1, fill=0)
                symbol(c, "⚙", w / 2, cy, 7 * mm, comp)
            c.restoreState()
        return draw

    def thresholds(self, condition: Mapping[str, Any]) -> str:
        parts = []
        for key, value in condition.items():
            if key in ("id",) or key.startswith(("name_", "text_")):
                continue
            if isinstance(value, dict):
                parts.append(" · ".join(self.t("threshold_n", n=n, v=v)
                                        for n, v in sorted(value.items())))
            elif key == "cogs":
                parts.append(f"≥ {self.money(value)} {self.t('cogs')}")
            elif key == "popularity":
                parts.append(self.t("governor_and", n=value))
        return " · ".join(parts)

    def certificates(self) -> list[Card]:
        back = self.plain_back(self.t("certificate_back"), CERTIFICATE_COLOR, "★")
        return [Card(f"certificate-{cond['id']}", self.certificate_front(cond), back)
                for cond in self.d["conditions"]]

    def certificate_front(self, cond: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        name = field(cond, "name", self.lang)
        comp = f"{self.t('certificate_back')}: {name}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#fbf3dc")
            c.saveState()
            stroke_rgb(c, CERTIFICATE_COLOR)
            c.setLineWidth(1.2)
            c.rect(safe, safe, w - 2 * safe, h - 2 * safe, stroke=1, fill=0)
            c.setLineWidth(0.4)
            c.rect(safe + 1.5 * mm, safe + 1.5 * mm, w - 2 * safe - 3 * mm,
                   h - 2 * safe - 3 * mm, stroke=1, fill=0)
            c.restoreState()
            fill_rgb(c, CERTIFICATE_COLOR)
            text_box(c, self.t("certificate"), safe + 3 * mm, h - safe - 9 * mm,
                     w - 2 * safe - 6 * mm, 6 * mm, fonts=fonts, size=9, min_size=6,
                     component=comp, bold=True, align="center", valign="middle", max_lines=1)
            fill_rgb(c, DARK)
            text_box(c, name, safe + 3 * mm, h - safe - 21 * mm, w - 2 * safe - 6 * mm,
                     11 * mm, fonts=fonts, size=13, min_size=7, component=comp, bold=True,
                     align="center", valign="middle", max_lines=2)
            cy = h - safe - 31 * mm
            c.saveState()
            stroke_rgb(c, CERTIFICATE_COLOR)
            fill_rgb(c, CERTIFICATE_COLOR)
            c.setLineWidth(1.2)
            c.circle(w / 2, cy, 8 * mm, stroke=1, fill=0 if box.low_ink else 1)
            fill_rgb(c, CERTIFICATE_COLOR if box.low_ink else "#ffffff")
            symbol(c, CONDITION_SYMBOLS[cond["id"]], w / 2, cy, 11 * mm, comp)
            c.restoreState()
            fill_rgb(c, DARK)
            text_box(c, field(cond, "text", self.lang), safe + 3 * mm, cy - 27 * mm,
                     w - 2 * safe - 6 * mm, 17 * mm, fonts=fonts, size=8.5, min_size=5.5,
                     component=comp, align="center", valign="middle")
            fill_rgb(c, CERTIFICATE_COLOR)
            text_box(c, self.thresholds(cond), safe + 3 * mm, cy - 35 * mm,
                     w - 2 * safe - 6 * mm, 7 * mm, fonts=fonts, size=6.5, min_size=4.5,
                     component=comp, bold=True, align="center", valign="middle", max_lines=2)
            c.setFillColorRGB(0.35, 0.35, 0.35)
            text_box(c, self.t("certificate_note"), safe + 3 * mm, safe + 2.5 * mm,
                     w - 2 * safe - 6 * mm, cy - 36 * mm - safe - 2.5 * mm, fonts=fonts,
                     size=6, min_size=4.5, component=comp, align="center", valign="middle")
        return draw

    def plain_back(self, title: str, color: str, glyph: str) -> Callable[[Canvas, CardBox], None]:
        comp = f"{title} ({self.t('backs')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, color)
            ink = color if box.low_ink else "#ffffff"
            c.saveState()
            stroke_rgb(c, ink)
            c.setLineWidth(1.0)
            c.roundRect(safe, safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
            fill_rgb(c, ink)
            symbol(c, glyph, w / 2, h / 2 + 12 * mm, 16 * mm, comp)
            text_box(c, title, safe + 3 * mm, h / 2 - 8 * mm, w - 2 * safe - 6 * mm, 12 * mm,
                     fonts=box.fonts, size=12, min_size=7, component=comp, bold=True,
                     align="center", valign="middle", max_lines=2)
            text_box(c, GAME_NAME, safe + 3 * mm, h / 2 - 18 * mm, w - 2 * safe - 6 * mm,
                     6 * mm, fonts=box.fonts, size=8, min_size=6, component=comp,
                     align="center", valign="middle", max_lines=1)
            c.restoreState()
        return draw

    def heritage_card(self) -> Card:
        admin = next(a for a in self.d["administration"] if a["id"] == "heritage_protection")
        name = field(admin, "name", self.lang)
        comp = name
        place = field(self.places[admin["district"]], "name", self.lang)

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            fonts = box.fonts
            background(c, box, "#eef4f1")
            c.saveState()
            stroke_rgb(c, HERITAGE_COLOR)
            c.setLineWidth(1.2)
            c.rect(safe, safe, w - 2 * safe, h - 2 * safe, stroke=1, fill=0)
            c.restoreState()
            fill_rgb(c, HERITAGE_COLOR)
            text_box(c, name, safe + 3 * mm, h - safe - 15 * mm, w - 2 * safe - 6 * mm,
                     12 * mm, fonts=fonts, size=13, min_size=7, component=comp, bold=True,
                     align="center", valign="middle", max_lines=2)
            padlock(c, w / 2, h - safe - 26 * mm, 13 * mm, HERITAGE_COLOR, box.low_ink)
            text_box(c, f"Lucien · ⌂ {place}", safe + 3 * mm, h - safe - 43 * mm,
                     w - 2 * safe - 6 * mm, 5 * mm, fonts=fonts, size=7.5, min_size=5,
                     component=comp, bold=True, align="center", valign="middle", max_lines=1)
            fill_rgb(c, DARK)
            text_box(c, self.t("heritage_effect"), safe + 3 * mm, safe + 15 * mm,
                     w - 2 * safe - 6 * mm, h - 2 * safe - 59 * mm, fonts=fonts, size=7.8,
                     min_size=5, component=comp, align="center", valign="middle")
            c.setFillColorRGB(0.3, 0.3, 0.3)
            text_box(c, self.t("heritage_note"), safe + 3 * mm, safe + 2 * mm,
                     w - 2 * safe - 6 * mm, 12 * mm, fonts=fonts, size=6, min_size=4.5,
                     component=comp, align="center", valign="middle")
        return Card("heritage-protection", draw, self.plain_back(name, HERITAGE_COLOR, "⚷"))

    # ------------------------------------------------------------------ notes

    def notes(self) -> list[Card]:
        cards = []
        for note in self.d["money"]["notes"]:
            art = self.note(note["value"])
            cards += [Card(f"note-{note['value']}-{i + 1:02d}", art, art)
                      for i in range(note["count"])]
        return cards

    def note(self, value: int) -> Callable[[Canvas, CardBox], None]:
        written = self.money(value)
        comp = f"{self.t('notes')}: {written}"
        color = NOTE_COLORS[value]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            fonts = box.fonts
            c.saveState()
            r, g, b = hex_color(color)
            tint = "#" + "".join(f"{round((1 - (1 - v) * 0.25) * 255):02x}" for v in (r, g, b))
            # the note's colour in the shade that reads at 4.5:1 on the paper under it
            ink = legible(color, against="#ffffff" if box.low_ink else tint)
            if not box.low_ink:
                fill_rgb(c, tint)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed, stroke=0,
                       fill=1)
            stroke_rgb(c, ink)
            c.setLineWidth(1.4)
            c.roundRect(2 * mm, 2 * mm, w - 4 * mm, h - 4 * mm, 2 * mm, stroke=1, fill=0)
            fill_rgb(c, ink)
            symbol(c, "⚙", 8.5 * mm, h / 2, 10 * mm, comp)
            symbol(c, "⚙", w - 8.5 * mm, h / 2, 10 * mm, comp)
            text_box(c, written, 14 * mm, h / 2 - 3 * mm, w - 28 * mm, 11 * mm, fonts=fonts,
                     size=17, min_size=9, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
            text_box(c, self.t("cogs"), 14 * mm, h / 2 - 8 * mm, w - 28 * mm, 5 * mm,
                     fonts=fonts, size=8, min_size=5.5, component=comp, bold=True,
                     align="center", valign="middle", max_lines=1)
            text_box(c, self.t("bank"), 14 * mm, h - 8.5 * mm, w - 28 * mm, 4 * mm,
                     fonts=fonts, size=6, min_size=4.5, component=comp, align="center",
                     valign="middle", max_lines=1)
            c.restoreState()
        return draw
