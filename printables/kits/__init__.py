"""One print-and-play kit per game, built from the game's data file."""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

KITS: dict[str, str] = {
    "casse-toi-pov-con": "casse_toi_pov_con",
    "edgar-et-lucien": "edgar_et_lucien",
    "election-usa": "election_usa",
    "mourir-pour-le-rock": "mourir_pour_le_rock",
    "storm-candidate": "storm_candidate",
}
"""Game id -> the module of its kit, imported when the game is printed (a build reads one
kit, and one game's engine at most)."""


def get_kit(game_id: str) -> ModuleType | None:
    """The kit module of a game, or ``None`` when the game has no kit yet."""
    name = KITS.get(game_id) if isinstance(game_id, str) else None
    return import_module(f"{__name__}.{name}") if name is not None else None
