"""Mourir pour le Rock — the rules engine.

Each player's board (money, mental health and its zone, songs, fans, vices, gear, tours,
agents, awards, objectives, souvenir points), the three decades and the actions each unlocks
with their costs and conditions, the turn's action cubes, the song's dice, the market's
events, dying for rock and the final count, per the rulebook (a review's summary,
``shared/rules/mourir-pour-le-rock.fr.txt``) and the table rulings (``RULINGS.md``). Every
number comes from ``data/mourir-pour-le-rock.toml`` and is an edition value of the table
(an option of the same name): house defaults, to check against the group's copy.

Seats and turns
---------------

Seats are numbered from 0 in the order of ``players`` at setup, the clockwise seating order;
seat 0 is the first player of the first turn, and the first player passes left (seat + 1)
each turn. At the start of a turn every living player takes the cubes their mental-health
zone gives (green 3, yellow 2, red 1), fixed for the turn; then, from the first player
clockwise, each places one cube at a time (a seat with no cube left is skipped) until all are
placed. ``active`` is the seat whose cube is next.

State (``State``, frozen)
-------------------------

- ``phase``: ``"play"`` (cubes are placed), ``"count"`` (the last 2000s turn is over: the
  players mark their objectives, then ``finish``) or ``"over"`` (``result`` is set).
- ``decade`` (0, 1, 2: the 80s, 90s, 2000s), ``turn`` (from 1), ``first_player``,
  ``active``, ``tours_taken`` (in this decade) and ``closing`` (its last tour is taken: the
  turn is finished, then the next decade, or the count after the 2000s).
- ``players``: per seat the board (``start_money``, ``start_mental``, ``power``), ``money``,
  ``mental``, ``fans``, ``songs``, ``cubes`` (taken this turn) and ``cubes_left``,
  ``fifth_song_used``, ``vice_drawn``, the cards (``tours``, ``agents``, ``gear``, ``vices``,
  ``awards``: ``Card``), ``objectives`` (``Objective``: main or mini, points, done),
  ``souvenir`` (points from events and powers), ``explored`` (Artistic exploration used),
  ``dead``.
- ``bribe`` (the seat holding the bribe token), ``pending_event`` (a bought card had an event
  under it: the table resolves it before the next cube), ``last_roll`` (the last song's
  dice), ``rolls`` (songs rolled so far: the seeded source's position), ``taken`` (indexes of
  the group's card list already taken).

Actions (dicts, as the API receives them)
-----------------------------------------

A cube (the active seat only, in the play phase, no event pending; each uses one cube):

- 80s: ``{"type": "tour" | "agent" | "gear", "seat", "card", "event"}``: a market card.
  ``card`` is either the index (from 0) of a card of that kind in the group's card list, or
  the card as printed, an object with the deck's fields (``cost_money``, ``cost_mental``,
  ``fans_needed``, what it gives: ``fans``, ``money``, ``souvenir``, a tour's ``continent``,
  a gear card's ``symbol``, a ``name``). ``event`` (default false): the card was bought from
  a pile with an event under it.
  ``{"type": "song", "seat", "dice"}``: ``dice`` omitted or null rolls from the table's
  seeded source; else the dice typed in, the main die first.
  ``{"type": "psy", "seat"}``, ``{"type": "detox", "seat"}``.
- 90s: ``{"type": "therapy", "seat", "vice"}`` (the index of the vice discarded),
  ``{"type": "record_contract", "seat"}``, ``{"type": "mushroom_trip", "seat", "card"}``
  (the main objective kept: a list index or ``{"name", "souvenir"}``, optional),
  ``{"type": "artistic_exploration", "seat"}``.
- 2000s: ``{"type": "award", "seat", "card"}`` (a prize card whose condition the player
  meets: ``fans_needed`` is checked, any other condition the players judge),
  ``{"type": "rock_star", "seat", "dice"}`` (a song with its roll, as above),
  ``{"type": "viral_video", "seat"}``, ``{"type": "bribe", "seat"}``.
- ``{"type": "pass", "seat"}``: the cube is placed on no action.

Free (no cube; never refused for being out of turn):

- ``{"type": "event", "effects": [{"seat", "money", "mental", "fans", "souvenir"}],
  "name"}``: the pending event's effect on each player named (changes, may be negative).
- ``{"type": "effect", "seat", "money", "mental", "fans", "souvenir", "note"}``: an agent's
  power or another card's effect on the seat's own board.
- ``{"type": "vice", "seat", "card"}``: a vice card's contents (it fills the vice the seat
  drew and has not named yet, else it is a vice taken from an event or a card).
- ``{"type": "objective", "seat", "objective", "done", "souvenir", "name"}``: an objective
  (index in the seat's list) completed or not, its points and name.
- ``{"type": "finish"}`` (count phase): the count is closed; the outcome follows.

Owners: every action that names a ``seat`` belongs to it; ``event`` and ``finish`` belong to
the table (any seated phone or the host).

Money and fans never go negative: a payment a player cannot afford is refused, and so is an
event or effect taking more than they have. Mental health stays within 0..max: a gain stops
at the top; a cost larger than the mental health left is refused, one equal to it is paid
and the player dies for rock (an event's or an effect's loss stops at 0, the same death).

Dying for rock: at 0 mental health the player gets the death bonus (souvenir points), their
cubes of the turn are lost and their board is frozen (no cube, effect or vice any more);
everything earned still counts; their objectives can still be marked. If every player dies,
the turn ends and the count opens.

``to_json(state, viewer)``
--------------------------

Nothing is secret in this game (hands of objectives are kept face down at the real table,
and the phones only record what is completed). ``phase``, ``decade`` (its id),
``decade_index``, ``turn``, ``first_player``, ``order``, ``active``, ``tours_in_decade``,
``tours_taken``, ``tours_left``, ``closing``, ``unlocked`` (action ids), ``bribe``,
``pending_event``, ``last_roll`` (``seat``, ``dice``, ``total``, ``income``, ``typed``,
``number``), ``players`` (per seat: ``seat``, ``name``, ``colour``, ``power``,
``start_money``, ``start_mental``, ``money``, ``mental``, ``zone``, ``cubes``, ``cubes_left``,
``songs``, ``fifth_song_used``, ``fans``, ``vices``, ``vice_drawn``, ``gear``,
``gear_symbols``, ``dice`` (how many dice a song rolls now), ``tours``, ``tours_by_continent``,
``agents``, ``awards``, ``objectives``, ``souvenir``, ``explored``, ``dead``, ``score``: the
count by category and ``total``), ``ranking`` (seats by total), ``values`` (the edition
values in force), ``deck`` (the group's card list, with ``taken``).

Table decisions where the rulebook and RULINGS.md are silent are listed in the README
("Mourir pour le Rock: table decisions") and the rules reference.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .base import (
    N_,
    TABLE,
    GameError,
    IllegalAction,
    Label,
    MalformedInput,
    Option,
    Outcome,
    Owner,
    dispatch,
    load_data,
    read_options,
)

ID = "mourir-pour-le-rock"
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
MAX_NAME = 80

CUBE_ACTIONS = tuple(ACTIONS) + ("pass",)
MARKET = ("tour", "agent", "gear")
ZONES = ("green", "yellow", "red", "dead")


def _option_name(section: str, key: str) -> str:
    return key if section in ("decades", "costs", "score") else f"{section}_{key}"


# The edition values: (section, key of the data file, label, lowest, highest). Each is an
# option of the same name whose default is the data file's value.
_EDITION = (
    ("start", "money", N_("Starting money ($), unless the player board says otherwise"), 0,
     MAX_AMOUNT),
    ("mental", "start", N_("Starting mental health, unless the player board says otherwise"),
     1, 100),
    ("mental", "max", N_("Top of the mental-health gauge"), 1, 100),
    ("mental", "green_from", N_("Green zone from"), 2, 100),
    ("mental", "yellow_from", N_("Yellow zone from (red below)"), 2, 100),
    ("mental", "green_actions", N_("Actions in the green zone"), 1, 6),
    ("mental", "yellow_actions", N_("Actions in the yellow zone"), 1, 6),
    ("mental", "red_actions", N_("Actions in the red zone"), 1, 6),
    ("mental", "vice_below", N_("A vice the first time a turn ends below"), 1, 100),
    ("mental", "detox_at_most", N_("Detox only at this mental health or less"), 0, 100),
    ("songs", "max", N_("Spaces of the songs track"), 1, 50),
    ("songs", "extra_action_at", N_("Song that gives the extra action"), 1, 50),
    ("songs", "income_per_pip", N_("Money per point of the song's dice ($)"), 0, MAX_AMOUNT),
    ("songs", "one_extra_die_gear", N_("Gear cards for one extra die"), 1, 50),
    ("songs", "two_extra_dice_gear", N_("Gear cards for two extra dice"), 1, 50),
    ("decades", "tours_80s", N_("Tour cards of the 80s"), 1, 100),
    ("decades", "tours_90s", N_("Tour cards of the 90s"), 1, 100),
    ("decades", "tours_2000s", N_("Tour cards of the 2000s"), 1, 100),
    ("costs", "psy_mental", N_("Shrink: mental health gained"), 0, 100),
    ("costs", "record_contract_mental", N_("Record contract: mental health gained"), 0, 100),
    ("costs", "record_contract_fans", N_("Record contract: fans gained"), 0, MAX_AMOUNT),
    ("costs", "mushroom_trip_money", N_("Mushroom trip: price ($)"), 0, MAX_AMOUNT),
    ("costs", "exploration_money", N_("Artistic exploration: money gained ($)"), 0,
     MAX_AMOUNT),
    ("costs", "mini_objectives", N_("Mini-objectives kept (and refilled to)"), 0, 10),
    ("costs", "rock_star_vices", N_("Rock-star life: vices needed"), 0, 10),
    ("costs", "rock_star_fans", N_("Rock-star life: fans gained"), 0, MAX_AMOUNT),
    ("costs", "rock_star_mental", N_("Rock-star life: mental health gained"), 0, 100),
    ("costs", "viral_video_mental", N_("Viral video: mental health paid"), 0, 100),
    ("costs", "viral_video_fans", N_("Viral video: fans gained"), 0, MAX_AMOUNT),
    ("costs", "bribe_money", N_("Bribe: price ($)"), 0, MAX_AMOUNT),
    ("score", "bribe_points", N_("Bribe token: souvenir points"), 0, 1000),
    ("score", "death_points", N_("Dying for rock: souvenir points"), 0, 1000),
    ("score", "fans_per_point", N_("Fans per souvenir point"), 1, MAX_AMOUNT),
    ("score", "money_per_point", N_("Money per souvenir point ($)"), 1, MAX_AMOUNT),
    ("score", "mental_points", N_("Souvenir points per mental-health point left"), 0, 100),
    ("score", "gear_set_size", N_("Gear cards in a set"), 2, 10),
    ("score", "gear_identical_points", N_("A set of identical gear symbols: points"), 0, 1000),
    ("score", "gear_different_points", N_("A set of different gear symbols: points"), 0, 1000),
)

DECK_FIELDS = ("kind", "name", "decade", "cost_money", "cost_mental", "fans_needed", "fans",
               "money", "souvenir", "continent", "symbol", "text")

OPTIONS: tuple[Option, ...] = tuple(
    Option(_option_name(section, key), "int", DATA[section][key], label,
           N_("House default — check your copy"), edition=True, minimum=low, maximum=high)
    for section, key, label, low, high in _EDITION
) + (
    Option("cards", "deck", [], N_("Your card list"),
           N_("The cards of your copy (kind: tour, agent, gear, vice, objective, mini, award "
              "or event), so the phones pick them instead of asking what a card prints"),
           edition=True, fields=DECK_FIELDS),
    Option("seed", "seed", 0, N_("Song dice"),
           N_("Any number: the same number gives the same rolls; a new table draws one"),
           minimum=0, maximum=2**31 - 1),
)
EDITION_NAMES: tuple[str, ...] = tuple(_option_name(s, k) for s, k, *_ in _EDITION)


class Reason:
    """Why a game of Mourir pour le Rock ended."""

    FINAL_COUNT = "final_count"
    """The last 2000s tour was taken, that turn finished and the souvenir points counted."""
    ALL_DIED = "all_died"
    """Every player died for rock: the souvenir points were counted early."""


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

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "cost_money": self.cost_money,
                "cost_mental": self.cost_mental, "fans_needed": self.fans_needed,
                "fans": self.fans, "money": self.money, "souvenir": self.souvenir,
                "continent": self.continent, "symbol": self.symbol, "text": self.text,
                "index": self.index}


@dataclass(frozen=True)
class Objective:
    kind: str  # "main" or "mini"
    name: str = ""
    souvenir: int = 0
    done: bool = False


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


def gear_sets(symbols: Sequence[str], values: Mapping[str, int]) -> tuple[int, int, int]:
    """The best split of the gear symbols into sets: (identical sets, different sets,
    points). Each card counts in one set at most."""
    size = values["gear_set_size"]
    same_points, diff_points = values["gear_identical_points"], values["gear_different_points"]
    counts = sorted((symbols.count(s) for s in set(symbols) if s), reverse=True)
    best = (0, 0, 0)

    def different_sets(left: Sequence[int]) -> int:
        # The most groups of `size` distinct symbols: the largest T with
        # sum(min(c, T)) >= size * T.
        t = 0
        while sum(min(c, t + 1) for c in left) >= size * (t + 1):
            t += 1
        return t

    def search(i: int, left: list[int], same: int) -> None:
        nonlocal best
        if i == len(left):
            diff = different_sets(left)
            points = same * same_points + diff * diff_points
            if points > best[2] or (points == best[2] and same + diff > best[0] + best[1]):
                best = (same, diff, points)
            return
        original = left[i]
        for k in range(original // size + 1):
            left[i] = original - k * size
            search(i + 1, left, same + k)
        left[i] = original

    search(0, counts, 0)
    return best


def tours_in_decade(state: State, decade: int | None = None) -> int:
    """The tour cards of a decade: the group's card list when it lists that decade's tours,
    else the edition value."""
    decade = state.decade if decade is None else decade
    listed = sum(1 for c in state.settings.cards
                 if c.get("kind") == "tour" and c.get("decade") == DECADES[decade])
    return listed or state.settings[f"tours_{DECADES[decade]}"]


def unlocked(decade: int) -> tuple[str, ...]:
    """The actions of the main board open in a decade (each decade adds its own)."""
    return tuple(a for a, d in ACTIONS.items() if DECADES.index(d["decade"]) <= decade)


def score_of(state: State, seat: int) -> dict[str, int]:
    """The final count of one player, category by category, as on the score sheet."""
    p = state.players[seat]
    v = state.settings.values
    sets = gear_sets([g.symbol for g in p.gear], v)
    categories = {
        "tours": sum(t.souvenir for t in p.tours),
        "awards": sum(a.souvenir for a in p.awards),
        "objectives": sum(o.souvenir for o in p.objectives if o.done),
        "gear": sets[2] + sum(g.souvenir for g in p.gear),
        "fans": p.fans // v["fans_per_point"],
        "money": p.money // v["money_per_point"],
        "mental": max(p.mental, 0) * v["mental_points"],
        "bribe": v["bribe_points"] if state.bribe == seat else 0,
        "death": v["death_points"] if p.dead else 0,
        "play": p.souvenir,
    }
    categories["total"] = sum(categories.values())
    return categories


SCORE_CATEGORIES = ("tours", "awards", "objectives", "gear", "fans", "money", "mental", "bribe",
                    "death", "play")


def ranking(state: State) -> list[int]:
    """Seats from the highest total to the lowest (ties keep seat order)."""
    totals = [score_of(state, s)["total"] for s in range(len(state.players))]
    return sorted(range(len(totals)), key=lambda s: -totals[s])


def turn_order(state: State) -> tuple[int, ...]:
    count = len(state.players)
    return tuple((state.first_player + i) % count for i in range(count))


# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "colour", "type": "string", "required": True, "choices": list(COLOURS),
         "help": N_("Cube colour: one player each")},
        {"name": "money", "type": "integer", "required": False,
         "help": N_("Starting money on the player board (blank: the edition value)")},
        {"name": "mental", "type": "integer", "required": False,
         "help": N_("Starting mental health on the player board (blank: the edition value)")},
        {"name": "power", "type": "string", "required": False,
         "help": N_("The player board's unique power, as printed")},
    ]


def example_players(count: int) -> list[dict[str, Any]]:
    """A valid list of ``count`` players."""
    names = ["Axelle", "Bruno", "Cécile", "Dédé"]
    return [{"name": names[i], "colour": COLOURS[i]} for i in range(count)]


def _board_number(player: Mapping[str, Any], key: str, index: int, default: int,
                  low: int, high: int) -> int:
    """A player board number: an int, a string of digits (a form), or blank for the default."""
    value = player.get(key)
    if value is None or value == "":
        return default
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("player %(index)s: %(field)s must be a whole number"),
                             index=index, field=key)
    if not low <= value <= high:
        raise IllegalAction(N_("player %(index)s: %(field)s must be between %(low)s and "
                               "%(high)s"), code="out_of_range", index=index, field=key,
                            low=low, high=high)
    return value


def _check_values(v: Mapping[str, int]) -> None:
    if not v["mental_yellow_from"] < v["mental_green_from"] <= v["mental_max"]:
        raise IllegalAction(N_("the zones must read red, then yellow from %(yellow)s, then green "
                               "from %(green)s, up to %(top)s"), code="bad_edition",
                            yellow=v["mental_yellow_from"], green=v["mental_green_from"],
                            top=v["mental_max"])
    if v["mental_start"] > v["mental_max"]:
        raise IllegalAction(N_("the starting mental health is above the top of the gauge"),
                            code="bad_edition")
    if v["songs_one_extra_die_gear"] > v["songs_two_extra_dice_gear"]:
        raise IllegalAction(N_("two extra dice need at least as much gear as one"),
                            code="bad_edition")
    if v["songs_extra_action_at"] > v["songs_max"]:
        raise IllegalAction(N_("the extra-action song is beyond the songs track"),
                            code="bad_edition")


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: each board's money and mental health, the 80s, turn 1's cubes."""
    values = read_options(OPTIONS, options)
    edition = {name: values[name] for name in EDITION_NAMES}
    _check_values(edition)
    cards = tuple(_check_deck_card(card, i) for i, card in enumerate(values["cards"]))
    if not isinstance(players, list | tuple):
        raise MalformedInput(N_("players must be a list"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(N_("this game is for %(low)s to %(high)s players, not %(count)s"),
                            code="player_count", low=MIN_PLAYERS, high=MAX_PLAYERS,
                            count=len(players))
    seated: list[Player] = []
    for index, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise MalformedInput(N_("player %(index)s must be an object"), index=index)
        unknown = sorted(str(k) for k in player if k not in
                         ("name", "colour", "money", "mental", "power"))
        if unknown:
            raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(unknown))
        name, colour, power = player.get("name"), player.get("colour"), player.get("power")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
            raise MalformedInput(N_("player %(index)s needs a name of 1 to 40 characters"),
                                 index=index)
        if colour not in COLOURS:
            raise MalformedInput(N_("player %(index)s: colour must be one of %(colours)s"),
                                 code="bad_colour", index=index, colours=", ".join(COLOURS))
        if any(p.colour == colour for p in seated):
            raise IllegalAction(N_("two players chose %(colour)s: one player per colour"),
                                code="colour_taken", colour=colour)
        if power is not None and (not isinstance(power, str) or len(power) > MAX_NAME * 2):
            raise MalformedInput(N_("player %(index)s: the power must be a short text"),
                                 index=index)
        money = _board_number(player, "money", index, edition["start_money"], 0, MAX_AMOUNT)
        mental = _board_number(player, "mental", index, edition["mental_start"], 1,
                               edition["mental_max"])
        objectives = (Objective("main"),) + tuple(
            Objective("mini") for _ in range(edition["mini_objectives"]))
        seated.append(Player(name.strip(), str(colour), (power or "").strip(), money, mental,
                             money, mental, objectives=objectives))
    settings = Settings(edition, values["seed"], cards)
    state = State(settings=settings, players=tuple(seated))
    return _start_turn(state)


def _check_deck_card(card: Mapping[str, Any], index: int) -> Mapping[str, Any]:
    """A card of the group's list: a known kind, its numbers whole and not negative."""
    kind = card.get("kind")
    if kind not in DECKS:
        raise MalformedInput(N_("card %(index)s of the card list: kind must be one of %(kinds)s"),
                             index=index + 1, kinds=", ".join(DECKS))
    for key in ("cost_money", "cost_mental", "fans_needed", "fans", "money", "souvenir"):
        value = card.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 0 <= value <= MAX_AMOUNT):
            raise MalformedInput(N_("card %(index)s of the card list: %(field)s must be a whole "
                                    "number, not negative"), index=index + 1, field=key)
    decade = card.get("decade")
    if decade is not None and decade not in DECADES:
        raise MalformedInput(N_("card %(index)s of the card list: decade must be one of "
                                "%(decades)s"), index=index + 1, decades=", ".join(DECADES))
    continent = card.get("continent")
    if continent is not None and continent not in CONTINENTS:
        raise MalformedInput(N_("card %(index)s of the card list: continent must be one of "
                                "%(continents)s"), index=index + 1,
                             continents=", ".join(CONTINENTS))
    return dict(card)


# ---------------------------------------------------------------------------- reading input

def _only(action: Mapping[str, Any], *allowed: str) -> None:
    unknown = sorted(str(k) for k in action if k not in ("type", *allowed))
    if unknown:
        raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(unknown))


def _seat(state: State, action: Mapping[str, Any]) -> int:
    if "seat" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="seat")
    seat = action["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise MalformedInput(N_("%(field)s must be a whole number"), field="seat")
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _int(data: Mapping[str, Any], key: str, default: int = 0, *, low: int = 0,
         high: int = MAX_AMOUNT) -> int:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("%(field)s must be a whole number"), field=key)
    if not low <= value <= high:
        raise MalformedInput(N_("%(field)s must be between %(low)s and %(high)s"), field=key,
                             low=low, high=high)
    return value


def _text(data: Mapping[str, Any], key: str, limit: int = MAX_NAME) -> str:
    value = data.get(key)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise MalformedInput(N_("%(field)s must be a text"), field=key)
    if len(value) > limit:
        raise MalformedInput(N_("%(field)s is too long"), field=key)
    return value.strip()


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise MalformedInput(N_("%(field)s must be true or false"), field=key)
    return value


_CARD_FIELDS = {
    "tour": ("name", "cost_money", "cost_mental", "fans_needed", "fans", "money", "souvenir",
             "continent"),
    "agent": ("name", "cost_money", "cost_mental", "fans_needed", "text"),
    "gear": ("name", "cost_money", "cost_mental", "fans_needed", "symbol", "souvenir"),
    "award": ("name", "fans_needed", "souvenir", "text"),
    "vice": ("name", "text"),
    "objective": ("name", "souvenir", "text"),
}


def _card(state: State, kind: str, raw: Any, *, required: bool = True) -> Card:
    """A card of ``kind``: an index in the group's card list, or the card as printed."""
    if raw is None and not required:
        return Card(kind)
    if raw is None:
        raise MalformedInput(N_("missing field: %(field)s"), field="card")
    if isinstance(raw, int) and not isinstance(raw, bool):
        cards = state.settings.cards
        if not 0 <= raw < len(cards):
            raise MalformedInput(N_("no card %(index)s in the card list"), code="unknown_card",
                                 index=raw)
        listed = cards[raw]
        if listed.get("kind") != kind:
            raise IllegalAction(N_("card %(index)s of the card list is not a %(kind)s card"),
                                code="wrong_card", index=raw, kind=kind)
        if raw in state.taken:
            raise IllegalAction(N_("card %(index)s of the card list is already taken"),
                                code="card_taken", index=raw)
        data = {k: v for k, v in listed.items() if k in _CARD_FIELDS[kind]}
        index: int | None = raw
    elif isinstance(raw, Mapping):
        allowed = _CARD_FIELDS[kind]
        unknown = sorted(str(k) for k in raw if k not in allowed)
        if unknown:
            raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(unknown))
        data = dict(raw)
        index = None
    else:
        raise MalformedInput(N_("card must be a card number or an object"))
    continent = data.get("continent")
    if kind == "tour":
        if continent is None or continent == "":
            continent = JOKER
        if continent not in CONTINENTS:
            raise MalformedInput(N_("continent must be one of %(continents)s"),
                                 continents=", ".join(CONTINENTS))
    symbol = _text(data, "symbol", 40)
    if kind == "gear" and not symbol:
        raise MalformedInput(N_("a gear card needs its symbol"))
    return Card(kind, _text(data, "name"), _int(data, "cost_money"), _int(data, "cost_mental"),
                _int(data, "fans_needed"), _int(data, "fans"), _int(data, "money"),
                _int(data, "souvenir"), str(continent or ""), symbol,
                _text(data, "text", MAX_NAME * 2), index)


# ---------------------------------------------------------------------------- turn flow

def _with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _start_turn(state: State) -> State:
    """Every living player takes the cubes their zone gives; the first player places first."""
    players = tuple(replace(p, cubes=n, cubes_left=n) for p in state.players
                    for n in [0 if p.dead else cubes_for(p.mental, state.settings.values)])
    state = replace(state, players=players)
    return _next_placer(state, start=True)


def _next_placer(state: State, *, start: bool = False) -> State:
    """The next seat clockwise with a cube left, or the end of the turn when none has."""
    if state.pending_event is not None:
        return state  # the event is resolved first, then the turn goes on
    count = len(state.players)
    begin = state.first_player if start else state.active + 1
    for step in range(count):
        seat = (begin + step) % count
        if state.players[seat].cubes_left > 0:
            return replace(state, active=seat)
    return _end_turn(state)


def _end_turn(state: State) -> State:
    everyone_dead = all(p.dead for p in state.players)
    if state.closing or everyone_dead:
        if state.decade == len(DECADES) - 1 or everyone_dead:
            return replace(state, phase="count", closing=False,
                           reason=Reason.ALL_DIED if everyone_dead else Reason.FINAL_COUNT)
        state = replace(state, decade=state.decade + 1, tours_taken=0, closing=False)
    count = len(state.players)
    state = replace(state, turn=state.turn + 1, first_player=(state.first_player + 1) % count)
    return _start_turn(state)


def _change_mental(state: State, seat: int, delta: int) -> State:
    """Mental health within 0..max; at 0 the player dies for rock."""
    p = state.players[seat]
    mental = min(max(p.mental + delta, 0), state.settings["mental_max"])
    state = _with_player(state, seat, mental=mental)
    if mental == 0 and not p.dead:
        state = _with_player(state, seat, dead=True, cubes_left=0)
    return state


def _pay(state: State, seat: int, money: int = 0, mental: int = 0) -> State:
    p = state.players[seat]
    if money > p.money:
        raise IllegalAction(N_("%(name)s has $%(money)s, not the $%(cost)s this costs"),
                            code="too_little_money", name=p.name, money=p.money, cost=money)
    if mental > p.mental:
        raise IllegalAction(N_("%(name)s has %(mental)s mental health, not the %(cost)s this "
                               "costs"), code="too_little_mental", name=p.name,
                            mental=p.mental, cost=mental)
    state = _with_player(state, seat, money=p.money - money)
    return _change_mental(state, seat, -mental) if mental else state


def _gain(state: State, seat: int, *, money: int = 0, fans: int = 0, mental: int = 0,
          souvenir: int = 0) -> State:
    p = state.players[seat]
    state = _with_player(state, seat, money=p.money + money, fans=p.fans + fans,
                         souvenir=p.souvenir + souvenir)
    return _change_mental(state, seat, mental) if mental else state


def _cube(state: State, action: Mapping[str, Any]) -> tuple[State, int]:
    """Checks common to every cube: the play phase, no event pending, the decade, the turn."""
    seat = _seat(state, action)
    kind = str(action["type"])
    p = state.players[seat]
    if state.phase != "play":
        raise IllegalAction(N_("the last turn is over: only objectives can be marked now"),
                            code="count_phase")
    if p.dead:
        raise IllegalAction(N_("%(name)s died for rock: their board is frozen"),
                            code="dead", name=p.name)
    if state.pending_event is not None:
        raise IllegalAction(N_("resolve the event under the card %(name)s bought first"),
                            code="event_pending", name=state.players[state.pending_event[0]].name)
    if kind != "pass" and kind not in unlocked(state.decade):
        decade = DATA["decade"][DECADES.index(ACTIONS[kind]["decade"])]["name_en"]
        raise IllegalAction(N_("%(action)s opens with %(decade)s"), code="not_unlocked",
                            action=ACTIONS[kind]["name_en"], decade=decade)
    if p.cubes_left <= 0:
        raise IllegalAction(N_("%(name)s has no action cube left this turn"), code="no_cube",
                            name=p.name)
    if state.active != seat:
        raise IllegalAction(N_("it is %(name)s's cube now"), code="not_your_turn",
                            name=state.players[state.active].name)
    return state, seat


def _placed(state: State, seat: int) -> State:
    """The cube is placed: one fewer; the vice check when it was the player's last cube;
    then the next placer."""
    p = state.players[seat]
    if not p.dead:
        state = _with_player(state, seat, cubes_left=p.cubes_left - 1)
        p = state.players[seat]
        if (p.cubes_left == 0 and not p.vice_drawn
                and p.mental < state.settings["mental_vice_below"]):
            state = _with_player(state, seat, vice_drawn=True, vices=p.vices + (Card("vice"),))
    return _next_placer(state)


# ---------------------------------------------------------------------------- cube actions

def _market(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "card", "event")
    _seat(state, action)
    kind = str(action["type"])
    card = _card(state, kind, action.get("card"))
    event = _bool(action, "event", False)
    state, seat = _cube(state, action)
    p = state.players[seat]
    if kind == "tour" and state.tours_taken >= tours_in_decade(state):
        raise IllegalAction(N_("no tour card is left this decade"), code="no_tour_left")
    if card.fans_needed > p.fans:
        raise IllegalAction(N_("this card needs %(needed)s fans; %(name)s has %(fans)s"),
                            code="too_few_fans", needed=card.fans_needed, name=p.name,
                            fans=p.fans)
    state = _pay(state, seat, card.cost_money, card.cost_mental)
    p = state.players[seat]
    if kind == "tour":
        state = _with_player(state, seat, tours=p.tours + (card,))
        state = _gain(state, seat, money=card.money, fans=card.fans)
        state = replace(state, tours_taken=state.tours_taken + 1)
        if state.tours_taken >= tours_in_decade(state):
            state = replace(state, closing=True)
    elif kind == "agent":
        state = _with_player(state, seat, agents=p.agents + (card,))
    else:
        state = _with_player(state, seat, gear=p.gear + (card,))
    if card.index is not None:
        state = replace(state, taken=state.taken + (card.index,))
    if event:
        state = replace(state, pending_event=(seat, card.name))
    return _placed(state, seat)


def _dice_shape(action: Mapping[str, Any]) -> None:
    raw = action.get("dice")
    if raw is not None and (not isinstance(raw, list | tuple) or any(
            isinstance(d, bool) or not isinstance(d, int) for d in raw)):
        raise MalformedInput(N_("dice must be a list of numbers"))


def _read_dice(state: State, action: Mapping[str, Any], seat: int) -> tuple[tuple[int, ...],
                                                                            bool]:
    count = dice_count(len(state.players[seat].gear), state.settings.values)
    raw = action.get("dice")
    if raw is None:
        return roll_dice(state.settings.seed, state.rolls + 1, count), False
    _dice_shape(action)
    if len(raw) != count:
        raise IllegalAction(N_("%(name)s rolls %(count)s dice, not %(given)s"),
                            code="dice_count", name=state.players[seat].name, count=count,
                            given=len(raw))
    if raw[0] not in MAIN_DIE_FACES:
        raise IllegalAction(N_("the main die shows %(faces)s, not %(value)s"), code="bad_die",
                            faces=", ".join(str(f) for f in sorted(set(MAIN_DIE_FACES))),
                            value=raw[0])
    if any(not 1 <= d <= EXTRA_DIE_SIDES for d in raw[1:]):
        raise IllegalAction(N_("an extra die shows 1 to %(sides)s"), code="bad_die",
                            sides=EXTRA_DIE_SIDES)
    return tuple(raw), True


def _write_song(state: State, seat: int, dice: tuple[int, ...], typed: bool) -> State:
    """The song's money, the songs track and, at the fifth song, the extra action."""
    v = state.settings.values
    income = sum(dice) * v["songs_income_per_pip"]
    number = state.rolls + 1
    state = replace(state, rolls=number, last_roll=Roll(seat, dice, income, typed, number))
    state = _gain(state, seat, money=income)
    p = state.players[seat]
    songs = min(p.songs + 1, v["songs_max"])
    state = _with_player(state, seat, songs=songs)
    if songs >= v["songs_extra_action_at"] and not p.fifth_song_used:
        state = _with_player(state, seat, fifth_song_used=True, cubes=p.cubes + 1,
                             cubes_left=p.cubes_left + 1)
    return state


def _song(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "dice")
    _dice_shape(action)
    state, seat = _cube(state, action)
    dice, typed = _read_dice(state, action, seat)
    return _placed(_write_song(state, seat, dice, typed), seat)


def _psy(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    return _placed(_change_mental(state, seat, state.settings["psy_mental"]), seat)


def _detox(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    p = state.players[seat]
    limit = state.settings["mental_detox_at_most"]
    if p.mental > limit:
        raise IllegalAction(N_("detox only at %(limit)s mental health or less (%(name)s has "
                               "%(mental)s)"), code="detox_too_healthy", limit=limit,
                            name=p.name, mental=p.mental)
    return _placed(_with_player(state, seat, mental=max(p.mental, p.start_mental)), seat)


def _therapy(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "vice")
    state, seat = _cube(state, action)
    p = state.players[seat]
    if not p.vices:
        raise IllegalAction(N_("%(name)s has no vice to discard"), code="no_vice", name=p.name)
    index = _int(action, "vice", len(p.vices) - 1, high=len(p.vices) - 1)
    vices = p.vices[:index] + p.vices[index + 1:]
    return _placed(_with_player(state, seat, vices=vices), seat)


def _record_contract(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    v = state.settings.values
    state = _gain(state, seat, fans=v["record_contract_fans"],
                  mental=v["record_contract_mental"])
    return _placed(state, seat)


def _mushroom_trip(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "card")
    _seat(state, action)
    card = _card(state, "objective", action.get("card"), required=False)
    state, seat = _cube(state, action)
    state = _pay(state, seat, money=state.settings["mushroom_trip_money"])
    p = state.players[seat]
    state = _with_player(state, seat, objectives=p.objectives + (
        Objective("main", card.name, card.souvenir),))
    if card.index is not None:
        state = replace(state, taken=state.taken + (card.index,))
    return _placed(state, seat)


def _artistic_exploration(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    p = state.players[seat]
    if p.explored:
        raise IllegalAction(N_("%(name)s already used Artistic exploration (once a game)"),
                            code="once_a_game", name=p.name)
    v = state.settings.values
    open_minis = sum(1 for o in p.objectives if o.kind == "mini" and not o.done)
    refill = tuple(Objective("mini") for _ in range(max(v["mini_objectives"] - open_minis, 0)))
    state = _with_player(state, seat, explored=True, objectives=p.objectives + refill)
    return _placed(_gain(state, seat, money=v["exploration_money"]), seat)


def _award(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "card")
    _seat(state, action)
    card = _card(state, "award", action.get("card"))
    state, seat = _cube(state, action)
    p = state.players[seat]
    if card.fans_needed > p.fans:
        raise IllegalAction(N_("this prize needs %(needed)s fans; %(name)s has %(fans)s"),
                            code="too_few_fans", needed=card.fans_needed, name=p.name,
                            fans=p.fans)
    state = _with_player(state, seat, awards=p.awards + (card,))
    if card.index is not None:
        state = replace(state, taken=state.taken + (card.index,))
    return _placed(state, seat)


def _rock_star(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "dice")
    _dice_shape(action)
    state, seat = _cube(state, action)
    v = state.settings.values
    p = state.players[seat]
    if len(p.vices) < v["rock_star_vices"]:
        raise IllegalAction(N_("rock-star life needs %(needed)s vices; %(name)s has %(count)s"),
                            code="too_few_vices", needed=v["rock_star_vices"], name=p.name,
                            count=len(p.vices))
    dice, typed = _read_dice(state, action, seat)
    state = _gain(state, seat, fans=v["rock_star_fans"], mental=v["rock_star_mental"])
    return _placed(_write_song(state, seat, dice, typed), seat)


def _viral_video(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    v = state.settings.values
    state = _pay(state, seat, mental=v["viral_video_mental"])
    return _placed(_gain(state, seat, fans=v["viral_video_fans"]), seat)


def _bribe(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    if state.bribe is not None:
        raise IllegalAction(N_("the bribe was already taken by %(name)s (once in the whole "
                               "game)"), code="bribe_taken", name=state.players[state.bribe].name)
    state = _pay(state, seat, money=state.settings["bribe_money"])
    return _placed(replace(state, bribe=seat), seat)


def _pass(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat")
    state, seat = _cube(state, action)
    return _placed(state, seat)


# ---------------------------------------------------------------------------- free actions

def _changes(state: State, data: Mapping[str, Any], seat: int) -> State:
    """Signed changes of one board (an event's or a card's effect)."""
    p = state.players[seat]
    money = _int(data, "money", low=-MAX_AMOUNT)
    fans = _int(data, "fans", low=-MAX_AMOUNT)
    mental = _int(data, "mental", low=-100, high=100)
    souvenir = _int(data, "souvenir", low=-1000, high=1000)
    if p.dead:
        raise IllegalAction(N_("%(name)s died for rock: their board is frozen"),
                            code="dead", name=p.name)
    if p.money + money < 0:
        raise IllegalAction(N_("%(name)s has $%(money)s, not the $%(cost)s this costs"),
                            code="too_little_money", name=p.name, money=p.money, cost=-money)
    if p.fans + fans < 0:
        raise IllegalAction(N_("%(name)s has %(fans)s fans, not the %(lost)s this takes"),
                            code="too_few_fans", name=p.name, fans=p.fans, lost=-fans)
    state = _gain(state, seat, money=money, fans=fans, souvenir=souvenir)
    state = _change_mental(state, seat, mental)
    return state


def _playing(state: State) -> None:
    if state.phase != "play":
        raise IllegalAction(N_("the last turn is over: only objectives can be marked now"),
                            code="count_phase")


def _event(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "effects", "name")
    _text(action, "name")
    effects = action.get("effects", [])
    if effects is None:
        effects = []
    if not isinstance(effects, list | tuple):
        raise MalformedInput(N_("effects must be a list"))
    seats: list[int] = []
    for effect in effects:
        if not isinstance(effect, Mapping):
            raise MalformedInput(N_("each effect must be an object"))
        _only(effect, "seat", "money", "mental", "fans", "souvenir")
        seat = _seat(state, effect)
        if seat in seats:
            raise MalformedInput(N_("seat %(seat)s appears twice"), seat=seat)
        seats.append(seat)
    if state.pending_event is None:
        raise IllegalAction(N_("no event to resolve: none was under the last card bought"),
                            code="no_event")
    for seat, effect in zip(seats, effects, strict=True):
        state = _changes(state, effect, seat)
    state = replace(state, pending_event=None)
    # The turn goes on clockwise from the buyer (or ends, if that was the last cube).
    return _next_placer(state) if state.phase == "play" else state


def _effect(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "money", "mental", "fans", "souvenir", "note")
    seat = _seat(state, action)
    _text(action, "note")
    _playing(state)
    before = state.players[seat]
    state = _changes(state, action, seat)
    if state.players[seat].dead and not before.dead and state.active == seat:
        return _next_placer(state)
    return state


def _vice(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "card")
    seat = _seat(state, action)
    _playing(state)
    p = state.players[seat]
    if p.dead:
        raise IllegalAction(N_("%(name)s died for rock: their board is frozen"),
                            code="dead", name=p.name)
    card = _card(state, "vice", action.get("card"))
    if not card.name and card.index is None:
        raise MalformedInput(N_("a vice needs its name"))
    blank = next((i for i, v in enumerate(p.vices) if not v.name), None)
    if blank is None:
        vices = p.vices + (card,)
    else:
        vices = p.vices[:blank] + (card,) + p.vices[blank + 1:]
    state = _with_player(state, seat, vices=vices)
    if card.index is not None:
        state = replace(state, taken=state.taken + (card.index,))
    return state


def _objective(state: State, action: Mapping[str, Any]) -> State:
    _only(action, "seat", "objective", "done", "souvenir", "name")
    seat = _seat(state, action)
    p = state.players[seat]
    if "objective" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="objective")
    index = _int(action, "objective", high=MAX_AMOUNT)
    if index >= len(p.objectives):
        raise MalformedInput(N_("%(name)s has no objective %(index)s"), name=p.name, index=index)
    old = p.objectives[index]
    new = Objective(old.kind, _text(action, "name") if "name" in action else old.name,
                    _int(action, "souvenir", old.souvenir, high=1000),
                    _bool(action, "done", old.done))
    objectives = p.objectives[:index] + (new,) + p.objectives[index + 1:]
    return _with_player(state, seat, objectives=objectives)


def _finish(state: State, action: Mapping[str, Any]) -> State:
    _only(action)
    if state.phase != "count":
        raise IllegalAction(N_("the count opens when the last 2000s turn is over"),
                            code="not_the_end")
    order = ranking(state)
    best = score_of(state, order[0])["total"]
    winners = tuple(s for s in range(len(state.players)) if score_of(state, s)["total"] == best)
    return replace(state, phase="over", result=Outcome(winners, state.reason
                                                        or Reason.FINAL_COUNT))


_HANDLERS = {
    "tour": _market,
    "agent": _market,
    "gear": _market,
    "song": _song,
    "psy": _psy,
    "detox": _detox,
    "therapy": _therapy,
    "record_contract": _record_contract,
    "mushroom_trip": _mushroom_trip,
    "artistic_exploration": _artistic_exploration,
    "award": _award,
    "rock_star": _rock_star,
    "viral_video": _viral_video,
    "bribe": _bribe,
    "pass": _pass,
    "event": _event,
    "effect": _effect,
    "vice": _vice,
    "objective": _objective,
    "finish": _finish,
}


def apply(state: State, action: Mapping[str, Any]) -> State:
    """The next state, or a typed error (the state is never changed)."""
    return dispatch(_HANDLERS, state, action, state.result is not None)


def outcome(state: State) -> Outcome | None:
    return state.result


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to: the seat it names, or the table for events and the
    count's close."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in _HANDLERS:
        raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                             type=kind)
    if kind in ("event", "finish"):
        return TABLE
    return _seat(state, action)


def sealed(state: State) -> None:
    """No secret step in this game."""
    return None


def round_number(state: State) -> int:
    """The decade being played (1, 2, 3)."""
    return state.decade + 1


def correctable(action: Mapping[str, Any]) -> bool:
    """No action of this game replaces a past entry: mistakes are undone, not corrected."""
    return False


def refusal(state: State, action: Mapping[str, Any]) -> GameError | None:
    """The error ``apply`` would raise for this action, or None when it is allowed."""
    try:
        apply(state, action)
    except GameError as error:
        return error
    return None


def localized_names(lang: str) -> dict[str, str]:
    """English names of actions and decades mapped to ``lang`` (messages name them in
    English; the web layer shows them in the reader's language)."""
    key = f"name_{lang}"
    return {item["name_en"]: item[key] for item in list(DATA["action"]) + list(DATA["decade"])
            if key in item}


# ---------------------------------------------------------------------------- reading

_LABELS = {
    "tour": N_("%(name)s went on tour"),
    "agent": N_("%(name)s hired an agent"),
    "gear": N_("%(name)s bought gear"),
    "psy": N_("%(name)s saw the shrink"),
    "detox": N_("%(name)s: detox"),
    "therapy": N_("%(name)s: therapy"),
    "record_contract": N_("%(name)s: record contract"),
    "mushroom_trip": N_("%(name)s: mushroom trip"),
    "artistic_exploration": N_("%(name)s: artistic exploration"),
    "award": N_("%(name)s won a prize"),
    "viral_video": N_("%(name)s: viral video"),
    "bribe": N_("%(name)s took the bribe"),
    "pass": N_("%(name)s passed a cube"),
    "effect": N_("%(name)s: a card's effect"),
    "vice": N_("%(name)s: a vice"),
    "objective": N_("%(name)s: an objective"),
}


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button."""
    if not isinstance(action, Mapping):
        return Label("?")
    kind = action.get("type")
    seat = action.get("seat")
    players = state.players
    name = (players[seat].name if isinstance(seat, int) and not isinstance(seat, bool)
            and 0 <= seat < len(players) else "?")
    if kind in ("song", "rock_star"):
        dice = action.get("dice")
        msg = (N_("%(name)s wrote a song (dice typed in)") if dice is not None
               else N_("%(name)s wrote a song"))
        if kind == "rock_star":
            msg = N_("%(name)s: rock-star life")
        return Label(msg, {"name": name})
    if kind == "event":
        return Label(N_("an event resolved"))
    if kind == "finish":
        return Label(N_("final count closed"))
    if isinstance(kind, str) and kind in _LABELS:
        return Label(_LABELS[kind], {"name": name})
    return Label(str(kind))


def _card_json(cards: Sequence[Card]) -> list[dict[str, Any]]:
    return [c.to_json() for c in cards]


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as everyone sees it (nothing is secret in this game)."""
    v = state.settings.values
    players = []
    for seat, p in enumerate(state.players):
        symbols: dict[str, int] = {}
        for g in p.gear:
            symbols[g.symbol] = symbols.get(g.symbol, 0) + 1
        continents: dict[str, int] = {}
        for t in p.tours:
            continents[t.continent] = continents.get(t.continent, 0) + 1
        players.append({
            "seat": seat, "name": p.name, "colour": p.colour, "power": p.power,
            "start_money": p.start_money, "start_mental": p.start_mental,
            "money": p.money, "mental": p.mental, "zone": zone_of(p.mental, v),
            "cubes": p.cubes, "cubes_left": p.cubes_left,
            "cubes_next_turn": 0 if p.dead else cubes_for(p.mental, v),
            "songs": p.songs, "fifth_song_used": p.fifth_song_used, "fans": p.fans,
            "vices": _card_json(p.vices), "vice_drawn": p.vice_drawn,
            "gear": _card_json(p.gear), "gear_symbols": symbols,
            "dice": dice_count(len(p.gear), v),
            "tours": _card_json(p.tours), "tours_by_continent": continents,
            "agents": _card_json(p.agents), "awards": _card_json(p.awards),
            "objectives": [{"kind": o.kind, "name": o.name, "souvenir": o.souvenir,
                            "done": o.done} for o in p.objectives],
            "souvenir": p.souvenir, "explored": p.explored, "dead": p.dead,
            "score": score_of(state, seat),
        })
    roll = state.last_roll
    return {
        "phase": state.phase,
        "decade": DECADES[state.decade],
        "decade_index": state.decade,
        "turn": state.turn,
        "first_player": state.first_player,
        "order": list(turn_order(state)),
        "active": state.active if state.phase == "play" and state.pending_event is None
        else None,
        "tours_in_decade": tours_in_decade(state),
        "tours_taken": state.tours_taken,
        "tours_left": tours_in_decade(state) - state.tours_taken,
        "closing": state.closing,
        "unlocked": list(unlocked(state.decade)),
        "bribe": state.bribe,
        "pending_event": None if state.pending_event is None else {
            "seat": state.pending_event[0], "card": state.pending_event[1]},
        "last_roll": None if roll is None else {
            "seat": roll.seat, "dice": list(roll.dice), "total": sum(roll.dice),
            "income": roll.income, "typed": roll.typed, "number": roll.number},
        "players": players,
        "ranking": ranking(state),
        "values": dict(v),
        "deck": [dict(c) | {"index": i, "taken": i in state.taken}
                 for i, c in enumerate(state.settings.cards)],
        "reason": state.reason or None,
    }


# ---------------------------------------------------------------------------- random play

def _random_card(kind: str, rng: random.Random, state: State) -> Any:
    listed = [i for i, c in enumerate(state.settings.cards)
              if c.get("kind") == kind and i not in state.taken]
    if listed and rng.random() < 0.7:
        return rng.choice(listed)
    card: dict[str, Any] = {"name": f"{kind} {rng.randint(1, 99)}",
                            "cost_money": rng.choice([0, 1000, 2000, 3000]),
                            "cost_mental": rng.choice([0, 0, 1, 2, 3])}
    if kind != "award":
        card["fans_needed"] = rng.choice([0, 0, 0, 1000, 3000])
    if kind == "tour":
        card.update(fans=rng.choice([1000, 2000, 3000]), money=rng.choice([0, 1000, 2000]),
                    souvenir=rng.randint(0, 4), continent=rng.choice(CONTINENTS))
    elif kind == "gear":
        card.update(symbol=rng.choice(SYMBOLS), souvenir=rng.randint(0, 1))
    elif kind == "award":
        del card["cost_money"], card["cost_mental"]
        card.update(souvenir=rng.randint(1, 6), fans_needed=rng.choice([0, 2000]))
    elif kind == "agent":
        card["text"] = "passive power"
    return card


def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (or, rarely, a refused one), with tours often enough that random games
    reach the end."""
    if state.phase == "count":
        if rng.random() < 0.5:
            seat = rng.randrange(len(state.players))
            objectives = state.players[seat].objectives
            if objectives:
                return {"type": "objective", "seat": seat,
                        "objective": rng.randrange(len(objectives)), "done": True,
                        "souvenir": rng.randint(1, 8)}
        return {"type": "finish"}
    if state.pending_event is not None:
        seats = rng.sample(range(len(state.players)), rng.randint(0, len(state.players)))
        return {"type": "event", "name": "event",
                "effects": [{"seat": s, "mental": rng.choice([-2, -1, 1]),
                             "fans": rng.choice([0, 1000])} for s in seats]}
    seat = state.active
    if rng.random() < 0.03:
        return {"type": rng.choice(CUBE_ACTIONS), "seat": rng.randrange(len(state.players))}
    if rng.random() < 0.03:
        return {"type": "effect", "seat": seat, "money": rng.choice([-1000, 1000]),
                "mental": rng.choice([-1, 1])}
    if rng.random() < 0.02:
        return {"type": "vice", "seat": seat, "card": {"name": "a vice"}}
    base = {"seat": seat}
    weights = {"tour": 6, "agent": 1, "gear": 3, "song": 3, "psy": 2, "detox": 1, "therapy": 1,
               "record_contract": 1, "mushroom_trip": 1, "artistic_exploration": 1,
               "award": 1, "rock_star": 1, "viral_video": 1, "bribe": 1}
    for _ in range(8):
        kind = rng.choices(list(weights), list(weights.values()))[0]
        action: dict[str, Any] = {"type": kind, **base}
        if kind in MARKET:
            action["card"] = _random_card(kind, rng, state)
            action["event"] = rng.random() < 0.2
        elif kind == "award":
            action["card"] = _random_card(kind, rng, state)
        elif kind in ("song", "rock_star") and rng.random() < 0.3:
            count = dice_count(len(state.players[seat].gear), state.settings.values)
            action["dice"] = [rng.choice(MAIN_DIE_FACES)] + [
                rng.randint(1, EXTRA_DIE_SIDES) for _ in range(count - 1)]
        if refusal(state, action) is None:
            return action
    return {"type": "pass", **base}
