"""Edgar & Lucien — the rules engine.

The city of Fosko, its districts and their owners, where every Edgar and Lucien stands, the
secret movement programming, both characters' actions with their costs and conditions, the
Manigance deck, the end of each Electoral Period (tax collection, Governor election with its
open tie auction) and the victory check after every action, per the rulebook
(``shared/rules/edgar-et-lucien.en.txt``) and the table rulings (``RULINGS.md``). Every number
comes from ``data/edgar-et-lucien.toml``, which the print kit reads too.

Seats, districts, colours
-------------------------

Seats are numbered from 0 in the order of ``players`` at setup, which is the clockwise seating
order; seat 0 is the most richly dressed player: the first player. The left-hand neighbour of
seat ``s`` is seat ``s + 1`` (wrapping). The board side follows the player count ("2-3" or
"4"). Districts are named by their id in the map file (``"central-bank"``, ``"archives"``,
``"drunken-pig-square"``, ``"city-hall"`` are the four Administration districts on both sides).
Border and metro colours are ``red``, ``blue``, ``yellow`` and ``green``.

State (``State``, frozen)
-------------------------

- ``phase``: ``"placement"`` (the setup placements), ``"programming"`` (secret moves),
  ``"actions"`` (the action phase) or ``"auction"`` (the Governor election's tie auction).
  When the game is won, ``result`` is set and every action is refused with ``GameOver``.
- ``period`` (Electoral Period, from 1) and ``turn`` (the tally, 1 to 4).
- ``order``: the turn order of the current turn: clockwise from the first player, the
  Governor moved to the end. ``active`` indexes it (placement and action phases); ``acted``
  lists the characters (``"edgar"``, ``"lucien"``) the active player has used this turn.
- ``first_player``, ``governor`` (a seat or ``None``), ``elections`` (elections held).
- ``players``: per seat ``name``, ``colour``, ``cogs``, ``popularity`` (0..100), ``edgar`` and
  ``lucien`` (district ids; ``None`` before placement), ``hand`` (Manigance card ids, in the
  order drawn), ``used`` (the administration actions used this period: the tokens on the play
  aid), ``certified`` (whether a certificate was taken this period) and ``cogs_shown`` (hidden
  money: a robbery showed this player's Cogs, until they next change).
- ``owners``: the owner seat of each district (``None``: neutral), in map order; the holder
  of the Heritage Protection card (``heritage``) has all their districts protected.
- ``certificates``: ``(condition, holder)`` pairs for the certificates held.
- ``programming``: the ``Sealed`` step ``"moves"`` of the programming phase; ``last_moves``:
  the moves revealed at the last movement phase and where they took each character.
- ``deck`` (draw pile, top first: secret) and ``discard`` (played cards, face up).
- ``auction``, ``tax`` and ``election``: the tie auction in progress, and what the last tax
  collection and election did (shown to everyone).
- ``victory``: who won and with which conditions; ``result``: the ``Outcome``.

Money: every amount is a multiple of 10,000 Cogs. The box holds 45 notes of 10,000 and 15 of
50,000 (1,200,000 Cogs): what the players do not hold is the bank's reserve, and the bank pays
at most its reserve (it makes change freely between its notes). Nothing ever makes Cogs
negative: a payment a player cannot afford is refused.

Actions (dicts, as the API receives them)
-----------------------------------------

Setup placement, in turn order from the first player:

- ``{"type": "place", "seat", "district"}``: both characters and one influence token on a
  neutral district (so all players start on different districts). After the last placement
  the first programming phase opens.

Programming and movement (built on ``companion.games.sealed``):

- ``{"type": "seal", "seat", "value": {"edgar": MOVE, "lucien": MOVE}}`` with ``MOVE`` one of
  ``{"kind": "immobile"}``, ``{"kind": "border", "colour": C}``, ``{"kind": "metro",
  "colour": C}``. Locks in (or changes, until all are in) the seat's programme. When every seat
  has locked in, all programmes are revealed and resolved in turn order in the same action: a
  border move crosses the border of that colour, a metro move takes that line to its other
  station, and a colour the district does not have leaves the character in place. The action
  phase follows.
- ``{"type": "reveal"}`` (the host): reveal now; seats that have not locked in stay immobile.

Action phase, in turn order; the active player uses each character at most once, in any order,
then ends the turn:

- ``{"type": "end_turn", "seat"}``. After the last player of turn 4: tax collection in turn
  order (victory checked after each player's collection), then the Governor election.
- Edgar, ordinary actions:
  - ``{"type": "rob", "seat", "victim"}``: Edgar moved onto the victim's Lucien's district in
    this turn's movement (he "arrives"), and the victim's Edgar (the bodyguard) is not there;
    takes ``robbery_take(victim's Cogs)``: half, rounded up to the next 10,000.
  - ``{"type": "manigance", "seat", "card", ...}``: play one card from the hand (Edgar's
    action, so one card per turn). Per card: ``plan_b`` + ``"district"`` (Lucien goes there);
    ``influence_trafficking`` (buy Edgar's district from its unprotected owner for 30,000);
    ``discredit_threat`` + ``"payments": [{"seat", "pays": "popularity" | "cogs"}]`` (one
    entry per other player who holds both resources; a player with only one pays with it, one
    with neither pays nothing; 20 popularity or 10,000 Cogs to the player);
    ``certification`` + ``"condition"`` (only a certificate nobody holds);
    ``financial_backer`` (+40,000; Edgar on an own Steel district); ``popular_support`` (+40
    popularity; Edgar on an own Ivory district); ``extortion`` + ``"victim"`` (a random card
    of the victim's hand; Edgar with one of the victim's characters); ``coup_detat`` (Edgar on
    City Hall: take the Governor token from its holder; the left-hand neighbour of the player
    takes the first-player token; the order changes from the next turn). Remote Action is
    played through the administration actions' ``remote`` flag, below.
- Edgar, administration actions (the action type is the play-aid box id; 20 popularity,
  needs at least 20; Edgar on the place, or ``"remote": true`` to play a Remote Action card
  from the hand instead; each once per period). Each accepts ``"doubled": true``: Lucien's
  City Hall Political Support, taken in the same action (Lucien on City Hall and not yet used
  this turn, Political Support not yet used this period, 30 popularity in all, needs at least
  30; it uses both characters and both play-aid boxes). Doubled, the bank robbery brings
  100,000, Counter Manigances draws 4, Requisition takes 2 districts, Intimidation runs twice:
  - ``{"type": "counter_manigances", "seat"}`` (Drunken Pig Square): draw 2 cards (4 doubled).
  - ``{"type": "intimidation", "seat", "targets": [{"seat", "district"}, ...]}`` (Archives):
    with 3 or 4 players, each Intimidation names two different other players and the district
    each of them gives up (they say it, the active phone records it); with 2 players, one
    district of the opponent chosen by the intimidating player. Doubled: two Intimidations, the
    targets listed one after the other. ``"district": null`` for a player who owns none.
    Heritage Protection does not protect against it, except through Remote Action (a
    Manigance card): then the protected player names ``null`` and gives up nothing.
  - ``{"type": "bank_robbery", "seat"}`` (Central Bank): +50,000 from the bank (100,000 doubled).
  - ``{"type": "requisition", "seat", "districts": [d]}`` (City Hall): take a neutral district
    for free; another player's unprotected district only when none is neutral. Doubled: two,
    or one when no second district can be taken then.
- Lucien, ordinary action:
  - ``{"type": "buy", "seat"}``: the district Lucien stands on: from the city when neutral
    (20,000 to the bank), from its owner otherwise (30,000 to the owner; refused when the owner
    holds Heritage Protection).
- Lucien, administration actions (the action type is the play-aid box id; Lucien on the
  place; once per period; no popularity cost):
  - ``{"type": "populist_speech", "seat"}`` (Drunken Pig Square): +50 popularity, 100 at most.
  - ``{"type": "heritage_protection", "seat"}`` (Archives): take the card from whoever holds it.
  - ``{"type": "certificate_acquisition", "seat", "condition"}`` (Central Bank): the
    certificate of a condition met now (not by a certificate), taken from its holder if need
    be; one certificate per player per period (the Certification card counts).
  - City Hall's Political Support: the ``doubled`` flag of Edgar's administration actions.

Governor election tie auction, among the tied players in turn order:

- ``{"type": "bid", "seat", "amount"}``: a multiple of 10,000 above the last bid, at most the
  bidder's Cogs. ``{"type": "pass", "seat"}``: out of the auction. The last player left who
  made a bid pays it to the bank and becomes Governor; the others pay nothing. Nobody bids:
  no Governor for the coming period (a previous Governor loses the token), and the first
  player stays first player.

After the election: the Governor plays last from the next turn, the first-player token passes
to the left (only when a Governor was elected), the administration actions and the
certificate-per-period limit reset, and the tally returns to turn 1.

Victory (checked after every action, the acting player first, then in turn order): three of
the four conditions at the same moment, a certificate held standing in for its condition. The
outcome's reason is the conditions joined by ``+`` in the fixed order dandy, collector,
bureaucrat, zealot (see ``Reason``); ``to_json`` adds which conditions came from certificates.

``to_json(state, viewer)``
--------------------------

``side``, ``phase``, ``period``, ``turn``, ``turns_per_period``, ``order``, ``active`` (the
seat to place or act, else null), ``acted``, ``first_player``, ``governor``, ``heritage``;
``players`` (per seat: ``seat``, ``name``, ``colour``, ``cogs`` (null when hidden),
``cogs_hidden``, ``popularity``, ``edgar``, ``lucien``, ``hand`` (the viewer's own only, else
null), ``hand_count``, ``used``, ``certified_this_period``, ``certificates``, ``districts``
(counts by type and ``total``), ``conditions`` (met in fact or by certificate; a hidden
Wealthy Dandy is left out), ``governor``, ``first_player``, ``heritage_protection``);
``districts`` (map order: ``id``, ``type``, ``owner``, ``protected``); ``certificates``
(condition -> holder or null); ``programming`` (``Sealed.public``: ``step``, ``seats``,
``locked``, and ``mine`` for the viewer's own locked programme); ``last_moves`` (per seat, each
character's ``move``, ``from``, ``to``); ``auction`` (``tied``, ``bidders``, ``speaker``,
``high_bid``, ``high_bidder``, ``minimum_bid``) or null; ``deck`` (``draw_pile`` count and the
face-up ``discard``); ``bank`` (reserve, null with hidden money); ``tax`` (the last collection:
``seat``, ``popularity``, ``cogs``) and ``tax_period`` (the Electoral Period whose end
collected it, or null); ``election`` (``period``, ``tied``, ``governor``,
``paid``); ``thresholds``; ``victory`` (``seat``, ``conditions``, ``certificates``) or null;
``options``.

Secrets: a seat's programmed moves until the reveal, every hand but the viewer's (the others
show a count), the draw pile's order, and with the ``hidden_money`` option every other seat's
Cogs (unless a robbery showed them, until they next change) and the bank's reserve.

Helpers for the pages: ``move_options(board, district)`` (every programmable move and where
it leads), ``refusal(state, action)`` (the error an action would raise, or None), the
condition functions (``meets_conditions``, ``threshold``, ``robbery_take``, ``tax_of``,
``minimum_bid``) and the map (``BOARDS``, ``board_for``).

Table decisions where the rulebook is silent:

- the choices of other players (which district an intimidated player gives up, how each pays a
  Discredit Threat) are part of the active player's action: they say it aloud, one phone
  records it;
- Lucien's City Hall support and the Remote Action card are flags of the Edgar administration
  action they serve (``doubled``, ``remote``), so a doubled action is one atomic entry;
- the bank pays at most what it holds (a smaller payment, not a refusal); the deck is shuffled
  from the ``seed`` option, an empty draw pile is rebuilt from the shuffled discards (refused
  when there is no card at all), and Extortion's "random" card is drawn from the same seed, so
  replaying the log always gives the same game;
- Coup d'État needs someone else to hold the Governor token (there is none before the first
  election, or after one without bids); Certification never takes a held certificate;
- a robbery of a player without Cogs takes nothing; in the tie auction the last player left
  may still bid if nobody has; when two players would win at once, the acting player (during
  tax collection: the collecting player) comes first, then turn order;
- a robbery needs an arrival: the robbing Edgar moved onto the district in this turn's
  movement (an Immobile Edgar, or one whose target Lucien walked in to him, has not arrived);
- an Intimidation played through Remote Action is a Manigance card: the Heritage Protection
  holder's districts are out of its reach (that player names ``"district": null``); an
  ordinary Intimidation takes protected districts as well;
- a doubled Requisition takes two districts, or one when no second one can be taken then
  (none neutral nor unprotected left, or no influence token left);
- influence tokens are counted: 16 per colour, one on each district owned and one on each
  administration action marked this period (Political Support included). A player with none
  left takes no district and marks no action until one comes back (a district lost, or the
  play aid cleared at the end of the period); ``to_json`` shows ``tokens_left``.

The package: ``data`` (the data file's numbers, the options, the outcome reasons), ``board``
(the map and where a move leads), ``state`` (the frozen state, the setup, reading owners and
certificates), ``changes`` (the changes every action is made of: Cogs, popularity, owners,
influence tokens, cards), ``victory`` (the conditions, certificates and the victory check),
``checks`` (an action's fields and the checks every action makes), ``movement`` (placement,
programming, movement), ``manigance`` (the cards), ``edgar`` and ``lucien`` (each character's
actions), ``period`` (end of turn, tax, the Governor election and its auction), ``actions``
(``apply`` and every action's owner and fields), ``view`` (log labels, ``to_json``) and ``play``
(random legal play). Everything a caller needs is re-exported here.
"""

from __future__ import annotations

from .actions import (
    _HANDLERS,
    ACTION_FIELDS,
    ROUND_LABEL,
    apply,
    correctable,
    outcome,
    owner,
    round_number,
    sealed,
)
from .board import (
    BOARDS,
    Board,
    District,
    board_for,
    move_options,
    resolve_move,
)
from .changes import (
    _change_cogs,
    _set_owner,
    bank_pays,
    draw_cards,
    tokens_left,
)
from .data import (
    ADMINISTRATION,
    AUCTION_STEP,
    CITY_HALL,
    COLOURS,
    CONDITION_ORDER,
    CONDITIONS,
    COSTS,
    DATA,
    DISTRICT_TYPES,
    EDGAR,
    EDGAR_ADMINISTRATION,
    GAINS,
    ID,
    INFLUENCE_TOKENS,
    LANGUAGES,
    LUCIEN,
    MANIGANCE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOVE_COLOURS,
    MOVE_KINDS,
    MOVES_STEP,
    NAME,
    NOTES,
    OPTIONS,
    POLITICAL_SUPPORT,
    POPULARITY_MAX,
    POPULARITY_MIN,
    RULES,
    START_COGS,
    START_POPULARITY,
    TAX,
    TOTAL_MONEY,
    TURNS_PER_PERIOD,
    UNIT,
    Reason,
)
from .edgar import (
    edgar_arrived,
    intimidate,
    requisition,
    requisitionable,
)
from .manigance import (
    certification,
    coup_detat,
    discredit_payment,
    discredit_threat,
    extortion,
    financial_backer,
    influence_trafficking,
    plan_b,
    popular_support,
)
from .movement import (
    movement_phase,
    parse_move,
    start_turn,
)
from .period import (
    end_of_period,
    governor_election,
    minimum_bid,
    tax_collection,
    tax_of,
)
from .play import (
    random_action,
    refusal,
)
from .state import (
    Auction,
    Election,
    Player,
    Resolved,
    Settings,
    State,
    TaxLine,
    Victory,
    bank_reserve,
    certificate_holder,
    certificates_of,
    clamp_popularity,
    districts_of,
    example_players,
    full_deck,
    is_protected,
    neutral_districts,
    owner_of,
    player_fields,
    robbery_take,
    setup,
    shuffled_deck,
    turn_order,
)
from .victory import (
    check_victory,
    meets_condition,
    meets_conditions,
    take_certificate,
    threshold,
)
from .view import (
    PLURALS,
    active_seats,
    chart_series,
    cogs_visible,
    describe,
    localized_names,
    player_colours,
    to_json,
)

__all__ = [
    "ACTION_FIELDS",
    "active_seats",
    "ADMINISTRATION",
    "apply",
    "Auction",
    "AUCTION_STEP",
    "bank_pays",
    "bank_reserve",
    "Board",
    "board_for",
    "BOARDS",
    "certificate_holder",
    "certificates_of",
    "certification",
    "_change_cogs",
    "chart_series",
    "check_victory",
    "CITY_HALL",
    "clamp_popularity",
    "cogs_visible",
    "COLOURS",
    "CONDITION_ORDER",
    "CONDITIONS",
    "correctable",
    "COSTS",
    "coup_detat",
    "DATA",
    "describe",
    "discredit_payment",
    "discredit_threat",
    "District",
    "DISTRICT_TYPES",
    "districts_of",
    "draw_cards",
    "EDGAR",
    "EDGAR_ADMINISTRATION",
    "edgar_arrived",
    "Election",
    "end_of_period",
    "example_players",
    "extortion",
    "financial_backer",
    "full_deck",
    "GAINS",
    "governor_election",
    "_HANDLERS",
    "ID",
    "INFLUENCE_TOKENS",
    "influence_trafficking",
    "intimidate",
    "is_protected",
    "LANGUAGES",
    "localized_names",
    "LUCIEN",
    "MANIGANCE",
    "MAX_PLAYERS",
    "meets_condition",
    "meets_conditions",
    "MIN_PLAYERS",
    "minimum_bid",
    "MOVE_COLOURS",
    "MOVE_KINDS",
    "move_options",
    "movement_phase",
    "MOVES_STEP",
    "NAME",
    "neutral_districts",
    "NOTES",
    "OPTIONS",
    "outcome",
    "owner",
    "owner_of",
    "parse_move",
    "plan_b",
    "Player",
    "player_colours",
    "player_fields",
    "PLURALS",
    "POLITICAL_SUPPORT",
    "popular_support",
    "POPULARITY_MAX",
    "POPULARITY_MIN",
    "random_action",
    "Reason",
    "refusal",
    "requisition",
    "requisitionable",
    "resolve_move",
    "Resolved",
    "robbery_take",
    "ROUND_LABEL",
    "round_number",
    "RULES",
    "sealed",
    "_set_owner",
    "Settings",
    "setup",
    "shuffled_deck",
    "START_COGS",
    "START_POPULARITY",
    "start_turn",
    "State",
    "take_certificate",
    "TAX",
    "tax_collection",
    "tax_of",
    "TaxLine",
    "threshold",
    "to_json",
    "tokens_left",
    "TOTAL_MONEY",
    "turn_order",
    "TURNS_PER_PERIOD",
    "UNIT",
    "Victory",
]
