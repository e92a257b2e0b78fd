"""One print-and-play kit per game, built from the game's data file."""

from __future__ import annotations

from types import ModuleType

from . import (
    casse_toi_pov_con,
    edgar_et_lucien,
    election_usa,
    mourir_pour_le_rock,
    storm_candidate,
)

KITS: dict[str, ModuleType] = {
    casse_toi_pov_con.GAME_ID: casse_toi_pov_con,
    edgar_et_lucien.GAME_ID: edgar_et_lucien,
    election_usa.GAME_ID: election_usa,
    mourir_pour_le_rock.GAME_ID: mourir_pour_le_rock,
    storm_candidate.GAME_ID: storm_candidate,
}


def get_kit(game_id: str) -> ModuleType | None:
    """The kit module of a game, or ``None`` when the game has no kit yet."""
    return KITS.get(game_id)
