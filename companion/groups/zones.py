"""A group's time zone: the IANA name its maker's phone reports
(``Intl.DateTimeFormat().resolvedOptions().timeZone``), checked against the zone database,
else the server's own zone, else UTC."""

from __future__ import annotations

import functools
import os
import zoneinfo
from pathlib import Path
from typing import Any

MAX_ZONE = 64


@functools.cache
def known_zones() -> frozenset[str]:
    """The zone names this machine can read (the system's zone files, or the tzdata
    package); read once per process."""
    return frozenset(zoneinfo.available_timezones())


def _zone_of_localtime(path: Path) -> str | None:
    """The zone /etc/localtime links to ("/usr/share/zoneinfo/Europe/Paris")."""
    try:
        target = str(path.resolve())
    except OSError:
        return None
    marker = "/zoneinfo/"
    return target.split(marker, 1)[1] if marker in target else None


@functools.cache
def server_zone() -> str:
    """The server's own zone name: ``TZ``, /etc/timezone, /etc/localtime's link, else UTC."""
    candidates: list[Any] = [os.environ.get("TZ", "").lstrip(":")]
    try:
        candidates.append(Path("/etc/timezone").read_text(encoding="utf-8").strip())
    except OSError:
        pass
    candidates.append(_zone_of_localtime(Path("/etc/localtime")))
    for name in candidates:
        if isinstance(name, str) and name in known_zones():
            return name
    return "UTC"


def checked_zone(name: Any) -> str:
    """The phone's zone when this machine knows it, else the server's (a missing, unknown
    or forged name never reaches the database)."""
    if isinstance(name, str) and len(name) <= MAX_ZONE and name in known_zones():
        return name
    return server_zone()
