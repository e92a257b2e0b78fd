"""Election USA: the numbers of the data file, the options and the outcome reasons."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import (
    N_,
    Option,
    Words,
    load_data,
)
from ..deck_schema import CardField, CardKind, DeckSchema

ID = "election-usa"
# The rules revision a new table plays by (``base.RULES_KEY``). 2: the active player's Policy
# word matches the highest bid exactly (0 when nobody bid); a Skeleton counts toward the 4
# from its draw. 3: a card of the group's deck list is picked at most as many times as it
# has copies (the others are out of the deck). A table keeps the rules it was made under.
RULES = 3
NAME = "Election USA"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
LANGUAGES = ("en", "fr")

DATA = load_data(ID)
START: Mapping[str, int] = DATA["start"]
SINCERITY_MIN: int = DATA["sincerity"]["min"]
SINCERITY_MAX: int = DATA["sincerity"]["max"]
FACE_UP: int = DATA["cards"]["face_up"]
LAYOUT: tuple[int, ...] = tuple(DATA["cards"]["layout"])
MAX_VALUE: int = DATA["cards"]["max_value"]
MAX_AMOUNT: int = DATA["cards"]["max_amount"]
MAX_PAWNS: int = DATA["cards"]["max_pawns"]
SKELETON_LIMIT: int = DATA["end"]["skeletons"]
REGIONS: tuple[Mapping[str, Any], ...] = tuple(DATA["regions"])
REGION_IDS: tuple[str, ...] = tuple(r["id"] for r in REGIONS)
COLOURS: tuple[str, ...] = tuple(c["id"] for c in DATA["colours"])
COLOUR_HEX: dict[str, str] = {c["id"]: c["hex"] for c in DATA["colours"]}
KINDS: tuple[str, ...] = tuple(k["id"] for k in DATA["kinds"])
SCANDALS = ("blackmail", "journalist")
PLAYABLE = ("fundraising", "policy", "advertising")
PLACES = ("1st", "2nd", "3rd")
ADS_STEP = "ads"
MAX_DECK_SIZE = 300
MAX_COPIES = 40  # the most printed copies a line of a deck list may stand for
MAX_SKELETON_CHANGE = 40  # the largest change of money, Sincerity or pawns a Skeleton makes

ACTION_DECK_FIELDS = ("name", "kind", "high", "low", "pawns", "region", "value", "amount",
                      "count")
SKELETON_DECK_FIELDS = ("name", "text", "money", "sincerity", "pawns", "count")
# What each field of a deck list's card holds: the ranges are the rules' own (``parse_card``,
# ``setup``), so a card the deck editor accepts is one the engine accepts; the engine still
# checks what spans cards (the deck's size, the smaller Fundraising amount not above the
# larger one).
_VALUE = CardField("value", "int", N_("Blue-circle value"), 0, MAX_VALUE,
                   help=N_("what the card is worth drawn to raise Sincerity"))
ACTION_DECK_SCHEMA = DeckSchema(
    fields=(
        CardField("name", "text", N_("Name")),
        CardField("kind", "choice", N_("Kind"),
                  choices=tuple((k["id"], k["name_en"]) for k in DATA["kinds"])),
        CardField("high", "int", N_("$M for the player who takes it"), 0, MAX_AMOUNT),
        CardField("low", "int", N_("$M for every other player"), 0, MAX_AMOUNT),
        CardField("pawns", "int", N_("Pawns"), 1, MAX_PAWNS),
        CardField("region", "choice", N_("Region"),
                  choices=tuple((r["id"], r["name_en"]) for r in REGIONS)),
        _VALUE,
        CardField("amount", "int", N_("Amount to pay ($M or Sincerity)"), 1, MAX_AMOUNT),
        CardField("count", "int", N_("Copies"), 1, MAX_COPIES),
    ),
    kinds=(
        CardKind("fundraising", N_("Fundraising"), ("name", "high", "low", "value"),
                 ("high", "low")),
        CardKind("policy", N_("Policy"), ("name", "pawns", "value"), ("pawns",)),
        CardKind("advertising", N_("Advertising"), ("name", "region", "pawns", "value"),
                 ("region", "pawns")),
        CardKind("blackmail", N_("Blackmail"), ("name", "amount"), ("amount",)),
        CardKind("journalist", N_("Journalist"), ("name", "amount"), ("amount",)),
    ),
    kind_field="kind", count_field="count",
)
SKELETON_DECK_SCHEMA = DeckSchema(
    fields=(
        CardField("name", "text", N_("Name")),
        CardField("text", "text", N_("Its words, as printed")),
        CardField("money", "int", N_("Change of $M"), -MAX_SKELETON_CHANGE,
                  MAX_SKELETON_CHANGE),
        CardField("sincerity", "int", N_("Change of Sincerity"), -MAX_SKELETON_CHANGE,
                  MAX_SKELETON_CHANGE),
        CardField("pawns", "int", N_("Change of available pawns"), -MAX_SKELETON_CHANGE,
                  MAX_SKELETON_CHANGE),
        CardField("count", "int", N_("Copies"), 1, MAX_COPIES),
    ),
    kinds=(CardKind("", N_("Skeleton"), ("name", "text", "money", "sincerity", "pawns")),),
    count_field="count",
)
# A deck list must hold more than the ten face-up cards: ``count`` copies of a card.
ACTION_DECK_EXAMPLE = (
    {"kind": "fundraising", "high": 5, "low": 3, "value": 1, "count": 6},
    {"kind": "advertising", "region": "west-coast", "pawns": 2, "value": 2, "count": 4},
    {"kind": "journalist", "amount": 2, "count": 2},
)
SKELETON_DECK_EXAMPLE = (
    {"name": Words(N_("The card's title")), "text": Words(N_("its words, as printed")),
     "money": -3, "sincerity": -2, "count": 2},
)


def points_option(region: Mapping[str, Any], place: int) -> str:
    return f"points_{region['id'].replace('-', '_')}_{PLACES[place]}"


_POINT_LABELS = {
    "west-coast": (N_("West Coast: 1st place points"), N_("West Coast: 2nd place points"),
                   N_("West Coast: 3rd place points")),
    "midwest": (N_("Midwest: 1st place points"), N_("Midwest: 2nd place points"),
                N_("Midwest: 3rd place points")),
    "great-lakes": (N_("Great Lakes: 1st place points"), N_("Great Lakes: 2nd place points"),
                    N_("Great Lakes: 3rd place points")),
    "eastern-seaboard": (N_("Eastern Seaboard: 1st place points"),
                         N_("Eastern Seaboard: 2nd place points"),
                         N_("Eastern Seaboard: 3rd place points")),
    "southern-states": (N_("Southern States: 1st place points"),
                        N_("Southern States: 2nd place points"),
                        N_("Southern States: 3rd place points")),
    "deep-south": (N_("Deep South: 1st place points"), N_("Deep South: 2nd place points"),
                   N_("Deep South: 3rd place points")),
}

OPTIONS = (
    Option("reserve", "int", DATA["pawns"]["reserve"], N_("Pawns of each colour in the reserve"),
           edition=True, minimum=0, maximum=40),
    Option("skeleton_malus", "int", DATA["end"]["malus"],
           N_("Victory points lost for 4 Skeletons"), edition=True, minimum=0, maximum=30),
    Option("action_cards", "int", DATA["cards"]["action_deck"],
           N_("Action cards in the deck, the ten face-up ones included"),
           N_("Drawing the last one ends the game; a deck list replaces this count"),
           edition=True, minimum=FACE_UP + 1, maximum=300),
    *(Option(points_option(region, place), "int", region["points"][place],
             _POINT_LABELS[region["id"]][place], edition=True, minimum=0, maximum=30)
      for region in REGIONS for place in range(3)),
    Option("action_deck", "deck", [], N_("Your Action cards"),
           N_("kind: fundraising (high, low), policy (pawns), advertising (region, pawns), "
              "blackmail or journalist (amount); value: the blue circle; count: copies"),
           edition=True, fields=ACTION_DECK_FIELDS, example=ACTION_DECK_EXAMPLE,
           schema=ACTION_DECK_SCHEMA),
    Option("skeleton_deck", "deck", [], N_("Your Skeleton cards"),
           N_("money, sincerity, pawns: what the card changes for its drawer; text: its words"),
           edition=True, fields=SKELETON_DECK_FIELDS, example=SKELETON_DECK_EXAMPLE,
           schema=SKELETON_DECK_SCHEMA),
)


class Reason:
    """Why a game of Election USA ended the way it did (the ``reason`` of its outcome)."""

    MOST_POINTS = "most_points"
    """One player has the most victory points."""
    POLICY_TIEBREAK = "policy_tiebreak"
    """Tied on points: the most Policy cards chosen wins."""
    SHARED = "shared"
    """Tied on points and on Policy cards chosen: a shared win."""


# Each reason in words (the results page, exports; see ``companion.plays.reason_label``).
REASON_LABELS = {
    Reason.MOST_POINTS: N_("most victory points"),
    Reason.POLICY_TIEBREAK: N_("tied on points: most Policy cards chosen"),
    Reason.SHARED: N_("tied on points and Policy cards: a shared win"),
}


class Trigger:
    """What ended the game (shown with the final scoring)."""

    SKELETONS = "fourth_skeleton"
    LAST_PAWN = "last_pawn"
    LAST_CARD = "last_card"
