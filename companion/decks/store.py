"""Decks in the database: listed for the phone that made them, changed by it alone.

A phone sees its own decks and the server's shelf (decks imported from the command line,
owner None, read-only on every phone). Anyone with a deck's address may open it, start a
table with it or copy it: a deck is a group's typing, not a secret. A change names the
revision the page showed: a change from a stale page, or the same form sent twice, is
refused (``StaleDeck``) rather than applied to a deck its sender never saw.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from ..db import Deck, utcnow
from ..games import GAMES
from ..games.base import N_, GameError, MalformedInput
from ..inputs import clean_text
from .content import MAX_NAME, MAX_NOTE, clean_values

# Decks one phone may keep for one game (a flood of decks is refused).
MAX_DECKS_PER_PHONE = 50


class DeckNotFound(GameError):
    code = "no_such_deck"


class NotYourDeck(GameError):
    """Only the phone that made a deck changes it (the shelf's: only the command line)."""

    code = "not_your_deck"


class StaleDeck(GameError):
    """The deck changed since the page the change was made from."""

    code = "stale_deck"


def clean_name(value: Any) -> str:
    name = clean_text(value, "name", limit=MAX_NAME)
    if not isinstance(name, str) or not name:
        raise MalformedInput(N_("a deck needs a name of 1 to %(limit)s characters"),
                             code="bad_deck_name", limit=MAX_NAME)
    return name


def clean_note(value: Any) -> str:
    note = clean_text(value if value is not None else "", "note", limit=MAX_NOTE)
    if not isinstance(note, str):
        raise MalformedInput(N_("a deck's note must be a text"), code="bad_deck")
    return note


def visible(session: Session, game_id: str, phone: str | None) -> list[Deck]:
    """The decks a phone is offered for a game: its own, then the shelf's, by name."""
    mine = Deck.owner == phone if phone else Deck.owner.is_(None)
    decks = session.scalars(select(Deck).where(
        Deck.game == game_id, or_(mine, Deck.owner.is_(None)))).all()
    return sorted(decks, key=lambda d: (d.owner is None, d.name.casefold(), d.id))


def get(session: Session, deck_id: Any, game_id: str | None = None) -> Deck:
    deck = session.get(Deck, deck_id) if isinstance(deck_id, int) else None
    if deck is None or deck.game not in GAMES or (game_id and deck.game != game_id):
        raise DeckNotFound(N_("no such deck: %(id)s"), id=deck_id)
    return deck


def by_name(session: Session, name: str, game_id: str | None = None) -> list[Deck]:
    """Decks of that name (any owner), for the command line."""
    query = select(Deck).where(Deck.name == name)
    if game_id:
        query = query.where(Deck.game == game_id)
    return list(session.scalars(query.order_by(Deck.id)).all())


def create(session: Session, game_id: str, name: Any, values: Mapping[str, Any],
           owner: str | None, note: Any = "") -> Deck:
    """A new deck, checked whole (its values by the game's schema and engine)."""
    game = GAMES[game_id]
    clean = clean_values(game, values)
    if owner is not None:
        kept = session.scalars(select(Deck.id).where(Deck.owner == owner,
                                                     Deck.game == game_id)).all()
        if len(kept) >= MAX_DECKS_PER_PHONE:
            raise MalformedInput(N_("a phone keeps %(limit)s decks of a game at most: delete "
                                    "one first"), code="too_many_decks",
                                 limit=MAX_DECKS_PER_PHONE)
    deck = Deck(game=game_id, name=clean_name(name), values=clean, note=clean_note(note),
                owner=owner, updated_at=utcnow(), revision=1)
    session.add(deck)
    session.flush()
    return deck


def check_owner(deck: Deck, phone: str | None) -> None:
    """Only the phone that made a deck changes it; ``phone`` None: the command line, which
    changes the shelf's decks only."""
    if deck.owner != phone:
        raise NotYourDeck(N_("only the phone that made the deck %(name)s can change it"),
                          name=deck.name)


def check_revision(deck: Deck, revision: Any) -> None:
    if isinstance(revision, str) and revision.isdigit():
        revision = int(revision)
    if revision != deck.revision:
        raise StaleDeck(N_("the deck %(name)s changed since this page was opened: here it is "
                           "as it is now"), name=deck.name)


def change(deck: Deck, phone: str | None, revision: Any, *,
           values: Mapping[str, Any] | None = None, name: Any = None,
           note: Any = None) -> Deck:
    """Change a deck from the page of ``revision``: whole, or not at all."""
    check_owner(deck, phone)
    check_revision(deck, revision)
    new_values = clean_values(GAMES[deck.game], values) if values is not None else deck.values
    new_name = clean_name(name) if name is not None else deck.name
    new_note = clean_note(note) if note is not None else deck.note
    deck.values, deck.name, deck.note = new_values, new_name, new_note
    deck.revision += 1
    deck.updated_at = utcnow()
    return deck


def delete(session: Session, deck: Deck, phone: str | None) -> None:
    check_owner(deck, phone)
    session.delete(deck)
