"""The kit's names, sizes and colours, and how it writes numbers, money and names in each
language."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...draw import ink_on

GAME_ID = "mourir-pour-le-rock"
GAME_NAME = "Mourir pour le Rock"
KIT_VERSION = "1.0"
LANGUAGES = ("fr", "en")

POKER = (63.0, 88.0)
TOKEN = (20.0, 20.0)
CUBE = (7.5, 7.5)
"""An action cube's token: one value of the mental-health gauge (its cells are 7.9 mm wide
on A4) and within the main board's cube boxes (14 mm wide)."""
DIE_SIDE_MM = 30.0
DIE_TAB_MM = 7.0
INK = "#1a1a1a"
ROCK_RED = "#8e1b1b"


def number(value: int, lang: str) -> str:
    """1,000 in English, 1 000 in French (narrow no-break space)."""
    return f"{value:,}".replace(",", "\u202f" if lang == "fr" else ",")


def money(value: int, lang: str) -> str:
    return f"{number(value, lang)}\u00a0$" if lang == "fr" else f"${number(value, lang)}"


def name_in(item: Mapping[str, Any], lang: str) -> str:
    return str(item.get(f"name_{lang}", item["name_en"]))


def ink_for(color: str) -> str:
    """Black or white text, whichever contrasts more with a fill of this colour."""
    return ink_on(color, dark="#000000")
