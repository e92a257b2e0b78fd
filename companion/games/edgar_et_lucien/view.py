"""What the pages read: the log labels (``describe``), ``to_json``, the charts' series, the
colours, the localized names and the plural messages."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..base import N_, ChartSeries, GameError, Label, MalformedInput, Np_, Plurals
from ..sealed import REVEAL_ACTION, SEAL_ACTION
from .actions import apply
from .changes import tokens_left
from .data import (
    ADMINISTRATION,
    CONDITION_ORDER,
    CONDITIONS,
    DATA,
    DISTRICT_TYPES,
    EDGAR_ADMINISTRATION,
    MANIGANCE,
    TURNS_PER_PERIOD,
)
from .period import minimum_bid
from .state import (
    State,
    TaxLine,
    _district_name,
    bank_reserve,
    certificate_holder,
    certificates_of,
    districts_of,
    owner_of,
)
from .victory import meets_conditions, threshold

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
    if not isinstance(seat, int):
        return label  # the host's reveal: no seat, nothing moved to name
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
