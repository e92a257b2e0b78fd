"""Dates: the log's moments in a time zone.

The log stores each moment in UTC without a zone (``db.utcnow``). A group reads them in its
own time zone: exports write ISO 8601 with the offset of that moment
(``2026-12-05T23:40:00+01:00``: the wall-clock time the table saw, and exactly which instant
it was, summer time or not). The zone is, first that applies: the one a request names
(``?tz=Europe/Paris``), the group's, the server's ``COMPANION_TIME_ZONE``, else the zone of
the machine the server runs on (it usually sits at the table).

BG Stats takes ``"YYYY-MM-DD HH:MM:SS"`` with no zone, in UTC (see ``bgstats``).
"""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..games.base import N_, MalformedInput

# ``None`` stands for the server machine's own zone (its rules, summer time included).
Zone = tzinfo | None
MAX_ZONE_NAME = 64


def zone_named(name: object) -> ZoneInfo:
    """The IANA time zone ``name`` (``Europe/Paris``, ``Asia/Seoul``, ``UTC``), or
    MalformedInput naming what was sent."""
    shown = str(name)[:MAX_ZONE_NAME]
    if not isinstance(name, str) or not name or len(name) > MAX_ZONE_NAME or \
            name.startswith(("/", ".")) or ".." in name:
        raise MalformedInput(N_("unknown time zone: %(zone)s"), code="bad_time_zone",
                             zone=shown)
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise MalformedInput(N_("unknown time zone: %(zone)s"), code="bad_time_zone",
                             zone=shown) from None


def zone_name(zone: Zone) -> str:
    """What a zone is called in an export: its IANA name, else the machine's abbreviation
    now (``CET``)."""
    if isinstance(zone, ZoneInfo):
        return zone.key
    if zone is not None:
        return str(zone)
    return datetime.now(UTC).astimezone().tzname() or "local"


def parse(text: str | None) -> datetime | None:
    """A moment as a summary keeps it (``2026-12-05T22:40:00``, UTC) back as a datetime."""
    return datetime.fromisoformat(text) if text else None


def stored(moment: datetime | None) -> str | None:
    """A moment of the log (naive UTC) as a summary keeps it, to the second."""
    return moment.replace(microsecond=0, tzinfo=None).isoformat() if moment else None


def local(moment: datetime, zone: Zone) -> datetime:
    """A moment of the log (naive UTC) as the wall clock of ``zone`` shows it, with its
    offset."""
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    return aware.astimezone(zone)


def iso(moment: datetime | None, zone: Zone) -> str | None:
    """ISO 8601 with the offset, to the second: ``2026-12-05T23:40:00+01:00``."""
    return local(moment, zone).replace(microsecond=0).isoformat() if moment else None


def bgstats(moment: datetime) -> str:
    """BG Stats' ``playDate``: ``YYYY-MM-DD HH:MM:SS`` in UTC, no zone."""
    aware = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    return aware.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
