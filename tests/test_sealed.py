"""The platform's secret-then-reveal step, with a small sealed-bid game made for the test.

Each seat locks in a bid only it can see; when every seat has locked in, all bids are
revealed at once and the highest wins. The platform must take a seat's secret only from the
holder of that seat and never show it to another seat before the reveal.
"""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.base import IllegalAction, Label, MalformedInput, Outcome
from companion.games.sealed import Sealed


@dataclass(frozen=True)
class BidState:
    names: tuple[str, ...]
    sealed: Sealed
    revealed: tuple[int, ...] | None = None


def _setup(players: Any, options: Mapping[str, Any]) -> BidState:
    names = tuple(p["name"] for p in players)
    return BidState(names, Sealed.open("bids", range(len(names))))


def _apply(state: BidState, action: Mapping[str, Any]) -> BidState:
    if state.revealed is not None:
        raise IllegalAction("the bids are revealed", code="game_over")
    if action.get("type") == "seal":
        if not isinstance(action.get("value"), int):
            raise MalformedInput("a bid is a whole number")
        sealed = state.sealed.lock(action["seat"], action["value"])
        if sealed.complete:
            return replace(state, sealed=sealed,
                           revealed=tuple(sealed.value(s) for s in sealed.seats))
        return replace(state, sealed=sealed)
    if action.get("type") == "reveal":
        return replace(state, revealed=tuple(state.sealed.value(s, 0)
                                             for s in state.sealed.seats))
    raise MalformedInput("unknown action")


def _outcome(state: BidState) -> Outcome | None:
    if state.revealed is None:
        return None
    best = max(state.revealed)
    return Outcome(tuple(s for s, b in enumerate(state.revealed) if b == best), "highest_bid")


def _to_json(state: BidState, viewer: int | None = None) -> dict[str, Any]:
    return {"players": [{"name": n} for n in state.names],
            "sealed": state.sealed.public(viewer) if state.revealed is None else None,
            "revealed": list(state.revealed) if state.revealed is not None else None}


sealed_bid = types.ModuleType("sealed_bid")
sealed_bid.__dict__.update(
    ID="sealed-bid", NAME="Sealed bid", MIN_PLAYERS=2, MAX_PLAYERS=4, OPTIONS=(),
    setup=_setup, apply=_apply, outcome=_outcome, to_json=_to_json,
    describe=lambda state, action: Label("%(type)s", {"type": action.get("type")}),
    player_fields=lambda: [{"name": "name", "type": "string", "required": True}],
)


@pytest.fixture
def bid_table(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    monkeypatch.setitem(GAMES, "sealed-bid", sealed_bid)
    monkeypatch.setitem(sys.modules, "sealed_bid", sealed_bid)
    created = client.post("/api/tables", json={
        "game": "sealed-bid", "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]})
    assert created.status_code == 201
    tokens = [client.post(f"/api/tables/{created.json['id']}/seats/{seat}").json["token"]
              for seat in range(3)]
    return {"id": created.json["id"], "tokens": tokens}


def seal(client: FlaskClient, table: dict[str, Any], seat: int, value: int, version: int,
         token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token else {}
    return client.post(f"/api/tables/{table['id']}/actions", headers=headers, json={
        "expected_version": version, "action": {"type": "seal", "seat": seat, "value": value}})


def test_a_seat_locks_in_only_with_its_own_token(client: FlaskClient,
                                                 bid_table: dict[str, Any]) -> None:
    anonymous = seal(client, bid_table, 0, 30, 0, None)
    assert anonymous.status_code == 403
    assert anonymous.json["error"]["code"] == "not_your_seat"
    impostor = seal(client, bid_table, 0, 30, 0, bid_table["tokens"][1])
    assert impostor.status_code == 403
    forged = seal(client, bid_table, 0, 30, 0, "not-a-token")
    assert forged.status_code == 403
    assert client.get(f"/api/tables/{bid_table['id']}").json["version"] == 0
    assert seal(client, bid_table, 0, 30, 0, bid_table["tokens"][0]).status_code == 200


def test_nobody_sees_another_seat_s_secret_before_the_reveal(client: FlaskClient,
                                                             bid_table: dict[str, Any]) -> None:
    tokens = bid_table["tokens"]
    seal(client, bid_table, 0, 734, 0, tokens[0])
    seal(client, bid_table, 1, 512, 1, tokens[1])
    url = f"/api/tables/{bid_table['id']}"
    as_ann = client.get(url, headers={"X-Seat-Token": tokens[0]}).json
    as_cy = client.get(url, headers={"X-Seat-Token": tokens[2]}).json
    everyone = client.get(url).json
    assert as_ann["state"]["sealed"]["mine"] == 734
    assert as_ann["state"]["sealed"]["locked"] == [0, 1]
    for body in (as_cy, everyone):
        text = json.dumps(body)
        assert "734" not in text and "512" not in text
    assert "512" not in json.dumps(as_ann)
    revealed = seal(client, bid_table, 2, 100, 2, tokens[2]).json
    assert revealed["state"]["revealed"] == [734, 512, 100]
    assert revealed["outcome"] == {"winners": [0], "reason": "highest_bid"}


def test_the_host_can_call_the_reveal(client: FlaskClient, bid_table: dict[str, Any]) -> None:
    seal(client, bid_table, 1, 40, 0, bid_table["tokens"][1])
    body = client.post(f"/api/tables/{bid_table['id']}/actions", json={
        "expected_version": 1, "action": {"type": "reveal"}}).json
    assert body["state"]["revealed"] == [0, 40, 0]
    assert body["outcome"]["winners"] == [1]


def test_a_seat_can_change_its_secret_before_the_reveal(client: FlaskClient,
                                                        bid_table: dict[str, Any]) -> None:
    token = bid_table["tokens"][0]
    seal(client, bid_table, 0, 10, 0, token)
    seal(client, bid_table, 0, 90, 1, token)
    mine = client.get(f"/api/tables/{bid_table['id']}", headers={"X-Seat-Token": token}).json
    assert mine["state"]["sealed"]["mine"] == 90 and mine["state"]["sealed"]["locked"] == [0]


def test_sealed_unit() -> None:
    sealed = Sealed.open("moves", [0, 2])
    with pytest.raises(IllegalAction):
        sealed.lock(1, "x")
    sealed = sealed.lock(2, "b").lock(0, "a")
    assert sealed.complete and sealed.locked == (0, 2)
    assert sealed.public(None) == {"step": "moves", "seats": [0, 2], "locked": [0, 2]}
    assert sealed.public(2)["mine"] == "b"
