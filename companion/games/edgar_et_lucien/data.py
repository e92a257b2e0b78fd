"""The data file's numbers (``data/edgar-et-lucien.toml``), the options, the rules revision
and the outcome reasons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import MAX_SEED, N_, Option, load_data

ID = "edgar-et-lucien"
# The rules revision of this release (see ``base.RULES_KEY``). Revision 2: a robbery needs an
# arrival, a Remote Action Intimidation respects Heritage Protection, influence tokens are
# counted. A table stored before then (revision 1) plays on by the rules its log holds.
RULES = 2
NAME = "Edgar & Lucien"
LANGUAGES = ("en", "fr")

DATA = load_data(ID)
MIN_PLAYERS: int = DATA["players"]["min"]
MAX_PLAYERS: int = DATA["players"]["max"]
COLOURS: tuple[str, ...] = tuple(DATA["players"]["colours"])
START_COGS: int = DATA["start"]["cogs"]
START_POPULARITY: int = DATA["start"]["popularity"]
INFLUENCE_TOKENS: int = DATA["influence"]["tokens"]
POPULARITY_MIN: int = DATA["popularity"]["min"]
POPULARITY_MAX: int = DATA["popularity"]["max"]
UNIT: int = DATA["money"]["unit"]
NOTES: tuple[tuple[int, int], ...] = tuple((n["value"], n["count"]) for n in DATA["money"]["notes"])
TOTAL_MONEY: int = sum(value * count for value, count in NOTES)
TURNS_PER_PERIOD: int = DATA["period"]["turns"]
COSTS: Mapping[str, int] = DATA["costs"]
GAINS: Mapping[str, int] = DATA["gains"]
TAX: Mapping[str, int] = DATA["tax"]
AUCTION_STEP: int = DATA["auction"]["step"]
CONDITIONS: Mapping[str, Mapping[str, Any]] = {c["id"]: c for c in DATA["conditions"]}
CONDITION_ORDER: tuple[str, ...] = tuple(c["id"] for c in DATA["conditions"])
ADMINISTRATION: Mapping[str, Mapping[str, Any]] = {a["id"]: a for a in DATA["administration"]}
MANIGANCE: Mapping[str, Mapping[str, Any]] = {m["id"]: m for m in DATA["manigance"]}
EDGAR_ADMINISTRATION = tuple(a for a, v in ADMINISTRATION.items() if v["character"] == "edgar")
MOVE_COLOURS: tuple[str, ...] = tuple(DATA["border_colours"])
MOVE_KINDS = ("immobile", "border", "metro")
DISTRICT_TYPES = ("ivory", "steel", "administration")
EDGAR, LUCIEN = "edgar", "lucien"
MOVES_STEP = "moves"
POLITICAL_SUPPORT = "political_support"
CITY_HALL = "city-hall"

OPTIONS = (
    Option("hidden_money", "bool", False, N_("Hidden money"),
           N_("Each player's Cogs show only on their own phone (a robbery shows them)")),
    Option("seed", "seed", 0, N_("Shuffle of the Manigance deck"),
           N_("Any number: the same number gives the same deck order; a new table draws one"),
           minimum=0, maximum=MAX_SEED),
)


class Reason:
    """Why a game of Edgar & Lucien ended: the three (or four) conditions the winner met at
    the same moment, in the fixed order dandy, collector, bureaucrat, zealot."""

    DANDY_COLLECTOR_BUREAUCRAT = "dandy+collector+bureaucrat"
    """Wealthy Dandy, High Tax Collector and Influential Bureaucrat."""
    DANDY_COLLECTOR_ZEALOT = "dandy+collector+zealot"
    """Wealthy Dandy, High Tax Collector and Grand Zealot."""
    DANDY_BUREAUCRAT_ZEALOT = "dandy+bureaucrat+zealot"
    """Wealthy Dandy, Influential Bureaucrat and Grand Zealot."""
    COLLECTOR_BUREAUCRAT_ZEALOT = "collector+bureaucrat+zealot"
    """High Tax Collector, Influential Bureaucrat and Grand Zealot."""
    ALL_FOUR = "dandy+collector+bureaucrat+zealot"
    """All four conditions at once."""
