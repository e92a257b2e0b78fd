"""The cards and tokens: player aids, victory-point tokens, workers and markers, the
action and start cards, the office cards and their backs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import background, fill_rgb, stroke_rgb
from ...layout import Card, CardBox, legible
from ...text import symbol, text_box
from .data import DARK, GAME_NAME, PERIODS, TRAY_R_MM, ink_on
from .drawing import KitDrawing
from .texts import COLOUR_NAMES


class Cards(KitDrawing):
    """The cards and tokens of the kit."""

    # ------------------------------------------------------------------ player aids

    def aid_cards(self) -> list[Card]:
        return [Card(f"aid-{colour}", self.aid_front(colour)) for colour in self.colours]

    def aid_front(self, colour: str) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("aids")
        hexa = self.colours[colour]["hex"]
        goal, rounds = self.d["game"]["goal"], self.d["game"]["rounds"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 1 * mm
            background(c, box, "#ffffff")
            band = 12 * mm
            fill_rgb(c, hexa)
            if box.low_ink:
                stroke_rgb(c, hexa)
                c.setLineWidth(2)
                c.line(0, h - band, w, h - band)
                fill_rgb(c, DARK)
            else:
                c.rect(-box.bleed, h - band, w + 2 * box.bleed, band + box.bleed, stroke=0,
                       fill=1)
                fill_rgb(c, ink_on(hexa))
            text_box(c, f"{GAME_NAME} · {self.t('aid_title')}", safe, h - band + 2 * mm,
                     w - 2 * safe, band - 4 * mm, fonts=self.fonts, size=11, min_size=7,
                     component=comp, bold=True, valign="middle")
            y = h - band - 2 * mm
            blocks = [self.t(k, goal=goal, rounds=rounds) for k in (
                "aid_phase1", "aid_phase2", "aid_phase3", "aid_phase4", "aid_end")]
            heights = (13, 15, 17, 10, 10)
            for value, block_h in zip(blocks, heights, strict=True):
                self.box(c, value, safe, y - block_h * mm, w - 2 * safe, block_h * mm,
                         size=8, component=comp, min_size=6)
                y -= (block_h + 1.5) * mm
            self.box(c, self.t("aid_colours"), safe, y - 5 * mm, w - 2 * safe, 5 * mm,
                     size=8.5, component=comp, bold=True)
            y -= 6 * mm
            col_w = (w - 2 * safe) / 2
            for i, card_colour in enumerate(self.d["card_colours"]):
                cx = safe + (i % 2) * col_w
                cy = y - (i // 2 + 1) * 6.2 * mm
                fill_rgb(c, card_colour["hex"])
                c.rect(cx, cy + 0.8 * mm, 4 * mm, 4 * mm, stroke=0, fill=1)
                phase = card_colour["phase"]
                label = COLOUR_NAMES[card_colour["id"]][self.lang] + ": " + self.name_of(
                    card_colour, "does") + (f" ({phase})" if phase else "")
                self.box(c, label, cx + 5 * mm, cy, col_w - 5.5 * mm, 5.5 * mm, size=6.8,
                         component=comp, valign="middle", min_size=6)
            y -= 3 * 6.2 * mm + 2 * mm
            self.box(c, self.t("aid_limit"), safe, max(safe, y - 10 * mm), w - 2 * safe,
                     10 * mm, size=7.5, component=comp, min_size=6)
        return draw

    # ------------------------------------------------------------------ tokens

    def token_cards(self) -> list[Card]:
        cards = [Card(f"vp-{n + 1}", self.vp_token()) for n in range(self.d["tokens"]["supply"])]
        for colour in self.colours:
            for n in range(self.workers_per_colour()):
                cards.append(Card(f"worker-{colour}-{n + 1}", self.piece(colour, "worker")))
            for n in range(self.d["game"]["markers"]):
                cards.append(Card(f"marker-{colour}-{n + 1}", self.piece(colour, "marker")))
        cards.append(Card("round-marker", self.round_marker()))
        return cards

    def round_marker(self) -> Callable[[Canvas, CardBox], None]:
        """The marker of the round track: a grey disc with an arrow, in no player's colour."""
        comp = self.t("tokens")

        def draw(c: Canvas, box: CardBox) -> None:
            w = box.width
            fill_rgb(c, "#ffffff" if box.low_ink else "#d9d4c7")
            stroke_rgb(c, DARK)
            c.setLineWidth(1.2)
            c.circle(w / 2, w / 2, w / 2 - 0.6 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK)
            symbol(c, "▶", w / 2, w / 2 + 2 * mm, 9, comp)
            text_box(c, self.t("round_marker"), 0, 2 * mm, w, 4 * mm, fonts=self.fonts,
                     size=6.5, min_size=6, component=comp, bold=True, align="center",
                     valign="middle")
        return draw

    def vp_token(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("tokens")

        def draw(c: Canvas, box: CardBox) -> None:
            r = box.width / 2
            fill_rgb(c, "#ffffff" if box.low_ink else legible("#3aa655"))
            stroke_rgb(c, "#1f6b34")
            c.setLineWidth(1)
            c.circle(r, r, r - 0.5 * mm, stroke=1, fill=1)
            fill_rgb(c, DARK if box.low_ink else "#ffffff")
            text_box(c, "1", 0, r - 1 * mm, box.width, 7 * mm, fonts=self.fonts, size=14,
                     min_size=9, component=comp, bold=True, align="center", valign="middle")
            text_box(c, self.t("vp"), 0, 2.5 * mm, box.width, 4 * mm, fonts=self.fonts,
                     size=6.5, min_size=6, component=comp, align="center", valign="middle")
        return draw

    def piece(self, colour: str, kind: str) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("tokens")
        hexa = self.colours[colour]["hex"]

        mark = self.marks[colour]

        def draw(c: Canvas, box: CardBox) -> None:
            # the colour's mark in the middle: red and blue print as one grey
            w = box.width
            fill_rgb(c, "#ffffff" if box.low_ink else hexa)
            stroke_rgb(c, legible(hexa) if box.low_ink else DARK)
            c.setLineWidth(1.6 if box.low_ink else 0.8)
            if kind == "worker":
                c.roundRect(0.8 * mm, 0.8 * mm, w - 1.6 * mm, w - 1.6 * mm, 2 * mm,
                            stroke=1, fill=1)
            else:
                c.circle(w / 2, w / 2, w / 2 - 0.8 * mm, stroke=1, fill=1)
            ink = DARK if box.low_ink else ink_on(hexa)
            fill_rgb(c, ink)
            symbol(c, "♟" if kind == "worker" else "★", w / 2, w - 3.6 * mm, 7, comp)
            text_box(c, mark, 1 * mm, w / 2 - 3 * mm, w - 2 * mm, 5.5 * mm, fonts=self.fonts,
                     size=12, min_size=8, component=comp, bold=True, align="center",
                     valign="middle")
            text_box(c, self.t(kind), 0, 1.6 * mm, w, 3 * mm, fonts=self.fonts, size=6,
                     min_size=6, component=comp, align="center", valign="middle")
        return draw

    # ------------------------------------------------------------------ cards

    def game_cards(self) -> list[Card]:
        """The group's card list as cards, or blank templates: the start cards (9-18 for
        each of A-D), the action cards of each period, the Doctorates, the office cards."""
        cards: list[Card] = []
        low, high = self.d["priority"]["start"]
        coins = self.d["game"]["start_coin_cards"]
        points = self.t("start_point", n=self.d["game"]["start_card_points"])
        for letter in "ABCD":
            for number in range(low, high + 1):
                # each deck's 7 coin cards, then its 3 point cards (house order: the
                # rulebook gives which kind, not which number)
                action = self.t("start_coin") if number - low < coins else points
                cards.append(Card(f"start-{letter}-{number}",
                                  self.action_front({"number": number, "period": letter,
                                                     "action": action}),
                                  self.action_back))
        if self.deck:
            for card in self.deck:
                cards.append(Card(f"card-{card['number']}", self.action_front(card),
                                  self.action_back))
        else:
            periods = self.d["periods"]
            for period in PERIODS:
                for n in range(periods[period]):
                    blank: dict[str, Any] = {"period": period}
                    if period == "V":
                        blank["doctorate"] = True
                    cards.append(Card(f"action-{period}-{n + 1}", self.action_front(blank),
                                      self.action_back))
        return cards

    def office_cards(self) -> list[Card]:
        """The basic and the added office cards, the size of an office space."""
        cards: list[Card] = []
        for i in range(max(int(v) for v in self.d["offices"]["basic"].values())):
            players = self.t("players_34") if i < 2 else self.t("players_4")
            cards.append(Card(f"office-basic-{i + 1}", self.office_front(
                self.t("basic", n=i + 1, players=players), None), self.office_back))
        for i in range(self.d["offices"]["added"]):
            cards.append(Card(f"office-added-{i + 1}", self.office_front(
                self.t("added", n=i + 1), 1 if i < self.d["offices"]["zone_one"] else None),
                self.office_back))
        return cards

    def field_box(self, c: Canvas, label: str, value: str, x: float, y: float, w: float,
                  h: float, comp: str, size: float = 12) -> None:
        stroke_rgb(c, DARK)
        c.setLineWidth(0.6)
        fill_rgb(c, "#ffffff")
        c.rect(x, y, w, h, stroke=1, fill=1)
        self.box(c, label, x + 0.8 * mm, y + h - 3.4 * mm, w - 1.6 * mm, 3 * mm, size=6,
                 component=comp, color="#555555")
        if value:
            self.box(c, value, x + 1 * mm, y, w - 2 * mm, h - 3 * mm, size=size,
                     component=comp, bold=True, align="center", valign="middle", min_size=6)

    def action_front(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("cards")
        colour = card.get("colour")
        hexa = self.card_colours[colour]["hex"] if colour in self.card_colours else None
        period = str(card.get("period") or "")
        start = period in ("A", "B", "C", "D")
        doctorate = bool(card.get("doctorate")) or period.upper() == "V"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#fbf8f1")
            if hexa is not None:
                fill_rgb(c, hexa)
                c.rect(-box.bleed, h - 8 * mm, w + 2 * box.bleed, 8 * mm + box.bleed,
                       stroke=0, fill=1)
            number = card.get("number")
            self.field_box(c, self.t("priority"), "" if number is None else str(number),
                           safe, h - safe - 14 * mm, 14 * mm, 14 * mm, comp, size=14)
            period_text = self.t("start", letter=period) if start else period
            self.field_box(c, self.t("period"), period_text, w - safe - 18 * mm,
                           h - safe - 14 * mm, 18 * mm, 14 * mm, comp, size=9 if start else 13)
            name = str(card.get("name") or "")
            if doctorate and not name:
                name = self.t("doctorate")
            self.field_box(c, self.t("name"), name, safe + 16 * mm, h - safe - 14 * mm,
                           w - 2 * safe - 36 * mm, 14 * mm, comp, size=9)
            colour_label = COLOUR_NAMES[colour][self.lang] if colour in COLOUR_NAMES else ""
            self.field_box(c, self.t("colour"), colour_label, safe, h - safe - 26 * mm,
                           w - 2 * safe, 10 * mm, comp, size=9)
            action = str(card.get("action") or "")
            if doctorate and not action:
                action = self.t("doctorate_rule")
            self.field_box(c, self.t("action_box"), action, safe, safe + 16 * mm,
                           w - 2 * safe, h - 2 * safe - 44 * mm, comp, size=9)
            price = card.get("price")
            stroke_rgb(c, DARK)
            fill_rgb(c, "#ffffff" if box.low_ink else "#f5c542")
            c.circle(safe + 7 * mm, safe + 7 * mm, 7 * mm, stroke=1, fill=1)
            self.box(c, "" if price is None else str(price), safe, safe + 2 * mm, 14 * mm,
                     9 * mm, size=13, component=comp, bold=True, align="center",
                     valign="middle")
            self.box(c, self.t("price"), safe + 16 * mm, safe + 2 * mm, 20 * mm, 5 * mm,
                     size=6.5, component=comp, color="#555555")
        return draw

    def office_front(self, label: str, zone: int | None) -> Callable[[Canvas, CardBox], None]:
        """An office card, landscape, the size of an office space: its name, a token tray
        as on the board, its zone, colour and action."""
        comp = self.t("office_cards")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            background(c, box, "#eef1f6")
            head = 5 * mm
            self.box(c, label, safe, h - safe - head, w - 2 * safe, head, size=8,
                     component=comp, bold=True, valign="middle", min_size=6)
            tray = TRAY_R_MM * mm
            stroke_rgb(c, DARK)
            c.setLineWidth(0.6)
            c.setDash(2, 1.5)
            c.circle(safe + tray, safe + tray, tray, stroke=1, fill=0)
            c.setDash()
            left_w = 2 * tray
            upper = safe + left_w + 0.5 * mm
            top = h - safe - head - 0.5 * mm
            self.field_box(c, self.t("office_zone"), "" if zone is None else str(zone),
                           safe, upper, left_w, top - upper, comp, size=9)
            rx = safe + left_w + 1.5 * mm
            rw = w - safe - rx
            self.field_box(c, self.t("colour"), "", rx, upper, rw, top - upper, comp)
            self.field_box(c, self.t("action_box"), "", rx, safe, rw, upper - 0.5 * mm - safe,
                           comp)
        return draw

    def action_back(self, c: Canvas, box: CardBox) -> None:
        self.back(c, box, self.t("action_back"), "#27364f")

    def office_back(self, c: Canvas, box: CardBox) -> None:
        self.back(c, box, self.t("office_back"), "#5a4632", comp=self.t("office_cards"))

    def back(self, c: Canvas, box: CardBox, label: str, color: str,
             comp: str | None = None) -> None:
        comp = comp or self.t("cards")
        small = box.height < 50 * mm
        background(c, box, color)
        ink = DARK if box.low_ink else "#ffffff"
        stroke_rgb(c, ink)
        c.setLineWidth(1.2)
        inset = box.safe + (1 if small else 2) * mm
        c.roundRect(inset, inset, box.width - 2 * inset, box.height - 2 * inset,
                    (2 if small else 4) * mm, stroke=1, fill=0)
        name_h, label_h = (8 * mm, 6 * mm) if small else (14 * mm, 10 * mm)
        self.box(c, GAME_NAME, inset, box.height / 2, box.width - 2 * inset, name_h,
                 size=11 if small else 15, component=comp, bold=True, align="center",
                 valign="middle", color=ink)
        self.box(c, label, inset, box.height / 2 - label_h - 1 * mm, box.width - 2 * inset,
                 label_h, size=8 if small else 10, component=comp, align="center",
                 valign="middle", color=ink)
