"""A table at one version, as the views read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..games.base import Label, Outcome
from ..games.sealed import SEAL_ACTION, hidden_from
from .log import sealed_step
from .model import Op, Replay


@dataclass(frozen=True)
class TableView:
    id: str
    game: ModuleType
    version: int
    players: list[dict[str, Any]]
    options: dict[str, Any]
    replay: Replay
    watch_token: str
    labels: dict[int, Label]
    # Each sealed step revealed at least once (even if the reveal was undone since): its key
    # and the values every phone then saw, by seat.
    revealed: dict[str, dict[int, Any]] = field(default_factory=dict)
    # Encoded documents of this version (shared by every reader of it): see ``document``.
    documents: dict[Any, bytes] = field(default_factory=dict, compare=False, repr=False)
    # Each seat's last change of phone: the seq of its "seat" entry (see ``sealed_elsewhere``).
    moved: dict[int, int] = field(default_factory=dict, compare=False)

    def document(self, viewer: int | None, encode: Any) -> bytes:
        """``encode(self.to_json(viewer))``, made once per version and viewer: every phone
        reading the same version gets the same bytes without folding or encoding again."""
        key = ("table", viewer)
        body = self.documents.get(key)
        if body is None:
            body = encode(self.to_json(viewer))
            if len(self.documents) < 64:
                self.documents[key] = body
        return body

    @property
    def reopened(self) -> bool:
        """The open sealed step was revealed once and its reveal undone by the host."""
        opened = sealed_step(self.game, self.state)
        return opened is not None and opened.key in self.revealed

    @property
    def state(self) -> Any:
        return self.replay.state

    @property
    def outcome(self) -> Outcome | None:
        result: Outcome | None = self.game.outcome(self.replay.state)
        return result

    def label_of(self, seq: int) -> Label:
        return self.labels.get(seq, Label("?"))

    @property
    def undo_target(self) -> Op | None:
        return self.replay.done[-1] if self.replay.done else None

    @property
    def redo_target(self) -> Op | None:
        return self.replay.undone[-1] if self.replay.undone else None

    @property
    def undo_label(self) -> Label | None:
        return self.labels[self.replay.done[-1].seq] if self.replay.done else None

    @property
    def redo_label(self) -> Label | None:
        return self.labels[self.replay.undone[-1].seq] if self.replay.undone else None

    def sealed_elsewhere(self, seat: int | None) -> bool:
        """Whether ``seat``'s value in the open sealed step was locked in before the seat
        last changed phone (handed over, freed, taken by the host): the phone holding it now
        did not seal it, so it sees the seal as locked, never its value, and cannot change it.
        """
        if seat is None or seat not in self.moved:
            return False
        opened = sealed_step(self.game, self.state)
        if opened is None or seat not in opened.locked:
            return False
        sealed_at = max((op.seq for op in self.replay.done if op.kind == "action"
                         and op.action.get("type") == SEAL_ACTION
                         and op.action.get("seat") == seat), default=0)
        return sealed_at < self.moved[seat]

    def public_state(self, viewer: int | None = None) -> dict[str, Any]:
        """The game's state as ``viewer`` may see it: a seal the viewer's phone did not make
        shows as locked, without its value (``sealed.hidden_from``)."""
        if self.sealed_elsewhere(viewer):
            with hidden_from(viewer):
                shown: dict[str, Any] = self.game.to_json(self.state, viewer)
            return shown
        result: dict[str, Any] = self.game.to_json(self.state, viewer)
        return result

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The table as ``viewer`` (a seat, or None for everyone) may see it."""
        outcome = self.outcome
        return {
            "id": self.id,
            "game": self.game.ID,
            "version": self.version,
            "state": self.public_state(viewer),
            "outcome": outcome.to_json() if outcome else None,
        }
