"""What the tables add up to, on the web: the stats page (a group's, or this phone's
tables'), a whole history as one CSV or JSON file, and what the results and history pages
show of the game clock. Thin: the figures, summaries and files come from
``companion.history``."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import quote

from babel.dates import format_date
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    make_response,
    render_template,
    request,
    session,
)
from sqlalchemy import select

from .. import plays
from ..db import Group, GroupPlayer, TableRow
from ..games import GAMES
from ..games.base import GameError, MalformedInput
from ..groups import store as groups
from ..groups.zones import server_zone
from ..history import bgstats, dates, exports, store
from ..history import stats as figures_of
from ..history.dates import Zone
from ..history.summary import clock_from
from ..i18n import gettext as _
from ..i18n import locale_name
from ..tables import TableView
from .common import _names, _safe, render_label, sentence, service, translate_error

stats_bp = Blueprint("stats", __name__)


# ---------------------------------------------------------------------------- words

def duration_words(seconds: Any) -> str:
    """A length as a player reads it: "1 h 25 min", "12 min", "40 s"."""
    if not isinstance(seconds, int) or seconds < 0:
        return ""
    if seconds < 60:
        return _("%(n)s s", n=seconds)
    hours, minutes = divmod(round(seconds / 60), 60)
    if hours and minutes:
        return _("%(h)s h %(m)s min", h=hours, m=minutes)
    if hours:
        return _("%(h)s h", h=hours)
    return _("%(m)s min", m=minutes)


def reason_words(game_id: str, reason: str | None) -> str | None:
    """Why a game ended, in the reader's language."""
    game = GAMES.get(game_id)
    if game is None or reason is None:
        return None
    msgid, params = plays.reason_label(game, reason)
    if "conditions" in params:
        names = _names(game)
        params = {"conditions": ", ".join(names.get(c, c) for c in params["conditions"])}
    return sentence(_safe(msgid, params, game))


@stats_bp.app_template_filter("duration")
def _duration_filter(seconds: Any) -> str:
    return duration_words(seconds)


@stats_bp.app_template_filter("day")
def _day_filter(moment: datetime | None) -> str:
    """A day as the page's language writes it ("5 déc. 2026", "2026. 12. 5.")."""
    return format_date(moment, "medium", locale=locale_name()) if moment else ""


# ---------------------------------------------------------------------------- zones

def request_zone(group_zone: str | None = None) -> Zone:
    """The time zone dates are written in: the request's ``?tz=``, else the group's, else
    the server's ``COMPANION_TIME_ZONE``, else the zone of the machine the server runs on.
    A ``?tz=`` that names no zone is refused (MalformedInput)."""
    asked = request.args.get("tz")
    if asked is not None:
        return dates.zone_named(asked)
    for name in (group_zone, current_app.config.get("TIME_ZONE"), server_zone()):
        if name:
            try:
                return dates.zone_named(name)
            except MalformedInput:
                continue
    return dates.zone_named("UTC")


def groups_of(ids: Sequence[Any]) -> dict[int, Group]:
    wanted = {i for i in ids if i is not None}
    if not wanted:
        return {}
    with service().db.read() as db_session:
        return {g.id: g for g in db_session.scalars(select(Group).where(Group.id.in_(wanted)))}


def group_of(summary: Mapping[str, Any]) -> Group | None:
    """The group of a summary's table, if it has one."""
    group_id = summary.get("group_id")
    return groups_of([group_id]).get(group_id) if isinstance(group_id, int) else None


# ---------------------------------------------------------------------------- one table

def table_summary(view: TableView) -> dict[str, Any]:
    """The table's summary at the version shown (its clock, ranking, start player)."""
    return store.summary_of_view(service(), view)


def table_record(view: TableView) -> dict[str, Any]:
    """One table's play as the JSON export gives it, its dates in the group's zone."""
    summary = table_summary(view)
    group = group_of(summary)
    zone = request_zone(group.time_zone if group else None)
    return exports.record(view.id, summary, zone,
                          reason_text=reason_words(summary["game"], summary.get("reason")),
                          group=group.name if group else None)


def bgstats_play(view: TableView, summary: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The table's play in BG Stats' createPlay format."""
    summary = summary if summary is not None else table_summary(view)
    group = group_of(summary)
    return bgstats.play(summary, view.id, view.game.NAME,
                        location=group.name if group else None,
                        comments=reason_words(summary["game"], summary.get("reason")))


NO_CLOCK: dict[str, Any] = {"clock": None, "round_times": [], "round_seconds": {},
                            "bgstats_link": None}


def clock_card(view: TableView) -> dict[str, Any]:
    """What the results and history pages show of the game clock (its start, end and
    length, each round's name and length), and the BG Stats link of a finished play."""
    summary = table_summary(view)
    timing = clock_from(summary)
    return {
        "clock": timing,
        "round_times": [(render_label(view, plays.round_title(view.game, r.number)), r.seconds)
                        for r in timing.rounds],
        "round_seconds": {r.number: r.seconds for r in timing.rounds},
        "bgstats_link": bgstats.link(bgstats_play(view, summary))
        if summary["finished"] else None,
    }


# ---------------------------------------------------------------------------- files

def file_response(body: str, mimetype: str, filename: str) -> Response:
    """A download; a name beyond ASCII (a group's "우리 모임") goes as RFC 6266's
    ``filename*`` beside an ASCII ``filename`` for the browsers that take only that."""
    response = Response(body, mimetype=mimetype)
    plain = "".join(c if c.isascii() and (c.isalnum() or c in "-_.") else
                    "" if unicodedata.combining(c) else "-"
                    for c in unicodedata.normalize("NFKD", filename))
    plain = re.sub(r"-+(?=[-.])|^-+", "", plain)
    disposition = f'attachment; filename="{plain}"'
    if plain != filename:
        disposition += f"; filename*=UTF-8''{quote(filename, safe='')}"
    response.headers["Content-Disposition"] = disposition
    response.headers["Cache-Control"] = "no-store"
    return response


def download(records: list[dict[str, Any]], kind: str, stem: str) -> Response:
    """Plays as one CSV or JSON file."""
    if kind == "csv":
        return file_response(exports.csv_text(records), "text/csv", f"{stem}.csv")
    return file_response(json.dumps({"plays": records}, ensure_ascii=False, indent=1),
                         "application/json", f"{stem}.json")


def records_of(found: Sequence[tuple[str, dict[str, Any]]], zone: Zone) -> list[dict[str, Any]]:
    """Plays as the exports give them, each with its group's name."""
    named = groups_of([s.get("group_id") for _t, s in found])
    return [exports.record(table_id, summary, zone,
                           reason_text=reason_words(summary["game"], summary.get("reason")),
                           group=named[summary["group_id"]].name
                           if summary.get("group_id") in named else None)
            for table_id, summary in found]


def _refused(error: GameError, status: int = 400) -> Response:
    """A page saying what was wrong (an unknown time zone, a link that opens no group)."""
    page = make_response(render_template("error.html", message=translate_error(error),
                                         status=status), status)
    page.headers["Cache-Control"] = "no-store"
    return page


# ---------------------------------------------------------------------------- a group

def _group(token: str) -> tuple[Group, dict[int, str]]:
    """The group a link opens, and its roster's names today."""
    with service().db.read() as db_session:
        group = groups.by_token(db_session, token)
        names = {p.id: p.name for p in db_session.scalars(
            select(GroupPlayer).where(GroupPlayer.group_id == group.id))}
        db_session.expunge(group)
    return group, names


def _opened(token: str) -> tuple[Group, dict[int, str], Zone]:
    """The group a link opens, its roster's names and the zone of its dates; a link that
    opens no group (404), one its owner replaced (410) or an unknown ``?tz=`` (400) ends
    the request with a page saying so."""
    try:
        group, names = _group(token)
        return group, names, request_zone(group.time_zone)
    except groups.GroupLinkRevoked as error:
        abort(_refused(error, 410))
    except groups.GroupNotFound as error:
        abort(_refused(error, 404))
    except MalformedInput as error:
        abort(_refused(error))


def _game_filter() -> str | None:
    game = request.args.get("game") or None
    return game if game in GAMES else None


def stats_page(found: Sequence[tuple[str, dict[str, Any]]], roster_names: Mapping[int, str],
               zone: Zone, **context: Any) -> Any:
    figures = figures_of.compute(found, _game_filter(), roster_names)
    page = make_response(render_template(
        "stats.html", figures=figures, games=GAMES, zone_label=dates.zone_name(zone),
        local=lambda moment: dates.local(moment, zone), **context))
    page.headers["Cache-Control"] = "no-store"
    return page


@stats_bp.get("/g/<token>/stats")
def group_stats(token: str) -> Any:
    """A group's figures, from every table of the group."""
    group, names, zone = _opened(token)
    found = store.summaries(service(), TableRow.group_id == group.id)
    return stats_page(found, names, zone, group=group, token=token)


@stats_bp.get("/g/<token>/plays.<any(csv, json):kind>")
def group_export(token: str, kind: str) -> Any:
    """A group's whole history, finished and running, as one file."""
    group, _names_today, zone = _opened(token)
    found = store.summaries(service(), TableRow.group_id == group.id)
    return download(records_of(found, zone), kind, "plays-" + _file_stem(group.name))


def _file_stem(name: str) -> str:
    """A group's name as a file name: letters and digits kept, the rest as dashes."""
    stem = "".join(c if c.isalnum() else "-" for c in name).strip("-")
    return "-".join(part for part in stem.split("-") if part)[:40] or "group"


# ---------------------------------------------------------------------------- this phone

def my_tables() -> list[str]:
    return [t for t in session.get("recent", []) if isinstance(t, str)]


@stats_bp.get("/stats")
def my_stats() -> Any:
    """The figures of the tables this phone remembers."""
    try:
        zone = request_zone()
    except MalformedInput as error:
        return _refused(error)
    found = store.summaries_of(service(), my_tables())
    return stats_page(list(found.items()), {}, zone, group=None, token=None)
