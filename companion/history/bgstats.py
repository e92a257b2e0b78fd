"""A play in BG Stats' ``createPlay`` format: the JSON its app imports from a link
(``https://app.bgstatsapp.com/createPlay.html?data=<the JSON, URL-encoded>``, BG Stats 3.3.2
or later, iOS and Android), the same JSON offered as a file.

The format, as BG Stats documents it ("Push plays to BG Stats from other apps or websites",
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):

- ``sourceName`` (our app's name, stable: BG Stats remembers the user's matches of games and
  players per source), ``sourcePlayId`` (the play's id: a hash of the table's, never the
  table's address), ``playDate`` (``"YYYY-MM-DD HH:MM:SS"``: the moment the game ended, in
  UTC, as the implementations that quote the documentation read it), ``durationMin`` (whole
  minutes), ``location`` (the group's name), ``comments`` (why the game ended);
- ``game``: ``name``, ``bggId`` (a number, and only where it is known: the data file
  ``companion/games/data/bgstats.toml`` says which, and why), ``sourceGameId`` (the game's id
  here), ``highestWins`` and ``noPoints`` (always sent: BG Stats' Android app refuses a play
  without them);
- ``players``: ``name``, ``sourcePlayerId`` (the roster player's id, else one derived from
  the name: the same person gets the same id at every table), ``score`` (a number, where the
  game is scored), ``winner`` and ``startPlayer`` (always sent, as above), ``rank``, ``role``.

Tapping the link opens BG Stats' import dialog: the user matches the game and the players
once, and BG Stats remembers them for later plays.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .. import plays
from ..games.base import DATA_DIR
from ..inputs import name_key
from . import dates

SOURCE_NAME = "Table companion"
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
# A link longer than this is not offered (the file is): the length implementations keep
# under so that every phone and browser opens it.
MAX_LINK = 8000
DATA_FILE: Path = DATA_DIR / "bgstats.toml"


@cache
def game_data() -> Mapping[str, Any]:
    """Each game's BG Stats settings (``bgg_id`` where known, ``highest_wins``,
    ``no_points``, ``role``), from the data file."""
    with open(DATA_FILE, "rb") as file:
        return tomllib.load(file)


def player_id(name: str, roster: Any = None) -> str:
    """A player's ``sourcePlayerId``: the roster player's, else a hash of the name as typed
    (names alike to the eye give one id: "ann", "Ann")."""
    if roster is not None:
        return f"roster-{roster}"
    return "name-" + hashlib.sha256(name_key(name).encode("utf-8")).hexdigest()[:12]


def play(summary: Mapping[str, Any], table_id: str, game_name: str, *,
         location: str | None = None, comments: str | None = None) -> dict[str, Any]:
    """One play in BG Stats' ``createPlay`` format, from its summary."""
    settings = game_data().get(summary["game"], {})
    no_points = bool(settings.get("no_points", False)) or all(
        p["score"] is None for p in summary["players"])
    game: dict[str, Any] = {"name": game_name, "sourceGameId": summary["game"],
                            "highestWins": bool(settings.get("highest_wins", True)),
                            "noPoints": no_points}
    if isinstance(settings.get("bgg_id"), int):
        game["bggId"] = settings["bgg_id"]
    role = settings.get("role")
    players = []
    for player in summary["players"]:
        entry: dict[str, Any] = {
            "name": player["name"],
            "sourcePlayerId": player_id(player["name"], player.get("roster")),
            "winner": bool(player["winner"]),
            "startPlayer": player["seat"] == summary.get("start_seat"),
        }
        if player["score"] is not None and not no_points:
            entry["score"] = player["score"]
        if player.get("rank") is not None:
            entry["rank"] = int(player["rank"])
        if role and isinstance(player.get(role), str) and player[role]:
            entry["role"] = player[role]
        players.append(entry)
    moment = dates.parse(summary.get("ended") or summary.get("updated")
                         or summary.get("created"))
    result: dict[str, Any] = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": plays.play_id(table_id),
        "playDate": dates.bgstats(moment) if moment else "",
        "game": game,
        "players": players,
    }
    seconds = summary.get("seconds")
    if summary.get("finished") and isinstance(seconds, int):
        result["durationMin"] = round(seconds / 60)
    if location:
        result["location"] = location
    if comments:
        result["comments"] = comments
    return result


def link(payload: Mapping[str, Any]) -> str | None:
    """The ``createPlay`` link that opens BG Stats' import dialog, or None when it would be
    too long to open everywhere (the file still carries the play)."""
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    url = LINK + quote(body, safe="-_.!~*'()")
    return url if len(url) <= MAX_LINK else None
