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
from companion.games.base import NEWEST_RULES, RULES_KEY, GameError, Label, Outcome, read_options
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
    assert read_options(game.OPTIONS, {}) == {**{o.name: o.default for o in game.OPTIONS},
                                              RULES_KEY: NEWEST_RULES}
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


@pytest.mark.parametrize("seed", range(2))
def test_the_table_checks_whom_each_action_belongs_to(game: Any, seed: int) -> None:
    """Every action's owner comes from the engine; the table refuses it (403, nothing
    changed) to any other sender, and lets its owner and the host through."""
    from companion.games.base import HOST, TABLE
    from companion.tables import NotAllowed, Sender

    rng = random.Random(300 + seed)
    count = rng.randint(game.MIN_PLAYERS, game.MAX_PLAYERS)
    service = fresh_service()
    view = service.create(game.ID, game.example_players(count), {})
    checked = 0
    for _ in range(80):
        if view.outcome is not None:
            break
        action = game.random_action(view.state, rng)
        try:
            owner = game.owner(view.state, action)
        except GameError:
            continue
        assert owner in (TABLE, HOST) or (isinstance(owner, int) and 0 <= owner < count)
        wrong = [Sender(None, False)]
        if isinstance(owner, int):
            wrong.append(Sender((owner + 1) % count, False))
        elif owner == HOST:
            wrong.extend(Sender(s, False) for s in range(count))
        for sender in wrong:
            before = view.version
            with pytest.raises(NotAllowed):
                service.act(view.id, view.version, action, by=sender)
            assert service.version(view.id) == before
            checked += 1
        right = (Sender(owner, False) if isinstance(owner, int) else
                 Sender(None, True) if owner == HOST else Sender(0, False))
        try:
            view = service.act(view.id, view.version, action, by=right)
        except NotAllowed as error:  # pragma: no cover - the failure message says why
            raise AssertionError(f"{action} refused to its owner {owner}: {error}") from error
        except GameError:
            continue
    assert checked > 10


@pytest.mark.parametrize("bad", [None, [], [1], "ab", 5, {"type": 3}, {"type": "nope"}])
def test_owner_raises_only_typed_errors(game: Any, bad: Any) -> None:
    state = game.setup(game.example_players(game.MIN_PLAYERS), {})
    with pytest.raises(GameError):
        game.owner(state, bad)

# --------------------------------------------------------------------------- bad input
# Every entry point raises only the engine's typed errors (GameError) for input of any type:
# not an object where one is expected, a wrong type in a known field, nested wrong types.

NOT_OBJECTS: list[Any] = [None, 5, 1.5, True, "ab", "", [1], [], [{"type": "x"}], ("type",)]
WRONG_VALUES: list[Any] = [None, "x", "", 1.5, True, -1, 10**12, [1], [], {"a": 1}, {}]


def _sample_states_and_actions(game: Any, seed: int = 3) -> list[tuple[Any, dict[str, Any]]]:
    """States met in random play with a legal action of each type there (a few each)."""
    rng = random.Random(seed)
    state = game.setup(game.example_players(game.MIN_PLAYERS + 1
                                            if game.MAX_PLAYERS > game.MIN_PLAYERS
                                            else game.MIN_PLAYERS), {})
    seen: dict[str, int] = {}
    samples: list[tuple[Any, dict[str, Any]]] = []
    for _ in range(MAX_STEPS):
        if game.outcome(state) is not None:
            break
        action = game.random_action(state, rng)
        try:
            after = game.apply(state, action)
        except GameError:
            continue
        kind = str(action.get("type"))
        if seen.get(kind, 0) < 3:
            seen[kind] = seen.get(kind, 0) + 1
            samples.append((state, json.loads(json.dumps(action))))
        state = after
    assert samples
    return samples


def _mutations(value: Any) -> list[Any]:
    """The value with one part replaced by a wrong value, at every depth."""
    out: list[Any] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "type":
                continue
            out += [{**value, key: wrong} for wrong in WRONG_VALUES]
            out += [{**value, key: deeper} for deeper in _mutations(item)]
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += [value[:i] + [wrong] + value[i + 1:] for wrong in WRONG_VALUES]
            out += [value[:i] + [deeper] + value[i + 1:] for deeper in _mutations(item)]
    return out


def _only_typed_errors(call: Any, *args: Any) -> Any:
    try:
        return call(*args)
    except GameError as error:
        return error


def test_setup_refuses_non_object_and_wrongly_typed_input(game: Any) -> None:
    players = game.example_players(game.MIN_PLAYERS)
    for bad in NOT_OBJECTS:
        if bad is not None:
            with pytest.raises(GameError):
                game.setup(players, bad)
        if not (isinstance(bad, list) and bad and bad[0] == {"type": "x"}):
            with pytest.raises(GameError):
                game.setup(bad, {})
        with pytest.raises(GameError):
            game.setup([bad, *players[1:]], {})
    for field in game.player_fields():
        for wrong in WRONG_VALUES:
            if wrong == "" or isinstance(wrong, str):
                continue
            with pytest.raises(GameError):
                game.setup([{**players[0], field["name"]: wrong}, *players[1:]], {})
    for option in game.OPTIONS:
        wrongs = {"bool": [None, 1, "true", [True], {}],
                  "int": [None, "1", 1.5, [1], {}, True],
                  "seed": [None, "1", 1.5, [1], {}, True],
                  "deck": ["x", 5, {"a": 1}, [1], [[1]]]}[option.kind]
        for wrong in wrongs:
            with pytest.raises(GameError):
                game.setup(players, {option.name: wrong})


def test_apply_and_describe_refuse_actions_that_are_not_objects(game: Any) -> None:
    state = game.setup(game.example_players(game.MIN_PLAYERS), {})
    before = json.dumps(game.to_json(state), sort_keys=True)
    for bad in NOT_OBJECTS:
        with pytest.raises(GameError):
            game.apply(state, bad)
        with pytest.raises(GameError):
            game.describe(state, bad)
        if hasattr(game, "owner"):
            with pytest.raises(GameError):
                game.owner(state, bad)
        if hasattr(game, "correctable"):
            assert game.correctable(bad) is False
        if hasattr(game, "refusal"):
            assert isinstance(game.refusal(state, bad), GameError)
    assert json.dumps(game.to_json(state), sort_keys=True) == before


def test_wrongly_typed_fields_raise_only_typed_errors(game: Any) -> None:
    for state, action in _sample_states_and_actions(game):
        before = json.dumps(game.to_json(state), sort_keys=True)
        for bad in _mutations(action):
            result = _only_typed_errors(game.apply, state, bad)
            if isinstance(result, GameError):
                assert json.dumps(game.to_json(state), sort_keys=True) == before
            label = _only_typed_errors(game.describe, state, bad)
            assert isinstance(label, GameError | Label)
            if isinstance(label, Label):
                assert isinstance(label.render(), str)
            if hasattr(game, "owner"):
                _only_typed_errors(game.owner, state, bad)
            if hasattr(game, "correctable"):
                assert game.correctable(bad) in (True, False)


def test_to_json_refuses_a_viewer_that_is_not_a_seat(game: Any) -> None:
    state = game.setup(game.example_players(game.MIN_PLAYERS), {})
    for viewer in ("0", [0], 1.5, {"seat": 0}, True):
        with pytest.raises(GameError):
            game.to_json(state, viewer)
    for viewer in (None, 0, game.MIN_PLAYERS - 1, 99, -1):
        json.dumps(game.to_json(state, viewer))


@pytest.mark.parametrize("seed", range(3))
def test_active_seats_are_seats_of_the_table_and_the_ones_who_act(game: Any, seed: int) -> None:
    """``active_seats``: seats of the table, no repeats, nobody once the game is over, the
    unlocked seats of an open secret step; a seat's own action that the rules take while
    some seats are active comes from one of them. It never raises."""
    from companion.tables import owner_of, sealed_step

    assert callable(getattr(game, "active_seats", None)), f"{game.ID} has no active_seats"
    rng = random.Random(seed)
    players = rng.randint(game.MIN_PLAYERS, game.MAX_PLAYERS)
    state = game.setup(game.example_players(players), {})
    for _ in range(MAX_STEPS):
        active = game.active_seats(state)
        assert isinstance(active, list)
        assert all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
                   for s in active), active
        assert len(set(active)) == len(active)
        if game.outcome(state) is not None:
            assert active == []
            return
        opened = sealed_step(game, state)
        if opened is not None:
            assert active == [s for s in opened.seats if s not in opened.locked]
        action = game.random_action(state, rng)
        try:
            after = game.apply(state, action)
        except GameError:
            continue
        owner = owner_of(game, state, action)
        if active and isinstance(owner, int) and opened is None:
            assert owner in active, (game.ID, action, active)
        state = after
    raise AssertionError(f"{game.ID}: no outcome after {MAX_STEPS} random actions")
