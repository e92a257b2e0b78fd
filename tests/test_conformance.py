"""The conformance suite: every registered game passes it, now and when the next one lands.

Random legal play reaches an outcome; the log replayed from storage equals the state the
table service kept; undo then redo round-trips; refused actions change nothing; states and
labels are JSON- and human-readable.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from companion.db import Database
from companion.games import GAMES
from companion.games.base import GameError, Label, Outcome, read_options
from companion.tables import TableService

GAME_IDS = sorted(GAMES)
MAX_STEPS = 3000


@pytest.fixture(params=GAME_IDS)
def game(request: pytest.FixtureRequest) -> Any:
    return GAMES[request.param]


def fresh_service() -> TableService:
    return TableService(Database("sqlite://"))


def play(game: Any, rng: random.Random, players: int) -> tuple[Any, list[Any]]:
    """Random legal play until the game ends; returns the final state and the actions."""
    state = game.setup(game.example_players(players), {})
    actions = []
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            return state, actions
        action = game.random_action(state, rng)
        before = json.dumps(game.to_json(state), sort_keys=True)
        try:
            state = game.apply(state, action)
        except GameError:
            assert json.dumps(game.to_json(state), sort_keys=True) == before
            continue
        actions.append(action)
    raise AssertionError(f"{game.ID}: no outcome after {MAX_STEPS} random actions")


def test_module_shape(game: Any) -> None:
    assert game.ID in GAMES and isinstance(game.NAME, str)
    assert 1 <= game.MIN_PLAYERS <= game.MAX_PLAYERS
    assert read_options(game.OPTIONS, {}) == {o.name: o.default for o in game.OPTIONS}
    for count in (game.MIN_PLAYERS, game.MAX_PLAYERS):
        state = game.setup(game.example_players(count), {})
        assert len(game.to_json(state)["players"]) == count
        assert game.outcome(state) is None


@pytest.mark.parametrize("seed", range(6))
def test_random_play_reaches_an_outcome(game: Any, seed: int) -> None:
    rng = random.Random(seed)
    players = rng.randint(game.MIN_PLAYERS, game.MAX_PLAYERS)
    state, actions = play(game, rng, players)
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.reason
    assert all(0 <= seat < players for seat in outcome.winners)
    json.dumps(game.to_json(state))
    with pytest.raises(GameError):
        game.apply(state, actions[-1])


@pytest.mark.parametrize("seed", range(3))
def test_replay_from_storage_equals_the_kept_state(game: Any, seed: int) -> None:
    rng = random.Random(100 + seed)
    players = game.example_players(rng.randint(game.MIN_PLAYERS, game.MAX_PLAYERS))
    service = fresh_service()
    view = service.create(game.ID, players, {})
    for _ in range(60):
        if view.outcome is not None:
            break
        choice = rng.random()
        try:
            if choice < 0.1 and view.replay.done:
                view = service.undo(view.id, view.version)
            elif choice < 0.15 and view.replay.undone:
                view = service.redo(view.id, view.version)
            else:
                action = game.random_action(view.state, rng)
                label = game.describe(view.state, action)
                assert isinstance(label, Label) and label.render()
                view = service.act(view.id, view.version, action)
        except GameError:
            continue
    cold = TableService(service.db)  # no cache: folds the stored log from the start
    stored = cold.get(view.id)
    assert stored.version == view.version
    assert game.to_json(stored.state) == game.to_json(view.state)


def test_undo_everything_then_redo_everything(game: Any) -> None:
    rng = random.Random(7)
    players = game.example_players(game.MIN_PLAYERS)
    service = fresh_service()
    view = service.create(game.ID, players, {})
    initial = game.to_json(view.state)
    written = 0
    while written < 25 and view.outcome is None:
        try:
            view = service.act(view.id, view.version, game.random_action(view.state, rng))
            written += 1
        except GameError:
            continue
    final = game.to_json(view.state)
    entries = len(view.replay.done)  # a seal that completes its step adds the reveal too
    assert entries >= written
    for _ in range(entries):
        view = service.undo(view.id, view.version)
    assert game.to_json(view.state) == initial and not view.replay.done
    for _ in range(entries):
        view = service.redo(view.id, view.version)
    assert game.to_json(view.state) == final
