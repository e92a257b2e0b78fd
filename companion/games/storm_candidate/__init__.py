"""폭풍의 대권주자 (Fremde Federn / Copycat) — the rules engine.

A deck-building race over at most 11 rounds to 95 victory points, per the Korean rulebook
(``shared/rules/storm-candidate.ko.txt``) and the table rulings (``RULINGS.md``). The card
and office texts are not public, so the companion takes what a card gives as numbers (the
coins, the buys, the points) and keeps everything the rules fix: the round and its four
phases, the bus (turn order) from secretly entered priority numbers, the workers on the
offices and the victory-point tokens on them, the street with its prices and surcharges, the
purchases, the score track and the end. Every number comes from
``data/storm-candidate.toml``, which the print kit and the rules reference read too.

Seats, offices, slots
---------------------

Seats are numbered from 0 in the order of ``players`` at setup; each has a ``name`` and a
``colour`` (``red``, ``blue``, ``yellow``, ``green``). Offices are named ``board-N`` (printed
on the Federal Building; how many is an edition value), ``basic-N`` (the basic office cards:
none with 2 players, 2 with 3, 4 with 4) and ``added-N`` (the added office cards, one laid
at setup and one more at each clean-up). Street slots are numbered 1 to 11 from the left.

A round, phase by phase (``phase`` in the state)
------------------------------------------------

1. ``"order"``: each seat enters the priority number of the card it reveals, in secret:
   ``{"type": "seal", "seat", "value": N}`` (1 to 61; it may be changed until the reveal).
   When every seat is in, the platform sends ``{"type": "reveal"}`` (the host may send it
   earlier: a seat without a number counts as 0 and goes last). The bus order follows the
   numbers, highest first; each group of tied players is reversed from the previous round's
   order (2 tied swap; 3 tied: first and last swap; 4 tied: 1st<->4th, 2nd<->3rd). The
   previous order of round 1 is the random bus drawn at setup (the ``seed`` option).
2. ``"workers"``: in bus order, the active seat places one worker on an empty office
   (``{"type": "place", "seat", "office"}``), taking the victory-point tokens on it, adds
   temporary workers from a purple card (``{"type": "temporary", "seat", "count"}``), or
   stops placing for this round (``{"type": "pass", "seat"}``). Temporary workers may also
   come in the turn a worker is placed, after it (the card played at the office just taken),
   until the next seat acts, even when that worker was the seat's last: they reopen the
   phase if that worker had ended it. A seat with no worker left is skipped; the phase ends
   when nobody can place any more (or no office is empty).
3. ``"buying"``: in bus order, each seat makes its whole purchase in one action:
   ``{"type": "buy", "seat", "card_coins", "office_coins", "buys", "slots": [n, ...]}``:
   the round's coins (from the campaign-area cards and from the offices), the number of
   buys its procurement actions allow, and the street slots bought. The total price (the
   printed price plus the slot's surcharge) may not exceed the coins; red cards to the left
   of a bought card are taken with it, free (none without a purchase); a Doctorate scores
   1 point per coin paid; leftover coins are lost. Then ``"scoring"``: the round's points,
   one entry per seat,
   ``{"type": "score_round", "points": [{"seat", "cards", "offices", "storm_rallies"}]}``;
   the victory-point tokens taken this round count once, twice with a 폭풍 선거 유세
   (``storm_rallies`` 1; a token counts at most twice in a round, so 2 or more is refused),
   and the Doctorates bought are added. A closed round is corrected by replacing this entry
   (the platform's round correction).
4. Clean-up, at once after the scoring: a token on each empty office while the 25 last (in
   office order), workers back, the next added office card, the leftmost 3/2/1 unsold
   street cards removed for 2/3/4 players (never a Doctorate), the street slid left and
   refilled from the deck. Then the next round. When the round scored ends the game, no
   clean-up follows: the game ends in that round (``round`` stays its number).

The street's cards are entered by the phones as they come out (``{"type": "street",
"slot", "price", "colour"}``, or ``"number"`` alone when the table has typed its deck list:
the phones then pick it from the listed cards not out yet, ``storm_deck``): a new card is
unknown until then. From rules revision 3 a number is a street card's (1-61, never a start
card's, 9-18) and a card's not out yet (on the street in another slot, bought or removed),
and the card keeps its period (the list's, or the one its slot is sure of). The engine knows
how many cards are left in the deck and that the Doctorates lie at its bottom, so a card
drawn once only Doctorates remain is marked as one (``"doctorate": true`` may also be
entered).

The end, at the end of a round in which a player reaches 95, the last Doctorate is bought,
or round 11 ends: the highest score wins; a tie goes to the most points in that last round;
still tied, the win is shared.

Table decisions where the rulebook is silent (see README):

- a seat the host reveals without a number counts as 0 (last; several such seats are a tied
  group like any other);
- "red cards to the left" are all the red cards left of a bought card, wherever they lie;
  a player who buys nothing takes none (rules revision 2: a table made before, revision 1,
  keeps giving the red cards of slots 1-10 to a player who buys nothing);
- clean-up removes the leftmost unsold cards that are not Doctorates (a Doctorate is
  skipped, the next card goes instead); when the supply runs short, tokens go to the empty
  offices in office order (board, basic, added);
- with two players cards 32 and 49 are taken from the deck and the card replacing 23 at the
  street's right end is the deck's top card;
- with the option "first round: blue offices only" (default on), offices give no coins and
  no points in round 1.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import (
    HOST,
    MAX_SEED,
    N_,
    RULES_KEY,
    TABLE,
    ChartSeries,
    IllegalAction,
    Label,
    MalformedInput,
    Np_,
    Option,
    Outcome,
    Owner,
    Plurals,
    Words,
    dispatch,
    load_data,
    read_options,
    require_int,
)
from ..sealed import REVEAL_ACTION, SEAL_ACTION, Sealed
from .deck import (
    CARD_COLOURS,
    DECK_CHECKED,
    DECK_FIELDS,
    DECK_SCHEMA,
    DOCTORATE_PERIOD,
    MAX_PRICE,
    PRIORITY_HIGH,
    PRIORITY_LOW,
    TWO_PLAYER_REMOVED,
    Card,
    card_period,
    check_deck,
    check_deck_card,
    check_street_number,
    deck_size,
    street_periods,
)

# The card list's reading, in the engine's own names: the platform calls ``learned_cards``
# (the results page's offer), the street's picker ``street_picker``.
from .deck import PERIODS as PERIODS
from .deck import START_NUMBERS as START_NUMBERS
from .deck import cards_out as cards_out
from .deck import learned_cards as learned_cards
from .deck import street_picker as street_picker

# The most card points a round can give a player, above which the phone asks first.
from .scoring import most_card_points as most_card_points

ID = "storm-candidate"
NAME = "폭풍의 대권주자"
# The rules revision a new table plays by (``base.RULES_KEY``): revision 2 gives no red card
# to a player who buys nothing; revision 3 checks the card list field by field and refuses a
# street card picked from it that is already out (``storm_deck.DECK_CHECKED``); a table
# stored under an earlier revision keeps folding as it did.
RULES = 3
RED_ONLY_WITH_A_PURCHASE = 2
MIN_PLAYERS = 2
MAX_PLAYERS = 4
LANGUAGES = ("ko", "en", "fr")

DATA = load_data(ID)
GAME = DATA["game"]
ROUNDS: int = GAME["rounds"]
GOAL: int = GAME["goal"]
TRACK_TOP: int = GAME["track_top"]
WORKERS: int = GAME["workers"]
SLOTS: int = DATA["street"]["slots"]
SURCHARGES: tuple[int, ...] = tuple(DATA["street"]["surcharges"])
REMOVALS: dict[int, int] = {int(k): v for k, v in DATA["street"]["removals"].items()}
TOKEN_SUPPLY: int = DATA["tokens"]["supply"]
BOARD_OFFICES: int = DATA["offices"]["board"]
BASIC_OFFICES: dict[int, int] = {int(k): v for k, v in DATA["offices"]["basic"].items()}
ADDED_OFFICES: int = DATA["offices"]["added"]
COLOURS: tuple[str, ...] = tuple(c["id"] for c in DATA["colours"])
COLOUR_HEX: dict[str, str] = {c["id"]: c["hex"] for c in DATA["colours"]}
CARD_COLOUR_HEX: dict[str, str] = {c["id"]: c["hex"] for c in DATA["card_colours"]}
assert len(SURCHARGES) == SLOTS

MAX_COINS = 200       # and on a round's coins or points
MAX_BUYS = SLOTS
# Card 23 is a period I card (it lies on the street at setup: the rulebook's two-player
# setup); numbers 9-18 are the start cards (periods A-D), never on the street.
DECK_EXAMPLE = ({"number": 23, "name": Words(N_("The card's name")), "price": 4,
                 "period": "I", "colour": "blue",
                 "action": Words(N_("what it does, as printed"))},)

PRIORITY_STEP = "priority"
PHASES = ("order", "workers", "buying", "scoring", "over")

OPTIONS = (
    Option("seed", "seed", 0, N_("Shuffle seed (the random bus of round 1)"),
           minimum=0, maximum=MAX_SEED),
    Option("blue_offices_first_round", "bool", True,
           N_("First round: blue offices only"),
           N_("As the rulebook says: in round 1 offices give no coins and no points")),
    Option("board_offices", "int", BOARD_OFFICES,
           N_("Offices printed on the Federal Building"), edition=True, minimum=1,
           maximum=12),
    Option("deck", "deck", [], N_("Your copy's action cards"),
           N_("Optional: number, name, price, period (I-V), colour and action of each card; "
              "then a street card is entered by its number"),
           edition=True, fields=DECK_FIELDS, example=DECK_EXAMPLE, schema=DECK_SCHEMA),
)


class Reason:
    """Why a game of 폭풍의 대권주자 ended (the ``reason`` of its outcome)."""

    GOAL = "reached_95"
    """A player reached 95 points or more during the round."""
    LAST_DOCTORATE = "last_doctorate"
    """The last Doctorate (박사 학위) was bought during the round."""
    LAST_ROUND = "round_11"
    """Round 11 ended."""


# Each reason in words (the results page, exports; see ``companion.plays.reason_label``):
# a msgid, or a msgid and its values.
REASON_LABELS = {
    Reason.GOAL: (N_("A player reached %(goal)s points."), {"goal": GOAL}),
    Reason.LAST_DOCTORATE: N_("The last Doctorate was bought."),
    Reason.LAST_ROUND: N_("Round 11 is over."),
}


# The messages worded with a count (see ``base.Plurals``).
PLURALS: Plurals = {
    N_("only %(room)s more worker(s) could find an empty office"): (Np_(
        "only %(room)s more worker could find an empty office",
        "only %(room)s more workers could find an empty office"), "room"),
    N_("%(count)s cards, but only %(buys)s buy(s) this round"): (Np_(
        "%(count)s cards, but only %(buys)s buy this round",
        "%(count)s cards, but only %(buys)s buys this round"), "buys"),
    N_("%(name)s: +%(count)s temporary worker(s)"): (Np_(
        "%(name)s: +%(count)s temporary worker", "%(name)s: +%(count)s temporary workers"),
        "count"),
    N_("%(name)s bought %(count)s card(s)"): (Np_(
        "%(name)s bought %(count)s card", "%(name)s bought %(count)s cards"), "count"),
}


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


# ---------------------------------------------------------------------------- the bus

def bus_order(priorities: Mapping[int, int | None], previous: Sequence[int]) -> tuple[int, ...]:
    """Phase 1: highest priority number first; each group of tied players in the reverse
    of its previous order (2 tied swap; 3: first and last swap; 4: 1<->4 and 2<->3).
    A seat without a number counts as 0."""
    position = {seat: i for i, seat in enumerate(previous)}
    return tuple(sorted(previous, key=lambda s: (-(priorities.get(s) or 0), -position[s])))


def surcharge(slot: int) -> int:
    """The price surcharge of a street slot (1-based)."""
    return SURCHARGES[slot - 1]


def slot_price(card: Card, slot: int) -> int | None:
    return None if card.price is None else card.price + surcharge(slot)


# ---------------------------------------------------------------------------- actions

# The fields each action may carry besides "type": anything else is refused (by the table
# before the engine sees it, and by each handler for a direct caller).
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    SEAL_ACTION: ("seat", "value"), REVEAL_ACTION: (),
    "place": ("seat", "office"), "temporary": ("seat", "count"), "pass": ("seat",),
    "buy": ("seat", "card_coins", "office_coins", "buys", "slots"),
    "score_round": ("points",),
    "street": ("slot", "price", "colour", "doctorate", "number"),
}


def _only_fields(action: Mapping[str, Any], kind: str) -> None:
    _only(action, ("type", *ACTION_FIELDS[kind]))


def apply(state: State, action: Mapping[str, Any]) -> State:
    """The state after one action, or a typed error and no change."""
    return dispatch(_HANDLERS, state, action, finished=state.result is not None)


def _seat(state: State, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = require_int(action, key)
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _count(data: Mapping[str, Any], key: str, maximum: int, default: int | None = None) -> int:
    if key not in data and default is not None:
        return default
    value = require_int(data, key, minimum=0)
    if value > maximum:
        raise IllegalAction(N_("%(field)s cannot be above %(maximum)s"), code="too_many",
                            field=key, maximum=maximum)
    return value


_PHASE_REFUSALS = {
    "order": N_("not now: round %(round)s is at phase 1, the turn order"),
    "workers": N_("not now: round %(round)s is at phase 2, the workers"),
    "buying": N_("not now: round %(round)s is at phase 3, the purchases"),
    "scoring": N_("not now: round %(round)s is at phase 3, the points"),
}


def _require_phase(state: State, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction(_PHASE_REFUSALS[state.phase], code="wrong_phase", round=state.round)


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _set_player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def _active_seat(state: State, action: Mapping[str, Any], phase: str) -> int:
    seat = _seat(state, action)
    _require_phase(state, phase)
    active = state.order[state.active]
    if seat != active:
        raise IllegalAction(N_("it is %(active)s's turn, not %(name)s's"), code="not_your_turn",
                            active=_name(state, active), name=_name(state, seat))
    return seat


# Phase 1 ---------------------------------------------------------------------

def _seal(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, SEAL_ACTION)
    seat = _seat(state, action)
    if "value" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="value")
    value = action["value"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("the priority number must be a whole number"),
                             code="bad_priority")
    if not PRIORITY_LOW <= value <= PRIORITY_HIGH:
        raise IllegalAction(N_("a priority number is from %(low)s to %(high)s"),
                            code="bad_priority", low=PRIORITY_LOW, high=PRIORITY_HIGH)
    if state.phase != "order":
        raise IllegalAction(N_("%(name)s's card for round %(round)s is already revealed"),
                            code="already_revealed", name=_name(state, seat), round=state.round)
    assert state.priority is not None
    return replace(state, priority=state.priority.lock(seat, value))


def _reveal(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, REVEAL_ACTION)
    if state.phase != "order":
        raise IllegalAction(N_("the cards of round %(round)s are already revealed"),
                            code="already_revealed", round=state.round)
    assert state.priority is not None
    numbers = {s: state.priority.value(s) for s in range(len(state.players))}
    order = bus_order(numbers, state.previous_order)
    players = tuple(replace(p, priority=numbers[s]) for s, p in enumerate(state.players))
    state = replace(state, players=players, order=order, priority=None, phase="workers",
                    active=0)
    return _next_placer(state, start=0)


# Phase 2 ---------------------------------------------------------------------

def _empty_offices(state: State) -> tuple[Office, ...]:
    return tuple(o for o in state.offices if o.worker is None)


def _can_place(player: Player) -> bool:
    return player.workers > 0 and not player.passed


def _next_placer(state: State, start: int) -> State:
    """The next seat in bus order (from index ``start``) that can still place a worker;
    phase 3 when there is none or no office is empty."""
    if _empty_offices(state):
        n = len(state.order)
        for step in range(n):
            index = (start + step) % n
            if _can_place(state.players[state.order[index]]):
                return replace(state, active=index)
    return replace(state, phase="buying", active=0)


def _office(state: State, action: Mapping[str, Any]) -> int:
    value = action.get("office")
    if "office" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="office")
    if not isinstance(value, str):
        raise MalformedInput(N_("office must be an office id"), code="unknown_office")
    for index, office in enumerate(state.offices):
        if office.id == value:
            return index
    raise MalformedInput(N_("no office %(office)s on the board this round"),
                         code="unknown_office", office=value)


def _place(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "place")
    seat = _active_seat(state, action, "workers")
    index = _office(state, action)
    office = state.offices[index]
    if office.worker is not None:
        raise IllegalAction(N_("%(name)s's worker is already on this office: one worker per "
                               "office"), code="office_taken", name=_name(state, office.worker))
    player = state.players[seat]
    offices = state.offices[:index] + (replace(office, worker=seat, tokens=0),) + \
        state.offices[index + 1:]
    player = replace(player, workers=player.workers - 1, placed=player.placed + 1,
                     tokens=player.tokens + office.tokens)
    state = replace(_set_player(state, seat, player), offices=offices, last_placed=seat)
    return _next_placer(state, start=state.active + 1)


def temporary_open(state: State) -> int | None:
    """The seat that may still add temporary workers in the turn it just placed a worker
    (the next seat has not acted yet; its last worker may have ended phase 2), or None."""
    if state.last_placed is None or state.result is not None:
        return None
    if state.phase == "workers" or (state.phase == "buying" and not state.purchases):
        return state.last_placed
    return None


def _temporary(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "temporary")
    seat = _seat(state, action)
    in_its_turn = seat == temporary_open(state)
    if not in_its_turn:
        _active_seat(state, action, "workers")
    count = require_int(action, "count", minimum=1)
    room = len(_empty_offices(state)) - state.players[seat].workers
    if count > room:
        raise IllegalAction(N_("only %(room)s more worker(s) could find an empty office"),
                            code="too_many_workers", room=max(room, 0))
    player = state.players[seat]
    state = _set_player(state, seat, replace(player, workers=player.workers + count,
                                             temporary=player.temporary + count))
    if not in_its_turn:
        # The active seat's turn has begun: the previous placer's is over.
        return replace(state, last_placed=None)
    if state.phase == "buying":
        # The placer's last worker had ended phase 2: its temporary workers reopen it.
        state = replace(state, phase="workers")
        return _next_placer(state, start=state.order.index(seat) + 1)
    return state


def _pass(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "pass")
    seat = _active_seat(state, action, "workers")
    state = _set_player(state, seat, replace(state.players[seat], passed=True))
    return _next_placer(replace(state, last_placed=None), start=state.active + 1)


# Phase 3 ---------------------------------------------------------------------

def _blue_only(state: State) -> bool:
    return state.round == 1 and state.settings.blue_first_round


def _slots(state: State, action: Mapping[str, Any]) -> tuple[int, ...]:
    raw = action.get("slots", [])
    if raw is None:
        raw = []
    if not isinstance(raw, list | tuple):
        raise MalformedInput(N_("slots must be a list of street slots"), code="bad_slots")
    slots: list[int] = []
    for value in raw:
        if value is None:
            continue  # an unticked box of the page's form leaves a gap in the list
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedInput(N_("a street slot must be a whole number"), code="bad_slots")
        if not 1 <= value <= SLOTS:
            raise MalformedInput(N_("the street has slots 1 to %(slots)s, not %(slot)s"),
                                 code="bad_slots", slots=SLOTS, slot=value)
        if value in slots:
            raise MalformedInput(N_("slot %(slot)s is listed twice"), code="bad_slots",
                                 slot=value)
        slots.append(value)
    return tuple(sorted(slots))


def purchase_of(state: State, seat: int, card_coins: int, office_coins: int, buys: int,
                slots: Sequence[int]) -> Purchase:
    """A purchase checked against the street and the coins (raises IllegalAction)."""
    if _blue_only(state) and office_coins:
        raise IllegalAction(N_("first round: blue office actions only, so offices give no "
                               "coins yet"), code="blue_only")
    if len(slots) > buys:
        raise IllegalAction(N_("%(count)s cards, but only %(buys)s buy(s) this round"),
                            code="too_many_buys", count=len(slots), buys=buys)
    bought = []
    for slot in slots:
        card = state.street[slot - 1]
        if card is None:
            raise IllegalAction(N_("slot %(slot)s of the street is empty"), code="empty_slot",
                                slot=slot)
        if not card.known:
            raise IllegalAction(N_("enter what the card in slot %(slot)s shows first"),
                                code="unknown_card", slot=slot)
        assert card.price is not None
        bought.append((slot, card, card.price + surcharge(slot)))
    coins = card_coins + office_coins
    total = sum(paid for _, _, paid in bought)
    if total > coins:
        raise IllegalAction(N_("these cards cost %(total)s coins, but %(name)s has only "
                               "%(coins)s"), code="not_enough_coins", total=total,
                            name=_name(state, seat), coins=coins)
    return Purchase(seat, card_coins, office_coins, buys, tuple(bought),
                    red_taken(state, slots))


def red_taken(state: State, slots: Sequence[int]) -> tuple[tuple[int, Card], ...]:
    """The red cards that come, free, with the cards bought in ``slots``: every red card left
    of the rightmost one; none when nothing is bought (a table under rules revision 1 gave
    a player who bought nothing the red cards of slots 1-10, and still does)."""
    if not slots and state.settings.rules >= RED_ONLY_WITH_A_PURCHASE:
        return ()
    last = max(slots, default=0)
    return tuple((slot, card) for slot, card in enumerate(state.street[:last - 1], start=1)
                 if card is not None and card.colour == "red" and slot not in slots)


def _buy(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "buy")
    seat = _seat(state, action)
    card_coins = _count(action, "card_coins", MAX_COINS)
    office_coins = _count(action, "office_coins", MAX_COINS, default=0)
    buys = _count(action, "buys", MAX_BUYS)
    slots = _slots(state, action)
    _active_seat(state, action, "buying")
    purchase = purchase_of(state, seat, card_coins, office_coins, buys, slots)
    taken = {slot for slot, _, _ in purchase.bought} | {slot for slot, _ in purchase.red}
    street = tuple(None if slot in taken else card
                   for slot, card in enumerate(state.street, start=1))
    doctorates = sum(1 for _, card, _ in purchase.bought if card.doctorate)
    state = replace(state, street=street, purchases=state.purchases + (purchase,),
                    doctorates_bought=state.doctorates_bought + doctorates, last_placed=None)
    if state.active + 1 < len(state.order):
        return replace(state, active=state.active + 1)
    return replace(state, phase="scoring", active=0)


def _score_round(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "score_round")
    raw = action.get("points")
    if "points" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="points")
    if not isinstance(raw, list):
        raise MalformedInput(N_("points must be a list with one entry per seat"))
    entries: dict[int, Mapping[str, Any]] = {}
    for entry in raw:
        if not isinstance(entry, Mapping):
            raise MalformedInput(N_("each entry of points must be an object"))
        _only(entry, ("seat", "cards", "offices", "storm_rallies"))
        seat = _seat(state, entry)
        if seat in entries:
            raise MalformedInput(N_("seat %(seat)s appears twice in the points"),
                                 code="duplicate_seat", seat=seat)
        entries[seat] = entry
    missing = [s for s in range(len(state.players)) if s not in entries]
    if missing:
        raise MalformedInput(N_("the points are missing seat(s) %(seats)s"),
                             code="missing_seat", seats=", ".join(map(str, missing)))
    parsed = {s: (_count(e, "cards", MAX_COINS), _count(e, "offices", MAX_COINS, default=0),
                  _count(e, "storm_rallies", MAX_COINS, default=0)) for s, e in entries.items()}
    if state.phase == "over":
        raise IllegalAction(N_("the game is over: no more actions"), code="game_over")
    _require_phase(state, "scoring")
    points = []
    for seat in range(len(state.players)):
        cards, offices, rallies = parsed[seat]
        if offices and _blue_only(state):
            raise IllegalAction(N_("first round: blue office actions only, so offices give no "
                                   "points yet"), code="blue_only")
        if rallies > 1:
            raise IllegalAction(
                N_("%(name)s: a victory-point token counts at most twice in a round, so a "
                   "second 폭풍 선거 유세 cannot double the tokens again"),
                code="used_twice", name=_name(state, seat))
        purchase = next((p for p in state.purchases if p.seat == seat), None)
        doctorates = purchase.doctorate_points if purchase else 0
        points.append(Points(seat, cards, offices, state.players[seat].tokens, rallies,
                             doctorates))
    return clean_up(state, tuple(points))


# Phase 4 ---------------------------------------------------------------------

def clean_up(state: State, points: tuple[Points, ...]) -> State:
    """The scores move; then the end, or phase 4: tokens on the empty offices, workers back,
    the next office card, the street's removals and refill, and the next round. No clean-up
    follows the last round: the game ends in the round being scored."""
    scored = replace(state, players=tuple(
        replace(p, score=p.score + pts.total, tokens=0)
        for p, pts in zip(state.players, points, strict=True)), last_placed=None)
    priorities = tuple(p.priority for p in state.players)
    result = end_of_game(scored, points)
    if result is not None:
        summary = RoundSummary(state.round, state.order, priorities, state.purchases, points,
                               (), (), None, 0)
        return replace(scored, phase="over", result=result, priority=None, active=0,
                       purchases=(), history=state.history + (summary,))
    players = tuple(replace(p, workers=WORKERS, temporary=0, placed=0, passed=False,
                            priority=None) for p in scored.players)
    supply = TOKEN_SUPPLY - sum(o.tokens for o in state.offices)
    offices = []
    gained = []
    for office in state.offices:
        if office.worker is None and supply > 0:
            office = replace(office, tokens=office.tokens + 1)
            supply -= 1
            gained.append(office.id)
        offices.append(replace(office, worker=None))
    added = sum(1 for o in offices if o.kind == "added")
    office_added = None
    if added < ADDED_OFFICES:
        office_added = f"added-{added + 1}"
        offices.append(Office(office_added, "added", added + 1))
    street, removed = street_removals(state.street, REMOVALS[len(players)])
    kept = [card for card in street if card is not None]
    deck, deck_doctorates = state.deck, state.deck_doctorates
    refilled = 0
    while len(kept) < SLOTS and deck > 0:
        doctorate = deck <= deck_doctorates
        kept.append(Card(doctorate=doctorate))
        deck -= 1
        deck_doctorates -= 1 if doctorate else 0
        refilled += 1
    new_street = tuple(kept) + (None,) * (SLOTS - len(kept))
    summary = RoundSummary(state.round, state.order, priorities, state.purchases, points,
                           tuple(gained), removed, office_added, refilled)
    next_round = state.round + 1
    return replace(scored, players=players, offices=tuple(offices), street=new_street,
                   deck=deck, deck_doctorates=deck_doctorates, purchases=(),
                   history=state.history + (summary,), round=next_round, phase="order",
                   previous_order=state.order,
                   priority=Sealed.open(PRIORITY_STEP, range(len(players)),
                                        key=f"{PRIORITY_STEP}:{next_round}"),
                   active=0)


def street_removals(street: Sequence[Card | None],
                    count: int) -> tuple[tuple[Card | None, ...], tuple[Card, ...]]:
    """Clean-up step 5: the ``count`` leftmost unsold cards go, never a Doctorate."""
    kept: list[Card | None] = []
    removed: list[Card] = []
    for card in street:
        if card is not None and not card.doctorate and len(removed) < count:
            removed.append(card)
            kept.append(None)
        else:
            kept.append(card)
    return tuple(kept), tuple(removed)


def end_of_game(state: State, points: Sequence[Points]) -> Outcome | None:
    """At the end of a round: 95 reached, the last Doctorate bought, or round 11 over."""
    if any(p.score >= GOAL for p in state.players):
        reason = Reason.GOAL
    elif state.doctorates_bought >= state.settings.players:
        reason = Reason.LAST_DOCTORATE
    elif state.round >= ROUNDS:
        reason = Reason.LAST_ROUND
    else:
        return None
    return Outcome(winners(state.players, points), reason)


def winners(players: Sequence[Player], last_round: Sequence[Points]) -> tuple[int, ...]:
    """The highest score; tied, the most points in the last round; still tied, shared."""
    best = max(p.score for p in players)
    tied = [s for s, p in enumerate(players) if p.score == best]
    last = {pts.seat: pts.total for pts in last_round}
    most = max(last[s] for s in tied)
    return tuple(s for s in tied if last[s] == most)


def outcome(state: State) -> Outcome | None:
    return state.result


# The street -------------------------------------------------------------------

def _street(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "street")
    slot = require_int(action, "slot")
    if not 1 <= slot <= SLOTS:
        raise MalformedInput(N_("the street has slots 1 to %(slots)s, not %(slot)s"),
                             code="bad_slots", slots=SLOTS, slot=slot)
    number = action.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise MalformedInput(N_("number must be a whole number"), code="bad_card")
    doctorate = action.get("doctorate")
    if doctorate is not None and not isinstance(doctorate, bool):
        raise MalformedInput(N_("doctorate must be true or false"), code="bad_card")
    price = action.get("price")
    if price is not None and (isinstance(price, bool) or not isinstance(price, int)):
        raise MalformedInput(N_("price must be a whole number"), code="bad_card")
    colour = action.get("colour")
    if colour is not None and colour not in CARD_COLOURS:
        raise MalformedInput(N_("the card colour must be one of %(colours)s"), code="bad_card",
                             colours=", ".join(CARD_COLOURS))
    if price is not None and not 0 <= price <= MAX_PRICE:
        raise IllegalAction(N_("a card's price is from 0 to %(max)s"), code="bad_card",
                            max=MAX_PRICE)
    if state.phase == "over":
        raise IllegalAction(N_("the game is over: no more actions"), code="game_over")
    card = state.street[slot - 1]
    if card is None:
        raise IllegalAction(N_("slot %(slot)s of the street is empty"), code="empty_slot",
                            slot=slot)
    checked = state.settings.rules >= DECK_CHECKED
    if number is not None and checked:
        check_street_number(state, slot, number)
    listed = state.settings.card(number) if number is not None else None
    if number is not None and state.settings.deck and listed is None:
        raise IllegalAction(N_("card %(number)s is not in your deck list"),
                            code="not_in_deck", number=number)
    period = None
    if listed is not None:
        price = listed.get("price") if price is None else price
        colour = listed.get("colour") if colour is None else colour
        period = card_period(listed)
        if doctorate is None and listed.get("period") is not None:
            doctorate = period == DOCTORATE_PERIOD
    if doctorate is None:
        doctorate = card.doctorate
    if price is None or (colour is None and not doctorate):
        raise IllegalAction(N_("a street card needs its price and colour"),
                            code="incomplete_card")
    if number is not None and state.settings.players == 2 and number in TWO_PLAYER_REMOVED:
        raise IllegalAction(N_("card %(number)s is out of the game with two players"),
                            code="removed_card", number=number)
    if checked and period is None:
        sure = street_periods(state).get(slot, ())
        period = DOCTORATE_PERIOD if doctorate else sure[0] if len(sure) == 1 else None
    new = Card(price, colour, doctorate, number, period if checked else None)
    street = state.street[:slot - 1] + (new,) + state.street[slot:]
    if listed is None:
        return replace(state, street=street, last_typed=new)
    return replace(state, street=street)


_HANDLERS = {
    SEAL_ACTION: _seal,
    REVEAL_ACTION: _reveal,
    "place": _place,
    "temporary": _temporary,
    "pass": _pass,
    "buy": _buy,
    "score_round": _score_round,
    "street": _street,
}

_SEAT_ACTIONS = (SEAL_ACTION, "place", "temporary", "pass", "buy")
_TABLE_ACTIONS = ("score_round", "street")


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to: a seat's own moves to its phone, the reveal to the host,
    the street and the round's points to the whole table."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if kind in _SEAT_ACTIONS:
        return _seat(state, action)
    if kind == REVEAL_ACTION:
        return HOST
    if kind in _TABLE_ACTIONS:
        return TABLE
    raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                         type=kind if isinstance(kind, str | int) else "?")


def sealed(state: State) -> Sealed | None:
    """The open secret step: the priority numbers of phase 1."""
    return state.priority if state.phase == "order" else None


# ---------------------------------------------------------------------------- reading

def active_seats(state: State) -> list[int]:
    """The seats the game waits for: those that have not locked in their priority number
    (phase 1), the seat whose turn it is (workers, buying); nobody in the scoring (any phone
    enters the round's points) or once the game is over. The seat that has just placed a
    worker may still add temporary workers (``temporary_open``), but nobody waits for it."""
    if state.result is not None:
        return []
    opened = sealed(state)
    if opened is not None:
        return [s for s in opened.seats if s not in opened.locked]
    if state.phase in ("workers", "buying") and 0 <= state.active < len(state.order):
        return [state.order[state.active]]
    return []


def round_number(state: State) -> int:
    """The round being played, or the one the game ended in; the table log notes which
    entry closed each round."""
    return state.round


def start_seat(state: State) -> int | None:
    """The seat that plays first in the game: the first on the bus of round 1, known once
    round 1's priority numbers are revealed (the bus drawn at setup only breaks ties);
    None before, and in any later round (its bus is that round's)."""
    if state.round != 1 or state.phase == "order" or not state.order:
        return None
    return state.order[0]


def correctable(action: Mapping[str, Any]) -> bool:
    """A round's points may replace the entry that closed a past round (a correction)."""
    return isinstance(action, Mapping) and action.get("type") == "score_round"


def correction_prefill(state: State, number: int) -> list[dict[str, Any]] | None:
    """What round ``number`` entered, one row per seat, to prefill its correction (the
    points typed, and the tokens and Doctorates counted for them); None when the round has
    not been scored."""
    summary = next((r for r in state.history if r.number == number), None)
    if summary is None:
        return None
    return [{"seat": p.seat, "cards": p.cards, "offices": p.offices,
             "storm_rallies": p.storm_rallies, "tokens": p.tokens,
             "doctorates": p.doctorates} for p in summary.points]


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    seat = action.get("seat")
    name = state.players[seat].name if isinstance(seat, int) and not isinstance(
        seat, bool) and 0 <= seat < len(state.players) else "?"
    if kind == SEAL_ACTION:
        return Label(N_("%(name)s locked in a priority card"), {"name": name})
    if kind == REVEAL_ACTION:
        return Label(N_("round %(round)s: priority cards revealed"), {"round": state.round})
    if kind == "place":
        office = action.get("office")
        return Label(N_("%(name)s: worker on office %(office)s"),
                     {"name": name, "office": office if isinstance(office, str) else "?"})
    if kind == "temporary":
        count = action.get("count")
        return Label(N_("%(name)s: +%(count)s temporary worker(s)"),
                     {"name": name, "count": count if isinstance(count, int) else "?"})
    if kind == "pass":
        return Label(N_("%(name)s places no more workers"), {"name": name})
    if kind == "buy":
        slots = action.get("slots")
        # The page's unticked boxes leave gaps (None) in the list: they are no card.
        count = sum(1 for s in slots if s is not None) if isinstance(slots, list) else 0
        return Label(N_("%(name)s bought %(count)s card(s)"), {"name": name, "count": count})
    if kind == "score_round":
        return Label(N_("round %(round)s points"), {"round": state.round})
    if kind == "street":
        slot = action.get("slot")
        return Label(N_("street slot %(slot)s entered"),
                     {"slot": slot if isinstance(slot, int) else "?"})
    return Label(str(kind))


def localized_names(lang: str) -> dict[str, str]:
    """Office ids and colours in the reader's language, for the engine's messages."""
    names: dict[str, str] = {}
    for colour in DATA["colours"]:
        names[colour["id"]] = colour.get(f"name_{lang}", colour["name_en"])
    for kind, count in (("board", 12), ("basic", max(BASIC_OFFICES.values())),
                        ("added", ADDED_OFFICES)):
        for number in range(1, count + 1):
            names[f"{kind}-{number}"] = office_label(f"{kind}-{number}", lang)
    return names


def office_label(office_id: str, lang: str = "en") -> str:
    """A short human name of an office ("Federal Building 2", "정부 청사 2")."""
    kind, _, number = office_id.partition("-")
    words = {
        "ko": {"board": "정부 청사", "basic": "기본 사무실", "added": "추가 사무실"},
        "fr": {"board": "Bâtiment fédéral", "basic": "Bureau de base", "added": "Bureau ajouté"},
        "en": {"board": "Federal Building", "basic": "Basic office", "added": "Added office"},
    }
    return f"{words.get(lang, words['en']).get(kind, kind)} {number}"


def _street_json(state: State) -> list[dict[str, Any]]:
    slots = []
    for slot, card in enumerate(state.street, start=1):
        entry: dict[str, Any] = {"slot": slot, "surcharge": surcharge(slot), "card": None,
                                 "price": None}
        if card is not None:
            entry["card"] = card.to_json()
            entry["price"] = slot_price(card, slot)
        slots.append(entry)
    return slots


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as the API returns it. The only secret: the priority numbers locked in
    before the reveal (a seat sees its own; everyone sees who has locked in)."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise MalformedInput(N_("viewer must be a seat number or null"))
    active = state.order[state.active] if state.phase in ("workers", "buying") else None
    supply = TOKEN_SUPPLY - sum(o.tokens for o in state.offices) - sum(
        p.tokens for p in state.players)
    doctorates_on_street = [
        {"slot": s["slot"], "price": s["price"]} for s in _street_json(state)
        if s["card"] is not None and s["card"]["doctorate"]]
    return {
        "round": state.round,
        "rounds": ROUNDS,
        "rounds_played": len(state.history),
        "phase": state.phase,
        "goal": GOAL,
        "track_top": TRACK_TOP,
        "order": list(state.order),
        "previous_order": list(state.previous_order),
        "active": active,
        "priority": state.priority.public(viewer) if sealed(state) is not None and
        state.priority is not None else None,
        "players": [
            {"seat": seat, "name": p.name, "colour": p.colour, "score": p.score,
             "workers": p.workers, "temporary": p.temporary, "placed": p.placed,
             "passed": p.passed, "tokens": p.tokens, "priority": p.priority,
             "bus": state.order.index(seat) + 1 if state.phase != "order" else None,
             "offices": [o.id for o in state.offices if o.worker == seat]}
            for seat, p in enumerate(state.players)
        ],
        "offices": [{"id": o.id, "kind": o.kind, "number": o.number, "tokens": o.tokens,
                     "worker": o.worker} for o in state.offices],
        "street": _street_json(state),
        "deck": {"left": state.deck, "doctorates": state.deck_doctorates},
        "doctorates": {"total": state.settings.players, "bought": state.doctorates_bought,
                       "on_street": doctorates_on_street},
        "tokens": {"supply": supply, "total": TOKEN_SUPPLY},
        "purchases": [p.to_json() for p in state.purchases],
        "blue_offices_only": _blue_only(state),
        "two_player_removed": list(two_player_removed(state.settings.players)),
        "temporary_open": temporary_open(state),
        "options": {"blue_offices_first_round": state.settings.blue_first_round,
                    "board_offices": state.settings.board_offices,
                    "deck_cards": len(state.settings.deck), "rules": state.settings.rules},
        "rounds_log": [
            {"number": r.number, "order": list(r.order), "priorities": list(r.priorities),
             "purchases": [p.to_json() for p in r.purchases],
             "points": [p.to_json() for p in r.points],
             "tokens_placed": list(r.tokens_placed),
             "removed": [c.to_json() for c in r.removed],
             "office_added": r.office_added, "refilled": r.refilled}
            for r in state.history
        ],
    }


def chart_series(public: Mapping[str, Any]) -> list[ChartSeries]:
    """The victory-point track at one moment (the results' chart)."""
    return [ChartSeries("score", N_("Victory points"),
                        tuple(p["score"] for p in public["players"]))]


def player_colours(public: Mapping[str, Any]) -> list[str]:
    """Each seat's colour."""
    return [COLOUR_HEX[p["colour"]] for p in public["players"]]


# ---------------------------------------------------------------------------- random play

def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (rarely a refused one), for the conformance suite's random play."""
    n = len(state.players)
    if state.phase == "order":
        assert state.priority is not None
        waiting = [s for s in range(n) if s not in state.priority.locked]
        if state.priority.complete or rng.random() < 0.05:
            return {"type": REVEAL_ACTION}
        seat = rng.choice(waiting)
        return {"type": SEAL_ACTION, "seat": seat,
                "value": rng.randint(PRIORITY_LOW, PRIORITY_HIGH)}
    unknown = [slot for slot, card in enumerate(state.street, start=1)
               if card is not None and not card.known]
    if unknown and state.phase != "over" and rng.random() < 0.5:
        return {"type": "street", "slot": rng.choice(unknown), "price": rng.randint(0, 8),
                "colour": rng.choice(CARD_COLOURS)}
    if state.phase == "workers":
        seat = state.order[state.active]
        roll = rng.random()
        if roll < 0.08:
            return {"type": "pass", "seat": seat}
        if roll < 0.12:
            return {"type": "temporary", "seat": seat, "count": 1}
        office = rng.choice(state.offices)
        return {"type": "place", "seat": seat, "office": office.id}
    if state.phase == "buying":
        seat = state.order[state.active]
        coins = rng.randint(0, 12)
        buys = rng.randint(0, 2)
        office_coins = 0 if _blue_only(state) else rng.randint(0, 3)
        budget = coins + office_coins
        slots: list[int] = []
        for slot, card in enumerate(state.street, start=1):
            if len(slots) >= buys or card is None or not card.known:
                continue
            price = slot_price(card, slot)
            assert price is not None
            if price <= budget and rng.random() < 0.6:
                slots.append(slot)
                budget -= price
        return {"type": "buy", "seat": seat, "card_coins": coins,
                "office_coins": office_coins, "buys": buys, "slots": slots}
    return {"type": "score_round", "points": [
        {"seat": s, "cards": rng.randint(0, 12),
         "offices": 0 if _blue_only(state) else rng.randint(0, 4),
         "storm_rallies": 1 if rng.random() < 0.1 else 0} for s in range(n)]}
