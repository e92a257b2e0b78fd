"""Phone pages: start a table, join it, play it. Thin views over the table service."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

from .. import inputs
from ..games import GAMES
from ..games.base import GameError
from ..i18n import LANGUAGES
from ..i18n import gettext as _
from ..tables import (
    NotAllowed,
    Sender,
    TableNotFound,
    TableView,
    TooManyRequests,
)
from .api import status_of
from .common import local_path, service, translate_error
from .forms import form_to_action
from .fragments import fragment_answer
from .limits import limit
from .links import public_url, qr_img, qr_svg
from .phone import (
    cookie_map,
    is_host,
    my_seat,
    remember_table,
    seat_lost,
    seat_tokens,
    sender,
    set_cookie_map,
)
from .security import CSRF_SESSION_KEY
from .tables_common import (
    expected_version,
    game_of,
    load_table,
    recent_entries,  # noqa: F401 - read as pages.recent_entries
    table_context,
    tap_key,
    unchanged,
    wants_json,
)

pages_bp = Blueprint("pages", __name__)


NOT_A_WHOLE_NUMBER = "%(field)s must be a whole number"  # the engines' msgid (games/base.py)


def _write_response(table_id: str, write: Any, back: str | None = None) -> Any:
    """Run one write for a page: JSON for the page's script, a redirect without it."""
    try:
        view = write()
    except GameError as error:
        message = translate_error(error, game_of(table_id))
        if error.msgid == NOT_A_WHOLE_NUMBER:
            # The field is named by its key in the action ("card_coins"): a page names
            # what the player can do about it instead.
            message = _("A number box is empty or does not hold a whole number: fill in "
                        "every box and send again.")
        lost = seat_lost(table_id, my_seat(table_id))
        if isinstance(error, NotAllowed) and lost is not None:
            message = _("Your seat moved to another phone (or the host freed it): this "
                        "phone only watches now.")
        if wants_json():
            return jsonify({"error": {"code": error.code, "message": message}}), status_of(error)
        if isinstance(error, TableNotFound):
            abort(404)
        flash(message, "error")
        return redirect(back or url_for("pages.table", table_id=table_id))
    if wants_json():
        return jsonify({"version": view.version})
    return redirect(url_for("pages.table", table_id=table_id))


# ---------------------------------------------------------------------------- start


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
    view = load_table(table_id)
    remember_table(table_id)
    seat = my_seat(table_id)
    join_url = public_url("pages.table", table_id=table_id)
    context = table_context(view, seat)
    context.update(
        join_url=join_url,
        join_qr=qr_img(join_url, _("QR code to join this table")),
        watch_url=public_url("pages.watch", token=view.watch_token),
        claimed=context.get("claimed", None) or service().claimed_seats(table_id),
        seating=service().seating(table_id)[1],
    )
    page = make_response(render_template("table.html", **context))
    if context["seat_lost"] is not None:
        set_cookie_map("held", table_id, None)  # said once on the full page: enough
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
    page = make_response(render_template("watch.html", **table_context(view, None, spectator=True),
                                         seating=service().seating(view.id)[1]))
    page.headers["Cache-Control"] = "no-store"  # as the table page: never an older version
    return page


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
    html = render_template("live.html", **table_context(view, seat, spectator, host=host,
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
    load_table(table_id)
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
            set_cookie_map("asked", table_id, service().request_seat(
                table_id, seat, cookie_map("asked").get(table_id)))
            return back
        token = service().claim(table_id, seat, by=sender(table_id),
                                moving_from=seat_tokens().get(table_id))
    except TooManyRequests as error:
        return render_template("error.html", message=translate_error(error), status=429), \
            429, {"Retry-After": "30"}
    except GameError as error:
        flash(translate_error(error), "error")
        return back
    set_cookie_map("seats", table_id, token)
    set_cookie_map("held", table_id, seat)  # what the table page would note: noted now
    set_cookie_map("asked", table_id, None)
    remember_table(table_id)
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
    set_cookie_map("asked", table_id, None)
    return redirect(url_for("pages.table", table_id=table_id))


def _seat_change(table_id: str, change: Any) -> Any:
    load_table(table_id)
    try:
        change(sender(table_id))
    except GameError as error:
        if wants_json():
            return jsonify({"error": {"code": error.code,
                                      "message": translate_error(error)}}), status_of(error)
        flash(translate_error(error), "error")
    if wants_json():
        return jsonify({"version": service().version(table_id)})
    return redirect(url_for("pages.table", table_id=table_id))


@pages_bp.post("/t/<table_id>/leave")
def leave(table_id: str) -> Any:
    """This phone gives its seat up: the seat is free for another phone."""
    seat = my_seat(table_id)
    if seat is not None:
        service().free(table_id, seat, by=Sender(seat, False))
    set_cookie_map("seats", table_id, None)
    set_cookie_map("held", table_id, None)
    return redirect(url_for("pages.table", table_id=table_id))


@pages_bp.post("/t/<table_id>/act")
def act(table_id: str) -> Any:
    by = sender(table_id)
    back = request.form.get("back")
    back_url = url_for("pages.entry", table_id=table_id) if back == "entry" else None
    return _write_response(
        table_id,
        lambda: service().act(table_id, expected_version(), form_to_action(request.form),
                              by=by, key=tap_key()),
        back_url)


@pages_bp.post("/t/<table_id>/undo")
def undo(table_id: str) -> Any:
    by = sender(table_id)
    return _write_response(
        table_id, lambda: service().undo(table_id, expected_version(), by=by, key=tap_key()))


@pages_bp.post("/t/<table_id>/redo")
def redo(table_id: str) -> Any:
    by = sender(table_id)
    return _write_response(
        table_id, lambda: service().redo(table_id, expected_version(), by=by, key=tap_key()))


@pages_bp.get("/t/<table_id>/entry")
def entry(table_id: str) -> Any:
    """Quick entry of a round's results on one phone; with ?round=N, a correction (also in
    a game without quick entry that names a past round's entry: ``correction_prefill``)."""
    view = load_table(table_id)
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
    context = table_context(view, my_seat(table_id))
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
        view = service().amend(table_id, expected_version(), target,
                               form_to_action(request.form), by=by, key=tap_key())
        # Saying so: the correction is saved, and every phone now shows the new scores.
        corrected = view.label_of(view.version).params.get("round", "?")
        flash(_("Correction of round %(n)s saved: every phone shows the new scores.",
                n=corrected), "info")
        return view

    return _write_response(table_id, write, back)


@pages_bp.get("/t/<table_id>/qr.svg")
def join_qr(table_id: str) -> Any:
    load_table(table_id)
    response = make_response(qr_svg(public_url("pages.table", table_id=table_id)))
    response.headers["Content-Type"] = "image/svg+xml"
    return response


@pages_bp.app_errorhandler(404)
def not_found(error: Any) -> Any:
    if request.path.startswith("/api/"):
        return jsonify({"error": {"code": "not_found", "message": _("Nothing here.")}}), 404
    return render_template("error.html", message=_("Nothing here: check the address."),
                           status=404), 404
