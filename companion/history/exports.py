"""Plays as files: JSON (one object per play) and CSV (one row per player per play), from
their summaries, every date in ISO 8601 with its offset in the reader's time zone
(``2026-12-05T23:40:00+01:00``).

A play's dates: ``created`` (the table was made), ``started`` and ``ended`` (the game
clock: its first action, the entry that ended it), ``updated`` (the last entry);
``duration_min`` is the clock's length in whole minutes. ``rounds`` (JSON) gives each
round's start, end and length. A play's id is a hash of the table's id, so a shared file
never gives the table's address away; only public values are exported.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .. import plays
from ..games import GAMES
from . import dates
from .dates import Zone
from .summary import clock_from

CSV_COLUMNS = ("play_id", "game", "game_name", "group", "created", "started", "ended",
               "duration_min", "updated", "finished", "reason", "round", "seat", "player",
               "details", "score", "rank", "winner", "start_player")
FIXED = {"seat", "name", "score", "rank", "winner", "start_player", "roster"}


def _minutes(seconds: Any) -> int | None:
    return round(seconds / 60) if isinstance(seconds, int) else None


def record(table_id: str, summary: Mapping[str, Any], zone: Zone, *,
           reason_text: str | None = None, group: str | None = None) -> dict[str, Any]:
    """One play as JSON, its dates in ``zone``."""
    game = GAMES.get(summary["game"])

    def when(key: str) -> str | None:
        return dates.iso(dates.parse(summary.get(key)), zone)

    return {
        "id": plays.play_id(table_id),
        "game": summary["game"],
        "game_name": game.NAME if game else summary["game"],
        "group": group,
        "time_zone": dates.zone_name(zone),
        "created": when("created"),
        "started": when("started"),
        "ended": when("ended"),
        "updated": when("updated"),
        "duration_min": _minutes(summary.get("seconds")) if summary.get("finished") else None,
        "finished": bool(summary["finished"]),
        "reason": summary.get("reason"),
        "reason_text": reason_text,
        "round": summary.get("round"),
        "entries": summary.get("entries", 0),
        "rounds": [
            {"round": r.number, "started": dates.iso(r.started, zone),
             "ended": dates.iso(r.ended, zone), "duration_min": _minutes(r.seconds)}
            for r in clock_from(summary).rounds],
        "players": [
            {**{k: v for k, v in player.items() if k != "roster"},
             "start_player": player["seat"] == summary.get("start_seat")}
            for player in summary["players"]],
    }


def records(found: Sequence[tuple[str, Mapping[str, Any]]], zone: Zone,
            reason_text: Callable[[Mapping[str, Any]], str | None] = lambda _s: None,
            group: str | None = None) -> list[dict[str, Any]]:
    """Many plays as JSON (``found``: table ids and their summaries)."""
    return [record(table_id, summary, zone, reason_text=reason_text(summary), group=group)
            for table_id, summary in found]


def csv_text(plays_: Sequence[Mapping[str, Any]]) -> str:
    """All plays (as ``record`` gives them), one row per player per play."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays_:
        for player in play["players"]:
            details = "; ".join(f"{k}={v}" for k, v in player.items() if k not in FIXED)
            writer.writerow([
                play["id"], play["game"], _cell(play["game_name"]),
                _cell(play.get("group") or ""), play.get("created") or "",
                play.get("started") or "", play.get("ended") or "",
                _blank(play.get("duration_min")), play.get("updated") or "",
                "true" if play["finished"] else "false", play["reason"] or "",
                _blank(play["round"]), player["seat"], _cell(player["name"]), _cell(details),
                _blank(player["score"]), _blank(player["rank"]),
                "true" if player["winner"] else "false",
                "true" if player.get("start_player") else "false"])
    return out.getvalue()


def _blank(value: Any) -> Any:
    return "" if value is None else value


def _cell(text: str) -> str:
    """A typed name never runs as a spreadsheet formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
