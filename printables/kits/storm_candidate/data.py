"""The game's numbers the kit prints (from the engine's data file), its sizes and colours,
and the group's card list checked as the engine checks it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.base import load_data

from ... import draw
from ...layout import legible
from ...text import BuildError

GAME_ID = "storm-candidate"
GAME_NAME = "폭풍의 대권주자"
KIT_VERSION = "1.0"
LANGUAGES = ("ko", "en")

POKER = (63.0, 88.0)
AID = (95.0, 135.0)
TOKEN = (15.0, 15.0)
"""VP tokens, workers, career markers and the round marker: within the 17 mm token tray of
an office space and the 16 mm wide squares of the round track."""
TRAY_R_MM = 8.5
TRACK_SQUARE_MM = 17.0
TRACK_SIDE_MM = 9.0
"""Squares and side margins that keep the whole track on one sheet of A4, Letter or
universal paper: 188 mm wide, within every paper's tile area."""
TRACK_COLS = 10
SLOT_W_MM, SLOT_H_MM = 69.0, 104.0
"""A street slot's pitch (its card area is 4 mm narrower) and height."""
LANDSCAPE_FOOTER_MM = 6.0
"""A board tiled across the sheet (landscape, turned on the portrait page) keeps this much
more room on the side where the page footer runs."""
OFFICE_COLS = 3
"""The Federal Building is cut after this many columns of offices: its headings and its
note keep to the first columns, so no text is split across two sheets."""
OFFICE_W_MM, OFFICE_H_MM = 46.0, 38.0
OFFICE_CARD = (OFFICE_W_MM - 2, OFFICE_H_MM - 2)
"""The office cards lie on the Federal Building's office spaces: 1 mm inside each side."""
HEADING_MARGIN_MM = 3.0
"""Text on a board keeps this far inside its cut line (the card's safe margin)."""
PAPER = "#f7f3ea"
DARK = "#222222"
GOAL_COLOR = legible("#c8102e", "#f3d6d6")
"""Red, dark enough for 4.5:1 on the pink of the goal square."""
PERIODS = ("I", "II", "III", "IV", "V")


def data() -> Mapping[str, Any]:
    return load_data(GAME_ID)


def ink_on(color: str) -> str:
    """Dark or white text, whichever contrasts more with ``color``."""
    return draw.ink_on(color, dark=DARK)


def surcharges() -> tuple[int, ...]:
    return tuple(data()["street"]["surcharges"])


def deck_cards(deck: Sequence[Mapping[str, Any]] | None) -> list[dict[str, Any]]:
    """The group's card list, checked as the engine checks the table option."""
    if not deck:
        return []
    from companion.games import storm_candidate as engine
    from companion.games.base import GameError, read_deck

    option = next(o for o in engine.OPTIONS if o.name == "deck")
    try:
        cards = read_deck(option, list(deck))
        for card in cards:
            engine._check_deck_card(card)  # noqa: SLF001
    except GameError as error:
        raise BuildError(f"deck list: {error}", GAME_ID) from None
    return cards
