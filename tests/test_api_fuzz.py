"""Any JSON at the API gets a clear answer, never a crash, and an error changes nothing."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)

ACTION_TYPES = ["score_round", "draw", "retract", "announce_marine", "end_walk", "seal",
                "reveal", "place", "rob", "manigance", "bank_robbery", "requisition", "buy",
                "intimidation", "certificate_acquisition", "end_turn", "bid", "pass", "x"]
FIELDS = ["seat", "results", "stress", "stars", "corner", "value", "district", "victim",
          "card", "districts", "targets", "condition", "amount", "doubled", "remote"]

actions = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(ACTION_TYPES)},
                          optional={f: json_values | st.integers(-2, 5) for f in FIELDS}),
)

GAMES = {
    "casse-toi-pov-con": [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}],
    "edgar-et-lucien": [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}],
}
ALLOWED = {200, 400, 403, 404, 409, 422}


@given(game=st.sampled_from(sorted(GAMES)), action=actions,
       version=st.one_of(st.just(0), json_values))
@settings(max_examples=250, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_random_actions_get_a_clear_answer(app: Flask, game: str, action: Any,
                                           version: Any) -> None:
    client = app.test_client()
    table = client.post("/api/tables", json={"game": game, "players": GAMES[game]}).json
    before = client.get(f"/api/tables/{table['id']}").json
    response = client.post(f"/api/tables/{table['id']}/actions",
                           json={"expected_version": version, "action": action})
    assert response.status_code in ALLOWED, (response.status_code, response.data[:300])
    if response.status_code != 200:
        assert set(response.json["error"]) == {"code", "message"}
        assert client.get(f"/api/tables/{table['id']}").json == before


@given(body=json_values)
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_random_table_creations_get_a_clear_answer(app: Flask, body: Any) -> None:
    client = app.test_client()
    for payload in (body, {"game": "casse-toi-pov-con", "players": body},
                    {"game": "edgar-et-lucien", "players": body},
                    {"game": "casse-toi-pov-con", "players": GAMES["casse-toi-pov-con"],
                     "options": body}):
        response = client.post("/api/tables", json=payload)
        assert response.status_code in {201, 400, 422}, (payload, response.data[:300])
