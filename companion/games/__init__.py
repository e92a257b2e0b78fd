"""The game registry: one line per game, one lookup."""

from __future__ import annotations

from functools import cache
from types import ModuleType
from typing import Any

from .base import N_, GameError, MalformedInput


@cache
def _games() -> dict[str, ModuleType]:
    """The engines, imported at first use: a print-and-play kit reads ``games.base`` or its
    own game's engine only, and the command line need not import the other four."""
    from . import (
        casse_toi_pov_con,
        edgar_et_lucien,
        election_usa,
        mourir_pour_le_rock,
        storm_candidate,
    )

    return {
        casse_toi_pov_con.ID: casse_toi_pov_con,
        edgar_et_lucien.ID: edgar_et_lucien,
        election_usa.ID: election_usa,
        mourir_pour_le_rock.ID: mourir_pour_le_rock,
        storm_candidate.ID: storm_candidate,
    }


def __getattr__(name: str) -> Any:
    """``GAMES``: the game registry, one line per game (``_games``)."""
    if name == "GAMES":
        return _games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


ALL_GAME_IDS = (
    "casse-toi-pov-con", "election-usa", "edgar-et-lucien", "storm-candidate",
    "mourir-pour-le-rock",
)


def get_game(game_id: str) -> ModuleType:
    """The engine module of a game, or MalformedInput naming the unknown id."""
    try:
        return _games()[game_id]
    except (KeyError, TypeError):
        raise MalformedInput(N_("unknown game: %(game)s"), code="unknown_game",
                              game=game_id) from None


__all__ = ["GAMES", "ALL_GAME_IDS", "get_game", "GameError"]
