"""폭풍의 대권주자's action-card list (the table option ``deck``): what a card holds, the
checks a list passes at setup, the cards of the list a street slot may still show, and the
cards a table typed as printed (``learned``).

A card is ``{"number", "name", "price", "period", "colour", "action"}``: the priority number
in its top left corner (1-8 the red cards, 19-61 the others, each its own; 9-18 are every
player's start cards, which never lie on the street), its printed price, its period (I-IV,
V the Doctorates) and colour. The street is laid from period I at setup and refilled from the
deck, stacked II, III, IV and the Doctorates (V) at the bottom, so the slot being entered
says which period its card most likely comes from.

This module reads the list alone; ``street`` reads a table's state with it (the number a
slot may take, the cards out, each slot's likely periods, the picker, the cards learned).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..base import MAX_CARD_TEXT, N_, MalformedInput, load_data
from ..deck_schema import CardField, CardKind, DeckSchema

DATA = load_data("storm-candidate")
PRIORITY_LOW: int = DATA["priority"]["lowest"]
PRIORITY_HIGH: int = DATA["priority"]["highest"]
START_NUMBERS = range(DATA["priority"]["start"][0], DATA["priority"]["start"][1] + 1)
PERIODS: dict[str, int] = dict(DATA["periods"])
STREET_PERIOD = "I"       # the street laid at setup
DECK_PERIODS = ("II", "III", "IV", "V")   # the deck, top to bottom
DOCTORATE_PERIOD = "V"
CARD_COLOURS: tuple[str, ...] = tuple(c["id"] for c in DATA["card_colours"])
TWO_PLAYER_REMOVED: tuple[int, ...] = tuple(DATA["two_players"]["removed_cards"])
# With two players a card drawn from the deck lies at the street's right end instead of this
# period I card (the rulebook's setup, step 5); the others taken out are deck cards.
REPLACED_ON_STREET = TWO_PLAYER_REMOVED[0]
MAX_PRICE = 30        # a sanity bound on a typed price
assert tuple(PERIODS) == (STREET_PERIOD, *DECK_PERIODS)

DECK_FIELDS = ("number", "name", "price", "period", "colour", "action")
# The colours' names are the ones the street shows (``macros.card_colour``).
_COLOUR_NAMES = {"red": N_("red"), "blue": N_("blue"), "purple": N_("purple"),
                 "yellow": N_("yellow"), "green": N_("green"), "grey": N_("grey")}
assert set(_COLOUR_NAMES) == set(CARD_COLOURS)

# What each field holds: the ranges and choices are the engine's own (``check_deck_card``),
# so a list the deck editor accepts is one the setup accepts. One range cannot leave out the
# start cards' numbers (9-18): a list may hold them; the street never offers them.
DECK_SCHEMA = DeckSchema(
    fields=(
        CardField("number", "int", N_("Number"), PRIORITY_LOW, PRIORITY_HIGH,
                  help=N_("The priority number in the top left corner: 1-8 the red cards, "
                          "19-61 the others (9-18 are the start cards)")),
        CardField("name", "text", N_("Name")),
        CardField("price", "int", N_("Printed price"), 0, MAX_PRICE),
        CardField("period", "choice", N_("Period"),
                  choices=tuple((p, p) for p in PERIODS),
                  help=N_("I lies on the street at setup; V is the Doctorates")),
        CardField("colour", "choice", N_("Colour"),
                  choices=tuple((c, _COLOUR_NAMES[c]) for c in CARD_COLOURS)),
        CardField("action", "text", N_("Action, as printed")),
    ),
    kinds=(CardKind("", N_("Action card"), DECK_FIELDS, ("number",)),),
    number_field="number",
)

# From this rules revision on, the setup checks the whole card list as ``DECK_SCHEMA`` says
# (the period and the texts too, the numbers unique), and a card picked from it for the
# street must be one not out yet; a table made before keeps the looser checks it was made
# under, so its log still folds.
DECK_CHECKED = 3


def _bad(message: str, **params: Any) -> MalformedInput:
    return MalformedInput(message, code="bad_deck", **params)


def check_deck_card(card: Mapping[str, Any], rules: int = DECK_CHECKED) -> None:
    """One card of the list, as the setup checks it (the same refusals as ``DECK_SCHEMA``
    from rules revision ``DECK_CHECKED``; before it, the number, price and colour only)."""
    number, price = card.get("number"), card.get("price")
    if isinstance(number, bool) or not isinstance(number, int) or not (
            PRIORITY_LOW <= number <= PRIORITY_HIGH):
        raise _bad(N_("each card of the deck list needs a number from %(low)s to %(high)s"),
                   low=PRIORITY_LOW, high=PRIORITY_HIGH)
    if price is not None and (isinstance(price, bool) or not isinstance(price, int)
                              or not 0 <= price <= MAX_PRICE):
        raise _bad(N_("card %(number)s of the deck list: the price must be a whole number "
                      "from 0 to %(max)s"), number=number, max=MAX_PRICE)
    colour = card.get("colour")
    if colour is not None and colour not in CARD_COLOURS:
        raise _bad(N_("card %(number)s of the deck list: the colour must be one of "
                      "%(colours)s"), number=number, colours=", ".join(CARD_COLOURS))
    if rules < DECK_CHECKED:
        return
    period = card.get("period")
    if period is not None and period not in PERIODS:
        raise _bad(N_("card %(number)s of the deck list: the period must be one of "
                      "%(periods)s"), number=number, periods=", ".join(PERIODS))
    for field in ("name", "action"):
        text = card.get(field)
        if text is not None and (not isinstance(text, str) or len(text) > MAX_CARD_TEXT):
            raise _bad(N_("card %(number)s of the deck list: %(field)s must be a text of "
                          "%(limit)s characters at most"), number=number, field=field,
                       limit=MAX_CARD_TEXT)


def check_deck(cards: Sequence[Mapping[str, Any]], rules: int = DECK_CHECKED) -> None:
    """The whole list: each card, and (from revision ``DECK_CHECKED``) each number once."""
    seen: set[int] = set()
    for card in cards:
        check_deck_card(card, rules)
        number = card["number"]
        if rules >= DECK_CHECKED and number in seen:
            raise _bad(N_("card %(number)s is twice in the deck list"), number=number)
        seen.add(number)


def card_period(card: Mapping[str, Any]) -> str | None:
    """A listed card's period as the engine reads it (a table made before the list was
    checked may have typed "v" or " II ")."""
    period = card.get("period")
    if period is None:
        return None
    text = str(period).strip().upper()
    return text if text in PERIODS else None


@dataclass(frozen=True)
class Card:
    """A street card as the phones entered it (``price`` None: not entered yet). ``period``:
    the list's, or the one the slot it came out in is sure of (None when neither says)."""

    price: int | None = None
    colour: str | None = None
    doctorate: bool = False
    number: int | None = None
    period: str | None = None

    @property
    def known(self) -> bool:
        return self.price is not None and (self.colour is not None or self.doctorate)

    def to_json(self) -> dict[str, Any]:
        return {"price": self.price, "colour": self.colour, "doctorate": self.doctorate,
                "number": self.number, "period": self.period, "known": self.known}


# ---------------------------------------------------------------------------- periods

def deck_size(players: int) -> int:
    """Cards in the action deck at setup: periods II-IV in full, a Doctorate per player;
    with two players, cards 32 and 49 out and the deck's top card replacing 23 in the street."""
    cards = PERIODS["II"] + PERIODS["III"] + PERIODS["IV"] + players
    if players == 2:
        cards -= len(TWO_PLAYER_REMOVED) - 1  # 32 and 49 (23 is a period I card)
        cards -= 1                            # the card laid instead of 23
    return cards



def deck_order(players: int, removed: Sequence[str | None] = ()) -> list[dict[str, int]]:
    """The deck's cards by period, top to bottom, once for each way the cards taken out with
    two players (``removed``: their periods, None where unknown) may lie in periods II-IV."""
    unknown = sum(1 for p in removed if p is None)
    known = [p for p in removed if p is not None]
    ways = []
    for guess in itertools.product(DECK_PERIODS[:-1], repeat=unknown):
        sizes = {p: PERIODS[p] for p in DECK_PERIODS[:-1]}
        sizes[DOCTORATE_PERIOD] = players   # a Doctorate per player
        for period in (*known, *guess):
            if period in sizes:
                sizes[period] -= 1
        ways.append(sizes)
    return ways


def draw_periods(index: int, players: int, removed: Sequence[str | None] = ()) -> tuple[str, ...]:
    """The periods the ``index``-th card drawn from the deck (from 0: with two players, the
    card laid instead of 23 at setup) may be of, the likeliest first."""
    counts: Counter[str] = Counter()
    for sizes in deck_order(players, removed):
        below = 0
        for period in DECK_PERIODS:
            below += sizes[period]
            if index < below:
                counts[period] += 1
                break
    return tuple(p for p, _ in sorted(counts.items(), key=lambda i: (-i[1],
                                                                       DECK_PERIODS.index(i[0]))))


def removed_periods(players: int, deck: Sequence[Mapping[str, Any]]) -> tuple[str | None, ...]:
    """The periods of the deck cards taken out with two players (None: the list does not
    say); nothing with three or four."""
    if players != 2:
        return ()
    listed = {c.get("number"): card_period(c) for c in deck}
    return tuple(listed.get(n) for n in TWO_PLAYER_REMOVED if n != REPLACED_ON_STREET)


def slot_periods(players: int, round_number: int, street: Sequence[Card | None],
                 refilled: int, drawn: int,
                 deck: Sequence[Mapping[str, Any]] = ()) -> dict[int, tuple[str, ...]]:
    """Each street slot's likely periods, the likeliest first (one: the slot is sure), for
    the cards out now: in round 1 the street laid at setup (period I; with two players the
    deck's top card at the right end); later, the ``refilled`` rightmost cards are the draws
    before which ``drawn - refilled`` cards had come out of the deck (counting the setup's).
    A card left from an earlier round, or a Doctorate the engine knows, says what it knows."""
    periods: dict[int, tuple[str, ...]] = {}
    removed = removed_periods(players, deck)
    slots = len(street)
    for slot, card in enumerate(street, start=1):
        if card is None:
            continue
        if card.doctorate:
            periods[slot] = (DOCTORATE_PERIOD,)
        elif round_number == 1:
            periods[slot] = (STREET_PERIOD,) if players != 2 or slot < slots else \
                draw_periods(0, players, removed)
        elif slot > slots - refilled:
            index = drawn - refilled + slot - (slots - refilled) - 1
            periods[slot] = draw_periods(index, players, removed)
        else:
            periods[slot] = ()
    return periods


# ---------------------------------------------------------------------------- picking

def out_numbers(out: Iterable[Card]) -> set[int]:
    """The numbers of the cards out of the deck (on the street, bought or removed)."""
    return {card.number for card in out if card.number is not None}


def never_on_street(number: int, players: int) -> bool:
    """A start card, or with two players a card taken out of the game."""
    return number in START_NUMBERS or (players == 2 and number in TWO_PLAYER_REMOVED)


def pickable(card: Mapping[str, Any]) -> bool:
    """A listed card one tap can record: its price and colour are listed (a Doctorate's
    period stands for its colour)."""
    return card.get("price") is not None and (card.get("colour") is not None
                                              or card_period(card) == DOCTORATE_PERIOD)


def choices(deck: Sequence[Mapping[str, Any]], out: Iterable[Card], players: int,
            period: str | None = None) -> list[dict[str, Any]]:
    """The listed cards a street slot may show now: not out yet, never a start card or one
    taken out of the game, each with what one tap records; those of ``period`` first, then
    the nearer periods, each by number."""
    gone = out_numbers(out)
    cards = [{"number": c["number"], "name": c.get("name") or "", "price": c["price"],
              "colour": c.get("colour"), "period": card_period(c),
              "doctorate": card_period(c) == DOCTORATE_PERIOD}
             for c in deck if pickable(c) and c["number"] not in gone
             and not never_on_street(c["number"], players)]
    order = list(PERIODS)

    def distance(card: dict[str, Any]) -> int:
        if period is None or card["period"] is None:
            return len(order)
        return abs(order.index(card["period"]) - order.index(period))
    return sorted(cards, key=lambda c: (distance(c), c["number"]))


# ---------------------------------------------------------------------------- learning

def learned(out: Iterable[Card], deck: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The distinct cards typed as printed with their number (not picked from ``deck``), as
    cards of the list: number, price, colour, and the period when it is sure. A card typed
    without its number cannot join a list (each card of one needs its number), nor can one
    the list's checks refuse (a start card, or one an older table let through)."""
    listed = {c.get("number") for c in deck}
    cards: list[dict[str, Any]] = []
    numbers: set[int] = set()
    for card in out:
        number = card.number
        if number is None or number in listed or number in numbers or card.price is None:
            continue
        entry: dict[str, Any] = {"number": number, "price": card.price}
        if card.colour is not None:
            entry["colour"] = card.colour
        period = DOCTORATE_PERIOD if card.doctorate else card.period
        if period is not None:
            entry["period"] = period
        try:
            check_deck_card(entry)
        except MalformedInput:
            continue
        if number in START_NUMBERS:
            continue
        numbers.add(number)
        cards.append(entry)
    return sorted(cards, key=lambda c: c["number"])
