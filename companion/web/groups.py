"""The group pages: "Your groups", a group's page at its link (its roster, sharing it, the
owner's rename, new link and delete), and what the new-table page offers from them.

Thin views: each parses its form, calls ``groups.store`` (which decides who may do what and
checks every name) and renders. The link's token is the group's bearer secret: a phone that
opens it keeps it in its cookie (``session["groups"]``, the most recent first), and that is
how the phone's groups are found again; the server keeps the token's hash only. A change
names the group's revision its page showed: a stale page or a form sent twice is answered
409 with the group as it is now.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    abort,
    flash,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from ..db import Group, GroupPlayer, get_db
from ..games import GAMES
from ..games.base import GameError
from ..groups import store
from ..i18n import gettext as _
from ..i18n import plural_form
from .api import status_of
from .common import phone_id, translate_error
from .limits import limit
from .links import public_url, qr_img
from .storage import is_storage_fault, storage_message

groups_bp = Blueprint("groups", __name__)

MAX_REMEMBERED_GROUPS = 12  # links one phone's cookie keeps (a cookie holds 4 KB at most)
COOKIE = "groups"


# ---------------------------------------------------------------------------- the cookie

def remembered() -> list[str]:
    """The group links this phone opened, the most recent first."""
    kept = session.get(COOKIE)
    return [t for t in kept if isinstance(t, str)] if isinstance(kept, list) else []


def remember(token: str) -> None:
    now = [token, *(t for t in remembered() if t != token)][:MAX_REMEMBERED_GROUPS]
    if session.get(COOKIE) != now:
        session[COOKIE] = now  # an unchanged session is not signed and sent again
    if not session.permanent:
        session.permanent = True


def forget(token: str) -> None:
    if token in remembered():
        session[COOKIE] = [t for t in remembered() if t != token]


def offered(db_session: Session, wanted: Any = None
            ) -> tuple[list[tuple[Group, str]], tuple[Group, str] | None]:
    """The groups this phone holds a working link to, and the one a new table takes its
    players from: the one ``wanted`` names (its id), else the most recently opened."""
    groups = store.known(db_session, remembered())
    chosen = next((g for g in groups if str(g[0].id) == str(wanted)), None)
    return groups, chosen or (groups[0] if groups else None)


# ---------------------------------------------------------------------------- pages

def _bad_link(error: GameError, token: str) -> Any:
    """A link that opens no group: 410 for one its owner replaced, 404 for one that never
    opened a group (or whose group was deleted); the phone forgets it."""
    forget(token)
    status = 410 if isinstance(error, store.GroupLinkRevoked) else 404
    message = translate_error(error) if status == 410 else _(
        "No group has this link: check the address, or ask your group for its link.")
    page = make_response(render_template("error.html", message=message, status=status),
                         status)
    page.headers["Cache-Control"] = "no-store"
    return page


@groups_bp.get("/groups")
def your_groups(status: int = 200) -> Any:
    with get_db().read() as db_session:
        groups = store.known(db_session, remembered())
        held = {g.id for g, _token in groups}
        lost = [g for g in store.owned_by(db_session, phone_id()) if g.id not in held]
        sizes = {g.id: len(store.roster(db_session, g.id))
                 for g in [*(g for g, _t in groups), *lost]}
    page = make_response(render_template("groups/list.html", groups=groups, lost=lost,
                                         sizes=sizes, phone=phone_id(),
                                         max_name=store.MAX_GROUP_NAME), status)
    page.headers["Cache-Control"] = "no-store"
    return page


@groups_bp.post("/groups/new")
def new_group() -> Any:
    limit("groups")
    try:
        with get_db().write() as db_session:
            _group, token = store.create(db_session, request.form.get("name"), phone_id(),
                                         request.form.get("time_zone"))
    except GameError as error:
        flash(translate_error(error), "error")
        return your_groups(status_of(error))
    remember(token)
    return redirect(url_for("groups.group_page", token=token))


@groups_bp.post("/groups/<int:group_id>/relink")
def relink(group_id: int) -> Any:
    """A new link for a group this phone made but whose link it no longer keeps (its cookie
    kept more recent ones): the old link stops opening the group."""
    limit("groups")
    try:
        with get_db().write() as db_session:
            group = db_session.get(Group, group_id)
            if group is None:
                abort(404)
            token = store.revoke(db_session, group, phone_id(), request.form.get("rev"))
    except store.NotGroupOwner:
        abort(403)
    except GameError as error:
        flash(translate_error(error), "error")
        return your_groups(status_of(error) if not isinstance(error, store.StaleGroup) else 409)
    remember(token)
    return redirect(url_for("groups.group_page", token=token))


def _render_group(token: str, group: Group, roster: list[GroupPlayer], tables: int,
                  status: int = 200, template: str = "groups/group.html") -> Any:
    link = public_url("groups.group_page", token=token)
    page = make_response(render_template(
        template, group=group, roster=roster, tables=tables, token=token, link=link,
        qr=qr_img(link, _("QR code to open this group")), mine=group.owner == phone_id(),
        colours=store.COLOURS, games=GAMES, max_mark=store.MAX_MARK), status)
    # Never from a cache: a revoked link or a deleted group shows as such at once.
    page.headers["Cache-Control"] = "no-store"
    return page


def _load(token: str) -> tuple[Group, list[GroupPlayer], int]:
    with get_db().read() as db_session:
        group = store.by_token(db_session, token)
        return group, store.roster(db_session, group.id), store.table_count(db_session,
                                                                            group.id)


@groups_bp.get("/g/<token>")
def group_page(token: str, status: int = 200) -> Any:
    try:
        group, roster, tables = _load(token)
    except (store.GroupNotFound, store.GroupLinkRevoked) as error:
        return _bad_link(error, token)
    remember(token)
    return _render_group(token, group, roster, tables, status)


@groups_bp.get("/g/<token>/delete")
def confirm_delete(token: str) -> Any:
    try:
        group, roster, tables = _load(token)
    except (store.GroupNotFound, store.GroupLinkRevoked) as error:
        return _bad_link(error, token)
    if group.owner != phone_id():
        abort(403)
    return _render_group(token, group, roster, tables, template="groups/delete.html")


def _change(token: str, apply: Any) -> Any:
    """One change of a group found by its link (``apply(db_session, group)`` returns the
    address to go to, or None for the group's page); a refusal shows the group as it is now,
    with the reason."""
    limit("groups")
    try:
        with get_db().write() as db_session:
            group = store.by_token(db_session, token)
            target = apply(db_session, group)
    except (store.GroupNotFound, store.GroupLinkRevoked) as error:
        return _bad_link(error, token)
    except store.NotGroupOwner:
        abort(403)
    except store.NoSuchPlayer:
        abort(404)
    except GameError as error:
        flash(translate_error(error), "error")
        return group_page(token, 409 if isinstance(error, store.StaleGroup)
                          else status_of(error))
    except SQLAlchemyError as error:
        if not is_storage_fault(error):
            raise
        flash(storage_message(), "error")
        return redirect(url_for("groups.group_page", token=token), 303)
    return redirect(target or url_for("groups.group_page", token=token))


def _form(name: str) -> Any:
    return request.form.get(name)


@groups_bp.post("/g/<token>/players")
def add_player(token: str) -> Any:
    def apply(db_session: Session, group: Group) -> str:
        player = store.add_player(db_session, group, _form("name"), _form("colour"),
                                  _form("mark"), _form("rev"))
        flash(_("%(name)s is in the group.", name=player.name), "info")
        return url_for("groups.group_page", token=token, _anchor="add-player")
    return _change(token, apply)


@groups_bp.post("/g/<token>/players/<int:player_id>")
def edit_player(token: str, player_id: int) -> Any:
    def apply(db_session: Session, group: Group) -> str:
        store.edit_player(db_session, group, player_id, _form("rev"), name=_form("name"),
                          colour=_form("colour"), mark=_form("mark"))
        return url_for("groups.group_page", token=token, _anchor=f"player-{player_id}")
    return _change(token, apply)


PLAYER_MOVES = {"up": -1, "down": 1}


@groups_bp.post("/g/<token>/players/<int:player_id>/<move>")
def move_player(token: str, player_id: int, move: str) -> Any:
    """A player moved up or down the roster, or taken off it."""
    if move not in (*PLAYER_MOVES, "remove"):
        abort(404)

    def apply(db_session: Session, group: Group) -> str | None:
        if move == "remove":
            name = store.remove_player(db_session, group, player_id, _form("rev"))
            flash(_("%(name)s is no longer in the group.", name=name), "info")
            return None
        store.move_player(db_session, group, player_id, _form("rev"), PLAYER_MOVES[move])
        return url_for("groups.group_page", token=token, _anchor=f"player-{player_id}")
    return _change(token, apply)


@groups_bp.post("/g/<token>/rename")
def rename(token: str) -> Any:
    def apply(db_session: Session, group: Group) -> None:
        store.rename(group, phone_id(), _form("rev"), _form("name"))
    return _change(token, apply)


@groups_bp.post("/g/<token>/revoke")
def revoke(token: str) -> Any:
    made: list[str] = []

    def apply(db_session: Session, group: Group) -> str:
        made.append(store.revoke(db_session, group, phone_id(), _form("rev")))
        return url_for("groups.group_page", token=made[0])
    answer = _change(token, apply)
    if made and answer.status_code == 302:
        forget(token)
        remember(made[0])
        flash(_("A new link is made: the old one no longer opens the group. Share this one "
                "with your group."), "info")
    return answer


@groups_bp.post("/g/<token>/delete")
def delete_group(token: str) -> Any:
    kept: list[int] = []

    def apply(db_session: Session, group: Group) -> str:
        kept.append(store.delete_group(db_session, group, phone_id(), _form("rev")))
        return url_for("groups.your_groups")
    answer = _change(token, apply)
    if kept and answer.status_code == 302:
        forget(token)
        flash(plural_form("The group is deleted. Its %(num)s table stays, with its log.",
                          "The group is deleted. Its %(num)s tables stay, with their logs.",
                          kept[0]) % {"num": kept[0]} if kept[0]
              else _("The group is deleted."), "info")
    return answer
