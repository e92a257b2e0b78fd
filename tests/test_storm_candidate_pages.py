"""폭풍의 대권주자 through the phone pages: a whole round from four phones."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.games import storm_candidate as storm

GAME = "storm-candidate"
NAMES = ["민준", "서연", "지호", "하은"]
COLOURS = ["red", "blue", "yellow", "green"]


def start(app: Flask, players: int = 4, **options: str) -> tuple[str, list[FlaskClient]]:
    phones = [app.test_client() for _ in range(players)]
    response = phones[0].post(f"/new/{GAME}", data={
        "player.name": NAMES[:players], "player.colour": COLOURS[:players],
        **{f"option.{k}": v for k, v in options.items()}})
    assert response.status_code == 302, response.get_data(as_text=True)
    table_id = response.location.rsplit("/", 1)[-1]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
    return table_id, phones


def api(phone: FlaskClient, table_id: str) -> dict[str, Any]:
    body: dict[str, Any] = phone.get(f"/api/tables/{table_id}").json
    return body


def post(phone: FlaskClient, table_id: str, fields: dict[str, Any]) -> Any:
    version = api(phone, table_id)["version"]
    return phone.post(f"/t/{table_id}/act", data={"expected_version": str(version), **fields},
                      headers={"X-Requested-With": "fetch"})


def ok(response: Any) -> None:
    assert response.status_code == 200, response.get_json()


def test_a_round_through_the_pages(app: Flask) -> None:
    table_id, phones = start(app)
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Your priority card" in page and 'name="a.value"' in page
    for seat, number in enumerate([20, 35, 20, 12]):
        ok(post(phones[seat], table_id, {"a.type": "seal", "a.seat": str(seat),
                                         "a.value": str(number)}))
        if seat < 3:
            other = phones[3].get(f"/t/{table_id}").get_data(as_text=True)
            assert f"· {number}<" not in other
    state = api(phones[0], table_id)["state"]
    assert state["phase"] == "workers" and state["order"][0] == 1
    # phase 2: the active phone places; another phone is told to wait
    active = state["active"]
    page = phones[active].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Place a worker" in page
    waiting = phones[(active + 1) % 4].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Waiting for" in waiting
    office = re.search(r'<select id="place-office" name="a.office">\s*<option value="([\w-]+)"',
                       page)
    assert office
    ok(post(phones[active], table_id, {"a.type": "place", "a.seat": str(active),
                                       "a.office": office.group(1)}))
    refused = post(phones[active], table_id, {"a.type": "place", "a.seat": str(active),
                                              "a.office": office.group(1)})
    assert refused.status_code in (403, 422)
    while api(phones[0], table_id)["state"]["phase"] == "workers":
        seat = api(phones[0], table_id)["state"]["active"]
        ok(post(phones[seat], table_id, {"a.type": "pass", "a.seat": str(seat)}))
    # the street: enter two cards, then the first buyer buys slot 5 at +1
    ok(post(phones[2], table_id, {"a.type": "street", "a.slot": "5", "a.price": "3",
                                  "a.colour": "yellow", "a.doctorate": ""}))
    ok(post(phones[2], table_id, {"a.type": "street", "a.slot": "2", "a.price": "1",
                                  "a.colour": "red", "a.doctorate": ""}))
    state = api(phones[0], table_id)["state"]
    buyer = state["active"]
    page = phones[buyer].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Buy cards" in page and 'value="5"' in page
    too_much = post(phones[buyer], table_id, {
        "a.type": "buy", "a.seat": str(buyer), "a.card_coins": "3", "a.office_coins": "0",
        "a.buys": "1", "a.slots.0": "5"})
    assert too_much.status_code == 422 and "4" in too_much.get_json()["error"]["message"]
    # A number box left empty: the page says so in the reader's language, naming no key of
    # the action ("card_coins"); nothing is written.
    before = api(phones[0], table_id)["version"]
    for lang, words in (("en", "A number box is empty"), ("fr", "Une case de nombre est vide"),
                        ("ko", "숫자 칸이 비어")):
        phones[buyer].get(f"/language/{lang}")
        empty = post(phones[buyer], table_id, {
            "a.type": "buy", "a.seat": str(buyer), "a.card_coins": "", "a.office_coins": "0",
            "a.buys": "1", "a.slots.0": "5"})
        message = empty.get_json()["error"]["message"]
        assert empty.status_code in (400, 422) and words in message, message
        assert "card_coins" not in message
    phones[buyer].get("/language/en")
    assert api(phones[0], table_id)["version"] == before
    ok(post(phones[buyer], table_id, {
        "a.type": "buy", "a.seat": str(buyer), "a.card_coins": "4", "a.office_coins": "0",
        "a.buys": "1", "a.slots.0": "5"}))
    while api(phones[0], table_id)["state"]["phase"] == "buying":
        seat = api(phones[0], table_id)["state"]["active"]
        ok(post(phones[seat], table_id, {"a.type": "buy", "a.seat": str(seat),
                                         "a.card_coins": "0", "a.buys": "0"}))
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert "This round&#39;s points" in page or "This round's points" in page
    fields = {"a.type": "score_round"}
    for seat in range(4):
        fields |= {f"a.points.{seat}.seat": str(seat), f"a.points.{seat}.cards": str(seat + 1),
                   f"a.points.{seat}.offices": "0", f"a.points.{seat}.storm_rallies": "0"}
    ok(post(phones[1], table_id, fields))
    state = api(phones[0], table_id)["state"]
    assert state["round"] == 2 and state["phase"] == "order"
    assert [p["score"] for p in state["players"]] == [1, 2, 3, 4]
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Round 1 summary" in page and "Victory-point track" in page
    # A phone without a seat may not undo the round's points, the table's own entry: its
    # undo bar says who may, naming no one's phone.
    unseated = app.test_client().get(f"/t/{table_id}").get_data(as_text=True)
    assert "Only a seated phone or the host can do this." in unseated
    assert "Only &#39;s phone" not in unseated and "Only 's phone" not in unseated
    purchases = state["rounds_log"][0]["purchases"]
    assert [len(p["red"]) for p in purchases if p["bought"]] == [1]
    # The round's summary counts through the catalog's plural forms (French: 0 and 1 take
    # the singular), never "(s)".
    phones[0].get("/language/fr")
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    summary = page[page.index('class="card summary"'):]
    summary = summary[:summary.index("</section>")]
    assert "(s)" not in summary and "(x)" not in summary, summary
    tokens = re.findall(r"(\d+) (jetons?)<", page)  # the offices' badges after the clean-up
    assert tokens and "jeton(s)" not in page
    for count, word in tokens:
        assert word == ("jeton" if int(count) <= 1 else "jetons"), (count, word)
    bought = next(p for p in purchases if p["bought"])
    name = NAMES[bought["seat"]]
    assert (f"{name} : {bought['coins']} pièces, dépense {bought['spent']}, "
            "1 carte achetée · 1 carte rouge prise avec") in summary, summary
    idle = next(p for p in purchases if not p["bought"])
    assert (f"{NAMES[idle['seat']]} : {idle['coins']} pièce"
            f"{'s' if idle['coins'] > 1 else ''}, dépense 0, 0 carte achetée") in summary
    phones[0].get("/language/en")
    # the log names the lock-ins, never the numbers, and the offices in the reader's language
    phones[0].get("/language/ko")
    log = phones[0].get(f"/t/{table_id}/log").get_data(as_text=True)
    assert log.count("우선권 카드 확정") == 4 and "정부 청사" in log
    # each history entry's own text, without its number and time
    sealed = [t for t in re.findall(r'<span class="grow">([^<]*)</span>', log)
              if "우선권 카드 확정" in t]
    assert len(sealed) == 4 and not any(re.search(r"\d", line) for line in sealed), sealed


def test_the_pages_in_korean(app: Flask) -> None:
    table_id, phones = start(app, players=2)
    phone = phones[0]
    phone.get("/language/ko")
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert '<html lang="ko">' in page
    assert "우선권" in page and "라운드" in page and "거리" in page
    assert "23, 32, 49" in page
    watch = api(phone, table_id)
    assert watch["state"]["priority"]["locked"] == []


def test_the_spectator_page_has_no_forms(app: Flask) -> None:
    table_id, phones = start(app, players=3)
    with app.app_context():
        from companion.web.common import service

        token = service().get(table_id).watch_token
    page = app.test_client().get(f"/watch/{token}").get_data(as_text=True)
    assert "Round 1 of 11" in page and 'name="a.value"' not in page


def test_a_deck_list_typed_as_toml_lets_a_street_card_be_entered_by_number(app: Flask) -> None:
    deck = ('[[card]]\nnumber = 20\nname = "선거 참모"\nprice = 4\nperiod = "I"\n'
            'colour = "yellow"\n\n[[card]]\nnumber = 57\nname = "박사 학위"\nprice = 7\n'
            'period = "V"\ncolour = "grey"\n')
    table_id, phones = start(app, players=2, deck=deck)
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert 'name="a.number"' in page
    ok(post(phones[1], table_id, {"a.type": "street", "a.slot": "3", "a.number": "20",
                                  "a.price": "", "a.colour": "", "a.doctorate": ""}))
    ok(post(phones[1], table_id, {"a.type": "street", "a.slot": "11", "a.number": "57",
                                  "a.price": "", "a.colour": "", "a.doctorate": ""}))
    street = api(phones[0], table_id)["state"]["street"]
    assert street[2]["card"]["price"] == 4 and street[2]["price"] == 4
    assert street[10]["card"]["doctorate"] and street[10]["price"] == 9
    missing = post(phones[1], table_id, {"a.type": "street", "a.slot": "4", "a.number": "33"})
    assert missing.status_code == 422
    bad = phones[0].post(f"/new/{GAME}", data={
        "player.name": NAMES[:2], "player.colour": COLOURS[:2], "option.deck": "[[card]]\nx=1"})
    assert bad.status_code == 400


def test_each_action_only_from_the_phone_that_owns_it(app: Flask) -> None:
    table_id, phones = start(app, players=3)  # phones[0] made the table: the host
    # a seat's priority card only from its own phone, never the host's for it
    for sender in (phones[1], phones[0]):
        refused = post(sender, table_id, {"a.type": "seal", "a.seat": "2", "a.value": "30"})
        assert refused.status_code == 403, refused.get_json()
    assert api(phones[0], table_id)["state"]["priority"]["locked"] == []
    ok(post(phones[1], table_id, {"a.type": "seal", "a.seat": "1", "a.value": "30"}))
    # "reveal now" is the host's: shown and accepted on its phone only
    assert "Reveal now" in phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert "Reveal now" not in phones[2].get(f"/t/{table_id}").get_data(as_text=True)
    assert post(phones[2], table_id, {"a.type": "reveal"}).status_code == 403
    assert api(phones[0], table_id)["state"]["phase"] == "order"
    ok(post(phones[0], table_id, {"a.type": "reveal"}))
    state = api(phones[0], table_id)["state"]
    assert state["phase"] == "workers" and state["order"][0] == 1  # the others counted 0
    # the active seat's worker from its phone (or the host's), not from another seat's
    active = state["active"]
    other = next(s for s in range(1, 3) if s != active)
    office = next(o["id"] for o in state["offices"] if o["worker"] is None)
    place = {"a.type": "place", "a.seat": str(active), "a.office": office}
    assert post(phones[other], table_id, place).status_code == 403
    ok(post(phones[0], table_id, place))
    # a street card is the whole table's: any seated phone, never a watcher
    watcher = app.test_client()
    card = {"a.type": "street", "a.slot": "4", "a.price": "2", "a.colour": "blue",
            "a.doctorate": ""}
    assert post(watcher, table_id, card).status_code == 403
    ok(post(phones[2], table_id, card))


def test_a_host_without_a_seat_can_reveal_now(app: Flask) -> None:
    table_id, phones = start(app, players=2)
    host = phones[0]
    assert host.post(f"/t/{table_id}/leave").status_code in (200, 302)
    ok(post(phones[1], table_id, {"a.type": "seal", "a.seat": "1", "a.value": "12"}))
    page = host.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Reveal now" in page and 'name="a.value"' not in page
    ok(post(host, table_id, {"a.type": "reveal"}))
    assert api(host, table_id)["state"]["order"] == [1, 0]


def test_every_phase_in_korean_leaves_no_english(app: Flask) -> None:
    from test_korean import english_left

    table_id, phones = start(app, players=3)
    for phone in phones:
        phone.get("/language/ko")

    def korean_everywhere(phase: str) -> None:
        assert api(phones[0], table_id)["state"]["phase"] == phase
        for phone in phones:
            assert english_left(phone.get(f"/t/{table_id}").get_data(as_text=True)) == [], phase
        assert english_left(phones[0].get(f"/t/{table_id}/log").get_data(as_text=True)) == []

    korean_everywhere("order")
    for seat in range(3):
        ok(post(phones[seat], table_id, {"a.type": "seal", "a.seat": str(seat),
                                         "a.value": str(20 + seat)}))
    korean_everywhere("workers")
    while api(phones[0], table_id)["state"]["phase"] == "workers":
        seat = api(phones[0], table_id)["state"]["active"]
        ok(post(phones[seat], table_id, {"a.type": "pass", "a.seat": str(seat)}))
    ok(post(phones[2], table_id, {"a.type": "street", "a.slot": "5", "a.price": "3",
                                  "a.colour": "yellow", "a.doctorate": ""}))
    korean_everywhere("buying")
    while api(phones[0], table_id)["state"]["phase"] == "buying":
        seat = api(phones[0], table_id)["state"]["active"]
        ok(post(phones[seat], table_id, {"a.type": "buy", "a.seat": str(seat),
                                         "a.card_coins": "0", "a.buys": "0"}))
    korean_everywhere("scoring")
    fields = {"a.type": "score_round"}
    for seat in range(3):
        fields |= {f"a.points.{seat}.seat": str(seat), f"a.points.{seat}.cards": "1",
                   f"a.points.{seat}.offices": "0", f"a.points.{seat}.storm_rallies": "0"}
    ok(post(phones[1], table_id, fields))
    korean_everywhere("order")  # round 2, with round 1's summary


def test_a_street_price_of_one_coin_is_said_in_the_singular(app: Flask) -> None:
    """French says « 1 pièce », « 2 pièces »: each street price through the catalog's
    plural forms."""
    table_id, phones = start(app, players=2)
    phone = phones[0]
    for slot, price in ((1, 1), (2, 1), (3, 2)):
        ok(post(phones[1], table_id, {"a.type": "street", "a.slot": str(slot),
                                      "a.price": str(price), "a.colour": "red",
                                      "a.doctorate": ""}))
    phone.get("/language/fr")
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    prices = re.findall(r"<strong>(\d+) (pièces?)</strong>", page)
    assert prices, "no street price on the page"
    for count, word in prices:
        assert word == ("pièce" if int(count) <= 1 else "pièces"), (count, word)
    assert "1 pièces" not in page and ("1", "pièce") in prices


# ---------------------------------------------------------------------------- round
# corrections, the end, temporary workers, red cards (each test fails before this release)

def state_of(phone: FlaskClient, table_id: str) -> dict[str, Any]:
    return api(phone, table_id)["state"]


def quiet_round(phones: list[FlaskClient], table_id: str, cards: dict[int, int],
                before_buying: Any = None) -> None:
    """One round through the phones: numbers keeping seat 0 first, everyone passes and buys
    nothing, then the points of ``cards``."""
    for seat, phone in enumerate(phones):
        ok(post(phone, table_id, {"a.type": "seal", "a.seat": str(seat),
                                  "a.value": str(40 - seat)}))
    while state_of(phones[0], table_id)["phase"] == "workers":
        seat = state_of(phones[0], table_id)["active"]
        ok(post(phones[seat], table_id, {"a.type": "pass", "a.seat": str(seat)}))
    if before_buying:
        before_buying()
    while state_of(phones[0], table_id)["phase"] == "buying":
        seat = state_of(phones[0], table_id)["active"]
        ok(post(phones[seat], table_id, {"a.type": "buy", "a.seat": str(seat),
                                         "a.card_coins": "0", "a.office_coins": "0",
                                         "a.buys": "0"}))
    ok(post(phones[0], table_id, points_form(cards, len(phones))))


def points_form(cards: dict[int, int], players: int, **offices: int) -> dict[str, str]:
    fields = {"a.type": "score_round"}
    for seat in range(players):
        fields |= {f"a.points.{seat}.seat": str(seat),
                   f"a.points.{seat}.cards": str(cards.get(seat, 0)),
                   f"a.points.{seat}.offices": str(offices.get(f"s{seat}", 0)),
                   f"a.points.{seat}.storm_rallies": "0"}
    return fields


def test_a_past_round_is_corrected_from_the_table_page(app: Flask) -> None:
    """README: every game has "Correct round N": the table page offers it for past rounds,
    the form comes prefilled, saving recomputes what follows and says so, and a correction
    that would make a later entry impossible is refused with the reason."""
    table_id, phones = start(app, players=2, blue_offices_first_round="true")
    phone = phones[1]
    assert state_of(phone, table_id)["options"]["blue_offices_first_round"]
    quiet_round(phones, table_id, {0: 3, 1: 1})
    quiet_round(phones, table_id, {0: 2, 1: 2})
    assert [p["score"] for p in state_of(phone, table_id)["players"]] == [5, 3]
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    for number in (1, 2):
        assert f'href="/t/{table_id}/entry?round={number}"' in page, number
        assert f"Correct round {number}" in page
    assert app.test_client().get(f"/t/{table_id}").status_code == 200  # a watcher
    form = phone.get(f"/t/{table_id}/entry?round=1")
    assert form.status_code == 200
    text = form.get_data(as_text=True)
    assert "Correct round 1" in text and f'action="/t/{table_id}/correct"' in text
    assert re.search(r'name="a\.points\.0\.cards" min="0" value="3"', text)
    assert re.search(r'name="a\.points\.1\.cards" min="0" value="1"', text)
    assert re.search(r'name="a\.points\.0\.offices" min="0" value="0" readonly', text)
    target = re.search(r'name="target" value="(\d+)"', text)
    assert target
    for missing in ("", "?round=3", "?round=x"):
        assert phone.get(f"/t/{table_id}/entry{missing}").status_code == 404, missing

    def correct(fields: dict[str, str], fetch: bool = True) -> Any:
        version = api(phone, table_id)["version"]
        return phone.post(f"/t/{table_id}/correct", data={
            "expected_version": str(version), "target": target.group(1), "round": "1",
            "back": "entry", **fields}, headers={"X-Requested-With": "fetch"} if fetch else {})

    # Round 1 gave seat 0 95 points: the game would have ended then, and round 2's entries
    # could not have been made.
    before = api(phone, table_id)
    conflict = correct(points_form({0: 95, 1: 1}, 2))
    assert conflict.status_code == 422
    assert conflict.get_json()["error"]["code"] == "correction_conflict"
    assert "later entry" in conflict.get_json()["error"]["message"]
    refused_page = correct(points_form({0: 95, 1: 1}, 2), fetch=False)
    assert refused_page.status_code == 302 and "round=1" in refused_page.location
    assert "makes a later entry impossible" in phone.get(
        refused_page.location).get_data(as_text=True)
    # Office points in round 1 (blue offices only) are refused by round 1 itself.
    own = correct(points_form({0: 3, 1: 1}, 2, s0=2))
    assert own.status_code == 422 and own.get_json()["error"]["code"] == "correction_refused"
    assert api(phone, table_id) == before
    saved = correct(points_form({0: 6, 1: 1}, 2), fetch=False)
    assert saved.status_code == 302 and saved.location.endswith(f"/t/{table_id}")
    assert "Correction of round 1 saved" in phone.get(f"/t/{table_id}").get_data(as_text=True)
    state = state_of(phone, table_id)
    assert [p["score"] for p in state["players"]] == [8, 3]
    assert state["rounds_log"][0]["points"][0]["cards"] == 6 and state["round"] == 3
    log = phone.get(f"/t/{table_id}/log").get_data(as_text=True)
    assert "correction of round 1" in log
    # ... and in Korean, with no English left on the correction's form
    from test_korean import english_left

    phone.get("/language/ko")
    assert "1라운드 정정" in phone.get(f"/t/{table_id}").get_data(as_text=True)
    assert english_left(phone.get(f"/t/{table_id}/entry?round=1").get_data(as_text=True)) == []


def test_a_past_round_is_corrected_through_the_api(app: Flask) -> None:
    client = app.test_client()
    created = client.post("/api/tables", json={
        "game": GAME, "players": [{"name": n, "colour": c} for n, c in zip(
            NAMES[:2], COLOURS[:2], strict=True)]})
    assert created.status_code == 201
    table_id, host = created.json["id"], {"X-Host-Token": created.json["host_token"]}
    assert created.json["state"]["options"]["rules"] == storm.RULES
    tokens = [client.post(f"/api/tables/{table_id}/seats/{seat}", headers=host).json["token"]
              for seat in range(2)]

    def send(seat: int, action: dict[str, Any]) -> Any:
        version = client.get(f"/api/tables/{table_id}").json["version"]
        return client.post(f"/api/tables/{table_id}/actions",
                           headers={"X-Seat-Token": tokens[seat]},
                           json={"expected_version": version, "action": action})

    closers = []  # the entry that closed each round: its version, as its answer says
    for round_cards in ({0: 4, 1: 2}, {0: 1, 1: 1}):
        for seat in range(2):
            assert send(seat, {"type": "seal", "seat": seat, "value": 40 - seat}).status_code \
                == 200
        for phase, action in (("workers", "pass"), ("buying", "buy")):
            while (state := client.get(f"/api/tables/{table_id}").json["state"])[
                    "phase"] == phase:
                seat = state["active"]
                extra = {"card_coins": 0, "buys": 0, "slots": []} if action == "buy" else {}
                assert send(seat, {"type": action, "seat": seat, **extra}).status_code == 200
        scored = send(0, {"type": "score_round", "points": [
            {"seat": s, "cards": round_cards[s]} for s in range(2)]})
        assert scored.status_code == 200
        closers.append(scored.json["version"])
    body = client.get(f"/api/tables/{table_id}").json
    assert [p["score"] for p in body["state"]["players"]] == [5, 3]
    target = closers[0]
    corrected = client.post(f"/api/tables/{table_id}/corrections",
                            headers={"X-Seat-Token": tokens[1]}, json={
                                "expected_version": body["version"], "target": target,
                                "action": {"type": "score_round", "points": [
                                    {"seat": 0, "cards": 4}, {"seat": 1, "cards": 7}]}})
    assert corrected.status_code == 200, corrected.json
    assert [p["score"] for p in corrected.json["state"]["players"]] == [5, 8]
    conflict = client.post(f"/api/tables/{table_id}/corrections",
                           headers={"X-Seat-Token": tokens[1]}, json={
                               "expected_version": corrected.json["version"],
                               "target": target, "action": {"type": "score_round", "points": [
                                   {"seat": 0, "cards": 99}, {"seat": 1, "cards": 7}]}})
    assert conflict.status_code == 422 and conflict.json["error"]["code"] == \
        "correction_conflict"


def test_an_early_end_reports_its_round_in_the_api_the_export_and_the_page(app: Flask) -> None:
    """RULINGS: a game that ends early reports the round it ended in (an end after round 2
    exports round 2, not 3), and no clean-up follows the last round."""
    table_id, phones = start(app, players=2)
    quiet_round(phones, table_id, {0: 60})
    offices = state_of(phones[0], table_id)["offices"]
    quiet_round(phones, table_id, {0: 35})
    body = api(phones[0], table_id)
    assert body["outcome"]["reason"] == "reached_95"
    assert body["state"]["round"] == 2 and body["state"]["rounds_played"] == 2
    last = body["state"]["rounds_log"][-1]
    assert (last["tokens_placed"], last["removed"], last["office_added"], last["refilled"]) \
        == ([], [], None, 0)
    assert [(o["id"], o["tokens"]) for o in body["state"]["offices"]] == [
        (o["id"], o["tokens"]) for o in offices]
    export = phones[0].get(f"/t/{table_id}/export.csv").get_data(as_text=True)
    rows = [line.split(",") for line in export.strip().splitlines()]
    column = rows[0].index("round")
    assert {row[column] for row in rows[1:]} == {"2"}, export
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert "After round 2" in page and "Round 2 summary" in page
    assert "Clean-up:" not in page
    assert f'href="/t/{table_id}/entry?round=1"' in page
    # The round the game ended in is corrected like any other: 35 was a mistyped 25, the
    # game goes on in round 2's clean-up, then round 3.
    assert f'href="/t/{table_id}/entry?round=2"' in page
    form = phones[0].get(f"/t/{table_id}/entry?round=2").get_data(as_text=True)
    target = re.search(r'name="target" value="(\d+)"', form)
    assert target, form
    saved = phones[0].post(f"/t/{table_id}/correct", data={
        "expected_version": str(api(phones[0], table_id)["version"]),
        "target": target.group(1), "round": "2", "back": "entry",
        **points_form({0: 25}, 2)}, headers={"X-Requested-With": "fetch"})
    assert saved.status_code in (200, 303), saved.get_data(as_text=True)
    body = api(phones[0], table_id)
    assert body["outcome"] is None and body["state"]["round"] == 3
    assert body["state"]["players"][0]["score"] == 85


def test_the_last_worker_s_turn_offers_temporary_workers(app: Flask) -> None:
    """RULINGS: temporary workers may be added in the turn a worker is placed, even when
    that worker was the player's last."""
    table_id, phones = start(app, players=2)
    for seat, phone in enumerate(phones):
        ok(post(phone, table_id, {"a.type": "seal", "a.seat": str(seat),
                                  "a.value": str(40 - seat)}))
    free = iter(o["id"] for o in state_of(phones[0], table_id)["offices"])
    ok(post(phones[0], table_id, {"a.type": "place", "a.seat": "0", "a.office": next(free)}))
    ok(post(phones[1], table_id, {"a.type": "pass", "a.seat": "1"}))
    for _ in range(2):
        ok(post(phones[0], table_id, {"a.type": "place", "a.seat": "0",
                                      "a.office": next(free)}))
    assert state_of(phones[0], table_id)["phase"] == "buying"
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert 'id="temporary-form"' in page and "Still your turn" in page
    assert 'id="temporary-form"' not in phones[1].get(f"/t/{table_id}").get_data(as_text=True)
    ok(post(phones[0], table_id, {"a.type": "temporary", "a.seat": "0", "a.count": "1"}))
    state = state_of(phones[0], table_id)
    assert state["phase"] == "workers" and state["active"] == 0
    assert "Place a worker" in phones[0].get(f"/t/{table_id}").get_data(as_text=True)


def test_a_player_who_buys_nothing_takes_no_red_card_on_the_page(app: Flask) -> None:
    """RULINGS: red cards come only with a purchase."""
    table_id, phones = start(app, players=2)

    def red_street() -> None:
        for slot in (2, 9):
            ok(post(phones[1], table_id, {"a.type": "street", "a.slot": str(slot),
                                          "a.price": "1", "a.colour": "red",
                                          "a.doctorate": ""}))

    quiet_round(phones, table_id, {}, before_buying=red_street)
    last = state_of(phones[0], table_id)["rounds_log"][-1]
    assert [p["red"] for p in last["purchases"]] == [[], []]
    phones[0].get("/language/ko")
    page = phones[0].get(f"/t/{table_id}").get_data(as_text=True)
    assert "빨간색 카드 2장 함께 가져감" not in page and "함께 가져감" not in page
