"""The shared screen and the offline shell.

- ``/tv/<watch token>``: the table for a TV or a laptop in the middle of the table: one
  screen laid out per game (``templates/tv/games/<game id>.html``: the board large, every
  player's standing, whose turn it is, the last entries), with the join QR code in a corner
  until every seat is held. It renders as a spectator (``to_json(state, None)``, no
  controls, nothing secret), kept live like the phones; at the end the final standings fill
  the screen, and once a phone starts the rematch the screen moves to the rematch's own.
- ``/sw.js``: the service worker, served from the root so its scope is the whole app. It
  caches the page shell and the static files, never table data (see the file itself).
- ``/offline``: the page the service worker shows when a page cannot be loaded at all.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    make_response,
    render_template,
    request,
    url_for,
)

from .. import inputs
from ..i18n import gettext as _
from ..tables import TableNotFound, TableView
from .after import existing_rematch
from .common import service
from .fragments import fragment_answer
from .links import public_url, qr_img
from .phone import cookie_map, is_host, set_cookie_map
from .tables_common import recent_entries, table_context, unchanged

tv_bp = Blueprint("tv", __name__)
TV_ENTRIES = 12


def _tv_view(token: str) -> TableView:
    try:
        return service().by_watch_token(token)
    except TableNotFound:
        abort(404)


def invite_key(table_id: str) -> str:
    """What the host's link to the shared screen carries so that the screen shows the join
    code (the table's writable address): derived from the server's secret, never from
    anything a spectator sees."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(secret, f"tv-invite:{table_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:12]).decode()  # 96 bits


def _invites(view: TableView) -> bool:
    """Whether this screen shows the join code: opened from the table's own page (its link
    carries the invite key: only a phone that has the table's writable address sees it), or
    in the host's own browser. A screen opened from a spectator link shows no way into the
    writable table."""
    key = invite_key(view.id)
    given = request.args.get("join", "")
    if given and hmac.compare_digest(given, key):
        # The screen's own live updates ask without the key: its browser keeps it.
        if cookie_map("tv_invites").get(view.id) != key:
            set_cookie_map("tv_invites", view.id, key)
        return True
    kept = cookie_map("tv_invites").get(view.id)
    return (isinstance(kept, str) and hmac.compare_digest(kept, key)) or is_host(view.id)


def _tv_context(view: TableView) -> dict[str, Any]:
    """A spectator's context plus, on the host's screen, the join code while a seat is
    free."""
    context = table_context(view, None, spectator=True)
    claimed = service().claimed_seats(view.id)
    free = [p["name"] for i, p in enumerate(view.players) if i not in claimed]
    invites = _invites(view)
    join_url = public_url("pages.table", table_id=view.id) if invites else ""
    context.update(
        tv=True,
        free_seats=free if invites else [],
        join_url=join_url,
        join_qr=qr_img(join_url, _("QR code to join this table")) if free and invites else "",
        seating=service().seating(view.id)[1],
        rematch_url=_rematch_url(view),
        # More of the log than a phone shows: the side column shows as many as it holds.
        recent=recent_entries(view, TV_ENTRIES),
    )
    return context


def _rematch_url(view: TableView) -> str:
    """The shared screen of the finished table's rematch, once a phone started it (the
    rematch's own watch token: the screen follows it without anyone at the TV)."""
    if view.outcome is None:
        return ""
    target = existing_rematch(view.id)
    if target is None:
        return ""
    return url_for("tv.tv", token=service().get(target).watch_token,
                   join=invite_key(target) if _invites(view) else None)


@tv_bp.get("/tv/<token>")
def tv(token: str) -> Any:
    view = _tv_view(token)
    response = make_response(render_template("tv/tv.html", **_tv_context(view)))
    response.headers["Cache-Control"] = "no-store"
    return response


@tv_bp.get("/tv/<token>/live")
def tv_live(token: str) -> Any:
    """The live part of the TV page, or an empty answer (as ``pages.live``) when neither the
    log nor the seats moved since the version (``v``) and seating (``s``) the screen shows."""
    view = _tv_view(token)
    since = inputs.ascii_int(request.args.get("v", ""))
    seen = inputs.ascii_int(request.args.get("s", ""))
    seating = service().seating(view.id)[1]
    if since == view.version and seen in (seating, None):
        return unchanged(view.version, seating)
    response = fragment_answer(render_template("tv/live.html", **_tv_context(view)),
                               ("tv", view.id), request.args.get("d") == "1",
                               request.args.get("h"))
    response.headers["X-Version"] = str(view.version)
    response.headers["X-Seating"] = str(seating)
    response.headers["Cache-Control"] = "no-store"
    return response


@tv_bp.get("/sw.js")
def service_worker() -> Any:
    """The service worker from the app's root, so that it controls every page."""
    folder = current_app.static_folder or ""
    with open(f"{folder}/sw.js", encoding="utf-8") as handle:
        body = handle.read()
    response = make_response(body)
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Service-Worker-Allowed"] = "/"
    # A new version of the worker reaches the phones at their next visit.
    response.headers["Cache-Control"] = "no-cache"
    return response


@tv_bp.get("/offline")
def offline() -> Any:
    return render_template("offline.html")


@tv_bp.get("/ping")
def ping() -> Any:
    """An empty answer: an offline page asks it to know when the server is back."""
    response = make_response("", 204)
    response.headers["Cache-Control"] = "no-store"
    return response


@tv_bp.app_context_processor
def _tv_links() -> dict[str, Any]:
    """The table page's link to the shared screen carries the invite key (for the host)."""
    return {"tv_invite": invite_key}
