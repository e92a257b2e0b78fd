"""``companion decks``: list, import, export and delete decks from the command line.

A deck imported here goes on the server's shelf: every phone is offered it, no phone can
change it (``import --replace`` does, from here). A deck carries from one server to another
as its file: ``companion decks export NAME > ours.toml`` there, ``companion decks import
ours.toml`` here.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

MAX_FILE_ARG = 64 * 1024 * 1024  # read no more than this from a file named on the line


def register(commands: Any) -> None:
    parser = commands.add_parser("decks", help="a group's decks: list, import, export, delete")
    actions = parser.add_subparsers(dest="deck_action", required=True)
    listing = actions.add_parser("list", help="the decks this server keeps")
    listing.add_argument("--game", help="only this game's (its id, e.g. storm-candidate)")
    listing.set_defaults(handler=list_decks)
    importing = actions.add_parser("import", help="put a deck file on the server's shelf")
    importing.add_argument("file", help="the deck's TOML file ('-': standard input)")
    importing.add_argument("--name", help="keep it under this name instead of the file's")
    importing.add_argument("--replace", action="store_true",
                           help="replace the shelf's deck of that game and name")
    importing.set_defaults(handler=import_deck)
    exporting = actions.add_parser("export", help="write a deck as its TOML file")
    exporting.add_argument("deck", help="the deck's name (or its number, from 'list')")
    exporting.add_argument("--game", help="the game, where two games' decks share the name")
    exporting.add_argument("-o", "--output", help="the file to write (default: standard output)")
    exporting.set_defaults(handler=export_deck)
    deleting = actions.add_parser("delete", help="delete a deck of the server's shelf")
    deleting.add_argument("deck", help="the deck's name (or its number, from 'list')")
    deleting.add_argument("--game", help="the game, where two games' decks share the name")
    deleting.set_defaults(handler=delete_deck)


def _database() -> Any:
    from .. import create_app

    return create_app().extensions["companion_db"]


def _fail(message: str) -> int:
    print(f"companion decks: {message}", file=sys.stderr)
    return 2


def _find(session: Any, args: argparse.Namespace) -> Any:
    """The one deck the arguments name, or a message saying why not."""
    from .store import by_name, get

    if args.deck.isdigit():
        from .store import DeckNotFound

        try:
            return get(session, int(args.deck), args.game)
        except DeckNotFound:
            return f"no deck number {args.deck}"
    found = by_name(session, args.deck, args.game)
    if not found:
        return f"no deck named {args.deck!r}" + (f" for {args.game}" if args.game else "")
    if len(found) > 1:
        listed = ", ".join(f"{d.id} ({d.game})" for d in found)
        return f"{len(found)} decks are named {args.deck!r}: give its number ({listed})"
    return found[0]


def find_values(reference: str, game_id: str) -> dict[str, Any] | str:
    """A kept deck's values by name or number (``companion print --deck``), or why not."""
    args = argparse.Namespace(deck=reference, game=game_id)
    with _database().read() as session:
        deck = _find(session, args)
        return deck if isinstance(deck, str) else dict(deck.values or {})


def list_decks(args: argparse.Namespace) -> int:
    from ..db import Deck
    from ..games import GAMES
    from .content import count_cards

    with _database().read() as session:
        decks = session.query(Deck).order_by(Deck.game, Deck.name, Deck.id).all()
        for deck in decks:
            if args.game and deck.game != args.game or deck.game not in GAMES:
                continue
            whose = "shelf" if deck.owner is None else "a phone's"
            cards = count_cards(GAMES[deck.game], deck.values or {})
            print(f"{deck.id}\t{deck.game}\t{deck.name}\t{cards} cards\t{whose}")
    return 0


def _read(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read(MAX_FILE_ARG)
    with Path(path).open("rb") as f:
        return f.read(MAX_FILE_ARG)


def import_deck(args: argparse.Namespace) -> int:
    from ..games.base import GameError
    from .files import parse_deck_file
    from .store import by_name, change, create

    try:
        data = _read(args.file)
    except OSError as error:
        return _fail(f"{args.file}: {error.strerror or error}")
    try:
        deck_file = parse_deck_file(data)
    except GameError as error:
        return _fail(f"{args.file}: {error}")
    name = args.name or deck_file.name
    try:
        with _database().write() as session:
            same = [d for d in by_name(session, name, deck_file.game) if d.owner is None]
            if same and not args.replace:
                return _fail(f"the shelf already has a deck of {deck_file.game} named "
                             f"{name!r}: --replace replaces it, --name keeps both")
            if same:
                deck = change(same[0], None, same[0].revision, values=deck_file.values,
                              name=name, note=deck_file.note)
            else:
                deck = create(session, deck_file.game, name, deck_file.values, None,
                              deck_file.note)
            session.flush()
            print(f"deck {deck.id}: {deck.name} ({deck.game})")
    except GameError as error:
        return _fail(str(error))
    return 0


def export_deck(args: argparse.Namespace) -> int:
    from .files import dump_deck_file

    with _database().read() as session:
        deck = _find(session, args)
        if isinstance(deck, str):
            return _fail(deck)
        text = dump_deck_file(deck.game, deck.name, deck.note or "", deck.values or {})
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


def delete_deck(args: argparse.Namespace) -> int:
    from .store import NotYourDeck, delete

    with _database().write() as session:
        deck = _find(session, args)
        if isinstance(deck, str):
            return _fail(deck)
        try:
            delete(session, deck, None)
        except NotYourDeck:
            return _fail(f"deck {deck.id} is a phone's: only that phone deletes it")
        print(f"deleted deck {deck.id}: {deck.name}")
    return 0
