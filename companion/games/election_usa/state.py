"""Election USA: the state, reading what the phones send, the setup and small helpers."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..base import (
    MAX_CARD_TEXT,
    N_,
    RULES_KEY,
    GameError,
    IllegalAction,
    MalformedInput,
    Outcome,
    read_options,
)
from ..deck_schema import check_cards
from ..sealed import Sealed
from .data import (
    ACTION_DECK_SCHEMA,
    COLOURS,
    FACE_UP,
    KINDS,
    MAX_AMOUNT,
    MAX_COPIES,
    MAX_DECK_SIZE,
    MAX_PAWNS,
    MAX_PLAYERS,
    MAX_SKELETON_CHANGE,
    MAX_VALUE,
    MIN_PLAYERS,
    OPTIONS,
    REGION_IDS,
    REGIONS,
    RULES,
    SCANDALS,
    SINCERITY_MAX,
    SINCERITY_MIN,
    SKELETON_DECK_SCHEMA,
    START,
    points_option,
)

# From this rules revision a new table's deck lists are checked card by card with their
# schemas (the deck editor's checks, naming the card and the field) before the rules' own.
SCHEMA_RULES = 3

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
    # The line of the group's deck list this card was picked from (None: typed as printed);
    # not part of what the card prints, so two equal cards compare equal.
    row: int | None = field(default=None, compare=False)

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
    rules: int = 1  # the rules revision the table plays by (``data.RULES``)
    copies: tuple[int, ...] = ()  # per line of ``action_deck``: its printed copies


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
    # The group's deck list in play (``deck``): per line, the copies out of the deck (face
    # up, taken, drawn); the Action cards typed as printed, each with whether it was typed
    # whole (False: only its blue circle, drawn to raise Sincerity); the Skeletons typed as
    # printed, (money, Sincerity, pawns) as entered.
    out: tuple[int, ...] = ()
    typed: tuple[tuple[Card, bool], ...] = ()
    typed_skeletons: tuple[tuple[int, int, int], ...] = ()


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
    # As every text a group types: NFC, trimmed, no control character, the limit after.
    text = unicodedata.normalize("NFC", value).strip()
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            raise MalformedInput(N_("%(field)s holds a control character (%(char)s)"),
                                 code="bad_text", field=key, char=f"U+{ord(char):04X}")
    if len(text) > limit:
        raise MalformedInput(N_("%(field)s is %(limit)s characters at most"), field=key,
                             limit=limit)
    return text or None


def parse_card(raw: Any, deck: Sequence[Card] = (), *, kinds: Sequence[str] = KINDS,
               value_needed: bool = False) -> Card:
    """A card as a phone (or the deck list) describes it, checked against the rules' ranges."""
    if isinstance(raw, Mapping) and "deck" in raw:
        _fields(raw, ("deck",), "card")
        if not deck:
            raise IllegalAction(N_("this table has no deck list"), code="no_deck_list")
        index = _int(raw, "deck")
        if not 0 <= index < len(deck):
            raise IllegalAction(N_("the deck list has no card %(index)s: its cards are 0 to "
                                   "%(last)s"), code="not_in_deck", index=index,
                                last=len(deck) - 1)
        card = replace(deck[index], row=index)
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
    name = _text(raw, "name", MAX_CARD_TEXT)
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
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES:
        raise IllegalAction(N_("card %(index)s of the deck list: count must be 1 to "
                               "%(maximum)s"), code="bad_deck_list", index=index + 1,
                            maximum=MAX_COPIES)
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
    if min(values[RULES_KEY], RULES) >= SCHEMA_RULES:
        values["action_deck"] = check_cards(ACTION_DECK_SCHEMA, values["action_deck"])
        values["skeleton_deck"] = check_cards(SKELETON_DECK_SCHEMA, values["skeleton_deck"])
    deck: list[Card] = []
    copies: list[int] = []
    for index, raw in enumerate(values["action_deck"]):
        deck.append(_deck_card(raw, index))
        copies.append(_copies(raw, index))
    size = sum(copies)
    skeletons = []
    for index, raw in enumerate(values["skeleton_deck"]):
        for key in ("money", "sincerity", "pawns"):
            item = raw.get(key)
            if item is not None and (isinstance(item, bool) or not isinstance(item, int)
                                     or abs(item) > MAX_SKELETON_CHANGE):
                raise IllegalAction(N_("Skeleton card %(index)s of the deck list: %(field)s "
                                       "must be a whole number from %(low)s to %(high)s"),
                                    code="bad_deck_list", index=index + 1, field=key,
                                    low=-MAX_SKELETON_CHANGE, high=MAX_SKELETON_CHANGE)
        for key in ("name", "text"):
            if raw.get(key) is not None and not isinstance(raw[key], str):
                raise IllegalAction(N_("Skeleton card %(index)s of the deck list: %(field)s "
                                       "must be a text"), code="bad_deck_list",
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
        points=tuple(tuple(values[points_option(r, p)] for p in range(3))
                     for r in REGIONS),
        action_deck=tuple(deck), skeleton_deck=tuple(skeletons),
        rules=min(values[RULES_KEY], RULES), copies=tuple(copies))
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
                 display=tuple(None for _ in range(FACE_UP)), out=tuple(0 for _ in deck))


# ---------------------------------------------------------------------------- helpers

def clockwise(start: int, count: int) -> tuple[int, ...]:
    """Every seat clockwise from ``start`` (included)."""
    return tuple((start + i) % count for i in range(count))


def clamp_sincerity(value: int) -> int:
    return max(SINCERITY_MIN, min(SINCERITY_MAX, value))


def remaining_cards(state: State) -> int:
    """Action cards left in the draw pile."""
    return max(0, state.settings.deck_size - FACE_UP - state.drawn)


def skeleton_count(state: State, seat: int) -> int:
    """The Skeletons ``seat`` has drawn: from revision 2 a Skeleton counts from its draw, its
    effect still to be entered (revision 1 counted it once its effect was entered)."""
    count = len(state.players[seat].skeletons)
    chain = state.chain
    if (state.settings.rules >= 2 and state.phase == "skeleton" and chain is not None
            and chain.drawer == seat):
        count += 1
    return count


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
