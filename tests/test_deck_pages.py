"""The deck pages: a deck made, filled card by card, changed only by the phone that made it,
never changed twice by one form, used by a table that keeps what it started with, exported
from one server and imported on another (page and command line)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from companion import create_app
from companion.cli import main as companion
from companion.db import Deck, TableRow

STORM = "storm-candidate"
PLAYERS = {"player.name": ["Ann", "Bob", "Cy"], "player.colour": ["red", "blue", "yellow"]}


def new_deck(client: FlaskClient, game: str = STORM, name: str = "Our copy") -> int:
    answer = client.post(f"/decks/{game}/new", data={"name": name})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    found = re.search(r"/decks/[a-z-]+/(\d+)$", answer.headers["Location"])
    assert found
    return int(found.group(1))


def deck_of(app: Flask, deck_id: int) -> Deck:
    with app.extensions["companion_db"].read() as session:
        deck = session.get(Deck, deck_id)
        assert deck is not None
        session.expunge(deck)
        return deck


def storm_card(number: int, price: int = 4, **more: Any) -> dict[str, Any]:
    return {"kind": "", "f.number": str(number), "f.name": f"Card {number}",
            "f.price": str(price), "f.period": "I", "f.colour": "blue", **more}


def save(client: FlaskClient, deck_id: int, form: dict[str, Any], rev: int,
         game: str = STORM, lst: str = "deck") -> Any:
    return client.post(f"/decks/{game}/{deck_id}/{lst}/save", data={**form, "rev": str(rev)})


def test_a_deck_is_filled_card_by_card(app: Flask, client: FlaskClient) -> None:
    deck_id = new_deck(client)
    assert "Our copy" in client.get(f"/decks/{STORM}").get_data(as_text=True)
    form = client.get(f"/decks/{STORM}/{deck_id}/deck/new").get_data(as_text=True)
    for field in ("f.number", "f.name", "f.price", "f.period", "f.colour"):
        assert f'name="{field}"' in form
    assert save(client, deck_id, storm_card(23), 1).status_code == 302
    # the next new card starts from the last one: its values, the next number
    form = client.get(f"/decks/{STORM}/{deck_id}/deck/new").get_data(as_text=True)
    assert re.search(r'name="f\.number"[^>]*value="24"', form)
    assert save(client, deck_id, storm_card(30, 7), 2).status_code == 302
    assert [c["number"] for c in deck_of(app, deck_id).values["deck"]] == [23, 30]
    # edit the first, duplicate it (the copy takes a number of its own), move, remove
    assert save(client, deck_id, {**storm_card(23, 9), "index": "1"}, 3).status_code == 302
    assert client.post(f"/decks/{STORM}/{deck_id}/deck/1/duplicate",
                       data={"rev": "4"}).status_code == 302
    cards = deck_of(app, deck_id).values["deck"]
    assert [(c["number"], c["price"]) for c in cards] == [(23, 9), (24, 9), (30, 7)]
    assert client.post(f"/decks/{STORM}/{deck_id}/deck/3/up", data={"rev": "5"}).status_code == 302
    assert client.post(f"/decks/{STORM}/{deck_id}/deck/1/remove",
                       data={"rev": "6"}).status_code == 302
    deck = deck_of(app, deck_id)
    assert [c["number"] for c in deck.values["deck"]] == [30, 24]
    assert deck.revision == 7
    page = client.get(f"/decks/{STORM}/{deck_id}").get_data(as_text=True)
    assert "Card 30" in page and "2 cards" in page


def test_a_refused_card_leaves_the_deck_as_it_was(app: Flask, client: FlaskClient) -> None:
    deck_id = new_deck(client)
    assert save(client, deck_id, storm_card(23), 1).status_code == 302
    answer = save(client, deck_id, storm_card(24, 99), 2)
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    # the form names the field as it labels it, and marks it
    assert "Card #2 (24)" in page and "Printed price must be from 0 to 30" in page
    assert re.search(r'id="f-price"[^>]*aria-invalid="true"', page)
    assert 'value="99"' in page  # what was typed comes back, to correct
    duplicate = save(client, deck_id, storm_card(23), 2)
    assert duplicate.status_code == 400 and "already card 1" in duplicate.get_data(as_text=True)
    deck = deck_of(app, deck_id)
    assert deck.revision == 2 and [c["number"] for c in deck.values["deck"]] == [23]


def test_a_form_sent_twice_is_applied_once(app: Flask, client: FlaskClient) -> None:
    deck_id = new_deck(client)
    assert save(client, deck_id, storm_card(23), 1).status_code == 302
    again = save(client, deck_id, storm_card(23), 1)
    assert again.status_code == 409 and "changed since" in again.get_data(as_text=True)
    assert client.post(f"/decks/{STORM}/{deck_id}/deck/1/remove",
                       data={"rev": "1"}).status_code == 409
    assert len(deck_of(app, deck_id).values["deck"]) == 1


def test_only_the_phone_that_made_a_deck_changes_it(app: Flask, client: FlaskClient) -> None:
    deck_id = new_deck(client)
    assert save(client, deck_id, storm_card(23), 1).status_code == 302
    other = app.test_client()
    page = other.get(f"/decks/{STORM}/{deck_id}").get_data(as_text=True)
    assert "Card 23" in page and "/deck/1/remove" not in page
    assert "<strong>Our copy</strong>" not in other.get(f"/decks/{STORM}").get_data(as_text=True)
    assert save(other, deck_id, storm_card(40), 2).status_code == 403
    assert other.post(f"/decks/{STORM}/{deck_id}/delete", data={"rev": "2"}).status_code == 403
    assert deck_of(app, deck_id).revision == 2
    copied = other.post(f"/decks/{STORM}/{deck_id}/copy")
    assert copied.status_code == 302
    copy_id = int(copied.headers["Location"].rsplit("/", 1)[1])
    assert deck_of(app, copy_id).values == deck_of(app, deck_id).values
    assert save(other, copy_id, storm_card(40), 1).status_code == 302


def test_a_table_keeps_the_cards_it_started_with(app: Flask, client: FlaskClient) -> None:
    deck_id = new_deck(client)
    assert save(client, deck_id, storm_card(23), 1).status_code == 302
    page = client.get(f"/new/{STORM}?deck={deck_id}").get_data(as_text=True)
    assert 'id="copy-differs" open' not in page and "1 card" in page
    made = client.post(f"/new/{STORM}", data={**PLAYERS, "deck": str(deck_id),
                                              "option.board_offices": "12"})
    assert made.status_code == 302, made.get_data(as_text=True)
    table_id = made.headers["Location"].rsplit("/", 1)[1]
    assert save(client, deck_id, storm_card(24), 2).status_code == 302
    with app.extensions["companion_db"].read() as session:
        options = session.get(TableRow, table_id).options
    assert [c["number"] for c in options["deck"]] == [23]


def test_a_copy_that_differs_folds_open_only_on_a_problem(client: FlaskClient) -> None:
    page = client.get(f"/new/{STORM}").get_data(as_text=True)
    assert 'id="copy-differs"' in page and 'id="copy-differs" open' not in page
    refused = client.post(f"/new/{STORM}", data={**PLAYERS, "option.board_offices": "x"})
    assert refused.status_code == 400
    assert 'id="copy-differs" open' in refused.get_data(as_text=True)


def test_election_cards_are_counted_copies_and_each_kind_has_its_form(
        app: Flask, client: FlaskClient) -> None:
    game = "election-usa"
    deck_id = new_deck(client, game)
    policy = client.get(f"/decks/{game}/{deck_id}/action_deck/new?kind=policy").get_data(
        as_text=True)
    assert 'name="f.pawns"' in policy and 'name="f.high"' not in policy
    assert 'name="f.count"' in policy
    fundraising = {"kind": "fundraising", "f.high": "5", "f.low": "3", "f.value": "1",
                   "f.count": "11"}
    assert save(client, deck_id, fundraising, 1, game, "action_deck").status_code == 302
    assert client.post(f"/decks/{game}/{deck_id}/action_deck/1/more",
                       data={"rev": "2"}).status_code == 302
    assert deck_of(app, deck_id).values["action_deck"][0]["count"] == 12
    # fewer than the ten face-up cards and one: the engine's own refusal, the deck as it was
    answer = save(client, deck_id, {**fundraising, "f.count": "2", "index": "1"}, 3, game,
                  "action_deck")
    assert answer.status_code == 400
    assert deck_of(app, deck_id).values["action_deck"][0]["count"] == 12


def upload(client: FlaskClient, data: bytes) -> Any:
    """A deck file chosen with the phone's file picker and sent."""
    form = MultiDict([("file", (io.BytesIO(data), "deck.toml")),
                      ("csrf_token", client.csrf_token())])  # type: ignore[attr-defined]
    return client.post(f"/decks/{STORM}/import", data=form, content_type="multipart/form-data")


def other_app(tmp_path: Path, name: str) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATE_LIMIT": 100_000,
                       "DATABASE_URL": f"sqlite:///{tmp_path / name}"})


def test_a_deck_carries_from_one_server_to_another(
        app: Flask, client: FlaskClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    deck_id = new_deck(client, name="Club copy")
    for rev, number in enumerate((23, 31, 45), start=1):
        assert save(client, deck_id, storm_card(number), rev).status_code == 302
    exported = client.get(f"/decks/{STORM}/{deck_id}/export")
    assert exported.status_code == 200
    assert "storm-candidate-club-copy.toml" in exported.headers["Content-Disposition"]
    text = exported.get_data()
    # a friend's server, from its deck page
    friend = other_app(tmp_path, "friend.sqlite")
    phone = friend.test_client()
    imported = upload(phone, text)
    assert imported.status_code == 302, imported.get_data(as_text=True)
    new_id = int(imported.headers["Location"].rsplit("/", 1)[1])
    assert deck_of(friend, new_id).values == deck_of(app, deck_id).values
    # and a third, from the command line
    path = tmp_path / "club.toml"
    path.write_bytes(text)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'laptop.sqlite'}")
    assert companion(["decks", "import", str(path)]) == 0
    assert companion(["decks", "import", str(path)]) == 2  # the shelf has it already
    assert "already" in capsys.readouterr().err
    assert companion(["decks", "list", "--game", STORM]) == 0
    assert "Club copy\t3 cards\tshelf" in capsys.readouterr().out
    assert companion(["decks", "export", "Club copy"]) == 0
    assert capsys.readouterr().out.encode() == text


def test_a_file_with_an_error_imports_nothing(app: Flask, client: FlaskClient,
                                              tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = b'format = 1\ngame = "storm-candidate"\nname = "x"\n\n[[deck]]\nnumber = 99\n'
    answer = upload(client, bad)
    assert answer.status_code == 400
    assert "line 6 of the deck file" in answer.get_data(as_text=True).lower()
    huge = upload(client, b"#" * (10 * 1024 * 1024))
    assert huge.status_code == 400 and "KB at most" in huge.get_data(as_text=True)
    with app.extensions["companion_db"].read() as session:
        assert session.query(Deck).count() == 0
    path = tmp_path / "bad.toml"
    path.write_bytes(bad)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'cli.sqlite'}")
    assert companion(["decks", "import", str(path)]) == 2
    assert "line 6 of the deck file" in capsys.readouterr().err
    assert companion(["decks", "export", "x"]) == 2
    assert "no deck named 'x'" in capsys.readouterr().err


@pytest.mark.parametrize("text, words", [
    ('[[card]]\nkind = "policy"\nname = 1979-05-27T07:32:00Z\n', "name must be a text"),
    ("[[card]]\nx = " + "[" * 5000 + "]" * 5000 + "\n", "nested too deep"),
    ("[[card]]\nx = " + "{a = " * 500 + "1" + "}" * 500 + "\n", "card list"),
])
def test_the_new_table_form_refuses_odd_toml_and_keeps_what_was_typed(
        client: FlaskClient, text: str, words: str) -> None:
    form = {"player.name": ["Ann", "Bob", "Cy"],
            "player.colour": ["red", "blue", "green"], "option.action_deck": text}
    answer = client.post("/new/election-usa", data=form)
    assert answer.status_code == 400
    page = answer.get_data(as_text=True)
    assert words in page and 'value="Ann"' in page
