"""Election USA through the phone pages: every phase renders, each phone acts for itself,
the sealed Advertising bids show nowhere before the reveal, the end screen scores."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import text

from companion.db import Database
from companion.games import election_usa as game
from companion.games.base import IllegalAction
from companion.tables import NotAllowed, Sender, TableService, TableView

NAMES = ["Ann", "Bob", "Cy"]


def start(app: Flask, **options: str) -> tuple[str, list[FlaskClient]]:
    phones = [app.test_client() for _ in range(3)]
    response = phones[0].post("/new/election-usa", data={
        "player.name": NAMES, "player.colour": ["red", "blue", "green"],
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
    response = phone.post(f"/t/{table_id}/act", data={"expected_version": str(version),
                                                      **fields},
                          headers={"X-Requested-With": "fetch"})
    return response


def page(phone: FlaskClient, table_id: str) -> str:
    response = phone.get(f"/t/{table_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def ok(response: Any) -> None:
    assert response.status_code == 200, response.json


def test_a_turn_of_fundraising_from_the_phones(app: Flask) -> None:
    table_id, phones = start(app)
    html = page(phones[0], table_id)
    assert "Your turn: take a face-up card or raise your Sincerity" in html
    assert 'id="take-fundraising"' in html and "Map of the six regions" in html
    assert "Waiting for Ann to choose an action." in page(phones[1], table_id)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "3",
                                  "a.card.kind": "fundraising", "a.card.high": "5",
                                  "a.card.low": "2", "a.card.region": "midwest",
                                  "a.card.pawns": ""}))
    assert [p["money"] for p in state(phones[0], table_id)["state"]["players"]] == [20, 17, 17]
    html = page(phones[0], table_id)
    assert "Refill card 4" in html and 'id="refill-blackmail"' in html
    ok(post(phones[0], table_id, {"a.type": "refill", "a.seat": "0", "a.card.kind": "policy",
                                  "a.card.pawns": "2", "a.last": "false"}))
    html = page(phones[1], table_id)
    assert "Take card 4: Policy" in html  # the refilled card is one tap now


def test_sealed_bids_show_only_a_bid_in_mark_until_the_reveal(app: Flask) -> None:
    table_id, phones = start(app)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "west-coast",
                                  "a.card.pawns": "3"}))
    assert 'id="ads-bid"' in page(phones[1], table_id)
    ok(post(phones[1], table_id, {"a.type": "seal", "a.seat": "1", "a.value": "7"}))
    refused = post(phones[1], table_id, {"a.type": "seal", "a.seat": "1", "a.value": "8"})
    assert refused.status_code == 422 and "closed fist" in refused.json["error"]["message"]
    theirs = post(phones[0], table_id, {"a.type": "seal", "a.seat": "2", "a.value": "1"})
    assert theirs.status_code == 403
    for seat in (0, 2):
        html = page(phones[seat], table_id)
        assert "Bob ✓" in html and "Ann …" in html and "$7M" not in html
    assert "Your bid is in: $7M" in page(phones[1], table_id)
    assert '"mine"' not in phones[0].get(f"/api/tables/{table_id}").get_data(as_text=True)
    ok(post(phones[0], table_id, {"a.type": "seal", "a.seat": "0", "a.value": "2"}))
    ok(post(phones[2], table_id, {"a.type": "seal", "a.seat": "2", "a.value": "7"}))
    html = page(phones[2], table_id)
    assert "You won: place up to 3" in html
    assert re.search(r"Bob \$7M · wins", html) and re.search(r"Cy \$7M · wins", html)
    ok(post(phones[1], table_id, {"a.type": "place", "a.seat": "1", "a.count": "3"}))
    ok(post(phones[2], table_id, {"a.type": "place", "a.seat": "2", "a.count": "1"}))
    html = page(phones[0], table_id)
    assert "Advertising in West Coast — bids:" in html and "Bob placed 3." in html
    assert 'data-region="west-coast"' in html and "1st+7" in html and "2nd+4" in html


def forms_without_csrf(html: str) -> list[str]:
    """The POST forms of a page that do not start with the CSRF token field."""
    forms = re.findall(r'<form method="post"[^>]*>(?:\s*<input[^>]*>)?', html)
    assert forms
    return [form for form in forms if 'name="csrf_token"' not in form]


def test_a_sealed_bid_s_phone_is_told_it_cannot_undo_it(app: Flask) -> None:
    table_id, phones = start(app)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "midwest",
                                  "a.card.pawns": "2"}))
    ok(post(phones[1], table_id, {"a.type": "seal", "a.seat": "1", "a.value": "3"}))
    # The undo bar names the reason, as the server refuses the undo itself.
    assert "A sealed value cannot be taken back: only the host can undo it." in page(
        phones[1], table_id)


def test_every_form_of_every_phase_starts_with_the_csrf_token(app: Flask) -> None:
    table_id, phones = start(app)
    assert not forms_without_csrf(page(phones[0], table_id))  # the turn and the record forms
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "midwest",
                                  "a.card.pawns": "2"}))
    assert not forms_without_csrf(page(phones[1], table_id))  # the sealed bid
    for seat in range(3):
        ok(post(phones[seat], table_id, {"a.type": "seal", "a.seat": str(seat),
                                         "a.value": "0"}))
    assert not forms_without_csrf(page(phones[0], table_id))  # the placement
    ok(post(phones[0], table_id, {"a.type": "place", "a.seat": "0", "a.count": "0"}))
    ok(post(phones[1], table_id, {"a.type": "place", "a.seat": "1", "a.count": "0"}))
    assert not forms_without_csrf(page(phones[0], table_id))  # the refill
    ok(post(phones[0], table_id, {"a.type": "refill", "a.seat": "0",
                                  "a.card.kind": "journalist", "a.card.amount": "2"}))
    assert not forms_without_csrf(page(phones[0], table_id))  # the chain
    ok(post(phones[0], table_id, {"a.type": "skeleton", "a.seat": "0"}))
    assert not forms_without_csrf(page(phones[0], table_id))  # the Skeleton's effect
    version = state(phones[0], table_id)["version"]
    bare = phones[0].post(f"/t/{table_id}/act", csrf=False, data={
        "expected_version": str(version), "a.type": "skeleton_effect", "a.seat": "0",
        "a.money": "0", "a.sincerity": "0", "a.pawns": "0"})
    assert bare.status_code == 403 and state(phones[0], table_id)["version"] == version


def test_the_chain_and_a_skeleton_kept_on_its_phone(app: Flask) -> None:
    table_id, phones = start(app)
    ok(post(phones[0], table_id, {"a.type": "raise_sincerity", "a.seat": "0",
                                  "a.card.kind": "blackmail", "a.card.amount": "3"}))
    assert "Blackmail: pay $3M or draw a Skeleton" in page(phones[1], table_id)
    ok(post(phones[0], table_id, {"a.type": "pay", "a.seat": "0"}))
    assert "Draw a Skeleton" in page(phones[1], table_id)
    ok(post(phones[1], table_id, {"a.type": "skeleton", "a.seat": "1"}))
    assert "Your Skeleton: what does it do to you?" in page(phones[1], table_id)
    ok(post(phones[1], table_id, {"a.type": "skeleton_effect", "a.seat": "1", "a.money": "-2",
                                  "a.sincerity": "0", "a.pawns": "0", "a.note": "old tweets"}))
    assert "old tweets" in page(phones[1], table_id)
    for seat in (0, 2):
        html = page(phones[seat], table_id)
        assert "old tweets" not in html and "Skeletons: 1" in html


def test_the_end_screen_scores_region_by_region(app: Flask) -> None:
    table_id, phones = start(app, action_cards="11")
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "midwest",
                                  "a.card.pawns": "2"}))
    for seat, bid in enumerate((3, 3, 1)):
        ok(post(phones[seat], table_id, {"a.type": "seal", "a.seat": str(seat),
                                         "a.value": str(bid)}))
    ok(post(phones[0], table_id, {"a.type": "place", "a.seat": "0", "a.count": "2"}))
    ok(post(phones[1], table_id, {"a.type": "place", "a.seat": "1", "a.count": "2"}))
    ok(post(phones[0], table_id, {"a.type": "refill", "a.seat": "0", "a.card.kind": "policy",
                                  "a.card.pawns": "1"}))
    body = state(phones[0], table_id)
    assert body["outcome"] == {"winners": [0, 1, 2], "reason": "shared"}
    html = page(phones[2], table_id)
    assert "Final scoring" in html and "<s>Ann 2</s>" in html and "<s>Bob 2</s>" in html
    assert "Tied, removed: Ann, Bob" in html and "the last Action card was drawn" in html
    assert "Shared win: Ann, Bob, Cy" in html


def test_french_pages(app: Flask) -> None:
    table_id, phones = start(app)
    phones[0].get("/language/fr")
    html = page(phones[0], table_id)
    assert "Côte Ouest" in html and "Lever des fonds" in html


def test_any_phone_records_a_face_up_card_and_the_active_one_takes_it_in_one_tap(
        app: Flask) -> None:
    table_id, phones = start(app)
    html = page(phones[2], table_id)
    assert "Record a face-up card without taking it" in html and 'id="show-policy"' in html
    ok(post(phones[2], table_id, {"a.type": "show", "a.slot": "6", "a.card.kind": "policy",
                                  "a.card.pawns": "1"}))
    html = page(phones[0], table_id)
    assert "Take card 7: Policy" in html and "1 pawn<" in html
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "6"}))
    assert "Policy auction: 1 pawn from the reserve" in page(phones[1], table_id)


def test_french_log_labels_name_the_card_kinds_in_french(app: Flask) -> None:
    table_id, phones = start(app)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "midwest",
                                  "a.card.pawns": "2"}))
    phones[1].get("/language/fr")
    html = page(phones[1], table_id)
    assert "Annuler\u00a0: Ann a pris une carte\u00a0: Publicité" in html


def test_only_the_host_phone_offers_reveal_now_and_it_counts_missing_bids_as_zero(
        app: Flask) -> None:
    table_id, phones = start(app)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "midwest",
                                  "a.card.pawns": "2"}))
    ok(post(phones[2], table_id, {"a.type": "seal", "a.seat": "2", "a.value": "3"}))
    assert "Reveal now" in page(phones[0], table_id)
    assert "Reveal now" not in page(phones[1], table_id)
    before = state(phones[1], table_id)["version"]
    assert post(phones[1], table_id, {"a.type": "reveal"}).status_code == 403
    assert state(phones[1], table_id)["version"] == before
    ok(post(phones[0], table_id, {"a.type": "reveal"}))
    body = state(phones[0], table_id)["state"]
    assert body["phase"] == "placement"
    assert body["advertising"]["revealed"] == [{"seat": 2, "bid": 3}, {"seat": 0, "bid": 0},
                                               {"seat": 1, "bid": 0}]
    assert body["advertising"]["winners"] == [2, 0]


def test_a_turn_in_korean_names_regions_places_and_cards_in_korean(app: Flask) -> None:
    table_id, phones = start(app)
    for phone in phones:
        phone.get("/language/ko")
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "advertising", "a.card.region": "west-coast",
                                  "a.card.pawns": "3"}))
    html = page(phones[1], table_id)
    assert "광고(서부 해안): 말 최대 3개" in html and "비밀 입찰액" in html
    for seat, bid in enumerate((2, 7, 7)):
        ok(post(phones[seat], table_id, {"a.type": "seal", "a.seat": str(seat),
                                         "a.value": str(bid)}))
    ok(post(phones[1], table_id, {"a.type": "place", "a.seat": "1", "a.count": "3"}))
    ok(post(phones[2], table_id, {"a.type": "place", "a.seat": "2", "a.count": "1"}))
    html = page(phones[0], table_id)
    assert "1위+7" in html and "2위+4" in html and "1st" not in html
    assert "Bob 님이 3개 놓았어요." in html and "모금" in html


DECK_TOML = '''
[[card]]
name = "Wall Street dinner"
kind = "fundraising"
high = 6
low = 2
value = 1
count = 30

[[card]]
name = "Town hall"
kind = "policy"
pawns = 2
value = 3
count = 30
'''


def test_a_deck_list_typed_as_toml_is_offered_by_name(app: Flask) -> None:
    table_id, phones = start(app, action_deck=DECK_TOML)
    html = page(phones[0], table_id)
    assert 'id="take-deck"' in html and "Wall Street dinner" in html
    assert state(phones[0], table_id)["state"]["deck"]["size"] == 60
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "2",
                                  "a.card.deck": "0"}))
    assert [p["money"] for p in state(phones[0], table_id)["state"]["players"]] == [21, 17, 17]
    bad = phones[0].post("/new/election-usa", data={
        "player.name": NAMES, "player.colour": ["red", "blue", "green"],
        "option.action_deck": '[[card]]\nkind = "rally"\n'})
    assert bad.status_code in (400, 422) and "rally" in bad.get_data(as_text=True)


# ---------------------------------------------------------------------------- the table service

def service_table(**options: Any) -> tuple[TableService, TableView]:
    service = TableService(Database("sqlite://"))
    view = service.create(game.ID, game.example_players(3), options)
    return service, view


def bid_and_reveal(service: TableService, view: TableView, slot: int, region: str,
                   bids: tuple[int, ...]) -> TableView:
    view = service.act(view.id, view.version, {
        "type": "take", "seat": 0, "slot": slot,
        "card": {"kind": "advertising", "region": region, "pawns": 2}}, by=Sender(seat=0))
    for seat, value in enumerate(bids):
        view = service.act(view.id, view.version, {"type": "seal", "seat": seat,
                                                   "value": value}, by=Sender(seat=seat))
    return view


def undo_to_the_turn_s_start(service: TableService, view: TableView) -> TableView:
    while view.state.phase != "turn":
        view = service.undo(view.id, view.version, by=Sender(host=True))
    return view


def test_another_card_after_an_undone_auction_is_sealed_afresh() -> None:
    """Midwest was bid on and revealed; the host undoes to the turn's start and the table
    takes West Coast instead: the old bids no longer bind (RULINGS, "For every game")."""
    service, view = service_table()
    view = bid_and_reveal(service, view, 1, "midwest", (3, 1, 2))
    assert view.state.phase == "placement"
    view = undo_to_the_turn_s_start(service, view)
    view = service.act(view.id, view.version, {
        "type": "take", "seat": 0, "slot": 4,
        "card": {"kind": "advertising", "region": "west-coast", "pawns": 2}}, by=Sender(seat=0))
    for seat, value in enumerate((0, 5, 7)):
        view = service.act(view.id, view.version, {"type": "seal", "seat": seat,
                                                   "value": value}, by=Sender(seat=seat))
    assert view.state.phase == "placement"
    assert view.state.advertising.revealed == ((2, 7), (1, 5), (0, 0))


def test_the_same_card_replayed_keeps_the_bids_everyone_saw() -> None:
    service, view = service_table()
    view = bid_and_reveal(service, view, 1, "midwest", (3, 1, 2))
    view = undo_to_the_turn_s_start(service, view)
    view = service.act(view.id, view.version, {
        "type": "take", "seat": 0, "slot": 1,
        "card": {"kind": "advertising", "region": "midwest", "pawns": 2}}, by=Sender(seat=0))
    with pytest.raises(IllegalAction) as refused:
        service.act(view.id, view.version, {"type": "seal", "seat": 1, "value": 5},
                    by=Sender(seat=1))
    assert refused.value.code == "sealed_seen"
    view = service.act(view.id, view.version, {"type": "seal", "seat": 1, "value": 1},
                       by=Sender(seat=1))
    assert 1 in view.state.advertising.bids.locked


def test_only_the_host_corrects_the_deck_size_and_undo_takes_it_back() -> None:
    service, view = service_table()
    correction = {"type": "deck_size", "size": 45}
    for seat in range(3):
        with pytest.raises(NotAllowed) as refused:
            service.act(view.id, view.version, correction, by=Sender(seat=seat))
        assert refused.value.code == "host_only"
    view = service.act(view.id, view.version, correction, by=Sender(host=True))
    assert view.state.settings.deck_size == 45 and game.remaining_cards(view.state) == 35
    assert view.undo_label is not None
    assert view.undo_label.render() == "Host: the Action deck holds 45 cards"
    view = service.undo(view.id, view.version, by=Sender(host=True))
    assert view.state.settings.deck_size == 60 and game.remaining_cards(view.state) == 50


def _as_stored_before_rules_2(service: TableService, table_id: str) -> TableView:
    """The table as a release before the rules revisions stored it: no ``rules`` option."""
    with service.db.engine.begin() as conn:
        options = conn.execute(text("SELECT options FROM tables WHERE id = :t"),
                               {"t": table_id}).scalar_one()
        options = json.loads(options) if isinstance(options, str) else dict(options)
        del options["rules"]
        conn.execute(text("UPDATE tables SET options = :o WHERE id = :t"),
                     {"o": json.dumps(options), "t": table_id})
    service.forget_kept()
    return service.get(table_id)


def test_a_table_stored_before_rules_2_plays_its_policy_and_skeletons_as_it_did() -> None:
    service, view = service_table()
    assert view.options["rules"] == game.RULES == view.state.settings.rules
    policy = {"type": "take", "seat": 0, "slot": 0, "card": {"kind": "policy", "pawns": 2}}
    view = service.act(view.id, view.version, policy)
    view = service.act(view.id, view.version, {"type": "bid", "seat": 1, "amount": 2})
    view = service.act(view.id, view.version, {"type": "pass", "seat": 2})
    with pytest.raises(IllegalAction) as refused:
        service.act(view.id, view.version, {"type": "bid", "seat": 0, "amount": 5})
    assert refused.value.code == "bid_must_match"
    old = _as_stored_before_rules_2(service, view.id)
    assert old.state.settings.rules == 1 and old.version == view.version
    old = service.act(old.id, old.version, {"type": "bid", "seat": 0, "amount": 5})
    assert old.state.players[0].sincerity == 7 and old.state.phase == "refill"


def test_the_host_page_offers_the_deck_size_correction(app: Flask) -> None:
    table_id, phones = start(app)
    assert 'id="deck-size"' in page(phones[0], table_id)
    assert 'id="deck-size"' not in page(phones[1], table_id)
    refused = post(phones[1], table_id, {"a.type": "deck_size", "a.size": "40"})
    assert refused.status_code == 403
    ok(post(phones[0], table_id, {"a.type": "deck_size", "a.size": "40"}))
    assert state(phones[1], table_id)["state"]["deck"]["remaining"] == 30
    assert "Host: the Action deck holds 40 cards" in page(phones[1], table_id)
    phones[1].get("/language/fr")
    assert "le paquet Action compte 40 cartes" in page(phones[1], table_id)


def test_the_active_player_s_policy_form_offers_exactly_the_highest_bid(app: Flask) -> None:
    table_id, phones = start(app)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "0",
                                  "a.card.kind": "policy", "a.card.pawns": "2"}))
    ok(post(phones[1], table_id, {"a.type": "bid", "a.seat": "1", "a.amount": "3"}))
    ok(post(phones[2], table_id, {"a.type": "pass", "a.seat": "2"}))
    html = page(phones[0], table_id)
    assert re.search(r'id="policy-amount"[^>]*min="3" max="3"', html)
    refused = post(phones[0], table_id, {"a.type": "bid", "a.seat": "0", "a.amount": "5"})
    assert refused.status_code == 422
    assert refused.json["error"]["code"] == "bid_must_match"


def test_without_a_deck_list_a_card_form_starts_from_the_last_card_of_its_kind(
        app: Flask) -> None:
    table_id, phones = start(app)
    html = page(phones[0], table_id)
    assert re.search(r'id="take-fundraising-high"[^>]*value="3"', html)
    ok(post(phones[0], table_id, {"a.type": "take", "a.seat": "0", "a.slot": "3",
                                  "a.card.kind": "fundraising", "a.card.high": "7",
                                  "a.card.low": "2"}))
    ok(post(phones[0], table_id, {"a.type": "refill", "a.seat": "0",
                                  "a.card.kind": "advertising", "a.card.region": "deep-south",
                                  "a.card.pawns": "4", "a.last": "false"}))
    html = page(phones[1], table_id)
    assert re.search(r'id="take-fundraising-high"[^>]*value="7"', html)
    assert re.search(r'id="take-fundraising-low"[^>]*value="2"', html)
    assert re.search(r'id="take-advertising-pawns"[^>]*value="4"', html)
    assert re.search(r'<option value="deep-south" selected>', html)
    # A kind nobody typed yet keeps the form's own start.
    assert re.search(r'id="take-policy-pawns"[^>]*value="2"', html)


def test_with_a_deck_list_the_cards_out_are_no_longer_offered(app: Flask) -> None:
    table_id, phones = start(app, action_deck=DECK_TOML.replace("count = 30", "count = 6"))
    html = page(phones[0], table_id)
    picker = html[html.index('id="take-deck"'):html.index('id="take-fundraising"')]
    assert picker.count('name="a.card.deck"') == 2 and picker.count("6 left") == 2
    for slot in range(6):
        ok(post(phones[1], table_id, {"a.type": "show", "a.slot": str(slot),
                                      "a.card.deck": "0"}))
    html = page(phones[0], table_id)
    picker = html[html.index('id="take-deck"'):html.index('id="take-fundraising"')]
    assert "Wall Street dinner" not in picker and "Town hall" in picker
    refusal = post(phones[1], table_id, {"a.type": "show", "a.slot": "6", "a.card.deck": "0"})
    assert refusal.status_code == 422 and "is out" in refusal.json["error"]["message"]
