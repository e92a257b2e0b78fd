"""Mourir pour le Rock: what the log and the phones read (labels, ``to_json``), and
random play for the conformance suite."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import N_, ChartSeries, Label, MalformedInput
from .actions import refusal
from .data import (
    CONTINENTS,
    CUBE_ACTIONS,
    DATA,
    DECADES,
    EXTRA_DIE_SIDES,
    MAIN_DIE_FACES,
    MARKET,
    SYMBOLS,
)
from .scoring import ranking, score_of
from .state import (
    Card,
    State,
    cubes_for,
    dice_count,
    roll_dice,
    tours_in_decade,
    turn_order,
    unlocked,
    zone_of,
)


def localized_names(lang: str) -> dict[str, str]:
    """English names of actions and decades mapped to ``lang`` (messages name them in
    English; the web layer shows them in the reader's language)."""
    key = f"name_{lang}"
    return {item["name_en"]: item[key] for item in list(DATA["action"]) + list(DATA["decade"])
            if key in item}


# ---------------------------------------------------------------------------- reading

_LABELS = {
    "tour": N_("%(name)s went on tour"),
    "agent": N_("%(name)s hired an agent"),
    "gear": N_("%(name)s bought gear"),
    "psy": N_("%(name)s saw the shrink"),
    "detox": N_("%(name)s: detox"),
    "therapy": N_("%(name)s: therapy"),
    "record_contract": N_("%(name)s: record contract"),
    "mushroom_trip": N_("%(name)s: mushroom trip"),
    "artistic_exploration": N_("%(name)s: artistic exploration"),
    "award": N_("%(name)s won a prize"),
    "viral_video": N_("%(name)s: viral video"),
    "bribe": N_("%(name)s took the bribe"),
    "pass": N_("%(name)s passed a cube"),
    "effect": N_("%(name)s: a card's effect"),
    "vice": N_("%(name)s: a vice"),
    "objective": N_("%(name)s: an objective"),
}


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    seat = action.get("seat")
    players = state.players
    player = (players[seat] if isinstance(seat, int) and not isinstance(seat, bool)
              and 0 <= seat < len(players) else None)
    name = player.name if player is not None else "?"
    if kind in ("song", "rock_star"):
        # The log names the roll: the dice typed in, or the table's seeded roll for this song.
        dice = action.get("dice")
        typed = isinstance(dice, list) and all(
            isinstance(d, int) and not isinstance(d, bool) for d in dice)
        if not typed and player is not None:
            dice = roll_dice(state.settings.seed, state.rolls + 1,
                             dice_count(len(player.gear), state.settings.values))
        if not (typed or player is not None) or not dice:
            return Label(N_("%(name)s wrote a song"), {"name": name})
        # The income stays a number: the web layer writes it as the reader's locale does.
        params = {"name": name, "dice": " + ".join(str(d) for d in dice),
                  "income": sum(dice) * state.settings["songs_income_per_pip"]}
        if kind == "rock_star":
            return Label(N_("%(name)s: rock-star life, a song: %(dice)s, $%(income)s"), params)
        if typed:
            return Label(N_("%(name)s wrote a song: %(dice)s typed in, $%(income)s"), params)
        return Label(N_("%(name)s wrote a song: %(dice)s, $%(income)s"), params)
    if kind == "event":
        return Label(N_("an event resolved"))
    if kind == "finish":
        return Label(N_("final count closed"))
    if kind == "tour_cards":
        decade = action.get("decade")
        count = action.get("count")
        if decade in DECADES and isinstance(count, int) and not isinstance(count, bool):
            name = DATA["decade"][DECADES.index(decade)]["name_en"]
            return Label(N_("Host: tour cards of %(decade)s set to %(count)s"),
                         {"decade": name, "count": count})
        return Label(N_("Host: tour cards corrected"))
    if isinstance(kind, str) and kind in _LABELS:
        return Label(_LABELS[kind], {"name": name})
    return Label(str(kind))


# An income as labels stored it before they kept it a number: English digits ("3,000").
_STORED_INCOME = re.compile(r"\d{1,3}(?:,\d{3})*")


def label_params(msgid: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """A stored label's parameters as today's labels hold them: a song's income that an
    older log kept as English text ("3,000") is read back as the number it is, so every
    language writes it its own way."""
    income = params.get("income")
    if isinstance(income, str) and _STORED_INCOME.fullmatch(income):
        return {**params, "income": int(income.replace(",", ""))}
    return dict(params)


def round_label(number: int) -> Label:
    """What the log calls round ``number``: its decade, as the table names it."""
    decades = DATA["decade"]
    if 1 <= number <= len(decades):
        return Label("%(decade)s", {"decade": decades[number - 1]["name_en"]})
    return Label(N_("Round %(n)s"), {"n": number})


def _card_json(cards: Sequence[Card]) -> list[dict[str, Any]]:
    return [c.to_json() for c in cards]


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as everyone sees it (nothing is secret in this game)."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise MalformedInput(N_("viewer must be a seat number or null"))
    v = state.settings.values
    players = []
    for seat, p in enumerate(state.players):
        symbols: dict[str, int] = {}
        for g in p.gear:
            symbols[g.symbol] = symbols.get(g.symbol, 0) + 1
        continents: dict[str, int] = {}
        for t in p.tours:
            continents[t.continent] = continents.get(t.continent, 0) + 1
        players.append({
            "seat": seat, "name": p.name, "colour": p.colour, "power": p.power,
            "start_money": p.start_money, "start_mental": p.start_mental,
            "money": p.money, "mental": p.mental, "zone": zone_of(p.mental, v),
            "cubes": p.cubes, "cubes_left": p.cubes_left,
            "cubes_next_turn": 0 if p.dead else cubes_for(p.mental, v),
            "songs": p.songs, "fifth_song_used": p.fifth_song_used, "fans": p.fans,
            "vices": _card_json(p.vices), "vice_drawn": p.vice_drawn,
            "gear": _card_json(p.gear), "gear_symbols": symbols,
            "dice": dice_count(len(p.gear), v),
            "tours": _card_json(p.tours), "tours_by_continent": continents,
            "agents": _card_json(p.agents), "awards": _card_json(p.awards),
            "objectives": [{"kind": o.kind, "name": o.name, "souvenir": o.souvenir,
                            "done": o.done} for o in p.objectives],
            "souvenir": p.souvenir, "explored": p.explored, "dead": p.dead,
            "score": score_of(state, seat),
        })
    roll = state.last_roll
    return {
        "phase": state.phase,
        "decade": DECADES[state.decade],
        "decade_index": state.decade,
        "turn": state.turn,
        "first_player": state.first_player,
        "order": list(turn_order(state)),
        "active": state.active if state.phase == "play" and state.pending_event is None
        else None,
        "tours_in_decade": tours_in_decade(state),
        "tours_taken": state.tours_taken,
        "tours_left": tours_in_decade(state) - state.tours_taken,
        "tour_cards": {d: tours_in_decade(state, i) for i, d in enumerate(DECADES)},
        "closing": state.closing,
        "unlocked": list(unlocked(state.decade)),
        "bribe": state.bribe,
        "pending_event": None if state.pending_event is None else {
            "seat": state.pending_event[0], "card": state.pending_event[1]},
        "last_roll": None if roll is None else {
            "seat": roll.seat, "dice": list(roll.dice), "total": sum(roll.dice),
            "income": roll.income, "typed": roll.typed, "number": roll.number},
        "players": players,
        "ranking": ranking(state),
        "values": dict(v),
        "deck": [dict(c) | {"index": i, "taken": i in state.taken}
                 for i, c in enumerate(state.settings.cards)],
        # Per kind, the last card typed as printed: the form of the next one starts from it.
        "last_typed": {c.kind: c.to_json() for c in state.typed},
        "reason": state.reason or None,
    }


def chart_series(public: Mapping[str, Any]) -> list[ChartSeries]:
    """Each player's souvenir points at one moment, as the count would make them then (the
    results' chart), read from the public view."""
    return [ChartSeries("souvenir", N_("Souvenir points"),
                        tuple(p["score"]["total"] for p in public["players"]))]


def player_colours(public: Mapping[str, Any]) -> list[str]:
    """Each seat's colour."""
    return [str(DATA["colour_values"][p["colour"]]) for p in public["players"]]


# ---------------------------------------------------------------------------- random play

def _random_card(kind: str, rng: random.Random, state: State) -> Any:
    listed = [i for i, c in enumerate(state.settings.cards)
              if c.get("kind") == kind and i not in state.taken]
    if listed and rng.random() < 0.7:
        return rng.choice(listed)
    card: dict[str, Any] = {"name": f"{kind} {rng.randint(1, 99)}",
                            "cost_money": rng.choice([0, 1000, 2000, 3000]),
                            "cost_mental": rng.choice([0, 0, 1, 2, 3])}
    if kind != "award":
        card["fans_needed"] = rng.choice([0, 0, 0, 1000, 3000])
    if kind == "tour":
        card.update(fans=rng.choice([1000, 2000, 3000]), money=rng.choice([0, 1000, 2000]),
                    souvenir=rng.randint(0, 4), continent=rng.choice(CONTINENTS))
    elif kind == "gear":
        card.update(symbol=rng.choice(SYMBOLS), souvenir=rng.randint(0, 1))
    elif kind == "award":
        del card["cost_money"], card["cost_mental"]
        card.update(souvenir=rng.randint(1, 6), fans_needed=rng.choice([0, 2000]))
    elif kind == "agent":
        card["text"] = "passive power"
    return card


def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action (or, rarely, a refused one), with tours often enough that random games
    reach the end."""
    if state.phase == "count":
        if rng.random() < 0.5:
            seat = rng.randrange(len(state.players))
            objectives = state.players[seat].objectives
            if objectives:
                return {"type": "objective", "seat": seat,
                        "objective": rng.randrange(len(objectives)), "done": True,
                        "souvenir": rng.randint(1, 8)}
        return {"type": "finish"}
    if state.pending_event is not None:
        seats = rng.sample(range(len(state.players)), rng.randint(0, len(state.players)))
        return {"type": "event", "name": "event",
                "effects": [{"seat": s, "mental": rng.choice([-2, -1, 1]),
                             "fans": rng.choice([0, 1000])} for s in seats]}
    seat = state.active
    if rng.random() < 0.03:
        return {"type": rng.choice(CUBE_ACTIONS), "seat": rng.randrange(len(state.players))}
    if rng.random() < 0.03:
        return {"type": "effect", "seat": seat, "money": rng.choice([-1000, 1000]),
                "mental": rng.choice([-1, 1])}
    if rng.random() < 0.02:
        return {"type": "vice", "seat": seat, "card": {"name": "a vice"}}
    if rng.random() < 0.02:  # the host corrects this decade's tour cards
        return {"type": "tour_cards", "decade": DECADES[state.decade],
                "count": max(state.tours_taken + rng.randint(0, 3), 1)}
    base = {"seat": seat}
    weights = {"tour": 6, "agent": 1, "gear": 3, "song": 3, "psy": 2, "detox": 1, "therapy": 1,
               "record_contract": 1, "mushroom_trip": 1, "artistic_exploration": 1,
               "award": 1, "rock_star": 1, "viral_video": 1, "bribe": 1}
    for _ in range(8):
        kind = rng.choices(list(weights), list(weights.values()))[0]
        action: dict[str, Any] = {"type": kind, **base}
        if kind in MARKET:
            action["card"] = _random_card(kind, rng, state)
            action["event"] = rng.random() < 0.2
        elif kind == "award":
            action["card"] = _random_card(kind, rng, state)
        elif kind in ("song", "rock_star") and rng.random() < 0.3:
            count = dice_count(len(state.players[seat].gear), state.settings.values)
            action["dice"] = [rng.choice(MAIN_DIE_FACES)] + [
                rng.randint(1, EXTRA_DIE_SIDES) for _ in range(count - 1)]
        if refusal(state, action) is None:
            return action
    return {"type": "pass", **base}


def active_seats(state: State) -> list[int]:
    """The seat whose turn it is; nobody while an event is resolved or the count is made
    (any phone of the table enters those), nor once the game is over."""
    if state.result is not None or state.phase != "play" or state.pending_event is not None:
        return []
    return [state.active] if 0 <= state.active < len(state.players) else []
