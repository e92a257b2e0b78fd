"""What every component draws with: the edition values, the colours' marks, the texts and
the text boxes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.games import election_usa as game

from ...draw import mark_letters
from ...layout import PrintSettings
from ...text import text_box
from ..base import KitBase
from .data import edition
from .texts import text


class KitDrawing(KitBase):
    """The edition values and the helpers every component draws with."""

    def __init__(self, settings: PrintSettings, base_url: str | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(settings, base_url)
        self.values = edition(options)
        self.marks = mark_letters({c["id"]: str(c.get(f"name_{self.lang}") or c["name_en"])
                                   for c in game.DATA["colours"]})
        self.points = {r["id"]: tuple(self.values[game.points_option(r, p)] for p in range(3))
                       for r in game.REGIONS}

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def region_name(self, region: Mapping[str, Any]) -> str:
        return str(region.get(f"name_{self.lang}") or region["name_en"])

    def box(self, c: Canvas, value: str, x: float, y: float, w: float, h: float, *,
            size: float, min_size: float = 6, comp: str, bold: bool = False,
            align: str = "left", valign: str = "top", lines: int | None = None) -> None:
        text_box(c, value, x, y, w, h, fonts=self.fonts, size=size, min_size=min_size,
                 component=comp, bold=bold, align=align, valign=valign, max_lines=lines)
