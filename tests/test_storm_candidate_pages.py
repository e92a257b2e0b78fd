"""폭풍의 대권주자 through the phone pages: a whole round from four phones."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

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
