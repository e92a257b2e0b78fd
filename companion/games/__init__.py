"""The game registry: one line per game, one lookup."""

from __future__ import annotations

from types import ModuleType

from . import (
    casse_toi_pov_con,
    edgar_et_lucien,
    election_usa,
    mourir_pour_le_rock,
    storm_candidate,
)
from .base import N_, GameError, MalformedInput

GAMES: dict[str, ModuleType] = {
    casse_toi_pov_con.ID: casse_toi_pov_con,
    edgar_et_lucien.ID: edgar_et_lucien,
    election_usa.ID: election_usa,
    mourir_pour_le_rock.ID: mourir_pour_le_rock,
    storm_candidate.ID: storm_candidate,
}

# Every game the product covers, in menu order; the ones not in GAMES are not playable yet.
ALL_GAME_IDS = (
    "casse-toi-pov-con", "election-usa", "edgar-et-lucien", "storm-candidate",
    "mourir-pour-le-rock",
)


def get_game(game_id: str) -> ModuleType:
    """The engine module of a game, or MalformedInput naming the unknown id."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise MalformedInput(N_("unknown game: %(game)s"), code="unknown_game",
                              game=game_id) from None


__all__ = ["GAMES", "ALL_GAME_IDS", "get_game", "GameError"]
