"""What every part of the kit draws with: the game's data and house defaults, the texts,
boxes and words, and the frame of a full page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import mourir_pour_le_rock as engine
from companion.games.base import load_data

from ...draw import fill_rgb, mark_letters, stroke_rgb
from ...layout import PrintSettings, hex_color
from ...text import BuildError, text_box
from ..base import KitBase
from .data import GAME_ID, GAME_NAME, INK, KIT_VERSION, LANGUAGES, ROCK_RED, money, number
from .texts import text


class KitDrawing(KitBase):
    """The settings, the game's data and the helpers every component draws with."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None,
                 cards: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__(settings, base_url)
        self.d = load_data(GAME_ID)
        self.v = {o.name: o.default for o in engine.OPTIONS if o.kind == "int"}
        self.cards = [dict(card) for card in (cards or [])]
        self.marks = mark_letters({c: text("colour_" + c, self.lang)
                                   for c in self.d["players"]["colours"]})
        for index, card in enumerate(self.cards):
            if card.get("kind") not in engine.DECKS:
                raise BuildError(f"card {index + 1} of the card list: kind must be one of "
                                 f"{', '.join(engine.DECKS)}", GAME_ID)

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def money(self, value: int) -> str:
        return money(value, self.lang)

    def number(self, value: int) -> str:
        return number(value, self.lang)

    def colour(self, colour: str) -> str:
        return str(self.d["colour_values"][colour])

    def zone_colour(self, zone: str) -> str:
        return str(self.d["zone_colours"][zone])

    def box(self, c: Canvas, x: float, y: float, w: float, h: float, colour: str | None = None,
            *, line: float = 0.8, radius: float = 2 * mm) -> None:
        """A framed box; filled with ``colour`` (outlined only when printing low ink)."""
        c.saveState()
        c.setLineWidth(line)
        if colour is not None and not self.s.low_ink:
            fill_rgb(c, colour)
            stroke_rgb(c, colour if colour != "#ffffff" else INK)
            c.roundRect(x, y, w, h, radius, stroke=1, fill=1)
        else:
            # low ink: the outline only, in the colour unless it is too pale to see
            pale = colour is not None and sum(hex_color(colour)) > 2.55
            stroke_rgb(c, INK if colour is None or pale else colour)
            c.roundRect(x, y, w, h, radius, stroke=1, fill=0)
        c.restoreState()

    def write(self, c: Canvas, words: str, x: float, y: float, w: float, h: float, *,
              size: float = 9, min_size: float = 6, bold: bool = False, align: str = "left",
              valign: str = "top", colour: str = INK, component: str = "",
              max_lines: int | None = None) -> None:
        c.saveState()
        fill_rgb(c, colour)
        text_box(c, words, x, y, w, h, fonts=self.fonts, size=size, min_size=min_size,
                 component=component or GAME_NAME, bold=bold, align=align, valign=valign,
                 max_lines=max_lines)
        c.restoreState()

    def frame(self, c: Canvas, title: str) -> tuple[float, float, float, float]:
        """The page's title and house-default note; returns the area left (x, y, w, h)."""
        page_w, page_h = self.s.page_size
        left, right, top, bottom = 14 * mm, page_w - 14 * mm, page_h - 14 * mm, 12 * mm
        self.write(c, title, left, top - 9 * mm, right - left, 9 * mm, size=16, min_size=10,
                   bold=True, colour=ROCK_RED, max_lines=1)
        self.write(c, self.t("house"), left, bottom, right - left, 4 * mm, size=7,
                   min_size=6, align="right", max_lines=1)
        return left, bottom + 6 * mm, right - left, top - 11 * mm - (bottom + 6 * mm)
