"""Secret-then-reveal, once for every game: sealed bids, programmed moves, revealed cards.

Each expected seat locks in a value that only it can see; nobody sees another seat's value
until every expected seat has locked in (or the table calls the reveal), and then all are
revealed at once. An engine keeps a ``Sealed`` in its state and lets the platform do the
rest:

- the ``seal`` action (``{"type": "seal", "seat": s, "value": ...}``) is accepted only from the
  phone or API client that holds seat ``s`` (the table service checks it);
- ``to_json(state, viewer)`` shows a seat its own value and only *whether* the others have
  locked in (``Sealed.public``);
- ``sealed(state)``, a function of the engine module, returns the open ``Sealed`` (or None);
  when it is ``complete`` the platform sends ``{"type": "reveal"}`` itself, as its own log
  entry, and the engine resolves the step then (never on the last ``seal``), so undoing the
  reveal brings every seal back locked as it was;
- ``key`` names one instance of a step ("moves:2:3": period 2, turn 3), so the platform can
  tell a step it has already revealed once (a seat may not change a value the others saw).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from .base import N_, IllegalAction

SEAL_ACTION = "seal"
REVEAL_ACTION = "reveal"

# The seat whose own seal is shown as locked only, while the platform builds its view: the
# seat changed phone after it locked in (``TableView.sealed_elsewhere``).
_HIDDEN: ContextVar[int | None] = ContextVar("sealed_hidden_from", default=None)


@contextmanager
def hidden_from(seat: int | None) -> Iterator[None]:
    """Within this block, ``Sealed.public(seat)`` says the seat is locked in (``"mine_hidden":
    true``) and leaves its value out: the phone now holding the seat did not seal it."""
    token = _HIDDEN.set(seat)
    try:
        yield
    finally:
        _HIDDEN.reset(token)


@dataclass(frozen=True)
class Sealed:
    """One sealed step: who must lock in, and what has been locked so far."""

    step: str
    seats: tuple[int, ...]
    values: tuple[tuple[int, Any], ...] = ()
    key: str = ""  # this instance of the step; defaults to ``step``

    @classmethod
    def open(cls, step: str, seats: Iterable[int], key: str | None = None) -> Sealed:
        return cls(step, tuple(seats), (), key or step)

    def lock(self, seat: int, value: Any) -> Sealed:
        """Lock in (or change, before the reveal) a seat's value."""
        if seat not in self.seats:
            raise IllegalAction(N_("seat %(seat)s has nothing to lock in now"),
                                code="not_expected", seat=seat)
        values = tuple((s, v) for s, v in self.values if s != seat) + ((seat, value),)
        return Sealed(self.step, self.seats, tuple(sorted(values, key=lambda sv: sv[0])),
                      self.key)

    @property
    def locked(self) -> tuple[int, ...]:
        return tuple(s for s, _ in self.values)

    @property
    def complete(self) -> bool:
        return set(self.locked) >= set(self.seats)

    def value(self, seat: int, default: Any = None) -> Any:
        return next((v for s, v in self.values if s == seat), default)

    def public(self, viewer: int | None) -> dict[str, Any]:
        """What a seat (or a spectator, ``None``) may see: its own value, the others' status."""
        data: dict[str, Any] = {"step": self.step, "seats": list(self.seats),
                                "locked": list(self.locked)}
        if viewer is not None and viewer in self.locked:
            if _HIDDEN.get() == viewer:
                data["mine_hidden"] = True
            else:
                data["mine"] = self.value(viewer)
        return data
