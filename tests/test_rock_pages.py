"""Mourir pour le Rock through the phone pages: start, cubes, songs, events, the count."""

from __future__ import annotations

import html
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

GAME = "mourir-pour-le-rock"


def start(app: Flask, count: int = 2, **fields: Any) -> tuple[str, list[FlaskClient]]:
    """A table from the new-table form; each phone claims its seat."""
    phones = [app.test_client() for _ in range(count)]
    data: dict[str, Any] = {
        "player.name": ["Axelle", "Bruno", "Cécile"][:count],
        "player.colour": ["purple", "orange", "blue"][:count],
        "player.money": ["", "8000", ""][:count],
        "player.mental": ["", "", "11"][:count],
        "player.power": ["Groupies", "", ""][:count],
        "option.seed": "9",
        **fields,
    }
    response = phones[0].post(f"/new/{GAME}", data=data)
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


def page(phone: FlaskClient, table_id: str) -> str:
    return html.unescape(phone.get(f"/t/{table_id}").get_data(as_text=True))


def test_new_table_form_shows_every_edition_value_as_a_house_default(client: FlaskClient) -> None:
    text = html.unescape(client.get(f"/new/{GAME}").get_data(as_text=True))
    for label in ("Top of the mental-health gauge", "Tour cards of the 80s", "Bribe: price ($)",
                  "Fans per souvenir point", "Your card list"):
        assert label in text
    assert "house default: 16" in text and "house default: 1500" in text
    assert 'name="player.mental"' in text and 'name="player.power"' in text


def test_boards_and_the_active_players_actions(app: Flask) -> None:
    table_id, (axelle, bruno, cecile) = start(app, 3)
    pub = state(axelle, table_id)["state"]
    assert [p["money"] for p in pub["players"]] == [5000, 8000, 5000]
    assert pub["players"][2]["zone"] == "yellow" and pub["players"][2]["cubes"] == 2
    mine = page(axelle, table_id)
    assert "Your cube" in mine and "Power: Groupies" in mine
    assert "Go on tour" in mine and "Write a song · roll" in mine
    # What the rules refuse now is greyed out with the engine's reason.
    assert "Detox only at 6 mental health or less (Axelle has 16)" in mine
    assert "Therapy opens with The 90s" in mine
    assert "house defaults — check your copy" in mine
    theirs = page(bruno, table_id)
    assert "Waiting for Axelle's cube." in theirs and "Your cube" not in theirs
    # A song from Axelle's phone: the roll shows on every phone, the log names it.
    assert post(axelle, table_id, {"a.type": "song", "a.seat": "0"}).status_code == 200
    roll = state(axelle, table_id)["state"]["last_roll"]
    income = f"${roll['income']:,} earned"
    for phone in (axelle, bruno, cecile):
        assert "Song #1 by Axelle" in page(phone, table_id)
        assert income in page(phone, table_id)
    # One cube at a time: Bruno's now, so Cécile waits.
    refused = post(cecile, table_id, {"a.type": "psy", "a.seat": "2"})
    assert refused.status_code == 422
    assert refused.json["error"]["message"] == "It is Bruno's cube now"
    assert "Your cube" in page(bruno, table_id)
    # The cubes a waiting phone has left, in the count's plural form (French: 1 cube).
    left = {p["name"]: p["cubes_left"] for p in state(cecile, table_id)["state"]["players"]}
    cecile.get("/language/fr")
    waiting = page(cecile, table_id)
    cubes = left["Cécile"]
    assert f"Il vous reste {cubes} cube{'s' if cubes > 1 else ''} ce tour-ci." in waiting
    assert "cube(s)" not in waiting
    cecile.get("/language/en")
    waiting = page(cecile, table_id)
    assert f"You have {cubes} cube{'' if cubes == 1 else 's'} left this turn." in waiting


def test_a_tour_typed_as_printed_with_an_event_under_it(app: Flask) -> None:
    table_id, (axelle, bruno) = start(app)
    response = post(axelle, table_id, {
        "a.type": "tour", "a.seat": "0", "a.card.name": "Tokyo", "a.card.cost_money": "2000",
        "a.card.cost_mental": "", "a.card.fans": "3000", "a.card.souvenir": "2",
        "a.card.continent": "asia", "a.event": ["false", "true"]})
    assert response.status_code == 200, response.json
    pub = state(axelle, table_id)["state"]
    assert pub["players"][0]["money"] == 3000 and pub["pending_event"]["card"] == "Tokyo"
    text = page(bruno, table_id)
    assert "Event! Axelle bought a card with an event under it" in text
    assert "Resolve the event" in text
    response = post(bruno, table_id, {"a.type": "event", "a.name": "Riot",
                                      "a.effects.0.seat": "0", "a.effects.0.mental": "-2",
                                      "a.effects.1.seat": "1", "a.effects.1.fans": "1000"})
    assert response.status_code == 200, response.json
    pub = state(axelle, table_id)["state"]
    assert pub["players"][0]["mental"] == 14 and pub["players"][1]["fans"] == 1000
    assert pub["active"] == 1


def test_french_pages(app: Flask) -> None:
    table_id, (axelle, _) = start(app)
    axelle.get("/language/fr")
    text = page(axelle, table_id)
    assert "Années 80" in text and "Partir en tournée" in text and "Votre cube" in text
    assert "Thérapie s'ouvre avec les Années 90" in text
    assert "Feuille de score" in text


def test_the_card_list_is_offered_and_typed_as_toml(app: Flask) -> None:
    deck = ('[[card]]\nkind = "tour"\nname = "Wembley"\ndecade = "80s"\nfans = 2000\n\n'
            '[[card]]\nkind = "vice"\nname = "Whisky"\n')
    table_id, (axelle, _) = start(app, **{"option.cards": deck})
    text = page(axelle, table_id)
    assert "From your card list" in text and "Wembley" in text
    assert state(axelle, table_id)["state"]["tours_in_decade"] == 1
    assert post(axelle, table_id, {"a.type": "tour", "a.seat": "0", "a.card": "0",
                                   "a.event": "false"}).status_code == 200
    assert state(axelle, table_id)["state"]["closing"] is True


def api_act(client: FlaskClient, table_id: str, action: dict[str, Any]) -> dict[str, Any]:
    version = state(client, table_id)["version"]
    response = client.post(f"/api/tables/{table_id}/actions",
                           json={"expected_version": version, "action": action})
    assert response.status_code == 200, response.json
    body: dict[str, Any] = response.json
    return body


def test_the_count_the_outcome_and_the_spectator(app: Flask) -> None:
    table_id, (axelle, bruno) = start(app, **{"option.tours_80s": "1", "option.tours_90s": "1",
                                              "option.tours_2000s": "1"})
    for _ in range(3):  # one tour a decade, then every other cube passed
        pub = state(axelle, table_id)["state"]
        api_act(axelle, table_id, {"type": "tour", "seat": pub["active"],
                                   "card": {"fans": 1000}})
        decade = pub["decade"]
        while (pub := state(axelle, table_id)["state"])["decade"] == decade \
                and pub["phase"] == "play":
            api_act(axelle, table_id, {"type": "pass", "seat": pub["active"]})
    assert pub["phase"] == "count"
    text = page(bruno, table_id)
    assert "Final count: mark your completed objectives" in text and "Close the count" in text
    # One tap ends the game for every phone: the page asks first.
    finish = re.search(r'<form[^>]*id="finish-form"[^>]*>', text)
    assert finish and "Close the count for the whole table?" in finish.group(0)
    assert "Your cube" not in text
    # Bruno's objective, from Bruno's own phone (its form, as he taps it).
    response = post(bruno, table_id, {"a.type": "objective", "a.seat": "1", "a.objective": "0",
                                      "a.done": ["false", "true"], "a.name": "",
                                      "a.souvenir": "4"})
    assert response.status_code == 200, response.json
    assert state(bruno, table_id)["state"]["players"][1]["objectives"][0]["done"] is True
    body = api_act(axelle, table_id, {"type": "finish"})
    assert body["outcome"]["reason"] == "final_count"
    text = page(axelle, table_id)
    assert "wins" in text or "Shared win" in text
    assert "Score sheet" in text
    with app.app_context():
        from companion.web.common import service

        token = service().get(table_id).watch_token
    watched = html.unescape(app.test_client().get(f"/watch/{token}").get_data(as_text=True))
    assert "Player boards" in watched and "My board" not in watched


def test_a_version_beyond_any_number_format_is_a_plain_conflict(app: Flask) -> None:
    table_id, (axelle, _) = start(app)
    response = axelle.post(f"/api/tables/{table_id}/actions", json={
        "expected_version": 14942231900916776542666752,
        "action": {"type": "pass", "seat": 0}})
    assert response.status_code == 409
    assert "14942231900916776542666752" in response.json["error"]["message"]


def test_korean_pages(app: Flask) -> None:
    from test_korean import ALLOWED, KO, assert_korean

    table_id, (axelle, bruno) = start(app)
    assert post(axelle, table_id, {"a.type": "song", "a.seat": "0"}).status_code == 200
    allowed = ALLOWED | {"Axelle", "Bruno", "Groupies"}
    mine = html.unescape(axelle.get(f"/t/{table_id}", headers=KO).get_data(as_text=True))
    assert_korean(mine, "80년대", "테이블의 1번째 곡, Axelle 님",
                  "Bruno 님의 큐브를 기다리는 중이에요.", "점수표", allowed=allowed)
    theirs = html.unescape(bruno.get(f"/t/{table_id}", headers=KO).get_data(as_text=True))
    assert_korean(theirs, "내 큐브", "투어 떠나기", "정신과 상담", "치료: 90년대에 열려요",
                  allowed=allowed)
    log = html.unescape(axelle.get(f"/t/{table_id}/log", headers=KO).get_data(as_text=True))
    assert_korean(log, "Axelle: 곡 쓰기:", allowed=allowed)
    # The card list's TOML keys and kinds are typed as they are, whatever the reader's language.
    from companion.games import mourir_pour_le_rock as game

    toml_words = {w for key in (*game.DECK_FIELDS, *game.DECKS, *game.CONTINENTS)
                  for w in key.replace("-", "_").split("_")}
    new = html.unescape(axelle.get(f"/new/{GAME}", headers=KO).get_data(as_text=True))
    assert_korean(new, "정신력 게이지 최대치", "우리 카드 목록", "큐브 색", "보라",
                  allowed=allowed | toml_words)


def form_tag(text: str, form_id: str) -> str:
    found = re.search(rf'<form[^>]*id="{form_id}"[^>]*>', text)
    assert found, form_id
    return found.group(0)


def test_a_mental_cost_at_or_above_the_mental_health_is_paid_after_a_question(
        app: Flask) -> None:
    # RULINGS: a mental-health cost may always be paid; at or above the mental health the
    # player dies for rock, the card's gains still counted; the phone asks first, naming
    # the death.
    deck = '[[card]]\nkind = "gear"\nname = "Stack"\nsymbol = "amplifier"\ncost_mental = 9\n'
    table_id, (axelle, bruno) = start(app, **{"player.mental": ["4", ""],
                                              "option.cards": deck})
    mine = page(axelle, table_id)
    ask = "Pay this mental-health cost? It brings %s to 0 mental health: they die for rock"
    for form in ("tour-printed", "agent-printed", "gear-printed", "gear-listed"):
        assert ask in form_tag(mine, form)
    for kind in ("tour", "agent", "gear"):
        cost = re.search(rf'<input id="{kind}-cost_mental"[^>]*>', mine)
        assert cost and 'data-death-mental="4"' in cost.group(0)
        assert 'data-death-name="Axelle"' in cost.group(0)
    assert 'data-cost-mental="9"' in mine
    response = post(axelle, table_id, {
        "a.type": "tour", "a.seat": "0", "a.card.name": "Tokyo", "a.card.cost_mental": "6",
        "a.card.fans": "3000", "a.card.souvenir": "2", "a.card.continent": "asia",
        "a.event": "false"})
    assert response.status_code == 200, response.json
    axelle_now = state(axelle, table_id)["state"]["players"][0]
    assert axelle_now["dead"] and axelle_now["mental"] == 0 and axelle_now["fans"] == 3000
    assert axelle_now["score"]["tours"] == 2 and axelle_now["score"]["death"] == 10
    assert "You died for rock" in page(axelle, table_id)
    assert "died for rock" in page(bruno, table_id)


def test_the_viral_video_asks_first_when_it_would_kill(app: Flask) -> None:
    table_id, (axelle, bruno) = start(app, **{
        "player.mental": ["5", "20"], "option.viral_video_mental": "5",
        "option.tours_80s": "1", "option.tours_90s": "1"})
    for _ in range(2):  # one tour a decade, then every other cube passed: the 2000s
        pub = state(axelle, table_id)["state"]
        api_act(axelle, table_id, {"type": "tour", "seat": pub["active"],
                                   "card": {"fans": 1000}})
        decade = pub["decade"]
        while (pub := state(axelle, table_id)["state"])["decade"] == decade:
            api_act(axelle, table_id, {"type": "pass", "seat": pub["active"]})
    assert pub["decade"] == "2000s"
    phones = {0: axelle, 1: bruno}
    while pub["active"] != 0:
        api_act(axelle, table_id, {"type": "pass", "seat": pub["active"]})
        pub = state(axelle, table_id)["state"]
    video = re.search(r'<form[^>]*>(?:(?!</form>).)*value="viral_video"', page(axelle, table_id),
                      re.S)
    assert video and ('data-confirm="Pay this mental-health cost? It brings Axelle to 0 '
                      'mental health: they die for rock') in video.group(0)
    assert post(axelle, table_id, {"a.type": "viral_video", "a.seat": "0"}).status_code == 200
    pub = state(axelle, table_id)["state"]
    assert pub["players"][0]["dead"] and pub["players"][0]["fans"] > 1000
    # Bruno has more than it costs: his phone does not ask.
    while pub["phase"] == "play" and pub["active"] != 1:
        api_act(axelle, table_id, {"type": "pass", "seat": pub["active"]})
        pub = state(axelle, table_id)["state"]
    video = re.search(r'<form[^>]*>(?:(?!</form>).)*value="viral_video"', page(phones[1], table_id),
                      re.S)
    assert video and "data-confirm" not in video.group(0).split(">", 1)[0]


def test_an_event_leaves_out_a_player_who_died_for_rock(app: Flask) -> None:
    table_id, (axelle, bruno, cecile) = start(app, 3)
    assert post(axelle, table_id, {"a.type": "pass", "a.seat": "0"}).status_code == 200
    assert post(bruno, table_id, {"a.type": "pass", "a.seat": "1"}).status_code == 200
    assert post(cecile, table_id, {"a.type": "agent", "a.seat": "2",
                                   "a.card.cost_mental": "11"}).status_code == 200
    assert state(axelle, table_id)["state"]["players"][2]["dead"]
    assert post(axelle, table_id, {"a.type": "tour", "a.seat": "0", "a.card.fans": "1000",
                                   "a.event": "true"}).status_code == 200
    text = page(bruno, table_id)
    event = form_tag(text, "event-form")
    assert "Resolve this event? It brings %s to 0 mental health" in event
    assert 'name="a.effects.2.seat"' not in text  # the form lists the living only
    # A form drawn before the death still names Cécile: her part is left out, the rest
    # applies.
    response = post(bruno, table_id, {
        "a.type": "event", "a.name": "Riot", "a.effects.0.seat": "0", "a.effects.0.fans": "2000",
        "a.effects.1.seat": "1", "a.effects.1.mental": "-3",
        "a.effects.2.seat": "2", "a.effects.2.fans": "5000", "a.effects.2.mental": "4"})
    assert response.status_code == 200, response.json
    players = state(axelle, table_id)["state"]["players"]
    assert players[0]["fans"] == 3000 and players[1]["mental"] == 13
    assert players[2]["fans"] == 0 and players[2]["mental"] == 0


def test_the_host_corrects_the_tour_cards_of_a_decade(app: Flask) -> None:
    table_id, (axelle, bruno) = start(app)  # Axelle's phone made the table: the host
    assert "host-tour-cards" in page(axelle, table_id)
    assert "host-tour-cards" not in page(bruno, table_id)
    assert post(axelle, table_id, {"a.type": "tour", "a.seat": "0",
                                   "a.card.fans": "1000"}).status_code == 200
    correction = {"a.type": "tour_cards", "a.decade": "80s", "a.count": "1"}
    refused = post(bruno, table_id, correction)
    assert refused.status_code == 403
    assert state(bruno, table_id)["state"]["tours_in_decade"] == 12
    assert post(axelle, table_id, {**correction, "a.count": "0"}).status_code == 400
    assert post(axelle, table_id, correction).status_code == 200
    pub = state(bruno, table_id)["state"]
    assert pub["tours_in_decade"] == 1 and pub["tours_left"] == 0 and pub["closing"]
    text = page(bruno, table_id)
    assert "Tour cards left this decade: 0 of 1" in text and "last turn of the decade" in text
    log = html.unescape(bruno.get(f"/t/{table_id}/log").get_data(as_text=True))
    assert "Host: tour cards of The 80s set to 1" in log
    # Undo takes it back, as an entry every phone sees.
    version = state(bruno, table_id)["version"]
    undo = axelle.post(f"/t/{table_id}/undo", data={"expected_version": str(version)},
                       headers={"X-Requested-With": "fetch"})
    assert undo.status_code == 200, undo.json
    pub = state(bruno, table_id)["state"]
    assert pub["tours_in_decade"] == 12 and not pub["closing"]
    assert "Undo: Host: tour cards of The 80s set to 1" in html.unescape(
        bruno.get(f"/t/{table_id}/log").get_data(as_text=True))
    # The host's form offers this decade and the later ones, in the reader's language.
    axelle.get("/language/fr")
    text = page(axelle, table_id)
    form = text[text.index('id="tour-cards-form"'):]
    form = form[:form.index("</form>")]
    assert "Années 80" in form and "Années 2000" in form
