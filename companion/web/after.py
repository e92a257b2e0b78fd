"""Game over and after: the results screen, rematch, the history page, the exports (pages
and API), the colour theme, the favicon and the web manifest. Every game alike, through
``companion.plays``."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    send_from_directory,
    session,
    url_for,
)
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from .. import plays
from ..db import EntryRow, TableRow
from ..games.base import N_, RULES_KEY, GameError, IllegalAction, Label, MalformedInput
from ..groups import store as group_store
from ..history import store
from ..i18n import gettext as _
from ..tables import (
    NotAllowed,
    Sender,
    TableNotFound,
    TableView,
    apply_logged,
    replay_entries,
)
from . import chart_svg, stats
from .api import api_bp, error_body
from .common import (
    local_path,
    render_label,
    service,
    translate_error,
)
from .decks import learn_offer
from .pages import pages_bp
from .phone import is_host, my_seat, remember_table, seat_tokens, sender, set_cookie_map
from .tables_common import (
    expected_version,
    game_of,
    load_table,
    tap_key,
    touches_other_seat,
    undo_refusal,
)

after_bp = Blueprint("after", __name__)

THEMES = ("auto", "light", "dark")
MAX_EXPORT_TABLES = 50


# ---------------------------------------------------------------------------- results

def reason_text(view: TableView) -> str | None:
    """Why the game ended, in the reader's language."""
    result = view.outcome
    return None if result is None else stats.reason_words(view.game.ID, result.reason)


def rematch_id(table_id: str) -> str:
    """The id of a table's rematch: derived from the table's own id with the app's secret,
    so every phone of the table finds the same rematch and nobody else can guess it."""
    key = str(current_app.config["SECRET_KEY"]).encode("utf-8")
    digest = hmac.new(key, f"rematch:{table_id}".encode(), hashlib.sha256).digest()
    import base64

    return base64.urlsafe_b64encode(digest[:12]).decode("ascii")


def existing_rematch(table_id: str) -> str | None:
    target = rematch_id(table_id)
    try:
        service().version(target)
    except TableNotFound:
        return None
    return target


def rematch_watch_token(table_id: str) -> str | None:
    """The spectator link's token of a table's rematch, once a phone started it."""
    target = existing_rematch(table_id)
    return None if target is None else service().peek(target)[2].watch_token


def results(view: TableView, spectator: bool = False) -> dict[str, Any]:
    """What the results screen shows: the ranking, the reason, the game clock, the rematch
    if one started (for a spectator, the rematch's own spectator page), the BG Stats link."""
    source = plays.scored(view.game, view.state)[1]
    return {
        **(stats.clock_card(view) if view.outcome is not None else stats.NO_CLOCK),
        "standings": plays.standings(view.game, view.state, view.players),
        "reason": reason_text(view),
        "score_label": _(plays.SCORE_LABELS[source]) if source else None,
        "rematch": None if spectator else existing_rematch(view.id),
        "rematch_watch": rematch_watch_token(view.id) if spectator else None,
        "learn": None if spectator else learn_offer(view),
    }


@after_bp.app_context_processor
def _globals() -> dict[str, Any]:
    theme = session.get("theme")
    return {"results_of": results, "charts_of": chart_svg.figures,
            "theme": theme if theme in THEMES else "auto"}


def start_rematch(view: TableView, by: Sender) -> str:
    """Start the rematch of a finished table (same game, players and options, new seeds),
    once; returns its id. The seats' tokens are copied, so the phones (and API clients)
    that held seats hold the same seats there. Any seated sender or the host may."""
    if by.seat is None and not by.host:
        raise NotAllowed(N_("Only a seated phone or the host can do this."), code="not_seated")
    if view.outcome is None:
        raise IllegalAction(N_("The game is not over yet."), code="game_not_over")
    target = rematch_id(view.id)
    if existing_rematch(view.id) is not None:
        return target
    seeds = {o.name for o in view.game.OPTIONS if o.kind == "seed"}
    # A rematch plays by this release's rules (``create`` names them), whatever the
    # finished table played by.
    options = {k: v for k, v in view.options.items() if k not in seeds and k != RULES_KEY}
    try:
        service().create(view.game.ID, view.players, options, table_id=target,
                         seats=service().seat_tokens(view.id),
                         also=lambda session, new_id: group_store.copy_links(session, view.id,
                                                                             new_id))
    except IntegrityError:
        return target  # another phone of the table started it a moment before
    # The finished table's phones (and its spectators and shared screen) redraw and offer
    # the rematch: their live streams are woken.
    with service().db.write() as db_session:
        db_session.execute(update(TableRow).where(TableRow.id == view.id)
                           .values(seating=TableRow.seating + 1))
        service().db.changed(db_session, view.id)
    return target


@after_bp.post("/t/<table_id>/rematch")
def rematch(table_id: str) -> Any:
    """Start the rematch in one tap and go there: the phones that held seats keep them, the
    host stays the host."""
    view = load_table(table_id)
    try:
        start_rematch(view, sender(table_id))
    except GameError as error:
        flash(translate_error(error, view.game), "error")
        return redirect(url_for("pages.table", table_id=table_id))
    return _follow(table_id)


@api_bp.post("/tables/<table_id>/rematch")
def api_rematch(table_id: str) -> Any:
    """The rematch of a finished table: 201 with the new table (and, for the host, its host
    token); the seat tokens of the finished table hold the same seats there."""
    from .api import _sender

    view = service().get(table_id)
    by = _sender(table_id)
    target = start_rematch(view, by)
    body = service().get(target).to_json()
    if by.host:
        body["host_token"] = service().host_token(target)
    return jsonify(body), 201


@after_bp.get("/t/<table_id>/rematch")
def join_rematch(table_id: str) -> Any:
    """A phone of the finished table joins its rematch: its seat (and the host's rights)
    come with it."""
    load_table(table_id)
    if existing_rematch(table_id) is None:
        return redirect(url_for("pages.table", table_id=table_id))
    return _follow(table_id)


def _follow(table_id: str) -> Any:
    target = rematch_id(table_id)
    token = seat_tokens().get(table_id)
    if token and service().seat_of(target, token) is not None:
        set_cookie_map("seats", target, token)
    if is_host(table_id):
        set_cookie_map("hosts", target, service().host_token(target))
    remember_table(target)
    return redirect(url_for("pages.table", table_id=target))


# ---------------------------------------------------------------------------- history

def history(view: TableView) -> list[dict[str, Any]]:
    """Every entry of the log, oldest first: who sent it and when, the round it was made
    in, whether it is undone (and not redone) or replaced by a correction."""
    with service().db.read() as db_session:
        rows = db_session.scalars(select(EntryRow).where(EntryRow.table_id == view.id)
                                  .order_by(EntryRow.seq)).all()
        raw = [(r.seq, r.kind, r.payload, r.owner, r.revealed, r.seat, r.author, r.created_at,
                r.label) for r in rows]
    game = view.game
    round_of = getattr(game, "round_number", None)
    in_force = {seq for seq, _ in view.replay.effective}
    done_seqs = {op.seq for op in view.replay.done}
    corrected: dict[int, int] = {}
    for op in view.replay.done:
        if op.kind == "amend" and op.target is not None:
            corrected[op.target] = op.seq
    rounds: dict[int, int | None] = {}
    if round_of is not None:
        rounds = _shown_rounds(_rounds(view, raw), raw)
    items = []
    for seq, kind, payload, _owner, _revealed, seat, author, created, label in raw:
        of = label.get("params", {}).get("of") if isinstance(label, dict) else None
        if author == "table":
            who = _("the table")
        elif author == "host" and seat is None:
            who = _("host")
        elif seat is not None and 0 <= seat < len(view.players):
            who = view.players[seat]["name"] + (" · " + _("host") if author == "host" else "")
        else:
            who = _("host")
        text = render_label(view, plays_label(label))
        if seat is not None and 0 <= seat < len(view.players) and author in ("seat", "host"):
            name = str(view.players[seat]["name"])
            if re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text):
                # The label names them already.
                who = _("host") if author == "host" else _("their own phone")
        items.append({
            "seq": seq, "kind": kind, "text": text,
            "who": who, "at": created, "round": rounds.get(seq),
            "round_text": None if rounds.get(seq) is None else render_label(
                view, plays.round_title(game, rounds[seq])),
            "undone": kind in ("action", "amend") and seq not in done_seqs,
            "corrected_by": corrected.get(seq) if seq in in_force or kind == "action" else None,
            "of": of, "target": payload.get("target") if kind == "amend" and isinstance(
                payload, dict) else None,
        })
    return items


def _rounds(view: TableView, raw: list[tuple[Any, ...]]) -> dict[int, int | None]:
    """The round each entry was made in: the log folded, entry by entry, up to just before
    it (a stack of states follows undo and redo; a correction folds again from the start)."""
    game = view.game
    try:
        stack: list[Any] = [game.setup(view.players, view.options)]
    except GameError:
        return {}
    undone: list[Any] = []
    prefix: list[tuple[Any, ...]] = []
    rounds: dict[int, int | None] = {}
    for seq, kind, payload, owner, revealed, *_rest in raw:
        rounds[seq] = game.round_number(stack[-1])
        prefix.append((seq, kind, payload, owner, revealed))
        try:
            if kind == "action":
                stack.append(apply_logged(game, stack[-1], payload))
                undone.clear()
            elif kind == "undo" and len(stack) > 1:
                undone.append(stack.pop())
            elif kind == "redo" and undone:
                stack.append(undone.pop())
            elif kind == "amend":
                stack.append(replay_entries(game, view.players, view.options, prefix).state)
                undone.clear()
        except (GameError, IndexError):
            return rounds
    return rounds


def _shown_rounds(rounds: dict[int, int | None],
                  raw: list[tuple[Any, ...]]) -> dict[int, int | None]:
    """The round each entry is listed under: an undo or a redo under the round of the entry
    it takes back or restores (undoing a round's last entry opens no heading of the next
    round), and, read newest first, never a later round below an earlier one (a round
    taken back and played again is one round, not « Round 5 / 6 / 5 »)."""
    shown = dict(rounds)
    for seq, kind, payload, *_rest in raw:
        if kind in ("undo", "redo") and isinstance(payload, dict):
            target = payload.get("of")
            if isinstance(target, int) and target in shown:
                shown[seq] = shown[target]
    lowest: int | None = None
    for seq, *_rest in reversed(raw):
        number = shown.get(seq)
        if number is None:
            continue
        if lowest is not None and number > lowest:
            shown[seq] = lowest
        else:
            lowest = number
    return shown


def plays_label(raw: Any) -> Label:
    if not isinstance(raw, dict):
        return Label("?")
    return Label(raw.get("msgid", "?"), raw.get("params") or {})


def history_page(table_id: str) -> Any:
    view = load_table(table_id)
    seat = my_seat(table_id)
    by = Sender(seat, is_host(table_id))
    items = history(view)
    timing = stats.clock_card(view)
    return render_template(
        "log.html", view=view, game=view.game, items=items, seat=seat, is_host=by.host,
        clock=timing["clock"], round_seconds=timing["round_seconds"],
        undo_label=render_label(view, view.undo_label),
        undo_refusal=undo_refusal(view, by) if (by.host or seat is not None)
        else _("Only a seated phone or the host can do this."),
        undo_ask=touches_other_seat(view, by),
        render_label=lambda label: render_label(view, label))


# The log page is one of the table's pages (its endpoint stays ``pages.log``), drawn here
# with the rest of the history.
@pages_bp.get("/t/<table_id>/log")
def log(table_id: str) -> Any:
    """The table's history: every entry, who sent it and when, by round."""
    return history_page(table_id)


@after_bp.post("/t/<table_id>/log/undo")
def history_undo(table_id: str) -> Any:
    """Undo from the history page, and come back to it."""
    by = sender(table_id)
    back = url_for("pages.log", table_id=table_id)
    try:
        service().undo(table_id, expected_version(), by=by, key=tap_key())
    except TableNotFound:
        abort(404)
    except GameError as error:
        flash(translate_error(error, game_of(table_id)), "error")
    return redirect(back)


# ---------------------------------------------------------------------------- exports

def _table_file(table_id: str, kind: str) -> Any:
    view = service().get(table_id)
    if kind == "bgstats":
        return stats.file_response(
            json.dumps(stats.bgstats_play(view), ensure_ascii=False, indent=1),
            "application/json", f"bgstats-{plays.play_id(table_id)}.json")
    return stats.download([stats.table_record(view)], kind,
                            f"play-{plays.play_id(table_id)}")


def _page_file(table_id: str, kind: str) -> Any:
    load_table(table_id)
    try:
        return _table_file(table_id, kind)
    except MalformedInput as error:
        return stats._refused(error)


@after_bp.get("/t/<table_id>/export.<any(csv, json):kind>")
def export_table(table_id: str, kind: str) -> Any:
    return _page_file(table_id, kind)


@after_bp.get("/t/<table_id>/bgstats.json")
def export_bgstats(table_id: str) -> Any:
    return _page_file(table_id, "bgstats")


@after_bp.get("/plays.<any(csv, json):kind>")
def export_mine(kind: str) -> Any:
    """Every table this phone remembers, finished and running."""
    try:
        zone = stats.request_zone()
    except MalformedInput as error:
        return stats._refused(error)
    found = store.summaries_of(service(), stats.my_tables())
    return stats.download(stats.records_of(list(found.items()), zone), kind, "plays")


@api_bp.get("/tables/<table_id>/export.<any(csv, json):kind>")
def api_export_table(table_id: str, kind: str) -> Any:
    return _table_file(table_id, kind)


@api_bp.get("/tables/<table_id>/bgstats.json")
def api_export_bgstats(table_id: str) -> Any:
    return _table_file(table_id, "bgstats")


@api_bp.get("/plays.<any(csv, json):kind>")
def api_export_plays(kind: str) -> Any:
    """Several tables at once: ``?table=<id>&table=<id>`` (each id is the table's secret)."""
    wanted = list(dict.fromkeys(request.args.getlist("table")))
    if not wanted or len(wanted) > MAX_EXPORT_TABLES:
        return error_body("bad_tables", _("Name 1 to %(n)s tables with ?table=<id>.",
                                          n=MAX_EXPORT_TABLES), 400)
    zone = stats.request_zone()
    found = store.summaries_of(service(), wanted)
    missing = [t for t in wanted if t not in found]
    if missing:
        raise TableNotFound(N_("no table %(id)s"), id=missing[0])
    return stats.download(stats.records_of([(t, found[t]) for t in wanted], zone), kind,
                            "plays")


# ---------------------------------------------------------------------------- theme, icons

@after_bp.get("/theme/<mode>")
def set_theme(mode: str) -> Any:
    if mode in THEMES:
        session["theme"] = mode
        session.permanent = True
    return redirect(local_path(request.args.get("next")))


@after_bp.get("/favicon.ico")
def favicon() -> Any:
    return send_from_directory(current_app.static_folder or "", "icons/favicon.ico",
                               mimetype="image/x-icon", max_age=86400)


@after_bp.get("/manifest.webmanifest")
def manifest() -> Any:
    icon = lambda size: {"src": url_for("static", filename=f"icons/icon-{size}.png"),  # noqa: E731
                         "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
    body = {
        "name": _("Table companion"), "short_name": _("Table"),
        "start_url": url_for("pages.home"), "scope": "/", "display": "standalone",
        "background_color": "#14161a", "theme_color": "#14161a",
        "icons": [icon(192), icon(512),
                  {"src": url_for("static", filename="icons/icon.svg"), "sizes": "any",
                   "type": "image/svg+xml"}],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")
