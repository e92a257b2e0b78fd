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
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import (
    HOST,
    MAX_SEED,
    N_,
    RULES_KEY,
    ChartSeries,
    GameError,
    IllegalAction,
    Label,
    MalformedInput,
    Np_,
    Option,
    Outcome,
    Owner,
    Plurals,
    dispatch,
    load_data,
    read_options,
    require_bool,
    require_int,
)
from ..sealed import REVEAL_ACTION, SEAL_ACTION, Sealed

ID = "edgar-et-lucien"
# The rules revision of this release (see ``base.RULES_KEY``). Revision 2: a robbery needs an
# arrival, a Remote Action Intimidation respects Heritage Protection, influence tokens are
# counted. A table stored before then (revision 1) plays on by the rules its log holds.
RULES = 2
NAME = "Edgar & Lucien"
LANGUAGES = ("en", "fr")

DATA = load_data(ID)
MIN_PLAYERS: int = DATA["players"]["min"]
MAX_PLAYERS: int = DATA["players"]["max"]
COLOURS: tuple[str, ...] = tuple(DATA["players"]["colours"])
START_COGS: int = DATA["start"]["cogs"]
START_POPULARITY: int = DATA["start"]["popularity"]
INFLUENCE_TOKENS: int = DATA["influence"]["tokens"]
POPULARITY_MIN: int = DATA["popularity"]["min"]
POPULARITY_MAX: int = DATA["popularity"]["max"]
UNIT: int = DATA["money"]["unit"]
NOTES: tuple[tuple[int, int], ...] = tuple((n["value"], n["count"]) for n in DATA["money"]["notes"])
TOTAL_MONEY: int = sum(value * count for value, count in NOTES)
TURNS_PER_PERIOD: int = DATA["period"]["turns"]
COSTS: Mapping[str, int] = DATA["costs"]
GAINS: Mapping[str, int] = DATA["gains"]
TAX: Mapping[str, int] = DATA["tax"]
AUCTION_STEP: int = DATA["auction"]["step"]
CONDITIONS: Mapping[str, Mapping[str, Any]] = {c["id"]: c for c in DATA["conditions"]}
CONDITION_ORDER: tuple[str, ...] = tuple(c["id"] for c in DATA["conditions"])
ADMINISTRATION: Mapping[str, Mapping[str, Any]] = {a["id"]: a for a in DATA["administration"]}
MANIGANCE: Mapping[str, Mapping[str, Any]] = {m["id"]: m for m in DATA["manigance"]}
EDGAR_ADMINISTRATION = tuple(a for a, v in ADMINISTRATION.items() if v["character"] == "edgar")
MOVE_COLOURS: tuple[str, ...] = tuple(DATA["border_colours"])
MOVE_KINDS = ("immobile", "border", "metro")
DISTRICT_TYPES = ("ivory", "steel", "administration")
EDGAR, LUCIEN = "edgar", "lucien"
MOVES_STEP = "moves"
POLITICAL_SUPPORT = "political_support"
CITY_HALL = "city-hall"

OPTIONS = (
    Option("hidden_money", "bool", False, N_("Hidden money"),
           N_("Each player's Cogs show only on their own phone (a robbery shows them)")),
    Option("seed", "seed", 0, N_("Shuffle of the Manigance deck"),
           N_("Any number: the same number gives the same deck order; a new table draws one"),
           minimum=0, maximum=MAX_SEED),
)


class Reason:
    """Why a game of Edgar & Lucien ended: the three (or four) conditions the winner met at
    the same moment, in the fixed order dandy, collector, bureaucrat, zealot."""

    DANDY_COLLECTOR_BUREAUCRAT = "dandy+collector+bureaucrat"
    """Wealthy Dandy, High Tax Collector and Influential Bureaucrat."""
    DANDY_COLLECTOR_ZEALOT = "dandy+collector+zealot"
    """Wealthy Dandy, High Tax Collector and Grand Zealot."""
    DANDY_BUREAUCRAT_ZEALOT = "dandy+bureaucrat+zealot"
    """Wealthy Dandy, Influential Bureaucrat and Grand Zealot."""
    COLLECTOR_BUREAUCRAT_ZEALOT = "collector+bureaucrat+zealot"
    """High Tax Collector, Influential Bureaucrat and Grand Zealot."""
    ALL_FOUR = "dandy+collector+bureaucrat+zealot"
    """All four conditions at once."""


# ---------------------------------------------------------------------------- the map

@dataclass(frozen=True)
class District:
    id: str
    type: str
    col: int
    row: int
    name_en: str
    name_fr: str
    name_ko: str = ""

    def name(self, lang: str) -> str:
        """The district's name in ``lang``, English when it has none in that language."""
        return str(getattr(self, f"name_{lang}", "") or self.name_en)


@dataclass(frozen=True)
class Board:
    """One side of the board: districts, coloured borders and metro lines."""

    key: str
    players: tuple[int, ...]
    cols: int
    rows: int
    districts: tuple[District, ...]
    borders: tuple[tuple[str, str, str], ...]  # (district, district, colour)
    metro: tuple[tuple[str, str, str], ...]  # (colour, station, station)

    def index(self, district: str) -> int:
        for i, d in enumerate(self.districts):
            if d.id == district:
                return i
        raise KeyError(district)

    def district(self, district: str) -> District:
        return self.districts[self.index(district)]

    def across_border(self, district: str, colour: str) -> str | None:
        """The neighbour across the border of this colour, or None (an invalid move)."""
        for a, b, c in self.borders:
            if c == colour and district in (a, b):
                return b if district == a else a
        return None

    def metro_exit(self, district: str, colour: str) -> str | None:
        """The other station of the metro line of this colour, or None (no such station)."""
        for c, a, b in self.metro:
            if c == colour and district in (a, b):
                return b if district == a else a
        return None


def _load_board(raw: Mapping[str, Any]) -> Board:
    return Board(
        key=raw["key"], players=tuple(raw["players"]), cols=raw["cols"], rows=raw["rows"],
        districts=tuple(District(d["id"], d["type"], d["col"], d["row"], d["name_en"],
                                 d["name_fr"], d.get("name_ko", ""))
                        for d in raw["districts"]),
        borders=tuple((b["districts"][0], b["districts"][1], b["colour"])
                      for b in raw["borders"]),
        metro=tuple((m["colour"], m["stations"][0], m["stations"][1]) for m in raw["metro"]),
    )


BOARDS: Mapping[str, Board] = {s["key"]: _load_board(s) for s in DATA["sides"]}


def localized_names(lang: str) -> dict[str, str]:
    """English names of districts, cards, conditions and administration actions, mapped to
    ``lang``: messages name them in English, the web layer shows them in the reader's
    language."""
    names: dict[str, str] = {}
    key = f"name_{lang}"
    items = [d for side in DATA["sides"] for d in side["districts"]]
    items += list(DATA["manigance"]) + list(DATA["conditions"]) + list(DATA["administration"])
    items += list(DATA.get("characters", ()))
    for item in items:
        if key in item:
            names[item["name_en"]] = item[key]
    return names


def board_for(player_count: int) -> Board:
    """The side of the board for this many players."""
    return next(b for b in BOARDS.values() if player_count in b.players)


# The messages worded with a count (see ``base.Plurals``).
PLURALS: Plurals = {
    N_("this Requisition takes %(count)s district(s)"): (Np_(
        "this Requisition takes %(count)s district",
        "this Requisition takes %(count)s districts"), "count"),
    N_("this Requisition takes %(count)s district(s): one is enough only when no other can "
       "be taken"): (Np_(
        "this Requisition takes %(count)s district: one is enough only when no other can "
        "be taken",
        "this Requisition takes %(count)s districts: one is enough only when no other can "
        "be taken"), "count"),
    N_("this Intimidation names %(count)s player(s)"): (Np_(
        "this Intimidation names %(count)s player", "this Intimidation names %(count)s players"),
        "count"),
    N_("%(what)s: %(count)s Manigance cards drawn"): (Np_(
        "%(what)s: %(count)s Manigance card drawn", "%(what)s: %(count)s Manigance cards drawn"),
        "count"),
}


# ---------------------------------------------------------------------------- state

@dataclass(frozen=True)
class Settings:
    hidden_money: bool
    seed: int
    side: str
    # The rules revision the table was made under (``RULES``): a table of revision 1, stored
    # before the rulings of revision 2, keeps the rules its log was played by.
    rules: int = RULES


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    cogs: int
    popularity: int
    edgar: str | None = None
    lucien: str | None = None
    hand: tuple[str, ...] = ()
    used: tuple[str, ...] = ()
    certified: bool = False
    cogs_shown: bool = False


@dataclass(frozen=True)
class Resolved:
    """One seat's revealed programme and where it took both characters."""

    seat: int
    edgar_move: Mapping[str, Any]
    lucien_move: Mapping[str, Any]
    edgar_from: str
    edgar_to: str
    lucien_from: str
    lucien_to: str


@dataclass(frozen=True)
class Auction:
    """The Governor election's open tie auction."""

    bidders: tuple[int, ...]  # still in, in turn order
    speaker: int  # the seat whose turn it is to bid or pass
    high_bid: int = 0
    high_bidder: int | None = None
    tied: tuple[int, ...] = ()


@dataclass(frozen=True)
class TaxLine:
    seat: int
    popularity: int
    cogs: int


@dataclass(frozen=True)
class Election:
    period: int
    tied: tuple[int, ...]
    governor: int | None
    paid: int


@dataclass(frozen=True)
class Victory:
    seat: int
    conditions: tuple[str, ...]
    certificates: tuple[str, ...]


@dataclass(frozen=True)
class State:
    settings: Settings
    players: tuple[Player, ...]
    owners: tuple[int | None, ...]
    deck: tuple[str, ...]
    phase: str = "placement"
    period: int = 1
    turn: int = 1
    order: tuple[int, ...] = ()
    active: int = 0
    acted: tuple[str, ...] = ()
    first_player: int = 0
    governor: int | None = None
    elections: int = 0
    heritage: int | None = None
    certificates: tuple[tuple[str, int], ...] = ()
    discard: tuple[str, ...] = ()
    shuffles: int = 0
    programming: Sealed | None = None
    last_moves: tuple[Resolved, ...] = ()
    auction: Auction | None = None
    tax: tuple[TaxLine, ...] = ()
    tax_period: int = 0  # the Electoral Period whose end collected ``tax``
    election: Election | None = None
    victory: Victory | None = None
    result: Outcome | None = None

    @property
    def board(self) -> Board:
        return BOARDS[self.settings.side]


# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "colour", "type": "string", "required": True, "choices": list(COLOURS),
         "help": N_("Pawn colour: red, yellow, blue or white, one player each")},
    ]


def example_players(count: int) -> list[dict[str, Any]]:
    """A valid list of ``count`` players."""
    names = ["Ann", "Bruno", "Cécile", "Denis"]
    return [{"name": names[i], "colour": COLOURS[i]} for i in range(count)]


def shuffled_deck(seed: int, shuffles: int, cards: Sequence[str]) -> tuple[str, ...]:
    """The cards in a deterministic random order: the same seed and count, the same order."""
    pile = list(cards)
    random.Random(f"{seed}:{shuffles}").shuffle(pile)
    return tuple(pile)


def full_deck() -> tuple[str, ...]:
    """The compendium's 15 Manigance cards, in data order."""
    return tuple(card for card, data in MANIGANCE.items() for _ in range(data["count"]))


def turn_order(player_count: int, first_player: int, governor: int | None) -> tuple[int, ...]:
    """Clockwise from the first player, with the Governor moved to the end."""
    seats = [(first_player + i) % player_count for i in range(player_count)]
    if governor is not None:
        seats.remove(governor)
        seats.append(governor)
    return tuple(seats)


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: 50,000 Cogs and 50 popularity each, placements to make."""
    values = read_options(OPTIONS, options)
    if not isinstance(players, list | tuple):
        raise MalformedInput(N_("players must be a list"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(N_("this game is for %(low)s to %(high)s players, not %(count)s"),
                            code="player_count", low=MIN_PLAYERS, high=MAX_PLAYERS,
                            count=len(players))
    seated: list[Player] = []
    for index, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise MalformedInput(N_("player %(index)s must be an object"), index=index)
        name, colour = player.get("name"), player.get("colour")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
            raise MalformedInput(N_("player %(index)s needs a name of 1 to 40 characters"),
                                 index=index)
        if colour not in COLOURS:
            raise MalformedInput(N_("player %(index)s: colour must be one of %(colours)s"),
                                 code="bad_colour", index=index, colours=", ".join(COLOURS))
        if any(p.colour == colour for p in seated):
            raise IllegalAction(N_("two players chose %(colour)s: one player per colour"),
                                code="colour_taken", colour=colour)
        seated.append(Player(name.strip(), str(colour), START_COGS, START_POPULARITY))
    board = board_for(len(seated))
    settings = Settings(values["hidden_money"], values["seed"], board.key,
                        min(values[RULES_KEY], RULES))
    return State(settings=settings, players=tuple(seated),
                 owners=tuple(None for _ in board.districts),
                 deck=shuffled_deck(settings.seed, 0, full_deck()),
                 order=turn_order(len(seated), 0, None))


# ---------------------------------------------------------------------------- rules helpers

def robbery_take(cogs: int) -> int:
    """What a robbery takes: half the victim's Cogs, rounded up to the next 10,000."""
    return -(-cogs // (2 * UNIT)) * UNIT


def clamp_popularity(value: int) -> int:
    return max(POPULARITY_MIN, min(POPULARITY_MAX, value))


def bank_reserve(state: State) -> int:
    """The Cogs the bank still holds: the box's notes minus what the players hold."""
    return TOTAL_MONEY - sum(p.cogs for p in state.players)


def owner_of(state: State, district: str) -> int | None:
    return state.owners[state.board.index(district)]


def districts_of(state: State, seat: int, kind: str | None = None) -> tuple[str, ...]:
    """The districts a seat controls, optionally of one type, in map order."""
    return tuple(d.id for d, owner in zip(state.board.districts, state.owners, strict=True)
                 if owner == seat and (kind is None or d.type == kind))


def neutral_districts(state: State) -> tuple[str, ...]:
    return tuple(d.id for d, owner in zip(state.board.districts, state.owners, strict=True)
                 if owner is None)


def is_protected(state: State, district: str) -> bool:
    """Whether Heritage Protection covers the district (its owner holds the card)."""
    owner = owner_of(state, district)
    return owner is not None and owner == state.heritage


def certificate_holder(state: State, condition: str) -> int | None:
    return next((seat for c, seat in state.certificates if c == condition), None)


def certificates_of(state: State, seat: int) -> tuple[str, ...]:
    return tuple(c for c in CONDITION_ORDER if certificate_holder(state, c) == seat)


def threshold(condition: str, player_count: int) -> int:
    """The number a condition asks for at this player count."""
    data = CONDITIONS[condition]
    if condition == "dandy":
        return int(data["cogs"])
    if condition == "collector":
        return int(data["districts"][str(player_count)])
    if condition == "bureaucrat":
        return int(data["administration"][str(player_count)])
    return int(data["popularity"])


def meets_condition(state: State, seat: int, condition: str) -> bool:
    """Whether the seat meets a victory condition now, by itself (certificates aside)."""
    player, count = state.players[seat], len(state.players)
    if condition == "dandy":
        return player.cogs >= threshold("dandy", count)
    if condition == "collector":
        return len(districts_of(state, seat)) >= threshold("collector", count)
    if condition == "bureaucrat":
        return len(districts_of(state, seat, "administration")) >= threshold("bureaucrat", count)
    if condition == "zealot":
        return state.governor == seat and player.popularity >= threshold("zealot", count)
    raise KeyError(condition)


def meets_conditions(state: State, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The conditions a seat holds now (in fact or by a certificate), and which of them only a
    certificate gives."""
    held, by_certificate = [], []
    certified = certificates_of(state, seat)
    for condition in CONDITION_ORDER:
        if meets_condition(state, seat, condition):
            held.append(condition)
        elif condition in certified:
            held.append(condition)
            by_certificate.append(condition)
    return tuple(held), tuple(by_certificate)


def check_victory(state: State, first: int | None = None) -> State:
    """Declare the first seat (from ``first``, then in turn order) holding three conditions."""
    if state.result is not None:
        return state
    order = list(state.order) or list(range(len(state.players)))
    if first is not None and first in order:
        order.remove(first)
        order.insert(0, first)
    for seat in order:
        held, by_certificate = meets_conditions(state, seat)
        if len(held) >= 3:
            victory = Victory(seat, held, by_certificate)
            return replace(state, victory=victory, result=Outcome((seat,), "+".join(held)))
    return state


def _set_player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def _with_cogs(player: Player, cogs: int) -> Player:
    """A player's new Cogs; a change hides them again after a robbery showed them."""
    assert cogs >= 0
    return replace(player, cogs=cogs, cogs_shown=player.cogs_shown and cogs == player.cogs)


def _change_cogs(state: State, seat: int, delta: int) -> State:
    return _set_player(state, seat, _with_cogs(state.players[seat], state.players[seat].cogs
                                               + delta))


def _change_popularity(state: State, seat: int, delta: int) -> State:
    player = state.players[seat]
    return _set_player(state, seat, replace(
        player, popularity=clamp_popularity(player.popularity + delta)))


def bank_pays(state: State, seat: int, amount: int) -> State:
    """The bank pays a seat, at most what its notes hold."""
    return _change_cogs(state, seat, min(amount, bank_reserve(state)))


def _pay(state: State, seat: int, amount: int, to: int | None) -> State:
    """A seat pays ``amount`` to another seat or (``to`` None) to the bank; refused if short."""
    player = state.players[seat]
    if player.cogs < amount:
        raise IllegalAction(N_("%(name)s has too few Cogs: %(amount)s needed"),
                            code="too_few_cogs", name=player.name, amount=amount)
    state = _change_cogs(state, seat, -amount)
    return _change_cogs(state, to, amount) if to is not None else state


def _set_owner(state: State, district: str, seat: int | None) -> State:
    if seat is not None:
        _need_tokens(state, seat)
    i = state.board.index(district)
    return replace(state, owners=state.owners[:i] + (seat,) + state.owners[i + 1:])


def tokens_left(state: State, seat: int) -> int:
    """Influence tokens a seat still has: one sits on each district owned and on each
    administration action marked this period."""
    return INFLUENCE_TOKENS - len(districts_of(state, seat)) - len(state.players[seat].used)


def _need_tokens(state: State, seat: int, count: int = 1) -> None:
    if state.settings.rules < 2:
        return  # a table of revision 1 did not count influence tokens
    if tokens_left(state, seat) < count:
        raise IllegalAction(N_("%(name)s has no influence token left: one must come back "
                               "(a district lost, or the end of the Electoral Period) first"),
                            code="no_token", name=_name(state, seat))


def _mark_used(state: State, seat: int, *actions: str) -> State:
    _need_tokens(state, seat, len(actions))
    player = state.players[seat]
    return _set_player(state, seat, replace(player, used=player.used + actions))


def _mark_acted(state: State, *characters: str) -> State:
    return replace(state, acted=state.acted + characters)


def draw_cards(state: State, seat: int, count: int) -> State:
    """Draw up to ``count`` Manigance cards; an empty pile is rebuilt from the shuffled
    discards; refused when there is no card at all to draw."""
    if not state.deck and not state.discard:
        raise IllegalAction(N_("no Manigance card left to draw"), code="deck_empty")
    deck, discard, shuffles = state.deck, state.discard, state.shuffles
    drawn: list[str] = []
    for _ in range(count):
        if not deck and discard:
            shuffles += 1
            deck, discard = shuffled_deck(state.settings.seed, shuffles, discard), ()
        if not deck:
            break
        drawn.append(deck[0])
        deck = deck[1:]
    player = state.players[seat]
    state = replace(state, deck=deck, discard=discard, shuffles=shuffles)
    return _set_player(state, seat, replace(player, hand=player.hand + tuple(drawn)))


def _discard_from_hand(state: State, seat: int, card: str) -> State:
    player = state.players[seat]
    i = player.hand.index(card)
    state = _set_player(state, seat, replace(player, hand=player.hand[:i] + player.hand[i + 1:]))
    return replace(state, discard=state.discard + (card,))


# ---------------------------------------------------------------------------- actions

def apply(state: State, action: Mapping[str, Any]) -> State:
    """The state after one action, or a typed error and no change."""
    after = dispatch(_HANDLERS, state, action, finished=state.result is not None)
    seat = action.get("seat")
    return check_victory(after, seat if isinstance(seat, int) else None)


def _seat(state: State, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = require_int(action, key)
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _district(state: State, action: Mapping[str, Any], key: str = "district") -> str:
    if key not in action or action[key] is None:
        raise MalformedInput(N_("missing field: %(field)s"), field=key)
    value = action[key]
    if not isinstance(value, str):
        raise MalformedInput(N_("%(field)s must be a district id"), code="bad_district",
                             field=key)
    try:
        state.board.index(value)
    except KeyError:
        raise MalformedInput(N_("no district %(district)s on this board"),
                             code="unknown_district", district=value) from None
    return value


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _district_name(state: State, district: str) -> str:
    return state.board.district(district).name_en


_PHASE_REFUSALS = {
    "placement": N_("not now: the players are placing their characters"),
    "programming": N_("not now: the players are programming their moves"),
    "actions": N_("not now: this is the action phase"),
    "auction": N_("not now: the Governor election auction is on"),
}


def _require_phase(state: State, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction(_PHASE_REFUSALS[state.phase], code="wrong_phase")


def _active_seat(state: State, action: Mapping[str, Any]) -> int:
    """The seat of an action-phase action, which must be the active player's."""
    seat = _seat(state, action)
    _require_phase(state, "actions")
    active = state.order[state.active]
    if seat != active:
        raise IllegalAction(N_("it is %(active)s's turn, not %(name)s's"), code="not_your_turn",
                            active=_name(state, active), name=_name(state, seat))
    return seat


def _character_free(state: State, seat: int, character: str) -> None:
    if character in state.acted:
        who = N_("Edgar") if character == EDGAR else N_("Lucien")
        raise IllegalAction(N_("%(name)s's %(character)s has already acted this turn"),
                            code=f"{character}_already_acted", name=_name(state, seat),
                            character=who)


def _administration_free(state: State, seat: int, admin: str) -> None:
    if admin in state.players[seat].used:
        raise IllegalAction(
            N_("%(name)s already used %(action)s this Electoral Period"),
            code="administration_used", name=_name(state, seat),
            action=ADMINISTRATION[admin]["name_en"])


def _stands_on(state: State, seat: int, character: str, district: str) -> None:
    player = state.players[seat]
    where = player.edgar if character == EDGAR else player.lucien
    if where != district:
        who = N_("Edgar") if character == EDGAR else N_("Lucien")
        raise IllegalAction(N_("%(name)s's %(character)s must stand on %(district)s"),
                            code="wrong_district", name=player.name, character=who,
                            district=_district_name(state, district))


# ------------------------------------------------------------------ placement

def _place(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    _require_phase(state, "placement")
    district = _district(state, action)
    active = state.order[state.active]
    if seat != active:
        raise IllegalAction(N_("it is %(active)s's turn to place, not %(name)s's"),
                            code="not_your_turn", active=_name(state, active),
                            name=_name(state, seat))
    if owner_of(state, district) is not None:
        raise IllegalAction(N_("%(district)s is not neutral: choose a district without a token"),
                            code="not_neutral", district=_district_name(state, district))
    player = replace(state.players[seat], edgar=district, lucien=district)
    state = _set_owner(_set_player(state, seat, player), district, seat)
    if state.active + 1 < len(state.order):
        return replace(state, active=state.active + 1)
    return start_turn(state)


def start_turn(state: State) -> State:
    """A new turn: the turn order is fixed now and the programming phase opens."""
    order = turn_order(len(state.players), state.first_player, state.governor)
    return replace(state, phase="programming", order=order, active=0, acted=(),
                   programming=Sealed.open(MOVES_STEP, order,
                                           key=f"{MOVES_STEP}:{state.period}:{state.turn}"))


# ------------------------------------------------------------------ programming, movement

def parse_move(raw: Any, character: str) -> dict[str, Any]:
    """A programmed move, checked for shape: immobile, or a border/metro colour."""
    if not isinstance(raw, Mapping) or raw.get("kind") not in MOVE_KINDS:
        raise MalformedInput(N_("%(character)s's move must have a kind: immobile, border or "
                                "metro"), code="bad_move", character=character)
    if raw["kind"] == "immobile":
        return {"kind": "immobile"}
    colour = raw.get("colour")
    if colour not in MOVE_COLOURS:
        raise MalformedInput(N_("%(character)s's move needs a colour among %(colours)s"),
                             code="bad_move", character=character,
                             colours=", ".join(MOVE_COLOURS))
    return {"kind": raw["kind"], "colour": colour}


def resolve_move(board: Board, district: str, move: Mapping[str, Any]) -> str:
    """Where a programmed move takes a character; an invalid colour leaves it in place."""
    if move["kind"] == "border":
        return board.across_border(district, move["colour"]) or district
    if move["kind"] == "metro":
        return board.metro_exit(district, move["colour"]) or district
    return district


def _seal(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    value = action.get("value")
    if not isinstance(value, Mapping):
        raise MalformedInput(N_("value must be an object with the moves of edgar and lucien"),
                             code="bad_move")
    moves = {EDGAR: parse_move(value.get(EDGAR), "Edgar"),
             LUCIEN: parse_move(value.get(LUCIEN), "Lucien")}
    _require_phase(state, "programming")
    assert state.programming is not None
    # Locked only: once every seat is in, the platform sends the reveal (its own entry).
    return replace(state, programming=state.programming.lock(seat, moves))


def _reveal(state: State, action: Mapping[str, Any]) -> State:
    _require_phase(state, "programming")
    return movement_phase(state)


def movement_phase(state: State) -> State:
    """Reveal every programme and move the characters in turn order; the action phase opens."""
    programming = state.programming
    assert programming is not None
    immobile = {EDGAR: {"kind": "immobile"}, LUCIEN: {"kind": "immobile"}}
    resolved = []
    for seat in state.order:
        moves = programming.value(seat, immobile)
        player = state.players[seat]
        assert player.edgar is not None and player.lucien is not None
        edgar_to = resolve_move(state.board, player.edgar, moves[EDGAR])
        lucien_to = resolve_move(state.board, player.lucien, moves[LUCIEN])
        resolved.append(Resolved(seat, moves[EDGAR], moves[LUCIEN], player.edgar, edgar_to,
                                 player.lucien, lucien_to))
        state = _set_player(state, seat, replace(player, edgar=edgar_to, lucien=lucien_to))
    return replace(state, phase="actions", programming=None, last_moves=tuple(resolved),
                   active=0, acted=())


# ------------------------------------------------------------------ Edgar's ordinary actions

def _rob(state: State, action: Mapping[str, Any]) -> State:
    seat = _active_seat(state, action)
    victim = _seat(state, action, "victim")
    _character_free(state, seat, EDGAR)
    robber, target = state.players[seat], state.players[victim]
    if victim == seat:
        raise IllegalAction(N_("Edgar cannot rob his own Lucien"), code="rob_self")
    if robber.edgar != target.lucien:
        raise IllegalAction(N_("%(name)s's Edgar is not on the district of %(victim)s's Lucien"),
                            code="victim_not_here", name=robber.name, victim=target.name)
    if target.edgar == target.lucien:
        raise IllegalAction(N_("%(victim)s's Edgar guards his Lucien: no robbery"),
                            code="bodyguard", victim=target.name)
    if state.settings.rules >= 2 and not edgar_arrived(state, seat):
        assert robber.edgar is not None
        raise IllegalAction(N_("%(name)s's Edgar did not arrive on %(district)s this turn: "
                               "an Edgar robs only on the district he moved onto"),
                            code="no_arrival", name=robber.name,
                            district=_district_name(state, robber.edgar))
    take = robbery_take(target.cogs)
    state = _change_cogs(state, victim, -take)
    state = _set_player(state, victim, replace(state.players[victim], cogs_shown=True))
    state = _change_cogs(state, seat, take)
    return _mark_acted(state, EDGAR)


def edgar_arrived(state: State, seat: int) -> bool:
    """Whether the seat's Edgar moved onto the district he stands on in this turn's
    movement (the rulebook's "arrives")."""
    edgar = state.players[seat].edgar
    return any(r.seat == seat and r.edgar_from != r.edgar_to and r.edgar_to == edgar
               for r in state.last_moves)


def _manigance(state: State, action: Mapping[str, Any]) -> State:
    seat = _active_seat(state, action)
    card = action.get("card")
    if not isinstance(card, str) or card not in MANIGANCE:
        raise MalformedInput(N_("card must be one of %(cards)s"), code="unknown_card",
                             cards=", ".join(MANIGANCE))
    _character_free(state, seat, EDGAR)
    if card == "remote_action":
        raise IllegalAction(N_("Remote Action is played with an administration action of Edgar "
                               "and remote: true"), code="remote_action_via_administration")
    if card not in state.players[seat].hand:
        raise IllegalAction(N_("%(name)s has no %(card)s card in hand"), code="card_not_in_hand",
                            name=_name(state, seat), card=MANIGANCE[card]["name_en"])
    state = _CARD_EFFECTS[card](state, seat, action)
    return _mark_acted(_discard_from_hand(state, seat, card), EDGAR)


def plan_b(state: State, seat: int, action: Mapping[str, Any]) -> State:
    district = _district(state, action)
    if state.players[seat].lucien == district:
        raise IllegalAction(N_("Lucien is already on %(district)s"), code="already_there",
                            district=_district_name(state, district))
    return _set_player(state, seat, replace(state.players[seat], lucien=district))


def influence_trafficking(state: State, seat: int, action: Mapping[str, Any]) -> State:
    district = state.players[seat].edgar
    assert district is not None
    owner = owner_of(state, district)
    if owner is None or owner == seat:
        raise IllegalAction(N_("Edgar's district %(district)s does not belong to another player"),
                            code="not_owned_by_another", district=_district_name(state, district))
    if is_protected(state, district):
        raise IllegalAction(N_("%(owner)s holds the Heritage Protection: %(district)s cannot be "
                               "bought"), code="protected", owner=_name(state, owner),
                            district=_district_name(state, district))
    state = _pay(state, seat, COSTS["buy_from_player"], owner)
    return _set_owner(state, district, seat)


def discredit_payment(player: Player, choice: str | None) -> str | None:
    """What an other player pays under a Discredit Threat: their choice when they hold both
    resources, the one they hold otherwise, nothing when they hold neither."""
    has_popularity, has_cogs = player.popularity > 0, player.cogs > 0
    if has_popularity and has_cogs:
        return choice
    if has_popularity:
        return "popularity"
    if has_cogs:
        return "cogs"
    return None


def discredit_threat(state: State, seat: int, action: Mapping[str, Any]) -> State:
    raw = action.get("payments", [])
    if not isinstance(raw, list):
        raise MalformedInput(N_("payments must be a list of {seat, pays}"))
    choices: dict[int, str] = {}
    for entry in raw:
        if not isinstance(entry, Mapping) or entry.get("pays") not in ("popularity", "cogs"):
            raise MalformedInput(N_("each payment needs a seat and pays: popularity or cogs"))
        choices[_seat(state, entry)] = str(entry["pays"])
    for other in range(len(state.players)):
        if other == seat:
            continue
        player = state.players[other]
        pays = discredit_payment(player, choices.get(other))
        chosen = choices.get(other)
        if pays is None and chosen is None and player.popularity > 0 and player.cogs > 0:
            raise IllegalAction(N_("%(name)s must choose: 20 popularity or 10,000 Cogs"),
                                code="payment_choice_missing", name=player.name)
        if chosen is not None and pays is not None and pays != chosen:
            message = (N_("%(name)s has no Cogs: they lose popularity") if pays == "popularity"
                       else N_("%(name)s has no popularity left: they pay in Cogs"))
            raise IllegalAction(message, code="payment_impossible", name=player.name)
        if pays == "popularity":
            state = _change_popularity(state, other, -GAINS["discredit_popularity"])
        elif pays == "cogs":
            amount = min(GAINS["discredit_cogs"], player.cogs)
            state = _pay(state, other, amount, seat)
    return state


def _condition_field(action: Mapping[str, Any]) -> str:
    condition = action.get("condition")
    if not isinstance(condition, str) or condition not in CONDITIONS:
        raise MalformedInput(N_("condition must be one of %(conditions)s"),
                             code="unknown_condition", conditions=", ".join(CONDITION_ORDER))
    return condition


def take_certificate(state: State, seat: int, condition: str, *, steal: bool) -> State:
    """A seat takes a certificate for a condition it meets now (one per period)."""
    player = state.players[seat]
    name = CONDITIONS[condition]["name_en"]
    if player.certified:
        raise IllegalAction(N_("%(name)s already took a certificate this Electoral Period"),
                            code="certificate_this_period", name=player.name)
    holder = certificate_holder(state, condition)
    if holder == seat:
        raise IllegalAction(N_("%(name)s already holds the %(condition)s certificate"),
                            code="certificate_held", name=player.name, condition=name)
    if holder is not None and not steal:
        raise IllegalAction(N_("%(holder)s holds the %(condition)s certificate: Certification "
                               "cannot take it"), code="certificate_taken",
                            holder=_name(state, holder), condition=name)
    if not meets_condition(state, seat, condition):
        raise IllegalAction(N_("%(name)s does not meet %(condition)s"), code="condition_not_met",
                            name=player.name, condition=name)
    certificates = tuple((c, s) for c, s in state.certificates if c != condition)
    state = replace(state, certificates=certificates + ((condition, seat),))
    return _set_player(state, seat, replace(state.players[seat], certified=True))


def certification(state: State, seat: int, action: Mapping[str, Any]) -> State:
    return take_certificate(state, seat, _condition_field(action), steal=False)


_OWN_DISTRICT_REFUSALS = {
    "steel": N_("Edgar must stand on one of %(name)s's Steel districts"),
    "ivory": N_("Edgar must stand on one of %(name)s's Ivory districts"),
}


def _edgar_on_own(state: State, seat: int, kind: str) -> None:
    district = state.players[seat].edgar
    assert district is not None
    if owner_of(state, district) != seat or state.board.district(district).type != kind:
        raise IllegalAction(_OWN_DISTRICT_REFUSALS[kind], code="wrong_district",
                            name=_name(state, seat))


def financial_backer(state: State, seat: int, action: Mapping[str, Any]) -> State:
    _edgar_on_own(state, seat, "steel")
    return bank_pays(state, seat, GAINS["financial_backer"])


def popular_support(state: State, seat: int, action: Mapping[str, Any]) -> State:
    _edgar_on_own(state, seat, "ivory")
    return _change_popularity(state, seat, GAINS["popular_support"])


def extortion(state: State, seat: int, action: Mapping[str, Any]) -> State:
    victim = _seat(state, action, "victim")
    if victim == seat:
        raise IllegalAction(N_("Extortion targets another player"), code="extort_self")
    target = state.players[victim]
    if state.players[seat].edgar not in (target.edgar, target.lucien):
        raise IllegalAction(N_("Edgar must stand with one of %(victim)s's characters"),
                            code="victim_not_here", victim=target.name)
    if not target.hand:
        raise IllegalAction(N_("%(victim)s has no Manigance card"), code="empty_hand",
                            victim=target.name)
    index = random.Random(f"{state.settings.seed}:extortion:{state.shuffles + 1}").randrange(
        len(target.hand))
    card = target.hand[index]
    state = replace(state, shuffles=state.shuffles + 1)
    state = _set_player(state, victim, replace(target, hand=target.hand[:index]
                                               + target.hand[index + 1:]))
    player = state.players[seat]
    return _set_player(state, seat, replace(player, hand=player.hand + (card,)))


def coup_detat(state: State, seat: int, action: Mapping[str, Any]) -> State:
    _stands_on(state, seat, EDGAR, CITY_HALL)
    if state.governor is None:
        raise IllegalAction(N_("nobody holds the Governor token"), code="no_governor")
    if state.governor == seat:
        raise IllegalAction(N_("%(name)s is already the Governor"), code="already_governor",
                            name=_name(state, seat))
    return replace(state, governor=seat, first_player=(seat + 1) % len(state.players))


_CARD_EFFECTS = {
    "plan_b": plan_b,
    "influence_trafficking": influence_trafficking,
    "discredit_threat": discredit_threat,
    "certification": certification,
    "financial_backer": financial_backer,
    "popular_support": popular_support,
    "extortion": extortion,
    "coup_detat": coup_detat,
}


# ------------------------------------------------------------------ Edgar's administration

def _edgar_administration(state: State, action: Mapping[str, Any],
                          admin: str) -> tuple[State, int, int]:
    """Check and pay an Edgar administration action; returns the state, the seat and how many
    times the effect applies (2 with Lucien's City Hall support)."""
    seat = _active_seat(state, action)
    remote = require_bool(action, "remote", default=False)
    doubled = require_bool(action, "doubled", default=False)
    player = state.players[seat]
    _character_free(state, seat, EDGAR)
    _administration_free(state, seat, admin)
    if remote:
        if "remote_action" not in player.hand:
            raise IllegalAction(N_("%(name)s has no Remote Action card in hand"),
                                code="card_not_in_hand", name=player.name)
    else:
        _stands_on(state, seat, EDGAR, ADMINISTRATION[admin]["district"])
    cost = COSTS["edgar_administration"]
    if doubled:
        _character_free(state, seat, LUCIEN)
        _administration_free(state, seat, POLITICAL_SUPPORT)
        _stands_on(state, seat, LUCIEN, CITY_HALL)
        cost = COSTS["doubled_administration"]
    if player.popularity < cost:
        raise IllegalAction(N_("%(name)s needs %(cost)s popularity for this, and has "
                               "%(popularity)s"), code="popularity_too_low", name=player.name,
                            cost=cost, popularity=player.popularity)
    state = _change_popularity(state, seat, -cost)
    if remote:
        state = _discard_from_hand(state, seat, "remote_action")
    if doubled:
        return _mark_used(_mark_acted(state, EDGAR, LUCIEN), seat, admin,
                          POLITICAL_SUPPORT), seat, 2
    return _mark_used(_mark_acted(state, EDGAR), seat, admin), seat, 1


def _counter_manigances(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "counter_manigances")
    count = GAINS["doubled_counter_manigances_draw" if times == 2 else "counter_manigances_draw"]
    return draw_cards(state, seat, count)


def _bank_robbery(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "bank_robbery")
    return bank_pays(state, seat, GAINS["doubled_bank_robbery" if times == 2 else "bank_robbery"])


def _requisition(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "requisition")
    raw = action.get("districts")
    if not isinstance(raw, list) or not raw:
        raise MalformedInput(N_("districts must be a list of district ids"))
    count = GAINS["doubled_requisitions" if times == 2 else "requisitions"]
    if not 1 <= len(raw) <= count:
        raise IllegalAction(N_("this Requisition takes %(count)s district(s)"),
                            code="requisition_count", count=count)
    for value in raw:
        state = requisition(state, seat, _district(state, {"district": value}))
    if len(raw) < count and requisitionable(state, seat):
        raise IllegalAction(N_("this Requisition takes %(count)s district(s): one is enough "
                               "only when no other can be taken"),
                            code="requisition_count", count=count)
    return state


def requisitionable(state: State, seat: int) -> tuple[str, ...]:
    """The districts a seat could requisition now: the neutral ones, or when none is left
    the other players' unprotected ones; none without an influence token left."""
    if tokens_left(state, seat) < 1:
        return ()
    neutral = neutral_districts(state)
    if neutral:
        return neutral
    return tuple(d.id for d, owner in zip(state.board.districts, state.owners, strict=True)
                 if owner is not None and owner != seat and owner != state.heritage)


def requisition(state: State, seat: int, district: str) -> State:
    """Take one district by force: a neutral one, or another player's unprotected district
    only when no district is neutral."""
    owner = owner_of(state, district)
    name = _district_name(state, district)
    if owner == seat:
        raise IllegalAction(N_("%(district)s already belongs to %(name)s"), code="already_yours",
                            district=name, name=_name(state, seat))
    if owner is not None:
        if neutral_districts(state):
            raise IllegalAction(N_("a neutral district is left: requisition %(district)s only "
                                   "when none is"), code="neutral_left", district=name)
        if is_protected(state, district):
            raise IllegalAction(N_("%(district)s is under Heritage Protection"),
                                code="protected", district=name)
    return _set_owner(state, district, seat)


def _intimidation(state: State, action: Mapping[str, Any]) -> State:
    state, seat, times = _edgar_administration(state, action, "intimidation")
    remote = action.get("remote") is True
    raw = action.get("targets")
    if not isinstance(raw, list):
        raise MalformedInput(N_("targets must be a list of {seat, district}"))
    per = 1 if len(state.players) == 2 else GAINS["intimidated_players"]
    count = per * GAINS["doubled_intimidations" if times == 2 else "intimidations"]
    if len(raw) != count:
        raise IllegalAction(N_("this Intimidation names %(count)s player(s)"),
                            code="intimidation_count", count=count)
    for start in range(0, len(raw), per):
        group = raw[start:start + per]
        seats = []
        for entry in group:
            if not isinstance(entry, Mapping):
                raise MalformedInput(N_("each target needs a seat and a district"))
            target = _seat(state, entry)
            if target == seat:
                raise IllegalAction(N_("Intimidation designates other players"),
                                    code="intimidate_self")
            seats.append(target)
            state = intimidate(state, target, entry.get("district"), remote=remote)
        if len(set(seats)) != len(seats):
            raise IllegalAction(N_("Intimidation designates two different players"),
                                code="same_player_twice")
    return state


def intimidate(state: State, target: int, raw_district: Any, *, remote: bool = False) -> State:
    """The designated player makes one of their districts neutral: protected or not by an
    ordinary Intimidation; through Remote Action (a Manigance card) only an unprotected one,
    so the Heritage Protection holder gives up nothing."""
    shielded = remote and state.heritage == target and state.settings.rules >= 2
    if raw_district is None:
        if districts_of(state, target) and not shielded:
            raise IllegalAction(N_("%(name)s owns districts: name the one made neutral"),
                                code="district_missing", name=_name(state, target))
        return state
    district = _district(state, {"district": raw_district})
    if owner_of(state, district) != target:
        raise IllegalAction(N_("%(district)s does not belong to %(name)s"), code="not_theirs",
                            district=_district_name(state, district), name=_name(state, target))
    if shielded:
        raise IllegalAction(N_("%(district)s is under Heritage Protection: an Intimidation "
                               "through Remote Action is a Manigance card"),
                            code="protected", district=_district_name(state, district))
    return _set_owner(state, district, None)


# ------------------------------------------------------------------ Lucien

def _buy(state: State, action: Mapping[str, Any]) -> State:
    seat = _active_seat(state, action)
    _character_free(state, seat, LUCIEN)
    district = state.players[seat].lucien
    assert district is not None
    owner = owner_of(state, district)
    name = _district_name(state, district)
    if owner == seat:
        raise IllegalAction(N_("%(district)s already belongs to %(name)s"), code="already_yours",
                            district=name, name=_name(state, seat))
    if owner is None:
        state = _pay(state, seat, COSTS["buy_from_city"], None)
    else:
        if is_protected(state, district):
            raise IllegalAction(N_("%(owner)s holds the Heritage Protection: %(district)s "
                                   "cannot be bought"), code="protected",
                                owner=_name(state, owner), district=name)
        state = _pay(state, seat, COSTS["buy_from_player"], owner)
    return _mark_acted(_set_owner(state, district, seat), LUCIEN)


def _lucien_administration(state: State, action: Mapping[str, Any], admin: str) -> int:
    seat = _active_seat(state, action)
    _character_free(state, seat, LUCIEN)
    _administration_free(state, seat, admin)
    _stands_on(state, seat, LUCIEN, ADMINISTRATION[admin]["district"])
    return seat


def _populist_speech(state: State, action: Mapping[str, Any]) -> State:
    seat = _lucien_administration(state, action, "populist_speech")
    state = _change_popularity(state, seat, GAINS["populist_speech"])
    return _mark_used(_mark_acted(state, LUCIEN), seat, "populist_speech")


def _heritage_protection(state: State, action: Mapping[str, Any]) -> State:
    seat = _lucien_administration(state, action, "heritage_protection")
    if state.heritage == seat:
        raise IllegalAction(N_("%(name)s already holds the Heritage Protection"),
                            code="already_protected", name=_name(state, seat))
    state = replace(state, heritage=seat)
    return _mark_used(_mark_acted(state, LUCIEN), seat, "heritage_protection")


def _certificate(state: State, action: Mapping[str, Any]) -> State:
    seat = _lucien_administration(state, action, "certificate_acquisition")
    state = take_certificate(state, seat, _condition_field(action), steal=True)
    return _mark_used(_mark_acted(state, LUCIEN), seat, "certificate_acquisition")


# ------------------------------------------------------------------ end of turn and period

def _end_turn(state: State, action: Mapping[str, Any]) -> State:
    _active_seat(state, action)
    if state.active + 1 < len(state.order):
        return replace(state, active=state.active + 1, acted=())
    if state.turn < TURNS_PER_PERIOD:
        return start_turn(replace(state, turn=state.turn + 1))
    state = tax_collection(replace(state, acted=()))
    if state.result is not None:
        return state
    return governor_election(state)


def tax_of(state: State, seat: int) -> TaxLine:
    """What a seat collects: popularity per Ivory district, Cogs per Steel district."""
    return TaxLine(seat, len(districts_of(state, seat, "ivory")) * TAX["ivory_popularity"],
                   len(districts_of(state, seat, "steel")) * TAX["steel_cogs"])


def tax_collection(state: State) -> State:
    """Each player collects in turn order; a player may win during it, in turn order."""
    lines = []
    for seat in state.order:
        line = tax_of(state, seat)
        before = state.players[seat].cogs
        state = bank_pays(_change_popularity(state, seat, line.popularity), seat, line.cogs)
        lines.append(replace(line, cogs=state.players[seat].cogs - before))
        state = check_victory(replace(state, tax=tuple(lines), tax_period=state.period), seat)
        if state.result is not None:
            break
    return state


def governor_election(state: State) -> State:
    """The most popular player becomes Governor; a tie goes to the open auction."""
    top = max(p.popularity for p in state.players)
    tied = tuple(seat for seat in state.order if state.players[seat].popularity == top)
    if len(tied) == 1:
        return end_of_period(state, tied, tied[0], 0)
    return replace(state, phase="auction", auction=Auction(tied, tied[0], tied=tied))


def end_of_period(state: State, tied: tuple[int, ...], governor: int | None,
                  paid: int) -> State:
    """The Governor takes the token, the first-player token passes left (only when a Governor
    was elected), the play aids are cleared and the tally returns to turn 1."""
    first = state.first_player
    if governor is not None:
        first = (first + 1) % len(state.players)
    players = tuple(replace(p, used=(), certified=False) for p in state.players)
    state = replace(state, players=players, governor=governor, first_player=first,
                    elections=state.elections + 1, auction=None, turn=1,
                    period=state.period + 1,
                    election=Election(state.period, tied, governor, paid))
    return start_turn(state)


def _auction_speaker(state: State, action: Mapping[str, Any]) -> tuple[int, Auction]:
    seat = _seat(state, action)
    _require_phase(state, "auction")
    assert state.auction is not None
    if seat != state.auction.speaker:
        raise IllegalAction(N_("it is %(active)s's turn to bid, not %(name)s's"),
                            code="not_your_turn", active=_name(state, state.auction.speaker),
                            name=_name(state, seat))
    return seat, state.auction


def minimum_bid(auction: Auction) -> int:
    """The lowest bid allowed now: one step above the last bid."""
    return auction.high_bid + AUCTION_STEP


def _next_speaker(bidders: tuple[int, ...], after: int, order: tuple[int, ...]) -> int:
    """The next player still in after ``after``, in turn order."""
    position = order.index(after)
    for step in range(1, len(order) + 1):
        seat = order[(position + step) % len(order)]
        if seat in bidders:
            return seat
    return bidders[0]


def _auction_result(state: State, auction: Auction) -> State:
    """Close the auction when one bidder is left holding the high bid, or nobody is left."""
    if not auction.bidders:
        return end_of_period(state, auction.tied, None, 0)
    if len(auction.bidders) == 1 and auction.high_bidder == auction.bidders[0]:
        winner = auction.high_bidder
        state = _pay(state, winner, auction.high_bid, None)
        return end_of_period(state, auction.tied, winner, auction.high_bid)
    return replace(state, auction=auction)


def _bid(state: State, action: Mapping[str, Any]) -> State:
    seat, auction = _auction_speaker(state, action)
    amount = require_int(action, "amount")
    if amount % AUCTION_STEP:
        raise IllegalAction(N_("bids go in steps of %(step)s Cogs"), code="bid_step",
                            step=AUCTION_STEP)
    if amount < minimum_bid(auction):
        raise IllegalAction(N_("%(name)s must bid at least %(minimum)s"), code="bid_too_low",
                            name=_name(state, seat), minimum=minimum_bid(auction))
    if amount > state.players[seat].cogs:
        raise IllegalAction(N_("%(name)s has too few Cogs to bid %(amount)s"),
                            code="too_few_cogs", name=_name(state, seat), amount=amount)
    auction = replace(auction, high_bid=amount, high_bidder=seat,
                      speaker=_next_speaker(auction.bidders, seat, state.order))
    return _auction_result(state, auction)


def _pass(state: State, action: Mapping[str, Any]) -> State:
    seat, auction = _auction_speaker(state, action)
    bidders = tuple(s for s in auction.bidders if s != seat)
    speaker = _next_speaker(bidders, seat, state.order) if bidders else seat
    return _auction_result(state, replace(auction, bidders=bidders, speaker=speaker))


_HANDLERS = {
    "place": _place,
    SEAL_ACTION: _seal,
    REVEAL_ACTION: _reveal,
    "rob": _rob,
    "manigance": _manigance,
    "counter_manigances": _counter_manigances,
    "intimidation": _intimidation,
    "bank_robbery": _bank_robbery,
    "requisition": _requisition,
    "buy": _buy,
    "populist_speech": _populist_speech,
    "heritage_protection": _heritage_protection,
    "certificate_acquisition": _certificate,
    "end_turn": _end_turn,
    "bid": _bid,
    "pass": _pass,
}


def outcome(state: State) -> Outcome | None:
    return state.result


_ADMIN_FLAGS = ("doubled", "remote")
# The fields each action may carry besides "type": anything else is refused.
ACTION_FIELDS = {
    "place": ("seat", "district"), "seal": ("seat", "value"), "reveal": (),
    "end_turn": ("seat",), "rob": ("seat", "victim"),
    "manigance": ("seat", "card", "district", "payments", "condition", "victim"),
    "counter_manigances": ("seat", *_ADMIN_FLAGS),
    "intimidation": ("seat", "targets", *_ADMIN_FLAGS),
    "bank_robbery": ("seat", *_ADMIN_FLAGS),
    "requisition": ("seat", "districts", *_ADMIN_FLAGS),
    "buy": ("seat",), "populist_speech": ("seat",), "heritage_protection": ("seat",),
    "certificate_acquisition": ("seat", "condition"), "bid": ("seat", "amount"),
    "pass": ("seat",),
}


def sealed(state: State) -> Sealed | None:
    """The open programming step (secret moves), if any."""
    return state.programming


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Every action is its seat's (the active player's, the programming seat's, the bidder's),
    but the host's "reveal now"."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if kind == REVEAL_ACTION:
        return HOST
    if not isinstance(kind, str) or kind not in _HANDLERS:
        raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                             type=kind)
    return _seat(state, action)


def active_seats(state: State) -> list[int]:
    """The seats the game waits for: the active player (placement, actions), the seats that
    have not locked in their moves (programming), the bidder to speak (the auction)."""
    if state.result is not None:
        return []
    if state.programming is not None:
        return [s for s in state.programming.seats if s not in state.programming.locked]
    if state.phase in ("placement", "actions") and 0 <= state.active < len(state.order):
        return [state.order[state.active]]
    if state.phase == "auction" and state.auction is not None:
        return [state.auction.speaker]
    return []


def round_number(state: State) -> int:
    """The Electoral Period being played."""
    return state.period


# What a round is called in this game (the history page's dividers).
ROUND_LABEL = N_("Electoral Period %(n)s")


def correctable(action: Mapping[str, Any]) -> bool:
    """No action of this game replaces a past entry: mistakes are undone, not corrected."""
    return False


# ---------------------------------------------------------------------------- reading

_LABELS = {
    "counter_manigances": N_("%(name)s: Counter Manigances"),
    "intimidation": N_("%(name)s: Intimidation"),
    "bank_robbery": N_("%(name)s: bank robbery"),
    "requisition": N_("%(name)s: Requisition"),
    "populist_speech": N_("%(name)s: Populist Speech"),
    "heritage_protection": N_("%(name)s: Heritage Protection"),
    "end_turn": N_("%(name)s ended the turn"),
    "pass": N_("%(name)s passed"),
}


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button, with the amounts the action moved (what
    a robbery took, the tax each player collected, the Governor election); a sealed move
    never shows its value, and with hidden money no label shows a Cogs amount the table does
    not see (a robbery shows the victim's Cogs, as the rulebook says)."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    label = _plain_label(state, action)
    try:
        after = apply(state, action)
    except GameError:
        return label  # refused: the log never holds it, the undo bar never names it
    return _with_amounts(state, after, action, label)


def _plain_label(state: State, action: Mapping[str, Any]) -> Label:
    """What an action is, without what it changed."""
    kind = action.get("type")
    seat = action.get("seat")
    players = state.players
    name = players[seat].name if isinstance(seat, int) and 0 <= seat < len(players) else "?"
    victim = action.get("victim")
    victim_name = (players[victim].name if isinstance(victim, int)
                   and 0 <= victim < len(players) else "?")
    if kind == SEAL_ACTION:
        return Label(N_("%(name)s locked in their moves"), {"name": name})
    if kind == REVEAL_ACTION:
        return Label(N_("moves revealed"))
    if kind == "place":
        district = action.get("district")
        where = district if isinstance(district, str) else "?"
        for d in state.board.districts:
            if d.id == district:
                where = d.name_en
        return Label(N_("%(name)s starts on %(district)s"), {"name": name, "district": where})
    if kind == "rob":
        return Label(N_("%(name)s robbed %(victim)s"), {"name": name, "victim": victim_name})
    if kind == "manigance":
        card = action.get("card")
        title = MANIGANCE[card]["name_en"] if isinstance(card, str) and card in MANIGANCE else "?"
        return Label(N_("%(name)s played %(card)s"), {"name": name, "card": title})
    if kind == "buy":
        return Label(N_("%(name)s bought a district"), {"name": name})
    if kind == "certificate_acquisition":
        condition = action.get("condition")
        title = (CONDITIONS[condition]["name_en"] if isinstance(condition, str)
                 and condition in CONDITIONS else "?")
        return Label(N_("%(name)s took the %(condition)s certificate"),
                     {"name": name, "condition": title})
    if kind == "bid":
        amount = action.get("amount")
        return Label(N_("%(name)s bid %(amount)s"),
                     {"name": name, "amount": amount if isinstance(amount, int) else "?"})
    if isinstance(kind, str) and kind in _LABELS:
        if action.get("doubled") is True and kind in EDGAR_ADMINISTRATION:
            return Label(N_("%(name)s: %(action)s, doubled by City Hall"),
                         {"name": name, "action": ADMINISTRATION[kind]["name_en"]})
        return Label(_LABELS[kind], {"name": name})
    return Label(str(kind))


def _nested(label: Label) -> dict[str, Any]:
    """A label inside another label's parameters (the web layer renders it in place)."""
    return {"msgid": label.msgid, "params": dict(label.params)}


def _with_amounts(before: State, after: State, action: Mapping[str, Any],
                  label: Label) -> Label:
    """The label of an accepted action, with what it moved."""
    kind = action.get("type")
    seat = action.get("seat")
    hidden = before.settings.hidden_money
    base = _nested(label)
    if kind == "rob":
        take = after.players[seat].cogs - before.players[seat].cogs
        return Label(N_("%(what)s: %(amount)s Cogs taken"), {"what": base, "amount": take})
    if kind == "buy":
        district = before.players[seat].lucien
        paid = before.players[seat].cogs - after.players[seat].cogs
        owner = owner_of(before, district) if district else None
        params = {"name": before.players[seat].name, "amount": paid,
                  "district": _district_name(before, district) if district else "?"}
        if owner is None:
            return Label(N_("%(name)s bought %(district)s from the city for %(amount)s Cogs"),
                         params)
        params["owner"] = before.players[owner].name
        return Label(N_("%(name)s bought %(district)s from %(owner)s for %(amount)s Cogs"),
                     params)
    if kind in ("bank_robbery", "manigance") and not hidden:
        gain = after.players[seat].cogs - before.players[seat].cogs
        if gain > 0:
            return Label(N_("%(what)s: +%(amount)s Cogs"), {"what": base, "amount": gain})
    if kind in ("populist_speech", "manigance"):
        gain = after.players[seat].popularity - before.players[seat].popularity
        if gain > 0:
            return Label(N_("%(what)s: +%(amount)s popularity"), {"what": base, "amount": gain})
    if kind == "counter_manigances":
        drawn = len(after.players[seat].hand) - len(before.players[seat].hand)
        return Label(N_("%(what)s: %(count)s Manigance cards drawn"),
                     {"what": base, "count": drawn})
    if kind in ("requisition", "intimidation"):
        changed = [d.id for d, old, new in zip(before.board.districts, before.owners,
                                                after.owners, strict=True) if old != new]
        if changed:
            return Label(N_("%(what)s: %(districts)s"), {
                "what": base, "districts": [_district_name(before, d) for d in changed]})
    if kind == "end_turn" and after.tax is not before.tax and after.tax:
        return _period_label(before, after, base)
    if kind in ("bid", "pass") and after.election is not before.election:
        return Label(N_("%(what)s · %(election)s"),
                     {"what": base, "election": _nested(_election_label(after))})
    return label


def _tax_line(state: State, line: TaxLine) -> dict[str, Any]:
    name = state.players[line.seat].name
    if state.settings.hidden_money:
        return _nested(Label(N_("%(name)s +%(popularity)s popularity"),
                             {"name": name, "popularity": line.popularity}))
    return _nested(Label(N_("%(name)s +%(popularity)s popularity, +%(cogs)s Cogs"),
                         {"name": name, "popularity": line.popularity, "cogs": line.cogs}))


def _election_label(state: State) -> Label:
    """Who the election made Governor, with the popularity that won it."""
    election = state.election
    if election is None:
        return Label(N_("no Governor this period"))
    if election.governor is None:
        return Label(N_("no Governor this period: nobody bid"))
    name = state.players[election.governor].name
    if election.paid:
        return Label(N_("%(name)s elected Governor after the tie auction (paid %(amount)s Cogs)"),
                     {"name": name, "amount": election.paid})
    return Label(N_("%(name)s elected Governor with %(votes)s popularity"),
                 {"name": name, "votes": state.players[election.governor].popularity})


def _period_label(before: State, after: State, base: dict[str, Any]) -> Label:
    """The last end of turn of an Electoral Period: the tax of each player, then the
    election (or the tie auction it opens, or the victory declared during the tax)."""
    params: dict[str, Any] = {"what": base, "period": before.period,
                              "tax": [_tax_line(after, line) for line in after.tax]}
    if after.result is not None and after.victory is not None:
        params["next"] = _nested(Label(N_("%(name)s wins during the tax collection"),
                                       {"name": after.players[after.victory.seat].name}))
    elif after.phase == "auction" and after.auction is not None:
        params["next"] = _nested(Label(
            N_("tie for Governor at %(votes)s popularity: %(names)s bid"),
            {"votes": after.players[after.auction.tied[0]].popularity,
             "names": [after.players[t].name for t in after.auction.tied]}))
    else:
        params["next"] = _nested(_election_label(after))
    return Label(N_("%(what)s · end of Electoral Period %(period)s, tax: %(tax)s · %(next)s"),
                 params)


def cogs_visible(state: State, seat: int, viewer: int | None) -> bool:
    """Whether ``viewer`` may see ``seat``'s Cogs (hidden money: own phone, or shown by a
    robbery)."""
    return (not state.settings.hidden_money or viewer == seat
            or state.players[seat].cogs_shown)


def _move_json(move: Mapping[str, Any]) -> dict[str, Any]:
    return dict(move)


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or None for everyone) may see it."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise MalformedInput(N_("viewer must be a seat number or null"))
    count = len(state.players)
    players = []
    for seat, p in enumerate(state.players):
        visible = cogs_visible(state, seat, viewer)
        held, by_certificate = meets_conditions(state, seat)
        if not visible:
            held = tuple(c for c in held if c != "dandy" or c in by_certificate)
        players.append({
            "seat": seat, "name": p.name, "colour": p.colour,
            "cogs": p.cogs if visible else None, "cogs_hidden": not visible,
            "popularity": p.popularity, "edgar": p.edgar, "lucien": p.lucien,
            "hand": list(p.hand) if viewer == seat else None, "hand_count": len(p.hand),
            "used": list(p.used), "tokens_left": tokens_left(state, seat),
            "certified_this_period": p.certified,
            "certificates": list(certificates_of(state, seat)),
            "districts": {kind: len(districts_of(state, seat, kind)) for kind in DISTRICT_TYPES}
            | {"total": len(districts_of(state, seat))},
            "conditions": list(held),
            "governor": state.governor == seat, "first_player": state.first_player == seat,
            "heritage_protection": state.heritage == seat,
        })
    active = (state.order[state.active] if state.phase in ("placement", "actions")
              and state.result is None else None)
    auction = state.auction
    return {
        "side": state.settings.side,
        "phase": state.phase,
        "period": state.period,
        "turn": state.turn,
        "turns_per_period": TURNS_PER_PERIOD,
        "order": list(state.order),
        "active": active,
        "acted": list(state.acted),
        "first_player": state.first_player,
        "governor": state.governor,
        "heritage": state.heritage,
        "players": players,
        "districts": [{"id": d.id, "type": d.type, "owner": owner,
                       "protected": owner is not None and owner == state.heritage}
                      for d, owner in zip(state.board.districts, state.owners, strict=True)],
        "certificates": {c: certificate_holder(state, c) for c in CONDITION_ORDER},
        "programming": state.programming.public(viewer) if state.programming else None,
        "last_moves": [{"seat": r.seat,
                        "edgar": {"move": _move_json(r.edgar_move), "from": r.edgar_from,
                                  "to": r.edgar_to},
                        "lucien": {"move": _move_json(r.lucien_move), "from": r.lucien_from,
                                   "to": r.lucien_to}} for r in state.last_moves],
        "auction": None if auction is None else {
            "tied": list(auction.tied), "bidders": list(auction.bidders),
            "speaker": auction.speaker, "high_bid": auction.high_bid,
            "high_bidder": auction.high_bidder, "minimum_bid": minimum_bid(auction)},
        "deck": {"draw_pile": len(state.deck), "discard": list(state.discard)},
        "bank": None if state.settings.hidden_money else bank_reserve(state),
        "tax": [{"seat": t.seat, "popularity": t.popularity,
                 "cogs": t.cogs if cogs_visible(state, t.seat, viewer) else None}
                for t in state.tax],
        "tax_period": state.tax_period or None,
        "election": None if state.election is None else {
            "period": state.election.period, "tied": list(state.election.tied),
            "governor": state.election.governor, "paid": state.election.paid},
        "thresholds": {c: threshold(c, count) for c in CONDITION_ORDER},
        "victory": None if state.victory is None else {
            "seat": state.victory.seat, "conditions": list(state.victory.conditions),
            "certificates": list(state.victory.certificates)},
        "options": {"hidden_money": state.settings.hidden_money},
    }


def chart_series(public: Mapping[str, Any]) -> list[ChartSeries]:
    """Popularity and Cogs at one moment (the results' charts), read from the public view;
    with hidden money the Cogs are nobody's to chart."""
    players = public["players"]
    series = [ChartSeries("popularity", N_("Popularity"),
                          tuple(p["popularity"] for p in players))]
    if not public["options"]["hidden_money"]:
        series.append(ChartSeries("cogs", N_("Cogs"), tuple(p["cogs"] for p in players)))
    return series


def player_colours(public: Mapping[str, Any]) -> list[str]:
    """Each seat's colour on the board."""
    return [str(DATA["colours"][p["colour"]]) for p in public["players"]]


# ---------------------------------------------------------------------------- random play

def move_options(board: Board, district: str) -> list[tuple[dict[str, Any], str]]:
    """Every move a character could program from a district, with where it leads."""
    options: list[tuple[dict[str, Any], str]] = [({"kind": "immobile"}, district)]
    for colour in MOVE_COLOURS:
        for kind in ("border", "metro"):
            move = {"kind": kind, "colour": colour}
            options.append((move, resolve_move(board, district, move)))
    return options


def _wanted(state: State, seat: int, character: str, district: str) -> int:
    """How useful a district is for a character, for the random player's programming."""
    d = state.board.district(district)
    owner = owner_of(state, district)
    used = state.players[seat].used
    score = 0
    if character == LUCIEN:
        if owner is None:
            score += 3
        elif owner != seat and not is_protected(state, district):
            score += 2
        if d.type == "administration":
            score += sum(1 for a, v in ADMINISTRATION.items() if v["character"] == LUCIEN
                         and v["district"] == district and a not in used)
    else:
        if d.type == "administration":
            score += 2 * sum(1 for a, v in ADMINISTRATION.items() if v["character"] == EDGAR
                             and v["district"] == district and a not in used)
        score += sum(1 for s, p in enumerate(state.players) if s != seat and p.lucien == district)
    return score


def _random_programme(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    player = state.players[seat]
    programme: dict[str, Any] = {}
    for character, where in ((EDGAR, player.edgar), (LUCIEN, player.lucien)):
        assert where is not None
        options = move_options(state.board, where)
        if rng.random() < 0.7:
            best = max(_wanted(state, seat, character, to) for _, to in options)
            options = [(m, to) for m, to in options
                       if _wanted(state, seat, character, to) == best]
        programme[character] = rng.choice(options)[0]
    return programme


def _candidate_actions(state: State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Actions worth trying for the active player (some may be refused)."""
    player = state.players[seat]
    others = [s for s in range(len(state.players)) if s != seat]
    base = {"seat": seat}
    candidates: list[dict[str, Any]] = [{"type": "buy", **base}]
    candidates += [{"type": "rob", "victim": s, **base} for s in others]
    neutral = list(neutral_districts(state))
    requisitioned = rng.sample(neutral, min(2, len(neutral))) if neutral else [
        d.id for d in state.board.districts if owner_of(state, d.id) not in (None, seat)][:2]
    targets = []
    for _ in range(2):
        chosen = rng.sample(others, 1 if len(state.players) == 2 else 2)
        for s in chosen:
            owned = districts_of(state, s)
            targets.append({"seat": s, "district": rng.choice(owned) if owned else None})
    for admin in EDGAR_ADMINISTRATION:
        for doubled in (False, True):
            for remote in (False, True):
                action: dict[str, Any] = {"type": admin, "doubled": doubled, "remote": remote,
                                          **base}
                if admin == "requisition":
                    action["districts"] = requisitioned[:2 if doubled else 1]
                if admin == "intimidation":
                    per = 1 if len(state.players) == 2 else 2
                    action["targets"] = targets[:per * (2 if doubled else 1)]
                candidates.append(action)
    candidates += [{"type": "populist_speech", **base}, {"type": "heritage_protection", **base}]
    candidates += [{"type": "certificate_acquisition", "condition": c, **base}
                   for c in CONDITION_ORDER]
    for card in set(player.hand):
        play: dict[str, Any] = {"type": "manigance", "card": card, **base}
        if card == "plan_b":
            play["district"] = rng.choice(neutral or [d.id for d in state.board.districts])
        elif card == "discredit_threat":
            play["payments"] = [{"seat": s, "pays": rng.choice(["popularity", "cogs"])}
                                for s in others]
        elif card == "certification":
            play["condition"] = rng.choice(CONDITION_ORDER)
        elif card == "extortion":
            play["victim"] = rng.choice(others)
        candidates.append(play)
    return candidates


def refusal(state: State, action: Mapping[str, Any]) -> GameError | None:
    """The error ``apply`` would raise for this action, or None when it is allowed."""
    try:
        apply(state, action)
    except GameError as error:
        return error
    return None


def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (or, rarely, a refused one), favouring productive play so that random
    games reach a victory."""
    if state.phase == "placement":
        return {"type": "place", "seat": state.order[state.active],
                "district": rng.choice(neutral_districts(state))}
    if state.phase == "programming":
        assert state.programming is not None
        waiting = [s for s in state.programming.seats if s not in state.programming.locked]
        if rng.random() < 0.05 or not waiting:
            return {"type": REVEAL_ACTION}
        seat = rng.choice(waiting)
        return {"type": SEAL_ACTION, "seat": seat, "value": _random_programme(state, seat, rng)}
    if state.phase == "auction":
        assert state.auction is not None
        speaker = state.auction.speaker
        bid = minimum_bid(state.auction)
        if state.players[speaker].cogs >= bid and rng.random() < 0.6:
            return {"type": "bid", "seat": speaker, "amount": bid}
        return {"type": "pass", "seat": speaker}
    seat = state.order[state.active]
    candidates = _candidate_actions(state, seat, rng)
    if rng.random() < 0.03:
        return rng.choice(candidates)  # maybe refused: refusals must change nothing
    if rng.random() < 0.9:
        legal = [a for a in candidates if refusal(state, a) is None]
        if legal:
            return rng.choice(legal)
    return {"type": "end_turn", "seat": seat}
