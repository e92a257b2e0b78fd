"""The new-table page: players (picked from the phone's group in a tap each, or typed), the
table's options, and the group's deck or the edition values of their copy folded under "Your
copy differs?"."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from sqlalchemy.exc import SQLAlchemyError

from .. import inputs
from ..db import Deck, get_db
from ..decks import store as deck_store
from ..decks.content import count_cards
from ..decks.files import deck_text, parse_deck_text
from ..games import GAMES, get_game
from ..games.base import GameError, MalformedInput, Option, Words
from ..groups import store as group_store
from ..i18n import gettext as _
from .api import status_of
from .common import phone_id, refuse_chosen_seeds, service, translate_error
from .groups import offered, remembered
from .limits import limit
from .pages import pages_bp
from .phone import remember_table, set_cookie_map
from .storage import is_storage_fault, storage_message


def _decks(game_id: str) -> tuple[list[Deck], Deck | None]:
    """The decks this phone is offered for the game (its own and the server's shelf), and
    the one the address names (``?deck=``; ``?profile=`` in older links), which may be
    another phone's deck opened from its link."""
    wanted = request.values.get("deck") or request.values.get("profile") or ""
    with get_db().read() as db_session:
        decks = deck_store.visible(db_session, game_id, phone_id())
        chosen = next((d for d in decks if str(d.id) == wanted), None)
        if chosen is None and wanted.isdigit():
            try:
                chosen = deck_store.get(db_session, int(wanted), game_id)
            except deck_store.DeckNotFound:
                chosen = None
            else:
                decks.append(chosen)
    return decks, chosen


@pages_bp.post("/profiles/<int:profile_id>/delete")
def delete_profile(profile_id: int) -> Any:
    """Delete a deck (an edition profile) from the new-table page: only the phone that
    saved it."""
    with get_db().write() as db_session:
        deck = db_session.get(Deck, profile_id)
        if deck is None or deck.owner is None or deck.owner != phone_id():
            abort(403)
        game_id = deck.game
        db_session.delete(deck)
    flash(_("Deck deleted."), "info")
    return redirect(url_for("pages.new_table", game_id=game_id))


@pages_bp.route("/new/<game_id>", methods=["GET", "POST"])
def new_table(game_id: str) -> Any:
    if game_id not in GAMES:
        abort(404)
    game = get_game(game_id)
    decks, chosen = _decks(game_id)
    values = {o.name: (chosen.values.get(o.name, o.default) if chosen else o.default)
              for o in game.OPTIONS}
    groups = _groups()
    # A group's players are tapped in, each adding its row: the form starts with the fewest
    # rows the game plays with, not four to fill.
    players: list[dict[str, Any]] = [{} for _ in range(
        game.MIN_PLAYERS if groups["roster"] else 4)]

    def again(status: int, options: dict[str, Any], opened: bool = True) -> Any:
        return _new_form(game, decks, chosen, {**values, **options}, players, _groups(),
                         opened), status

    if request.method == "POST":
        limit("tables")
        players = _players_from_form(game)
        options: dict[str, Any] = {}
        for option in game.OPTIONS:
            # A ticked box sends its hidden "false" first, then "true": the last one counts.
            sent = request.form.getlist(f"option.{option.name}")
            raw = sent[-1] if sent else None
            if option.kind == "seed" and raw in (None, ""):
                continue  # the table draws its own
            if option.kind == "bool":
                options[option.name] = raw == "true"
            elif option.kind == "deck":
                upload = request.files.get(f"option.{option.name}.file")
                text = upload.read().decode("utf-8", "replace") if upload and upload.filename \
                    else (raw or "")
                if chosen is not None and not text.strip():
                    options[option.name] = values[option.name]  # the deck's cards
                    continue
                try:
                    options[option.name] = parse_deck_text(text)
                except MalformedInput as error:
                    flash(translate_error(error), "error")
                    return again(400, options)
            else:
                number = inputs.ascii_int((raw or "").strip(), signed=True)
                if raw not in (None, "") and number is None:
                    flash(_("%(field)s must be a whole number", field=_(option.label)), "error")
                    return again(400, options)
                # A field left empty: the deck's value, else the house default.
                options[option.name] = values[option.name] if number is None else number
        try:
            profile_name = inputs.clean_text(request.form.get("save_profile") or "",
                                             "save_profile", limit=inputs.MAX_PROFILE_NAME)
        except MalformedInput:
            flash(_("A deck's name is %(limit)s characters at most, without control "
                    "characters.", limit=inputs.MAX_PROFILE_NAME), "error")
            return again(400, options)
        kept: list[str] = []
        try:
            refuse_chosen_seeds(game, options)
            view = service().create(game_id, players, options,
                                    also=_group_seats(groups, kept))
        except GameError as error:
            flash(translate_error(error), "error")
            return again(status_of(error), options)
        except SQLAlchemyError as error:
            if not is_storage_fault(error):
                raise
            # The form again, with what was typed: nothing was stored, try again in a moment.
            flash(storage_message(), "error")
            return again(503, options)
        if profile_name:
            limit("profiles")
            edition = {o.name: options[o.name] for o in game.OPTIONS
                       if o.edition and (o.kind != "deck" or options[o.name])}
            try:
                with get_db().write() as db_session:
                    deck_store.create(db_session, game_id, profile_name, edition, phone_id())
            except GameError as error:
                flash(_("The table started; the deck was not saved: %(reason)s",
                        reason=translate_error(error, game, nested=True)), "error")
        if kept:
            flash(_("Kept in the group %(group)s: %(names)s.", group=groups["group"].name,
                    names=", ".join(kept)), "info")
        set_cookie_map("hosts", view.id, service().host_token(view.id))
        remember_table(view.id)
        return redirect(url_for("pages.table", table_id=view.id))
    return _new_form(game, decks, chosen, values, players, groups)


def _groups() -> dict[str, Any]:
    """The groups whose players the page offers (those this phone holds a link to), the one
    offered (``?group=``, else the most recently opened) and its roster."""
    if not remembered():
        return {"groups": [], "group": None, "token": None, "roster": []}
    with get_db().read() as db_session:
        groups, chosen = offered(db_session, request.values.get("group"))
        roster = group_store.roster(db_session, chosen[0].id) if chosen else []
    return {"groups": [g for g, _token in groups], "group": chosen[0] if chosen else None,
            "token": chosen[1] if chosen else None, "roster": roster}


def _group_seats(groups: dict[str, Any], kept: list[str]) -> Any:
    """What the new table writes with itself when the phone offered a group: the seats that
    are its players, and (``keep`` ticked) the typed names added to it."""
    token = groups["token"]
    if token is None:
        return None
    keep = request.form.get("keep") == "true"

    def join(db_session: Any, table_id: str) -> None:
        group = group_store.by_token(db_session, token)
        kept.extend(group_store.join_table(db_session, table_id, group, keep))
    return join


def deck_example(option: Option) -> str:
    """An option's example card list as the TOML a group types, its free texts (``Words``)
    in the reader's language."""
    return deck_text([{key: _(value) if isinstance(value, Words) else value
                       for key, value in card.items()} for card in option.example])


def _new_form(game: Any, decks: list[Deck], chosen: Deck | None, values: dict[str, Any],
              players: list[dict[str, Any]], groups: dict[str, Any],
              opened: bool = False) -> str:
    while len(players) < game.MIN_PLAYERS:
        players.append({})
    return render_template("new_table.html", game=game, decks=decks, chosen=chosen,
                           values=values, players=players, deck_text=deck_text,
                           deck_example=deck_example, opened=opened, phone=phone_id(),
                           card_count=count_cards(game, chosen.values) if chosen else 0,
                           groups=groups["groups"], group=groups["group"],
                           roster=groups["roster"], keep=request.form.get("keep") == "true")


def _players_from_form(game: Any) -> list[dict[str, Any]]:
    """Player rows from the form; rows left entirely blank are skipped."""
    fields = [f["name"] for f in game.player_fields()]
    columns = {name: request.form.getlist(f"player.{name}") for name in fields}
    rows = max((len(v) for v in columns.values()), default=0)
    players = []
    for index in range(rows):
        row = {name: (columns[name][index].strip() if index < len(columns[name]) else "")
               for name in fields}
        if row.get("name"):
            players.append(row)
    return players


# ---------------------------------------------------------------------------- the table
