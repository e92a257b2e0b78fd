"""The JSON API: the same table service and engines as the pages, nothing computed twice."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from .. import inputs
from ..games import GAMES, get_game
from ..games.base import N_, GameError, GameOver, IllegalAction, MalformedInput
from ..tables import (
    NotAllowed,
    SeatTaken,
    Sender,
    TableNotFound,
    TableView,
    TooManyRequests,
    VersionConflict,
)
from .common import refuse_chosen_seeds, service, translate_error
from .limits import limit

api_bp = Blueprint("api", __name__)

STATUS = (
    (TableNotFound, 404),
    (NotAllowed, 403),
    (VersionConflict, 409),
    (SeatTaken, 409),
    (TooManyRequests, 429),
    (MalformedInput, 400),
    (GameOver, 422),
    (IllegalAction, 422),
)


def status_of(error: GameError) -> int:
    for kind, status in STATUS:
        if isinstance(error, kind):
            return status
    return 422


def error_body(code: str, message: str, status: int) -> tuple[Any, int]:
    return jsonify({"error": {"code": code, "message": message}}), status


@api_bp.errorhandler(GameError)
def _game_error(error: GameError) -> tuple[Any, int]:
    game = None
    table_id = (request.view_args or {}).get("table_id")
    if table_id and not isinstance(error, TableNotFound):
        try:
            game = service().get(table_id).game
        except GameError:
            game = None
    return error_body(error.code, translate_error(error, game), status_of(error))


@api_bp.errorhandler(HTTPException)
def _http_error(error: HTTPException) -> tuple[Any, int]:
    code = (error.name or "error").lower().replace(" ", "_")
    return error_body(code, error.description or error.name, error.code or 500)


def _json_body() -> dict[str, Any]:
    """The request's JSON object, parsed no deeper than ``inputs.MAX_JSON_DEPTH``."""
    body = inputs.loads(request.get_data(cache=True)) if request.is_json else None
    if not isinstance(body, dict):
        raise MalformedInput(N_("the request body must be a JSON object"), code="bad_json")
    return body


@api_bp.get("/games")
def games() -> Any:
    return jsonify({"games": [
        {"id": game.ID, "name": game.NAME, "min_players": game.MIN_PLAYERS,
         "max_players": game.MAX_PLAYERS, "player_fields": game.player_fields(),
         "options": [option.to_json() for option in game.OPTIONS]}
        for game in GAMES.values()
    ]})


@api_bp.post("/tables")
def create_table() -> Any:
    limit("tables")
    body = _json_body()
    game_id = body.get("game")
    if not isinstance(game_id, str):
        raise MalformedInput(N_("game must be a game id"), code="bad_game")
    refuse_chosen_seeds(get_game(game_id), body.get("options"))
    view = service().create(game_id, body.get("players"), body.get("options"))
    # The host token is given once, here: the creator keeps it (X-Host-Token).
    return jsonify({**view.to_json(), "host_token": service().host_token(view.id)}), 201


def _seat(table_id: str) -> int | None:
    """The seat whose token the request carries (header ``X-Seat-Token``), if any."""
    token = request.headers.get("X-Seat-Token")
    if not token:
        return None
    seat = service().seat_of(table_id, token)
    if seat is None:
        service().get(table_id)  # 404 first for an unknown table
        raise NotAllowed(N_("this seat token does not belong to this table (the seat may "
                            "have moved to another phone)"), code="not_your_seat")
    return seat


def _sender(table_id: str, writing: bool = False) -> Sender:
    """Who the request is: its seat token's seat, and whether it carries the host token
    (``writing``: for a write to the log, which checks the table again itself)."""
    seat = _seat(table_id)
    host_token = request.headers.get("X-Host-Token")
    host = False
    if host_token:
        host = service().is_host(table_id, host_token, writing=writing)
        if not host:
            service().get(table_id)
            raise NotAllowed(N_("this host token does not belong to this table"),
                             code="not_host")
    return Sender(seat, host)


def _key() -> str | None:
    return request.headers.get("Idempotency-Key")


@api_bp.post("/tables/<table_id>/seats/<int:seat>")
def claim_seat(table_id: str, seat: int) -> Any:
    """Claim a free seat (or, with the host token, any seat): the token returned identifies
    that seat in later requests. A seat another phone holds answers 409 ``seat_taken``. A
    client that sends the seat token it holds moves: its first seat is freed."""
    token = service().claim(table_id, seat, by=_sender(table_id),
                            moving_from=request.headers.get("X-Seat-Token"))
    return jsonify({"seat": seat, "token": token}), 201


@api_bp.delete("/tables/<table_id>/seats/<int:seat>")
def free_seat(table_id: str, seat: int) -> Any:
    """Free a seat: the host, or the phone that holds it."""
    service().free(table_id, seat, by=_sender(table_id))
    return "", 204


@api_bp.delete("/tables/<table_id>")
def delete_table(table_id: str) -> Any:
    """Delete a table and its log: the host only."""
    service().delete(table_id, by=_sender(table_id))
    return "", 204


def _encode(document: Any) -> bytes:
    body: bytes = current_app.json.dumps_bytes(document)  # type: ignore[attr-defined]
    return body


def table_json(view: TableView, viewer: int | None) -> Any:
    """The table as ``viewer`` sees it: the same bytes ``jsonify`` makes, encoded once per
    version and viewer and shared by every request that reads that version."""
    return current_app.response_class(view.document(viewer, _encode),
                                      mimetype="application/json")


def _minimal_asked() -> bool:
    """Whether the write asks ``Prefer: return=minimal`` (RFC 7240): a client that follows
    the table on its live stream needs only where its write left the table."""
    return any(part.strip().lower() == "return=minimal"
               for value in request.headers.getlist("Prefer") for part in value.split(","))


def written(view: TableView, viewer: int | None) -> Any:
    """A write's reply: the whole table as ``viewer`` sees it, or, when the client prefers
    ``return=minimal``, the table's id, game, new version and outcome alone."""
    if not _minimal_asked():
        return table_json(view, viewer)
    outcome = view.outcome
    reply = jsonify({"id": view.id, "game": view.game.ID, "version": view.version,
                     "outcome": outcome.to_json() if outcome else None})
    reply.headers["Preference-Applied"] = "return=minimal"
    return reply


@api_bp.get("/tables/<table_id>")
def get_table(table_id: str) -> Any:
    seat = _seat(table_id)
    return table_json(service().get(table_id), seat)


@api_bp.get("/tables/<table_id>/version")
def get_version(table_id: str) -> Any:
    return jsonify({"id": table_id, "version": service().version(table_id)})


@api_bp.post("/tables/<table_id>/actions")
def post_action(table_id: str) -> Any:
    body = _json_body()
    by = _sender(table_id, writing=True)
    view = service().act(table_id, body.get("expected_version"), body.get("action"), by=by,
                         key=_key())
    return written(view, by.seat)


@api_bp.post("/tables/<table_id>/undo")
def post_undo(table_id: str) -> Any:
    body = _json_body()
    by = _sender(table_id, writing=True)
    return written(service().undo(table_id, body.get("expected_version"), by=by,
                                  key=_key()), by.seat)


@api_bp.post("/tables/<table_id>/redo")
def post_redo(table_id: str) -> Any:
    body = _json_body()
    by = _sender(table_id, writing=True)
    return written(service().redo(table_id, body.get("expected_version"), by=by,
                                  key=_key()), by.seat)


@api_bp.post("/tables/<table_id>/corrections")
def post_correction(table_id: str) -> Any:
    body = _json_body()
    by = _sender(table_id, writing=True)
    view = service().amend(table_id, body.get("expected_version"), body.get("target"),
                           body.get("action"), by=by, key=_key())
    return written(view, by.seat)


@api_bp.get("/openapi.json")
def openapi() -> Any:
    from .openapi import document

    return jsonify(document())
