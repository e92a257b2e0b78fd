"""The phone pages through Flask's test client: start, join, play, correct, restart."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app

FORM_PLAYERS = {"player.name": ["Ann", "Bob", "Cy", ""],
                "player.party": ["blue", "blue", "pink", "green"]}


def new_table(client: FlaskClient, **extra: Any) -> str:
    response = client.post("/new/casse-toi-pov-con", data={**FORM_PLAYERS, **extra})
    assert response.status_code == 302, response.data
    match = re.fullmatch(r"/t/([\w-]+)", response.location)
    assert match, response.location
    return match.group(1)


def api_state(client: FlaskClient, table_id: str) -> dict[str, Any]:
    body: dict[str, Any] = client.get(f"/api/tables/{table_id}").json
    return body


def test_new_table_form_creates_a_table_with_the_party_bonus(client: FlaskClient) -> None:
    assert client.get("/new/casse-toi-pov-con").status_code == 200
    table_id = new_table(client)
    state = api_state(client, table_id)["state"]
    assert [(p["name"], p["popularity"]) for p in state["players"]] == [
        ("Ann", 3), ("Bob", 3), ("Cy", 2)]


def test_new_table_form_refusal_keeps_what_was_typed(client: FlaskClient) -> None:
    response = client.post("/new/casse-toi-pov-con", data={
        "player.name": ["Ann", "Bob", "Cy"], "player.party": ["blue", "blue", "blue"]})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "At most two players per party" in page
    assert 'value="Cy"' in page


def test_unknown_game_page_is_404(client: FlaskClient) -> None:
    assert client.get("/new/monopoly").status_code == 404
    assert client.get("/t/does-not-exist").status_code == 404


def decode_page_qr(page: str) -> list[str]:
    """What a camera reads from the join code drawn in a page (an inline PNG, one pixel a
    module), scaled up as the page's CSS does."""
    import base64
    import io
    import tempfile

    from PIL import Image
    from print_pdf import decode_qr

    found = re.search(r'<img src="data:image/png;base64,([^"]+)"[^>]*alt="QR code to join', page)
    assert found, "no join code in the page"
    image = Image.open(io.BytesIO(base64.b64decode(found.group(1))))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "qr.png"
        image.resize((image.width * 8, image.height * 8), Image.NEAREST).save(path)
        return decode_qr(path)


def test_join_page_shows_a_qr_code_and_seats(client: FlaskClient) -> None:
    table_id = new_table(client)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Who are you?" in page
    assert decode_page_qr(page) == [f"http://localhost/t/{table_id}"]
    for name in ("Ann", "Bob", "Cy"):
        assert name in page
    svg = client.get(f"/t/{table_id}/qr.svg")
    assert svg.status_code == 200 and svg.content_type.startswith("image/svg+xml")


def test_claiming_a_seat_gives_this_phone_the_card_recorder(app: Flask) -> None:
    host, phone = app.test_client(), app.test_client()
    table_id = new_table(host)
    phone.post(f"/t/{table_id}/claim", data={"seat": "1"})
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert "I turned over a card" in page and 'name="a.seat" value="1"' in page
    # The host has not claimed: no recorder on that phone.
    assert "I turned over a card" not in host.get(f"/t/{table_id}").get_data(as_text=True)
    # Tapping the taken name on another phone only asks for the seat: nothing moves yet.
    other = app.test_client()
    other.post(f"/t/{table_id}/claim", data={"seat": "1"})
    assert "I turned over a card" in phone.get(f"/t/{table_id}").get_data(as_text=True)
    asking = other.get(f"/t/{table_id}").get_data(as_text=True)
    assert "I turned over a card" not in asking and "data-asked" in asking
    # The host sees the request and hands the seat over: then it moves, and the first
    # phone is told in words.
    host_page = host.get(f"/t/{table_id}").get_data(as_text=True)
    request_id = re.search(r"/requests/(\d+)/approve", host_page)
    assert request_id, host_page
    assert host.post(f"/t/{table_id}/requests/{request_id.group(1)}/approve").status_code == 302
    assert "I turned over a card" in other.get(f"/t/{table_id}").get_data(as_text=True)
    ousted = phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert "I turned over a card" not in ousted
    assert "seat moved to another phone" in ousted


def test_a_phone_asking_again_replaces_its_request_and_the_old_one_hands_over_nothing(
        app: Flask) -> None:
    host, phone, other = app.test_client(), app.test_client(), app.test_client()
    table_id = new_table(host)
    phone.post(f"/t/{table_id}/claim", data={"seat": "1"})
    for _ in range(5):
        other.post(f"/t/{table_id}/claim", data={"seat": "1"})
    host_page = host.get(f"/t/{table_id}").get_data(as_text=True)
    asked = re.findall(r"/requests/(\d+)/approve", host_page)
    assert len(set(asked)) == 1, asked  # one request per phone on the host's screen
    newest = int(asked[0])
    # Approving a request the phone replaced hands the seat to nobody: it stays where it is.
    host.post(f"/t/{table_id}/requests/{newest - 1}/approve")
    assert "I turned over a card" in phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert host.post(f"/t/{table_id}/requests/{newest}/approve").status_code == 302
    assert "I turned over a card" in other.get(f"/t/{table_id}").get_data(as_text=True)


def test_recording_cards_from_the_phone_form(app: Flask) -> None:
    phone = app.test_client()
    table_id = new_table(phone)
    phone.post(f"/t/{table_id}/claim", data={"seat": "0"})
    response = phone.post(f"/t/{table_id}/act", data={
        "expected_version": "0", "a.type": "draw", "a.seat": "0", "a.stress": "3",
        "a.stars": "1", "a.corner": "marine", "a.announced": ["false", "true"]},
        headers={"X-Requested-With": "fetch"})
    assert response.json == {"version": 1}
    walk = api_state(phone, table_id)["state"]["players"][0]["walk"]
    assert walk == [{"stress": 3, "stars": 1, "corner": "marine", "announced": True}]
    # An unchecked box leaves only the hidden "false".
    phone.post(f"/t/{table_id}/act", data={
        "expected_version": "1", "a.type": "draw", "a.seat": "0", "a.stress": "0",
        "a.stars": "0", "a.corner": "marine", "a.announced": "false"})
    walk = api_state(phone, table_id)["state"]["players"][0]["walk"]
    assert walk[-1]["announced"] is False


def test_a_refused_form_action_flashes_the_reason_and_changes_nothing(app: Flask) -> None:
    phone = app.test_client()
    table_id = new_table(phone)
    response = phone.post(f"/t/{table_id}/act", data={"expected_version": "0",
                                                       "a.type": "end_walk"},
                          follow_redirects=True)
    assert "once everyone has 4 cards" in response.get_data(as_text=True)
    assert api_state(phone, table_id)["version"] == 0
    stale = phone.post(f"/t/{table_id}/act", data={"expected_version": "7", "a.type": "end_walk"},
                       headers={"X-Requested-With": "fetch"})
    assert stale.status_code == 409 and stale.json["error"]["code"] == "version_conflict"


def entry_form(version: int, rows: list[tuple[int, bool, int, int, int, bool]]) -> dict[str, Any]:
    data: dict[str, Any] = {"expected_version": str(version), "a.type": "score_round"}
    for seat, (cards, cracked, journalists, marine, stars, forgot) in enumerate(rows):
        prefix = f"a.results.{seat}."
        data[prefix + "seat"] = str(seat)
        data[prefix + "cards"] = str(cards)
        data[prefix + "cracked"] = ["false", "true"] if cracked else "false"
        data[prefix + "journalists"] = str(journalists)
        data[prefix + "marine_cards"] = str(marine)
        data[prefix + "stars"] = str(stars)
        data[prefix + "forgot_marine"] = ["false", "true"] if forgot else "false"
    return data


def test_quick_entry_then_correction_of_a_past_round(client: FlaskClient) -> None:
    table_id = new_table(client)  # Ann 3, Bob 3, Cy 2
    assert client.get(f"/t/{table_id}/entry").status_code == 200
    client.post(f"/t/{table_id}/act", data=entry_form(0, [
        (4, False, 0, 1, 0, False), (4, False, 0, 1, 0, False), (5, False, 0, 0, 0, False)]))
    state = api_state(client, table_id)["state"]
    assert [p["popularity"] for p in state["players"]] == [4, 4, 2 + 1 + 1 + 2]
    client.post(f"/t/{table_id}/act", data=entry_form(1, [
        (2, True, 0, 0, 0, False), (4, False, 0, 1, 0, False), (4, False, 0, 1, 0, False)]))
    assert [p["popularity"] for p in api_state(client, table_id)["state"]["players"]] == [
        3, 6, 8]
    page = client.get(f"/t/{table_id}/entry?round=1").get_data(as_text=True)
    assert "Correct round 1" in page
    target = re.search(r'name="target" value="(\d+)"', page)
    assert target
    form = entry_form(2, [(4, False, 0, 1, 0, False), (4, False, 0, 1, 0, False),
                          (4, False, 0, 1, 0, False)])
    client.post(f"/t/{table_id}/correct", data={**form, "target": target.group(1),
                                                 "round": "1"})
    body = api_state(client, table_id)
    # Round 1 now: everyone +1 and +1 (four cards, most cards): 5, 5, 4; round 2 as before.
    assert [p["popularity"] for p in body["state"]["players"]] == [4, 7, 6]
    assert body["state"]["rounds"][0]["results"][2]["marine_cards"] == 1


def test_live_fragment_answers_empty_until_the_version_moves(client: FlaskClient) -> None:
    table_id = new_table(client)
    unchanged = client.get(f"/t/{table_id}/live?v=0")
    assert unchanged.status_code == 200 and unchanged.data == b""
    assert unchanged.headers["X-Version"] == "0" and unchanged.headers["Content-Length"] == "0"
    client.post(f"/api/tables/{table_id}/actions", json={"expected_version": 0, "action": {
        "type": "draw", "seat": 2, "stress": 2, "stars": 0, "corner": None}})
    response = client.get(f"/t/{table_id}/live?v=0")
    assert response.status_code == 200 and response.headers["X-Version"] == "1"


def test_undo_button_names_what_it_undoes(client: FlaskClient) -> None:
    table_id = new_table(client)
    client.post(f"/api/tables/{table_id}/actions", json={"expected_version": 0, "action": {
        "type": "draw", "seat": 2, "stress": 2, "stars": 0, "corner": None}})
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Undo: Cy: card, 2 stress" in page
    client.post(f"/t/{table_id}/undo", data={"expected_version": "1"})
    log = client.get(f"/t/{table_id}/log").get_data(as_text=True)
    assert "Undo: Cy: card, 2 stress" in log


def test_spectator_link_is_read_only(app: Flask) -> None:
    host = app.test_client()
    table_id = new_table(host)
    page = host.get(f"/t/{table_id}").get_data(as_text=True)
    watch = re.search(r'href="[^"]*(/watch/[\w-]+)"', page)
    assert watch
    spectator = app.test_client()
    view = spectator.get(watch.group(1)).get_data(as_text=True)
    assert "Ann" in view and "<form" not in view
    assert table_id not in view  # the spectator never learns the writable address


def test_edition_profile_is_saved_and_reused(client: FlaskClient) -> None:
    table_id = new_table(client, **{"option.track_top": "10", "option.start_space": "1",
                                    "option.marine_start": "0",
                                    "save_profile": "Our 2012 copy"})
    assert api_state(client, table_id)["state"]["track"]["top"] == 10
    page = client.get("/new/casse-toi-pov-con").get_data(as_text=True)
    profile = re.search(r'<option value="(\d+)"[^>]*>Our 2012 copy</option>', page)
    assert profile
    chosen = client.get(f"/new/casse-toi-pov-con?profile={profile.group(1)}").get_data(
        as_text=True)
    # the deck's value shows as the field's placeholder; a field left empty takes it
    assert 'name="option.track_top" value="" placeholder="10"' in chosen
    again = client.post("/new/casse-toi-pov-con", data={**FORM_PLAYERS,
                                                        "deck": profile.group(1)})
    assert again.status_code == 302
    assert api_state(client, again.headers["Location"].rsplit("/", 1)[1])[
        "state"]["track"]["top"] == 10


def test_bad_edition_value_in_the_form(client: FlaskClient) -> None:
    response = client.post("/new/casse-toi-pov-con", data={**FORM_PLAYERS,
                                                           "option.track_top": "twelve"})
    assert response.status_code == 400
    assert "must be a whole number" in response.get_data(as_text=True)


def test_restarting_the_server_loses_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'persist.sqlite'}"
    first = create_app({"TESTING": True, "DATABASE_URL": url})
    client = first.test_client()
    table_id = new_table(client)
    client.post(f"/api/tables/{table_id}/actions", json={"expected_version": 0, "action": {
        "type": "draw", "seat": 0, "stress": 2, "stars": 1, "corner": "j1"}})
    before = client.get(f"/api/tables/{table_id}").json
    first.extensions["companion_db"].engine.dispose()
    second = create_app({"TESTING": True, "DATABASE_URL": url})
    assert second.test_client().get(f"/api/tables/{table_id}").json == before


def test_pages_load_nothing_from_another_host(client: FlaskClient) -> None:
    table_id = new_table(client)
    for path in ("/", "/new/casse-toi-pov-con", f"/t/{table_id}", f"/t/{table_id}/entry",
                 f"/t/{table_id}/log"):
        page = client.get(path).get_data(as_text=True)
        hosts = set(re.findall(r'(?:src|href|action)="(?:https?:)?//([^/"]+)', page))
        assert hosts <= {"localhost"}, (path, hosts)  # only the server's own address


def test_form_to_action_builds_nested_objects() -> None:
    from werkzeug.datastructures import MultiDict

    from companion.web.pages import form_to_action

    form = MultiDict([("a.type", "score_round"), ("a.results.1.cards", "4"),
                      ("a.results.0.cards", "5"), ("a.results.0.cracked", "false"),
                      ("a.results.0.cracked", "true"), ("a.corner", ""), ("other", "x")])
    assert form_to_action(form) == {"type": "score_round", "corner": None, "results": [
        {"cards": 5, "cracked": True}, {"cards": 4}]}


def test_language_switch_follows_to_a_page_that_names_its_language(client: FlaskClient) -> None:
    response = client.get("/language/en?next=/rules/casse-toi-pov-con/scoring?lang%3Dfr")
    assert response.location == "/rules/casse-toi-pov-con/scoring?lang=en"
    assert client.get("/language/fr?next=//evil.example/").location == "/"


def test_a_ticked_option_box_turns_the_option_on(client: FlaskClient) -> None:
    table_id = new_table(client, **{"option.cracked_scores_rule_of_4": ["false", "true"]})
    assert api_state(client, table_id)["state"]["options"]["cracked_scores_rule_of_4"] is True
    other = new_table(client, **{"option.cracked_scores_rule_of_4": "false"})
    assert api_state(client, other)["state"]["options"]["cracked_scores_rule_of_4"] is False


def test_the_card_recorder_offers_stress_0_to_8_and_only_possible_star_counts(app: Flask) -> None:
    phone = app.test_client()
    table_id = new_table(phone)
    phone.post(f"/t/{table_id}/claim", data={"seat": "0"})
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    stress = re.findall(r'name="a\.stress" value="(\d+)"', page)
    stars = re.findall(r'name="a\.stars" value="(\d+)"', page)
    assert stress == [str(v) for v in range(9)]  # the house deck has 6-stress cards
    assert stars == ["0", "1", "2"]  # a card shows 2 voters: 2 stars at most


def test_new_table_refuses_edition_values_starting_beyond_the_top(client: FlaskClient) -> None:
    response = client.post("/new/casse-toi-pov-con", data={
        **FORM_PLAYERS, "option.track_top": "6", "option.start_space": "6"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Start space 6" in page and "(6)" in page


def test_a_number_field_that_takes_a_loss_offers_the_minus_key() -> None:
    """``inputmode="numeric"`` gives a phone's digit pad, which has no minus key on iOS: only
    a field whose ``min`` is 0 or more may ask for it; one that takes a negative number (a
    loss: a Skeleton's money, an event's mental health) keeps ``type="number"``'s keyboard."""
    found = 0
    for path in sorted((Path(__file__).parent.parent / "templates").rglob("*.html")):
        for match in re.finditer(r"<input\b[^>]*>", path.read_text()):
            tag = match.group(0)
            if 'type="number"' in tag:
                found += 1
            if 'inputmode="numeric"' in tag:
                assert re.search(r'\bmin="(?!-)', tag), f"{path.name}: {tag}"
    assert found > 20
