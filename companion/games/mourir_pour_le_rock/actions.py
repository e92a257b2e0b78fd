"""Mourir pour le Rock: setup, the turn's cubes and every action, with their costs and
conditions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..base import (
    HOST,
    N_,
    RULES_KEY,
    TABLE,
    GameError,
    IllegalAction,
    MalformedInput,
    Outcome,
    Owner,
    dispatch,
    read_options,
)
from .data import (
    ACTIONS,
    COLOURS,
    DATA,
    DECADES,
    EXTRA_DIE_SIDES,
    MAIN_DIE_FACES,
    MAX_AMOUNT,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_POINTS,
    MIN_PLAYERS,
    RULES,
)
from .deck import read_card_list
from .inputs import _bool, _card, _check_deck_card, _int, _seat, _text, _took
from .scoring import ranking, score_of
from .state import (
    EDITION_NAMES,
    OPTIONS,
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
    unlocked,
)

# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "colour", "type": "string", "required": True, "choices": list(COLOURS),
         "help": N_("Cube colour: one player each")},
        {"name": "money", "type": "integer", "required": False,
         "help": N_("Starting money on the player board (blank: the edition value)")},
        {"name": "mental", "type": "integer", "required": False,
         "help": N_("Starting mental health on the player board (blank: the edition value)")},
        {"name": "power", "type": "string", "required": False,
         "help": N_("The player board's unique power, as printed")},
    ]


def example_players(count: int) -> list[dict[str, Any]]:
    """A valid list of ``count`` players."""
    names = ["Axelle", "Bruno", "Cécile", "Dédé"]
    return [{"name": names[i], "colour": COLOURS[i]} for i in range(count)]


def _board_number(player: Mapping[str, Any], key: str, index: int, default: int,
                  low: int, high: int) -> int:
    """A player board number: an int, a string of digits (a form), or left out or blank for
    the default (null is a wrong type, not a blank)."""
    if key not in player or player[key] == "":
        return default
    value = player[key]
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(N_("player %(index)s: %(field)s must be a whole number"),
                             index=index, field=key)
    if not low <= value <= high:
        raise IllegalAction(N_("player %(index)s: %(field)s must be between %(low)s and "
                               "%(high)s"), code="out_of_range", index=index, field=key,
                            low=low, high=high)
    return value


def _check_values(v: Mapping[str, int]) -> None:
    if not v["mental_yellow_from"] < v["mental_green_from"] <= v["mental_max"]:
        raise IllegalAction(N_("the zones must read red, then yellow from %(yellow)s, then green "
                               "from %(green)s, up to %(top)s"), code="bad_edition",
                            yellow=v["mental_yellow_from"], green=v["mental_green_from"],
                            top=v["mental_max"])
    if v["mental_start"] > v["mental_max"]:
        raise IllegalAction(N_("the starting mental health is above the top of the gauge"),
                            code="bad_edition")
    if v["songs_one_extra_die_gear"] > v["songs_two_extra_dice_gear"]:
        raise IllegalAction(N_("two extra dice need at least as much gear as one"),
                            code="bad_edition")
    if v["songs_extra_action_at"] > v["songs_max"]:
        raise IllegalAction(N_("the extra-action song is beyond the songs track"),
                            code="bad_edition")


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: each board's money and mental health, the 80s, turn 1's cubes."""
    values = read_options(OPTIONS, options)
    edition = {name: values[name] for name in EDITION_NAMES}
    _check_values(edition)
    listed = read_card_list(values["cards"], min(values[RULES_KEY], RULES))
    cards = tuple(_check_deck_card(card, i) for i, card in enumerate(listed))
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
        unknown = sorted(str(k) for k in player if k not in
                         ("name", "colour", "money", "mental", "power"))
        if unknown:
            raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(unknown))
        name, colour, power = player.get("name"), player.get("colour"), player.get("power")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > 40:
            raise MalformedInput(N_("player %(index)s needs a name of 1 to 40 characters"),
                                 index=index)
        if colour not in COLOURS:
            raise MalformedInput(N_("player %(index)s: colour must be one of %(colours)s"),
                                 code="bad_colour", index=index, colours=", ".join(COLOURS))
        if any(p.colour == colour for p in seated):
            raise IllegalAction(N_("two players chose %(colour)s: one player per colour"),
                                code="colour_taken", colour=colour)
        if "power" in player and (not isinstance(power, str) or len(power) > MAX_NAME * 2):
            raise MalformedInput(N_("player %(index)s: the power must be a short text"),
                                 index=index)
        money = _board_number(player, "money", index, edition["start_money"], 0, MAX_AMOUNT)
        mental = _board_number(player, "mental", index, edition["mental_start"], 1,
                               edition["mental_max"])
        objectives = (Objective("main"),) + tuple(
            Objective("mini") for _ in range(edition["mini_objectives"]))
        seated.append(Player(name.strip(), str(colour), (power or "").strip(), money, mental,
                             money, mental, objectives=objectives))
    settings = Settings(edition, values["seed"], cards)
    state = State(settings=settings, players=tuple(seated))
    return _start_turn(state)


# ---------------------------------------------------------------------------- reading input

# The fields each action may carry besides "type": anything else is refused (the platform
# reads this too, and the API document lists it).
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "tour": ("seat", "card", "event"),
    "agent": ("seat", "card", "event"),
    "gear": ("seat", "card", "event"),
    "song": ("seat", "dice"),
    "psy": ("seat",),
    "detox": ("seat",),
    "therapy": ("seat", "vice"),
    "record_contract": ("seat",),
    "mushroom_trip": ("seat", "card"),
    "artistic_exploration": ("seat",),
    "award": ("seat", "card"),
    "rock_star": ("seat", "dice"),
    "viral_video": ("seat",),
    "bribe": ("seat",),
    "pass": ("seat",),
    "event": ("effects", "name"),
    "effect": ("seat", "money", "mental", "fans", "souvenir", "note"),
    "vice": ("seat", "card"),
    "objective": ("seat", "objective", "done", "souvenir", "name"),
    "finish": (),
    "tour_cards": ("decade", "count"),
}


def _only(action: Mapping[str, Any], *allowed: str) -> None:
    unknown = sorted(str(k) for k in action if k not in ("type", *allowed))
    if unknown:
        raise MalformedInput(N_("unknown field: %(field)s"), field=", ".join(unknown))


def _known(action: Mapping[str, Any]) -> None:
    """Refuse the fields this action's type does not have."""
    _only(action, *ACTION_FIELDS[str(action["type"])])


# ---------------------------------------------------------------------------- turn flow

def _with_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def _start_turn(state: State) -> State:
    """Every living player takes the cubes their zone gives; the first player places first."""
    players = tuple(replace(p, cubes=n, cubes_left=n) for p in state.players
                    for n in [0 if p.dead else cubes_for(p.mental, state.settings.values)])
    state = replace(state, players=players)
    return _next_placer(state, start=True)


def _next_placer(state: State, *, start: bool = False) -> State:
    """The next seat clockwise with a cube left, or the end of the turn when none has."""
    if state.pending_event is not None:
        return state  # the event is resolved first, then the turn goes on
    count = len(state.players)
    begin = state.first_player if start else state.active + 1
    for step in range(count):
        seat = (begin + step) % count
        if state.players[seat].cubes_left > 0:
            return replace(state, active=seat)
    return _end_turn(state)


def _end_turn(state: State) -> State:
    everyone_dead = all(p.dead for p in state.players)
    if state.closing or everyone_dead:
        if state.decade == len(DECADES) - 1 or everyone_dead:
            return replace(state, phase="count", closing=False,
                           reason=Reason.ALL_DIED if everyone_dead else Reason.FINAL_COUNT)
        state = replace(state, decade=state.decade + 1, tours_taken=0, closing=False)
    count = len(state.players)
    state = replace(state, turn=state.turn + 1, first_player=(state.first_player + 1) % count)
    return _start_turn(state)


def _change_mental(state: State, seat: int, delta: int) -> State:
    """Mental health within 0..max; at 0 the player dies for rock."""
    p = state.players[seat]
    mental = min(max(p.mental + delta, 0), state.settings["mental_max"])
    state = _with_player(state, seat, mental=mental)
    if mental == 0 and not p.dead:
        state = _with_player(state, seat, dead=True, cubes_left=0)
    return state


def _pay(state: State, seat: int, money: int = 0, mental: int = 0) -> State:
    """A price: the money in full (refused otherwise); a mental-health cost may always be
    paid, one at or above the player's mental health bringing them to 0: they die for rock
    (the caller still adds what the card gives)."""
    p = state.players[seat]
    if money > p.money:
        raise IllegalAction(N_("%(name)s has $%(money)s, not the $%(cost)s this costs"),
                            code="too_little_money", name=p.name, money=p.money, cost=money)
    state = _with_player(state, seat, money=p.money - money)
    return _change_mental(state, seat, -mental) if mental else state


def _gain(state: State, seat: int, *, money: int = 0, fans: int = 0, mental: int = 0,
          souvenir: int = 0) -> State:
    p = state.players[seat]
    state = _with_player(state, seat, money=p.money + money, fans=p.fans + fans,
                         souvenir=p.souvenir + souvenir)
    return _change_mental(state, seat, mental) if mental else state


def _cube(state: State, action: Mapping[str, Any]) -> tuple[State, int]:
    """Checks common to every cube: the play phase, no event pending, the decade, the turn."""
    seat = _seat(state, action)
    kind = str(action["type"])
    p = state.players[seat]
    if state.phase != "play":
        raise IllegalAction(N_("the last turn is over: only objectives can be marked now"),
                            code="count_phase")
    if p.dead:
        raise IllegalAction(N_("%(name)s died for rock: their board is frozen"),
                            code="dead", name=p.name)
    if state.pending_event is not None:
        raise IllegalAction(N_("resolve the event under the card %(name)s bought first"),
                            code="event_pending", name=state.players[state.pending_event[0]].name)
    if kind != "pass" and kind not in unlocked(state.decade):
        decade = DATA["decade"][DECADES.index(ACTIONS[kind]["decade"])]["name_en"]
        raise IllegalAction(N_("%(action)s opens with %(decade)s"), code="not_unlocked",
                            action=ACTIONS[kind]["name_en"], decade=decade)
    if p.cubes_left <= 0:
        raise IllegalAction(N_("%(name)s has no action cube left this turn"), code="no_cube",
                            name=p.name)
    if state.active != seat:
        raise IllegalAction(N_("it is %(name)s's cube now"), code="not_your_turn",
                            name=state.players[state.active].name)
    return state, seat


def _placed(state: State, seat: int) -> State:
    """The cube is placed: one fewer; the vice check when it was the player's last cube (once
    the event under the card it bought is resolved: that is still their turn); then the next
    placer."""
    p = state.players[seat]
    if not p.dead:
        state = _with_player(state, seat, cubes_left=p.cubes_left - 1)
        if state.pending_event is None:
            state = _vice_check(state, seat)
    return _next_placer(state)


def _vice_check(state: State, seat: int) -> State:
    """A player whose turn ends (their last cube placed, its event resolved) below the vice
    line draws a vice, the first time only."""
    p = state.players[seat]
    if (not p.dead and p.cubes_left == 0 and not p.vice_drawn
            and p.mental < state.settings["mental_vice_below"]):
        state = _with_player(state, seat, vice_drawn=True, vices=p.vices + (Card("vice"),))
    return state


# ---------------------------------------------------------------------------- cube actions

def _market(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    _seat(state, action)
    kind = str(action["type"])
    card = _card(state, kind, action.get("card"))
    event = _bool(action, "event", False)
    state, seat = _cube(state, action)
    p = state.players[seat]
    if kind == "tour" and state.tours_taken >= tours_in_decade(state):
        raise IllegalAction(N_("no tour card is left this decade"), code="no_tour_left")
    if card.fans_needed > p.fans:
        raise IllegalAction(N_("this card needs %(needed)s fans; %(name)s has %(fans)s"),
                            code="too_few_fans", needed=card.fans_needed, name=p.name,
                            fans=p.fans)
    state = _pay(state, seat, card.cost_money, card.cost_mental)
    p = state.players[seat]
    if kind == "tour":
        card = card if card.decade else replace(card, decade=DECADES[state.decade])
        state = _with_player(state, seat, tours=p.tours + (card,))
        state = _gain(state, seat, money=card.money, fans=card.fans)
        state = replace(state, tours_taken=state.tours_taken + 1)
        if state.tours_taken >= tours_in_decade(state):
            state = replace(state, closing=True)
    elif kind == "agent":
        state = _with_player(state, seat, agents=p.agents + (card,))
    else:
        state = _with_player(state, seat, gear=p.gear + (card,))
    state = _took(state, card)
    if event:
        state = replace(state, pending_event=(seat, card.name))
    return _placed(state, seat)


def _dice_shape(action: Mapping[str, Any]) -> None:
    raw = action.get("dice")
    if raw is not None and (not isinstance(raw, list | tuple) or any(
            isinstance(d, bool) or not isinstance(d, int) for d in raw)):
        raise MalformedInput(N_("dice must be a list of numbers"))


def _read_dice(state: State, action: Mapping[str, Any], seat: int) -> tuple[tuple[int, ...],
                                                                            bool]:
    count = dice_count(len(state.players[seat].gear), state.settings.values)
    raw = action.get("dice")
    if raw is None:
        return roll_dice(state.settings.seed, state.rolls + 1, count), False
    _dice_shape(action)
    if len(raw) != count:
        raise IllegalAction(N_("%(name)s rolls %(count)s dice, not %(given)s"),
                            code="dice_count", name=state.players[seat].name, count=count,
                            given=len(raw))
    if raw[0] not in MAIN_DIE_FACES:
        raise IllegalAction(N_("the main die shows %(faces)s, not %(value)s"), code="bad_die",
                            faces=", ".join(str(f) for f in sorted(set(MAIN_DIE_FACES))),
                            value=raw[0])
    if any(not 1 <= d <= EXTRA_DIE_SIDES for d in raw[1:]):
        raise IllegalAction(N_("an extra die shows 1 to %(sides)s"), code="bad_die",
                            sides=EXTRA_DIE_SIDES)
    return tuple(raw), True


def _write_song(state: State, seat: int, dice: tuple[int, ...], typed: bool) -> State:
    """The song's money, the songs track and, at the fifth song, the extra action."""
    v = state.settings.values
    income = sum(dice) * v["songs_income_per_pip"]
    number = state.rolls + 1
    state = replace(state, rolls=number, last_roll=Roll(seat, dice, income, typed, number))
    state = _gain(state, seat, money=income)
    p = state.players[seat]
    songs = min(p.songs + 1, v["songs_max"])
    state = _with_player(state, seat, songs=songs)
    if songs >= v["songs_extra_action_at"] and not p.fifth_song_used:
        state = _with_player(state, seat, fifth_song_used=True, cubes=p.cubes + 1,
                             cubes_left=p.cubes_left + 1)
    return state


def _song(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    _dice_shape(action)
    state, seat = _cube(state, action)
    dice, typed = _read_dice(state, action, seat)
    return _placed(_write_song(state, seat, dice, typed), seat)


def _psy(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    return _placed(_change_mental(state, seat, state.settings["psy_mental"]), seat)


def _detox(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    p = state.players[seat]
    limit = state.settings["mental_detox_at_most"]
    if p.mental > limit:
        raise IllegalAction(N_("detox only at %(limit)s mental health or less (%(name)s has "
                               "%(mental)s)"), code="detox_too_healthy", limit=limit,
                            name=p.name, mental=p.mental)
    return _placed(_with_player(state, seat, mental=max(p.mental, p.start_mental)), seat)


def _therapy(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    p = state.players[seat]
    if not p.vices:
        raise IllegalAction(N_("%(name)s has no vice to discard"), code="no_vice", name=p.name)
    index = _int(action, "vice", len(p.vices) - 1, high=len(p.vices) - 1)
    vices = p.vices[:index] + p.vices[index + 1:]
    return _placed(_with_player(state, seat, vices=vices), seat)


def _record_contract(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    v = state.settings.values
    state = _gain(state, seat, fans=v["record_contract_fans"],
                  mental=v["record_contract_mental"])
    return _placed(state, seat)


def _mushroom_trip(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    _seat(state, action)
    card = _card(state, "objective", action.get("card"), required=False)
    state, seat = _cube(state, action)
    state = _pay(state, seat, money=state.settings["mushroom_trip_money"])
    p = state.players[seat]
    state = _with_player(state, seat, objectives=p.objectives + (
        Objective("main", card.name, card.souvenir, index=card.index),))
    if card.index is not None:
        state = replace(state, taken=state.taken + (card.index,))
    return _placed(state, seat)


def _artistic_exploration(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    p = state.players[seat]
    if p.explored:
        raise IllegalAction(N_("%(name)s already used Artistic exploration (once a game)"),
                            code="once_a_game", name=p.name)
    v = state.settings.values
    open_minis = sum(1 for o in p.objectives if o.kind == "mini" and not o.done)
    refill = tuple(Objective("mini") for _ in range(max(v["mini_objectives"] - open_minis, 0)))
    state = _with_player(state, seat, explored=True, objectives=p.objectives + refill)
    return _placed(_gain(state, seat, money=v["exploration_money"]), seat)


def _award(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    _seat(state, action)
    card = _card(state, "award", action.get("card"))
    state, seat = _cube(state, action)
    p = state.players[seat]
    if card.fans_needed > p.fans:
        raise IllegalAction(N_("this prize needs %(needed)s fans; %(name)s has %(fans)s"),
                            code="too_few_fans", needed=card.fans_needed, name=p.name,
                            fans=p.fans)
    state = _with_player(state, seat, awards=p.awards + (card,))
    state = _took(state, card)
    return _placed(state, seat)


def _rock_star(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    _dice_shape(action)
    state, seat = _cube(state, action)
    v = state.settings.values
    p = state.players[seat]
    if len(p.vices) < v["rock_star_vices"]:
        raise IllegalAction(N_("rock-star life needs %(needed)s vices; %(name)s has %(count)s"),
                            code="too_few_vices", needed=v["rock_star_vices"], name=p.name,
                            count=len(p.vices))
    dice, typed = _read_dice(state, action, seat)
    state = _gain(state, seat, fans=v["rock_star_fans"], mental=v["rock_star_mental"])
    return _placed(_write_song(state, seat, dice, typed), seat)


def _viral_video(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    v = state.settings.values
    state = _pay(state, seat, mental=v["viral_video_mental"])
    return _placed(_gain(state, seat, fans=v["viral_video_fans"]), seat)


def _bribe(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    if state.bribe is not None:
        raise IllegalAction(N_("the bribe was already taken by %(name)s (once in the whole "
                               "game)"), code="bribe_taken", name=state.players[state.bribe].name)
    state = _pay(state, seat, money=state.settings["bribe_money"])
    return _placed(replace(state, bribe=seat), seat)


def _pass(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    state, seat = _cube(state, action)
    return _placed(state, seat)


# ---------------------------------------------------------------------------- free actions

def _amounts(data: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """The signed changes an event or a card's effect names: money, fans, mental health,
    souvenir points."""
    return (_int(data, "money", low=-MAX_AMOUNT), _int(data, "fans", low=-MAX_AMOUNT),
            _int(data, "mental", low=-100, high=100),
            _int(data, "souvenir", low=-MAX_POINTS, high=MAX_POINTS))


def _changes(state: State, data: Mapping[str, Any], seat: int, *,
             event: bool = False) -> State:
    """Signed changes of one board (an event's or a card's effect). A card's price is paid
    in full or refused; an event's loss of money or fans takes what the player has, down
    to 0 (RULINGS.md)."""
    p = state.players[seat]
    money, fans, mental, souvenir = _amounts(data)
    if p.dead:
        raise IllegalAction(N_("%(name)s died for rock: their board is frozen"),
                            code="dead", name=p.name)
    if event:
        money, fans = max(money, -p.money), max(fans, -p.fans)
    if p.money + money < 0:
        raise IllegalAction(N_("%(name)s has $%(money)s, not the $%(cost)s this costs"),
                            code="too_little_money", name=p.name, money=p.money, cost=-money)
    if p.fans + fans < 0:
        raise IllegalAction(N_("%(name)s has %(fans)s fans, not the %(lost)s this takes"),
                            code="too_few_fans", name=p.name, fans=p.fans, lost=-fans)
    state = _gain(state, seat, money=money, fans=fans, souvenir=souvenir)
    state = _change_mental(state, seat, mental)
    return state


def _playing(state: State) -> None:
    if state.phase != "play":
        raise IllegalAction(N_("the last turn is over: only objectives can be marked now"),
                            code="count_phase")


def _event(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    _text(action, "name")
    effects = action.get("effects", [])
    if effects is None:
        effects = []
    if not isinstance(effects, list | tuple):
        raise MalformedInput(N_("effects must be a list"))
    seats: list[int] = []
    for effect in effects:
        if not isinstance(effect, Mapping):
            raise MalformedInput(N_("each effect must be an object"))
        _only(effect, "seat", "money", "mental", "fans", "souvenir")
        seat = _seat(state, effect)
        if seat in seats:
            raise MalformedInput(N_("seat %(seat)s appears twice"), seat=seat)
        seats.append(seat)
    if state.pending_event is None:
        raise IllegalAction(N_("no event to resolve: none was under the last card bought"),
                            code="no_event")
    buyer = state.pending_event[0]
    for seat, effect in zip(seats, effects, strict=True):
        if state.players[seat].dead:
            # A player who died for rock is left out of every later event: their part is
            # read (a malformed one is still refused) and set aside; the rest applies.
            _amounts(effect)
            continue
        state = _changes(state, effect, seat, event=True)
    state = _vice_check(replace(state, pending_event=None), buyer)
    # The turn goes on clockwise from the buyer (or ends, if that was the last cube).
    return _next_placer(state) if state.phase == "play" else state


def _effect(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    seat = _seat(state, action)
    _text(action, "note")
    _playing(state)
    before = state.players[seat]
    state = _changes(state, action, seat)
    if state.players[seat].dead and not before.dead and state.active == seat:
        return _next_placer(state)
    return state


def _vice(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    seat = _seat(state, action)
    _playing(state)
    p = state.players[seat]
    if p.dead:
        raise IllegalAction(N_("%(name)s died for rock: their board is frozen"),
                            code="dead", name=p.name)
    card = _card(state, "vice", action.get("card"))
    if not card.name and card.index is None:
        raise MalformedInput(N_("a vice needs its name"))
    blank = next((i for i, v in enumerate(p.vices) if not v.name), None)
    if blank is None:
        vices = p.vices + (card,)
    else:
        vices = p.vices[:blank] + (card,) + p.vices[blank + 1:]
    return _took(_with_player(state, seat, vices=vices), card)


def _objective(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    seat = _seat(state, action)
    p = state.players[seat]
    if "objective" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="objective")
    index = _int(action, "objective", high=MAX_AMOUNT)
    if index >= len(p.objectives):
        raise MalformedInput(N_("%(name)s has no objective %(index)s"), name=p.name, index=index)
    old = p.objectives[index]
    new = Objective(old.kind, _text(action, "name") if "name" in action else old.name,
                    _int(action, "souvenir", old.souvenir, high=MAX_POINTS),
                    _bool(action, "done", old.done), old.index)
    objectives = p.objectives[:index] + (new,) + p.objectives[index + 1:]
    return _with_player(state, seat, objectives=objectives)


def _finish(state: State, action: Mapping[str, Any]) -> State:
    _known(action)
    if state.phase != "count":
        raise IllegalAction(N_("the count opens when the last 2000s turn is over"),
                            code="not_the_end")
    order = ranking(state)
    best = score_of(state, order[0])["total"]
    winners = tuple(s for s in range(len(state.players)) if score_of(state, s)["total"] == best)
    return replace(state, phase="over", result=Outcome(winners, state.reason
                                                        or Reason.FINAL_COUNT))


# A decade's tour cards, as the edition value's option bounds them.
_TOUR_CARDS_MAX = next(o.maximum for o in OPTIONS if o.name == "tours_80s") or 100


def _tour_cards(state: State, action: Mapping[str, Any]) -> State:
    """The host corrects the tour cards of a decade (an edition value): not below the tours
    already taken in it, nor for a decade that is over. The current decade's end follows
    the new count: at the tours taken, it ends once this turn is finished."""
    _known(action)
    decade_id = action.get("decade")
    if "decade" not in action:
        raise MalformedInput(N_("missing field: %(field)s"), field="decade")
    if not isinstance(decade_id, str) or decade_id not in DECADES:
        raise MalformedInput(N_("decade must be one of %(decades)s"),
                             decades=", ".join(DECADES))
    if action.get("count") is None:
        raise MalformedInput(N_("missing field: %(field)s"), field="count")
    count = _int(action, "count", low=1, high=_TOUR_CARDS_MAX)
    _playing(state)
    decade = DECADES.index(decade_id)
    name = DATA["decade"][decade]["name_en"]
    if decade < state.decade:
        raise IllegalAction(N_("%(decade)s are over: their tour cards can no longer change"),
                            code="decade_over", decade=name)
    if decade == state.decade and count < state.tours_taken:
        raise IllegalAction(N_("%(taken)s tour cards of %(decade)s are already taken: the "
                               "count cannot be lower"), code="below_tours_taken",
                            decade=name, taken=state.tours_taken)
    state = replace(state, tour_cards=state.tour_cards + ((decade, count),))
    if decade == state.decade:
        state = replace(state, closing=state.tours_taken >= count)
    return state


_HANDLERS = {
    "tour": _market,
    "agent": _market,
    "gear": _market,
    "song": _song,
    "psy": _psy,
    "detox": _detox,
    "therapy": _therapy,
    "record_contract": _record_contract,
    "mushroom_trip": _mushroom_trip,
    "artistic_exploration": _artistic_exploration,
    "award": _award,
    "rock_star": _rock_star,
    "viral_video": _viral_video,
    "bribe": _bribe,
    "pass": _pass,
    "event": _event,
    "effect": _effect,
    "vice": _vice,
    "objective": _objective,
    "finish": _finish,
    "tour_cards": _tour_cards,
}


def apply(state: State, action: Mapping[str, Any]) -> State:
    """The next state, or a typed error (the state is never changed)."""
    return dispatch(_HANDLERS, state, action, state.result is not None)


def outcome(state: State) -> Outcome | None:
    return state.result


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to: the seat it names, the table for events and the count's
    close, the host for a correction of the tour cards (an edition value)."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in _HANDLERS:
        raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                             type=kind)
    if kind in ("event", "finish"):
        return TABLE
    if kind == "tour_cards":
        return HOST
    return _seat(state, action)


def sealed(state: State) -> None:
    """No secret step in this game."""
    return None


def round_number(state: State) -> int:
    """The decade being played (1, 2, 3)."""
    return state.decade + 1


def correctable(action: Mapping[str, Any]) -> bool:
    """No action of this game replaces a past entry: mistakes are undone, not corrected."""
    return False


def refusal(state: State, action: Mapping[str, Any]) -> GameError | None:
    """The error ``apply`` would raise for this action, or None when it is allowed."""
    try:
        apply(state, action)
    except GameError as error:
        return error
    return None
