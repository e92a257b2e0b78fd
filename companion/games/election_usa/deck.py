"""Election USA: the Action cards as they leave the deck.

With the group's deck list, a card drawn is picked from the list: each line has its printed
copies, and a copy face up, taken or drawn is out of the deck. The phones offer the lines
with copies left, the most likely draw first (``picks``); from rules revision 3 a line whose
copies are all out cannot be picked again. A card typed as printed (no deck list, or a card
the list lacks) is kept too: the card forms start from the last one typed of its kind
(``last_typed``), and the game's end offers them for the group's deck (``learned_cards``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import N_, IllegalAction
from .data import DATA, KINDS, MAX_COPIES, SCANDALS
from .state import Card, State

_KIND_NAMES = {k["id"]: str(k["name_en"]) for k in DATA["kinds"]}
# A deck list's picks are checked against its copies from this rules revision on: a table
# made before keeps the picks its log holds.
COPIES_RULES = 3


@dataclass(frozen=True)
class Pick:
    """A line of the deck list the phones offer: its place, its card, the copies left."""

    row: int
    card: Card
    left: int


def copies_left(state: State) -> tuple[int, ...]:
    """Per line of the deck list, the copies still in the deck (never below 0)."""
    settings = state.settings
    out = state.out or tuple(0 for _ in settings.action_deck)
    return tuple(max(0, copies - taken) for copies, taken in zip(settings.copies, out,
                                                                  strict=False))


def picks(state: State, kinds: Sequence[str] = KINDS, value_only: bool = False) -> list[Pick]:
    """The lines of the deck list a card drawn now may be, the most likely first (the most
    copies left, then the list's order): only the ``kinds`` asked; with ``value_only`` (a
    draw to raise Sincerity) a Fundraising, Policy or Advertising card must print its blue
    circle."""
    found = []
    for row, (card, left) in enumerate(zip(state.settings.action_deck, copies_left(state),
                                           strict=False)):
        if left <= 0 or card.kind not in kinds:
            continue
        if value_only and card.kind not in SCANDALS and card.value is None:
            continue
        found.append(Pick(row, card, left))
    found.sort(key=lambda p: (-p.left, p.row))
    return found


def card_title(card: Card) -> str:
    """How a message names a card of the deck list: its name, else its kind."""
    return card.name or _KIND_NAMES.get(card.kind, card.kind)


def drawn(state: State, card: Card, replaced: Card | None = None, whole: bool = True) -> State:
    """``card`` has left the deck (face up, taken, drawn); ``replaced``, recorded in its
    place by mistake, goes back. A picked card counts against its line's copies (refused
    from rules revision 3 when none is left); a typed one is kept as typed, ``whole`` when
    every field it prints was typed."""
    if replaced is not None:
        state = _put_back(state, replaced)
    if card.row is None:
        return replace(state, typed=(*state.typed, (card, whole)))
    out = list(state.out or (0 for _ in state.settings.action_deck))
    copies = state.settings.copies[card.row]
    if out[card.row] >= copies and state.settings.rules >= COPIES_RULES:
        raise IllegalAction(N_("card %(index)s of the deck list (%(card)s) is out: its "
                               "%(copies)s copies are all face up, taken or drawn"),
                            code="card_out", index=card.row, card=card_title(card),
                            copies=copies)
    out[card.row] += 1
    return replace(state, out=tuple(out))


def _put_back(state: State, card: Card) -> State:
    if card.row is not None:
        out = list(state.out)
        if card.row < len(out) and out[card.row] > 0:
            out[card.row] -= 1
        return replace(state, out=tuple(out))
    typed = list(state.typed)
    for index in range(len(typed) - 1, -1, -1):
        if typed[index][0] == card:
            del typed[index]
            break
    return replace(state, typed=tuple(typed))


def skeleton_typed(state: State, money: int, sincerity: int, pawns: int) -> State:
    """A Skeleton entered by its numbers, not picked from the group's list."""
    return replace(state, typed_skeletons=(*state.typed_skeletons, (money, sincerity, pawns)))


def last_typed(state: State) -> dict[str, dict[str, Any]]:
    """Per kind, what the last card of that kind typed at this table printed (the card
    forms start from it); a card typed by its blue circle alone brings only that."""
    last: dict[str, dict[str, Any]] = {}
    for card, whole in state.typed:
        fields = card.to_json()
        if not whole:
            fields = {"kind": card.kind, **({"value": card.value}
                                            if card.value is not None else {})}
            fields = {**last.get(card.kind, {}), **fields}
        fields.pop("name", None)
        last[card.kind] = fields
    return last


def learned_cards(state: State) -> dict[str, list[dict[str, Any]]]:
    """The cards typed as printed during the game, for the group's deck lists: per deck
    option, each distinct card once with ``count`` the copies seen, in the order first
    typed. Picks from the table's list are not among them, nor a card typed by its blue
    circle alone (the rest of it is unknown), nor a Skeleton entered as no change at all."""
    actions: dict[tuple[tuple[str, Any], ...], dict[str, Any]] = {}
    for card, whole in state.typed:
        if not whole:
            continue
        fields = card.to_json()
        key = tuple(sorted(fields.items()))
        if key in actions:
            actions[key]["count"] += 1
        else:
            actions[key] = {**fields, "count": 1}
    skeletons: dict[tuple[int, int, int], dict[str, Any]] = {}
    for numbers in state.typed_skeletons:
        if not any(numbers):
            continue
        if numbers in skeletons:
            skeletons[numbers]["count"] += 1
        else:
            money, sincerity, pawns = numbers
            skeletons[numbers] = {"money": money, "sincerity": sincerity, "pawns": pawns,
                                  "count": 1}
    return {"action_deck": _within_copies(actions.values()),
            "skeleton_deck": _within_copies(skeletons.values())}


def _within_copies(cards: Any) -> list[dict[str, Any]]:
    """Each card as one line, or several when it was seen more often than a line counts."""
    lines = []
    for card in cards:
        count = card["count"]
        while count > 0:
            lines.append({**card, "count": min(count, MAX_COPIES)})
            count -= MAX_COPIES
    return lines
