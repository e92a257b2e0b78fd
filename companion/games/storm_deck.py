"""폭풍의 대권주자's action-card list (the table option ``deck``): what a card holds, the
checks a list passes at setup, the cards of the list a street slot may still show, and the
cards a table typed as printed (``learned``).

A card is ``{"number", "name", "price", "period", "colour", "action"}``: the priority number
in its top left corner (1-8 the red cards, 19-61 the others, each its own; 9-18 are every
player's start cards, which never lie on the street), its printed price, its period (I-IV,
V the Doctorates) and colour. The street is laid from period I at setup and refilled from the
deck, stacked II, III, IV and the Doctorates (V) at the bottom, so the slot being entered
says which period its card most likely comes from.

Nothing here reads a table's state: the engine (``storm_candidate``) hands in the cards that
have come out of the deck and the draw each slot's card was.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .base import MAX_CARD_TEXT, N_, MalformedInput, load_data
from .deck_schema import CardField, CardKind, DeckSchema

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


class StreetCard(Protocol):
    """What the engine knows of a card out of the deck (``storm_candidate.Card``)."""

    @property
    def price(self) -> int | None: ...
    @property
    def colour(self) -> str | None: ...
    @property
    def doctorate(self) -> bool: ...
    @property
    def number(self) -> int | None: ...
