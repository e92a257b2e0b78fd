"""The kit's sizes and colours, where its board and mat may be cut, the coins, and the
table's edition values checked as the app checks them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.games import election_usa as game
from companion.games.base import GameError, read_options

from ...layout import hex_color
from ...text import BuildError

GAME_ID = game.ID
GAME_NAME = game.NAME
KIT_VERSION = "1.0"
LANGUAGES = ("en", "fr")

POKER = (63.0, 88.0)
PLAY_AID = (190.0, 130.0)
COIN_MM = 22.0
PAWN_MM = 15.0
MARKER_MM = 22.0
BOARD_W_MM = 540.0
BOARD_H_MM = 250.0
MAT_W_MM = 364.0
MAT_H_MM = 226.0
BOARD_MARGIN_MM = 10.0
BOARD_COLS = 4
BOARD_COL_MM = (BOARD_W_MM - 2 * BOARD_MARGIN_MM) / BOARD_COLS
"""The map's four columns of regions; the Sincerity track below them and the board's texts
keep to the same columns, so the board may be cut between two columns (``board_lines_mm``)."""
TRACK_SLOTS_PER_COL = 5
"""Each column holds five slots of the Sincerity track: the label takes the first two, then
the 16 spaces, and the last column ends with the note on the victory points."""
MAT_SLOT_GAP_MM = 7.0
MAT_LEFT_MM = 10.0


def board_lines_mm() -> tuple[list[float], list[float]]:
    """Where the board may be cut to tile it: between two columns of regions, from top to
    bottom (the track's spaces and the texts stop short of these lines)."""
    return [BOARD_MARGIN_MM + k * BOARD_COL_MM for k in range(1, BOARD_COLS)], []


def mat_lines_mm() -> tuple[list[float], list[float]]:
    """Where the Action card mat may be cut: in the gap between two columns of places."""
    step = POKER[0] + MAT_SLOT_GAP_MM
    return [MAT_LEFT_MM + k * step - MAT_SLOT_GAP_MM / 2 for k in range(1, 5)], []
COINS = {1: 40, 3: 25}
"""Coins per value: $15M for each of five players at the start, and what Fundraising brings."""

PAPER = "#f6f1e4"
DARK = "#222222"
REGION_FILL = "#e9e2cf"
SINCERITY_BLUE = "#1f5fa8"
ACTION_COLOR = "#1d3557"
SKELETON_COLOR = "#3b3b3b"
COIN_COLORS = {1: "#c9a227", 3: "#8d99ae"}
KIND_COLORS = {"fundraising": "#2a9d8f", "policy": "#e76f51", "advertising": "#457b9d",
               "blackmail": "#6d597a", "journalist": "#8d6a3f", "action": ACTION_COLOR,
               "skeleton": SKELETON_COLOR}


def ink_on(color: str) -> str:
    r, g, b = hex_color(color)
    return DARK if 0.299 * r + 0.587 * g + 0.114 * b > 0.6 else "#ffffff"


def signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def edition(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The table's edition values (house defaults when not given), checked like the app."""
    try:
        values = read_options(game.OPTIONS, {k: v for k, v in (options or {}).items()
                                             if k in {o.name for o in game.OPTIONS}})
        game.setup(game.example_players(2), values)
    except GameError as exc:
        raise BuildError(f"edition values: {exc}", GAME_ID) from None
    return values


def skeletons_drawn_at_most() -> int:
    """The most Skeletons a game can draw: every player of the most one short of the
    Skeleton that ends the game, then that one (5 × 3 + 1 = 16)."""
    return game.MAX_PLAYERS * (int(game.DATA["end"]["skeletons"]) - 1) + 1


def tied(text: str) -> str:
    """A template line of fields ("Pawns ____   Amount asked ____", fields apart by two
    spaces or more) whose label and blank stay on one line: the spaces inside a field made
    no-break spaces."""
    return re.sub(r"(?<=\S) (?=\S)", "\u00a0", text)
