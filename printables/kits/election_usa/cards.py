"""The Action and Skeleton decks: the group's list as cards, or blank templates, and their
backs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import election_usa as game

from ...draw import fill_rgb, stroke_rgb
from ...layout import CardBox
from .data import (
    ACTION_COLOR,
    DARK,
    GAME_NAME,
    KIND_COLORS,
    SINCERITY_BLUE,
    SKELETON_COLOR,
    ink_on,
    signed,
    tied,
)
from .drawing import KitDrawing


class Cards(KitDrawing):
    """The decks of the kit."""

    # ------------------------------------------------------------------ the decks

    def kind_band(self, c: Canvas, box: CardBox, kind: str, title: str, comp: str) -> None:
        color = KIND_COLORS.get(kind, ACTION_COLOR)
        w, h = box.width, box.height
        c.saveState()
        if not box.low_ink:
            fill_rgb(c, color)
            c.rect(-box.bleed, h - 16 * mm, w + 2 * box.bleed, 16 * mm + box.bleed, stroke=0,
                   fill=1)
        fill_rgb(c, color if box.low_ink else ink_on(color))
        self.box(c, title, box.safe + 2 * mm, h - 14 * mm, w - 2 * box.safe - 16 * mm,
                 11 * mm, size=12, comp=comp, bold=True, valign="middle", lines=2)
        c.restoreState()

    def blue_circle(self, c: Canvas, box: CardBox, value: str, comp: str) -> None:
        cx, cy, r = box.width - box.safe - 7 * mm, box.height - 8 * mm, 5.5 * mm
        c.saveState()
        fill_rgb(c, "#ffffff")
        stroke_rgb(c, SINCERITY_BLUE)
        c.setLineWidth(1.5)
        c.circle(cx, cy, r, stroke=1, fill=1)
        fill_rgb(c, SINCERITY_BLUE)
        if value:
            self.box(c, value, cx - r, cy - r, 2 * r, 2 * r, size=13, comp=comp, bold=True,
                     align="center", valign="middle", lines=1)
        c.restoreState()

    def action_front(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("action_deck")
        kind = str(card.get("kind"))
        region = next((r for r in game.REGIONS if r["id"] == card.get("region")), None)
        body = self.t(f"card_{kind}", high=card.get("high"), low=card.get("low"),
                      pawns=card.get("pawns"), amount=card.get("amount"),
                      region=self.region_name(region) if region else "")
        title = str(card.get("name") or self.t(f"kind_{kind}"))

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, kind, title, comp)
            if kind not in game.SCANDALS:
                value = card.get("value")
                self.blue_circle(c, box, "" if value is None else str(value), comp)
            fill_rgb(c, DARK)
            self.box(c, self.t(f"kind_{kind}"), safe, h - 26 * mm, w - 2 * safe, 7 * mm,
                     size=10, comp=comp, bold=True, lines=1)
            self.box(c, body, safe, safe + 10 * mm, w - 2 * safe, h - 40 * mm, size=13,
                     min_size=7, comp=comp, align="center", valign="middle", lines=5)
            self.box(c, GAME_NAME, safe, safe, w - 2 * safe, 5 * mm, size=7, comp=comp,
                     align="center", lines=1)
        return draw

    def skeleton_front(self, card: Mapping[str, Any]) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("skeleton_deck")
        title = str(card.get("name") or self.t("back_skeleton"))
        effect = self.t("skeleton_effect", money=signed(int(card.get("money") or 0)),
                        sincerity=signed(int(card.get("sincerity") or 0)),
                        pawns=signed(int(card.get("pawns") or 0)))

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, "skeleton", title, comp)
            fill_rgb(c, DARK)
            if card.get("text"):
                self.box(c, str(card["text"]), safe, safe + 22 * mm, w - 2 * safe,
                         h - 42 * mm, size=11, min_size=6, comp=comp, valign="middle")
            self.box(c, effect, safe, safe + 7 * mm, w - 2 * safe, 13 * mm, size=9,
                     min_size=6, comp=comp, bold=True, align="center", valign="middle",
                     lines=2)
            self.box(c, GAME_NAME, safe, safe, w - 2 * safe, 5 * mm, size=7, comp=comp,
                     align="center", lines=1)
        return draw

    def kind_boxes(self) -> str:
        """The kind line of a blank action card: each box tied to its label by no-break
        spaces, so a line never ends on a box whose label starts the next."""
        kinds = ("fundraising", "policy", "advertising", "blackmail", "journalist")
        return " ".join([self.t("blank_kind")] + [
            "□\u00a0" + self.t(f"kind_{kind}").replace(" ", "\u00a0") for kind in kinds])

    def action_blank(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("action_blank")
        lines = ["blank_kind", "blank_amounts", "blank_region", "blank_pawns"]

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, "action", self.t("back_action"), comp)
            self.blue_circle(c, box, "", comp)
            fill_rgb(c, DARK)
            self.box(c, self.t("blank_value"), w - safe - 16 * mm, h - 19 * mm, 16 * mm,
                     3 * mm, size=6, comp=comp, align="center", lines=1)
            each = (h - 24 * mm - safe) / len(lines)
            for i, key in enumerate(lines):
                text = self.kind_boxes() if key == "blank_kind" else tied(self.t(key))
                self.box(c, text, safe, h - 22 * mm - (i + 1) * each, w - 2 * safe,
                         each - 1 * mm, size=8.5, min_size=6, comp=comp, valign="middle",
                         lines=3)
        return draw

    def skeleton_blank(self) -> Callable[[Canvas, CardBox], None]:
        comp = self.t("skeleton_blank")

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe + 2 * mm
            self.kind_band(c, box, "skeleton", self.t("back_skeleton"), comp)
            fill_rgb(c, DARK)
            self.box(c, tied(self.t("blank_name")), safe, h - 26 * mm, w - 2 * safe, 7 * mm,
                     size=9, comp=comp, lines=1)
            self.box(c, self.t("blank_text"), safe, h - 34 * mm, w - 2 * safe, 6 * mm,
                     size=9, comp=comp, lines=1)
            c.saveState()
            stroke_rgb(c, "#999999")
            c.setLineWidth(0.4)
            for i in range(5):
                y = h - 40 * mm - i * 7 * mm
                c.line(safe, y, w - safe, y)
            c.restoreState()
            self.box(c, tied(self.t("blank_effect")), safe, safe + 3 * mm, w - 2 * safe, 10 * mm,
                     size=8.5, min_size=6, comp=comp, bold=True, valign="middle", lines=2)
        return draw

    def back(self, which: str) -> Callable[[Canvas, CardBox], None]:
        color = ACTION_COLOR if which == "action" else SKELETON_COLOR
        title = self.t(f"back_{which}")
        comp = f"{title} ({self.t('backs')})"

        def draw(c: Canvas, box: CardBox) -> None:
            w, h, safe = box.width, box.height, box.safe
            c.saveState()
            if not box.low_ink:
                fill_rgb(c, color)
                c.rect(-box.bleed, -box.bleed, w + 2 * box.bleed, h + 2 * box.bleed, stroke=0,
                       fill=1)
            ink = color if box.low_ink else "#ffffff"
            stroke_rgb(c, ink)
            c.setLineWidth(1)
            c.roundRect(safe, safe, w - 2 * safe, h - 2 * safe, 3 * mm, stroke=1, fill=0)
            fill_rgb(c, ink)
            self.box(c, title, safe + 3 * mm, h / 2 - 6 * mm, w - 2 * safe - 6 * mm, 14 * mm,
                     size=18, comp=comp, bold=True, align="center", valign="middle", lines=1)
            self.box(c, GAME_NAME, safe + 3 * mm, h / 2 - 16 * mm, w - 2 * safe - 6 * mm,
                     6 * mm, size=9, comp=comp, align="center", valign="middle", lines=1)
            c.restoreState()
        return draw
