"""What every part of the kit builds on: the settings, the game data and the texts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...layout import Document, Page
from ..base import KitBase
from .texts import amount, text


class Parts(KitBase):
    """The kit's state and helpers, shared by the board, the cards and the components."""

    d: Mapping[str, Any]
    colours: Mapping[str, str]
    player_colours: Mapping[str, str]
    marks: Mapping[str, str]
    places: Mapping[str, Mapping[str, Any]]

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)

    def colour_name(self, colour: str, lang: str | None = None) -> str:
        return text(f"colour_{colour}", lang or self.lang)

    def money(self, value: int) -> str:
        return amount(value, self.lang)

    def add_single(self, doc: Document, page: Page) -> None:
        """A one-sided page: in duplex it starts a sheet and gets an empty back."""
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))
