"""Election USA: labels for the log and the state as each viewer may see it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import (
    N_,
    ChartSeries,
    Label,
    MalformedInput,
    Np_,
    Plurals,
)
from ..sealed import REVEAL_ACTION, SEAL_ACTION
from .actions import (
    can_pay,
    maximum_policy_bid,
    minimum_policy_bid,
)
from .data import (
    COLOUR_HEX,
    DATA,
    FACE_UP,
    REGION_IDS,
    REGIONS,
)
from .deck import (
    copies_left,
    last_typed,
)
from .scoring import (
    malus_of,
    region_scores,
    totals,
)
from .state import (
    Advertising,
    Card,
    Chain,
    State,
    placed,
    remaining_cards,
    skeleton_count,
)

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


# The labels worded with a count: the reader's language picks « 1 pion », « 2 pions » (the
# msgid is the one stored logs hold).
PLURALS: Plurals = {
    N_("%(name)s placed %(count)s pawns"): (Np_(
        "%(name)s placed %(count)s pawn", "%(name)s placed %(count)s pawns"), "count"),
}


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button; a sealed bid never shows its amount."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
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
    if kind == "deck_size":
        return Label(N_("Host: the Action deck holds %(size)s cards"),
                     {"size": action.get("size")})
    return Label(str(kind))


def _card_json(card: Card | None) -> dict[str, Any] | None:
    return card.to_json() if card is not None else None


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as ``viewer`` (a seat, or None for everyone) may see it."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise MalformedInput(N_("viewer must be a seat number or null"))
    scores = region_scores(state)
    now = totals(state)
    players = []
    for seat, p in enumerate(state.players):
        players.append({
            "seat": seat, "name": p.name, "colour": p.colour, "money": p.money,
            "sincerity": p.sincerity, "available": p.available, "reserve": p.reserve,
            "placed": placed(state, seat),
            "regions": {REGION_IDS[i]: state.board[i][seat] for i in range(len(REGIONS))},
            "skeletons": skeleton_count(state, seat),
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
                 "remaining": remaining_cards(state),
                 # per line of the deck list: the copies not yet out of the deck
                 "left": list(copies_left(state)) if state.settings.action_deck else None},
        # per kind, the last card typed as printed: the card forms start from it
        "last_typed": last_typed(state),
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
            "minimum": minimum_policy_bid(state, speaker) if speaker is not None else None,
            "maximum": maximum_policy_bid(state, speaker) if speaker is not None else None},
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


def chart_series(public: Mapping[str, Any]) -> list[ChartSeries]:
    """Money and Sincerity at one moment (the results' charts), read from the public view."""
    players = public["players"]
    return [ChartSeries("money", N_("Money"), tuple(p["money"] for p in players)),
            ChartSeries("sincerity", N_("Sincerity"), tuple(p["sincerity"] for p in players))]


def player_colours(public: Mapping[str, Any]) -> list[str]:
    """Each seat's colour, as its pawns."""
    return [COLOUR_HEX[p["colour"]] for p in public["players"]]


def active_seats(state: State) -> list[int]:
    """The seats the game waits for: the active player (their turn, the refill), the bidder
    to speak (the Policy auction), the seats whose Advertising bid is not in, the winners
    still to place their pawns, the player to pay in a chain or to play a Skeleton."""
    if state.result is not None:
        return []
    if state.phase == "advertising" and state.advertising is not None:
        bids = state.advertising.bids
        return [s for s in bids.seats if s not in bids.locked]
    if state.phase == "placement" and state.advertising is not None:
        return list(state.advertising.pending)
    if state.phase == "policy" and state.policy is not None:
        return [state.policy.order[state.policy.index]]
    if state.phase == "chain" and state.chain is not None:
        return [state.chain.order[state.chain.index]]
    if state.phase == "skeleton" and state.chain is not None and state.chain.drawer is not None:
        return [state.chain.drawer]
    if state.phase in ("turn", "refill"):
        return [state.active]
    return []
