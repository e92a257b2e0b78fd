"""The JSON API: the same table service and engines as the pages, nothing computed twice."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from werkzeug.exceptions import HTTPException

from .. import inputs
from ..games import GAMES
from ..games.base import N_, GameError, GameOver, IllegalAction, MalformedInput
from ..tables import NotYourSeat, TableNotFound, VersionConflict
from .common import service, translate_error

api_bp = Blueprint("api", __name__)

STATUS = (
    (TableNotFound, 404),
    (NotYourSeat, 403),
    (VersionConflict, 409),
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
    body = _json_body()
    game_id = body.get("game")
    if not isinstance(game_id, str):
        raise MalformedInput(N_("game must be a game id"), code="bad_game")
    view = service().create(game_id, body.get("players"), body.get("options"))
    return jsonify(view.to_json()), 201


def _seat(table_id: str) -> int | None:
    """The seat whose token the request carries (header ``X-Seat-Token``), if any."""
    token = request.headers.get("X-Seat-Token")
    if not token:
        return None
    seat = service().seat_of(table_id, token)
    if seat is None:
        service().get(table_id)  # 404 first for an unknown table
        raise NotYourSeat(N_("this seat token does not belong to this table"))
    return seat


@api_bp.post("/tables/<table_id>/seats/<int:seat>")
def claim_seat(table_id: str, seat: int) -> Any:
    """Claim a seat: the token returned identifies that seat in later requests."""
    token = service().claim(table_id, seat)
    return jsonify({"seat": seat, "token": token}), 201


@api_bp.get("/tables/<table_id>")
def get_table(table_id: str) -> Any:
    return jsonify(service().get(table_id).to_json(_seat(table_id)))


@api_bp.get("/tables/<table_id>/version")
def get_version(table_id: str) -> Any:
    return jsonify({"id": table_id, "version": service().version(table_id)})


@api_bp.post("/tables/<table_id>/actions")
def post_action(table_id: str) -> Any:
    body = _json_body()
    seat = _seat(table_id)
    view = service().act(table_id, body.get("expected_version"), body.get("action"), seat=seat)
    return jsonify(view.to_json(seat))


@api_bp.post("/tables/<table_id>/undo")
def post_undo(table_id: str) -> Any:
    body = _json_body()
    seat = _seat(table_id)
    return jsonify(service().undo(table_id, body.get("expected_version"), seat=seat)
                   .to_json(seat))


@api_bp.post("/tables/<table_id>/redo")
def post_redo(table_id: str) -> Any:
    body = _json_body()
    seat = _seat(table_id)
    return jsonify(service().redo(table_id, body.get("expected_version"), seat=seat)
                   .to_json(seat))


@api_bp.post("/tables/<table_id>/corrections")
def post_correction(table_id: str) -> Any:
    body = _json_body()
    seat = _seat(table_id)
    view = service().amend(table_id, body.get("expected_version"), body.get("target"),
                           body.get("action"), seat=seat)
    return jsonify(view.to_json(seat))


@api_bp.get("/openapi.json")
def openapi() -> Any:
    from .openapi import document

    return jsonify(document())
