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
card ``i`` of the list.

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

- ``{"type": "bid", "seat", "amount"}``: Sincerity, above the bid so far (the active player
  may match it: the last word); at most the bidder's Sincerity. The active player may bid 0
  when nobody else bid.
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
- ``{"type": "skeleton", "seat"}``: draw a Skeleton (kept face down): the chain stops. Then
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
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    HOST,
    N_,
    TABLE,
    GameError,
    IllegalAction,
    Label,
    MalformedInput,
    Option,
    Outcome,
    Owner,
    dispatch,
    load_data,
    read_options,
)
from .sealed import REVEAL_ACTION, SEAL_ACTION, Sealed

ID = "election-usa"
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

ACTION_DECK_FIELDS = ("name", "kind", "high", "low", "pawns", "region", "value", "amount",
                      "count")
SKELETON_DECK_FIELDS = ("name", "text", "money", "sincerity", "pawns", "count")


def _points_option(region: Mapping[str, Any], place: int) -> str:
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
    *(Option(_points_option(region, place), "int", region["points"][place],
             _POINT_LABELS[region["id"]][place], edition=True, minimum=0, maximum=30)
      for region in REGIONS for place in range(3)),
    Option("action_deck", "deck", [], N_("Your Action cards"),
           N_("kind: fundraising (high, low), policy (pawns), advertising (region, pawns), "
              "blackmail or journalist (amount); value: the blue circle; count: copies"),
           edition=True, fields=ACTION_DECK_FIELDS),
    Option("skeleton_deck", "deck", [], N_("Your Skeleton cards"),
           N_("money, sincerity, pawns: what the card changes for its drawer; text: its words"),
           edition=True, fields=SKELETON_DECK_FIELDS),
)


class Reason:
    """Why a game of Election USA ended the way it did (the ``reason`` of its outcome)."""

    MOST_POINTS = "most_points"
    """One player has the most victory points."""
    POLICY_TIEBREAK = "policy_tiebreak"
    """Tied on points: the most Policy cards chosen wins."""
    SHARED = "shared"
    """Tied on points and on Policy cards chosen: a shared win."""


class Trigger:
    """What ended the game (shown with the final scoring)."""

    SKELETONS = "fourth_skeleton"
    LAST_PAWN = "last_pawn"
    LAST_CARD = "last_card"


# ---------------------------------------------------------------------------- state

@dataclass(frozen=True)
class Card:
    kind: str
    high: int = 0
    low: int = 0
    pawns: int = 0
    region: str | None = None
    value: int | None = None
    amount: int = 0
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        if self.kind == "fundraising":
            data |= {"high": self.high, "low": self.low}
        elif self.kind == "policy":
            data["pawns"] = self.pawns
        elif self.kind == "advertising":
            data |= {"region": self.region, "pawns": self.pawns}
        else:
            data["amount"] = self.amount
        if self.value is not None:
            data["value"] = self.value
        if self.name:
            data["name"] = self.name
        return data


@dataclass(frozen=True)
class Skeleton:
    """A Skeleton its drawer keeps face down, with the change it made."""

    money: int
    sincerity: int
    pawns: int
    name: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Settings:
    reserve: int
    malus: int
    deck_size: int
    points: tuple[tuple[int, int, int], ...]  # per region, in REGION_IDS order
    action_deck: tuple[Card, ...]
    skeleton_deck: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Player:
    name: str
    colour: str
    money: int
    sincerity: int
    available: int
    reserve: int
    skeletons: tuple[Skeleton, ...] = ()
    policy_chosen: int = 0
    policy_won: int = 0


@dataclass(frozen=True)
class Policy:
    """The open Policy auction: who speaks, the bid to beat."""

    pawns: int
    order: tuple[int, ...]
    index: int = 0
    high: int = 0
    high_bidder: int | None = None
    spoken: tuple[tuple[int, int | None], ...] = ()  # (seat, amount or None for a pass)


@dataclass(frozen=True)
class Advertising:
    region: str
    pawns: int
    bids: Sealed
    revealed: tuple[tuple[int, int], ...] = ()  # (seat, bid) in ranking order
    winners: tuple[int, ...] = ()
    pending: tuple[int, ...] = ()  # winners yet to place
    placed: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Chain:
    kind: str  # "blackmail" or "journalist"
    amount: int
    order: tuple[int, ...]
    index: int = 0
    paid: tuple[int, ...] = ()
    drawer: int | None = None  # the player who drew a Skeleton, its effect pending
    resume: str = "refill"  # "refill" or "end" (a Sincerity draw)


@dataclass(frozen=True)
class State:
    settings: Settings
    players: tuple[Player, ...]
    board: tuple[tuple[int, ...], ...]  # per region, per seat
    display: tuple[Card | None, ...]
    phase: str = "turn"
    active: int = 0
    turn: int = 1
    drawn: int = 0  # Action cards drawn since setup (refills and Sincerity draws)
    slot: int | None = None  # the slot being refilled
    policy: Policy | None = None
    advertising: Advertising | None = None
    chain: Chain | None = None
    last_advertising: Advertising | None = None
    last_policy: Policy | None = None
    last_chain: Chain | None = None
    bank: int = 0  # $M paid to the bank, less what it paid out
    ending: str | None = None
    result: Outcome | None = None


# ---------------------------------------------------------------------------- reading input

def _fields(raw: Mapping[str, Any], allowed: Sequence[str], what: str) -> None:
    unknown = sorted(str(k) for k in raw if k not in allowed)
    if unknown:
        raise MalformedInput(N_("unknown field: %(field)s"), code="unknown_field",
                             field=", ".join(unknown))


def _int(raw: Mapping[str, Any], key: str, low: int | None = None,
         high: int | None = None, default: int | None = None) -> int:
    if key not in raw or raw[key] is None:
        if default is not None:
            return default
        raise MalformedInput(N_("missing field: %(field)s"), field=key)
    value = raw[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("%(field)s must be a whole number"), field=key)
    if low is not None and value < low:
        raise IllegalAction(N_("%(field)s cannot be below %(minimum)s"), code="out_of_range",
                            field=key, minimum=low)
    if high is not None and value > high:
        raise IllegalAction(N_("%(field)s cannot be above %(maximum)s"), code="out_of_range",
                            field=key, maximum=high)
    return value


def _text(raw: Mapping[str, Any], key: str, limit: int = 60) -> str | None:
    value = raw.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise MalformedInput(N_("%(field)s must be a text"), field=key)
    if len(value) > limit:
        raise MalformedInput(N_("%(field)s is %(limit)s characters at most"), field=key,
                             limit=limit)
    return value.strip() or None


def parse_card(raw: Any, deck: Sequence[Card] = (), *, kinds: Sequence[str] = KINDS,
               value_needed: bool = False) -> Card:
    """A card as a phone (or the deck list) describes it, checked against the rules' ranges."""
    if isinstance(raw, Mapping) and "deck" in raw:
        _fields(raw, ("deck",), "card")
        if not deck:
            raise IllegalAction(N_("this table has no deck list"), code="no_deck_list")
        index = _int(raw, "deck", 0, len(deck) - 1)
        card = deck[index]
        if card.kind not in kinds:
            raise IllegalAction(N_("a %(kind)s card cannot be used here"), code="wrong_kind",
                                kind=card.kind)
        if value_needed and card.kind not in SCANDALS and card.value is None:
            raise IllegalAction(N_("card %(index)s of the deck list has no blue-circle value"),
                                code="no_value", index=index)
        return card
    if not isinstance(raw, Mapping):
        raise MalformedInput(N_("card must be an object"))
    _fields(raw, ("kind", "high", "low", "pawns", "region", "value", "amount", "name"), "card")
    kind = raw.get("kind")
    if not isinstance(kind, str):
        raise MalformedInput(N_("missing field: %(field)s") if kind is None
                             else N_("%(field)s must be a text"), field="kind")
    if kind not in KINDS:
        raise MalformedInput(N_("no card kind %(kind)s"), code="unknown_kind", kind=kind)
    if kind not in kinds:
        raise IllegalAction(N_("a %(kind)s card cannot be used here"), code="wrong_kind",
                            kind=kind)
    name = _text(raw, "name")
    if kind in SCANDALS:
        extra = sorted(k for k in raw if k not in ("kind", "amount", "name"))
        if extra:
            raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(extra))
        return Card(kind, amount=_int(raw, "amount", 1, MAX_AMOUNT), name=name)
    value = (_int(raw, "value", 0, MAX_VALUE) if value_needed or raw.get("value") is not None
             else None)
    if value_needed:
        # Drawn to raise Sincerity: only the blue circle matters.
        return Card(kind, value=value, name=name)
    if kind == "fundraising":
        high = _int(raw, "high", 0, MAX_AMOUNT)
        low = _int(raw, "low", 0, MAX_AMOUNT)
        if low > high:
            raise IllegalAction(N_("the smaller amount of a Fundraising card is above the "
                                   "larger one"), code="bad_amounts")
        return Card(kind, high=high, low=low, value=value, name=name)
    pawns = _int(raw, "pawns", 1, MAX_PAWNS)
    if kind == "policy":
        return Card(kind, pawns=pawns, value=value, name=name)
    region = raw.get("region")
    if not isinstance(region, str):
        raise MalformedInput(N_("missing field: %(field)s") if region is None
                             else N_("%(field)s must be a text"), field="region")
    if region not in REGION_IDS:
        raise MalformedInput(N_("no region %(region)s"), code="unknown_region", region=region)
    return Card(kind, pawns=pawns, region=region, value=value, name=name)


def _deck_card(raw: Mapping[str, Any], index: int) -> Card:
    card = {k: v for k, v in raw.items() if k != "count"}
    try:
        return parse_card(card)
    except GameError as error:
        raise IllegalAction(N_("Action card %(index)s of the deck list: %(reason)s"),
                            code="bad_deck_list", index=index + 1,
                            reason=str(error)) from error


def _copies(raw: Mapping[str, Any], index: int) -> int:
    count = raw.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 40:
        raise IllegalAction(N_("card %(index)s of the deck list: count must be 1 to 40"),
                            code="bad_deck_list", index=index + 1)
    return count


# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "colour", "type": "string", "required": True, "choices": list(COLOURS),
         "help": N_("Pawn colour, one per player")},
    ]


def example_players(count: int) -> list[dict[str, Any]]:
    names = ("Abigail", "Bruce", "Carmen", "Dwight", "Eleanor")
    return [{"name": names[i], "colour": COLOURS[i]} for i in range(count)]


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: $15M, 6 pawns, Sincerity 12 each; ten face-up cards not yet recorded."""
    values = read_options(OPTIONS, options)
    deck: list[Card] = []
    size = 0
    for index, raw in enumerate(values["action_deck"]):
        card = _deck_card(raw, index)
        deck.append(card)
        size += _copies(raw, index)
    skeletons = []
    for index, raw in enumerate(values["skeleton_deck"]):
        for key in ("money", "sincerity", "pawns"):
            item = raw.get(key)
            if item is not None and (isinstance(item, bool) or not isinstance(item, int)
                                     or abs(item) > 40):
                raise IllegalAction(N_("Skeleton card %(index)s of the deck list: %(field)s "
                                       "must be a whole number"), code="bad_deck_list",
                                    index=index + 1, field=key)
        _copies(raw, index)
        skeletons.append(dict(raw))
    if size > MAX_DECK_SIZE:
        raise IllegalAction(N_("the deck list holds more than %(count)s Action cards"),
                            code="bad_deck_list", count=MAX_DECK_SIZE)
    if deck and size <= FACE_UP:
        raise IllegalAction(N_("the deck list must hold more than %(count)s Action cards"),
                            code="bad_deck_list", count=FACE_UP)
    settings = Settings(
        reserve=values["reserve"], malus=values["skeleton_malus"],
        deck_size=size if deck else values["action_cards"],
        points=tuple(tuple(values[_points_option(r, p)] for p in range(3))
                     for r in REGIONS),
        action_deck=tuple(deck), skeleton_deck=tuple(skeletons))
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
        _fields(player, ("name", "colour"), "player")
        name, colour = player.get("name"), player.get("colour")
        if name is not None and not isinstance(name, str):
            raise MalformedInput(N_("%(field)s must be a text"), field="name")
        if not isinstance(name, str) or not name.strip():
            raise MalformedInput(N_("player %(index)s needs a name"), index=index)
        if len(name.strip()) > 40:
            raise MalformedInput(N_("player %(index)s: a name is 40 characters at most"),
                                 index=index)
        if colour is not None and not isinstance(colour, str):
            raise MalformedInput(N_("%(field)s must be a text"), field="colour")
        if colour not in COLOURS:
            raise MalformedInput(N_("player %(index)s needs a colour: %(colours)s"),
                                 code="unknown_colour", index=index,
                                 colours=", ".join(COLOURS))
        if any(p.colour == colour for p in seated):
            raise IllegalAction(N_("two players chose %(colour)s: one colour each"),
                                code="colour_taken", colour=colour)
        seated.append(Player(name.strip(), colour, START["money"], START["sincerity"],
                             START["pawns"], settings.reserve))
    return State(settings=settings, players=tuple(seated),
                 board=tuple(tuple(0 for _ in seated) for _ in REGIONS),
                 display=tuple(None for _ in range(FACE_UP)))


# ---------------------------------------------------------------------------- helpers

def clockwise(start: int, count: int) -> tuple[int, ...]:
    """Every seat clockwise from ``start`` (included)."""
    return tuple((start + i) % count for i in range(count))


def clamp_sincerity(value: int) -> int:
    return max(SINCERITY_MIN, min(SINCERITY_MAX, value))


def remaining_cards(state: State) -> int:
    """Action cards left in the draw pile."""
    return max(0, state.settings.deck_size - FACE_UP - state.drawn)


def region_index(region: str) -> int:
    return REGION_IDS.index(region)


def placed(state: State, seat: int) -> int:
    return sum(counts[seat] for counts in state.board)


def _set_player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def _change_money(state: State, seat: int, delta: int) -> State:
    player = state.players[seat]
    return replace(_set_player(state, seat, replace(player, money=player.money + delta)),
                   bank=state.bank - delta)


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _seat(state: State, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = _int(action, key)
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


_PHASE_REFUSALS = {
    "turn": N_("not now: %(name)s is choosing an action"),
    "policy": N_("not now: the Policy auction is on"),
    "advertising": N_("not now: the Advertising bids are being sealed"),
    "placement": N_("not now: the Advertising winners are placing pawns"),
    "chain": N_("not now: the Blackmail or Journalist goes round the table"),
    "skeleton": N_("not now: %(name)s is entering a Skeleton"),
    "refill": N_("not now: %(name)s is refilling the face-up cards"),
}


def _require_phase(state: State, *phases: str) -> None:
    if state.phase not in phases:
        who = state.active
        if state.phase == "skeleton" and state.chain and state.chain.drawer is not None:
            who = state.chain.drawer
        raise IllegalAction(_PHASE_REFUSALS[state.phase], code="wrong_phase",
                            name=_name(state, who))


def _require_active(state: State, seat: int) -> None:
    if seat != state.active:
        raise IllegalAction(N_("it is %(name)s's turn, not %(other)s's"), code="not_your_turn",
                            name=_name(state, state.active), other=_name(state, seat))


def _keys(action: Mapping[str, Any], *allowed: str) -> None:
    _fields(action, ("type", *allowed), "action")


# ---------------------------------------------------------------------------- the turn

def apply(state: State, action: Mapping[str, Any]) -> State:
    """The state after one action, or a typed error and no change."""
    return dispatch(_HANDLERS, state, action, finished=state.result is not None)


def _slot(action: Mapping[str, Any]) -> int:
    return _int(action, "slot", 0, FACE_UP - 1)


def _show(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "slot", "card")
    slot = _slot(action)
    card = parse_card(action.get("card"), state.settings.action_deck, kinds=PLAYABLE)
    if state.phase == "refill" and state.slot == slot:
        raise IllegalAction(N_("this slot is being refilled: enter the card drawn"),
                            code="slot_refilling")
    if state.phase in ("policy", "advertising", "placement") and state.slot == slot:
        raise IllegalAction(N_("this card is being played: its place is empty"),
                            code="slot_refilling")
    return replace(state, display=_with_slot(state.display, slot, card))


def _with_slot(display: tuple[Card | None, ...], slot: int,
               card: Card | None) -> tuple[Card | None, ...]:
    return display[:slot] + (card,) + display[slot + 1:]


def _take(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "slot", "card")
    seat = _seat(state, action)
    slot = _slot(action)
    recorded = state.display[slot]
    raw = action.get("card")
    if raw is None and recorded is None:
        raise MalformedInput(N_("missing field: %(field)s"), field="card")
    card = (parse_card(raw, state.settings.action_deck, kinds=PLAYABLE) if raw is not None
            else recorded)
    assert card is not None
    _require_phase(state, "turn")
    _require_active(state, seat)
    state = replace(state, display=_with_slot(state.display, slot, None), slot=slot,
                    last_advertising=None, last_policy=None, last_chain=None)
    count = len(state.players)
    if card.kind == "fundraising":
        for other in range(count):
            state = _change_money(state, other, card.high if other == seat else card.low)
        return _to_refill(state)
    if card.kind == "policy":
        player = state.players[seat]
        state = _set_player(state, seat, replace(player, policy_chosen=player.policy_chosen + 1))
        order = clockwise(seat + 1, count)
        return replace(state, phase="policy", policy=Policy(card.pawns, order))
    assert card.region is not None
    bids = Sealed.open(ADS_STEP, range(count), key=f"ads:{state.turn}")
    return replace(state, phase="advertising",
                   advertising=Advertising(card.region, card.pawns, bids))


def _raise_sincerity(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "card", "last")
    seat = _seat(state, action)
    card = parse_card(action.get("card"), state.settings.action_deck, value_needed=True)
    last = _last_flag(action)
    _require_phase(state, "turn")
    _require_active(state, seat)
    if remaining_cards(state) == 0:
        raise IllegalAction(N_("the Action deck is empty"), code="deck_empty")
    state = replace(state, slot=None, last_advertising=None, last_policy=None,
                    last_chain=None)
    state = _drew(state, last)
    if card.kind in SCANDALS:
        return _open_chain(state, card, resume="end")
    player = state.players[seat]
    assert card.value is not None
    state = _set_player(state, seat, replace(
        player, sincerity=clamp_sincerity(player.sincerity + card.value)))
    return _end_turn(state)


def _last_flag(action: Mapping[str, Any]) -> bool:
    value = action.get("last", False)
    if not isinstance(value, bool):
        raise MalformedInput(N_("%(field)s must be true or false"), field="last")
    return value


def _drew(state: State, last: bool) -> State:
    state = replace(state, drawn=state.drawn + 1)
    if last or remaining_cards(state) == 0:
        state = replace(state, drawn=max(state.drawn, state.settings.deck_size - FACE_UP),
                        ending=state.ending or Trigger.LAST_CARD)
    return state


def _to_refill(state: State) -> State:
    """After a face-up card's effect: draw for its slot (nothing left to draw: the turn ends)."""
    if remaining_cards(state) == 0:
        return _end_turn(state)
    return replace(state, phase="refill", policy=None, advertising=None, chain=None)


def _refill(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "card", "last")
    seat = _seat(state, action)
    card = parse_card(action.get("card"), state.settings.action_deck)
    last = _last_flag(action)
    _require_phase(state, "refill")
    _require_active(state, seat)
    slot = state.slot
    assert slot is not None
    state = _drew(state, last)
    if card.kind in SCANDALS:
        return _open_chain(state, card, resume="refill")
    state = replace(state, display=_with_slot(state.display, slot, card))
    return _end_turn(state)


def _end_turn(state: State) -> State:
    """The action is finished: score if the end was triggered, else the next player's turn.

    The deck runs out only with its last card, which triggers the end: a slot left empty is
    never offered again."""
    state = replace(state, phase="turn", policy=None, advertising=None, chain=None, slot=None)
    if state.ending is not None:
        return replace(state, phase="over", result=final_outcome(state))
    return replace(state, active=(state.active + 1) % len(state.players), turn=state.turn + 1)


# ---------------------------------------------------------------------------- Policy

def _speaker(state: State, action: Mapping[str, Any]) -> tuple[int, Policy]:
    _require_phase(state, "policy")
    assert state.policy is not None
    seat = _seat(state, action)
    policy = state.policy
    speaker = policy.order[policy.index]
    if seat != speaker:
        if any(s == seat for s, _ in policy.spoken):
            raise IllegalAction(N_("%(name)s has already spoken in this auction"),
                                code="already_spoke", name=_name(state, seat))
        raise IllegalAction(N_("it is %(name)s's turn to bid or pass"), code="not_your_turn",
                            name=_name(state, speaker))
    return seat, policy


def minimum_policy_bid(state: State, seat: int) -> int:
    """The lowest bid ``seat`` may make now: above the bid so far; the active player may match."""
    assert state.policy is not None
    high = state.policy.high
    if seat == state.active:
        return high
    return high + 1


def _bid(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "amount")
    amount = _int(action, "amount", 0)
    seat, policy = _speaker(state, action)
    lowest = minimum_policy_bid(state, seat)
    if amount < lowest:
        raise IllegalAction(N_("a bid must be at least %(minimum)s Sincerity"),
                            code="bid_too_low", minimum=lowest)
    if amount > state.players[seat].sincerity:
        raise IllegalAction(N_("%(name)s has only %(sincerity)s Sincerity"), code="cannot_afford",
                            name=_name(state, seat), sincerity=state.players[seat].sincerity)
    policy = replace(policy, high=amount, high_bidder=seat,
                     spoken=(*policy.spoken, (seat, amount)), index=policy.index + 1)
    return _policy_next(state, policy)


def _pass(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat")
    seat, policy = _speaker(state, action)
    policy = replace(policy, spoken=(*policy.spoken, (seat, None)), index=policy.index + 1)
    return _policy_next(state, policy)


def _policy_next(state: State, policy: Policy) -> State:
    if policy.index < len(policy.order):
        return replace(state, policy=policy)
    state = replace(state, policy=policy)
    winner = policy.high_bidder
    if winner is not None:
        player = state.players[winner]
        taken = min(policy.pawns, player.reserve)
        state = _set_player(state, winner, replace(
            player, sincerity=player.sincerity - policy.high, reserve=player.reserve - taken,
            available=player.available + taken, policy_won=player.policy_won + 1))
    return _to_refill(replace(state, last_policy=policy))


# ---------------------------------------------------------------------------- Advertising

def _seal(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "value")
    seat = _seat(state, action)
    amount = _int(action, "value", 0)
    _require_phase(state, "advertising")
    ads = state.advertising
    assert ads is not None
    if seat in ads.bids.locked:
        raise IllegalAction(N_("your bid is already in: a closed fist does not open again"),
                            code="already_sealed")
    if amount > state.players[seat].money:
        raise IllegalAction(N_("%(name)s has only $%(money)sM"), code="cannot_afford",
                            name=_name(state, seat), money=state.players[seat].money)
    return replace(state, advertising=replace(ads, bids=ads.bids.lock(seat, amount)))


def advertising_ranking(bids: Mapping[int, int], active: int,
                        count: int) -> tuple[tuple[int, int], ...]:
    """Every (seat, bid), highest first; equal bids clockwise from the active player."""
    order = clockwise(active, count)
    return tuple(sorted(((s, bids.get(s, 0)) for s in order),
                        key=lambda sb: (-sb[1], order.index(sb[0]))))


def _reveal(state: State, action: Mapping[str, Any]) -> State:
    _keys(action)
    _require_phase(state, "advertising")
    ads = state.advertising
    assert ads is not None
    bids = {s: ads.bids.value(s, 0) for s in ads.bids.seats}
    ranking = advertising_ranking(bids, state.active, len(state.players))
    winners = tuple(s for s, _ in ranking[:2])
    for seat in winners:
        state = _change_money(state, seat, -bids[seat])
    ads = replace(ads, revealed=ranking, winners=winners,
                  pending=tuple(s for s in winners))
    return replace(state, phase="placement", advertising=ads)


def _place(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "count")
    seat = _seat(state, action)
    count = _int(action, "count", 0)
    _require_phase(state, "placement")
    ads = state.advertising
    assert ads is not None
    if seat not in ads.pending:
        raise IllegalAction(N_("%(name)s has no pawns to place for this Advertising"),
                            code="not_a_winner", name=_name(state, seat))
    player = state.players[seat]
    if count > ads.pawns:
        raise IllegalAction(N_("this card places %(pawns)s pawns at most"), code="too_many",
                            pawns=ads.pawns)
    if count > player.available:
        raise IllegalAction(N_("%(name)s has only %(available)s pawns available"),
                            code="not_enough_pawns", name=player.name,
                            available=player.available)
    r = region_index(ads.region)
    counts = state.board[r]
    board = state.board[:r] + (counts[:seat] + (counts[seat] + count,) + counts[seat + 1:],) \
        + state.board[r + 1:]
    state = _set_player(replace(state, board=board), seat,
                        replace(player, available=player.available - count))
    if count > 0 and player.available == count:
        state = replace(state, ending=state.ending or Trigger.LAST_PAWN)
    ads = replace(ads, pending=tuple(s for s in ads.pending if s != seat),
                  placed=(*ads.placed, (seat, count)))
    state = replace(state, advertising=ads, last_advertising=ads)
    if ads.pending:
        return state
    return _to_refill(state)


# ---------------------------------------------------------------------------- the chain

def _open_chain(state: State, card: Card, resume: str) -> State:
    chain = Chain(card.kind, card.amount, clockwise(state.active, len(state.players)),
                  resume=resume)
    return replace(state, phase="chain", chain=chain)


def can_pay(state: State, seat: int) -> bool:
    chain = state.chain
    assert chain is not None
    player = state.players[seat]
    have = player.money if chain.kind == "blackmail" else player.sincerity
    return have >= chain.amount


def _chain_speaker(state: State, action: Mapping[str, Any]) -> tuple[int, Chain]:
    _keys(action, "seat")
    seat = _seat(state, action)
    _require_phase(state, "chain")
    chain = state.chain
    assert chain is not None
    speaker = chain.order[chain.index]
    if seat != speaker:
        raise IllegalAction(N_("it is %(name)s's turn to pay or draw a Skeleton"),
                            code="not_your_turn", name=_name(state, speaker))
    return seat, chain


def _pay(state: State, action: Mapping[str, Any]) -> State:
    seat, chain = _chain_speaker(state, action)
    if not can_pay(state, seat):
        raise IllegalAction(N_("%(name)s cannot pay %(amount)s: they must draw a Skeleton"),
                            code="cannot_afford", name=_name(state, seat),
                            amount=_amount_text(chain))
    if chain.kind == "blackmail":
        state = _change_money(state, seat, -chain.amount)
    else:
        player = state.players[seat]
        state = _set_player(state, seat, replace(player,
                                                 sincerity=player.sincerity - chain.amount))
    chain = replace(chain, paid=(*chain.paid, seat), index=chain.index + 1)
    if chain.index < len(chain.order):
        return replace(state, chain=chain)
    return _chain_over(replace(state, chain=chain))


def _amount_text(chain: Chain) -> str:
    return f"${chain.amount}M" if chain.kind == "blackmail" else f"{chain.amount} Sincerity"


def _skeleton(state: State, action: Mapping[str, Any]) -> State:
    seat, chain = _chain_speaker(state, action)
    return replace(state, phase="skeleton", chain=replace(chain, drawer=seat))


def _skeleton_effect(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "money", "sincerity", "pawns", "deck", "note")
    seat = _seat(state, action)
    template: Mapping[str, Any] = {}
    name = None
    if action.get("deck") is not None:
        deck = state.settings.skeleton_deck
        if not deck:
            raise IllegalAction(N_("this table has no Skeleton list"), code="no_deck_list")
        template = deck[_int(action, "deck", 0, len(deck) - 1)]
        name = template.get("name") if isinstance(template.get("name"), str) else None
    limit = 40
    money = _int(action, "money", -limit, limit, default=int(template.get("money") or 0))
    sincerity = _int(action, "sincerity", -limit, limit,
                     default=int(template.get("sincerity") or 0))
    pawns = _int(action, "pawns", -limit, limit, default=int(template.get("pawns") or 0))
    note = _text(action, "note")
    _require_phase(state, "skeleton")
    chain = state.chain
    assert chain is not None
    if seat != chain.drawer:
        raise IllegalAction(N_("%(name)s drew the Skeleton: their phone enters it"),
                            code="not_your_skeleton", name=_name(state, chain.drawer or 0))
    player = state.players[seat]
    if pawns > player.reserve:
        raise IllegalAction(N_("the reserve holds only %(reserve)s of %(name)s's pawns"),
                            code="reserve_short", reserve=player.reserve, name=player.name)
    money = max(money, -player.money)
    pawns = max(pawns, -player.available)
    new_sincerity = clamp_sincerity(player.sincerity + sincerity)
    skeleton = Skeleton(money, new_sincerity - player.sincerity, pawns, name, note)
    state = _change_money(state, seat, money)
    player = state.players[seat]
    state = _set_player(state, seat, replace(
        player, sincerity=new_sincerity, available=player.available + pawns,
        reserve=player.reserve - pawns, skeletons=(*player.skeletons, skeleton)))
    if len(state.players[seat].skeletons) >= SKELETON_LIMIT:
        state = replace(state, ending=state.ending or Trigger.SKELETONS)
    return _chain_over(state)


def _chain_over(state: State) -> State:
    chain = state.chain
    assert chain is not None
    state = replace(state, chain=None, last_chain=chain)
    if chain.resume == "end":
        return _end_turn(state)
    return _to_refill(state)


_HANDLERS = {
    "take": _take,
    "raise_sincerity": _raise_sincerity,
    "show": _show,
    "bid": _bid,
    "pass": _pass,
    SEAL_ACTION: _seal,
    REVEAL_ACTION: _reveal,
    "place": _place,
    "pay": _pay,
    "skeleton": _skeleton,
    "skeleton_effect": _skeleton_effect,
    "refill": _refill,
}


# ---------------------------------------------------------------------------- scoring

@dataclass(frozen=True)
class RegionScore:
    region: str
    counts: tuple[int, ...]
    struck: tuple[int, ...]  # seats whose count ties another colour's
    places: tuple[tuple[int, int, int], ...]  # (seat, pawns, points), 1st first


def score_region(counts: Sequence[int], points: Sequence[int], region: str = "") -> RegionScore:
    """Ties struck out (absent colours never tie), then 1st/2nd/3rd of the rest."""
    present = [(s, n) for s, n in enumerate(counts) if n > 0]
    struck = tuple(s for s, n in present if sum(1 for _, m in present if m == n) > 1)
    rest = sorted(((s, n) for s, n in present if s not in struck), key=lambda sn: -sn[1])
    places = tuple((s, n, points[i]) for i, (s, n) in enumerate(rest[:len(points)]))
    return RegionScore(region, tuple(counts), struck, places)


def region_scores(state: State) -> tuple[RegionScore, ...]:
    return tuple(score_region(state.board[i], state.settings.points[i], REGION_IDS[i])
                 for i in range(len(REGIONS)))


def malus_of(state: State, seat: int) -> int:
    return state.settings.malus if len(state.players[seat].skeletons) >= SKELETON_LIMIT else 0


def totals(state: State) -> tuple[int, ...]:
    """Each seat's victory points if the game ended now."""
    points = [0] * len(state.players)
    for score in region_scores(state):
        for seat, _, won in score.places:
            points[seat] += won
    return tuple(points[s] - malus_of(state, s) for s in range(len(state.players)))


def final_outcome(state: State) -> Outcome:
    scores = totals(state)
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    if len(leaders) == 1:
        return Outcome((leaders[0],), Reason.MOST_POINTS)
    most = max(state.players[s].policy_chosen for s in leaders)
    chosen = tuple(s for s in leaders if state.players[s].policy_chosen == most)
    if len(chosen) == 1:
        return Outcome(chosen, Reason.POLICY_TIEBREAK)
    return Outcome(chosen, Reason.SHARED)


def outcome(state: State) -> Outcome | None:
    return state.result


def sealed(state: State) -> Sealed | None:
    """The open Advertising bids, if any."""
    if state.phase == "advertising" and state.advertising is not None:
        return state.advertising.bids
    return None


def round_number(state: State) -> int:
    """The turn being played."""
    return state.turn


def correctable(action: Mapping[str, Any]) -> bool:
    """Mistakes are undone, not corrected: no action replaces a past entry."""
    return False


# ---------------------------------------------------------------------------- ownership

_SEAT_ACTIONS = ("take", "raise_sincerity", "bid", "pass", SEAL_ACTION, "place", "pay",
                 "skeleton", "skeleton_effect", "refill")


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to: the seat it names (its phone), any phone for ``show``, the
    host for ``reveal``."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if kind == REVEAL_ACTION:
        return HOST
    if kind == "show":
        return TABLE
    if isinstance(kind, str) and kind in _SEAT_ACTIONS:
        return _seat(state, action)
    raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action", type=kind)


# ---------------------------------------------------------------------------- reading

def _region_name(region: Any, lang: str = "en") -> str:
    for r in REGIONS:
        if r["id"] == region:
            return str(r.get(f"name_{lang}", r["name_en"]))
    return "?"


def localized_names(lang: str) -> dict[str, str]:
    """The regions' and card kinds' English names (used inside messages) in the reader's
    language."""
    names = {r["name_en"]: r.get(f"name_{lang}", r["name_en"]) for r in REGIONS}
    names.update({k["name_en"]: k.get(f"name_{lang}", k["name_en"]) for k in DATA["kinds"]})
    return names


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button; a sealed bid never shows its amount."""
    if not isinstance(action, Mapping):
        return Label("?")
    kind = action.get("type")
    seat = action.get("seat")
    players = state.players
    name = players[seat].name if isinstance(seat, int) and not isinstance(seat, bool) \
        and 0 <= seat < len(players) else "?"
    card = action.get("card")
    card_kind = card.get("kind") if isinstance(card, Mapping) else None
    if isinstance(card, Mapping) and "deck" in card:
        index = card.get("deck")
        deck = state.settings.action_deck
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(deck):
            card_kind = deck[index].kind
    kind_name = {"fundraising": N_("Fundraising"), "policy": N_("Policy"),
                 "advertising": N_("Advertising"), "blackmail": N_("Blackmail"),
                 "journalist": N_("Journalist")}.get(card_kind if isinstance(card_kind, str)
                                                     else "", "?")
    if kind == "take":
        slot = action.get("slot")
        if kind_name == "?" and isinstance(slot, int) and 0 <= slot < FACE_UP:
            shown = state.display[slot]
            if shown is not None:
                kind_name = {"fundraising": N_("Fundraising"), "policy": N_("Policy"),
                             "advertising": N_("Advertising")}[shown.kind]
        return Label(N_("%(name)s took a card: %(card)s"), {"name": name, "card": kind_name})
    if kind == "raise_sincerity":
        return Label(N_("%(name)s drew to raise Sincerity"), {"name": name})
    if kind == "show":
        return Label(N_("face-up card recorded: %(card)s"), {"card": kind_name})
    if kind == "refill":
        return Label(N_("%(name)s refilled a slot: %(card)s"),
                     {"name": name, "card": kind_name})
    if kind == "bid":
        return Label(N_("%(name)s bid %(amount)s Sincerity"),
                     {"name": name, "amount": action.get("amount")})
    if kind == "pass":
        return Label(N_("%(name)s passed"), {"name": name})
    if kind == SEAL_ACTION:
        return Label(N_("%(name)s sealed an Advertising bid"), {"name": name})
    if kind == REVEAL_ACTION:
        return Label(N_("Advertising bids revealed"))
    if kind == "place":
        return Label(N_("%(name)s placed %(count)s pawns"),
                     {"name": name, "count": action.get("count")})
    if kind == "pay":
        return Label(N_("%(name)s paid"), {"name": name})
    if kind == "skeleton":
        return Label(N_("%(name)s drew a Skeleton"), {"name": name})
    if kind == "skeleton_effect":
        return Label(N_("%(name)s's Skeleton took effect"), {"name": name})
    return Label(str(kind))


def _card_json(card: Card | None) -> dict[str, Any] | None:
    return card.to_json() if card is not None else None


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or None for everyone) may see it."""
    scores = region_scores(state)
    now = totals(state)
    players = []
    for seat, p in enumerate(state.players):
        players.append({
            "seat": seat, "name": p.name, "colour": p.colour, "money": p.money,
            "sincerity": p.sincerity, "available": p.available, "reserve": p.reserve,
            "placed": placed(state, seat),
            "regions": {REGION_IDS[i]: state.board[i][seat] for i in range(len(REGIONS))},
            "skeletons": len(p.skeletons),
            "skeleton_cards": [{"name": k.name, "note": k.note, "money": k.money,
                                "sincerity": k.sincerity, "pawns": k.pawns}
                               for k in p.skeletons] if viewer == seat else None,
            "policy_chosen": p.policy_chosen, "policy_won": p.policy_won,
            "malus": malus_of(state, seat), "points_now": now[seat],
        })
    policy = state.policy
    ads = state.advertising
    chain = state.chain
    speaker = None
    if state.phase == "policy" and policy is not None:
        speaker = policy.order[policy.index]
    elif state.phase == "chain" and chain is not None:
        speaker = chain.order[chain.index]

    def ads_json(a: Advertising | None) -> dict[str, Any] | None:
        if a is None:
            return None
        revealed = bool(a.revealed)
        return {"region": a.region, "pawns": a.pawns, "bids": a.bids.public(viewer),
                "revealed": [{"seat": s, "bid": b} for s, b in a.revealed] if revealed
                else None,
                "winners": list(a.winners), "pending": list(a.pending),
                "placed": [{"seat": s, "count": c} for s, c in a.placed]}

    def chain_json(c: Chain | None) -> dict[str, Any] | None:
        if c is None:
            return None
        return {"kind": c.kind, "amount": c.amount, "order": list(c.order),
                "paid": list(c.paid), "drawer": c.drawer, "resume": c.resume}

    result = state.result
    return {
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active if result is None else None,
        "speaker": speaker,
        "deck": {"size": state.settings.deck_size, "drawn": state.drawn,
                 "remaining": remaining_cards(state)},
        "display": [_card_json(c) for c in state.display],
        "refilling": state.slot if state.phase == "refill" else None,
        "players": players,
        "regions": [{"id": s.region, "points": list(state.settings.points[i]),
                     "pawns": list(s.counts), "struck": list(s.struck),
                     "places": [{"seat": seat, "pawns": n, "points": pts}
                                for seat, n, pts in s.places]}
                    for i, s in enumerate(scores)],
        "policy": None if policy is None or state.phase != "policy" else {
            "pawns": policy.pawns, "order": list(policy.order), "high": policy.high,
            "high_bidder": policy.high_bidder,
            "spoken": [{"seat": s, "amount": a} for s, a in policy.spoken],
            "minimum": minimum_policy_bid(state, speaker) if speaker is not None else None},
        "last_policy": None if state.last_policy is None else {
            "pawns": state.last_policy.pawns, "high": state.last_policy.high,
            "winner": state.last_policy.high_bidder,
            "spoken": [{"seat": s, "amount": a} for s, a in state.last_policy.spoken]},
        "advertising": ads_json(ads if state.phase in ("advertising", "placement") else None),
        "last_advertising": ads_json(state.last_advertising),
        "chain": chain_json(chain),
        "last_chain": chain_json(state.last_chain),
        "can_pay": can_pay(state, speaker) if state.phase == "chain" and speaker is not None
        else None,
        "bank": state.bank,
        "ending": state.ending,
        "final": None if result is None else {
            "trigger": state.ending, "totals": list(now), "winners": list(result.winners),
            "reason": result.reason},
        "settings": {"malus": state.settings.malus, "reserve": state.settings.reserve,
                     "deck_list": bool(state.settings.action_deck),
                     "skeleton_list": bool(state.settings.skeleton_deck)},
    }


# ---------------------------------------------------------------------------- random play

def refusal(state: State, action: Mapping[str, Any]) -> GameError | None:
    """The error ``apply`` would raise for this action, or None when it is allowed."""
    try:
        apply(state, action)
    except GameError as error:
        return error
    return None


def _random_card(rng: random.Random, scandals: bool) -> dict[str, Any]:
    kinds = list(PLAYABLE) + (list(SCANDALS) if scandals else [])
    weights = [3, 2, 4] + ([1, 1] if scandals else [])
    kind = rng.choices(kinds, weights)[0]
    value = rng.randint(0, 4)
    if kind == "fundraising":
        low = rng.randint(1, 3)
        return {"kind": kind, "high": low + rng.randint(1, 4), "low": low, "value": value}
    if kind == "policy":
        return {"kind": kind, "pawns": rng.randint(1, 3), "value": value}
    if kind == "advertising":
        return {"kind": kind, "region": rng.choice(REGION_IDS), "pawns": rng.randint(1, 3),
                "value": value}
    return {"kind": kind, "amount": rng.randint(1, 4)}


def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (or, rarely, a refused one), for the conformance suite."""
    active = state.active
    if state.phase == "turn":
        if rng.random() < 0.02:
            return {"type": "show", "slot": rng.randrange(FACE_UP),
                    "card": _random_card(rng, False)}
        if rng.random() < 0.25 and remaining_cards(state) > 0:
            card = _random_card(rng, True)
            if card["kind"] not in SCANDALS:
                card = {"kind": card["kind"], "value": card["value"]}
            return {"type": "raise_sincerity", "seat": active, "card": card}
        return {"type": "take", "seat": active, "slot": rng.randrange(FACE_UP),
                "card": _random_card(rng, False)}
    if state.phase == "refill":
        return {"type": "refill", "seat": active, "card": _random_card(rng, True)}
    if state.phase == "policy":
        assert state.policy is not None
        speaker = state.policy.order[state.policy.index]
        lowest = minimum_policy_bid(state, speaker)
        have = state.players[speaker].sincerity
        if have >= lowest and rng.random() < 0.5:
            return {"type": "bid", "seat": speaker, "amount": rng.randint(lowest, min(
                have, lowest + 2))}
        return {"type": "pass", "seat": speaker}
    if state.phase == "advertising":
        bids = sealed(state)
        assert bids is not None
        waiting = [s for s in bids.seats if s not in bids.locked]
        if not waiting or rng.random() < 0.05:
            return {"type": REVEAL_ACTION}
        seat = rng.choice(waiting)
        return {"type": SEAL_ACTION, "seat": seat,
                "value": rng.randint(0, min(4, state.players[seat].money))}
    if state.phase == "placement":
        assert state.advertising is not None
        seat = rng.choice(state.advertising.pending)
        most = min(state.advertising.pawns, state.players[seat].available)
        return {"type": "place", "seat": seat, "count": rng.randint(min(1, most), most)}
    if state.phase == "chain":
        assert state.chain is not None
        speaker = state.chain.order[state.chain.index]
        if can_pay(state, speaker) and rng.random() < 0.7:
            return {"type": "pay", "seat": speaker}
        return {"type": "skeleton", "seat": speaker}
    if state.phase == "skeleton":
        assert state.chain is not None and state.chain.drawer is not None
        seat = state.chain.drawer
        return {"type": "skeleton_effect", "seat": seat, "money": rng.randint(-3, 2),
                "sincerity": rng.randint(-3, 2),
                "pawns": rng.randint(-1, min(1, state.players[seat].reserve))}
    return {"type": "take", "seat": active, "slot": 0}
