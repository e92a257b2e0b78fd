"""Phone pages: start a table, join it, play it. Thin views over the table service."""

from __future__ import annotations

import base64
import functools
import io
import re
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import qrcode
from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from markupsafe import Markup

from .. import inputs
from ..games import GAMES
from ..games.base import HOST, N_, GameError, MalformedInput
from ..i18n import LANGUAGES
from ..i18n import gettext as _
from ..tables import (
    SEAT_MSGIDS,
    NotAllowed,
    Seating,
    Sender,
    TableMeta,
    TableNotFound,
    TableView,
    TooManyRequests,
    may_send,
    owner_of,
    seal_undo_refused,
    sealed_step,
)
from .api import status_of
from .common import local_path, render_label, service, translate_error
from .fragments import fragment_answer
from .limits import limit
from .security import CSRF_SESSION_KEY

pages_bp = Blueprint("pages", __name__)

MAX_REMEMBERED_TABLES = 20


# ---------------------------------------------------------------------------- helpers

def _cookie_map(name: str) -> dict[str, Any]:
    value = session.get(name)
    return dict(value) if isinstance(value, dict) else {}


def _seat_tokens() -> dict[str, str]:
    return _cookie_map("seats")


def _set_cookie_map(name: str, table_id: str, value: Any) -> None:
    values = _cookie_map(name)
    if value is None:
        values.pop(table_id, None)
    else:
        values[table_id] = value
    # Only the most recent tables are kept, so the cookie stays small.
    kept = dict(list(values.items())[-MAX_REMEMBERED_TABLES:])
    if session.get(name) != kept:
        session[name] = kept  # an unchanged session is not re-signed and re-sent
    _keep_for_good()


def _keep_for_good() -> None:
    """A permanent session (its lifetime, not the browser's), marked once: marking it
    again would count as a change and re-send the cookie."""
    if not session.permanent:
        session.permanent = True


def my_seat(table_id: str, seats: Seating | None = None) -> int | None:
    """The seat this phone holds at the table, if it still holds it (from ``seats`` when
    the caller read them). A seat request the host (or the holder) approved becomes this
    phone's seat here."""
    def seat_of(token: Any) -> int | None:
        if seats is None:
            return service().seat_of(table_id, token)
        return seats.claims.get(token) if isinstance(token, str) else None

    seat = seat_of(_seat_tokens().get(table_id))
    if seat is None:
        asked = _cookie_map("asked").get(table_id)
        if asked:
            seat = seat_of(asked)
            if seat is not None:
                _set_cookie_map("seats", table_id, asked)
                _set_cookie_map("asked", table_id, None)
    if seat is not None and _cookie_map("held").get(table_id) != seat:
        _set_cookie_map("held", table_id, seat)
    return seat


def seat_lost(table_id: str, seat: int | None) -> int | None:
    """The seat this phone held and no longer holds (moved to another phone or freed)."""
    held = _cookie_map("held").get(table_id)
    return held if seat is None and isinstance(held, int) else None


def is_host(table_id: str, meta: TableMeta | None = None) -> bool:
    """Whether this phone holds the table's host token (the phone that created it); from
    ``meta`` when the caller read it."""
    token = _cookie_map("hosts").get(table_id)
    if meta is not None:
        return service().holds_host_token(meta, token)
    return service().is_host(table_id, token)


def sender(table_id: str) -> Sender:
    return Sender(my_seat(table_id), is_host(table_id))


def _remember_table(table_id: str) -> None:
    recent = [t for t in session.get("recent", []) if t != table_id]
    now = [table_id, *recent][:MAX_REMEMBERED_TABLES]
    if session.get("recent") != now:
        session["recent"] = now
    _keep_for_good()


def _load(table_id: str) -> TableView:
    try:
        return service().get(table_id)
    except TableNotFound:
        abort(404)


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute address phones can open (PUBLIC_URL when the server is behind a proxy)."""
    base = current_app.config.get("PUBLIC_URL")
    path = url_for(endpoint, **values)
    if base:
        return base.rstrip("/") + path
    return request.url_root.rstrip("/") + path


def _qr_matrix(data: str, correction: int = qrcode.constants.ERROR_CORRECT_M
               ) -> list[list[bool]]:
    """The QR code of an address, with a quiet zone of 4 modules."""
    code = qrcode.QRCode(border=4, error_correction=correction)
    code.add_data(data)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def qr_svg(data: str) -> str:
    """An SVG QR code (one module a millimetre) for an address, each row's runs of dark
    modules drawn as one rectangle: what ``/t/<id>/qr.svg`` answers, to print or save."""
    matrix = _qr_matrix(data)
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1H{start}z")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}mm" height="{size}mm" '
            f'viewBox="0 0 {size} {size}" shape-rendering="crispEdges">'
            f'<rect width="100%" height="100%" fill="#fff"/>'
            f'<path id="qr-path" fill="#000" d="{"".join(runs)}"/></svg>')


@functools.lru_cache(maxsize=256)
def qr_img(data: str, alt: str) -> Markup:
    """The QR code of an address as it goes in a page: a one-pixel-a-module black and white
    PNG inline (a data: address, which the CSP allows for images), drawn square and sharp by
    CSS at any size (``image-rendering: pixelated``). About 250 bytes where the SVG takes
    three to five kilobytes on every host's first load."""
    from PIL import Image

    # A screen is never torn nor stained: the lowest correction, the fewest modules.
    matrix = _qr_matrix(data, qrcode.constants.ERROR_CORRECT_L)
    size = len(matrix)
    image = Image.new("1", (size, size), 1)
    image.putdata([0 if dark else 1 for row in matrix for dark in row])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    src = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
    return Markup('<img src="{}" width="{}" height="{}" alt="{}" class="qr-code">').format(
        src, size * 8, size * 8, alt)


_INDEX = re.compile(r"[0-9]{1,9}")
MAX_FORM_PATH = 8  # dots in one form key: actions nest a few levels, never more


def _collision(key: str) -> MalformedInput:
    return MalformedInput(N_("form fields %(key)s and another one name the same place"),
                          code="form_collision", key=key[:80])


def form_to_action(form: Any, prefix: str = "a.") -> dict[str, Any]:
    """Turn dotted form fields (``a.results.0.cards=4``) into an action object.

    Numbers (ASCII digits) become integers, ``true``/``false`` booleans and an empty value
    null; a field named ``...:json`` holds a JSON value (one choice standing for an object);
    when a field repeats (a hidden ``false`` before a checkbox) the last value wins. Fields
    that cannot all hold (``a.type`` with ``a.type.x``, ``a.results.0`` with
    ``a.results.x``) are refused, whatever their order.
    """
    leaves: dict[tuple[str, ...], Any] = {}
    for key in form:
        if not key.startswith(prefix):
            continue
        raw = form.getlist(key)[-1]
        value: Any
        name = key
        if key.endswith(":json"):
            # A choice that stands for a whole object (a programmed move, say).
            value = inputs.loads(raw, form_field=True)
            name = key[: -len(":json")]
        elif raw == "":
            value = None
        elif raw in ("true", "false"):
            value = raw == "true"
        elif (number := inputs.ascii_int(raw, signed=True)) is not None:
            value = number
        else:
            value = raw
        path = tuple(name[len(prefix):].split("."))
        if len(path) > MAX_FORM_PATH:
            raise MalformedInput(N_("form field %(key)s nests too deep"), code="form_too_deep",
                                 key=key[:80])
        if path in leaves:
            raise _collision(key)
        leaves[path] = value
    # A place holds a value or further fields, never both; a list's places are all indexes.
    branches: dict[tuple[str, ...], set[str]] = {}
    for path in leaves:
        for depth in range(len(path) - 1):
            if path[:depth + 1] in leaves:
                raise _collision(prefix + ".".join(path))
            branches.setdefault(path[:depth], set()).add(path[depth])
        branches.setdefault(path[:-1], set()).add(path[-1])
    for parent, children in branches.items():
        indexes = {child for child in children if _INDEX.fullmatch(child)}
        if indexes and indexes != children:
            raise _collision(prefix + ".".join(parent))
    action: dict[str, Any] = {}
    for path, value in leaves.items():
        target: Any = action
        for depth, part in enumerate(path[:-1]):
            children = branches[path[:depth + 1]]
            if _slot(target, part) is None:
                _put(target, part, [] if all(_INDEX.fullmatch(c) for c in children) else {})
            target = _slot(target, part)
        _put(target, path[-1], value)
    return action


def _slot(container: dict[str, Any] | list[Any], key: str) -> Any:
    if isinstance(container, list):
        index = int(key)
        return container[index] if index < len(container) else None
    return container.get(key)


def _put(container: dict[str, Any] | list[Any], key: str, value: Any) -> None:
    if isinstance(container, list):
        index = int(key)
        if index > 64:
            raise MalformedInput(N_("too many entries in a form list"))
        while len(container) <= index:
            container.append(None)
        container[index] = value
    else:
        container[key] = value


def _wants_json() -> bool:
    return request.headers.get("X-Requested-With") == "fetch"


def _expected_version() -> int | None:
    return inputs.ascii_int(request.form.get("expected_version", ""))


def _game_of(table_id: str) -> Any:
    try:
        return service().get(table_id).game
    except GameError:
        return None


NOT_A_WHOLE_NUMBER = "%(field)s must be a whole number"  # the engines' msgid (games/base.py)


def _write_response(table_id: str, write: Any, back: str | None = None) -> Any:
    """Run one write for a page: JSON for the page's script, a redirect without it."""
    try:
        view = write()
    except GameError as error:
        message = translate_error(error, _game_of(table_id))
        if error.msgid == NOT_A_WHOLE_NUMBER:
            # The field is named by its key in the action ("card_coins"): a page names
            # what the player can do about it instead.
            message = _("A number box is empty or does not hold a whole number: fill in "
                        "every box and send again.")
        lost = seat_lost(table_id, my_seat(table_id))
        if isinstance(error, NotAllowed) and lost is not None:
            message = _("Your seat moved to another phone (or the host freed it): this "
                        "phone only watches now.")
        if _wants_json():
            return jsonify({"error": {"code": error.code, "message": message}}), status_of(error)
        if isinstance(error, TableNotFound):
            abort(404)
        flash(message, "error")
        return redirect(back or url_for("pages.table", table_id=table_id))
    if _wants_json():
        return jsonify({"version": view.version})
    return redirect(url_for("pages.table", table_id=table_id))


def _checker(view: TableView, by: Sender | None) -> Any:
    """``check(action)``: why the table or the engine would refuse this phone's action now,
    or None. Pages use it to grey out what is not allowed, with the reason."""
    def check(action: dict[str, Any]) -> str | None:
        if by is None or (by.seat is None and not by.host):
            return _("Only a seated phone can act.")
        try:
            if not may_send(owner_of(view.game, view.state, action), by):
                return _("Not your turn to send this: it belongs to another seat.")
            view.game.apply(view.state, action)
        except GameError as error:
            return translate_error(error, view.game)
        return None

    return check


def _undo_refusal(view: TableView, by: Sender | None, redo: bool = False) -> str | None:
    """Why this phone may not undo (or redo) the entry on top, or None."""
    target = view.redo_target if redo else view.undo_target
    if target is None or by is None:
        return None
    if target.reveals is not None and not by.host:
        return _("Only the host can undo a reveal.")
    refused = None if redo or by.host else seal_undo_refused(view, target)
    if refused is not None:
        return translate_error(refused, view.game)
    if not may_send(target.belongs_to, by):
        if target.belongs_to == HOST:
            return _("Only the host can do this.")
        if not isinstance(target.owner, int):  # the table's own entry: any seated phone
            return _("Only a seated phone or the host can do this.")
        name = view.players[target.owner]["name"]
        return _("Only %(name)s's phone or the host can undo this.", name=name)
    return None


def _touches_other_seat(view: TableView, by: Sender | None, redo: bool = False) -> str | None:
    """The confirmation this phone asks before undoing (or redoing) the entry on top when
    that entry is another seat's (the host undoing a player's card), or None."""
    target = view.redo_target if redo else view.undo_target
    if target is None or by is None or not isinstance(target.owner, int) \
            or target.owner == by.seat or not may_send(target.owner, by):
        return None
    if not 0 <= target.owner < len(view.players):
        return None
    name = view.players[target.owner].get("name", "?")
    label = render_label(view, view.label_of(target.seq))
    if redo:
        return _("This is %(name)s's entry. Redo “%(label)s”?", name=name, label=label)
    return _("This is %(name)s's entry. Undo “%(label)s”?", name=name, label=label)


def active_seats(view: TableView) -> list[int]:
    """The seats the game waits for now (its optional ``active_seats``), or none."""
    active_of = getattr(view.game, "active_seats", None)
    if active_of is None:
        return []
    try:
        seats = active_of(view.state)
    except GameError:
        return []
    return [s for s in seats if isinstance(s, int) and 0 <= s < len(view.players)]


RECENT_ENTRIES = 6


def recent_entries(view: TableView, count: int = RECENT_ENTRIES) -> list[dict[str, Any]]:
    """The table's last entries for the live page's log, newest first, from what the table
    keeps in memory: each entry's label, whether it is undone, and a divider above the entry
    that closed each round."""
    from .. import plays

    done = {op.seq for op in view.replay.done}
    closed = {seq: number for number, seq in view.replay.round_closers.items()}
    items: list[dict[str, Any]] = []
    for seq in sorted(view.labels, reverse=True)[:count]:
        label = view.labels[seq]
        moves = label.msgid in ("undo", "redo")
        seat_change = label.msgid in SEAT_MSGIDS
        if seq in closed:
            items.append({"divider": render_label(view, plays.round_title(view.game,
                                                                          closed[seq]))})
        items.append({"seq": seq, "text": render_label(view, label),
                      "kind": label.msgid if moves else "seat" if seat_change else "action",
                      "undone": not moves and not seat_change and seq not in done})
    return items


def _context(view: TableView, seat: int | None, spectator: bool = False, *,
             host: bool | None = None, seats: Seating | None = None) -> dict[str, Any]:
    """What the table's templates read (``host`` and ``seats`` when the caller knows them:
    the live view reads them with the version)."""
    viewer = None if spectator else seat
    host = not spectator and (is_host(view.id) if host is None else host)
    by = None if spectator else Sender(seat, host)
    unseated = seat is None and not spectator
    return {
        **(_unseated_context(view, seats) if unseated else {}),
        "is_host": host,
        "seat_lost": None if spectator else seat_lost(view.id, seat),
        "reopened": view.reopened,
        "undo_refusal": _undo_refusal(view, by) if by else None,
        "redo_refusal": _undo_refusal(view, by, redo=True) if by else None,
        "active_seats": active_seats(view),
        "recent": recent_entries(view),
        "secret_step": sealed_step(view.game, view.state) is not None,
        "undo_ask": _touches_other_seat(view, by) if by else None,
        "redo_ask": _touches_other_seat(view, by, redo=True) if by else None,
        "requests": [] if spectator or (not host and seat is None) else (
            seats.requests if seats is not None else service().requests(view.id)),
        "pub": view.public_state(viewer),
        "check": _checker(view, by),
        "view": view,
        "game": view.game,
        "state": view.state,
        "outcome": view.outcome,
        "seat": seat,
        "spectator": spectator,
        "undo_label": render_label(view, view.undo_label),
        "redo_label": render_label(view, view.redo_label),
        "poll_ms": current_app.config["POLL_INTERVAL_MS"],
        "render_label": lambda label: render_label(view, label),
    }


# ---------------------------------------------------------------------------- start

def _unseated_context(view: TableView, seats: Seating | None) -> dict[str, Any]:
    """What a phone without a seat reads to choose one (who.html, part of the live view):
    the seats taken, and its own request for one (pending, refused) as it stands now."""
    return {
        "claimed": (set(seats.claims.values()) if seats is not None
                    else service().claimed_seats(view.id)),
        "asked": service().request_status(view.id, _cookie_map("asked").get(view.id)),
        "watch_url": public_url("pages.watch", token=view.watch_token),
    }


@pages_bp.get("/")
def home() -> Any:
    recent = []
    for table_id in session.get("recent", []):
        try:
            recent.append(service().get(table_id))
        except GameError:
            # Gone, or stored in a shape today's rules no longer read: this phone's other
            # tables are still listed.
            continue
    return render_template("home.html", games=GAMES, recent=recent)


@pages_bp.get("/language/<lang>")
def set_language(lang: str) -> Any:
    if lang in LANGUAGES:
        session["lang"] = lang
        session.permanent = True
    target = local_path(request.args.get("next"))
    # A page whose address names a language (the rules reference) follows the new choice.
    parts = urlsplit(target)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "lang"]
    if len(query) != len(parse_qsl(parts.query)) and lang in LANGUAGES:
        query.append(("lang", lang))
    return redirect(urlunsplit(("", "", parts.path, urlencode(query), parts.fragment)))


@pages_bp.get("/t/<table_id>")
def table(table_id: str) -> Any:
    view = _load(table_id)
    _remember_table(table_id)
    seat = my_seat(table_id)
    join_url = public_url("pages.table", table_id=table_id)
    context = _context(view, seat)
    context.update(
        join_url=join_url,
        join_qr=qr_img(join_url, _("QR code to join this table")),
        watch_url=public_url("pages.watch", token=view.watch_token),
        claimed=context.get("claimed", None) or service().claimed_seats(table_id),
        seating=service().seating(table_id)[1],
    )
    page = make_response(render_template("table.html", **context))
    if context["seat_lost"] is not None:
        _set_cookie_map("held", table_id, None)  # said once on the full page: enough
    # Never from a cache, back and forward included: a page showing an older version would
    # then be brought up to date under the player's eyes (and shout a crack already seen).
    page.headers["Cache-Control"] = "no-store"
    return page


@pages_bp.get("/watch/<token>")
def watch(token: str) -> Any:
    try:
        view = service().by_watch_token(token)
    except TableNotFound:
        abort(404)
    page = make_response(render_template("watch.html", **_context(view, None, spectator=True),
                                         seating=service().seating(view.id)[1]))
    page.headers["Cache-Control"] = "no-store"  # as the table page: never an older version
    return page


def unchanged(version: int, seating: int) -> Any:
    """A poll's answer when nothing moved: empty, and kept alive."""
    return "", 200, {"X-Version": str(version), "X-Seating": str(seating),
                     "X-Unchanged": "1", "Cache-Control": "no-store"}


@pages_bp.get("/t/<table_id>/live")
@pages_bp.get("/watch/<table_id>/live", endpoint="watch_live")
def live(table_id: str) -> Any:
    """The live part of the table page, or an empty answer (200, ``Content-Length: 0``) when
    neither the log nor the seats moved since the version (``v``) and seating (``s``) the
    phone has. Not 204: waitress closes the connection after every 204, so each poll would
    cost the phone a new connection. A phone that applies diffs (``d=1``) and names the
    fragment it holds (``h``) may get only what changed (see ``fragments``)."""
    spectator = request.path.startswith("/watch/")
    since, seen_seating = inputs.ascii_int(request.args.get("v", "")), inputs.ascii_int(
        request.args.get("s", ""))
    try:
        if spectator:
            # The seats too: a finished table's move when a phone starts the rematch.
            view = service().by_watch_token(table_id)
            seating = service().seating(view.id)[1]
        else:
            # One small read: the version, the seating counter and the table's tokens; the
            # seats are read again only when the counter moved.
            version, seating, meta = service().peek(table_id)
            if since == version and seen_seating in (seating, None):
                return unchanged(version, seating)
            view = service().view_at(table_id, meta, version)
    except TableNotFound:
        abort(404)
    if since == view.version and seen_seating in (seating, None):
        return unchanged(view.version, seating)
    if spectator:
        seat, host, seats = None, False, None
    else:
        seats = service().seating_at(table_id, meta, seating)
        seat, host = my_seat(table_id, seats), is_host(table_id, meta)
    html = render_template("live.html", **_context(view, seat, spectator, host=host,
                                                   seats=seats))
    # Whom this fragment was rendered for: a diff is only ever made from a fragment sent to
    # the same viewer (same table, seat, host or not, and session).
    viewer = ("watch", table_id) if spectator else (
        "table", table_id, seat, host, session.get(CSRF_SESSION_KEY))
    response = fragment_answer(html, viewer, request.args.get("d") == "1",
                               request.args.get("h"))
    response.headers["X-Version"] = str(view.version)
    response.headers["X-Seating"] = str(seating)
    response.headers["Cache-Control"] = "no-store"
    return response


@pages_bp.post("/t/<table_id>/claim")
def claim(table_id: str) -> Any:
    """Take a free seat; ask for a taken one (the host, or the phone holding it, decides).
    The host takes any seat at once."""
    _load(table_id)
    raw = request.form.get("seat", "")
    number = inputs.ascii_int(raw)
    seat: Any = raw if number is None else number
    back = redirect(url_for("pages.table", table_id=table_id))
    try:
        if seat in service().claimed_seats(table_id) and not is_host(table_id):
            if my_seat(table_id) == seat:
                return back
            # The table page says so (who.html), and follows the request live.
            limit("seat_requests")
            _set_cookie_map("asked", table_id, service().request_seat(
                table_id, seat, _cookie_map("asked").get(table_id)))
            return back
        token = service().claim(table_id, seat, by=sender(table_id),
                                moving_from=_seat_tokens().get(table_id))
    except TooManyRequests as error:
        return render_template("error.html", message=translate_error(error), status=429), \
            429, {"Retry-After": "30"}
    except GameError as error:
        flash(translate_error(error), "error")
        return back
    _set_cookie_map("seats", table_id, token)
    _set_cookie_map("held", table_id, seat)  # what the table page would note: noted now
    _set_cookie_map("asked", table_id, None)
    _remember_table(table_id)
    return back


@pages_bp.post("/t/<table_id>/requests/<int:request_id>/<any(approve, refuse):decision>")
def decide(table_id: str, request_id: int, decision: str) -> Any:
    """The host (or the seat's holder) hands a seat over to the phone that asked, or not."""
    return _seat_change(table_id, lambda by: service().decide(
        table_id, request_id, decision == "approve", by=by))


@pages_bp.post("/t/<table_id>/requests/refuse-all")
def refuse_all(table_id: str) -> Any:
    """The host (or a seat's holder, for its seat) refuses every open seat request."""
    return _seat_change(table_id, lambda by: service().refuse_all(table_id, by=by))


@pages_bp.post("/t/<table_id>/seats/<int:seat>/free")
def free(table_id: str, seat: int) -> Any:
    """The host frees a seat (a phone lost or out of battery): another phone may take it."""
    return _seat_change(table_id, lambda by: service().free(table_id, seat, by=by))


@pages_bp.post("/t/<table_id>/cancel-request")
def cancel_request(table_id: str) -> Any:
    _set_cookie_map("asked", table_id, None)
    return redirect(url_for("pages.table", table_id=table_id))


def _seat_change(table_id: str, change: Any) -> Any:
    _load(table_id)
    try:
        change(sender(table_id))
    except GameError as error:
        if _wants_json():
            return jsonify({"error": {"code": error.code,
                                      "message": translate_error(error)}}), status_of(error)
        flash(translate_error(error), "error")
    if _wants_json():
        return jsonify({"version": service().version(table_id)})
    return redirect(url_for("pages.table", table_id=table_id))


@pages_bp.post("/t/<table_id>/leave")
def leave(table_id: str) -> Any:
    """This phone gives its seat up: the seat is free for another phone."""
    seat = my_seat(table_id)
    if seat is not None:
        service().free(table_id, seat, by=Sender(seat, False))
    _set_cookie_map("seats", table_id, None)
    _set_cookie_map("held", table_id, None)
    return redirect(url_for("pages.table", table_id=table_id))


def _key() -> str | None:
    """The tap's idempotency key: the page sends one per tap and reuses it on a re-send."""
    return request.headers.get("Idempotency-Key") or request.form.get("idempotency_key") or None


@pages_bp.post("/t/<table_id>/act")
def act(table_id: str) -> Any:
    by = sender(table_id)
    back = request.form.get("back")
    back_url = url_for("pages.entry", table_id=table_id) if back == "entry" else None
    return _write_response(
        table_id,
        lambda: service().act(table_id, _expected_version(), form_to_action(request.form),
                              by=by, key=_key()),
        back_url)


@pages_bp.post("/t/<table_id>/undo")
def undo(table_id: str) -> Any:
    by = sender(table_id)
    return _write_response(
        table_id, lambda: service().undo(table_id, _expected_version(), by=by, key=_key()))


@pages_bp.post("/t/<table_id>/redo")
def redo(table_id: str) -> Any:
    by = sender(table_id)
    return _write_response(
        table_id, lambda: service().redo(table_id, _expected_version(), by=by, key=_key()))


@pages_bp.get("/t/<table_id>/entry")
def entry(table_id: str) -> Any:
    """Quick entry of a round's results on one phone; with ?round=N, a correction (also in
    a game without quick entry that names a past round's entry: ``correction_prefill``)."""
    view = _load(table_id)
    prefill_of = getattr(view.game, "correction_prefill", None)
    raw_round = request.args.get("round", "")
    round_no = inputs.ascii_int(raw_round)
    if not getattr(view.game, "QUICK_ENTRY", False) and (prefill_of is None or not raw_round):
        abort(404)
    target = None
    prefill = None
    if raw_round and round_no is None:
        abort(404)
    if round_no is not None:
        target = view.replay.round_closers.get(round_no)
        if prefill_of is not None:
            prefill = prefill_of(view.state, round_no)
        else:
            summary = next((s for s in view.game.to_json(view.state)["rounds"]
                            if s["number"] == round_no), None)
            prefill = summary["results"] if summary is not None else None
        if target is None or prefill is None:
            abort(404)
    context = _context(view, my_seat(table_id))
    context.update(correct_round=round_no if target else None, target=target,
                   prefill=prefill)
    return render_template("entry.html", **context)


@pages_bp.post("/t/<table_id>/correct")
def correct(table_id: str) -> Any:
    by = sender(table_id)
    raw_target = request.form.get("target", "")
    number = inputs.ascii_int(raw_target)
    target: Any = raw_target if number is None else number
    back = url_for("pages.entry", table_id=table_id, round=request.form.get("round"))

    def write() -> TableView:
        view = service().amend(table_id, _expected_version(), target,
                               form_to_action(request.form), by=by, key=_key())
        # Saying so: the correction is saved, and every phone now shows the new scores.
        corrected = view.label_of(view.version).params.get("round", "?")
        flash(_("Correction of round %(n)s saved: every phone shows the new scores.",
                n=corrected), "info")
        return view

    return _write_response(table_id, write, back)


@pages_bp.get("/t/<table_id>/log")
def log(table_id: str) -> Any:
    """The table's history: every entry, who sent it and when, by round."""
    from .after import history_page

    return history_page(table_id)


@pages_bp.get("/t/<table_id>/qr.svg")
def join_qr(table_id: str) -> Any:
    _load(table_id)
    response = make_response(qr_svg(public_url("pages.table", table_id=table_id)))
    response.headers["Content-Type"] = "image/svg+xml"
    return response


@pages_bp.app_errorhandler(404)
def not_found(error: Any) -> Any:
    if request.path.startswith("/api/"):
        return jsonify({"error": {"code": "not_found", "message": _("Nothing here.")}}), 404
    return render_template("error.html", message=_("Nothing here: check the address."),
                           status=404), 404
