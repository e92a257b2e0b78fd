"""Mourir pour le Rock — the rules engine.

Each player's board (money, mental health and its zone, songs, fans, vices, gear, tours,
agents, awards, objectives, souvenir points), the three decades and the actions each unlocks
with their costs and conditions, the turn's action cubes, the song's dice, the market's
events, dying for rock and the final count, per the rulebook (a review's summary,
``shared/rules/mourir-pour-le-rock.fr.txt``) and the table rulings (``RULINGS.md``). Every
number comes from ``data/mourir-pour-le-rock.toml`` and is an edition value of the table
(an option of the same name): house defaults, to check against the group's copy.

Seats and turns
---------------

Seats are numbered from 0 in the order of ``players`` at setup, the clockwise seating order;
seat 0 is the first player of the first turn, and the first player passes left (seat + 1)
each turn. At the start of a turn every living player takes the cubes their mental-health
zone gives (green 3, yellow 2, red 1), fixed for the turn; then, from the first player
clockwise, each places one cube at a time (a seat with no cube left is skipped) until all are
placed. ``active`` is the seat whose cube is next.

State (``State``, frozen)
-------------------------

- ``phase``: ``"play"`` (cubes are placed), ``"count"`` (the last 2000s turn is over: the
  players mark their objectives, then ``finish``) or ``"over"`` (``result`` is set).
- ``decade`` (0, 1, 2: the 80s, 90s, 2000s), ``turn`` (from 1), ``first_player``,
  ``active``, ``tours_taken`` (in this decade) and ``closing`` (its last tour is taken: the
  turn is finished, then the next decade, or the count after the 2000s); ``tour_cards``
  (the host's corrections of a decade's tour cards, which ``tours_in_decade`` reads).
- ``players``: per seat the board (``start_money``, ``start_mental``, ``power``), ``money``,
  ``mental``, ``fans``, ``songs``, ``cubes`` (taken this turn) and ``cubes_left``,
  ``fifth_song_used``, ``vice_drawn``, the cards (``tours``, ``agents``, ``gear``, ``vices``,
  ``awards``: ``Card``), ``objectives`` (``Objective``: main or mini, points, done),
  ``souvenir`` (points from events and powers), ``explored`` (Artistic exploration used),
  ``dead``.
- ``bribe`` (the seat holding the bribe token), ``pending_event`` (a bought card had an event
  under it: the table resolves it before the next cube), ``last_roll`` (the last song's
  dice), ``rolls`` (songs rolled so far: the seeded source's position), ``taken`` (indexes of
  the group's card list already taken), ``typed`` (the cards typed as printed, in order: the
  forms start the next card of a kind from the last one, and ``learned_cards`` offers them
  for a deck). A tour card keeps its ``decade`` (the list's, else the one it was taken in).

The card list (the ``cards`` option) is described kind by kind by ``CARDS_SCHEMA``
(``deck``); from rules revision 2 (``RULES``) setup checks the list with it first, a table of
revision 1 keeps the looser checks it was made under.

Actions (dicts, as the API receives them)
-----------------------------------------

A cube (the active seat only, in the play phase, no event pending; each uses one cube):

- 80s: ``{"type": "tour" | "agent" | "gear", "seat", "card", "event"}``: a market card.
  ``card`` is either the index (from 0) of a card of that kind in the group's card list, or
  the card as printed, an object with the deck's fields (``cost_money``, ``cost_mental``,
  ``fans_needed``, what it gives: ``fans``, ``money``, ``souvenir``, a tour's ``continent``,
  a gear card's ``symbol``, a ``name``). ``event`` (default false): the card was bought from
  a pile with an event under it.
  ``{"type": "song", "seat", "dice"}``: ``dice`` omitted or null rolls from the table's
  seeded source; else the dice typed in, the main die first.
  ``{"type": "psy", "seat"}``, ``{"type": "detox", "seat"}``.
- 90s: ``{"type": "therapy", "seat", "vice"}`` (the index of the vice discarded),
  ``{"type": "record_contract", "seat"}``, ``{"type": "mushroom_trip", "seat", "card"}``
  (the main objective kept: a list index or ``{"name", "souvenir"}``, optional),
  ``{"type": "artistic_exploration", "seat"}``.
- 2000s: ``{"type": "award", "seat", "card"}`` (a prize card whose condition the player
  meets: ``fans_needed`` is checked, any other condition the players judge),
  ``{"type": "rock_star", "seat", "dice"}`` (a song with its roll, as above),
  ``{"type": "viral_video", "seat"}``, ``{"type": "bribe", "seat"}``.
- ``{"type": "pass", "seat"}``: the cube is placed on no action.

Free (no cube; never refused for being out of turn):

- ``{"type": "event", "effects": [{"seat", "money", "mental", "fans", "souvenir"}],
  "name"}``: the pending event's effect on each player named (changes, may be negative). A
  player who died for rock is left out: their part is read and set aside, the rest of the
  event applies.
- ``{"type": "effect", "seat", "money", "mental", "fans", "souvenir", "note"}``: an agent's
  power or another card's effect on the seat's own board.
- ``{"type": "vice", "seat", "card"}``: a vice card's contents (it fills the vice the seat
  drew and has not named yet, else it is a vice taken from an event or a card).
- ``{"type": "objective", "seat", "objective", "done", "souvenir", "name"}``: an objective
  (index in the seat's list) completed or not, its points and name.
- ``{"type": "finish"}`` (count phase): the count is closed; the outcome follows.
- ``{"type": "tour_cards", "decade", "count"}`` (play phase): the host corrects the tour
  cards of a decade (its id: ``"80s"``...), the current one or a later one, an edition value
  of the running table; not below the tours already taken in it. The current decade's end
  follows the new count: lowered to the tours taken, the decade ends once the turn is
  finished; raised above them, it goes on.

Owners: every action that names a ``seat`` belongs to it; ``event`` and ``finish`` belong to
the table (any seated phone or the host); ``tour_cards`` to the host alone.

Money and fans never go negative: a payment a player cannot afford is refused, and so is an
event or effect taking more than they have. Mental health stays within 0..max: a gain stops
at the top; a mental-health cost may always be paid: one at or above the mental health left
brings it to 0 and the player dies for rock, what the card gives still counted (an event's
or an effect's loss stops at 0, the same death). The phones ask before such a payment.

Dying for rock: at 0 mental health the player gets the death bonus (souvenir points), their
cubes of the turn are lost and their board is frozen (no cube, effect or vice any more);
everything earned still counts; their objectives can still be marked. If every player dies,
the turn ends and the count opens.

``to_json(state, viewer)``
--------------------------

Nothing is secret in this game (hands of objectives are kept face down at the real table,
and the phones only record what is completed). ``phase``, ``decade`` (its id),
``decade_index``, ``turn``, ``first_player``, ``order``, ``active``, ``tours_in_decade``,
``tours_taken``, ``tours_left``, ``tour_cards`` (each decade's tour cards, by id),
``closing``, ``unlocked`` (action ids), ``bribe``,
``pending_event``, ``last_roll`` (``seat``, ``dice``, ``total``, ``income``, ``typed``,
``number``), ``players`` (per seat: ``seat``, ``name``, ``colour``, ``power``,
``start_money``, ``start_mental``, ``money``, ``mental``, ``zone``, ``cubes``, ``cubes_left``,
``songs``, ``fifth_song_used``, ``fans``, ``vices``, ``vice_drawn``, ``gear``,
``gear_symbols``, ``dice`` (how many dice a song rolls now), ``tours``, ``tours_by_continent``,
``agents``, ``awards``, ``objectives``, ``souvenir``, ``explored``, ``dead``, ``score``: the
count by category and ``total``), ``ranking`` (seats by total), ``values`` (the edition
values in force), ``deck`` (the group's card list, with ``index`` and ``taken``),
``last_typed`` (per kind, the last card typed as printed).

Table decisions where the rulebook and RULINGS.md are silent are listed in
docs/rulings-and-options.md and in the rules reference beside the sentences they settle.

The package: ``data`` (the data file's lists and the bounds of a card's numbers), ``deck``
(the card list's schema), ``state`` (the edition values, the state and the rules' small
functions), ``scoring`` (the final count), ``actions`` (setup and every action),
``reading`` (labels, ``to_json`` and random play), ``learned`` (``learned_cards``: the cards
typed as printed, as a card list).
"""

from __future__ import annotations

from .actions import (
    _HANDLERS,
    ACTION_FIELDS,
    _with_player,
    apply,
    correctable,
    example_players,
    outcome,
    owner,
    player_fields,
    refusal,
    round_number,
    sealed,
    setup,
)
from .data import (
    ACTIONS,
    COLOURS,
    CONTINENTS,
    CUBE_ACTIONS,
    DATA,
    DECADES,
    DECKS,
    EXTRA_DIE_SIDES,
    ID,
    LANGUAGES,
    MAIN_DIE_FACES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NAME,
    RULES,
    SYMBOLS,
)
from .deck import CARDS_SCHEMA, DECK_FIELDS
from .learned import learned_cards
from .reading import (
    active_seats,
    chart_series,
    describe,
    label_params,
    localized_names,
    player_colours,
    random_action,
    round_label,
    to_json,
)
from .scoring import SCORE_CATEGORIES, final_scores, gear_sets, ranking, score_of
from .state import (
    EDITION_NAMES,
    OPTIONS,
    REASON_LABELS,
    Card,
    Objective,
    Player,
    Reason,
    Roll,
    Settings,
    State,
    cubes_for,
    dice_count,
    roll_dice,
    tours_in_decade,
    turn_order,
    unlocked,
    zone_of,
)

__all__ = [
    "active_seats",
    "ACTION_FIELDS", "ACTIONS", "CARDS_SCHEMA", "COLOURS", "CONTINENTS", "CUBE_ACTIONS", "DATA",
    "DECADES",
    "DECK_FIELDS", "DECKS", "EDITION_NAMES", "EXTRA_DIE_SIDES", "ID", "LANGUAGES", "MAIN_DIE_FACES",
    "MAX_PLAYERS", "MIN_PLAYERS", "NAME", "OPTIONS", "RULES", "SCORE_CATEGORIES", "SYMBOLS", "Card",
    "Objective", "Player", "REASON_LABELS", "Reason", "Roll", "Settings", "State", "_HANDLERS",
    "_with_player",
    "apply", "chart_series", "correctable", "cubes_for", "describe", "dice_count",
    "example_players",
    "final_scores", "gear_sets", "label_params", "learned_cards", "localized_names", "outcome",
    "owner",
    "player_colours",
    "player_fields",
    "random_action",
    "ranking", "refusal", "roll_dice", "round_label", "round_number", "score_of", "sealed",
    "setup",
    "to_json", "tours_in_decade", "turn_order", "unlocked", "zone_of",
]
