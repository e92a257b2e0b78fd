"""Casse-toi Pov'con! — the rules engine.

The popularity track, Marine's marker, the crowd walk of each round as the phones record it,
round scoring by the Rule of 4 and the end of the game, per the rulebook
(``shared/rules/casse-toi-pov-con.en.txt``) and the table rulings (``RULINGS.md``).

Actions (dicts, as the API receives them):

- ``{"type": "draw", "seat", "stress", "stars", "corner", "announced"}``: a seat turns over a
  crowd card during the walk. ``corner`` is ``null``, ``"j1"``..``"j4"`` (a journalist) or
  ``"marine"``; ``announced`` says whether Marine was announced. Reaching the crack stress
  ends the round at once and scores it.
- ``{"type": "retract", "seat"}``: take back the seat's last recorded card (a mis-tap). Right
  after a crack (nothing recorded since), the cracked seat takes back the card that cracked
  it: the round's scoring is undone and the walk is back as it was before that card, for
  every phone (even when that crack had ended the game).
- ``{"type": "announce_marine", "seat"}``: the seat announced the Marine card(s) it holds.
- ``{"type": "end_walk"}``: the round ends by common agreement (everyone has 4 cards) and is
  scored from the walk. Table decision: once the whole deck is taken, the round can end
  this way even if someone has fewer than 4 cards (nobody can draw any more).
- ``{"type": "score_round", "results": [...]}``: a whole round's results entered at once
  (quick entry, or a correction of a past round); it replaces any walk in progress.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .base import (
    N_,
    TABLE,
    ChartSeries,
    IllegalAction,
    Label,
    MalformedInput,
    Option,
    Outcome,
    Owner,
    dispatch,
    load_data,
    read_options,
    require_bool,
    require_int,
)

ID = "casse-toi-pov-con"
NAME = "Casse-toi Pov'con!"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
LANGUAGES = ("en", "fr")
QUICK_ENTRY = True  # one phone may enter a whole round's results (templates/.../entry_rows)

DATA = load_data(ID)
TRACK = DATA["track"]
ROUND = DATA["round"]
PARTIES: tuple[Mapping[str, str], ...] = tuple(DATA["parties"])
CANDIDATES: tuple[Mapping[str, str], ...] = tuple(DATA["candidates"])
CRACK_STRESS: int = ROUND["crack_stress"]
AGREEMENT_MIN_CARDS: int = ROUND["agreement_min_cards"]
DECK_SIZE: int = ROUND["deck_size"]
JOURNALISTS: int = ROUND["journalists"]
RULE_OF_FOUR: int = ROUND["rule_of_four"]
SAME_PARTY_BONUS: int = TRACK["same_party_bonus"]
MAX_STARS_PER_CARD: int = DATA["crowd"]["max_stars_per_card"]
MAX_PER_PARTY = 2
JOURNALIST_CORNERS = tuple(f"j{n}" for n in range(1, JOURNALISTS + 1))
CORNERS = (*JOURNALIST_CORNERS, "marine")

OPTIONS = (
    Option("cracked_scores_rule_of_4", "bool", False,
           N_("A player who cracks still scores the Rule of 4"),
           N_("Off by default: a cracked player only loses 1 (the rulebook's example)")),
    Option("track_top", "int", TRACK["top"], N_("Highest space of the popularity track"),
           edition=True, minimum=3, maximum=40),
    Option("start_space", "int", TRACK["start"], N_("Start space of the candidates"),
           edition=True, minimum=0, maximum=39),
    Option("marine_start", "int", TRACK["marine_start"], N_("Start space of Marine"),
           edition=True, minimum=0, maximum=39),
    Option("stars_per_card", "int", MAX_STARS_PER_CARD, N_("Most stars one crowd card shows"),
           edition=True, minimum=1, maximum=6),
)


class Reason:
    """Why a game of Casse-toi Pov'con! ended (the ``reason`` of its outcome)."""

    PLAYER_BEYOND_TOP = "player_beyond_top"
    """A player went beyond the highest space: the most points this round among them wins."""
    PLAYER_BELOW_BOTTOM = "player_below_bottom"
    """A player fell below the lowest space: of the others, the most popular wins."""
    MARINE_ELECTED = "marine_elected"
    """Marine went beyond the highest space and no player did: everybody loses."""


# Reasons a player's popularity changed at the end of a round, with their labels.
GAIN_LABELS = {
    "four_cards": N_("at least 4 cards"),
    "journalists": N_("all 4 journalists"),
    "stars": N_("at least 4 stars"),
    "most_cards": N_("most cards"),
    "lone_without_marine": N_("only one without Marine"),
    "cracked": N_("cracked"),
    "forgot_marine": N_("forgot to announce Marine"),
}


@dataclass(frozen=True)
class Settings:
    top: int
    start: int
    marine_start: int
    cracked_scores_rule_of_4: bool
    stars_per_card: int = MAX_STARS_PER_CARD


@dataclass(frozen=True)
class Player:
    name: str
    party: str
    popularity: int


@dataclass(frozen=True)
class Card:
    """One crowd card a seat turned over during the walk."""

    stress: int
    stars: int
    corner: str | None
    announced: bool = True


@dataclass(frozen=True)
class Result:
    """One seat's result for a round: what the Rule of 4 looks at."""

    seat: int
    cards: int
    cracked: bool
    journalists: int
    marine_cards: int
    stars: int
    forgot_marine: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "cards": self.cards, "cracked": self.cracked,
            "journalists": self.journalists, "marine_cards": self.marine_cards,
            "stars": self.stars, "forgot_marine": self.forgot_marine,
        }


@dataclass(frozen=True)
class Gain:
    seat: int
    reasons: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return sum(points for _, points in self.reasons)


@dataclass(frozen=True)
class RoundSummary:
    number: int
    results: tuple[Result, ...]
    gains: tuple[Gain, ...]
    players_with_marine: int
    marine_from: int
    marine_to: int
    how: str  # "crack", "agreement" or "entry"
    # A round ended by a crack keeps its walk, so the cracking card can be taken back.
    walk: tuple[tuple[Card, ...], ...] = ()
    cracked_seat: int | None = None

    @functools.cached_property
    def json(self) -> dict[str, Any]:
        """The round as the API returns it. A round played never changes: its document is
        made once, not again for every reply and read of the table (the rounds are most of
        a long game's document). Read only: every reader shares it."""
        return {"number": self.number, "how": self.how,
                "players_with_marine": self.players_with_marine,
                "marine_from": self.marine_from, "marine_to": self.marine_to,
                "results": [r.to_json() for r in self.results],
                "gains": [{"seat": g.seat, "total": g.total,
                           "reasons": [{"reason": k, "points": v} for k, v in g.reasons]}
                          for g in self.gains]}


@dataclass(frozen=True)
class State:
    settings: Settings
    players: tuple[Player, ...]
    marine: int
    round: int
    walk: tuple[tuple[Card, ...], ...]
    history: tuple[RoundSummary, ...] = ()
    result: Outcome | None = None


# ---------------------------------------------------------------------------- setup

def player_fields() -> list[dict[str, Any]]:
    """The fields a player has at table creation, for forms and the API description."""
    return [
        {"name": "name", "type": "string", "required": True},
        {"name": "party", "type": "string", "required": True,
         "choices": [p["id"] for p in PARTIES],
         "help": N_("Party colour; any string is accepted, two players at most per party")},
    ]


def setup(players: Sequence[Mapping[str, Any]], options: Mapping[str, Any]) -> State:
    """The first state: candidates on the start space, one higher for a shared party."""
    values = read_options(OPTIONS, options)
    settings = Settings(values["track_top"], values["start_space"], values["marine_start"],
                        values["cracked_scores_rule_of_4"], values["stars_per_card"])
    if settings.start + SAME_PARTY_BONUS > settings.top:
        raise IllegalAction(
            N_("start space %(start)s plus the same-party bonus of %(bonus)s would start a "
               "candidate beyond the top of the track (%(top)s)"),
            code="bad_edition_values", start=settings.start, bonus=SAME_PARTY_BONUS,
            top=settings.top)
    if settings.marine_start > settings.top:
        raise IllegalAction(
            N_("Marine's start space %(start)s lies beyond the top of the track (%(top)s)"),
            code="bad_edition_values", start=settings.marine_start, top=settings.top)
    if not isinstance(players, list | tuple):
        raise MalformedInput(N_("players must be a list"))
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction(N_("this game is for %(low)s to %(high)s players, not %(count)s"),
                            code="player_count", low=MIN_PLAYERS, high=MAX_PLAYERS,
                            count=len(players))
    named: list[tuple[str, str]] = []
    for index, player in enumerate(players):
        if not isinstance(player, Mapping):
            raise MalformedInput(N_("player %(index)s must be an object"), index=index)
        name, party = player.get("name"), player.get("party")
        if not isinstance(name, str) or not name.strip():
            raise MalformedInput(N_("player %(index)s needs a name"), index=index)
        if not isinstance(party, str) or not party.strip():
            raise MalformedInput(N_("player %(index)s needs a party"), index=index)
        if len(name.strip()) > 40 or len(party.strip()) > 40:
            raise MalformedInput(N_("player %(index)s: name and party are 40 characters at most"),
                                 index=index)
        named.append((name.strip(), party.strip()))
    counts: dict[str, int] = {}
    for _, party in named:
        counts[party.casefold()] = counts.get(party.casefold(), 0) + 1
    for party_key, count in counts.items():
        if count > MAX_PER_PARTY:
            party = next(p for _, p in named if p.casefold() == party_key)
            raise IllegalAction(
                N_("at most two players per party: %(count)s players chose %(party)s"),
                code="party_full", count=count, party=party)
    seated = tuple(
        Player(name, party,
               settings.start + (SAME_PARTY_BONUS if counts[party.casefold()] == 2 else 0))
        for name, party in named
    )
    return State(settings=settings, players=seated, marine=settings.marine_start, round=1,
                 walk=tuple(() for _ in seated))


# ---------------------------------------------------------------------------- actions

def apply(state: State, action: Mapping[str, Any]) -> State:
    """The state after one action, or a typed error and no change. Once the game is over,
    only the cracked seat's "that was a mis-tap" for the crack that ended it is taken."""
    finished = state.result is not None and not _retracts_crack(state, action)
    return dispatch(_HANDLERS, state, action, finished=finished)


def _retracts_crack(state: State, action: Any) -> bool:
    """Whether ``action`` takes back the card that cracked a seat, right after the crack."""
    if not isinstance(action, Mapping) or action.get("type") != "retract":
        return False
    seat = action.get("seat")
    last = state.history[-1] if state.history else None
    return (last is not None and last.how == "crack" and isinstance(seat, int)
            and not isinstance(seat, bool) and seat == last.cracked_seat
            and not any(state.walk) and state.round == last.number + 1)


def _seat(state: State, action: Mapping[str, Any], key: str = "seat") -> int:
    seat = require_int(action, key)
    if not 0 <= seat < len(state.players):
        raise MalformedInput(N_("no seat %(seat)s at this table"), code="unknown_seat", seat=seat)
    return seat


def _draw(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    stress = require_int(action, "stress", minimum=0)
    stars = require_int(action, "stars", minimum=0)
    most_stars = state.settings.stars_per_card
    if stress > CRACK_STRESS or stars > most_stars:
        raise IllegalAction(N_("a crowd card has at most %(stress)s stress and %(stars)s stars"),
                            code="card_out_of_range", stress=CRACK_STRESS, stars=most_stars)
    corner = action.get("corner")
    if corner is not None and corner not in CORNERS:
        raise MalformedInput(N_("corner must be empty, j1 to j4 or marine, not %(corner)s"),
                             code="bad_corner", corner=corner)
    announced = require_bool(action, "announced", default=True)
    if sum(len(cards) for cards in state.walk) >= DECK_SIZE:
        raise IllegalAction(N_("all %(deck)s crowd cards are already taken"),
                            code="deck_exhausted", deck=DECK_SIZE)
    card = Card(stress, stars, corner, announced if corner == "marine" else True)
    walk = _with_seat(state.walk, seat, state.walk[seat] + (card,))
    state = replace(state, walk=walk)
    if sum(c.stress for c in walk[seat]) >= CRACK_STRESS:
        return _score(state, _results_from_walk(state, cracked_seat=seat), how="crack",
                      cracked_seat=seat)
    return state


def _retract(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    if _retracts_crack(state, action):
        return _uncrack(state)
    if not state.walk[seat]:
        raise IllegalAction(N_("%(name)s has no card to take back"), code="no_card",
                            name=state.players[seat].name)
    return replace(state, walk=_with_seat(state.walk, seat, state.walk[seat][:-1]))


def _uncrack(state: State) -> State:
    """The state just before the card that cracked a seat: its round's scoring undone."""
    last = state.history[-1]
    assert last.cracked_seat is not None
    players = tuple(replace(p, popularity=p.popularity - g.total)
                    for p, g in zip(state.players, last.gains, strict=True))
    walk = _with_seat(last.walk, last.cracked_seat, last.walk[last.cracked_seat][:-1])
    return replace(state, players=players, marine=last.marine_from, round=last.number,
                   walk=walk, history=state.history[:-1], result=None)


def _announce(state: State, action: Mapping[str, Any]) -> State:
    seat = _seat(state, action)
    cards = state.walk[seat]
    if not any(c.corner == "marine" and not c.announced for c in cards):
        raise IllegalAction(N_("%(name)s has no Marine card left to announce"),
                            code="nothing_to_announce", name=state.players[seat].name)
    announced = tuple(replace(c, announced=True) for c in cards)
    return replace(state, walk=_with_seat(state.walk, seat, announced))


def _end_walk(state: State, action: Mapping[str, Any]) -> State:
    short = [p.name for p, cards in zip(state.players, state.walk, strict=True)
             if len(cards) < AGREEMENT_MIN_CARDS]
    if short and sum(len(cards) for cards in state.walk) < DECK_SIZE:
        raise IllegalAction(
            N_("the round can end by agreement only once everyone has %(min)s cards; "
               "not yet: %(names)s"),
            code="agreement_too_few_cards", min=AGREEMENT_MIN_CARDS, names=", ".join(short))
    return _score(state, _results_from_walk(state, cracked_seat=None), how="agreement")


def _score_round(state: State, action: Mapping[str, Any]) -> State:
    results = parse_results(state, action.get("results"))
    return _score(state, results, how="entry")


_HANDLERS = {
    "draw": _draw,
    "retract": _retract,
    "announce_marine": _announce,
    "end_walk": _end_walk,
    "score_round": _score_round,
}


def _with_seat(walk: tuple[tuple[Card, ...], ...], seat: int,
               cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return walk[:seat] + (cards,) + walk[seat + 1:]


def walk_result(cards: Sequence[Card], seat: int, cracked: bool) -> Result:
    """What the Rule of 4 sees of a seat's cards."""
    return Result(
        seat=seat,
        cards=len(cards),
        cracked=cracked,
        journalists=len({c.corner for c in cards if c.corner in JOURNALIST_CORNERS}),
        marine_cards=sum(1 for c in cards if c.corner == "marine"),
        stars=sum(c.stars for c in cards),
        forgot_marine=any(c.corner == "marine" and not c.announced for c in cards),
    )


def _results_from_walk(state: State, cracked_seat: int | None) -> tuple[Result, ...]:
    return tuple(walk_result(cards, seat, seat == cracked_seat)
                 for seat, cards in enumerate(state.walk))


def parse_results(state: State, raw: Any) -> tuple[Result, ...]:
    """Check a round's entered results: shape first (400), then the rules (422)."""
    if not isinstance(raw, list):
        raise MalformedInput(N_("results must be a list with one entry per seat"))
    by_seat: dict[int, Result] = {}
    for entry in raw:
        if not isinstance(entry, Mapping):
            raise MalformedInput(N_("each result must be an object"))
        seat = _seat(state, entry)
        if seat in by_seat:
            raise MalformedInput(N_("seat %(seat)s appears twice in the results"),
                                 code="duplicate_seat", seat=seat)
        by_seat[seat] = Result(
            seat=seat,
            cards=require_int(entry, "cards", minimum=0),
            cracked=require_bool(entry, "cracked", default=False),
            journalists=require_int(entry, "journalists", minimum=0)
            if "journalists" in entry else 0,
            marine_cards=require_int(entry, "marine_cards", minimum=0)
            if "marine_cards" in entry else 0,
            stars=require_int(entry, "stars", minimum=0) if "stars" in entry else 0,
            forgot_marine=require_bool(entry, "forgot_marine", default=False),
        )
    missing = [s for s in range(len(state.players)) if s not in by_seat]
    if missing:
        raise MalformedInput(N_("results are missing seat(s) %(seats)s"), code="missing_seat",
                             seats=", ".join(map(str, missing)))
    results = tuple(by_seat[s] for s in range(len(state.players)))
    for r in results:
        name = state.players[r.seat].name
        if r.journalists > JOURNALISTS:
            raise IllegalAction(N_("%(name)s: there are only %(max)s different journalists"),
                                code="too_many_journalists", name=name, max=JOURNALISTS)
        if r.marine_cards > r.cards:
            raise IllegalAction(N_("%(name)s: more Marine cards than cards"),
                                code="marine_exceeds_cards", name=name)
        if r.journalists + r.marine_cards > r.cards:
            raise IllegalAction(
                N_("%(name)s: each card shows one journalist or Marine at most, so journalists "
                   "and Marine cards together cannot outnumber the cards"),
                code="figures_exceed_cards", name=name)
        if r.cracked and r.cards == 0:
            raise IllegalAction(N_("%(name)s cracked, so holds at least one card (the one "
                                   "that cracked them)"), code="cracked_without_card", name=name)
        if r.stars > r.cards * state.settings.stars_per_card:
            raise IllegalAction(
                N_("%(name)s: %(cards)s cards show %(most)s stars at most, not %(stars)s"),
                code="too_many_stars", name=name, cards=r.cards,
                most=r.cards * state.settings.stars_per_card, stars=r.stars)
        if r.forgot_marine and r.marine_cards == 0:
            raise IllegalAction(N_("%(name)s cannot forget to announce Marine without a "
                                   "Marine card"), code="forgot_without_marine", name=name)
    if sum(r.cards for r in results) > DECK_SIZE:
        raise IllegalAction(N_("%(total)s cards in all, but the deck has %(deck)s"),
                            code="deck_exceeded", total=sum(r.cards for r in results),
                            deck=DECK_SIZE)
    cracked = [r for r in results if r.cracked]
    if len(cracked) > 1:
        raise IllegalAction(N_("only one player can crack in a round: the round ends at once"),
                            code="several_cracked")
    if not cracked:
        short = [state.players[r.seat].name for r in results if r.cards < AGREEMENT_MIN_CARDS]
        if short and sum(r.cards for r in results) < DECK_SIZE:
            raise IllegalAction(
                N_("nobody cracked, so the round ended by agreement, which needs %(min)s cards "
                   "each; fewer: %(names)s"),
                code="agreement_too_few_cards", min=AGREEMENT_MIN_CARDS, names=", ".join(short))
    return results


# ---------------------------------------------------------------------------- scoring

def round_gains(results: Sequence[Result], cracked_scores_rule_of_4: bool) -> tuple[Gain, ...]:
    """Each seat's popularity change for a round, with the reasons, per the Rule of 4."""
    scoring = [r for r in results if cracked_scores_rule_of_4 or not r.cracked]
    most = max((r.cards for r in scoring), default=0)
    without_marine = [r for r in results if r.marine_cards == 0]
    gains = []
    for r in results:
        reasons: list[tuple[str, int]] = []
        if r.cracked:
            reasons.append(("cracked", -1))
        if r in scoring:
            if r.cards >= RULE_OF_FOUR:
                reasons.append(("four_cards", 1))
            if r.journalists + r.marine_cards >= JOURNALISTS:
                reasons.append(("journalists", 1))
            if r.stars >= RULE_OF_FOUR:
                reasons.append(("stars", 1))
            if r.cards > 0 and r.cards == most:
                reasons.append(("most_cards", 1))
        if not r.cracked and len(without_marine) == 1 and without_marine[0] is r:
            reasons.append(("lone_without_marine", 2))
        if r.forgot_marine:
            reasons.append(("forgot_marine", -1))
        gains.append(Gain(r.seat, tuple(reasons)))
    return tuple(gains)


def marine_advance(players_with_marine: int, player_count: int) -> int:
    """Marine moves 2 spaces when half the players or more hold a Marine card, else 1."""
    return 2 if 2 * players_with_marine >= player_count else 1


def _score(state: State, results: tuple[Result, ...], how: str,
           cracked_seat: int | None = None) -> State:
    gains = round_gains(results, state.settings.cracked_scores_rule_of_4)
    players = tuple(replace(p, popularity=p.popularity + g.total)
                    for p, g in zip(state.players, gains, strict=True))
    with_marine = sum(1 for r in results if r.marine_cards > 0)
    marine_to = state.marine + marine_advance(with_marine, len(players))
    summary = RoundSummary(state.round, results, gains, with_marine, state.marine, marine_to, how,
                           state.walk if cracked_seat is not None else (), cracked_seat)
    scored = replace(state, players=players, marine=marine_to, round=state.round + 1,
                     walk=tuple(() for _ in players), history=state.history + (summary,))
    return replace(scored, result=_end_of_game(scored, gains))


def _end_of_game(state: State, gains: Sequence[Gain]) -> Outcome | None:
    top = state.settings.top
    points = {g.seat: g.total for g in gains}
    beyond = [s for s, p in enumerate(state.players) if p.popularity > top]
    if beyond:
        return Outcome(_best(beyond, points), Reason.PLAYER_BEYOND_TOP)
    below = [s for s, p in enumerate(state.players) if p.popularity < 0]
    if below:
        others = [s for s in range(len(state.players)) if s not in below]
        if not others:
            return Outcome((), Reason.PLAYER_BELOW_BOTTOM)
        highest = max(state.players[s].popularity for s in others)
        most_popular = [s for s in others if state.players[s].popularity == highest]
        return Outcome(_best(most_popular, points), Reason.PLAYER_BELOW_BOTTOM)
    if state.marine > top:
        return Outcome((), Reason.MARINE_ELECTED)
    return None


def _best(seats: Sequence[int], points: Mapping[int, int]) -> tuple[int, ...]:
    """Of these seats, those with the most points this round (a tie is a shared win)."""
    best = max(points[s] for s in seats)
    return tuple(s for s in seats if points[s] == best)


_SEAT_ACTIONS = ("draw", "retract", "announce_marine")
# The fields each action may carry besides "type": anything else is refused.
ACTION_FIELDS = {
    "draw": ("seat", "stress", "stars", "corner", "announced"),
    "retract": ("seat",), "announce_marine": ("seat",), "end_walk": (),
    "score_round": ("results",),
}


def owner(state: State, action: Mapping[str, Any]) -> Owner:
    """A card turned over, taken back or a Marine announced is that seat's; ending the walk
    by agreement and a round typed in by one phone are the whole table's."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in _HANDLERS:
        raise MalformedInput(N_("unknown action type: %(type)s"), code="unknown_action",
                             type=kind)
    return _seat(state, action) if kind in _SEAT_ACTIONS else TABLE


def outcome(state: State) -> Outcome | None:
    return state.result


def active_seats(state: State) -> list[int]:
    """Nobody in particular: the crowd walk is played by everyone at once, in real time, and
    nobody waits for a given seat (the round ends by a crack or by common agreement)."""
    return []


# ---------------------------------------------------------------------------- reading

def stress(state: State, seat: int) -> int:
    return sum(c.stress for c in state.walk[seat])


def describe(state: State, action: Mapping[str, Any]) -> Label:
    """A short label for the log and the undo button ("round 3 scoring")."""
    if not isinstance(action, Mapping):
        raise MalformedInput(N_("an action must be an object"))
    kind = action.get("type")
    seat = action.get("seat")
    name = state.players[seat].name if isinstance(seat, int) and 0 <= seat < len(
        state.players) else "?"
    if kind == "draw":
        added = action.get("stress")
        if isinstance(added, int) and isinstance(seat, int) and 0 <= seat < len(state.players) \
                and stress(state, seat) + added >= CRACK_STRESS:
            return Label(N_("%(name)s cracked (%(stress)s stress): round %(round)s scoring"),
                         {"name": name, "stress": stress(state, seat) + added,
                          "round": state.round})
        stars = action.get("stars")
        params = {"name": name, "stress": action.get("stress"), "stars": stars}
        corner = action.get("corner")
        if corner == "marine":
            if isinstance(stars, int) and stars > 0:
                return Label(N_("%(name)s: card with Marine, %(stress)s stress, %(stars)s★"),
                             params)
            return Label(N_("%(name)s: card with Marine, %(stress)s stress"), params)
        if isinstance(corner, str) and corner in JOURNALIST_CORNERS:
            params["journalist"] = corner[1:]
            if isinstance(stars, int) and stars > 0:
                return Label(N_("%(name)s: card, %(stress)s stress, %(stars)s★, journalist "
                                "%(journalist)s"), params)
            return Label(N_("%(name)s: card, %(stress)s stress, journalist %(journalist)s"),
                         params)
        if isinstance(stars, int) and stars > 0:
            return Label(N_("%(name)s: card, %(stress)s stress, %(stars)s★"), params)
        return Label(N_("%(name)s: card, %(stress)s stress"), params)
    if kind == "retract":
        if _retracts_crack(state, action):
            last = state.history[-1]
            return Label(N_("%(name)s: crack taken back (mis-tap), round %(round)s goes on"),
                         {"name": name, "round": last.number})
        if isinstance(seat, int) and 0 <= seat < len(state.players) and state.walk[seat]:
            card = state.walk[seat][-1]
            return Label(N_("%(name)s: card taken back (%(stress)s stress)"),
                         {"name": name, "stress": card.stress})
        return Label(N_("%(name)s: card taken back"), {"name": name})
    if kind == "announce_marine":
        return Label(N_("%(name)s announced Marine"), {"name": name})
    if kind in ("end_walk", "score_round"):
        return Label(N_("round %(round)s scoring"), {"round": state.round})
    return Label(str(kind))


def round_number(state: State) -> int:
    """The round being played; the table log notes which entry closed each round."""
    return state.round


def correctable(action: Mapping[str, Any]) -> bool:
    """Whether an action may replace the entry that closed a past round (a correction)."""
    return isinstance(action, Mapping) and action.get("type") == "score_round"


def to_json(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The state as the API returns it; this game has no secrets, so every viewer sees all."""
    if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)):
        raise MalformedInput(N_("viewer must be a seat number or null"))
    return {
        "players": [
            {"seat": seat, "name": p.name, "party": p.party, "popularity": p.popularity,
             "stress": stress(state, seat),
             "walk": [{"stress": c.stress, "stars": c.stars, "corner": c.corner,
                       "announced": c.announced} for c in state.walk[seat]],
             "walk_result": walk_result(state.walk[seat], seat, False).to_json()}
            for seat, p in enumerate(state.players)
        ],
        "marine": state.marine,
        "round": state.round,
        "track": {"top": state.settings.top, "start": state.settings.start,
                  "marine_start": state.settings.marine_start},
        "options": {"cracked_scores_rule_of_4": state.settings.cracked_scores_rule_of_4},
        "stars_per_card": state.settings.stars_per_card,
        "rounds": [summary.json for summary in state.history],
    }


def party_color(party: str) -> str:
    """The display colour of a party id, or a neutral grey for a typed-in party."""
    for p in PARTIES:
        if p["id"].casefold() == party.casefold():
            return p["color"]
    return "#8a93a3"


def chart_series(public: Mapping[str, Any]) -> list[ChartSeries]:
    """The popularity track at one moment (the results' chart): each candidate's space, and
    Marine's beside them."""
    return [ChartSeries("popularity", N_("Popularity track"),
                        tuple(p["popularity"] for p in public["players"]),
                        ((N_("Marine"), public["marine"]),))]


def player_colours(public: Mapping[str, Any]) -> list[str]:
    """Each seat's colour: its party's."""
    return [party_color(p["party"]) for p in public["players"]]


# ---------------------------------------------------------------------------- random play

def random_action(state: State, rng: random.Random) -> dict[str, Any]:
    """A legal action, for the conformance suite's random play."""
    n = len(state.players)
    if rng.random() < 0.15:
        return {"type": "score_round", "results": random_results(n, rng)}
    if all(len(c) >= AGREEMENT_MIN_CARDS for c in state.walk) and rng.random() < 0.3:
        return {"type": "end_walk"}
    seat = rng.randrange(n)
    corner = rng.choice([None, None, None, *CORNERS])
    return {"type": "draw", "seat": seat, "stress": rng.randint(0, 3), "stars": rng.randint(0, 2),
            "corner": corner, "announced": rng.random() < 0.8}


def random_results(n: int, rng: random.Random) -> list[dict[str, Any]]:
    """Legal results for one round at a table of ``n`` players."""
    cracked_seat = rng.randrange(n) if rng.random() < 0.6 else None
    budget = DECK_SIZE
    results = []
    for seat in range(n):
        low = 0 if cracked_seat is not None else AGREEMENT_MIN_CARDS
        low = max(low, 1) if seat == cracked_seat else low
        cards = rng.randint(low, max(low, min(8, budget - low * (n - seat - 1))))
        budget -= cards
        marine = rng.randint(0, cards)
        journalists = rng.randint(0, min(JOURNALISTS, cards - marine))
        results.append({
            "seat": seat, "cards": cards, "cracked": seat == cracked_seat,
            "journalists": journalists, "marine_cards": marine,
            "stars": rng.randint(0, min(6, cards * MAX_STARS_PER_CARD)),
            "forgot_marine": marine > 0 and rng.random() < 0.2,
        })
    return results


def example_players(count: int) -> list[dict[str, Any]]:
    """A valid list of ``count`` players (the edition's candidates in order)."""
    return [{"name": c["name"], "party": c["party"]} for c in CANDIDATES[:count]]
