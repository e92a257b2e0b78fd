"""What every part of the kit draws with: its settings, texts, names and text boxes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...draw import fill_rgb, mark_letters
from ...layout import PrintSettings
from ...text import text_box
from ..base import KitBase
from .data import DARK, GAME_ID, GAME_NAME, KIT_VERSION, LANGUAGES, data, deck_cards
from .texts import text


class KitDrawing(KitBase):
    """The settings, the game's data and the text helpers every component draws with."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None,
                 deck: Sequence[Mapping[str, Any]] | None = None) -> None:
        super().__init__(settings, base_url)
        # the game's names are Korean in every language: NanumGothic, which covers Latin
        self.s = replace(settings, font_lang="ko")
        self.fonts = self.s.fonts
        self.d = data()
        self.deck = deck_cards(deck)
        self.colours = {c["id"]: c for c in self.d["colours"]}
        self.card_colours = {c["id"]: c for c in self.d["card_colours"]}
        self.marks = mark_letters({k: self.name_of(c) for k, c in self.colours.items()})

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def name_of(self, item: Mapping[str, Any], key: str = "name") -> str:
        return str(item.get(f"{key}_{self.lang}") or item[f"{key}_en"])

    def box(self, c: Canvas, value: str, x: float, y: float, w: float, h: float, *,
            size: float, component: str, bold: bool = False, align: str = "left",
            valign: str = "top", color: str = DARK, min_size: float | None = None) -> None:
        fill_rgb(c, color)
        text_box(c, value, x, y, w, h, fonts=self.fonts, size=size,
                 min_size=min_size or max(6.0, size * 0.6), component=component, bold=bold,
                 align=align, valign=valign)

    def workers_per_colour(self) -> int:
        """3 campaign workers and 4 more for temporary workers: the box's 28 in 4 colours."""
        return 7
