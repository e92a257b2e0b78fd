"""Tables of every game brought to a chosen phase through the JSON API, for the browser
tests of the shared screen, offline behaviour and the accessibility audit.

A game's own ``random_action`` picks the moves (seeded, so a run is repeatable); each action
is sent by whoever owns it (the seat's token, or the host's), and a reveal the table made on
its own after the last seal is not sent again.
"""

from __future__ import annotations

import json
import random
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from companion.games import get_game
from companion.games.base import GameError
from companion.tables import owner_of

SEEDS = {"edgar-et-lucien": {"seed": 3}, "mourir-pour-le-rock": {"seed": 3},
         "storm-candidate": {"seed": 3}}


def call(server: Any, method: str, path: str, body: Any = None, *, token: str | None = None,
         host: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    if host:
        headers["X-Host-Token"] = host
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method,
                                     headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response) if response.status != 204 else None


@dataclass
class DrivenTable:
    """A table on the live server and the engine's own copy of its state."""

    server: Any
    game_id: str
    id: str
    host: str
    state: Any
    players: list[dict[str, Any]]
    tokens: dict[int, str] = field(default_factory=dict)
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    # Seats a phone of the test holds: the host sends their actions (a seal cannot be).
    phone_seats: set[int] = field(default_factory=set)
    version: int = 0

    @property
    def game(self) -> Any:
        return get_game(self.game_id)

    def seat_token(self, seat: int) -> str:
        """A token for the seat, taken by the host for the test (the seat counts as held)."""
        if seat not in self.tokens:
            self.tokens[seat] = call(self.server, "POST", f"/api/tables/{self.id}/seats/{seat}",
                                     host=self.host)["token"]
            # Taking a seat another phone held is an entry of the log: the version moves.
            self.version = int(call(self.server, "GET",
                                    f"/api/tables/{self.id}/version")["version"])
        return self.tokens[seat]

    def send(self, action: dict[str, Any]) -> None:
        game = self.game
        owner = owner_of(game, self.state, action)
        token = (self.seat_token(owner) if isinstance(owner, int)
                 and owner not in self.phone_seats else None)
        written = call(self.server, "POST", f"/api/tables/{self.id}/actions",
                       {"expected_version": self.version, "action": action}, token=token,
                       host=None if token else self.host)
        self.version = int(written["version"])
        self.state = game.apply(self.state, action)
        sealed = getattr(game, "sealed", None)
        opened = sealed(self.state) if sealed else None
        if action.get("type") == "seal" and opened is not None and opened.complete:
            # The table reveals on its own after the last seal: follow it here.
            self.state = game.apply(self.state, {"type": "reveal"})

    def step(self) -> dict[str, Any] | None:
        """One random legal action, sent; None when only a phone's seal is left to do."""
        game = self.game
        blocked = False
        for _ in range(200):
            action = game.random_action(self.state, self.rng)
            if action.get("type") == "seal" and action.get("seat") in self.phone_seats:
                blocked = True  # that seal is the phone's own to send
                continue
            try:
                game.apply(self.state, action)
            except GameError:
                continue
            self.send(action)
            return action
        if blocked:
            return None
        raise AssertionError(f"{self.game_id}: no legal action found")

    def until(self, done: Any, limit: int = 600) -> None:
        """Play random legal actions until ``done(self)`` holds."""
        for _ in range(limit):
            if done(self):
                return
            self.step()
        raise AssertionError(f"{self.game_id}: not reached in {limit} actions")

    def secret_open(self) -> bool:
        sealed = getattr(self.game, "sealed", None)
        opened = sealed(self.state) if sealed else None
        return opened is not None and not opened.complete

    def over(self) -> bool:
        return self.game.outcome(self.state) is not None


def new_table(server: Any, game_id: str, count: int = 3,
              options: dict[str, Any] | None = None) -> DrivenTable:
    game = get_game(game_id)
    players = game.example_players(max(count, game.MIN_PLAYERS))
    chosen = {**SEEDS.get(game_id, {}), **(options or {})}
    created = call(server, "POST", "/api/tables",
                   {"game": game_id, "players": players, "options": chosen})
    state = game.setup(players, chosen)
    return DrivenTable(server, game_id, created["id"], created["host_token"], state, players)
