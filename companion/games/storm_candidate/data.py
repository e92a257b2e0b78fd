"""폭풍의 대권주자's numbers: the data file's (``data/storm-candidate.toml``, which the print
kit and the rules reference read too), the rules revisions, the table options and the reasons
a game ends."""

from __future__ import annotations

from ..base import MAX_SEED, N_, Option, Words, load_data
from .deck import DECK_FIELDS, DECK_SCHEMA

ID = "storm-candidate"
NAME = "폭풍의 대권주자"
# The rules revision a new table plays by (``base.RULES_KEY``): revision 2 gives no red card
# to a player who buys nothing; revision 3 checks the card list field by field and refuses a
# street card picked from it that is already out (``deck.DECK_CHECKED``); a table
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
