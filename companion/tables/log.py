"""The log and its fold: a table's state is the fold of its effective actions over the
game's ``setup``; undo, redo and corrections are entries too (see the package's docstring).
What the engine is asked about an action (its owner, its fields, its sealed step) is here too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from ..games.base import FIRST_RULES, HOST, N_, RULES_KEY, TABLE, Label, MalformedInput, Owner
from ..games.sealed import REVEAL_ACTION, SEAL_ACTION, Sealed
from .model import HOST_ENTRY, SEAT_ENTRY, Kept, Op, Replay, Written


def stored_options(options: Any) -> Any:
    """A stored table's options as its engine reads them: a table stored before tables
    named their rules revision (``RULES_KEY``) was made under revision 1, and keeps it."""
    if isinstance(options, dict) and RULES_KEY not in options:
        return {**options, RULES_KEY: FIRST_RULES}
    return options


def apply_logged(game: ModuleType, state: Any, action: Mapping[str, Any]) -> Any:
    """Apply an action of a stored log. A log stored before the platform revealed sealed
    steps as entries of their own holds none: there the last seal resolved the step, so a
    complete step followed by an entry that is neither a seal nor a reveal (which no engine
    takes while a step is open) is revealed first, as that release did."""
    if action.get("type") not in (SEAL_ACTION, REVEAL_ACTION):
        opened = sealed_step(game, state)
        if opened is not None and opened.complete:
            state = game.apply(state, {"type": REVEAL_ACTION})
    return game.apply(state, action)


def sealed_step(game: ModuleType, state: Any) -> Sealed | None:
    """The game's open step of secret inputs, if it has one."""
    sealed_of = getattr(game, "sealed", None)
    opened: Sealed | None = sealed_of(state) if sealed_of is not None else None
    return opened


def owner_of(game: ModuleType, state: Any, action: Mapping[str, Any]) -> Owner:
    """Whom an action belongs to, as the engine says (a game without ``owner`` leaves
    every action to the whole table)."""
    owner = getattr(game, "owner", None)
    result: Owner = owner(state, action) if owner is not None else TABLE
    return result


def check_fields(game: ModuleType, action: Mapping[str, Any]) -> None:
    """Refuse the fields an action of this type does not have (the game's
    ``ACTION_FIELDS``), so a log entry holds only what the rules read."""
    fields = getattr(game, "ACTION_FIELDS", None)
    kind = action.get("type")
    if fields is None or not isinstance(kind, str) or kind not in fields:
        return
    unknown = sorted(str(k) for k in action if k != "type" and k not in fields[kind])
    if unknown:
        raise MalformedInput(N_("unknown field: %(field)s"), code="unknown_field",
                             field=", ".join(unknown))


def check_players(game: ModuleType, players: Any) -> None:
    """Refuse player fields the game does not have."""
    if not isinstance(players, list):
        return
    known = {f["name"] for f in game.player_fields()}
    for index, player in enumerate(players, start=1):
        if isinstance(player, dict):
            unknown = sorted(str(k) for k in player if k not in known)
            if unknown:
                raise MalformedInput(N_("player %(index)s: unknown field %(field)s"),
                                     code="unknown_field", index=index,
                                     field=", ".join(unknown))


def _applied(game: ModuleType, replay: Replay, seq: int, action: Mapping[str, Any],
             owner: Owner) -> Written:
    """The entry that applies one game action on top of ``replay`` at ``seq``."""
    label = game.describe(replay.state, action)
    before = sealed_step(game, replay.state)
    state = game.apply(replay.state, action)
    after = sealed_step(game, state)
    revealed: dict[str, Any] | None = None
    if before is not None and (after is None or after.key != before.key):
        # This entry ended a sealed step: every phone now sees its values.
        revealed = {"key": before.key,
                    "values": [[seat, value] for seat, value in before.values]}
    closers = dict(replay.round_closers)
    _note_round(game, closers, replay.state, state, seq)
    seat_owner = owner if isinstance(owner, int) else HOST_ENTRY if owner == HOST else None
    reveals: str | None = revealed["key"] if revealed else None
    op = Op(seq, "action", action, None, seat_owner, reveals)
    new = Replay(state, [*replay.done, op], [], [*replay.effective, (seq, action)], closers)
    return Written("action", action, label, new, seat_owner, revealed)


def _fold(game: ModuleType, players: Any, options: Any,
          effective: Sequence[tuple[int, Mapping[str, Any]]]) -> tuple[Any, dict[int, int]]:
    state = game.setup(players, options)
    closers: dict[int, int] = {}
    counts_rounds = getattr(game, "round_number", None) is not None
    for seq, action in effective:
        before = state
        state = apply_logged(game, state, action)
        if counts_rounds:
            _note_round(game, closers, before, state, seq)
    return state, closers


def _note_round(game: ModuleType, closers: dict[int, int], before: Any, after: Any,
                seq: int) -> None:
    """Note which entry closed each round, when the game counts rounds: the entry that took
    the game to the next round, or the one that ended the game within its round (a game
    that ends early reports the round it ended in, and that round is corrected like any
    other); an entry that takes the end back reopens the round."""
    round_of = getattr(game, "round_number", None)
    if round_of is None:
        return
    was, now = round_of(before), round_of(after)
    if now != was:
        _close_round(closers, was, now, seq)
        return
    ended, ends = game.outcome(before) is not None, game.outcome(after) is not None
    if ends and not ended:
        closers[now] = seq
    elif ended and not ends:
        closers.pop(now, None)


def _close_round(closers: dict[int, int], before: int, after: int, seq: int) -> None:
    """Note that entry ``seq`` took the game from round ``before`` to ``after``; an entry
    that takes it back (a crack taken back) reopens the rounds it returns to."""
    if after > before:
        closers[before] = seq
    else:
        for number in [r for r in closers if r >= after]:
            del closers[number]


def replay_entries(game: ModuleType, players: Any, options: Any,
                   entries: Sequence[tuple[Any, ...]]) -> Replay:
    """Fold a whole log (seq, kind, payload[, owner, revealed]) from the start."""
    done: list[Op] = []
    undone: list[Op] = []
    for seq, kind, payload, *rest in entries:
        owner = rest[0] if rest else None
        reveals = rest[1]["key"] if len(rest) > 1 and isinstance(rest[1], dict) else None
        if kind == "action":
            done.append(Op(seq, "action", payload, None, owner, reveals))
            undone.clear()
        elif kind == "amend":
            done.append(Op(seq, "amend", payload["action"], payload["target"], owner))
            undone.clear()
        elif kind == "undo":
            undone.append(done.pop())
        elif kind == "redo":
            done.append(undone.pop())
    effective = effective_actions(done)
    state, closers = _fold(game, players, options, effective)
    return Replay(state, done, undone, effective, closers)


def effective_actions(done: Sequence[Op]) -> list[tuple[int, Mapping[str, Any]]]:
    """The actions in force: each action in order, with corrections applied in place."""
    effective: list[tuple[int, Mapping[str, Any]]] = []
    for op in done:
        if op.kind == "action":
            effective.append((op.seq, op.action))
        else:
            effective = [(seq, op.action if seq == op.target else action)
                         for seq, action in effective]
    return effective


def _note_reveal(revealed: dict[str, dict[int, Any]], raw: Any) -> None:
    """Record a reveal entry's values (what every phone then saw) under its step's key."""
    if isinstance(raw, dict) and isinstance(raw.get("key"), str):
        revealed[raw["key"]] = {int(s): v for s, v in raw.get("values", [])}


def _extended(game: ModuleType, base: Kept, entries: Sequence[Any]) -> Kept:
    """``base`` with further log entries applied, all of them game actions: what folding the
    whole log gives, at the cost of the new entries only."""
    replay = base.replay
    done, effective = list(replay.done), list(replay.effective)
    closers = dict(replay.round_closers)
    labels, revealed = dict(base.labels), dict(base.revealed)
    state = replay.state
    undone = list(replay.undone)
    counts_rounds = getattr(game, "round_number", None) is not None
    moved = dict(base.moved)
    for e in entries:
        if e.kind == SEAT_ENTRY:
            labels[e.seq] = _label(e.label)
            _note_move(moved, e)
            continue
        reveals = e.revealed["key"] if isinstance(e.revealed, dict) else None
        done.append(Op(e.seq, "action", e.payload, None, e.owner, reveals))
        undone = []
        effective.append((e.seq, e.payload))
        before = state
        state = apply_logged(game, state, e.payload)
        if counts_rounds:
            _note_round(game, closers, before, state, e.seq)
        labels[e.seq] = _label(e.label)
        _note_reveal(revealed, e.revealed)
    return Kept(Replay(state, done, undone, effective, closers), labels, revealed,
                moved=moved)


def _note_move(moved: dict[int, int], entry: Any) -> None:
    """Record a seat entry (a seat changing phone) as that seat's last move."""
    if entry.kind == SEAT_ENTRY and isinstance(entry.payload, dict) and isinstance(
            entry.payload.get("seat"), int):
        moved[entry.payload["seat"]] = entry.seq


def _label(raw: Any) -> Label:
    if not isinstance(raw, dict):
        return Label("?")
    return Label(raw.get("msgid", "?"), raw.get("params") or {})
