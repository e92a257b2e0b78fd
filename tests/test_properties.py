"""Hypothesis properties of the Casse-toi Pov'con! engine and of the table log."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.db import Database
from companion.games import casse_toi_pov_con as game
from companion.games.base import GameError
from companion.tables import TableService

PARTIES = ["blue", "orange", "pink", "green", "red", "teal", "gold", "grey"]


@st.composite
def rounds(draw: Any) -> tuple[int, list[dict[str, Any]], bool]:
    players = draw(st.integers(2, 8))
    option = draw(st.booleans())
    results = []
    for seat in range(players):
        cards = draw(st.integers(0, 9))
        marine = draw(st.integers(0, cards))
        results.append({
            "seat": seat, "cards": cards, "cracked": False,
            "journalists": draw(st.integers(0, min(4, cards - marine))),
            "marine_cards": marine, "stars": draw(st.integers(0, 8)),
            "forgot_marine": marine > 0 and draw(st.booleans()),
        })
    cracked = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    if cracked is not None:
        results[cracked]["cracked"] = True
    return players, results, option


@given(rounds())
@settings(max_examples=300, deadline=None)
def test_a_round_moves_each_player_within_the_rules_bounds(
        case: tuple[int, list[dict[str, Any]], bool]) -> None:
    players, results, option = case
    state = game.setup([{"name": f"P{i}", "party": PARTIES[i]} for i in range(players)],
                       {"cracked_scores_rule_of_4": option})
    try:
        after = game.apply(state, {"type": "score_round", "results": results})
    except GameError:
        return  # refused inputs are tested on their own
    for before_p, after_p, result in zip(state.players, after.players, results, strict=True):
        delta = after_p.popularity - before_p.popularity
        if result["cracked"]:
            # -1, maybe -1 more for Marine; with the option up to the four Rule-of-4 points.
            assert -2 <= delta <= (3 if option else -1)
        else:
            # At most the four criteria and the +2 bonus; at worst forgetting Marine.
            assert -1 <= delta <= 6
    assert after.marine - state.marine in (1, 2)
    outcome = game.outcome(after)
    if outcome is not None:
        assert set(outcome.winners) <= set(range(players))


@given(seed=st.integers(0, 10_000), steps=st.integers(1, 40))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_replaying_the_log_equals_the_state(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    service = TableService(Database("sqlite://"))
    players = game.example_players(rng.randint(2, 8))
    view = service.create(game.ID, players, {})
    for _ in range(steps):
        if view.outcome is not None:
            break
        try:
            if rng.random() < 0.2 and view.replay.done:
                view = service.undo(view.id, view.version)
            elif rng.random() < 0.1 and view.replay.undone:
                view = service.redo(view.id, view.version)
            else:
                view = service.act(view.id, view.version, game.random_action(view.state, rng))
        except GameError:
            continue
    replayed = TableService(service.db).get(view.id)
    assert game.to_json(replayed.state) == game.to_json(view.state)
    assert replayed.outcome == view.outcome


@given(seed=st.integers(0, 10_000), steps=st.integers(1, 30))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_undo_then_redo_is_the_identity(seed: int, steps: int) -> None:
    rng = random.Random(seed)
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(rng.randint(2, 8)), {})
    for _ in range(steps):
        if view.outcome is not None:
            break
        try:
            view = service.act(view.id, view.version, game.random_action(view.state, rng))
        except GameError:
            continue
    if not view.replay.done:
        return
    before = game.to_json(view.state)
    undone = service.undo(view.id, view.version)
    redone = service.redo(undone.id, undone.version)
    assert game.to_json(redone.state) == before
    assert redone.outcome == view.outcome
