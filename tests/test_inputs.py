"""Input that cannot break a table: text, numbers, dotted form keys, deep JSON, bad old rows."""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from companion import inputs
from companion.db import TableRow
from companion.games.base import MalformedInput
from companion.tables import TableService
from companion.web.pages import form_to_action

FETCH = {"X-Requested-With": "fetch"}


def players(*names: str) -> list[dict[str, str]]:
    parties = ["blue", "blue", "pink", "green"]
    return [{"name": name, "party": parties[i]} for i, name in enumerate(names)]


def create(client: FlaskClient, names: list[Any]) -> Any:
    return client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                            "players": players(*names)})


def table_count(app: Flask) -> int:
    with app.extensions["companion_db"].read() as session:
        return len(session.query(TableRow).all())


# ---------------------------------------------------------------------------- text fields

def test_names_are_nfc_normalised_and_trimmed(client: FlaskClient) -> None:
    response = create(client, ["  Cafe\u0301 ", "Bob\n", "\tCy"])
    assert response.status_code == 201, response.json
    names = [p["name"] for p in response.json["state"]["players"]]
    assert names == ["Café", "Bob", "Cy"]
    assert all(unicodedata.is_normalized("NFC", name) for name in names)


def test_the_length_limit_applies_after_normalisation(client: FlaskClient) -> None:
    # 40 letters with a combining accent: 80 code points as sent, 40 once composed.
    composed_40 = "e\u0301" * 40
    assert create(client, [composed_40, "Bob", "Cy"]).status_code == 201
    response = create(client, ["e\u0301" * 41, "Bob", "Cy"])
    assert response.status_code == 400
    assert response.json["error"]["code"] == "text_too_long"
    assert "40 characters at most" in response.json["error"]["message"]
    assert create(client, ["  " + "x" * 40 + "  ", "Bob", "Cy"]).status_code == 201


@pytest.mark.parametrize("bad", ["Ann\x07", "A\x1b[31mnn", "An\x00n", "A\u0085nn",
                                 "Ann\ud800", "\udfffAnn", "An\ud83dn"])
def test_control_characters_and_lone_surrogates_are_refused(
        app: Flask, client: FlaskClient, bad: str) -> None:
    response = create(client, [bad, "Bob", "Cy"])
    assert response.status_code == 400, response.json
    assert response.json["error"]["code"] == "bad_text"
    message = response.json["error"]["message"]
    if any("\ud800" <= c <= "\udfff" for c in bad):
        # The API refuses a lone surrogate anywhere in its body, before reading players.
        assert "lone surrogate" in message
    else:
        assert message.startswith("Player 1: name holds a control character (U+")
    assert table_count(app) == 0
    # The table service itself, whoever calls it, refuses the same text for the same reason.
    with pytest.raises(MalformedInput) as refused:
        TableService(app.extensions["companion_db"]).create(
            "casse-toi-pov-con", players(bad, "Bob", "Cy"), {})
    assert refused.value.code == "bad_text" and refused.value.params["index"] == 1


def test_a_surrogate_in_any_string_of_the_body_is_refused(app: Flask,
                                                          client: FlaskClient) -> None:
    table = create(client, ["Ann", "Bob", "Cy"]).json
    for body in [{"game": "casse-toi-pov-con", "players": [{"name\ud800": "A"}]},
                 {"game": "casse-toi-pov-con\ud800", "players": []}]:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400 and response.json["error"]["code"] == "bad_text"
    response = client.post(f"/api/tables/{table['id']}/actions", json={
        "expected_version": 0, "action": {"type": "draw\ud800"}})
    assert response.status_code == 400 and response.json["error"]["code"] == "bad_text"
    assert table_count(app) == 1
    assert client.get(f"/t/{table['id']}").status_code == 200


def test_the_party_and_any_other_player_string_are_checked_too(client: FlaskClient) -> None:
    response = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": [
        {"name": "Ann", "party": "blue\x7f"}, *players("Ann", "Bob", "Cy")[1:]]})
    assert response.status_code == 400 and "party" in response.json["error"]["message"]


def test_the_new_table_form_refuses_control_characters_with_400(app: Flask,
                                                                 client: FlaskClient) -> None:
    response = client.post("/new/casse-toi-pov-con", data={
        "player.name": ["Ann\x1b", "Bob", "Cy"], "player.party": ["blue", "blue", "pink"]})
    assert response.status_code == 400
    assert "control character" in response.get_data(as_text=True)
    assert table_count(app) == 0


def test_a_profile_name_too_long_or_with_control_characters_is_refused(
        app: Flask, client: FlaskClient) -> None:
    form = {"player.name": ["Ann", "Bob", "Cy"], "player.party": ["blue", "blue", "pink"]}
    for name in ["x" * 61, "Our\x07copy"]:
        response = client.post("/new/casse-toi-pov-con", data={**form, "save_profile": name})
        assert response.status_code == 400
        assert "60 characters at most" in response.get_data(as_text=True)
    assert table_count(app) == 0
    response = client.post("/new/casse-toi-pov-con",
                           data={**form, "save_profile": "  Our cop\u0079\u0308 "})
    assert response.status_code == 302
    from companion.db import EditionProfile

    with app.extensions["companion_db"].read() as session:
        assert [p.name for p in session.query(EditionProfile).all()] == ["Our cop\u00ff"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_clean_text_returns_nfc_trimmed_printable_text_or_refuses(text: str) -> None:
    try:
        cleaned = inputs.clean_text(text, "name")
    except MalformedInput as error:
        assert error.code in ("bad_text", "text_too_long")
        return
    assert unicodedata.is_normalized("NFC", cleaned)
    assert cleaned == cleaned.strip() and len(cleaned) <= inputs.MAX_NAME
    assert not any(unicodedata.category(c) in ("Cc", "Cs") for c in cleaned)
    cleaned.encode("utf-8")  # always valid text


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=45))
def test_no_player_name_ever_breaks_the_pages(app: Flask, text: str) -> None:
    client = app.test_client()
    response = create(client, [text, "Bob", "Cy"])
    assert response.status_code in (201, 400), response.status_code
    if response.status_code == 201:
        table_id = response.json["id"]
        for path in (f"/t/{table_id}", f"/t/{table_id}/live", f"/t/{table_id}/log", "/"):
            assert client.get(path).status_code == 200, path


# ---------------------------------------------------------------------------- numbers

@pytest.fixture
def table_id(client: FlaskClient) -> str:
    """A table where this client's phone holds seat 0."""
    table = str(create(client, ["Ann", "Bob", "Cy"]).json["id"])
    assert client.post(f"/t/{table}/claim", data={"seat": "0"}).status_code == 302
    return table


def version(app: Flask, table_id: str) -> int:
    return int(app.extensions["companion_tables"].version(table_id))


@pytest.mark.parametrize("digit", ["²", "١", "٣", "𝟘", "0\n", " 0", "+0"])
def test_numeric_form_fields_take_ascii_digits_only(
        app: Flask, client: FlaskClient, table_id: str, digit: str) -> None:
    draw = {"a.type": "draw", "a.seat": "0", "a.stress": "3", "a.stars": "1",
            "a.corner": "marine", "a.announced": "false"}
    response = client.post(f"/t/{table_id}/act", data={"expected_version": digit, **draw},
                           headers=FETCH)
    assert response.status_code == 400
    assert response.json["error"]["code"] == "missing_version"
    response = client.post(f"/t/{table_id}/undo", data={"expected_version": digit},
                           headers=FETCH)
    assert response.status_code == 400
    response = client.post(f"/t/{table_id}/act", data={"expected_version": "0", **draw,
                                                       "a.stress": digit}, headers=FETCH)
    assert response.status_code in (400, 422)
    assert version(app, table_id) == 0

    response = client.post(f"/t/{table_id}/claim", data={"seat": digit})
    assert response.status_code == 302
    assert app.extensions["companion_tables"].claimed_seats(table_id) == {0}  # as before

    live = client.get(f"/t/{table_id}/live", query_string={"v": digit})
    assert live.status_code == 200 and live.headers["X-Version"] == "0"
    assert client.get(f"/t/{table_id}/entry", query_string={"round": digit}).status_code == 404

    response = client.post(f"/t/{table_id}/correct", data={
        "expected_version": "0", "target": digit, "round": "1", "a.type": "score_round"},
        headers=FETCH)
    assert response.status_code == 400
    assert version(app, table_id) == 0


def test_ascii_int() -> None:
    assert inputs.ascii_int("0") == 0 and inputs.ascii_int("123456789") == 123456789
    for raw in ["²", "١٢", "", "-1", "1234567890", "1_0", "0x1", None, 3]:
        assert inputs.ascii_int(raw) is None, raw
    assert inputs.ascii_int("-12", signed=True) == -12
    assert inputs.ascii_int("-", signed=True) is None


# ---------------------------------------------------------------------------- dotted keys

@pytest.mark.parametrize("fields", [
    [("a.results.0.seat", "0"), ("a.results.x", "1")],
    [("a.results.x", "1"), ("a.results.0.seat", "0")],
    [("a.type", "draw"), ("a.type.x", "1")],
    [("a.type.x", "1"), ("a.type", "draw")],
    [("a.move:json", '{"card": 1}'), ("a.move.card", "2")],
    [("a.move:json", '{"card": 1}'), ("a.move", "2")],
    [("a.results.0", "1"), ("a.results.0.seat", "0")],
])
def test_colliding_dotted_keys_get_400(app: Flask, client: FlaskClient, table_id: str,
                                       fields: list[tuple[str, str]]) -> None:
    form = MultiDict([("expected_version", "0"), *fields])
    response = client.post(f"/t/{table_id}/act", data=form, headers=FETCH)
    assert response.status_code == 400, response.data
    assert response.json["error"]["code"] == "form_collision"
    assert version(app, table_id) == 0
    # Without the page script: the reason is shown on the table page.
    response = client.post(f"/t/{table_id}/act", data=form, follow_redirects=True)
    assert response.status_code == 200 and "name the same place" in response.get_data(
        as_text=True)


def test_form_keys_that_fit_still_make_the_action() -> None:
    form = MultiDict([("a.type", "score_round"), ("a.results.1.seat", "1"),
                      ("a.results.0.seat", "0"), ("a.results.0.cracked", "false"),
                      ("a.results.0.cracked", "true"), ("a.note", ""), ("a.n", "-4"),
                      ("a.move:json", '{"to": [1, 2]}'), ("other", "x")])
    assert form_to_action(form) == {
        "type": "score_round", "results": [{"seat": 0, "cracked": True}, {"seat": 1}],
        "note": None, "n": -4, "move": {"to": [1, 2]}}


def test_a_form_key_nested_too_deep_gets_400(client: FlaskClient, table_id: str) -> None:
    response = client.post(f"/t/{table_id}/act", data={
        "expected_version": "0", "a." + ".".join(["x"] * 40): "1"}, headers=FETCH)
    assert response.status_code == 400


# ---------------------------------------------------------------------------- deep JSON

def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@pytest.mark.parametrize("depth", [33, 1_000, 100_000])
def test_json_nested_too_deep_gets_400_in_api_bodies(app: Flask, client: FlaskClient,
                                                     table_id: str, depth: int) -> None:
    response = client.post("/api/tables", data=nested(depth), content_type="application/json")
    assert response.status_code == 400 and response.json["error"]["code"] == "too_deep"
    body = json.dumps({"expected_version": 0, "action": {"type": "draw", "x": None}}
                      ).replace("null", nested(depth))
    for path in ("actions", "corrections", "undo"):
        response = client.post(f"/api/tables/{table_id}/{path}", data=body,
                               content_type="application/json")
        assert response.status_code == 400, (path, response.json)
        assert response.json["error"]["code"] == "too_deep"
    assert version(app, table_id) == 0 and table_count(app) == 1


def test_a_key_named_twice_in_one_object_gets_400(app: Flask, client: FlaskClient,
                                                  table_id: str) -> None:
    action = '{"type": "draw", "seat": 1, "seat": 0, "stress": 1, "stars": 0, "corner": null}'
    for body in ('{"expected_version": 0, "action": ' + action + "}",
                 '{"expected_version": 0, "expected_version": 0, "action": {"type": "x"}}'):
        response = client.post(f"/api/tables/{table_id}/actions", data=body,
                               content_type="application/json")
        assert response.status_code == 400, response.json
        assert response.json["error"]["code"] == "duplicate_key"
        assert "twice" in response.json["error"]["message"]
    assert version(app, table_id) == 0
    # A colon inside a string is no key: the body is read as it is.
    assert inputs.loads('{"a": "b:c", "d": {"e": ":"}}') == {"a": "b:c", "d": {"e": ":"}}


def test_json_within_the_limit_is_parsed(client: FlaskClient, table_id: str) -> None:
    body = json.dumps({"expected_version": 0, "action": {"type": "draw", "x": None}}
                      ).replace("null", nested(30))
    response = client.post(f"/api/tables/{table_id}/actions", data=body,
                           content_type="application/json")
    # Parsed, then refused by the engine for what it is: an unknown field.
    assert response.status_code == 400 and response.json["error"]["code"] != "too_deep"
    # Brackets inside strings are text, not depth.
    assert inputs.json_depth(json.dumps({"a": "[" * 100, "b": '"[[' + "\\"})) == 1


@pytest.mark.parametrize("depth", [33, 1_000, 30_000])
def test_json_nested_too_deep_gets_400_in_json_form_fields(
        app: Flask, client: FlaskClient, table_id: str, depth: int) -> None:
    response = client.post(f"/t/{table_id}/act", data={
        "expected_version": "0", "a.type": "draw", "a.move:json": nested(depth)},
        headers=FETCH)
    assert response.status_code == 400 and response.json["error"]["code"] == "too_deep"
    assert version(app, table_id) == 0


# ---------------------------------------------------------------------------- old bad rows

def test_a_stored_lone_surrogate_breaks_neither_the_home_page_nor_the_table(
        app: Flask, client: FlaskClient, table_id: str) -> None:
    """A row stored before names were checked: every page still answers."""
    with app.extensions["companion_db"].write() as session:
        row = session.get(TableRow, table_id)
        row.players = [{"name": "Ann\ud800", "party": "blue"}, *players("Ann", "Bob", "Cy")[1:]]
    app.extensions["companion_tables"].forget_kept()
    client.get(f"/t/{table_id}")  # this phone opened the table: it is in its recent list
    home = client.get("/")
    assert home.status_code == 200
    text = home.get_data(as_text=True)
    assert "Ann\ufffd" in text and "Bob" in text
    for path in (f"/t/{table_id}", f"/t/{table_id}/live", f"/t/{table_id}/log",
                 f"/api/tables/{table_id}"):
        response = client.get(path)
        assert response.status_code == 200, path
        response.get_data().decode("utf-8")  # valid UTF-8


def test_a_stored_table_the_rules_no_longer_read_is_skipped_on_the_home_page(
        app: Flask, client: FlaskClient) -> None:
    good = create(client, ["Ann", "Bob", "Cy"]).json["id"]
    bad = create(client, ["Dan", "Eve", "Fay"]).json["id"]
    client.get(f"/t/{good}")
    client.get(f"/t/{bad}")
    with app.extensions["companion_db"].write() as session:
        session.get(TableRow, bad).players = "not a list of players"
    app.extensions["companion_tables"].forget_kept()
    home = client.get("/")
    assert home.status_code == 200
    text = home.get_data(as_text=True)
    assert "Ann, Bob, Cy" in text and "Dan" not in text


def _read_by_the_standard_library(text: str) -> Any:
    """What ``inputs.loads`` answered before orjson read the bodies it can."""
    try:
        value = json.loads(text)
    except ValueError:
        return "refused"
    try:
        inputs.check_strings(value)
    except MalformedInput:
        return "refused"
    return value


_CHARACTERS = st.characters() | st.sampled_from(["\ud800", "\udbff", "\udc80", "\udfff"])
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=2**62, max_value=2**70)
    | st.floats() | st.text(_CHARACTERS),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(_CHARACTERS, max_size=4), inner, max_size=4),
    max_leaves=12)


# 75 examples reach every branch of companion/ that 300 reached (coverage.py, branch data)
@settings(max_examples=75, deadline=None)
@given(value=_JSON_VALUES, ascii_only=st.booleans())
def test_a_body_reads_as_the_standard_library_reads_it(value: Any, ascii_only: bool) -> None:
    """orjson reads the bodies it reads as the standard library does (a big integer, a
    float, NaN, a lone surrogate escaped or not: the same value or the same refusal)."""
    try:
        text = json.dumps(value, ensure_ascii=ascii_only)
    except UnicodeEncodeError:
        return
    expected = _read_by_the_standard_library(text)
    try:
        got = inputs.loads(text)
    except MalformedInput:
        got = "refused"
    # NaN is never equal to itself: compare the texts the two values write.
    assert json.dumps(got) == json.dumps(expected)
    assert [type(x) for x in _leaves(got)] == [type(x) for x in _leaves(expected)]


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [k for k in value] + [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    return [value]
