"""The tokens (bribe, fans, money, the action cubes) and the cards of the decks the text
does not list: blank templates or the group's own card list."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import fill_rgb, stroke_rgb
from ...layout import Card, CardBox, legible
from .data import GAME_NAME, INK, ROCK_RED, ink_for, name_in
from .drawing import KitDrawing


class Cards(KitDrawing):
    """The tokens and cards of the kit."""

    # ------------------------------------------------------------------ tokens

    def tokens(self) -> list[Card]:
        k = self.d["kit"]
        v = self.v
        cards = [self.token_card("bribe", self.t("bribe"), f"{v['bribe_points']}*", ROCK_RED)]
        for count, value in ((k["fan_tokens_1000"], 1000), (k["fan_tokens_5000"], 5000)):
            cards += [self.token_card(f"fans-{value}-{i}", self.number(value),
                                      self.t("fans_token"), "#5e35b1")
                      for i in range(count)]
        for count, value in ((k["money_1000"], 1000), (k["money_5000"], 5000)):
            cards += [self.token_card(f"money-{value}-{i}", self.money(value), "",
                                      "#2e7d32") for i in range(count)]
        return cards

    def cubes(self) -> list[Card]:
        """The action cubes: each the size of one value of the gauge, with its colour's
        mark (greyscale prints tell the colours apart by it)."""
        return [self.cube_card(colour, i) for colour in self.d["players"]["colours"]
                for i in range(self.d["kit"]["cubes_per_player"])]

    def cube_card(self, colour: str, index: int) -> Card:
        hexa = self.colour(colour)
        mark = self.marks[colour]
        comp = f"{self.t('tokens')}: {self.t('cube_token')}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            c.saveState()
            if box.low_ink:
                stroke_rgb(c, legible(hexa, ratio=3.0))
                c.setLineWidth(1.2)
                c.rect(0.6 * mm, 0.6 * mm, w - 1.2 * mm, h - 1.2 * mm, stroke=1, fill=0)
            else:
                fill_rgb(c, hexa)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed,
                       stroke=0, fill=1)
            ink = INK if box.low_ink else ink_for(hexa)
            self.write(c, mark, 0.3 * mm, 0, w - 0.6 * mm, h, size=11 if len(mark) == 1 else 7,
                       min_size=6, bold=True, align="center", valign="middle", colour=ink,
                       component=comp, max_lines=1)
            c.restoreState()
        return Card(f"cube-{colour}-{index}", draw, draw)

    def token_card(self, card_id: str, big: str, small: str, colour: str,
                   square: bool = False) -> Card:
        comp = f"{self.t('tokens')}: {card_id}"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            r = w / 2 - 0.8 * mm
            c.saveState()
            stroke_rgb(c, colour)
            fill_rgb(c, colour)
            c.setLineWidth(1.4)
            if square:
                c.roundRect(w / 2 - r, h / 2 - r, 2 * r, 2 * r, 1.5 * mm, stroke=1,
                            fill=0 if box.low_ink else 1)
            else:
                c.circle(w / 2, h / 2, r, stroke=1, fill=0 if box.low_ink else 1)
            ink = legible(colour) if box.low_ink else ink_for(colour)
            self.write(c, big, w / 2 - r + 1 * mm, h / 2 - 2 * mm, 2 * r - 2 * mm, 6.5 * mm,
                       size=10 if not square else 12, min_size=6, bold=True, align="center",
                       valign="middle", colour=ink, component=comp, max_lines=1)
            if small:
                self.write(c, small, w / 2 - r + 2 * mm, h / 2 - 6.5 * mm, 2 * r - 4 * mm,
                           4 * mm, size=6, min_size=6, align="center", colour=ink,
                           component=comp, max_lines=1)
            c.restoreState()
        return Card(card_id, draw, draw)

    # ------------------------------------------------------------------ cards

    class DeckCard:
        def __init__(self, kind: str, card: Card, listed: bool) -> None:
            self.kind, self.card, self.listed = kind, card, listed

    def tours(self) -> int:
        return sum(int(self.d["decades"][f"tours_{d['id']}"]) for d in self.d["decade"])

    def blank_count(self, kind: str) -> int:
        """How many blank templates of a deck: as many as a game uses where the text says
        (the decades' tours, 5 mini-objectives dealt to each player, a main objective
        each), else a sheet's worth."""
        k = self.d["kit"]
        players = int(self.d["players"]["max"])
        if kind == "tour":
            return self.tours()
        if kind == "mini":
            return int(k["mini_objectives_dealt"]) * players
        if kind == "objective":
            return int(k["main_objectives_each"]) * players
        return int(k["blank_cards_per_deck"])

    def blank_presets(self, kind: str) -> list[dict[str, Any]]:
        """What each blank of a deck prints already: a tour its decade."""
        if kind != "tour":
            return [{} for _ in range(self.blank_count(kind))]
        return [{"decade": d["id"]} for d in self.d["decade"]
                for _ in range(int(self.d["decades"][f"tours_{d['id']}"]))]

    def deck_cards(self) -> list[DeckCard]:
        """The group's listed cards, then blank templates for every deck it does not list."""
        out: list[Cards.DeckCard] = []
        listed_kinds = {card["kind"] for card in self.cards}
        for deck in self.d["deck"]:
            kind = deck["id"]
            if kind in listed_kinds:
                chosen = [card for card in self.cards if card["kind"] == kind]
                out += [self.DeckCard(kind, Card(f"{kind}-{i + 1}", self.card_front(deck, card),
                                                 self.card_back(deck)), True)
                        for i, card in enumerate(chosen)]
            else:
                out += [self.DeckCard(kind, Card(f"{kind}-blank-{i + 1}",
                                                 self.card_front(deck, None, preset),
                                                 self.card_back(deck)), False)
                        for i, preset in enumerate(self.blank_presets(kind))]
        return out

    def card_front(self, deck: Mapping[str, Any], card: Mapping[str, Any] | None,
                   preset: Mapping[str, Any] | None = None
                   ) -> Callable[[Canvas, CardBox], None]:
        title = name_in(deck, self.lang)
        comp = f"{self.t('cards')}: {title}"
        fields = [f for f in deck["fields"] if f != "name"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, s = box.width, box.height, box.safe
            self.box(c, -box.bleed, h - 14 * mm, w + 2 * box.bleed, 14 * mm + box.bleed,
                     ROCK_RED, radius=0)
            self.write(c, title, s, h - 12 * mm, w - 2 * s, 9 * mm, size=12, min_size=6,
                       bold=True, colour=INK if box.low_ink else "#ffffff", align="center",
                       valign="middle", component=comp, max_lines=1)
            top = h - 16 * mm
            name = "" if card is None else str(card.get("name") or "")
            self.write(c, f"{self.t('field_name')}: {name}", s, top - 6 * mm, w - 2 * s,
                       6 * mm, size=9, min_size=6, bold=True, component=comp, max_lines=2)
            if card is None:
                c.setLineWidth(0.4)
                c.line(s + 12 * mm, top - 5 * mm, w - s, top - 5 * mm)
            top -= 8 * mm
            line_h = min(8 * mm, (top - s) / max(len(fields), 1))
            for key in fields:
                label = self.t(f"field_{key}")
                value = (preset or {}).get(key, "") if card is None else card.get(key)
                shown = self.value_text(key, value)
                if key == "text":
                    self.write(c, f"{label}: {shown}", s, s, w - 2 * s, top - s, size=8,
                               min_size=6, component=comp)
                    if card is None:
                        c.setLineWidth(0.3)
                        ruled = top - 2 * line_h
                        while ruled > s + 2 * mm:
                            c.line(s, ruled, w - s, ruled)
                            ruled -= 6 * mm
                    break
                self.write(c, f"{label}: {shown}", s, top - line_h, w - 2 * s, line_h,
                           size=8, min_size=6, valign="middle", component=comp, max_lines=1)
                if card is None and not shown:
                    c.setLineWidth(0.3)
                    c.line(w * 0.55, top - line_h + 1.5 * mm, w - s, top - line_h + 1.5 * mm)
                top -= line_h
        return draw

    def value_text(self, key: str, value: Any) -> str:
        if value is None or value == "":
            return ""
        if key == "continent":
            return next((name_in(c, self.lang) for c in self.d["continent"]
                         if c["id"] == value), str(value))
        if key == "symbol":
            return next((name_in(s, self.lang) for s in self.d["symbol"] if s["id"] == value),
                        str(value))
        if key == "decade":
            return next((name_in(d, self.lang) for d in self.d["decade"] if d["id"] == value),
                        str(value))
        if key in ("cost_money", "money") and isinstance(value, int):
            return self.money(value)
        if key in ("fans", "fans_needed") and isinstance(value, int):
            return self.number(value)
        return str(value)

    def card_back(self, deck: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        title = name_in(deck, self.lang)
        comp = f"{self.t('cards')}: {title} ({self.t('back_label')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h = box.width, box.height
            self.box(c, -box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed, INK,
                     radius=0)
            ink = INK if box.low_ink else "#ffffff"
            self.write(c, GAME_NAME, box.safe, h * 0.55, w - 2 * box.safe, 10 * mm, size=10,
                       min_size=6, bold=True, colour=ROCK_RED if box.low_ink else "#e57373",
                       align="center", valign="middle", component=comp, max_lines=1)
            self.write(c, title, box.safe, h * 0.35, w - 2 * box.safe, 12 * mm, size=16,
                       min_size=8, bold=True, colour=ink, align="center", valign="middle",
                       component=comp, max_lines=1)
        return draw
