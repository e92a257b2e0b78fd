"""폭풍의 대권주자's state: the frozen dataclasses a table folds into (the settings, the
players, the offices, a round's purchases and points, each round's summary), the setup, and
the street's prices."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import N_, RULES_KEY, IllegalAction, MalformedInput, Outcome, read_options
from ..sealed import Sealed
from .data import (
    BASIC_OFFICES,
    COLOURS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    PRIORITY_STEP,
    RULES,
    SLOTS,
    SURCHARGES,
    WORKERS,
)
from .deck import (
    DECK_CHECKED,
    TWO_PLAYER_REMOVED,
    Card,
    check_deck,
    check_deck_card,
    deck_size,
)

# ---------------------------------------------------------------------------- state

@dataclass(frozen=True)
class Settings:
    players: int
    board_offices: int
    blue_first_round: bool
    seed: int
    deck: tuple[tuple[tuple[str, Any], ...], ...] = ()
    rules: int = RULES          # the rules revision the table plays by (``RULES``)

    def card(self, number: int) -> Mapping[str, Any] | None:
        for card in self.deck:
            data = dict(card)
            if data.get("number") == number:
                return data
        return None


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    score: int = 0
    workers: int = WORKERS      # workers still to place this round
    temporary: int = 0          # temporary workers added this round
    placed: int = 0             # workers placed this round
    passed: bool = False        # stopped placing this round
    tokens: int = 0             # victory-point tokens taken this round
    priority: int | None = None  # the number revealed this round (None before the reveal)


@dataclass(frozen=True)
class Office:
    id: str
    kind: str      # "board", "basic" or "added"
    number: int
    tokens: int = 0
    worker: int | None = None


@dataclass(frozen=True)
class Purchase:
    seat: int
    card_coins: int
    office_coins: int
    buys: int
    bought: tuple[tuple[int, Card, int], ...]   # (slot, card, price paid)
    red: tuple[tuple[int, Card], ...]           # red cards taken with them

    @property
    def coins(self) -> int:
        return self.card_coins + self.office_coins

    @property
    def spent(self) -> int:
        return sum(paid for _, _, paid in self.bought)

    @property
    def doctorate_points(self) -> int:
        return sum(paid for _, card, paid in self.bought if card.doctorate)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "card_coins": self.card_coins,
                "office_coins": self.office_coins, "coins": self.coins, "buys": self.buys,
                "spent": self.spent, "lost": self.coins - self.spent,
                "bought": [{"slot": s, "card": c.to_json(), "paid": p} for s, c, p in self.bought],
                "red": [{"slot": s, "card": c.to_json()} for s, c in self.red],
                "doctorate_points": self.doctorate_points}


@dataclass(frozen=True)
class Points:
    seat: int
    cards: int
    offices: int
    tokens: int
    storm_rallies: int
    doctorates: int

    @property
    def token_points(self) -> int:
        return self.tokens * (2 if self.storm_rallies else 1)

    @property
    def total(self) -> int:
        return self.cards + self.offices + self.token_points + self.doctorates

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "cards": self.cards, "offices": self.offices,
                "tokens": self.tokens, "storm_rallies": self.storm_rallies,
                "token_points": self.token_points, "doctorates": self.doctorates,
                "total": self.total}


@dataclass(frozen=True)
class RoundSummary:
    number: int
    order: tuple[int, ...]
    priorities: tuple[int | None, ...]
    purchases: tuple[Purchase, ...]
    points: tuple[Points, ...]
    tokens_placed: tuple[str, ...]     # the offices that gained a token at clean-up
    removed: tuple[Card, ...]          # street cards removed at clean-up
    office_added: str | None           # the added office card laid at clean-up
    refilled: int                      # cards drawn to refill the street


@dataclass(frozen=True)
class State:
    settings: Settings
    players: tuple[Player, ...]
    round: int
    phase: str
    order: tuple[int, ...]            # the bus: this round's once revealed, else the last one
    previous_order: tuple[int, ...]   # the bus ties are reversed from
    priority: Sealed | None
    active: int                       # index in ``order`` of the seat to act (phases 2, 3)
    offices: tuple[Office, ...]
    street: tuple[Card | None, ...]   # None: an empty slot
    deck: int                         # cards left in the action deck
    deck_doctorates: int              # Doctorates among them (at its bottom)
    doctorates_bought: int = 0
    purchases: tuple[Purchase, ...] = ()
    history: tuple[RoundSummary, ...] = ()
    result: Outcome | None = None
    # The seat that placed the last worker: its turn stays open for temporary workers (a
    # purple card played at its offices, the one just taken included) until the next seat
    # acts, even when that worker was its last.
    last_placed: int | None = None
    # The last street card typed as printed (not picked from the table's list): the typing
    # form starts from its values.
    last_typed: Card | None = None


# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "colour", "type": "string", "required": True, "choices": list(COLOURS),
         "help": N_("Red, blue, yellow or green: one colour per player")},
    ]


def example_players(count: int) -> list[dict[str, Any]]:
    names = ["민준", "서연", "지호", "하은"]
    return [{"name": names[i], "colour": COLOURS[i]} for i in range(count)]


def _only(data: Mapping[str, Any], allowed: Iterable[str]) -> None:
    """Refuse a field the action or entry does not have (a typo must not pass silently)."""
    unknown = sorted(str(k) for k in data if k not in set(allowed))
    if unknown:
        raise MalformedInput(N_("unknown field: %(field)s"), code="unknown_field",
                             field=", ".join(unknown))


def initial_offices(players: int, board: int) -> tuple[Office, ...]:
    offices = [Office(f"board-{n}", "board", n) for n in range(1, board + 1)]
    offices += [Office(f"basic-{n}", "basic", n) for n in range(1, BASIC_OFFICES[players] + 1)]
    offices.append(Office("added-1", "added", 1))
    return tuple(offices)


def random_bus(players: int, seed: int) -> tuple[int, ...]:
    """Setup step 13: the career markers shuffled and drawn onto the bus."""
    order = list(range(players))
    random.Random(seed).shuffle(order)
    return tuple(order)


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: round 1, phase 1, the random bus, 11 unknown cards on the street."""
    values = read_options(OPTIONS, options)
    if not isinstance(players, list | tuple):
        raise MalformedInput(N_("players must be a list"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(N_("this game is for %(low)s to %(high)s players, not %(count)s"),
                            code="player_count", low=MIN_PLAYERS, high=MAX_PLAYERS,
                            count=len(players))
    seated = []
    for index, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise MalformedInput(N_("player %(index)s must be an object"), index=index)
        _only(player, ("name", "colour"))
        name, colour = player.get("name"), player.get("colour")
        if not isinstance(name, str) or not name.strip():
            raise MalformedInput(N_("player %(index)s needs a name"), index=index)
        if len(name.strip()) > 40:
            raise MalformedInput(N_("player %(index)s: the name is 40 characters at most"),
                                 index=index)
        if colour not in COLOURS:
            raise MalformedInput(N_("player %(index)s: the colour must be one of %(colours)s"),
                                 code="bad_colour", index=index, colours=", ".join(COLOURS))
        seated.append(Player(name.strip(), colour))
    used = [p.colour for p in seated]
    if len(set(used)) != len(used):
        raise IllegalAction(N_("each player needs a colour of their own"), code="colour_taken")
    rules = min(values[RULES_KEY], RULES)
    check_deck(values["deck"], rules)
    deck = tuple(tuple(sorted(card.items())) for card in values["deck"])
    count = len(seated)
    settings = Settings(count, values["board_offices"], values["blue_offices_first_round"],
                        values["seed"], deck, rules)
    bus = random_bus(count, settings.seed)
    return State(settings=settings, players=tuple(seated), round=1, phase="order",
                 order=bus, previous_order=bus,
                 priority=Sealed.open(PRIORITY_STEP, range(count), key=f"{PRIORITY_STEP}:1"),
                 active=0, offices=initial_offices(count, settings.board_offices),
                 street=tuple(Card() for _ in range(SLOTS)), deck=deck_size(count),
                 deck_doctorates=count)


def _check_deck_card(card: Mapping[str, Any]) -> None:
    """One card of a deck list, as a new table's setup checks it (the print kit's check)."""
    check_deck_card(card, DECK_CHECKED)


def two_player_removed(players: int) -> tuple[int, ...]:
    """The cards taken out of the game at setup (none with 3 or 4 players)."""
    return TWO_PLAYER_REMOVED if players == 2 else ()


# ---------------------------------------------------------------------------- the street's prices

def surcharge(slot: int) -> int:
    """The price surcharge of a street slot (1-based)."""
    return SURCHARGES[slot - 1]


def slot_price(card: Card, slot: int) -> int | None:
    return None if card.price is None else card.price + surcharge(slot)
