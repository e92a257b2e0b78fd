"""Election USA — the rules engine.

Money, Sincerity and pawns of each Republican hopeful, the six regions of the board, the ten
face-up Action cards, the three turn actions (Fundraising, the open Policy auction, the
closed-fist Advertising auction; raising Sincerity), the Blackmail and Journalist chain with
its Skeletons, the three end triggers and the final scoring, per the rulebook
(``shared/rules/election-usa.fr.txt``) and the table rulings (``RULINGS.md``). Every number
comes from ``data/election-usa.toml``, which the print kit and the rules reference read too.

Seats and turns
---------------

Seats are numbered from 0 in the order of ``players`` at setup, which is the clockwise seating
order; seat 0 plays first. "Clockwise from seat s" is s, s + 1, ... (wrapping).

The cards are real cards on the table: the phones record what they print. A card is an
object ``{"kind": K, ...}`` with ``K`` one of ``fundraising`` (``high``, ``low``: $M),
``policy`` (``pawns``), ``advertising`` (``region``, ``pawns``), ``blackmail`` (``amount``:
$M) and ``journalist`` (``amount``: Sincerity); every Action card but the two scandals may
also carry its blue-circle ``value`` (what it is worth drawn to raise Sincerity) and a
``name``. With the group's deck list (option ``action_deck``), ``{"deck": i}`` stands for
card ``i`` of the list (from 0); a line whose copies are all out of the deck (face up, taken,
drawn) is refused (``card_out``).

Actions (dicts, as the API receives them)
-----------------------------------------

The active player's turn (phase ``turn``):

- ``{"type": "take", "seat", "slot", "card"?}``: take face-up card ``slot`` (0..9) and play it;
  ``card`` says what it prints (needed when the slot was not recorded yet, a correction
  otherwise). Fundraising: the active player gains ``high``, every other player ``low``.
  Policy opens the auction, Advertising the sealed bids. Afterwards the slot is refilled.
- ``{"type": "raise_sincerity", "seat", "card"}``: draw the top Action card: its ``value``
  is added to Sincerity (capped at 15); a Blackmail or Journalist gives nothing and starts
  its chain. The turn ends.
- ``{"type": "show", "slot", "card"}`` (any phone): record what a face-up card prints,
  without taking it, so every phone shows the ten cards.

Policy auction (phase ``policy``), one round, from the player after the active one
clockwise, the active player last:

- ``{"type": "bid", "seat", "amount"}``: Sincerity, above the bid so far; at most the
  bidder's Sincerity. The active player's word (the last) matches the highest bid exactly,
  never more, and is 0 when nobody else bid (a table of rules revision 1 let them bid more).
- ``{"type": "pass", "seat"}``. After the active player has spoken, the highest bidder pays
  and takes the card's pawns from their reserve (as many as it still holds); nobody bidding
  and the active player passing: nobody takes any. The card counts as chosen by the active
  player whoever wins (the tie-break).

Advertising auction (phase ``advertising``, the sealed step ``"ads"``):

- ``{"type": "seal", "seat", "value": amount}``: a bid in $M, 0 up to the bidder's money,
  locked once (a closed fist does not open again before the reveal).
- ``{"type": "reveal"}``: sent by the platform once every bid is in, or by the host ("reveal
  now": a missing bid counts as 0). The two highest bids win, equal bids ranked clockwise
  from the active player; each winner pays their own bid.
- ``{"type": "place", "seat", "count"}`` (phase ``placement``): a winner puts ``count`` of
  their available pawns (0 up to the card's pawns) in the card's region.

The chain (phase ``chain``), when a Blackmail or Journalist is drawn (to refill a slot or to
raise Sincerity), from the active player clockwise:

- ``{"type": "pay", "seat"}``: pay the card's amount ($M for Blackmail, Sincerity for
  Journalist), refused when the player has less; the next player chooses.
- ``{"type": "skeleton", "seat"}``: draw a Skeleton (kept face down): the chain stops, and
  the Skeleton counts toward the 4 from now (``skeleton_count``; revision 1: once its effect
  is entered). Then
  (phase ``skeleton``) ``{"type": "skeleton_effect", "seat", "money", "sincerity", "pawns",
  "deck"?, "note"?}`` enters what the Skeleton does to its drawer: changes of money, of
  Sincerity and of available pawns (taken from or returned to the reserve); ``deck``: the
  card of the group's Skeleton list (its numbers stand in for missing ones); ``note``: a
  short private text. A loss takes at most what the drawer has; a gain of Sincerity above
  15 is lost; a gain of pawns the reserve lacks is refused.

Refilling (phase ``refill``):

- ``{"type": "refill", "seat", "card"}``: the active player draws the card that fills the
  taken slot. A Blackmail or Journalist is resolved at once (its chain), discarded, and the
  slot is drawn for again. With the deck empty the slot stays empty.

The host's corrections:

- ``{"type": "deck_size", "size"}``: the Action deck's size (an edition value, the face-up
  cards included), not below the cards already out of the deck. At exactly those the last
  card was drawn (the end is triggered); a larger size takes back an end the count had
  triggered.

End of game: a player draws their 4th Skeleton, places their last available pawn, or the
last Action card is drawn. The action in progress is finished (auction, placements, refill
and any chain), then the game is scored: in each region, colours whose pawn counts tie are
struck out, the three largest of the rest take the region's 1st/2nd/3rd points (fewer than
three: the lower places are not paid); 4 Skeletons cost the malus. Most points wins; a tie
goes to most Policy cards chosen; still tied: a shared win.

Table decisions where the rulebook and RULINGS.md are silent:

- a Blackmail or Journalist drawn while laying out the ten cards at setup goes back into the
  deck, which is shuffled (nobody is playing yet): setup draws are not entered;
- the face-up cards are recorded when taken (or with ``show``); refill and Sincerity draws
  are always entered, since the draw count ends the game and a scandal starts a chain;
- a Policy card's pawns beyond what the winner's reserve holds are not taken (the reserve is
  a physical pile); the active player passing with no bids leaves the pawns in the reserve;
- an Advertising bid cannot be changed once locked; a missing bid at "reveal now" is 0;
  winners with bids of 0 still place pawns;
- a Skeleton's effect touches only its drawer; its losses are capped at what they have;
- the action that triggers the end includes its refill; the Action deck's size is the
  ``action_cards`` edition value (or the deck list's count), and a draw may say it was the
  last one (``"last": true``) when the table's count differs.

Rules revisions (``RULES``; a table keeps the one it was created under, ``Settings.rules``):
1, the first release; 2, the active player's Policy word matches the highest bid exactly
and a Skeleton counts from its draw; 3, a line of the deck list is picked at most as many
times as its copies (face up, taken and drawn copies are out of the deck). The Advertising
bids' sealed key names the turn, the slot and the region (``advertising_key``): bids
everyone saw bind only the same card replayed.

The package: ``data`` (the data file's numbers, the options, the outcome reasons), ``state``
(the frozen state, reading cards and players, the setup), ``actions`` (every action and its
owner), ``scoring`` (regions, malus, tie-break), ``deck`` (the deck list's copies out,
the cards offered most likely first, the cards typed as printed: ``learned_cards``), ``view``
(log labels, ``to_json``) and ``play`` (random legal play). Everything a caller needs is
re-exported here.
"""

from __future__ import annotations

from .actions import (
    ACTION_FIELDS,
    ROUND_LABEL,
    SEALS_FINAL,
    advertising_key,
    advertising_ranking,
    apply,
    can_pay,
    correctable,
    maximum_policy_bid,
    minimum_policy_bid,
    outcome,
    owner,
    round_number,
    sealed,
)
from .data import (
    ACTION_DECK_FIELDS,
    ADS_STEP,
    COLOUR_HEX,
    COLOURS,
    DATA,
    FACE_UP,
    ID,
    KINDS,
    LANGUAGES,
    LAYOUT,
    MAX_AMOUNT,
    MAX_DECK_SIZE,
    MAX_PAWNS,
    MAX_PLAYERS,
    MAX_VALUE,
    MIN_PLAYERS,
    NAME,
    OPTIONS,
    PLACES,
    PLAYABLE,
    REASON_LABELS,
    REGION_IDS,
    REGIONS,
    RULES,
    SCANDALS,
    SINCERITY_MAX,
    SINCERITY_MIN,
    SKELETON_DECK_FIELDS,
    SKELETON_LIMIT,
    START,
    Reason,
    Trigger,
    points_option,
)
from .deck import (
    Pick,
    copies_left,
    last_typed,
    learned_cards,
    picks,
)
from .play import (
    random_action,
    refusal,
)
from .scoring import (
    RegionScore,
    final_outcome,
    final_scores,
    malus_of,
    region_scores,
    score_region,
    totals,
)
from .state import (
    Advertising,
    Card,
    Chain,
    Player,
    Policy,
    Settings,
    Skeleton,
    State,
    clamp_sincerity,
    clockwise,
    example_players,
    parse_card,
    placed,
    player_fields,
    region_index,
    remaining_cards,
    setup,
    skeleton_count,
)
from .view import (
    PLURALS,
    active_seats,
    chart_series,
    describe,
    localized_names,
    player_colours,
    to_json,
)

__all__ = [
    "active_seats",
    "ACTION_DECK_FIELDS",
    "ACTION_FIELDS",
    "SEALS_FINAL",
    "ADS_STEP",
    "Advertising",
    "COLOURS",
    "COLOUR_HEX",
    "Card",
    "Chain",
    "DATA",
    "FACE_UP",
    "ID",
    "KINDS",
    "LANGUAGES",
    "LAYOUT",
    "MAX_AMOUNT",
    "MAX_DECK_SIZE",
    "MAX_PAWNS",
    "MAX_PLAYERS",
    "MAX_VALUE",
    "MIN_PLAYERS",
    "NAME",
    "OPTIONS",
    "PLACES",
    "PLAYABLE",
    "Pick",
    "Player",
    "Policy",
    "REGIONS",
    "REGION_IDS",
    "REASON_LABELS",
    "RULES",
    "Reason",
    "RegionScore",
    "SCANDALS",
    "SINCERITY_MAX",
    "SINCERITY_MIN",
    "SKELETON_DECK_FIELDS",
    "SKELETON_LIMIT",
    "START",
    "Settings",
    "Skeleton",
    "State",
    "Trigger",
    "advertising_key",
    "advertising_ranking",
    "apply",
    "can_pay",
    "chart_series",
    "clamp_sincerity",
    "clockwise",
    "copies_left",
    "correctable",
    "describe",
    "example_players",
    "final_outcome",
    "final_scores",
    "last_typed",
    "learned_cards",
    "localized_names",
    "malus_of",
    "maximum_policy_bid",
    "minimum_policy_bid",
    "outcome",
    "owner",
    "parse_card",
    "picks",
    "placed",
    "player_colours",
    "player_fields",
    "points_option",
    "random_action",
    "refusal",
    "region_index",
    "region_scores",
    "remaining_cards",
    "PLURALS",
    "ROUND_LABEL",
    "round_number",
    "score_region",
    "sealed",
    "setup",
    "skeleton_count",
    "to_json",
    "totals",
]
