"""The kit's names, sizes and colours, and the marks of the voters' reactions."""

from __future__ import annotations

GAME_ID = "casse-toi-pov-con"
GAME_NAME = "Casse-toi Pov'con!"
KIT_VERSION = "1.0"
LANGUAGES = ("en", "fr", "ko")

POKER = (63.0, 88.0)
TOKEN = (16.0, 11.0)
"""A candidate token: a flat chip, nine side by side on one track space."""
TOKEN_GAP_MM = 1.5
TOKEN_SHEET_GAP_MM = 3.0
"""Between two tokens printed in a card's place: room for the scissors."""
TRACK_LABEL_MM = 17.0
TRACK_ROW_MM = 15.5
"""One row of the track page per space, its number on the left."""

MARINE_COLOR = "#1d2b5c"
STAR_COLOR = "#e0a800"
REACTION_MARKS = {"positive": "♥", "indifferent": "=", "rejection": "✗", "nightmare": "☠"}
REACTION_COLORS = {
    "positive": "#2f9e44", "indifferent": "#7a828f", "rejection": "#d9480f",
    "nightmare": "#1a1a1a",
}
PARTY_NAMES_KO = {"blue": "파란색", "orange": "주황색", "pink": "분홍색", "green": "녹색"}
