"""Hypothesis properties of the Election USA engine: what every action conserves."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.db import Database
from companion.games import election_usa as game
from companion.games.base import HOST, TABLE, GameError
from companion.tables import NotAllowed, Sender, TableService


def invariants(state: game.State, count: int) -> None:
    reserve = state.settings.reserve
    for seat, p in enumerate(state.players):
        on_board = sum(region[seat] for region in state.board)
        assert p.available + p.reserve + on_board == game.START["pawns"] + reserve
        assert min(p.available, p.reserve, on_board) >= 0
        assert game.SINCERITY_MIN <= p.sincerity <= game.SINCERITY_MAX
        assert p.money >= 0
    assert sum(p.money for p in state.players) + state.bank == game.START["money"] * count


def random_game(seed: int, count: int, steps: int, rules: int = game.RULES
                ) -> tuple[game.State, list[dict[str, Any]], list[game.State]]:
    rng = random.Random(seed)
    state = game.setup(game.example_players(count), {"reserve": rng.randint(0, 14),
                                                     "rules": rules})
    actions: list[dict[str, Any]] = []
    states = [state]
    for _ in range(steps):
        if game.outcome(state) is not None:
            break
        action = game.random_action(state, rng)
        if rng.random() < 0.1:  # a mistyped action from a phone
            action = dict(action)
            for key in ("amount", "count", "value", "money", "pawns"):
                if key in action:
                    action[key] = rng.choice([-1, 99, "3", None, [1]])
        try:
            state = game.apply(state, action)
        except GameError:
            assert json.dumps(game.to_json(states[-1]), sort_keys=True) == json.dumps(
                game.to_json(state), sort_keys=True)
            continue
        actions.append(action)
        states.append(state)
    return state, actions, states


@given(st.integers(0, 2**32), st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS))
@settings(max_examples=150, deadline=None)
def test_money_pawns_and_sincerity_are_conserved_by_every_action(seed: int, count: int) -> None:
    _, _, states = random_game(seed, count, 400)
    for state in states:
        invariants(state, count)


@given(st.integers(0, 2**32), st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS),
       st.sampled_from([1, game.RULES]))
@settings(max_examples=60, deadline=None)
def test_replay_equals_fold(seed: int, count: int, rules: int) -> None:
    final, actions, _ = random_game(seed, count, 200, rules)
    again = game.setup(game.example_players(count), {"reserve": final.settings.reserve,
                                                     "rules": rules})
    for action in actions:
        again = game.apply(again, action)
    assert again == final
    for viewer in (None, *range(count)):
        assert game.to_json(again, viewer) == game.to_json(final, viewer)


@given(st.integers(0, 2**32), st.integers(game.MIN_PLAYERS, game.MAX_PLAYERS))
@settings(max_examples=60, deadline=None)
def test_the_active_player_s_policy_word_never_goes_above_the_highest_bid(
        seed: int, count: int) -> None:
    _, _, states = random_game(seed, count, 400)
    for state in states:
        policy = state.last_policy
        if policy is None or policy.high_bidder is None:
            continue
        active = policy.order[-1]
        others = [a for s, a in policy.spoken if s != active and a is not None]
        if policy.high_bidder == active:
            assert policy.high == max(others, default=0)
        else:
            assert policy.high == max(others)


@given(st.integers(0, 2**32), st.sampled_from([1, game.RULES]))
@settings(max_examples=60, deadline=None)
def test_a_skeleton_counts_from_its_draw_from_rules_2(seed: int, rules: int) -> None:
    _, actions, states = random_game(seed, 3, 400, rules)
    for action, before, after in zip(actions, states[:-1], states[1:], strict=True):
        counts = [game.skeleton_count(before, s) for s in range(3)]
        now = [game.skeleton_count(after, s) for s in range(3)]
        drawer = action.get("seat")
        if action["type"] == "skeleton":
            grown = 1 if rules >= 2 else 0
            assert now == [c + (grown if s == drawer else 0) for s, c in enumerate(counts)]
            if rules >= 2 and now[drawer] >= game.SKELETON_LIMIT:
                assert after.ending is not None
        elif action["type"] == "skeleton_effect":
            grown = 0 if rules >= 2 else 1
            assert now == [c + (grown if s == drawer else 0) for s, c in enumerate(counts)]
        else:
            assert now == counts


@given(st.integers(0, 2**16))
@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
def test_the_table_log_folds_to_the_engines_state(seed: int) -> None:
    rng = random.Random(seed)
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(3), {})
    for _ in range(40):
        if view.outcome is not None:
            break
        action = game.random_action(view.state, rng)
        # Each action from the phone that owns it: a seat's from that seat, the whole
        # table's from seat 0, "reveal now" from the host.
        owner = game.owner(view.state, action)
        sender = (Sender(host=True) if owner == HOST
                  else Sender(seat=0) if owner == TABLE else Sender(seat=owner))
        try:
            view = service.act(view.id, view.version, action, by=sender)
        except NotAllowed:
            raise
        except GameError:
            continue
    cold = TableService(service.db).get(view.id)
    assert game.to_json(cold.state) == game.to_json(view.state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 99) | st.text(max_size=8)
    | st.sampled_from(["fundraising", "policy", "advertising", "blackmail", "journalist",
                       "midwest", "seal", "reveal"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "seat", "slot", "card", "kind", "high", "low", "pawns",
                         "region", "value", "amount", "count", "money", "sincerity", "deck",
                         "last", "note", "x"]), inner, max_size=5),
    max_leaves=12)
ACTION_TYPES = st.sampled_from(["take", "raise_sincerity", "show", "bid", "pass", "seal",
                                "reveal", "place", "pay", "skeleton", "skeleton_effect",
                                "refill", "deck_size", "nope"])


@given(st.integers(0, 2**16), ACTION_TYPES, st.dictionaries(
    st.sampled_from(["seat", "slot", "card", "amount", "count", "value", "money",
                     "sincerity", "pawns", "deck", "last", "note", "size", "x"]), JSON,
    max_size=4))
@settings(max_examples=400, deadline=None)
def test_any_input_is_refused_with_a_typed_error_and_no_change(seed: int, kind: str,
                                                               fields: dict[str, Any]) -> None:
    state, _, _ = random_game(seed, 3, seed % 40)
    action = {"type": kind, **fields}
    before = game.to_json(state)
    for call in (lambda: game.apply(state, action), lambda: game.owner(state, action)):
        try:
            call()
        except GameError:
            pass
    try:
        assert game.describe(state, action).render()
    except GameError:
        pass
    assert game.to_json(state) == before


@given(JSON)
@settings(max_examples=200, deadline=None)
def test_setup_refuses_any_malformed_players_or_options_with_a_typed_error(value: Any) -> None:
    for players, options in ((value, {}), (game.example_players(3), value),
                             (game.example_players(3), {"action_deck": value}),
                             (game.example_players(3), {"skeleton_deck": value})):
        try:
            game.setup(players, options)
        except GameError:
            pass
