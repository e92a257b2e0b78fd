"""폭풍의 대권주자's actions: each phase's (the priority numbers and the bus, the workers, the
purchases, the round's points and the clean-up) and the street's entries, checked against the
state, and whom each belongs to."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    require_int,
)
from ..sealed import REVEAL_ACTION, SEAL_ACTION, Sealed
from .data import (
    ADDED_OFFICES,
    MAX_BUYS,
    MAX_COINS,
    PRIORITY_STEP,
    RED_ONLY_WITH_A_PURCHASE,
    REMOVALS,
    SLOTS,
    TOKEN_SUPPLY,
    WORKERS,
)
from .deck import (
    CARD_COLOURS,
    DECK_CHECKED,
    DOCTORATE_PERIOD,
    MAX_PRICE,
    PRIORITY_HIGH,
    PRIORITY_LOW,
    TWO_PLAYER_REMOVED,
    Card,
    card_period,
)
from .scoring import end_of_game
from .state import (
    Office,
    Player,
    Points,
    Purchase,
    RoundSummary,
    State,
    _only,
    surcharge,
)
from .street import check_street_number, street_periods

# ---------------------------------------------------------------------------- the bus

def bus_order(priorities: Mapping[int, int | None], previous: Sequence[int]) -> tuple[int, ...]:
    """Phase 1: highest priority number first; each group of tied players in the reverse
    of its previous order (2 tied swap; 3: first and last swap; 4: 1<->4 and 2<->3).
    A seat without a number counts as 0."""
    position = {seat: i for i, seat in enumerate(previous)}
    return tuple(sorted(previous, key=lambda s: (-(priorities.get(s) or 0), -position[s])))


# ---------------------------------------------------------------------------- actions

# The fields each action may carry besides "type": anything else is refused (by the table
# before the engine sees it, and by each handler for a direct caller).
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    SEAL_ACTION: ("seat", "value"), REVEAL_ACTION: (),
    "place": ("seat", "office"), "temporary": ("seat", "count"), "pass": ("seat",),
    "buy": ("seat", "card_coins", "office_coins", "buys", "slots"),
    "score_round": ("points",),
    "street": ("slot", "price", "colour", "doctorate", "number"),
}


def _only_fields(action: Mapping[str, Any], kind: str) -> None:
    _only(action, ("type", *ACTION_FIELDS[kind]))


def apply(state: State, action: Mapping[str, Any]) -> State:
    """The state after one action, or a typed error and no change."""
    return dispatch(_HANDLERS, state, action, finished=state.result is not None)


def _seat(state: State, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = require_int(action, key)
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _count(data: Mapping[str, Any], key: str, maximum: int, default: int | None = None) -> int:
    if key not in data and default is not None:
        return default
    value = require_int(data, key, minimum=0)
    if value > maximum:
        raise IllegalAction(N_("%(field)s cannot be above %(maximum)s"), code="too_many",
                            field=key, maximum=maximum)
    return value


_PHASE_REFUSALS = {
    "order": N_("not now: round %(round)s is at phase 1, the turn order"),
    "workers": N_("not now: round %(round)s is at phase 2, the workers"),
    "buying": N_("not now: round %(round)s is at phase 3, the purchases"),
    "scoring": N_("not now: round %(round)s is at phase 3, the points"),
}


def _require_phase(state: State, phase: str) -> None:
    if state.phase != phase:
        raise IllegalAction(_PHASE_REFUSALS[state.phase], code="wrong_phase", round=state.round)


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def _set_player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def _active_seat(state: State, action: Mapping[str, Any], phase: str) -> int:
    seat = _seat(state, action)
    _require_phase(state, phase)
    active = state.order[state.active]
    if seat != active:
        raise IllegalAction(N_("it is %(active)s's turn, not %(name)s's"), code="not_your_turn",
                            active=_name(state, active), name=_name(state, seat))
    return seat


# Phase 1 ---------------------------------------------------------------------

def _seal(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, SEAL_ACTION)
    seat = _seat(state, action)
    if "value" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="value")
    value = action["value"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("the priority number must be a whole number"),
                             code="bad_priority")
    if not PRIORITY_LOW <= value <= PRIORITY_HIGH:
        raise IllegalAction(N_("a priority number is from %(low)s to %(high)s"),
                            code="bad_priority", low=PRIORITY_LOW, high=PRIORITY_HIGH)
    if state.phase != "order":
        raise IllegalAction(N_("%(name)s's card for round %(round)s is already revealed"),
                            code="already_revealed", name=_name(state, seat), round=state.round)
    assert state.priority is not None
    return replace(state, priority=state.priority.lock(seat, value))


def _reveal(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, REVEAL_ACTION)
    if state.phase != "order":
        raise IllegalAction(N_("the cards of round %(round)s are already revealed"),
                            code="already_revealed", round=state.round)
    assert state.priority is not None
    numbers = {s: state.priority.value(s) for s in range(len(state.players))}
    order = bus_order(numbers, state.previous_order)
    players = tuple(replace(p, priority=numbers[s]) for s, p in enumerate(state.players))
    state = replace(state, players=players, order=order, priority=None, phase="workers",
                    active=0)
    return _next_placer(state, start=0)


# Phase 2 ---------------------------------------------------------------------

def _empty_offices(state: State) -> tuple[Office, ...]:
    return tuple(o for o in state.offices if o.worker is None)


def _can_place(player: Player) -> bool:
    return player.workers > 0 and not player.passed


def _next_placer(state: State, start: int) -> State:
    """The next seat in bus order (from index ``start``) that can still place a worker;
    phase 3 when there is none or no office is empty."""
    if _empty_offices(state):
        n = len(state.order)
        for step in range(n):
            index = (start + step) % n
            if _can_place(state.players[state.order[index]]):
                return replace(state, active=index)
    return replace(state, phase="buying", active=0)


def _office(state: State, action: Mapping[str, Any]) -> int:
    value = action.get("office")
    if "office" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="office")
    if not isinstance(value, str):
        raise MalformedInput(N_("office must be an office id"), code="unknown_office")
    for index, office in enumerate(state.offices):
        if office.id == value:
            return index
    raise MalformedInput(N_("no office %(office)s on the board this round"),
                         code="unknown_office", office=value)


def _place(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "place")
    seat = _active_seat(state, action, "workers")
    index = _office(state, action)
    office = state.offices[index]
    if office.worker is not None:
        raise IllegalAction(N_("%(name)s's worker is already on this office: one worker per "
                               "office"), code="office_taken", name=_name(state, office.worker))
    player = state.players[seat]
    offices = state.offices[:index] + (replace(office, worker=seat, tokens=0),) + \
        state.offices[index + 1:]
    player = replace(player, workers=player.workers - 1, placed=player.placed + 1,
                     tokens=player.tokens + office.tokens)
    state = replace(_set_player(state, seat, player), offices=offices, last_placed=seat)
    return _next_placer(state, start=state.active + 1)


def temporary_open(state: State) -> int | None:
    """The seat that may still add temporary workers in the turn it just placed a worker
    (the next seat has not acted yet; its last worker may have ended phase 2), or None."""
    if state.last_placed is None or state.result is not None:
        return None
    if state.phase == "workers" or (state.phase == "buying" and not state.purchases):
        return state.last_placed
    return None


def _temporary(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "temporary")
    seat = _seat(state, action)
    in_its_turn = seat == temporary_open(state)
    if not in_its_turn:
        _active_seat(state, action, "workers")
    count = require_int(action, "count", minimum=1)
    room = len(_empty_offices(state)) - state.players[seat].workers
    if count > room:
        raise IllegalAction(N_("only %(room)s more worker(s) could find an empty office"),
                            code="too_many_workers", room=max(room, 0))
    player = state.players[seat]
    state = _set_player(state, seat, replace(player, workers=player.workers + count,
                                             temporary=player.temporary + count))
    if not in_its_turn:
        # The active seat's turn has begun: the previous placer's is over.
        return replace(state, last_placed=None)
    if state.phase == "buying":
        # The placer's last worker had ended phase 2: its temporary workers reopen it.
        state = replace(state, phase="workers")
        return _next_placer(state, start=state.order.index(seat) + 1)
    return state


def _pass(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "pass")
    seat = _active_seat(state, action, "workers")
    state = _set_player(state, seat, replace(state.players[seat], passed=True))
    return _next_placer(replace(state, last_placed=None), start=state.active + 1)


# Phase 3 ---------------------------------------------------------------------

def _blue_only(state: State) -> bool:
    return state.round == 1 and state.settings.blue_first_round


def _slots(state: State, action: Mapping[str, Any]) -> tuple[int, ...]:
    raw = action.get("slots", [])
    if raw is None:
        raw = []
    if not isinstance(raw, list | tuple):
        raise MalformedInput(N_("slots must be a list of street slots"), code="bad_slots")
    slots: list[int] = []
    for value in raw:
        if value is None:
            continue  # an unticked box of the page's form leaves a gap in the list
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedInput(N_("a street slot must be a whole number"), code="bad_slots")
        if not 1 <= value <= SLOTS:
            raise MalformedInput(N_("the street has slots 1 to %(slots)s, not %(slot)s"),
                                 code="bad_slots", slots=SLOTS, slot=value)
        if value in slots:
            raise MalformedInput(N_("slot %(slot)s is listed twice"), code="bad_slots",
                                 slot=value)
        slots.append(value)
    return tuple(sorted(slots))


def purchase_of(state: State, seat: int, card_coins: int, office_coins: int, buys: int,
                slots: Sequence[int]) -> Purchase:
    """A purchase checked against the street and the coins (raises IllegalAction)."""
    if _blue_only(state) and office_coins:
        raise IllegalAction(N_("first round: blue office actions only, so offices give no "
                               "coins yet"), code="blue_only")
    if len(slots) > buys:
        raise IllegalAction(N_("%(count)s cards, but only %(buys)s buy(s) this round"),
                            code="too_many_buys", count=len(slots), buys=buys)
    bought = []
    for slot in slots:
        card = state.street[slot - 1]
        if card is None:
            raise IllegalAction(N_("slot %(slot)s of the street is empty"), code="empty_slot",
                                slot=slot)
        if not card.known:
            raise IllegalAction(N_("enter what the card in slot %(slot)s shows first"),
                                code="unknown_card", slot=slot)
        assert card.price is not None
        bought.append((slot, card, card.price + surcharge(slot)))
    coins = card_coins + office_coins
    total = sum(paid for _, _, paid in bought)
    if total > coins:
        raise IllegalAction(N_("these cards cost %(total)s coins, but %(name)s has only "
                               "%(coins)s"), code="not_enough_coins", total=total,
                            name=_name(state, seat), coins=coins)
    return Purchase(seat, card_coins, office_coins, buys, tuple(bought),
                    red_taken(state, slots))


def red_taken(state: State, slots: Sequence[int]) -> tuple[tuple[int, Card], ...]:
    """The red cards that come, free, with the cards bought in ``slots``: every red card left
    of the rightmost one; none when nothing is bought (a table under rules revision 1 gave
    a player who bought nothing the red cards of slots 1-10, and still does)."""
    if not slots and state.settings.rules >= RED_ONLY_WITH_A_PURCHASE:
        return ()
    last = max(slots, default=0)
    return tuple((slot, card) for slot, card in enumerate(state.street[:last - 1], start=1)
                 if card is not None and card.colour == "red" and slot not in slots)


def _buy(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "buy")
    seat = _seat(state, action)
    card_coins = _count(action, "card_coins", MAX_COINS)
    office_coins = _count(action, "office_coins", MAX_COINS, default=0)
    buys = _count(action, "buys", MAX_BUYS)
    slots = _slots(state, action)
    _active_seat(state, action, "buying")
    purchase = purchase_of(state, seat, card_coins, office_coins, buys, slots)
    taken = {slot for slot, _, _ in purchase.bought} | {slot for slot, _ in purchase.red}
    street = tuple(None if slot in taken else card
                   for slot, card in enumerate(state.street, start=1))
    doctorates = sum(1 for _, card, _ in purchase.bought if card.doctorate)
    state = replace(state, street=street, purchases=state.purchases + (purchase,),
                    doctorates_bought=state.doctorates_bought + doctorates, last_placed=None)
    if state.active + 1 < len(state.order):
        return replace(state, active=state.active + 1)
    return replace(state, phase="scoring", active=0)


def _score_round(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "score_round")
    raw = action.get("points")
    if "points" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="points")
    if not isinstance(raw, list):
        raise MalformedInput(N_("points must be a list with one entry per seat"))
    entries: dict[int, Mapping[str, Any]] = {}
    for entry in raw:
        if not isinstance(entry, Mapping):
            raise MalformedInput(N_("each entry of points must be an object"))
        _only(entry, ("seat", "cards", "offices", "storm_rallies"))
        seat = _seat(state, entry)
        if seat in entries:
            raise MalformedInput(N_("seat %(seat)s appears twice in the points"),
                                 code="duplicate_seat", seat=seat)
        entries[seat] = entry
    missing = [s for s in range(len(state.players)) if s not in entries]
    if missing:
        raise MalformedInput(N_("the points are missing seat(s) %(seats)s"),
                             code="missing_seat", seats=", ".join(map(str, missing)))
    parsed = {s: (_count(e, "cards", MAX_COINS), _count(e, "offices", MAX_COINS, default=0),
                  _count(e, "storm_rallies", MAX_COINS, default=0)) for s, e in entries.items()}
    if state.phase == "over":
        raise IllegalAction(N_("the game is over: no more actions"), code="game_over")
    _require_phase(state, "scoring")
    points = []
    for seat in range(len(state.players)):
        cards, offices, rallies = parsed[seat]
        if offices and _blue_only(state):
            raise IllegalAction(N_("first round: blue office actions only, so offices give no "
                                   "points yet"), code="blue_only")
        if rallies > 1:
            raise IllegalAction(
                N_("%(name)s: a victory-point token counts at most twice in a round, so a "
                   "second 폭풍 선거 유세 cannot double the tokens again"),
                code="used_twice", name=_name(state, seat))
        purchase = next((p for p in state.purchases if p.seat == seat), None)
        doctorates = purchase.doctorate_points if purchase else 0
        points.append(Points(seat, cards, offices, state.players[seat].tokens, rallies,
                             doctorates))
    return clean_up(state, tuple(points))


# Phase 4 ---------------------------------------------------------------------

def clean_up(state: State, points: tuple[Points, ...]) -> State:
    """The scores move; then the end, or phase 4: tokens on the empty offices, workers back,
    the next office card, the street's removals and refill, and the next round. No clean-up
    follows the last round: the game ends in the round being scored."""
    scored = replace(state, players=tuple(
        replace(p, score=p.score + pts.total, tokens=0)
        for p, pts in zip(state.players, points, strict=True)), last_placed=None)
    priorities = tuple(p.priority for p in state.players)
    result = end_of_game(scored, points)
    if result is not None:
        summary = RoundSummary(state.round, state.order, priorities, state.purchases, points,
                               (), (), None, 0)
        return replace(scored, phase="over", result=result, priority=None, active=0,
                       purchases=(), history=state.history + (summary,))
    players = tuple(replace(p, workers=WORKERS, temporary=0, placed=0, passed=False,
                            priority=None) for p in scored.players)
    supply = TOKEN_SUPPLY - sum(o.tokens for o in state.offices)
    offices = []
    gained = []
    for office in state.offices:
        if office.worker is None and supply > 0:
            office = replace(office, tokens=office.tokens + 1)
            supply -= 1
            gained.append(office.id)
        offices.append(replace(office, worker=None))
    added = sum(1 for o in offices if o.kind == "added")
    office_added = None
    if added < ADDED_OFFICES:
        office_added = f"added-{added + 1}"
        offices.append(Office(office_added, "added", added + 1))
    street, removed = street_removals(state.street, REMOVALS[len(players)])
    kept = [card for card in street if card is not None]
    deck, deck_doctorates = state.deck, state.deck_doctorates
    refilled = 0
    while len(kept) < SLOTS and deck > 0:
        doctorate = deck <= deck_doctorates
        kept.append(Card(doctorate=doctorate))
        deck -= 1
        deck_doctorates -= 1 if doctorate else 0
        refilled += 1
    new_street = tuple(kept) + (None,) * (SLOTS - len(kept))
    summary = RoundSummary(state.round, state.order, priorities, state.purchases, points,
                           tuple(gained), removed, office_added, refilled)
    next_round = state.round + 1
    return replace(scored, players=players, offices=tuple(offices), street=new_street,
                   deck=deck, deck_doctorates=deck_doctorates, purchases=(),
                   history=state.history + (summary,), round=next_round, phase="order",
                   previous_order=state.order,
                   priority=Sealed.open(PRIORITY_STEP, range(len(players)),
                                        key=f"{PRIORITY_STEP}:{next_round}"),
                   active=0)


def street_removals(street: Sequence[Card | None],
                    count: int) -> tuple[tuple[Card | None, ...], tuple[Card, ...]]:
    """Clean-up step 5: the ``count`` leftmost unsold cards go, never a Doctorate."""
    kept: list[Card | None] = []
    removed: list[Card] = []
    for card in street:
        if card is not None and not card.doctorate and len(removed) < count:
            removed.append(card)
            kept.append(None)
        else:
            kept.append(card)
    return tuple(kept), tuple(removed)


def outcome(state: State) -> Outcome | None:
    return state.result


# The street -------------------------------------------------------------------

def _street(state: State, action: Mapping[str, Any]) -> State:
    _only_fields(action, "street")
    slot = require_int(action, "slot")
    if not 1 <= slot <= SLOTS:
        raise MalformedInput(N_("the street has slots 1 to %(slots)s, not %(slot)s"),
                             code="bad_slots", slots=SLOTS, slot=slot)
    number = action.get("number")
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise MalformedInput(N_("number must be a whole number"), code="bad_card")
    doctorate = action.get("doctorate")
    if doctorate is not None and not isinstance(doctorate, bool):
        raise MalformedInput(N_("doctorate must be true or false"), code="bad_card")
    price = action.get("price")
    if price is not None and (isinstance(price, bool) or not isinstance(price, int)):
        raise MalformedInput(N_("price must be a whole number"), code="bad_card")
    colour = action.get("colour")
    if colour is not None and colour not in CARD_COLOURS:
        raise MalformedInput(N_("the card colour must be one of %(colours)s"), code="bad_card",
                             colours=", ".join(CARD_COLOURS))
    if price is not None and not 0 <= price <= MAX_PRICE:
        raise IllegalAction(N_("a card's price is from 0 to %(max)s"), code="bad_card",
                            max=MAX_PRICE)
    if state.phase == "over":
        raise IllegalAction(N_("the game is over: no more actions"), code="game_over")
    card = state.street[slot - 1]
    if card is None:
        raise IllegalAction(N_("slot %(slot)s of the street is empty"), code="empty_slot",
                            slot=slot)
    checked = state.settings.rules >= DECK_CHECKED
    if number is not None and checked:
        check_street_number(state, slot, number)
    listed = state.settings.card(number) if number is not None else None
    if number is not None and state.settings.deck and listed is None:
        raise IllegalAction(N_("card %(number)s is not in your deck list"),
                            code="not_in_deck", number=number)
    period = None
    if listed is not None:
        price = listed.get("price") if price is None else price
        colour = listed.get("colour") if colour is None else colour
        period = card_period(listed)
        if doctorate is None and listed.get("period") is not None:
            doctorate = period == DOCTORATE_PERIOD
    if doctorate is None:
        doctorate = card.doctorate
    if price is None or (colour is None and not doctorate):
        raise IllegalAction(N_("a street card needs its price and colour"),
                            code="incomplete_card")
    if number is not None and state.settings.players == 2 and number in TWO_PLAYER_REMOVED:
        raise IllegalAction(N_("card %(number)s is out of the game with two players"),
                            code="removed_card", number=number)
    if checked and period is None:
        sure = street_periods(state).get(slot, ())
        period = DOCTORATE_PERIOD if doctorate else sure[0] if len(sure) == 1 else None
    new = Card(price, colour, doctorate, number, period if checked else None)
    street = state.street[:slot - 1] + (new,) + state.street[slot:]
    if listed is None:
        return replace(state, street=street, last_typed=new)
    return replace(state, street=street)


_HANDLERS = {
    SEAL_ACTION: _seal,
    REVEAL_ACTION: _reveal,
    "place": _place,
    "temporary": _temporary,
    "pass": _pass,
    "buy": _buy,
    "score_round": _score_round,
    "street": _street,
}

_SEAT_ACTIONS = (SEAL_ACTION, "place", "temporary", "pass", "buy")
_TABLE_ACTIONS = ("score_round", "street")


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to: a seat's own moves to its phone, the reveal to the host,
    the street and the round's points to the whole table."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if kind in _SEAT_ACTIONS:
        return _seat(state, action)
    if kind == REVEAL_ACTION:
        return HOST
    if kind in _TABLE_ACTIONS:
        return TABLE
    raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                         type=kind if isinstance(kind, str | int) else "?")


def sealed(state: State) -> Sealed | None:
    """The open secret step: the priority numbers of phase 1."""
    return state.priority if state.phase == "order" else None
