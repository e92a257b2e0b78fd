"""The OpenAPI document of the JSON API, built from the game registry: each game's player
fields, options and action types, the seat and host tokens, every status a route answers."""

from __future__ import annotations

from typing import Any

from ..__about__ import __version__
from ..games import GAMES


def _error(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


STORAGE = _error("The database is locked, read-only or full: nothing changed, try again")


def _player_schema(game: Any) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required = []
    for player_field in game.player_fields():
        schema: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 40}
        if player_field.get("choices") and not player_field.get("help", "").startswith(
                "Party colour; any string"):
            schema["enum"] = list(player_field["choices"])
        properties[player_field["name"]] = schema
        if player_field.get("required"):
            required.append(player_field["name"])
    return {"type": "object", "required": required, "properties": properties,
            "additionalProperties": False}


def _option_schema(option: Any) -> dict[str, Any]:
    if option.kind == "bool":
        return {"type": "boolean", "default": option.default}
    if option.kind == "deck":
        return {"type": "array", "items": {"type": "object", "properties": {
            name: {"type": ["string", "integer", "boolean", "null"]} for name in option.fields},
            "additionalProperties": False}}
    schema: dict[str, Any] = {"type": "integer", "default": option.default}
    if option.minimum is not None:
        schema["minimum"] = option.minimum
    if option.maximum is not None:
        schema["maximum"] = option.maximum
    return schema


def _new_table(game: Any) -> dict[str, Any]:
    return {"type": "object", "required": ["game", "players"], "properties": {
        "game": {"const": game.ID},
        "players": {"type": "array", "items": _player_schema(game),
                    "minItems": game.MIN_PLAYERS, "maxItems": game.MAX_PLAYERS},
        "options": {"type": ["object", "null"], "properties": {
            o.name: _option_schema(o) for o in game.OPTIONS}, "additionalProperties": False}}}


def _action(game: Any) -> dict[str, Any]:
    fields = getattr(game, "ACTION_FIELDS", None)
    if not fields:
        return {"type": "object", "required": ["type"], "properties": {"type": {
            "type": "string"}}}
    return {"oneOf": [
        {"type": "object", "required": ["type"], "additionalProperties": False,
         "properties": {"type": {"const": kind}, **{name: {} for name in names}}}
        for kind, names in fields.items()]}


def _export_paths(table_id: dict[str, Any], senders: list[dict[str, Any]]) -> dict[str, Any]:
    """Plays as files: one row per player per play (CSV), the same as JSON, one play in BG
    Stats' createPlay format. A table's id is its secret: knowing it is the right to read.
    Dates in the time zone ``?tz=`` names, else the table's group's, else the server's."""
    csv_body = {"description": "One row per player per play",
                "content": {"text/csv": {"schema": {"type": "string"}}}}
    player = {"type": "object", "required": ["seat", "name", "score", "rank", "winner",
                                             "start_player"],
              "properties": {"seat": {"type": "integer"}, "name": {"type": "string"},
                             "score": {"type": ["integer", "null"]},
                             "rank": {"type": ["integer", "null"]},
                             "winner": {"type": "boolean"},
                             "start_player": {"type": "boolean"}}}
    moment = {"type": ["string", "null"], "description": "ISO 8601 with the offset of the "
              "time zone (the group's, ?tz=, COMPANION_TIME_ZONE or the server's)"}
    round_time = {"type": "object", "properties": {
        "round": {"type": "integer"}, "started": moment, "ended": moment,
        "duration_min": {"type": ["integer", "null"]}}}
    play = {"type": "object", "required": ["id", "game", "game_name", "finished", "players"],
            "properties": {"id": {"type": "string"}, "game": {"type": "string"},
                           "game_name": {"type": "string"},
                           "group": {"type": ["string", "null"]},
                           "time_zone": {"type": "string"},
                           "created": moment, "started": moment, "ended": moment,
                           "updated": moment,
                           "duration_min": {"type": ["integer", "null"]},
                           "finished": {"type": "boolean"},
                           "reason": {"type": ["string", "null"]},
                           "reason_text": {"type": ["string", "null"]},
                           "round": {"type": ["integer", "null"]},
                           "rounds": {"type": "array", "items": round_time},
                           "entries": {"type": "integer"},
                           "players": {"type": "array", "items": player}}}
    plays_body = _json({"type": "object", "required": ["plays"], "properties": {
        "plays": {"type": "array", "items": play}}}, "The plays")
    bgstats = _json({"type": "object", "required": ["sourceName", "sourcePlayId", "playDate",
                                                    "game", "players"],
                     "additionalProperties": False,
                     "properties": {
                         "sourceName": {"type": "string"},
                         "sourcePlayId": {"type": "string"},
                         "playDate": {"type": "string",
                                      "description": "YYYY-MM-DD HH:MM:SS, UTC: the end"},
                         "durationMin": {"type": "integer"},
                         "location": {"type": "string"},
                         "comments": {"type": "string"},
                         "game": {"type": "object", "additionalProperties": False,
                                  "required": ["name", "sourceGameId", "highestWins",
                                               "noPoints"],
                                  "properties": {"name": {"type": "string"},
                                                 "bggId": {"type": "integer"},
                                                 "sourceGameId": {"type": "string"},
                                                 "highestWins": {"type": "boolean"},
                                                 "noPoints": {"type": "boolean"}}},
                         "players": {"type": "array", "items": {
                             "type": "object", "additionalProperties": False,
                             "required": ["name", "sourcePlayerId", "winner", "startPlayer"],
                             "properties": {"name": {"type": "string"},
                                            "sourcePlayerId": {"type": "string"},
                                            "score": {"type": "number"},
                                            "winner": {"type": "boolean"},
                                            "startPlayer": {"type": "boolean"},
                                            "rank": {"type": "integer"},
                                            "role": {"type": "string"}}}}}},
                    "One play in BG Stats' createPlay format (the JSON its "
                    "https://app.bgstatsapp.com/createPlay.html?data= link carries)")
    tables = {"name": "table", "in": "query", "required": True, "explode": True,
              "schema": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                         "maxItems": 50},
              "description": "A table's id; repeat for several tables"}
    zone = {"name": "tz", "in": "query", "required": False, "schema": {"type": "string"},
            "description": "The IANA time zone of the dates (Europe/Paris); by default the "
                           "table's group's, else the server's"}
    missing = _error("No such table")
    bad = _error("No table named, or more than 50; or an unknown time zone")
    bad_zone = _error("An unknown time zone")
    rematch = {"allOf": [{"$ref": "#/components/schemas/Table"}, {
        "type": "object", "properties": {"host_token": {"type": "string"}}}]}
    return {
        "/api/tables/{table_id}/rematch": {"post": {
            "summary": "Start (once) the rematch of a finished table: same game, players "
                       "and options, new seeds; the seat tokens hold the same seats there",
            "parameters": [table_id, *senders],
            "responses": {
                "201": _json(rematch, "The new table (and its host token, for the host)"),
                "403": _error("Neither a seat nor the host, or a token not this table's"),
                "404": missing, "422": _error("The game is not over yet"),
                "503": STORAGE}}},
        "/api/tables/{table_id}/export.csv": {"get": {
            "summary": "The play as CSV", "parameters": [table_id, zone],
            "responses": {"200": csv_body, "400": bad_zone, "404": missing,
                          "503": STORAGE}}},
        "/api/tables/{table_id}/export.json": {"get": {
            "summary": "The play as JSON", "parameters": [table_id, zone],
            "responses": {"200": plays_body, "400": bad_zone, "404": missing,
                          "503": STORAGE}}},
        "/api/tables/{table_id}/bgstats.json": {"get": {
            "summary": "The play in BG Stats' createPlay format", "parameters": [table_id],
            "responses": {"200": bgstats, "404": missing, "503": STORAGE}}},
        "/api/plays.csv": {"get": {
            "summary": "Several plays as CSV", "parameters": [tables, zone],
            "responses": {"200": csv_body, "400": bad, "404": missing, "503": STORAGE}}},
        "/api/plays.json": {"get": {
            "summary": "Several plays as JSON", "parameters": [tables, zone],
            "responses": {"200": plays_body, "400": bad, "404": missing, "503": STORAGE}}},
    }


def document() -> dict[str, Any]:
    table_id = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
    seat = {"name": "seat", "in": "path", "required": True,
            "schema": {"type": "integer", "minimum": 0}}
    seat_token = {"name": "X-Seat-Token", "in": "header", "required": False,
                  "schema": {"type": "string"},
                  "description": "A seat's token (from claiming the seat): act as that seat "
                                 "and see its secrets"}
    host_token = {"name": "X-Host-Token", "in": "header", "required": False,
                  "schema": {"type": "string"},
                  "description": "The table's host token (given once, in the 201 of "
                                 "POST /api/tables): the host's rights"}
    key = {"name": "Idempotency-Key", "in": "header", "required": False,
           "schema": {"type": "string", "pattern": "^[A-Za-z0-9._:-]{1,80}$"},
           "description": "One key per tap: a retried write with the same key returns the "
                          "first reply and adds nothing"}
    prefer = {"name": "Prefer", "in": "header", "required": False,
              "schema": {"type": "string"},
              "description": "return=minimal (RFC 7240): the reply holds the table's id, "
                             "game, new version and outcome, not its state (a client that "
                             "follows the table's live stream needs no more)"}
    writer = [table_id, seat_token, host_token, key, prefer]
    versioned = {"type": "object", "required": ["expected_version"],
                 "properties": {"expected_version": {"type": "integer", "minimum": 0}}}
    table = _json({"$ref": "#/components/schemas/Table"}, "The table after the request")
    after_write = _json({"oneOf": [{"$ref": "#/components/schemas/Table"},
                                   {"$ref": "#/components/schemas/Written"}]},
                        "The table after the write (with Prefer: return=minimal, its id, "
                        "game, version and outcome)")
    write_errors = {
        "400": _error("Malformed input (missing field, wrong type, unknown field or seat)"),
        "403": _error("Not this sender's to send: another seat's action, a host-only "
                      "action, a watcher, or a seat or host token that is not this table's"),
        "404": _error("No such table"),
        "409": _error("expected_version is stale: another phone wrote first. Reload, then "
                      "send again with the same Idempotency-Key"),
        "422": _error("The rules refuse this action in this state"),
        "503": STORAGE,
    }
    created = {"allOf": [{"$ref": "#/components/schemas/Table"}, {
        "type": "object", "required": ["host_token"],
        "properties": {"host_token": {"type": "string"}}}]}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table companion API", "version": __version__,
                 "description": "Tables of board games kept by phones. Every write names the "
                                "version it was made against; errors change nothing."},
        "paths": {
            "/api/games": {"get": {
                "summary": "The games this server knows",
                "responses": {"200": _json({"type": "object", "required": ["games"],
                                            "properties": {"games": {"type": "array"}}},
                                           "Games with player counts and options")}}},
            "/api/tables": {"post": {
                "summary": "Start a table: the 201 gives the host token, once",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/NewTable"}}}},
                "responses": {"201": _json(created, "The new table and its host token"),
                              "400": _error("Malformed input or unknown game"),
                              "422": _error("The rules refuse this setup"),
                              "429": _error("Too many tables from this address: see "
                                            "Retry-After"),
                              "503": STORAGE}}},
            "/api/tables/{table_id}": {
                "get": {
                    "summary": "A table's state, as the seat of X-Seat-Token may see it",
                    "parameters": [table_id, seat_token],
                    "responses": {"200": table,
                                  "403": _error("The seat token is not this table's (the "
                                                "seat may have moved to another phone)"),
                                  "404": _error("No such table"), "503": STORAGE}},
                "delete": {
                    "summary": "Delete the table and its log (the host only)",
                    "parameters": [table_id, seat_token, host_token],
                    "responses": {"204": {"description": "Deleted"},
                                  "403": _error("Not the host"),
                                  "404": _error("No such table"), "503": STORAGE}}},
            "/api/tables/{table_id}/seats/{seat}": {
                "post": {
                    "summary": "Claim a free seat (the host: any seat); the token identifies "
                               "it in later requests",
                    "parameters": [table_id, seat, seat_token, host_token],
                    "responses": {
                        "201": _json({"type": "object", "required": ["seat", "token"],
                                      "properties": {"seat": {"type": "integer"},
                                                     "token": {"type": "string"}}},
                                     "The seat's token"),
                        "400": _error("No such seat"),
                        "403": _error("A seat or host token that is not this table's"),
                        "404": _error("No such table"),
                        "409": _error("seat_taken: another phone holds the seat"),
                        "503": STORAGE}},
                "delete": {
                    "summary": "Free a seat (the host, or the phone that holds it)",
                    "parameters": [table_id, seat, seat_token, host_token],
                    "responses": {"204": {"description": "Freed"},
                                  "400": _error("No such seat"),
                                  "403": _error("Neither the host nor the seat's phone"),
                                  "404": _error("No such table"), "503": STORAGE}}},
            "/api/tables/{table_id}/version": {"get": {
                "summary": "A table's version, for cheap polling", "parameters": [table_id],
                "responses": {"200": _json({"type": "object", "required": ["id", "version"],
                                            "properties": {"id": {"type": "string"},
                                                           "version": {"type": "integer"}}},
                                           "The version"),
                              "404": _error("No such table"), "503": STORAGE}}},
            "/api/tables/{table_id}/events": {"get": {
                "summary": "The table's event stream (Server-Sent Events): an event each time "
                           "its log or its seats move; it carries no table contents",
                "description": "Each event is `id: <version>.<seating>` with `data: "
                               "{\"version\", \"seating\"}`; a `: keep-alive` comment "
                               "every 15 s; the stream ends after 5 minutes and the client "
                               "reconnects with Last-Event-ID, hearing at once of anything "
                               "it missed. Fetch the table (GET /api/tables/{table_id}) on "
                               "each event.",
                "parameters": [
                    table_id,
                    {"name": "Last-Event-ID", "in": "header", "required": False,
                     "schema": {"type": "string", "pattern": "^[0-9]+[.][0-9]+$"},
                     "description": "The last event's id: events since it come at once"},
                    {"name": "v", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 0},
                     "description": "The version the client holds (without Last-Event-ID)"},
                    {"name": "s", "in": "query", "required": False,
                     "schema": {"type": "integer", "minimum": 0},
                     "description": "The seating counter the client holds"}],
                "responses": {
                    "200": {"description": "The stream",
                            "content": {"text/event-stream": {"schema": {"type": "string"}}}},
                    "404": _error("No such table"),
                    "503": _error("live_busy: this process holds all the streams it may "
                                  "(see Retry-After): poll GET /api/tables/{table_id}/version "
                                  "instead")}}},
            "/api/tables/{table_id}/actions": {"post": {
                "summary": "Apply one game action", "parameters": writer,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["expected_version", "action"],
                    "properties": {"expected_version": {"type": "integer", "minimum": 0},
                                   "action": {"$ref": "#/components/schemas/Action"}}}}}},
                "responses": {"200": after_write, **write_errors}}},
            "/api/tables/{table_id}/undo": {"post": {
                "summary": "Undo the last entry in force (a seat its own; past a reveal, the "
                           "host only)", "parameters": writer,
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": versioned}}},
                "responses": {"200": after_write, **write_errors}}},
            "/api/tables/{table_id}/redo": {"post": {
                "summary": "Redo the last undone entry", "parameters": writer,
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": versioned}}},
                "responses": {"200": after_write, **write_errors}}},
            "/api/tables/{table_id}/corrections": {"post": {
                "summary": "Replace the entry that closed a past round; what follows is "
                           "recomputed", "parameters": writer,
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["expected_version", "target", "action"],
                    "properties": {"expected_version": {"type": "integer", "minimum": 0},
                                   "target": {"type": "integer",
                                              "description": "seq of the log entry to replace"},
                                   "action": {"$ref": "#/components/schemas/Action"}}}}}},
                "responses": {"200": after_write, **write_errors}}},
            **_export_paths(table_id, [seat_token, host_token]),
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["error"], "properties": {"error": {
                "type": "object", "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}},
            "NewTable": {"oneOf": [_new_table(game) for game in GAMES.values()]},
            "Action": {"oneOf": [_action(game) for game in GAMES.values()]} if len(GAMES) > 1
            else _action(next(iter(GAMES.values()))),
            "Outcome": {"type": ["object", "null"], "properties": {
                "winners": {"type": "array", "items": {"type": "integer"}},
                "reason": {"type": "string"}}},
            "Written": {"type": "object", "required": ["id", "game", "version", "outcome"],
                        "additionalProperties": False,
                        "properties": {"id": {"type": "string"}, "game": {"type": "string"},
                                       "version": {"type": "integer"},
                                       "outcome": {"$ref": "#/components/schemas/Outcome"}}},
            "Table": {"type": "object", "required": ["id", "game", "version", "state", "outcome"],
                      "properties": {"id": {"type": "string"}, "game": {"type": "string"},
                                     "version": {"type": "integer"}, "state": {"type": "object"},
                                     "outcome": {"$ref": "#/components/schemas/Outcome"}}},
        }},
    }
