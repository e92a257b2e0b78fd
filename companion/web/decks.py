"""The deck pages: a group's decks of a game, a deck's cards, a form per kind of card.

Thin views: each parses its form, calls ``decks.store`` (which checks the deck whole by the
game's schema and engine) and renders. Every change names the deck's revision the page
showed: a stale page or a form sent twice is answered 409 with the deck as it is now, never
applied twice. A refused change leaves the deck as it was and shows the form again with
what was typed and the problem, naming the card and the field.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from sqlalchemy.exc import SQLAlchemyError

from .. import inputs
from ..db import Deck, get_db
from ..decks import learn, store
from ..decks.content import (
    cards_of,
    count_cards,
    deck_option,
    deck_options,
    number_options,
    schema_of,
    with_cards,
)
from ..decks.files import MAX_FILE_BYTES, dump_deck_file, parse_deck_file
from ..games import GAMES
from ..games.base import N_, GameError, MalformedInput, Option
from ..games.deck_schema import CardKind, DeckSchema
from ..i18n import gettext as _
from ..i18n import plural_form
from .api import status_of
from .common import phone_id, translate_error
from .limits import limit
from .phone import sender
from .storage import is_storage_fault, storage_message
from .tables_common import load_table

decks_bp = Blueprint("decks", __name__)


def _game(game_id: str) -> Any:
    game = GAMES.get(game_id)
    if game is None or not deck_options(game) and not number_options(game):
        abort(404)
    return game


def _deck(session: Any, game_id: str, deck_id: int) -> Deck:
    try:
        return store.get(session, deck_id, game_id)
    except store.DeckNotFound:
        abort(404)


def summary(schema: DeckSchema, card: dict[str, Any]) -> list[str]:
    """A card's values as a list row shows them (its title apart), in the reader's words."""
    kind = schema.kind_of(card)
    parts = []
    for name in kind.fields if kind else ():
        if name in (schema.title_field, schema.count_field, schema.kind_field,
                    schema.number_field):
            continue
        value = card.get(name)
        if value is None or value == "":
            continue
        spec = schema.field(name)
        if spec.kind == "choice":
            value = _(dict(spec.choices).get(value, value))
        elif spec.kind == "bool":
            value = _("yes") if value else _("no")
        parts.append(_("%(label)s: %(value)s", label=_(spec.label), value=value))
    return parts


def kind_label(schema: DeckSchema, card: dict[str, Any]) -> str:
    kind = schema.kind_of(card)
    return _(kind.label) if kind and schema.kind_field else ""


def _render_deck(game: Any, deck: Deck, status: int = 200) -> Any:
    return render_template("decks/deck.html", game=game, deck=deck,
                           mine=deck.owner is not None and deck.owner == phone_id(),
                           lists=deck_options(game), numbers=number_options(game),
                           cards_of=cards_of, schema_of=schema_of, summary=summary,
                           kind_label=kind_label, count=count_cards(game, deck.values or {}),
                           ), status


def _refused(error: GameError, game: Any, option: Option | None = None) -> str:
    """The refusal in the reader's words; on a card's form, the field by its label as the
    form shows it (a file names its keys)."""
    field = error.params.get("field")
    if option is not None and option.schema is not None and isinstance(field, str):
        spec = next((f for f in option.schema.fields if f.name == field), None)
        if spec is not None:
            error.params["field"] = _(spec.label)
    return translate_error(error, game)


@decks_bp.get("/decks/<game_id>")
def deck_list(game_id: str, status: int = 200) -> Any:
    game = _game(game_id)
    with get_db().read() as session:
        decks = store.visible(session, game_id, phone_id())
        rows = [(d, count_cards(game, d.values or {})) for d in decks]
    return render_template("decks/list.html", game=game, rows=rows, mine=phone_id(),
                           max_kb=MAX_FILE_BYTES // 1024), status


@decks_bp.post("/decks/<game_id>/new")
def new_deck(game_id: str) -> Any:
    game = _game(game_id)
    limit("profiles")
    try:
        with get_db().write() as session:
            deck = store.create(session, game_id, request.form.get("name"), {}, phone_id())
            deck_id = deck.id
    except GameError as error:
        flash(_refused(error, game), "error")
        return deck_list(game_id, status_of(error))
    return redirect(url_for("decks.deck_page", game_id=game_id, deck_id=deck_id))


@decks_bp.post("/decks/<game_id>/import")
def import_deck(game_id: str) -> Any:
    game = _game(game_id)
    limit("profiles")
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        flash(_("Choose a deck file to import."), "error")
        return deck_list(game_id, 400)
    data = upload.read(MAX_FILE_BYTES + 1)
    try:
        deck_file = parse_deck_file(data, game_id)
        with get_db().write() as session:
            deck = store.create(session, game_id, request.form.get("name") or deck_file.name,
                                deck_file.values, phone_id(), deck_file.note)
            deck_id = deck.id
    except GameError as error:
        flash(_("Nothing was imported. %(reason)s", reason=_refused(error, game)), "error")
        return deck_list(game_id, status_of(error))
    flash(_("Deck imported."), "info")
    return redirect(url_for("decks.deck_page", game_id=game_id, deck_id=deck_id))


@decks_bp.get("/decks/<game_id>/<int:deck_id>")
def deck_page(game_id: str, deck_id: int) -> Any:
    game = _game(game_id)
    with get_db().read() as session:
        deck = _deck(session, game_id, deck_id)
    return _render_deck(game, deck)


@decks_bp.get("/decks/<game_id>/<int:deck_id>/export")
def export_deck(game_id: str, deck_id: int) -> Any:
    _game(game_id)
    with get_db().read() as session:
        deck = _deck(session, game_id, deck_id)
        text = dump_deck_file(game_id, deck.name, deck.note or "", deck.values or {})
    slug = unicodedata.normalize("NFKD", deck.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", slug).strip("-").lower() or f"deck-{deck_id}"
    return Response(text, mimetype="application/toml", headers={
        "Content-Disposition": f'attachment; filename="{game_id}-{slug}.toml"'})


def _change(game_id: str, deck_id: int, apply: Any) -> Any:
    """Run one change of a deck (``apply(deck)`` returns the page to go to, or raises); a
    refusal shows the deck as it is, with the reason."""
    game = _game(game_id)
    limit("profiles")
    try:
        with get_db().write() as session:
            deck = _deck(session, game_id, deck_id)
            target = apply(session, deck)
    except store.NotYourDeck:
        abort(403)
    except GameError as error:
        with get_db().read() as session:
            deck = _deck(session, game_id, deck_id)
        flash(_refused(error, game), "error")
        return _render_deck(game, deck, 409 if isinstance(error, store.StaleDeck)
                            else status_of(error))
    except SQLAlchemyError as error:
        if not is_storage_fault(error):
            raise
        flash(storage_message(), "error")
        return redirect(url_for("decks.deck_page", game_id=game_id, deck_id=deck_id)), 303
    return redirect(target or url_for("decks.deck_page", game_id=game_id, deck_id=deck_id))


@decks_bp.post("/decks/<game_id>/<int:deck_id>/about")
def rename_deck(game_id: str, deck_id: int) -> Any:
    def apply(session: Any, deck: Deck) -> None:
        store.change(deck, phone_id(), request.form.get("rev"),
                     name=request.form.get("name"), note=request.form.get("note", ""))
    return _change(game_id, deck_id, apply)


@decks_bp.post("/decks/<game_id>/<int:deck_id>/edition")
def edition_values(game_id: str, deck_id: int) -> Any:
    game = _game(game_id)

    def apply(session: Any, deck: Deck) -> None:
        values = dict(deck.values or {})
        for option in number_options(game):
            raw = (request.form.get(f"option.{option.name}") or "").strip()
            if not raw:
                values.pop(option.name, None)  # the house default
                continue
            number = inputs.ascii_int(raw, signed=True)
            if number is None:
                raise MalformedInput(N_("%(field)s must be a whole number"),
                                     field=_(option.label))
            values[option.name] = number
        store.change(deck, phone_id(), request.form.get("rev"), values=values)
    return _change(game_id, deck_id, apply)


@decks_bp.post("/decks/<game_id>/<int:deck_id>/delete")
def delete_deck(game_id: str, deck_id: int) -> Any:
    def apply(session: Any, deck: Deck) -> str:
        store.check_revision(deck, request.form.get("rev"))
        store.delete(session, deck, phone_id())
        flash(_("Deck deleted."), "info")
        return url_for("decks.deck_list", game_id=game_id)
    return _change(game_id, deck_id, apply)


@decks_bp.post("/decks/<game_id>/<int:deck_id>/copy")
def copy_deck(game_id: str, deck_id: int) -> Any:
    game = _game(game_id)
    limit("profiles")
    try:
        with get_db().write() as session:
            deck = _deck(session, game_id, deck_id)
            name = _("Copy of %(name)s", name=deck.name)[:60]
            copy = store.create(session, game_id, name, deck.values or {}, phone_id(),
                                deck.note)
            copy_id = copy.id
    except GameError as error:
        flash(_refused(error, game), "error")
        return deck_page(game_id, deck_id)
    return redirect(url_for("decks.deck_page", game_id=game_id, deck_id=copy_id))


# ---------------------------------------------------------------------------- the cards


def _kind(schema: DeckSchema, kind_id: str | None) -> CardKind:
    if schema.kind_field is None:
        return schema.kinds[0]
    kind = next((k for k in schema.kinds if k.id == kind_id), None)
    if kind is None:
        abort(404)
    return kind


def _card_from_form(schema: DeckSchema, kind: CardKind) -> dict[str, Any]:
    """The card a form describes: whole numbers as numbers, empty fields left out."""
    card: dict[str, Any] = {}
    if schema.kind_field is not None:
        card[schema.kind_field] = kind.id
    shown = list(kind.fields)
    if schema.count_field and schema.count_field not in shown:
        shown.append(schema.count_field)
    for name in shown:
        if name == schema.kind_field:
            continue
        spec = schema.field(name)
        raw = request.form.get(f"f.{name}")
        if spec.kind == "bool":
            card[name] = raw == "true"
            continue
        if raw is None or not raw.strip():
            continue
        if spec.kind == "int":
            number = inputs.ascii_int(raw.strip(), signed=True)
            if number is None:
                raise MalformedInput(N_("%(field)s must be a whole number"), field=name)
            card[name] = number
        else:
            card[name] = raw
    return card


def _card_form(game: Any, deck: Deck, option: Option, index: int | None, card: dict[str, Any],
               kind: CardKind, status: int = 200, problem: str | None = None,
               invalid: Any = None) -> Any:
    schema = schema_of(option)
    fields = list(kind.fields)
    if schema.count_field and schema.count_field not in fields:
        fields.append(schema.count_field)
    return render_template("decks/card.html", game=game, deck=deck, option=option,
                           schema=schema, kind=kind, index=index, card=card,
                           fields=[schema.field(n) for n in fields if n != schema.kind_field],
                           problem=problem, invalid=invalid,
                           mine=deck.owner == phone_id()), status


@decks_bp.get("/decks/<game_id>/<int:deck_id>/<list_name>/new")
def new_card(game_id: str, deck_id: int, list_name: str) -> Any:
    game = _game(game_id)
    option = _option(game, list_name)
    schema = schema_of(option)
    kind = _kind(schema, request.args.get("kind"))
    with get_db().read() as session:
        deck = _deck(session, game_id, deck_id)
    cards = cards_of(deck.values or {}, option)
    # A new card starts from the last one of its kind (a group types its cards in runs).
    last = next((c for c in reversed(cards) if schema.kind_of(c) == kind), None)
    start = {k: v for k, v in (last or {}).items()
             if k not in (schema.title_field, schema.number_field)}
    if schema.number_field and last and isinstance(last.get(schema.number_field), int):
        start[schema.number_field] = last[schema.number_field] + 1
    return _card_form(game, deck, option, None, start, kind)


@decks_bp.get("/decks/<game_id>/<int:deck_id>/<list_name>/<int:index>")
def edit_card(game_id: str, deck_id: int, list_name: str, index: int) -> Any:
    game = _game(game_id)
    option = _option(game, list_name)
    with get_db().read() as session:
        deck = _deck(session, game_id, deck_id)
    cards = cards_of(deck.values or {}, option)
    if not 1 <= index <= len(cards):
        abort(404)
    card = cards[index - 1]
    kind = schema_of(option).kind_of(card) or schema_of(option).kinds[0]
    return _card_form(game, deck, option, index, card, kind)


def _option(game: Any, list_name: str) -> Option:
    try:
        option = deck_option(game, list_name)
    except MalformedInput:
        abort(404)
    if option.schema is None:
        abort(404)
    return option


@decks_bp.post("/decks/<game_id>/<int:deck_id>/<list_name>/save")
def save_card(game_id: str, deck_id: int, list_name: str) -> Any:
    """Add a card (no ``index``) or change the card at ``index`` (from 1)."""
    game = _game(game_id)
    option = _option(game, list_name)
    schema = schema_of(option)
    kind = _kind(schema, request.form.get("kind"))
    raw_index = request.form.get("index") or ""
    index = int(raw_index) if raw_index.isdigit() else None
    limit("profiles")
    card: dict[str, Any] = {}
    try:
        card = _card_from_form(schema, kind)
        with get_db().write() as session:
            deck = _deck(session, game_id, deck_id)
            cards = cards_of(deck.values or {}, option)
            if index is None:
                cards.append(card)
            elif 1 <= index <= len(cards):
                cards[index - 1] = card
            else:
                abort(404)
            store.change(deck, phone_id(), request.form.get("rev"),
                         values=with_cards(deck.values or {}, option, cards))
    except store.NotYourDeck:
        abort(403)
    except GameError as error:
        with get_db().read() as session:
            deck = _deck(session, game_id, deck_id)
        if isinstance(error, store.StaleDeck):
            flash(_refused(error, game), "error")
            return _render_deck(game, deck, 409)
        field = error.params.get("field")
        return _card_form(game, deck, option, index, card, kind, status_of(error),
                          _refused(error, game, option), field)
    flash(_("Card saved."), "info")
    anchor = f"{option.name}-{index}" if index else f"{option.name}-end"
    target = url_for("decks.deck_page", game_id=game_id, deck_id=deck_id,
                     _anchor=anchor)
    if request.form.get("then") == "another":
        target = url_for("decks.new_card", game_id=game_id, deck_id=deck_id,
                         list_name=list_name, kind=kind.id or None)
    return redirect(target)


def _free_number(schema: DeckSchema, cards: list[dict[str, Any]], number: int) -> int:
    """The first number after ``number`` no card of the list has (a duplicate's own)."""
    assert schema.number_field is not None
    taken = {c.get(schema.number_field) for c in cards}
    high = schema.field(schema.number_field).maximum or number + len(cards) + 1
    for candidate in [*range(number + 1, high + 1), *range(number - 1, 0, -1)]:
        if candidate not in taken:
            return candidate
    raise MalformedInput(N_("every number is taken: this card cannot be duplicated"),
                         code="bad_card")


CARD_MOVES = ("duplicate", "remove", "up", "down", "more", "fewer")


@decks_bp.post("/decks/<game_id>/<int:deck_id>/<list_name>/<int:index>/<move>")
def move_card(game_id: str, deck_id: int, list_name: str, index: int, move: str) -> Any:
    """A card duplicated, removed, moved up or down, or one copy more or fewer."""
    game = _game(game_id)
    option = _option(game, list_name)
    schema = schema_of(option)
    if move not in CARD_MOVES:
        abort(404)

    def apply(session: Any, deck: Deck) -> str:
        cards = cards_of(deck.values or {}, option)
        if not 1 <= index <= len(cards):
            abort(404)
        at = index - 1
        landing = index
        if move == "duplicate":
            copy = dict(cards[at])
            if schema.number_field and isinstance(copy.get(schema.number_field), int):
                copy[schema.number_field] = _free_number(schema, cards, copy[schema.number_field])
            cards.insert(at + 1, copy)
            landing = index + 1
        elif move == "remove":
            cards.pop(at)
            landing = min(index, len(cards))
        elif move in ("up", "down"):
            other = at - 1 if move == "up" else at + 1
            if 0 <= other < len(cards):
                cards[at], cards[other] = cards[other], cards[at]
                landing = other + 1
        else:
            if schema.count_field is None:
                abort(404)
            copies = schema.copies(cards[at]) + (1 if move == "more" else -1)
            if copies < 1:
                raise MalformedInput(N_("a card is printed once at least: remove it instead"),
                                     code="bad_card")
            cards[at] = {**cards[at], schema.count_field: copies}
        store.change(deck, phone_id(), request.form.get("rev"),
                     values=with_cards(deck.values or {}, option, cards))
        return url_for("decks.deck_page", game_id=game_id, deck_id=deck_id,
                       _anchor=f"{option.name}-{landing}" if cards else option.name)
    return _change(game_id, deck_id, apply)


@decks_bp.errorhandler(413)
def too_large(error: Any) -> Any:
    """A file past the server's request limit: said on the deck list, nothing imported."""
    game_id = (request.view_args or {}).get("game_id", "")
    if game_id not in GAMES:
        abort(400)
    flash(_("Nothing was imported: a deck file is %(kb)s KB at most.",
            kb=MAX_FILE_BYTES // 1024), "error")
    return deck_list(game_id, 400)


# ---------------------------------------------------------------------------- learn as you play


def learn_offer(view: Any) -> dict[str, Any] | None:
    """What the results screen offers: the cards the table typed as printed, the phone's
    decks of the game to add them to (the one that lacks the most first)."""
    cards = learn.learned(view.game, view.state)
    if not cards:
        return None
    with get_db().read() as session:
        decks = [d for d in store.visible(session, view.game.ID, phone_id())
                 if d.owner is not None]
        rows = [(d, learn.new_cards(view.game, d.values or {}, cards)) for d in decks]
    rows.sort(key=lambda row: -row[1])
    return {"count": sum(len(c) for c in cards.values()), "decks": rows,
            "name": _("%(game)s, our copy", game=view.game.NAME)[:60]}


@decks_bp.post("/t/<table_id>/learn")
def learn_cards(table_id: str) -> Any:
    """Add the cards a finished table typed as printed to a deck of this phone (or a new
    one): a seated phone or the host of the table."""
    view = load_table(table_id)
    by = sender(table_id)
    if by.seat is None and not by.host:
        abort(403)
    cards = learn.learned(view.game, view.state) if view.outcome is not None else {}
    back = url_for("pages.table", table_id=table_id)
    if not cards:
        flash(_("This table typed no card to keep."), "error")
        return redirect(back)
    limit("profiles")
    wanted = request.form.get("deck") or "new"
    try:
        with get_db().write() as session:
            if wanted == "new":
                deck = store.create(session, view.game.ID,
                                    request.form.get("name") or view.game.NAME, cards,
                                    phone_id())
                added = sum(len(c) for c in cards.values())
            else:
                deck = _deck(session, view.game.ID, int(wanted) if wanted.isdigit() else -1)
                values, added = learn.merge(view.game, deck.values or {}, cards)
                if added:
                    store.change(deck, phone_id(), deck.revision, values=values)
            deck_id = deck.id
    except store.NotYourDeck:
        abort(403)
    except GameError as error:
        flash(_("No card was kept: %(reason)s", reason=translate_error(error, view.game,
                                                                       nested=True)), "error")
        return redirect(back)
    flash(plural_form("%(num)s card kept in the deck.", "%(num)s cards kept in the deck.",
                      added) % {"num": added}, "info")
    return redirect(url_for("decks.deck_page", game_id=view.game.ID, deck_id=deck_id))
