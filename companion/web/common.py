"""What the views share: the table service of the app, and translation of engine texts."""

from __future__ import annotations

import secrets
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, session

from ..db import get_db
from ..elision import fill
from ..games.base import N_, GameError, Label, MalformedInput
from ..i18n import gettext, locale_name, number, plural_form
from ..tables import TableService, TableView


def service() -> TableService:
    """The app's table service (one per app, over the app's database)."""
    existing = current_app.extensions.get("companion_tables")
    if existing is None:
        existing = TableService(get_db())
        current_app.extensions["companion_tables"] = existing
    return existing


def phone_id() -> str:
    """This phone's own random id (kept in its cookie): whose decks are whose."""
    existing = session.get("phone")
    if not isinstance(existing, str) or len(existing) < 16:
        existing = secrets.token_urlsafe(16)
        session["phone"] = existing
        session.permanent = True
    return existing


def refuse_chosen_seeds(game: ModuleType, options: Any) -> None:
    """A phone never chooses a table's dice or shuffles: a seed option sent to the API or
    the new-table form is refused, unless the server is configured for tests
    (``COMPANION_ACCEPT_SEEDS``)."""
    if current_app.config.get("ACCEPT_SEEDS") or not isinstance(options, dict):
        return
    for option in game.OPTIONS:
        if option.kind == "seed" and option.name in options:
            raise MalformedInput(N_("option %(name)s: the server draws the dice and shuffles "
                                    "itself; a table cannot choose them"),
                                 code="seed_refused", name=option.name)


def local_path(target: str | None) -> str:
    """Where a "next" parameter may send a phone: a path of this server, else "/". A
    control character or a backslash is refused (browsers drop tabs and newlines, so
    "/\t/evil.example" would go to another host; a newline breaks the header)."""
    if not target or any(ord(c) < 32 or c in "\\\x7f" for c in target):
        return "/"
    if not target.startswith("/") or target.startswith("//"):
        return "/"
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return "/"
    return target


def _names(game: ModuleType | None) -> dict[str, str]:
    """The game's proper names (districts, cards...) in the reader's language, if it has
    any: engines name them in English inside their messages."""
    localized = getattr(game, "localized_names", None)
    return dict(localized(locale_name())) if localized else {}


def _param(value: Any, names: dict[str, str], game: ModuleType | None) -> Any:
    """One label parameter as the reader reads it: a name in their language, a number as
    their locale writes it, a nested label ({"msgid", "params"}) rendered in place, a list
    of these joined with commas."""
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        return number(value)
    if isinstance(value, dict) and isinstance(value.get("msgid"), str):
        inner = value.get("params")
        return _safe(value["msgid"], dict(inner) if isinstance(inner, dict) else {}, game)
    if isinstance(value, list | tuple):
        return ", ".join(str(_param(item, names, game)) for item in value)
    return value


def _worded(msgid: str, params: dict[str, Any], game: ModuleType | None) -> str:
    """The message's text in the reader's language, in the plural form of its count when
    the game words it with one (``PLURALS``)."""
    if not msgid:
        return ""
    found = getattr(game, "PLURALS", {}).get(msgid) if game is not None else None
    if found is not None:
        (singular, plural), counter = found
        count = params.get(counter)
        if isinstance(count, int) and not isinstance(count, bool):
            return plural_form(singular, plural, count)
    return gettext(msgid)


def _safe(msgid: str, params: dict[str, Any], game: ModuleType | None = None) -> str:
    reread = getattr(game, "label_params", None) if game is not None else None
    if reread is not None:  # a label stored by an older engine, as today's labels read
        params = reread(msgid, params)
    text = _worded(msgid, params, game)
    names = _names(game)
    # Names in the reader's language, numbers (amounts, counts) as the reader's locale
    # writes them.
    params = {k: _param(v, names, game) for k, v in params.items()}
    try:
        return fill(text, params, locale_name()) if params else text
    except (KeyError, TypeError, ValueError):
        return msgid % params if params else msgid


def sentence(text: str) -> str:
    """A message as a sentence: its first letter a capital (engines and catalogs write many
    refusals in lower case, to nest them as reasons; Korean has no case and is left as is)."""
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def translate_error(error: GameError, game: ModuleType | None = None, *,
                    nested: bool = False) -> str:
    """An engine error in the reader's language (with the error it names as its reason),
    starting with a capital letter unless it is nested as another error's reason."""
    params = dict(error.params)
    if "reason" in params and isinstance(error.__cause__, GameError):
        params["reason"] = translate_error(error.__cause__, game, nested=True)
    text = _safe(error.msgid, params, game)
    return text if nested or not _starts_a_sentence(error.msgid) else sentence(text)


# Parameters a message may start with that are words of the message, not a name or an id it
# quotes as typed ("seat must be a whole number"; but "nothing-here: no such table").
_WORD_PARAMS = ("%(field)s", "%(option)s", "%(key)s")


def _starts_a_sentence(msgid: str) -> bool:
    template = gettext(msgid) if msgid else ""
    return template[:1].isalpha() or template.startswith(_WORD_PARAMS)


def render_label(view: TableView | None, label: Label | None) -> str:
    """A log label in the reader's language; undo and redo name what they undid."""
    if label is None:
        return ""
    if label.msgid in ("undo", "redo") and view is not None:
        inner = render_label(view, view.label_of(label.params.get("of", -1)))
        if label.msgid == "undo":
            return gettext("Undo: %(label)s", label=inner)
        return gettext("Redo: %(label)s", label=inner)
    return _safe(label.msgid, dict(label.params), view.game if view else None)
