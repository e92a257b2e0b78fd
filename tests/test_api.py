"""The JSON API: every status code, error bodies, and that errors change nothing."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient


def result(seat: int, cards: int = 4, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "cards": cards, "cracked": False, "journalists": 0,
            "marine_cards": 0, "stars": 0, "forgot_marine": False, **extra}


ROUND_1 = [result(0, 3, cracked=True, journalists=1, stars=1), result(1, 2, journalists=1),
           result(2, 4, journalists=2, stars=3), result(3, 6, journalists=4, stars=5)]


def post_action(client: FlaskClient, table_id: str, version: Any, action: Any) -> Any:
    return client.post(f"/api/tables/{table_id}/actions",
                       json={"expected_version": version, "action": action})


def assert_error(response: Any, status: int, code: str | None = None) -> None:
    assert response.status_code == status, response.json
    error = response.json["error"]
    assert set(error) == {"code", "message"} and error["message"]
    if code:
        assert error["code"] == code


def test_games_lists_player_counts_and_options(client: FlaskClient) -> None:
    games = client.get("/api/games").json["games"]
    game = next(g for g in games if g["id"] == "casse-toi-pov-con")
    assert (game["min_players"], game["max_players"]) == (2, 8)
    options = {o["name"]: o for o in game["options"]}
    assert options["cracked_scores_rule_of_4"]["default"] is False
    assert options["track_top"]["default"] == 12 and options["track_top"]["edition_value"]


def test_create_returns_201_with_an_unguessable_id(client: FlaskClient,
                                                   table: dict[str, Any]) -> None:
    assert table["version"] == 0 and table["outcome"] is None
    assert len(table["id"]) >= 16  # 96 random bits, URL-safe base64
    other = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": [
        {"name": p["name"], "party": p["party"]} for p in table["state"]["players"][:2]]})
    assert other.json["id"] != table["id"]
    state = table["state"]
    assert [p["popularity"] for p in state["players"]] == [2, 2, 2, 2]
    assert state["marine"] == 0 and state["round"] == 1


def test_get_table(client: FlaskClient, table: dict[str, Any]) -> None:
    body = client.get(f"/api/tables/{table['id']}").json
    assert set(body) == {"id", "game", "version", "state", "outcome"}
    assert body["game"] == "casse-toi-pov-con"


def test_score_round_applies_the_rule_of_4(client: FlaskClient, table: dict[str, Any]) -> None:
    body = post_action(client, table["id"], 0, {"type": "score_round", "results": ROUND_1}).json
    assert body["version"] == 1
    assert [p["popularity"] for p in body["state"]["players"]] == [1, 2, 3, 6]
    assert body["state"]["marine"] == 1 and body["state"]["round"] == 2


@pytest.mark.parametrize("payload,status,code", [
    ({"game": "chess", "players": []}, 400, "unknown_game"),
    ({"game": "casse-toi-pov-con"}, 400, None),
    ({"game": "casse-toi-pov-con", "players": [{"name": "Solo", "party": "blue"}]}, 422,
     "player_count"),
    ({"game": "casse-toi-pov-con", "players": [{"name": n, "party": "blue"} for n in "ABC"]},
     422, "party_full"),
    ({"game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue"},
                                               {"name": "B", "party": "pink"}],
      "options": {"track_top": "high"}}, 400, None),
])
def test_create_errors(client: FlaskClient, payload: dict[str, Any], status: int,
                       code: str | None) -> None:
    assert_error(client.post("/api/tables", json=payload), status, code)


def test_create_with_a_body_that_is_not_json(client: FlaskClient) -> None:
    response = client.post("/api/tables", data="players=4",
                           content_type="application/x-www-form-urlencoded")
    assert_error(response, 400, "bad_json")


def test_unknown_table_is_404(client: FlaskClient) -> None:
    assert_error(client.get("/api/tables/nope"), 404, "table_not_found")
    assert_error(post_action(client, "nope", 0, {"type": "end_walk"}), 404, "table_not_found")
    assert_error(client.post("/api/tables/nope/undo", json={"expected_version": 0}), 404)


def test_stale_version_is_409_and_changes_nothing(client: FlaskClient,
                                                  table: dict[str, Any]) -> None:
    tid = table["id"]
    post_action(client, tid, 0, {"type": "score_round", "results": ROUND_1})
    before = client.get(f"/api/tables/{tid}").json
    assert_error(post_action(client, tid, 0, {"type": "score_round", "results": ROUND_1}),
                 409, "version_conflict")
    assert client.get(f"/api/tables/{tid}").json == before


REFUSED = [
    ({"type": "score_round", "results": [result(0, cracked=True), result(1, cracked=True),
                                         result(2), result(3)]}, 422, "several_cracked"),
    ({"type": "score_round", "results": [result(0), result(1), result(2), result(3, 3)]}, 422,
     "agreement_too_few_cards"),
    ({"type": "score_round", "results": [result(0, -1), result(1), result(2), result(3)]}, 422,
     "negative_count"),
    ({"type": "score_round", "results": [result(0, 6, journalists=5), result(1), result(2),
                                         result(3)]}, 422, "too_many_journalists"),
    ({"type": "score_round", "results": [result(0, 4, marine_cards=5), result(1), result(2),
                                         result(3)]}, 422, "marine_exceeds_cards"),
    ({"type": "score_round", "results": [result(0, 20), result(1, 20), result(2, 10),
                                         result(3, 4)]}, 422, "deck_exceeded"),
    ({"type": "score_round", "results": [result(0)]}, 400, "missing_seat"),
    ({"type": "score_round"}, 400, "malformed"),
    ({"type": "fly"}, 400, "unknown_action"),
    ("score", 400, None),
    ({"type": "end_walk"}, 422, "agreement_too_few_cards"),
]


@pytest.mark.parametrize("action,status,code", REFUSED)
def test_refused_actions_change_nothing(client: FlaskClient, table: dict[str, Any],
                                        action: Any, status: int, code: str | None) -> None:
    tid = table["id"]
    before = client.get(f"/api/tables/{tid}").json
    assert_error(post_action(client, tid, 0, action), status, code)
    assert client.get(f"/api/tables/{tid}").json == before


@pytest.mark.parametrize("body", [{}, {"expected_version": "0"}, {"expected_version": True},
                                  {"action": {"type": "end_walk"}}])
def test_missing_or_bad_version_is_400(client: FlaskClient, table: dict[str, Any],
                                       body: dict[str, Any]) -> None:
    response = client.post(f"/api/tables/{table['id']}/actions",
                           json={"action": {"type": "end_walk"}, **body})
    assert_error(response, 400)


def test_action_after_the_end_is_422(client: FlaskClient) -> None:
    created = client.post("/api/tables", json={
        "game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue"},
                                                 {"name": "B", "party": "pink"}],
        "options": {"marine_start": 12}}).json
    ended = post_action(client, created["id"], 0, {"type": "score_round",
                                                   "results": [result(0), result(1)]}).json
    assert ended["outcome"] == {"winners": [], "reason": "marine_elected"}
    assert_error(post_action(client, created["id"], 1, {
        "type": "score_round", "results": [result(0), result(1)]}), 422, "game_over")


def test_outcome_names_winning_seats(client: FlaskClient) -> None:
    created = client.post("/api/tables", json={
        "game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue"},
                                                 {"name": "B", "party": "pink"}],
        "options": {"track_top": 3}}).json
    body = post_action(client, created["id"], 0, {"type": "score_round", "results": [
        result(0, 5, marine_cards=1), result(1, 4, marine_cards=1)]}).json
    assert body["outcome"] == {"winners": [0], "reason": "player_beyond_top"}


def test_undo_and_redo(client: FlaskClient, table: dict[str, Any]) -> None:
    tid = table["id"]
    scored = post_action(client, tid, 0, {"type": "score_round", "results": ROUND_1}).json
    undone = client.post(f"/api/tables/{tid}/undo", json={"expected_version": 1}).json
    assert undone["version"] == 2 and undone["state"] == table["state"]
    redone = client.post(f"/api/tables/{tid}/redo", json={"expected_version": 2}).json
    assert redone["version"] == 3 and redone["state"] == scored["state"]
    assert_error(client.post(f"/api/tables/{tid}/redo", json={"expected_version": 3}), 422,
                 "nothing_to_redo")
    assert_error(client.post(f"/api/tables/{tid}/undo", json={"expected_version": 0}), 409)


def test_a_write_that_prefers_a_minimal_reply_gets_where_it_left_the_table(
        client: FlaskClient) -> None:
    """``Prefer: return=minimal`` (RFC 7240) on every write: the id, game, new version and
    outcome, no state; the write is applied all the same, a retry with the same key is
    still applied once, and without the header the whole table comes back."""
    created = client.post("/api/tables", json={
        "game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue"},
                                                 {"name": "B", "party": "pink"}],
        "options": {"track_top": 3}}).json
    tid = created["id"]
    minimal = {"Prefer": "respond-async, return=minimal", "Idempotency-Key": "one"}
    draw = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}
    first = client.post(f"/api/tables/{tid}/actions", headers=minimal,
                        json={"expected_version": 0, "action": draw})
    assert first.status_code == 200 and first.headers["Preference-Applied"] == "return=minimal"
    assert first.json == {"id": tid, "game": "casse-toi-pov-con", "version": 1,
                          "outcome": None}
    again = client.post(f"/api/tables/{tid}/actions", headers=minimal,
                        json={"expected_version": 0, "action": draw})
    assert again.json == first.json and client.get(f"/api/tables/{tid}").json["version"] == 1
    assert client.get(f"/api/tables/{tid}").json["state"]["players"][0]["walk"] != []
    for path, version in (("undo", 1), ("redo", 2)):
        moved = client.post(f"/api/tables/{tid}/{path}", headers={"Prefer": "return=minimal"},
                            json={"expected_version": version})
        assert moved.json == {"id": tid, "game": "casse-toi-pov-con", "version": version + 1,
                              "outcome": None}
    ended = client.post(f"/api/tables/{tid}/actions", headers={"Prefer": "return=minimal"},
                        json={"expected_version": 3, "action": {
                            "type": "score_round", "results": [result(0, 5, marine_cards=1),
                                                               result(1, 4, marine_cards=1)]}})
    assert ended.json["outcome"] == {"winners": [0], "reason": "player_beyond_top"}
    corrected = client.post(f"/api/tables/{tid}/corrections",
                            headers={"Prefer": "return=minimal"}, json={
                                "expected_version": 4, "target": 4, "action": {
                                    "type": "score_round", "results": [result(0), result(1)]}})
    assert corrected.json["version"] == 5 and "state" not in corrected.json
    whole = client.post(f"/api/tables/{tid}/undo", headers={"Prefer": "return=representation"},
                        json={"expected_version": 5})
    assert "state" in whole.json and "Preference-Applied" not in whole.headers


def test_nothing_to_undo_is_422(client: FlaskClient, table: dict[str, Any]) -> None:
    assert_error(client.post(f"/api/tables/{table['id']}/undo", json={"expected_version": 0}),
                 422, "nothing_to_undo")


def test_correcting_a_past_round_recomputes_what_follows(client: FlaskClient,
                                                         table: dict[str, Any]) -> None:
    tid = table["id"]
    post_action(client, tid, 0, {"type": "score_round", "results": ROUND_1})
    second = [result(0, 4), result(1, 4), result(2, 4), result(3, 5)]
    after_two = post_action(client, tid, 1, {"type": "score_round", "results": second}).json
    assert [p["popularity"] for p in after_two["state"]["players"]] == [2, 3, 4, 8]
    # Round 1 really had Jean with 4 cards too, not 2.
    fixed_round_1 = [*ROUND_1[:1], result(1, 4, journalists=1), *ROUND_1[2:]]
    corrected = client.post(f"/api/tables/{tid}/corrections", json={
        "expected_version": 2, "target": 1,
        "action": {"type": "score_round", "results": fixed_round_1}}).json
    assert corrected["version"] == 3
    assert [p["popularity"] for p in corrected["state"]["players"]] == [2, 4, 4, 8]
    assert corrected["state"]["rounds"][0]["results"][1]["cards"] == 4
    # Undoing the correction restores the original round 1.
    undone = client.post(f"/api/tables/{tid}/undo", json={"expected_version": 3}).json
    assert undone["state"] == after_two["state"]


def test_a_correction_that_breaks_a_later_round_is_refused(client: FlaskClient) -> None:
    created = client.post("/api/tables", json={
        "game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue"},
                                                 {"name": "B", "party": "pink"}],
        "options": {"track_top": 5}}).json
    tid = created["id"]
    post_action(client, tid, 0, {"type": "score_round", "results": [result(0), result(1)]})
    post_action(client, tid, 1, {"type": "score_round", "results": [result(0), result(1)]})
    # Had A scored 4 more in round 1, the game would have ended before round 2.
    big = [result(0, 6, journalists=4, stars=4), result(1, 4, marine_cards=1)]
    before = client.get(f"/api/tables/{tid}").json
    response = client.post(f"/api/tables/{tid}/corrections", json={
        "expected_version": 2, "target": 1, "action": {"type": "score_round", "results": big}})
    assert_error(response, 422, "correction_conflict")
    assert client.get(f"/api/tables/{tid}").json == before


def test_a_correction_refused_in_its_own_round_says_so(client: FlaskClient) -> None:
    created = client.post("/api/tables", json={
        "game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue"},
                                                 {"name": "B", "party": "pink"}]}).json
    tid = created["id"]
    post_action(client, tid, 0, {"type": "score_round", "results": [result(0), result(1)]})
    post_action(client, tid, 1, {"type": "score_round", "results": [result(0), result(1)]})
    before = client.get(f"/api/tables/{tid}").json
    # Round 1 itself refuses this entry (a cracked player holds a card): no later entry is
    # to blame.
    wrong = [result(0, 0, cracked=True), result(1, 4)]
    response = client.post(f"/api/tables/{tid}/corrections", json={
        "expected_version": 2, "target": 1, "action": {"type": "score_round", "results": wrong}})
    assert_error(response, 422, "correction_refused")
    message = response.json["error"]["message"]
    assert "round 1 itself" in message and "at least one card" in message
    assert "later entry" not in message
    french = client.post(f"/api/tables/{tid}/corrections", headers={"Accept-Language": "fr"},
                         json={"expected_version": 2, "target": 1,
                               "action": {"type": "score_round", "results": wrong}})
    assert "manche 1 elle-même" in french.json["error"]["message"]
    assert "au moins une carte" in french.json["error"]["message"]
    assert client.get(f"/api/tables/{tid}").json == before


def test_a_correction_must_target_a_round(client: FlaskClient, table: dict[str, Any]) -> None:
    tid = table["id"]
    post_action(client, tid, 0, {"type": "draw", "seat": 0, "stress": 1, "stars": 0,
                                 "corner": None})
    body = {"expected_version": 1, "target": 1,
            "action": {"type": "score_round", "results": ROUND_1}}
    assert_error(client.post(f"/api/tables/{tid}/corrections", json=body), 422, "bad_target")
    body["target"] = "1"
    assert_error(client.post(f"/api/tables/{tid}/corrections", json=body), 400)


def test_version_endpoint(client: FlaskClient, table: dict[str, Any]) -> None:
    assert client.get(f"/api/tables/{table['id']}/version").json["version"] == 0


def test_openapi_document_describes_every_route(client: FlaskClient) -> None:
    doc = client.get("/api/openapi.json").json
    assert doc["openapi"].startswith("3.")
    for path in ("/api/games", "/api/tables", "/api/tables/{table_id}",
                 "/api/tables/{table_id}/actions", "/api/tables/{table_id}/undo",
                 "/api/tables/{table_id}/redo", "/api/tables/{table_id}/corrections",
                 "/api/tables/{table_id}/seats/{seat}"):
        assert path in doc["paths"]
    actions = doc["paths"]["/api/tables/{table_id}/actions"]["post"]["responses"]
    assert {"200", "400", "403", "404", "409", "422"} <= set(actions)


def test_error_messages_follow_the_phone_language(client: FlaskClient,
                                                  table: dict[str, Any]) -> None:
    action = {"type": "score_round", "results": [result(0, cracked=True), result(1, cracked=True),
                                                 result(2), result(3)]}
    english = post_action(client, table["id"], 0, action).json["error"]["message"]
    french = client.post(f"/api/tables/{table['id']}/actions",
                         json={"expected_version": 0, "action": action},
                         headers={"Accept-Language": "fr"}).json["error"]["message"]
    assert english != french
    assert "craquer" in french


@pytest.mark.parametrize("payload", [
    {"game": "casse-toi-pov-con", "players": [{"name": "A", "party": "blue", "x": "y" * 9000},
                                              {"name": "B", "party": "pink"}]},
])
def test_unknown_player_fields_are_refused(client: FlaskClient, payload: Any) -> None:
    assert_error(client.post("/api/tables", json=payload), 400, "unknown_field")


def test_unknown_action_fields_are_refused_and_the_log_stays_small(
        client: FlaskClient, table: dict[str, Any]) -> None:
    action = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None,
              "padding": "x" * 200_000}
    assert_error(post_action(client, table["id"], 0, action), 400, "unknown_field")
    assert client.get(f"/api/tables/{table['id']}/version").json["version"] == 0
