"""Mourir pour le Rock: the game's data (``data/mourir-pour-le-rock.toml``) and the bounds of
what a card may print, shared by the state, the card list's schema and the actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import load_data

ID = "mourir-pour-le-rock"
# The rules revision a new table plays by (``base.RULES_KEY``). 2: the card list is checked
# against its schema at setup (each kind's fields, the choices, a tour's decade, a gear
# card's symbol); a table of revision 1 keeps the looser checks it was made under.
RULES = 2
NAME = "Mourir pour le Rock"
LANGUAGES = ("fr", "en")

DATA = load_data(ID)
MIN_PLAYERS: int = DATA["players"]["min"]
MAX_PLAYERS: int = DATA["players"]["max"]
COLOURS: tuple[str, ...] = tuple(DATA["players"]["colours"])
DECADES: tuple[str, ...] = tuple(d["id"] for d in DATA["decade"])
ACTIONS: Mapping[str, Mapping[str, Any]] = {a["id"]: a for a in DATA["action"]}
CONTINENTS: tuple[str, ...] = tuple(c["id"] for c in DATA["continent"])
SYMBOLS: tuple[str, ...] = tuple(s["id"] for s in DATA["symbol"])
DECKS: Mapping[str, Mapping[str, Any]] = {d["id"]: d for d in DATA["deck"]}
MAIN_DIE_FACES: tuple[int, ...] = tuple(DATA["songs"]["main_die_faces"])
EXTRA_DIE_SIDES: int = DATA["songs"]["extra_die_sides"]
JOKER = "joker"
MAX_AMOUNT = 1_000_000  # any money, fans or points a card may print
MAX_MENTAL = 100  # the highest top of the mental-health gauge an edition may have
MAX_POINTS = 1000  # the most souvenir points a card, an objective or a token may give
MAX_NAME = 80

CUBE_ACTIONS = tuple(ACTIONS) + ("pass",)
MARKET = ("tour", "agent", "gear")
ZONES = ("green", "yellow", "red", "dead")
