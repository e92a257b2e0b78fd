"""Edgar & Lucien through the phone pages: start, place, program in secret, reveal, act."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.games import edgar_et_lucien as game
from companion.games.edgar_et_lucien import changes


def start(app: Flask, **options: str) -> tuple[str, list[FlaskClient]]:
    """A three-player table from the new-table form; each phone claims its seat."""
    phones = [app.test_client() for _ in range(3)]
    response = phones[0].post("/new/edgar-et-lucien", data={
        "player.name": ["Ann", "Bob", "Cy"], "player.colour": ["red", "yellow", "blue"],
        **{f"option.{k}": v for k, v in options.items()}})
    assert response.status_code == 302, response.get_data(as_text=True)
    table_id = response.location.rsplit("/", 1)[-1]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
    return table_id, phones


def state(phone: FlaskClient, table_id: str) -> dict[str, Any]:
    body: dict[str, Any] = phone.get(f"/api/tables/{table_id}").json
    return body


def post(phone: FlaskClient, table_id: str, fields: dict[str, Any]) -> Any:
    version = state(phone, table_id)["version"]
    return phone.post(f"/t/{table_id}/act", data={"expected_version": str(version), **fields},
                      headers={"X-Requested-With": "fetch"})


def place_all(table_id: str, phones: list[FlaskClient]) -> None:
    for seat in range(3):
        page = phones[seat].get(f"/t/{table_id}").get_data(as_text=True)
        assert "Place your characters" in page
        first = re.search(
            r'<select id="place-district" name="a.district">\s*<option value="([\w-]+)"', page)
        assert first
        response = post(phones[seat], table_id, {"a.type": "place", "a.seat": str(seat),
                                                 "a.district": first.group(1)})
        assert response.status_code == 200, response.json


def test_a_new_table_draws_its_own_deck_seed(app: Flask) -> None:
    first, _ = start(app)
    second, _ = start(app)
    with app.app_context():
        from companion.web.common import service

        seeds = {service().get(t).options["seed"] for t in (first, second)}
    assert len(seeds) == 2  # 2**31 possible seeds: equal only by a 1 in 2 billion chance


def test_placement_programming_and_reveal_through_the_pages(app: Flask) -> None:
    table_id, phones = start(app)
    place_all(table_id, phones)
    assert state(phones[0], table_id)["state"]["phase"] == "programming"
    page = phones[1].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Program your moves" in page
    options = re.findall(r"<option value='(\{[^']*\})'", page)
    assert len(options) >= 2  # immobile and at least one border of Bob's district
    lucien = json.loads(options[1].replace("&#34;", '"'))
    for seat in range(3):
        response = post(phones[seat], table_id, {
            "a.type": "seal", "a.seat": str(seat),
            "a.value.edgar:json": '{"kind": "immobile"}',
            "a.value.lucien:json": json.dumps(lucien if seat == 1 else {"kind": "immobile"})})
        assert response.status_code == 200, response.json
    after = state(phones[0], table_id)["state"]
    assert after["phase"] == "actions"
    bob = after["players"][1]
    moved = game.resolve_move(game.board_for(3), after["last_moves"][[
        m["seat"] for m in after["last_moves"]].index(1)]["lucien"]["from"], lucien)
    assert bob["lucien"] == moved


def test_a_phone_cannot_lock_in_another_seat_s_moves(app: Flask) -> None:
    table_id, phones = start(app)
    place_all(table_id, phones)
    response = post(phones[0], table_id, {"a.type": "seal", "a.seat": "1",
                                          "a.value.edgar:json": '{"kind": "immobile"}',
                                          "a.value.lucien:json": '{"kind": "immobile"}'})
    assert response.status_code == 403
    assert response.json["error"]["code"] == "not_your_seat"


def live_html(phone: FlaskClient, table_id: str) -> str:
    html = phone.get(f"/t/{table_id}/live").get_data(as_text=True)
    # Version numbers and the undo label change with every entry; the rest must not.
    html = re.sub(r'name="expected_version" value="\d+"', "", html)
    html = re.sub(r'data-version="\d+"', "", html)
    return re.sub(r'data-undo="[^"]*"', "", html)


def test_programmed_moves_leave_no_trace_on_other_phones(app: Flask) -> None:
    table_id, phones = start(app)
    place_all(table_id, phones)
    ann_page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    moves = [json.loads(v.replace("&#34;", '"'))
             for v in re.findall(r"<option value='(\{[^']*\})'", ann_page)]
    assert len(moves) >= 3

    def seen_after(move: dict[str, Any]) -> tuple[str, str]:
        post(phones[0], table_id, {"a.type": "seal", "a.seat": "0",
                                   "a.value.edgar:json": json.dumps(move),
                                   "a.value.lucien:json": json.dumps(move)})
        seen = (live_html(phones[1], table_id), live_html(app.test_client(), table_id))
        version = state(phones[0], table_id)["version"]
        phones[0].post(f"/t/{table_id}/undo", data={"expected_version": str(version)})
        return seen

    def without_log(seen: tuple[str, str]) -> tuple[str, ...]:
        # The live log lists the entries themselves (the second try follows an undo); a
        # phone without a seat has its own forms' token (its seat choice).
        return tuple(re.sub(r'<section class="card recent-log".*?</section>|name="csrf_token" '
                            r'value="[^"]*"', "", page, flags=re.S) for page in seen)

    first, second = seen_after(moves[1]), seen_after(moves[2])
    # Bob's phone and a stranger learn nothing of Ann's choice.
    assert without_log(first) == without_log(second)
    assert "Ann ✓" in first[0]


def test_hidden_money_shows_only_on_the_owner_s_phone(app: Flask) -> None:
    table_id, phones = start(app, hidden_money="true")
    ann = phones[0].get(f"/t/{table_id}/live").get_data(as_text=True)
    bob = phones[1].get(f"/t/{table_id}/live").get_data(as_text=True)
    # Everyone starts with 50,000: Ann sees hers and question marks for the others.
    assert ann.count("<td>50,000</td>") == 1 and bob.count("<td>50,000</td>") == 1
    assert ann.count("<td>?</td>") == 2
    spectator = app.test_client().get(f"/t/{table_id}/live").get_data(as_text=True)
    assert spectator.count("<td>50,000</td>") == 0 and spectator.count("<td>?</td>") == 3


def test_an_action_button_is_greyed_out_with_the_engine_s_reason(app: Flask) -> None:
    table_id, phones = start(app)
    place_all(table_id, phones)
    for seat in range(3):
        post(phones[seat], table_id, {"a.type": "seal", "a.seat": str(seat),
                                      "a.value.edgar:json": '{"kind": "immobile"}',
                                      "a.value.lucien:json": '{"kind": "immobile"}'})
    body = state(phones[0], table_id)["state"]
    active = body["active"]
    page = phones[active].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Your turn" in page and "End my turn" in page
    # Lucien stands on his own district (placed with a token): buying it is refused.
    assert "Buy this district" not in page or "disabled" in page
    response = post(phones[active], table_id, {"a.type": "end_turn", "a.seat": str(active)})
    assert response.status_code == 200
    assert state(phones[0], table_id)["state"]["active"] != active


def test_french_messages_name_districts_in_french(client: FlaskClient) -> None:
    table = client.post("/api/tables", json={"game": "edgar-et-lucien", "players": [
        {"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"}]}).json
    district = game.board_for(2).district("opera-row")
    client.post(f"/api/tables/{table['id']}/actions", json={
        "expected_version": 0, "action": {"type": "place", "seat": 0, "district": district.id}})
    refused = client.post(f"/api/tables/{table['id']}/actions", headers={"Accept-Language": "fr"},
                          json={"expected_version": 1, "action": {
                              "type": "place", "seat": 1, "district": district.id}})
    message = refused.json["error"]["message"]
    assert district.name_fr in message and district.name_en not in message
    log = client.get(f"/t/{table['id']}/log", headers={"Accept-Language": "fr"})
    assert district.name_fr in html.unescape(log.get_data(as_text=True))


FOUR = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "yellow"},
        {"name": "Cy", "colour": "blue"}, {"name": "Dee", "colour": "white"}]


def to_action_phase(app: Flask, homes: list[str]) -> tuple[str, FlaskClient]:
    """A four-player table through the API: each seat placed on ``homes``, every move
    Immobile; returns the table and Ann's phone (seat 0, the first to act)."""
    api = app.test_client()
    table_id = api.post("/api/tables", json={"game": game.ID, "players": FOUR}).json["id"]
    for seat, district in enumerate(homes):
        version = api.get(f"/api/tables/{table_id}").json["version"]
        response = api.post(f"/api/tables/{table_id}/actions", json={
            "expected_version": version,
            "action": {"type": "place", "seat": seat, "district": district}})
        assert response.status_code == 200, response.json
    phones = [app.test_client() for _ in range(4)]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
        response = post(phone, table_id, {"a.type": "seal", "a.seat": str(seat),
                                          "a.value.edgar:json": '{"kind": "immobile"}',
                                          "a.value.lucien:json": '{"kind": "immobile"}'})
        assert response.status_code == 200, response.json
    ann = phones[0]
    body = state(ann, table_id)["state"]
    assert body["phase"] == "actions" and body["active"] == 0
    return table_id, ann


def test_the_intimidation_form_lists_only_the_chosen_player_s_districts(app: Flask) -> None:
    homes = ["archives", "opera-row", "lily-gardens", "marble-embankment"]
    table_id, ann = to_action_phase(app, homes)
    page = ann.get(f"/t/{table_id}").get_data(as_text=True)
    rows = re.findall(r"<div class=\"row\" data-target-row>(.*?)</div>", page, re.S)
    assert len(rows) == 2  # four players: one Intimidation names two of the three others
    for row, seat in zip(rows, (1, 2), strict=True):
        chosen = re.search(r'<option value="(\d)" selected>', row)
        assert chosen and chosen.group(1) == str(seat)
        district_select = row.split("data-target-district>", 1)[1]
        listed = re.findall(r'<option value="([\w-]+)" data-owner="(\d)"\s*(hidden disabled)?',
                            district_select)
        shown = [d for d, owner, hidden in listed if not hidden]
        assert shown == [homes[seat]]  # only the chosen player's district is offered
        assert all(hidden for d, owner, hidden in listed if owner != str(seat))
        assert re.search(rf'<option value="{homes[seat]}" data-owner="{seat}"\s*selected', row)
    assert "games/edgar-et-lucien.js" in page  # keeps the lists right when a player is changed


def test_a_player_without_influence_token_is_told_so(app: Flask, monkeypatch: Any) -> None:
    monkeypatch.setattr(changes, "INFLUENCE_TOKENS", 1)  # the placement uses each player's only one
    table_id, ann = to_action_phase(app, ["archives", "opera-row", "lily-gardens",
                                          "marble-embankment"])
    page = html.unescape(ann.get(f"/t/{table_id}").get_data(as_text=True))
    assert 'id="no-token"' in page and "You have no influence token left" in page
    assert page.count("no influence token left") >= 4  # every row of the players' table
    fr = html.unescape(ann.get(f"/t/{table_id}", headers={"Accept-Language": "fr"}).get_data(
        as_text=True))
    assert "Vous n'avez plus de jeton d'influence" in fr


def test_french_moves_name_their_border_and_metro_with_agreeing_colours(app: Flask) -> None:
    """The move list of the programming phase: "Frontière bleue → …", never "Frontière bleu";
    in English the colour comes first ("Blue border → …")."""
    table_id, phones = start(app)
    place_all(table_id, phones)
    seen = {}
    for lang in ("fr", "en"):
        page = html.unescape(phones[0].get(f"/t/{table_id}", headers={
            "Accept-Language": lang}).get_data(as_text=True))
        seen[lang] = set(re.findall(r"(Frontière \w+|\w+ border|Métro \w+|\w+ metro) →", page))
    assert seen["fr"] and seen["en"]
    agree = {"Frontière rouge", "Frontière jaune", "Frontière bleue", "Frontière blanche",
             "Frontière verte", "Métro rouge", "Métro jaune", "Métro bleu", "Métro blanc",
             "Métro vert"}
    assert seen["fr"] <= agree, seen["fr"] - agree
    assert all(name.split()[0] in {"Red", "Yellow", "Blue", "White", "Green"}
               for name in seen["en"]), seen["en"]
