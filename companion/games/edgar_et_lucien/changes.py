"""The state's changes every action is made of: Cogs, popularity, owners, influence tokens,
the play aid, the characters that acted, the Manigance cards drawn and discarded."""

from __future__ import annotations

from dataclasses import replace

from ..base import N_, IllegalAction
from .data import INFLUENCE_TOKENS
from .state import Player, State, _name, bank_reserve, clamp_popularity, districts_of, shuffled_deck


def _set_player(state: State, seat: int, player: Player) -> State:
    return replace(state, players=state.players[:seat] + (player,) + state.players[seat + 1:])


def _with_cogs(player: Player, cogs: int) -> Player:
    """A player's new Cogs; a change hides them again after a robbery showed them."""
    assert cogs >= 0
    return replace(player, cogs=cogs, cogs_shown=player.cogs_shown and cogs == player.cogs)


def _change_cogs(state: State, seat: int, delta: int) -> State:
    return _set_player(state, seat, _with_cogs(state.players[seat], state.players[seat].cogs
                                               + delta))


def _change_popularity(state: State, seat: int, delta: int) -> State:
    player = state.players[seat]
    return _set_player(state, seat, replace(
        player, popularity=clamp_popularity(player.popularity + delta)))


def bank_pays(state: State, seat: int, amount: int) -> State:
    """The bank pays a seat, at most what its notes hold."""
    return _change_cogs(state, seat, min(amount, bank_reserve(state)))


def _pay(state: State, seat: int, amount: int, to: int | None) -> State:
    """A seat pays ``amount`` to another seat or (``to`` None) to the bank; refused if short."""
    player = state.players[seat]
    if player.cogs < amount:
        raise IllegalAction(N_("%(name)s has too few Cogs: %(amount)s needed"),
                            code="too_few_cogs", name=player.name, amount=amount)
    state = _change_cogs(state, seat, -amount)
    return _change_cogs(state, to, amount) if to is not None else state


def _set_owner(state: State, district: str, seat: int | None) -> State:
    if seat is not None:
        _need_tokens(state, seat)
    i = state.board.index(district)
    return replace(state, owners=state.owners[:i] + (seat,) + state.owners[i + 1:])


def tokens_left(state: State, seat: int) -> int:
    """Influence tokens a seat still has: one sits on each district owned and on each
    administration action marked this period."""
    return INFLUENCE_TOKENS - len(districts_of(state, seat)) - len(state.players[seat].used)


def _need_tokens(state: State, seat: int, count: int = 1) -> None:
    if state.settings.rules < 2:
        return  # a table of revision 1 did not count influence tokens
    if tokens_left(state, seat) < count:
        raise IllegalAction(N_("%(name)s has no influence token left: one must come back "
                               "(a district lost, or the end of the Electoral Period) first"),
                            code="no_token", name=_name(state, seat))


def _mark_used(state: State, seat: int, *actions: str) -> State:
    _need_tokens(state, seat, len(actions))
    player = state.players[seat]
    return _set_player(state, seat, replace(player, used=player.used + actions))


def _mark_acted(state: State, *characters: str) -> State:
    return replace(state, acted=state.acted + characters)


def draw_cards(state: State, seat: int, count: int) -> State:
    """Draw up to ``count`` Manigance cards; an empty pile is rebuilt from the shuffled
    discards; refused when there is no card at all to draw."""
    if not state.deck and not state.discard:
        raise IllegalAction(N_("no Manigance card left to draw"), code="deck_empty")
    deck, discard, shuffles = state.deck, state.discard, state.shuffles
    drawn: list[str] = []
    for _ in range(count):
        if not deck and discard:
            shuffles += 1
            deck, discard = shuffled_deck(state.settings.seed, shuffles, discard), ()
        if not deck:
            break
        drawn.append(deck[0])
        deck = deck[1:]
    player = state.players[seat]
    state = replace(state, deck=deck, discard=discard, shuffles=shuffles)
    return _set_player(state, seat, replace(player, hand=player.hand + tuple(drawn)))


def _discard_from_hand(state: State, seat: int, card: str) -> State:
    player = state.players[seat]
    i = player.hand.index(card)
    state = _set_player(state, seat, replace(player, hand=player.hand[:i] + player.hand[i + 1:]))
    return replace(state, discard=state.discard + (card,))
