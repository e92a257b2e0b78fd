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
the phones then pick it from the listed cards not out yet, ``street``): a new card is
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

The package: ``data`` (the data file's numbers, the rules revisions, the options, the
reasons a game ends), ``deck`` (the card list: what a card holds, its checks, the periods,
the listed cards a slot may show, the cards learned), ``state`` (the frozen state, the setup,
the street's prices), ``street`` (a table's street cards read with its list: the number a
slot may take, the picker, ``learned_cards``), ``scoring`` (the end and its winners, the
most card points of a round), ``actions`` (every action and its owner, the clean-up),
``view`` (log labels, names, ``to_json``, the chart) and ``play`` (random legal play).
Everything a caller needs is re-exported here.
"""

from __future__ import annotations

from .actions import (
    ACTION_FIELDS,
    apply,
    bus_order,
    clean_up,
    outcome,
    owner,
    purchase_of,
    red_taken,
    sealed,
    street_removals,
    temporary_open,
)
from .data import (
    ADDED_OFFICES,
    BASIC_OFFICES,
    BOARD_OFFICES,
    CARD_COLOUR_HEX,
    COLOUR_HEX,
    COLOURS,
    DATA,
    DECK_EXAMPLE,
    GAME,
    GOAL,
    ID,
    LANGUAGES,
    MAX_BUYS,
    MAX_COINS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    OPTIONS,
    PHASES,
    PRIORITY_STEP,
    REASON_LABELS,
    RED_ONLY_WITH_A_PURCHASE,
    REMOVALS,
    ROUNDS,
    RULES,
    SLOTS,
    SURCHARGES,
    TOKEN_SUPPLY,
    TRACK_TOP,
    WORKERS,
    Reason,
)
from .deck import (
    CARD_COLOURS,
    DECK_CHECKED,
    DECK_FIELDS,
    DECK_SCHEMA,
    DOCTORATE_PERIOD,
    MAX_PRICE,
    PERIODS,
    PRIORITY_HIGH,
    PRIORITY_LOW,
    START_NUMBERS,
    TWO_PLAYER_REMOVED,
    Card,
    card_period,
    check_deck,
    check_deck_card,
    deck_size,
)
from .play import (
    random_action,
)
from .scoring import (
    end_of_game,
    most_card_points,
    winners,
)
from .state import (
    Office,
    Player,
    Points,
    Purchase,
    RoundSummary,
    Settings,
    State,
    example_players,
    initial_offices,
    player_fields,
    random_bus,
    setup,
    slot_price,
    surcharge,
    two_player_removed,
)

# The kit checks a card of the group's list as a new table's setup does.
from .state import _check_deck_card as _check_deck_card
from .street import (
    cards_out,
    check_street_number,
    learned_cards,
    street_periods,
    street_picker,
)
from .view import (
    PLURALS,
    active_seats,
    chart_series,
    correctable,
    correction_prefill,
    describe,
    localized_names,
    office_label,
    player_colours,
    round_number,
    start_seat,
    to_json,
)

__all__ = [
    "ACTION_FIELDS",
    "active_seats",
    "ADDED_OFFICES",
    "apply",
    "BASIC_OFFICES",
    "BOARD_OFFICES",
    "bus_order",
    "Card",
    "CARD_COLOUR_HEX",
    "CARD_COLOURS",
    "card_period",
    "cards_out",
    "chart_series",
    "check_deck",
    "check_deck_card",
    "check_street_number",
    "clean_up",
    "COLOUR_HEX",
    "COLOURS",
    "correctable",
    "correction_prefill",
    "DATA",
    "DECK_CHECKED",
    "DECK_EXAMPLE",
    "DECK_FIELDS",
    "DECK_SCHEMA",
    "deck_size",
    "describe",
    "DOCTORATE_PERIOD",
    "end_of_game",
    "example_players",
    "GAME",
    "GOAL",
    "ID",
    "initial_offices",
    "LANGUAGES",
    "learned_cards",
    "localized_names",
    "MAX_BUYS",
    "MAX_COINS",
    "MAX_PLAYERS",
    "MAX_PRICE",
    "MIN_PLAYERS",
    "most_card_points",
    "NAME",
    "Office",
    "office_label",
    "OPTIONS",
    "outcome",
    "owner",
    "PERIODS",
    "PHASES",
    "Player",
    "player_colours",
    "player_fields",
    "PLURALS",
    "Points",
    "PRIORITY_HIGH",
    "PRIORITY_LOW",
    "PRIORITY_STEP",
    "Purchase",
    "purchase_of",
    "random_action",
    "random_bus",
    "Reason",
    "REASON_LABELS",
    "RED_ONLY_WITH_A_PURCHASE",
    "red_taken",
    "REMOVALS",
    "round_number",
    "ROUNDS",
    "RoundSummary",
    "RULES",
    "sealed",
    "Settings",
    "setup",
    "slot_price",
    "SLOTS",
    "START_NUMBERS",
    "start_seat",
    "State",
    "street_periods",
    "street_picker",
    "street_removals",
    "surcharge",
    "SURCHARGES",
    "temporary_open",
    "to_json",
    "TOKEN_SUPPLY",
    "TRACK_TOP",
    "TWO_PLAYER_REMOVED",
    "two_player_removed",
    "winners",
    "WORKERS",
]
