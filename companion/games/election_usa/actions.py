"""Election USA: every action of a turn, the auctions, the chain, and whom each belongs to."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..base import (
    HOST,
    N_,
    TABLE,
    IllegalAction,
    MalformedInput,
    Outcome,
    Owner,
    dispatch,
)
from ..sealed import REVEAL_ACTION, SEAL_ACTION, Sealed
from .data import (
    ADS_STEP,
    FACE_UP,
    MAX_DECK_SIZE,
    MAX_SKELETON_CHANGE,
    PLAYABLE,
    SCANDALS,
    SKELETON_LIMIT,
    Trigger,
)
from .deck import (
    drawn,
    skeleton_typed,
)
from .scoring import (
    final_outcome,
)
from .state import (
    Advertising,
    Card,
    Chain,
    Policy,
    Skeleton,
    State,
    _change_money,
    _int,
    _keys,
    _name,
    _require_active,
    _require_phase,
    _seat,
    _set_player,
    _text,
    clamp_sincerity,
    clockwise,
    parse_card,
    region_index,
    remaining_cards,
    skeleton_count,
)

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
    state = drawn(state, card, replaced=state.display[slot])
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
    if raw is not None:
        state = drawn(state, card, replaced=recorded)
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
    bids = Sealed.open(ADS_STEP, range(count), key=advertising_key(state.turn, slot,
                                                                   card.region))
    return replace(state, phase="advertising",
                   advertising=Advertising(card.region, card.pawns, bids))


def advertising_key(turn: int, slot: int, region: str) -> str:
    """The instance of the Advertising bids (``Sealed.key``): the turn, the slot taken and the
    card's region. Bids everyone saw bind only the same card replayed in the same turn; the
    table undoing the take and playing another card seals afresh (RULINGS, "For every
    game")."""
    return f"ads:{turn}:{slot}:{region}"


def _raise_sincerity(state: State, action: Mapping[str, Any]) -> State:
    _keys(action, "seat", "card", "last")
    seat = _seat(state, action)
    card = parse_card(action.get("card"), state.settings.action_deck, value_needed=True)
    last = _last_flag(action)
    _require_phase(state, "turn")
    _require_active(state, seat)
    if remaining_cards(state) == 0:
        raise IllegalAction(N_("the Action deck is empty"), code="deck_empty")
    state = drawn(state, card, whole=card.kind in SCANDALS)
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
    state = _drew(drawn(state, card), last)
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


def maximum_policy_bid(state: State, seat: int) -> int:
    """The highest bid ``seat`` may make now: their Sincerity; from rules revision 2 the
    active player's word is the highest bid matched exactly (0 when nobody bid), never more."""
    assert state.policy is not None
    have = state.players[seat].sincerity
    if seat == state.active and state.settings.rules >= 2:
        return min(have, state.policy.high)
    return have


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
    if amount > maximum_policy_bid(state, seat):
        if policy.high_bidder is None:
            raise IllegalAction(N_("nobody bid: %(name)s takes the pawns for 0 Sincerity, "
                                   "or passes"), code="bid_must_match", name=_name(state, seat))
        raise IllegalAction(N_("%(name)s matches the highest bid exactly (%(amount)s "
                               "Sincerity) or passes"), code="bid_must_match",
                            name=_name(state, seat), amount=policy.high)
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

# A sealed bid cannot be changed (a closed fist does not open again before the reveal): the
# platform refuses a seat that would undo its own seal to bid again (``seal_undo_refused``).
SEALS_FINAL = True


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
        message = (N_("%(name)s cannot pay $%(amount)sM: they must draw a Skeleton")
                   if chain.kind == "blackmail" else
                   N_("%(name)s cannot pay %(amount)s Sincerity: they must draw a Skeleton"))
        raise IllegalAction(message, code="cannot_afford", name=_name(state, seat),
                            amount=chain.amount)
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


def _skeleton(state: State, action: Mapping[str, Any]) -> State:
    seat, chain = _chain_speaker(state, action)
    state = replace(state, phase="skeleton", chain=replace(chain, drawer=seat))
    # From rules revision 2 the Skeleton counts from its draw (``skeleton_count``): the 4th
    # ends the game now, its effect still to be entered before the scoring.
    return _fourth_skeleton(state, seat)


def _fourth_skeleton(state: State, seat: int) -> State:
    if skeleton_count(state, seat) >= SKELETON_LIMIT:
        return replace(state, ending=state.ending or Trigger.SKELETONS)
    return state


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
    limit = MAX_SKELETON_CHANGE
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
    if action.get("deck") is None:
        # As printed: what the card says, before a loss is capped at what the drawer has.
        state = skeleton_typed(state, money, sincerity, pawns)
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


# ---------------------------------------------------------------------------- corrections

def _deck_size(state: State, action: Mapping[str, Any]) -> State:
    """The host corrects the Action deck's size (an edition value), the ten face-up cards
    included: not below the cards already out of the deck. At exactly those, the card drawn
    last was the last one: the end is triggered (the game is scored at once between two
    actions; a slot waiting for its refill stays empty). A larger deck than the count that
    ended it takes that end back (a 4th Skeleton drawn since still ends it)."""
    _keys(action, "size")
    if action.get("size") is None:
        raise MalformedInput(N_("missing field: %(field)s"), field="size")
    lowest = FACE_UP + max(state.drawn, 1)
    size = _int(action, "size", lowest, MAX_DECK_SIZE)
    state = replace(state, settings=replace(state.settings, deck_size=size))
    if remaining_cards(state) == 0:
        state = replace(state, ending=state.ending or Trigger.LAST_CARD)
        if state.phase in ("turn", "refill"):
            return _end_turn(state)
        return state
    if state.ending == Trigger.LAST_CARD:
        # Only a Skeleton can follow the last card in the same action (its chain).
        fourth = any(skeleton_count(state, s) >= SKELETON_LIMIT
                     for s in range(len(state.players)))
        state = replace(state, ending=Trigger.SKELETONS if fourth else None)
    return state


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
    "deck_size": _deck_size,
}


# The fields each action may carry besides "type" (what its handler reads): the platform
# refuses any other, so a log entry holds only what the rules read.
ACTION_FIELDS = {
    "take": ("seat", "slot", "card"),
    "raise_sincerity": ("seat", "card", "last"),
    "show": ("slot", "card"),
    "bid": ("seat", "amount"),
    "pass": ("seat",),
    SEAL_ACTION: ("seat", "value"),
    REVEAL_ACTION: (),
    "place": ("seat", "count"),
    "pay": ("seat",),
    "skeleton": ("seat",),
    "skeleton_effect": ("seat", "money", "sincerity", "pawns", "deck", "note"),
    "refill": ("seat", "card", "last"),
    "deck_size": ("size",),
}


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


# What a round is called in this game (the log's dividers): a turn, as the table says.
ROUND_LABEL = N_("Turn %(n)s")


def correctable(action: Mapping[str, Any]) -> bool:
    """Mistakes are undone, not corrected: no action replaces a past entry."""
    return False


# ---------------------------------------------------------------------------- ownership

_SEAT_ACTIONS = ("take", "raise_sincerity", "bid", "pass", SEAL_ACTION, "place", "pay",
                 "skeleton", "skeleton_effect", "refill")


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to: the seat it names (its phone), any phone for ``show``, the
    host for ``reveal`` and for ``deck_size`` (a correction of an edition value)."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if kind in (REVEAL_ACTION, "deck_size"):
        return HOST
    if kind == "show":
        return TABLE
    if isinstance(kind, str) and kind in _SEAT_ACTIONS:
        return _seat(state, action)
    raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action", type=kind)
