"""폭풍의 대권주자 as the phones read it: the seats waited for, the log's labels, names in the
reader's language, the public state (``to_json``) and the results' chart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, ChartSeries, Label, MalformedInput, Np_, Plurals
from ..sealed import REVEAL_ACTION, SEAL_ACTION
from .actions import _blue_only, sealed, temporary_open
from .data import (
    ADDED_OFFICES,
    BASIC_OFFICES,
    COLOUR_HEX,
    DATA,
    GOAL,
    ROUNDS,
    TOKEN_SUPPLY,
    TRACK_TOP,
)
from .state import State, slot_price, surcharge, two_player_removed

# The messages worded with a count (see ``base.Plurals``).
PLURALS: Plurals = {
    N_("only %(room)s more worker(s) could find an empty office"): (Np_(
        "only %(room)s more worker could find an empty office",
        "only %(room)s more workers could find an empty office"), "room"),
    N_("%(count)s cards, but only %(buys)s buy(s) this round"): (Np_(
        "%(count)s cards, but only %(buys)s buy this round",
        "%(count)s cards, but only %(buys)s buys this round"), "buys"),
    N_("%(name)s: +%(count)s temporary worker(s)"): (Np_(
        "%(name)s: +%(count)s temporary worker", "%(name)s: +%(count)s temporary workers"),
        "count"),
    N_("%(name)s bought %(count)s card(s)"): (Np_(
        "%(name)s bought %(count)s card", "%(name)s bought %(count)s cards"), "count"),
}


# ---------------------------------------------------------------------------- reading

def active_seats(state: State) -> list[int]:
    """The seats the game waits for: those that have not locked in their priority number
    (phase 1), the seat whose turn it is (workers, buying); nobody in the scoring (any phone
    enters the round's points) or once the game is over. The seat that has just placed a
    worker may still add temporary workers (``temporary_open``), but nobody waits for it."""
    if state.result is not None:
        return []
    opened = sealed(state)
    if opened is not None:
        return [s for s in opened.seats if s not in opened.locked]
    if state.phase in ("workers", "buying") and 0 <= state.active < len(state.order):
        return [state.order[state.active]]
    return []


def round_number(state: State) -> int:
    """The round being played, or the one the game ended in; the table log notes which
    entry closed each round."""
    return state.round


def start_seat(state: State) -> int | None:
    """The seat that plays first in the game: the first on the bus of round 1, known once
    round 1's priority numbers are revealed (the bus drawn at setup only breaks ties);
    None before, and in any later round (its bus is that round's)."""
    if state.round != 1 or state.phase == "order" or not state.order:
        return None
    return state.order[0]


def correctable(action: Mapping[str, Any]) -> bool:
    """A round's points may replace the entry that closed a past round (a correction)."""
    return isinstance(action, Mapping) and action.get("type") == "score_round"


def correction_prefill(state: State, number: int) -> list[dict[str, Any]] | None:
    """What round ``number`` entered, one row per seat, to prefill its correction (the
    points typed, and the tokens and Doctorates counted for them); None when the round has
    not been scored."""
    summary = next((r for r in state.history if r.number == number), None)
    if summary is None:
        return None
    return [{"seat": p.seat, "cards": p.cards, "offices": p.offices,
             "storm_rallies": p.storm_rallies, "tokens": p.tokens,
             "doctorates": p.doctorates} for p in summary.points]


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    seat = action.get("seat")
    name = state.players[seat].name if isinstance(seat, int) and not isinstance(
        seat, bool) and 0 <= seat < len(state.players) else "?"
    if kind == SEAL_ACTION:
        return Label(N_("%(name)s locked in a priority card"), {"name": name})
    if kind == REVEAL_ACTION:
        return Label(N_("round %(round)s: priority cards revealed"), {"round": state.round})
    if kind == "place":
        office = action.get("office")
        return Label(N_("%(name)s: worker on office %(office)s"),
                     {"name": name, "office": office if isinstance(office, str) else "?"})
    if kind == "temporary":
        count = action.get("count")
        return Label(N_("%(name)s: +%(count)s temporary worker(s)"),
                     {"name": name, "count": count if isinstance(count, int) else "?"})
    if kind == "pass":
        return Label(N_("%(name)s places no more workers"), {"name": name})
    if kind == "buy":
        slots = action.get("slots")
        # The page's unticked boxes leave gaps (None) in the list: they are no card.
        count = sum(1 for s in slots if s is not None) if isinstance(slots, list) else 0
        return Label(N_("%(name)s bought %(count)s card(s)"), {"name": name, "count": count})
    if kind == "score_round":
        return Label(N_("round %(round)s points"), {"round": state.round})
    if kind == "street":
        slot = action.get("slot")
        return Label(N_("street slot %(slot)s entered"),
                     {"slot": slot if isinstance(slot, int) else "?"})
    return Label(str(kind))


def localized_names(lang: str) -> dict[str, str]:
    """Office ids and colours in the reader's language, for the engine's messages."""
    names: dict[str, str] = {}
    for colour in DATA["colours"]:
        names[colour["id"]] = colour.get(f"name_{lang}", colour["name_en"])
    for kind, count in (("board", 12), ("basic", max(BASIC_OFFICES.values())),
                        ("added", ADDED_OFFICES)):
        for number in range(1, count + 1):
            names[f"{kind}-{number}"] = office_label(f"{kind}-{number}", lang)
    return names


def office_label(office_id: str, lang: str = "en") -> str:
    """A short human name of an office ("Federal Building 2", "정부 청사 2")."""
    kind, _, number = office_id.partition("-")
    words = {
        "ko": {"board": "정부 청사", "basic": "기본 사무실", "added": "추가 사무실"},
        "fr": {"board": "Bâtiment fédéral", "basic": "Bureau de base", "added": "Bureau ajouté"},
        "en": {"board": "Federal Building", "basic": "Basic office", "added": "Added office"},
    }
    return f"{words.get(lang, words['en']).get(kind, kind)} {number}"


def _street_json(state: State) -> list[dict[str, Any]]:
    slots = []
    for slot, card in enumerate(state.street, start=1):
        entry: dict[str, Any] = {"slot": slot, "surcharge": surcharge(slot), "card": None,
                                 "price": None}
        if card is not None:
            entry["card"] = card.to_json()
            entry["price"] = slot_price(card, slot)
        slots.append(entry)
    return slots


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as the API returns it. The only secret: the priority numbers locked in
    before the reveal (a seat sees its own; everyone sees who has locked in)."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise MalformedInput(N_("viewer must be a seat number or null"))
    active = state.order[state.active] if state.phase in ("workers", "buying") else None
    supply = TOKEN_SUPPLY - sum(o.tokens for o in state.offices) - sum(
        p.tokens for p in state.players)
    doctorates_on_street = [
        {"slot": s["slot"], "price": s["price"]} for s in _street_json(state)
        if s["card"] is not None and s["card"]["doctorate"]]
    return {
        "round": state.round,
        "rounds": ROUNDS,
        "rounds_played": len(state.history),
        "phase": state.phase,
        "goal": GOAL,
        "track_top": TRACK_TOP,
        "order": list(state.order),
        "previous_order": list(state.previous_order),
        "active": active,
        "priority": state.priority.public(viewer) if sealed(state) is not None and
        state.priority is not None else None,
        "players": [
            {"seat": seat, "name": p.name, "colour": p.colour, "score": p.score,
             "workers": p.workers, "temporary": p.temporary, "placed": p.placed,
             "passed": p.passed, "tokens": p.tokens, "priority": p.priority,
             "bus": state.order.index(seat) + 1 if state.phase != "order" else None,
             "offices": [o.id for o in state.offices if o.worker == seat]}
            for seat, p in enumerate(state.players)
        ],
        "offices": [{"id": o.id, "kind": o.kind, "number": o.number, "tokens": o.tokens,
                     "worker": o.worker} for o in state.offices],
        "street": _street_json(state),
        "deck": {"left": state.deck, "doctorates": state.deck_doctorates},
        "doctorates": {"total": state.settings.players, "bought": state.doctorates_bought,
                       "on_street": doctorates_on_street},
        "tokens": {"supply": supply, "total": TOKEN_SUPPLY},
        "purchases": [p.to_json() for p in state.purchases],
        "blue_offices_only": _blue_only(state),
        "two_player_removed": list(two_player_removed(state.settings.players)),
        "temporary_open": temporary_open(state),
        "options": {"blue_offices_first_round": state.settings.blue_first_round,
                    "board_offices": state.settings.board_offices,
                    "deck_cards": len(state.settings.deck), "rules": state.settings.rules},
        "rounds_log": [
            {"number": r.number, "order": list(r.order), "priorities": list(r.priorities),
             "purchases": [p.to_json() for p in r.purchases],
             "points": [p.to_json() for p in r.points],
             "tokens_placed": list(r.tokens_placed),
             "removed": [c.to_json() for c in r.removed],
             "office_added": r.office_added, "refilled": r.refilled}
            for r in state.history
        ],
    }


def chart_series(public: Mapping[str, Any]) -> list[ChartSeries]:
    """The victory-point track at one moment (the results' chart)."""
    return [ChartSeries("score", N_("Victory points"),
                        tuple(p["score"] for p in public["players"]))]


def player_colours(public: Mapping[str, Any]) -> list[str]:
    """Each seat's colour."""
    return [COLOUR_HEX[p["colour"]] for p in public["players"]]
