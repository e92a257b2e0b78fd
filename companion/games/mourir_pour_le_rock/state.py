"""Mourir pour le Rock: the game data, the edition values, the state and the small rule
functions every part shares (zones, cubes, dice, decades)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..base import MAX_SEED, N_, Option, Outcome, Words
from .data import (
    ACTIONS,
    DATA,
    DECADES,
    EXTRA_DIE_SIDES,
    MAIN_DIE_FACES,
    MAX_AMOUNT,
    MAX_MENTAL,
    MAX_POINTS,
)
from .deck import CARDS_SCHEMA, DECK_FIELDS


def _option_name(section: str, key: str) -> str:
    return key if section in ("decades", "costs", "score") else f"{section}_{key}"


# The edition values: (section, key of the data file, label, lowest, highest). Each is an
# option of the same name whose default is the data file's value.
_EDITION = (
    ("start", "money", N_("Starting money ($), unless the player board says otherwise"), 0,
     MAX_AMOUNT),
    ("mental", "start", N_("Starting mental health, unless the player board says otherwise"),
     1, MAX_MENTAL),
    ("mental", "max", N_("Top of the mental-health gauge"), 1, MAX_MENTAL),
    ("mental", "green_from", N_("Green zone from"), 2, MAX_MENTAL),
    ("mental", "yellow_from", N_("Yellow zone from (red below)"), 2, MAX_MENTAL),
    ("mental", "green_actions", N_("Actions in the green zone"), 1, 6),
    ("mental", "yellow_actions", N_("Actions in the yellow zone"), 1, 6),
    ("mental", "red_actions", N_("Actions in the red zone"), 1, 6),
    ("mental", "vice_below", N_("A vice the first time a turn ends below"), 1, MAX_MENTAL),
    ("mental", "detox_at_most", N_("Detox only at this mental health or less"), 0, MAX_MENTAL),
    ("songs", "max", N_("Spaces of the songs track"), 1, 50),
    ("songs", "extra_action_at", N_("Song that gives the extra action"), 1, 50),
    ("songs", "income_per_pip", N_("Money per point of the song's dice ($)"), 0, MAX_AMOUNT),
    ("songs", "one_extra_die_gear", N_("Gear cards for one extra die"), 1, 50),
    ("songs", "two_extra_dice_gear", N_("Gear cards for two extra dice"), 1, 50),
    ("decades", "tours_80s", N_("Tour cards of the 80s"), 1, 100),
    ("decades", "tours_90s", N_("Tour cards of the 90s"), 1, 100),
    ("decades", "tours_2000s", N_("Tour cards of the 2000s"), 1, 100),
    ("costs", "psy_mental", N_("Shrink: mental health gained"), 0, MAX_MENTAL),
    ("costs", "record_contract_mental", N_("Record contract: mental health gained"), 0,
     MAX_MENTAL),
    ("costs", "record_contract_fans", N_("Record contract: fans gained"), 0, MAX_AMOUNT),
    ("costs", "mushroom_trip_money", N_("Mushroom trip: price ($)"), 0, MAX_AMOUNT),
    ("costs", "exploration_money", N_("Artistic exploration: money gained ($)"), 0,
     MAX_AMOUNT),
    ("costs", "mini_objectives", N_("Mini-objectives kept (and refilled to)"), 0, 10),
    ("costs", "rock_star_vices", N_("Rock-star life: vices needed"), 0, 10),
    ("costs", "rock_star_fans", N_("Rock-star life: fans gained"), 0, MAX_AMOUNT),
    ("costs", "rock_star_mental", N_("Rock-star life: mental health gained"), 0, MAX_MENTAL),
    ("costs", "viral_video_mental", N_("Viral video: mental health paid"), 0, MAX_MENTAL),
    ("costs", "viral_video_fans", N_("Viral video: fans gained"), 0, MAX_AMOUNT),
    ("costs", "bribe_money", N_("Bribe: price ($)"), 0, MAX_AMOUNT),
    ("score", "bribe_points", N_("Bribe token: souvenir points"), 0, MAX_POINTS),
    ("score", "death_points", N_("Dying for rock: souvenir points"), 0, MAX_POINTS),
    ("score", "fans_per_point", N_("Fans per souvenir point"), 1, MAX_AMOUNT),
    ("score", "money_per_point", N_("Money per souvenir point ($)"), 1, MAX_AMOUNT),
    ("score", "mental_points", N_("Souvenir points per mental-health point left"), 0, 100),
    ("score", "gear_set_size", N_("Gear cards in a set"), 2, 10),
    ("score", "gear_identical_points", N_("A set of identical gear symbols: points"), 0,
     MAX_POINTS),
    ("score", "gear_different_points", N_("A set of different gear symbols: points"), 0,
     MAX_POINTS),
)

DECK_EXAMPLE = (
    {"kind": "tour", "name": Words(N_("Tour of Asia")), "decade": "80s", "cost_money": 2000,
     "fans_needed": 1000, "fans": 3000, "continent": "asia"},
    {"kind": "agent", "name": Words(N_("The agent's name")), "cost_money": 1000,
     "text": Words(N_("its power, as printed"))},
)

OPTIONS: tuple[Option, ...] = tuple(
    Option(_option_name(section, key), "int", DATA[section][key], label,
           N_("House default — check your copy"), edition=True, minimum=low, maximum=high)
    for section, key, label, low, high in _EDITION
) + (
    Option("cards", "deck", [], N_("Your card list"),
           N_("The cards of your copy (kind: tour, agent, gear, vice, objective, mini, award "
              "or event), so the phones pick them instead of asking what a card prints"),
           edition=True, fields=DECK_FIELDS, example=DECK_EXAMPLE, schema=CARDS_SCHEMA),
    Option("seed", "seed", 0, N_("Song dice"),
           N_("Any number: the same number gives the same rolls; a new table draws one"),
           minimum=0, maximum=MAX_SEED),
)
EDITION_NAMES: tuple[str, ...] = tuple(_option_name(s, k) for s, k, *_ in _EDITION)


class Reason:
    """Why a game of Mourir pour le Rock ended."""

    FINAL_COUNT = "final_count"
    """The last 2000s tour was taken, that turn finished and the souvenir points counted."""
    ALL_DIED = "all_died"
    """Every player died for rock: the souvenir points were counted early."""


# Each reason in words (the results page, exports; see ``companion.plays.reason_label``).
REASON_LABELS = {
    Reason.FINAL_COUNT: N_("The 2000s' tours are gone: final count."),
    Reason.ALL_DIED: N_("Every player died for rock: the count was made at once."),
}


# ---------------------------------------------------------------------------- state

@dataclass(frozen=True)
class Card:
    """A card as the phone recorded it (what it cost and what it gave)."""

    kind: str
    name: str = ""
    cost_money: int = 0
    cost_mental: int = 0
    fans_needed: int = 0
    fans: int = 0
    money: int = 0
    souvenir: int = 0
    continent: str = ""
    symbol: str = ""
    text: str = ""
    index: int | None = None  # in the group's card list
    decade: str = ""  # a tour's: its pile (the list's, else the decade it was taken in)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "cost_money": self.cost_money,
                "cost_mental": self.cost_mental, "fans_needed": self.fans_needed,
                "fans": self.fans, "money": self.money, "souvenir": self.souvenir,
                "continent": self.continent, "symbol": self.symbol, "text": self.text,
                "index": self.index, "decade": self.decade}


@dataclass(frozen=True)
class Objective:
    kind: str  # "main" or "mini"
    name: str = ""
    souvenir: int = 0
    done: bool = False
    index: int | None = None  # in the group's card list, when picked from it


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    power: str
    start_money: int
    start_mental: int
    money: int
    mental: int
    fans: int = 0
    songs: int = 0
    cubes: int = 0
    cubes_left: int = 0
    fifth_song_used: bool = False
    vice_drawn: bool = False
    tours: tuple[Card, ...] = ()
    agents: tuple[Card, ...] = ()
    gear: tuple[Card, ...] = ()
    vices: tuple[Card, ...] = ()
    awards: tuple[Card, ...] = ()
    objectives: tuple[Objective, ...] = ()
    souvenir: int = 0
    explored: bool = False
    dead: bool = False


@dataclass(frozen=True)
class Roll:
    seat: int
    dice: tuple[int, ...]
    income: int
    typed: bool
    number: int  # the how-many-th song of the table


@dataclass(frozen=True)
class Settings:
    values: Mapping[str, int]
    seed: int
    cards: tuple[Mapping[str, Any], ...]

    def __getitem__(self, name: str) -> int:
        return self.values[name]


@dataclass(frozen=True)
class State:
    settings: Settings
    players: tuple[Player, ...]
    phase: str = "play"
    decade: int = 0
    turn: int = 1
    first_player: int = 0
    active: int = 0
    tours_taken: int = 0
    closing: bool = False
    bribe: int | None = None
    pending_event: tuple[int, str] | None = None  # (buyer, card name)
    last_roll: Roll | None = None
    rolls: int = 0
    taken: tuple[int, ...] = ()
    # The cards typed as printed (not picked from the list), in the order they were taken.
    typed: tuple[Card, ...] = ()
    # The host's corrections of a decade's tour cards: (decade, count), the last one counts.
    tour_cards: tuple[tuple[int, int], ...] = ()
    result: Outcome | None = None
    reason: str = field(default="")


# ---------------------------------------------------------------------------- rules helpers

def zone_of(mental: int, values: Mapping[str, int]) -> str:
    """The gauge's zone: green, yellow, red, or dead at 0."""
    if mental <= 0:
        return "dead"
    if mental >= values["mental_green_from"]:
        return "green"
    if mental >= values["mental_yellow_from"]:
        return "yellow"
    return "red"


def cubes_for(mental: int, values: Mapping[str, int]) -> int:
    """The action cubes a player takes at the start of a turn."""
    zone = zone_of(mental, values)
    return 0 if zone == "dead" else values[f"mental_{zone}_actions"]


def dice_count(gear_cards: int, values: Mapping[str, int]) -> int:
    """Dice a song rolls: the main die, one more with 3-4 gear cards, two with 5 or more."""
    if gear_cards >= values["songs_two_extra_dice_gear"]:
        return 3
    if gear_cards >= values["songs_one_extra_die_gear"]:
        return 2
    return 1


def roll_dice(seed: int, number: int, count: int) -> tuple[int, ...]:
    """The table's seeded roll for its ``number``-th song: the same every replay."""
    rng = random.Random(f"{seed}:song:{number}")
    main = rng.choice(MAIN_DIE_FACES)
    return (main,) + tuple(rng.randint(1, EXTRA_DIE_SIDES) for _ in range(count - 1))


def tours_in_decade(state: State, decade: int | None = None) -> int:
    """The tour cards of a decade: the host's correction of it during the game, else the
    group's card list when it lists that decade's tours, else the edition value."""
    decade = state.decade if decade is None else decade
    corrected = [count for d, count in state.tour_cards if d == decade]
    if corrected:
        return corrected[-1]
    listed = sum(1 for c in state.settings.cards
                 if c.get("kind") == "tour" and c.get("decade") == DECADES[decade])
    return listed or state.settings[f"tours_{DECADES[decade]}"]


def unlocked(decade: int) -> tuple[str, ...]:
    """The actions of the main board open in a decade (each decade adds its own)."""
    return tuple(a for a, d in ACTIONS.items() if DECADES.index(d["decade"]) <= decade)


def turn_order(state: State) -> tuple[int, ...]:
    count = len(state.players)
    return tuple((state.first_player + i) % count for i in range(count))
