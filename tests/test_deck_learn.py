"""Learn as you play: a finished table offers the cards it typed as printed, and one tap keeps
them in a deck of the phone (a new one, or the one that lacks them), never twice."""

from __future__ import annotations

import random
import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from companion.db import Deck
from companion.decks.learn import learned, merge
from companion.games import GAMES
from companion.games.base import GameError
from companion.tables import TableService

ROCK = "mourir-pour-le-rock"


def finished_table(app: Flask, seed: int = 0) -> tuple[str, Any]:
    """A game of Mourir pour le Rock played to its end with random legal moves (cards typed
    as printed among them), stored as any table is."""
    game = GAMES[ROCK]
    service = TableService(app.extensions["companion_db"])
    view = service.create(ROCK, game.example_players(2), {})
    rng = random.Random(seed)
    for _ in range(3000):
        if view.outcome is not None:
            return view.id, service
        try:
            view = service.act(view.id, view.version, game.random_action(view.state, rng))
        except GameError:
            continue
    raise AssertionError("no outcome")


def as_host(client: FlaskClient, service: TableService, table_id: str) -> None:
    with client.session_transaction() as cookie:
        cookie["hosts"] = {table_id: service.host_token(table_id)}


def decks(app: Flask) -> list[Deck]:
    with app.extensions["companion_db"].read() as session:
        found = session.query(Deck).order_by(Deck.id).all()
        for deck in found:
            session.expunge(deck)
        return found


def test_a_finished_table_keeps_its_typed_cards_in_a_deck_once(
        app: Flask, client: FlaskClient) -> None:
    table_id, service = finished_table(app)
    view = service.get(table_id)
    typed = learned(view.game, view.state)
    assert typed["cards"], "the random game typed no card as printed"
    as_host(client, service, table_id)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Keep the cards in a deck" in page
    count = sum(len(c) for c in typed.values())
    assert f"{count} cards were typed as printed" in page
    made = client.post(f"/t/{table_id}/learn", data={"deck": "new", "name": "Ours"})
    assert made.status_code == 302 and "/decks/mourir-pour-le-rock/" in made.headers["Location"]
    (deck,) = decks(app)
    assert deck.name == "Ours" and deck.values["cards"] == merge(view.game, {}, typed)[0][
        "cards"]
    # the offer now names the deck and the cards it lacks: none; a second tap adds nothing
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert re.search(r"Ours \(0 new cards\)", page)
    again = client.post(f"/t/{table_id}/learn", data={"deck": str(deck.id)})
    assert again.status_code == 302
    (same,) = decks(app)
    assert same.values == deck.values and same.revision == deck.revision


def test_a_deck_gets_only_the_cards_it_lacks(app: Flask, client: FlaskClient) -> None:
    table_id, service = finished_table(app)
    view = service.get(table_id)
    typed = learned(view.game, view.state)["cards"]
    as_host(client, service, table_id)
    first = client.post("/decks/mourir-pour-le-rock/new", data={"name": "Half"})
    deck_id = int(first.headers["Location"].rsplit("/", 1)[1])
    with app.extensions["companion_db"].write() as session:
        session.get(Deck, deck_id).values = {"cards": typed[:3]}
    assert client.post(f"/t/{table_id}/learn", data={"deck": str(deck_id)}).status_code == 302
    (deck,) = decks(app)
    assert deck.values["cards"][:3] == typed[:3]
    assert len(deck.values["cards"]) == len(merge(view.game, {}, {"cards": typed})[0]["cards"])


def test_only_the_tables_phones_keep_its_cards(app: Flask, client: FlaskClient) -> None:
    table_id, service = finished_table(app)
    stranger = app.test_client()
    assert "Keep the cards" not in stranger.get(f"/t/{table_id}").get_data(as_text=True)
    assert stranger.post(f"/t/{table_id}/learn", data={"deck": "new"}).status_code == 403
    assert decks(app) == []
    # a deck of another phone is not the host's to change
    other = stranger.post("/decks/mourir-pour-le-rock/new", data={"name": "Theirs"})
    theirs = other.headers["Location"].rsplit("/", 1)[1]
    as_host(client, service, table_id)
    assert client.post(f"/t/{table_id}/learn", data={"deck": theirs}).status_code == 403
    assert [d.values for d in decks(app)] == [{}]
