"""The frozen state, its setup, and what it says: owners, districts, certificates, the bank's
reserve, names."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, RULES_KEY, IllegalAction, MalformedInput, Outcome, read_options
from ..sealed import Sealed
from .board import BOARDS, Board, board_for
from .data import (
    COLOURS,
    CONDITION_ORDER,
    MANIGANCE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    POPULARITY_MAX,
    POPULARITY_MIN,
    RULES,
    START_COGS,
    START_POPULARITY,
    TOTAL_MONEY,
    UNIT,
)

# ---------------------------------------------------------------------------- state

@dataclass(frozen=True)
class Settings:
    hidden_money: bool
    seed: int
    side: str
    # The rules revision the table was made under (``RULES``): a table of revision 1, stored
    # before the rulings of revision 2, keeps the rules its log was played by.
    rules: int = RULES


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    cogs: int
    popularity: int
    edgar: str | None = None
    lucien: str | None = None
    hand: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    certified: bool = False
    cogs_shown: bool = False


@dataclass(frozen=True)
class Resolved:
    """One seat's revealed programme and where it took both characters."""

    seat: int
    edgar_move: Mapping[str, Any]
    lucien_move: Mapping[str, Any]
    edgar_from: str
    edgar_to: str
    lucien_from: str
    lucien_to: str


@dataclass(frozen=True)
class Auction:
    """The Governor election's open tie auction."""

    bidders: tuple[int, ...]  # still in, in turn order
    speaker: int  # the seat whose turn it is to bid or pass
    high_bid: int = 0
    high_bidder: int | None = None
    tied: tuple[int, ...] = ()


@dataclass(frozen=True)
class TaxLine:
    seat: int
    popularity: int
    cogs: int


@dataclass(frozen=True)
class Election:
    period: int
    tied: tuple[int, ...]
    governor: int | None
    paid: int


@dataclass(frozen=True)
class Victory:
    seat: int
    conditions: tuple[str, ...]
    certificates: tuple[str, ...]


@dataclass(frozen=True)
class State:
    settings: Settings
    players: tuple[Player, ...]
    owners: tuple[int | None, ...]
    deck: tuple[str, ...]
    phase: str = "placement"
    period: int = 1
    turn: int = 1
    order: tuple[int, ...] = ()
    active: int = 0
    acted: tuple[str, ...] = ()
    first_player: int = 0
    governor: int | None = None
    elections: int = 0
    heritage: int | None = None
    certificates: tuple[tuple[str, int], ...] = ()
    discard: tuple[str, ...] = ()
    shuffles: int = 0
    programming: Sealed | None = None
    last_moves: tuple[Resolved, ...] = ()
    auction: Auction | None = None
    tax: tuple[TaxLine, ...] = ()
    tax_period: int = 0  # the Electoral Period whose end collected ``tax``
    election: Election | None = None
    victory: Victory | None = None
    result: Outcome | None = None

    @property
    def board(self) -> Board:
        return BOARDS[self.settings.side]


# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "colour", "type": "string", "required": True, "choices": list(COLOURS),
         "help": N_("Pawn colour: red, yellow, blue or white, one player each")},
    ]


def example_players(count: int) -> list[dict[str, Any]]:
    """A valid list of ``count`` players."""
    names = ["Ann", "Bruno", "Cécile", "Denis"]
    return [{"name": names[i], "colour": COLOURS[i]} for i in range(count)]


def shuffled_deck(seed: int, shuffles: int, cards: Sequence[str]) -> tuple[str, ...]:
    """The cards in a deterministic random order: the same seed and count, the same order."""
    pile = list(cards)
    random.Random(f"{seed}:{shuffles}").shuffle(pile)
    return tuple(pile)


def full_deck() -> tuple[str, ...]:
    """The compendium's 15 Manigance cards, in data order."""
    return tuple(card for card, data in MANIGANCE.items() for _ in range(data["count"]))


def turn_order(player_count: int, first_player: int, governor: int | None) -> tuple[int, ...]:
    """Clockwise from the first player, with the Governor moved to the end."""
    seats = [(first_player + i) % player_count for i in range(player_count)]
    if governor is not None:
        seats.remove(governor)
        seats.append(governor)
    return tuple(seats)


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: 50,000 Cogs and 50 popularity each, placements to make."""
    values = read_options(OPTIONS, options)
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
        name, colour = player.get("name"), player.get("colour")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
            raise MalformedInput(N_("player %(index)s needs a name of 1 to 40 characters"),
                                 index=index)
        if colour not in COLOURS:
            raise MalformedInput(N_("player %(index)s: colour must be one of %(colours)s"),
                                 code="bad_colour", index=index, colours=", ".join(COLOURS))
        if any(p.colour == colour for p in seated):
            raise IllegalAction(N_("two players chose %(colour)s: one player per colour"),
                                code="colour_taken", colour=colour)
        seated.append(Player(name.strip(), str(colour), START_COGS, START_POPULARITY))
    board = board_for(len(seated))
    settings = Settings(values["hidden_money"], values["seed"], board.key,
                        min(values[RULES_KEY], RULES))
    return State(settings=settings, players=tuple(seated),
                 owners=tuple(None for _ in board.districts),
                 deck=shuffled_deck(settings.seed, 0, full_deck()),
                 order=turn_order(len(seated), 0, None))


# ---------------------------------------------------------------------------- reading the state

def robbery_take(cogs: int) -> int:
    """What a robbery takes: half the victim's Cogs, rounded up to the next 10,000."""
    return -(-cogs // (2 * UNIT)) * UNIT


def clamp_popularity(value: int) -> int:
    return max(POPULARITY_MIN, min(POPULARITY_MAX, value))


def bank_reserve(state: State) -> int:
    """The Cogs the bank still holds: the box's notes minus what the players hold."""
    return TOTAL_MONEY - sum(p.cogs for p in state.players)


def owner_of(state: State, district: str) -> int | None:
    return state.owners[state.board.index(district)]


def districts_of(state: State, seat: int, kind: str | None = None) -> tuple[str, ...]:
    """The districts a seat controls, optionally of one type, in map order."""
    return tuple(d.id for d, owner in zip(state.board.districts, state.owners, strict=True)
                 if owner == seat and (kind is None or d.type == kind))


def neutral_districts(state: State) -> tuple[str, ...]:
    return tuple(d.id for d, owner in zip(state.board.districts, state.owners, strict=True)
                 if owner is None)


def is_protected(state: State, district: str) -> bool:
    """Whether Heritage Protection covers the district (its owner holds the card)."""
    owner = owner_of(state, district)
    return owner is not None and owner == state.heritage


def certificate_holder(state: State, condition: str) -> int | None:
    return next((seat for c, seat in state.certificates if c == condition), None)


def certificates_of(state: State, seat: int) -> tuple[str, ...]:
    return tuple(c for c in CONDITION_ORDER if certificate_holder(state, c) == seat)


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _district_name(state: State, district: str) -> str:
    return state.board.district(district).name_en
