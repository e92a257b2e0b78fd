"""폭풍의 대권주자's scoring: the end of the game and its winners (``end_of_game``,
``winners``), and the most card points a player's cards can give in the round being scored,
above which the phone asks before recording them (the engine accepts any count up to its
sanity bound: the card values are edition values the companion does not have).

The bound is read from the rulebook and the table's state:

- a player's points from cards come from their point (green) cards: the three start point
  cards, 1 point each (public source), and the green cards bought in earlier rounds (a card
  bought this round lies in the notebook, unplayed, until the next one);
- a bought card gives at most as many points as its printed price: the game's own rate is one
  point per coin (a Doctorate is worth the coins paid for it), and no card is worth more than
  it costs;
- a green card may turn the round's coins into points (at most those coins);
- no card or coin is used or doubled more than twice in a round (the rulebook's rule 4).

So, in round 1, at most 2 × 3 = 6 card points; a table entering more is asked whether it
meant it (a slip like 90 for 9), and may still record it.

The package re-exports ``most_card_points`` (the phone's question).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import Outcome, load_data
from .data import GOAL, ROUNDS, Reason
from .state import Player, Points, Purchase, State

GAME = load_data("storm-candidate")["game"]
START_POINT_CARDS: int = GAME["start_point_cards"]
START_CARD_POINTS: int = GAME["start_card_points"]
MOST_USES: int = GAME["most_uses"]
POINT_COLOUR = "green"


def _green_prices(purchases: tuple[Purchase, ...], seat: int) -> list[int]:
    return [card.price or 0 for purchase in purchases if purchase.seat == seat
            for _slot, card, _paid in purchase.bought
            if card.colour == POINT_COLOUR and not card.doctorate]


def most_card_points(state: State, seat: int) -> int:
    """The most card points ``seat``'s cards can give in the round being scored (see the
    module's docstring)."""
    earlier = tuple(p for summary in state.history for p in summary.purchases)
    green = _green_prices(earlier, seat)
    coins = sum(p.coins for p in state.purchases if p.seat == seat) if green else 0
    return MOST_USES * (START_POINT_CARDS * START_CARD_POINTS + sum(green) + coins)


def end_of_game(state: State, points: Sequence[Points]) -> Outcome | None:
    """At the end of a round: 95 reached, the last Doctorate bought, or round 11 over."""
    if any(p.score >= GOAL for p in state.players):
        reason = Reason.GOAL
    elif state.doctorates_bought >= state.settings.players:
        reason = Reason.LAST_DOCTORATE
    elif state.round >= ROUNDS:
        reason = Reason.LAST_ROUND
    else:
        return None
    return Outcome(winners(state.players, points), reason)


def winners(players: Sequence[Player], last_round: Sequence[Points]) -> tuple[int, ...]:
    """The highest score; tied, the most points in the last round; still tied, shared."""
    best = max(p.score for p in players)
    tied = [s for s, p in enumerate(players) if p.score == best]
    last = {pts.seat: pts.total for pts in last_round}
    most = max(last[s] for s in tied)
    return tuple(s for s in tied if last[s] == most)
