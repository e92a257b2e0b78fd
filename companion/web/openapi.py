"""The OpenAPI document of the JSON API, built from the game registry."""

from __future__ import annotations

from typing import Any

from ..__about__ import __version__
from ..games import GAMES


def _error_response(description: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}


def document() -> dict[str, Any]:
    table_id = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
    versioned = {"type": "object", "required": ["expected_version"],
                 "properties": {"expected_version": {"type": "integer", "minimum": 0}}}
    table_response = {"description": "The table after the request",
                      "content": {"application/json": {
                          "schema": {"$ref": "#/components/schemas/Table"}}}}
    seat_token = {"name": "X-Seat-Token", "in": "header", "required": False,
                  "schema": {"type": "string"},
                  "description": "A seat's token (from claiming the seat): act as that seat "
                                 "and see its secrets"}
    write_errors = {
        "400": _error_response("Malformed input (missing field, wrong type, unknown seat)"),
        "403": _error_response("A sealed input for a seat this request does not hold"),
        "404": _error_response("No such table"),
        "409": _error_response("expected_version is stale: another phone wrote first"),
        "422": _error_response("The rules refuse this action in this state"),
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Table companion API", "version": __version__,
                 "description": "Tables of board games kept by phones. Every write names the "
                                "version it was made against; errors change nothing."},
        "paths": {
            "/api/games": {"get": {
                "summary": "The games this server knows",
                "responses": {"200": {"description": "Games with player counts and options",
                                      "content": {"application/json": {"schema": {
                                          "type": "object"}}}}}}},
            "/api/tables": {"post": {
                "summary": "Start a table",
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": {"$ref": "#/components/schemas/NewTable"}}}},
                "responses": {"201": table_response,
                              "400": _error_response("Malformed input or unknown game"),
                              "422": _error_response("The rules refuse this setup")}}},
            "/api/tables/{table_id}": {"get": {
                "summary": "A table's state, as the seat of X-Seat-Token may see it",
                "parameters": [table_id, seat_token],
                "responses": {"200": table_response, "404": _error_response("No such table")}}},
            "/api/tables/{table_id}/seats/{seat}": {"post": {
                "summary": "Claim a seat: the token identifies it in later requests",
                "parameters": [table_id, {"name": "seat", "in": "path", "required": True,
                                          "schema": {"type": "integer", "minimum": 0}}],
                "responses": {"201": {"description": "The seat's token",
                                      "content": {"application/json": {"schema": {
                                          "type": "object", "properties": {
                                              "seat": {"type": "integer"},
                                              "token": {"type": "string"}}}}}},
                              "400": _error_response("No such seat"),
                              "404": _error_response("No such table")}}},
            "/api/tables/{table_id}/version": {"get": {
                "summary": "A table's version, for cheap polling", "parameters": [table_id],
                "responses": {"200": {"description": "The version",
                                      "content": {"application/json": {"schema": {
                                          "type": "object", "properties": {
                                              "id": {"type": "string"},
                                              "version": {"type": "integer"}}}}}},
                              "404": _error_response("No such table")}}},
            "/api/tables/{table_id}/actions": {"post": {
                "summary": "Apply one game action", "parameters": [table_id, seat_token],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["expected_version", "action"],
                    "properties": {"expected_version": {"type": "integer"},
                                   "action": {"$ref": "#/components/schemas/Action"}}}}}},
                "responses": {"200": table_response, **write_errors}}},
            "/api/tables/{table_id}/undo": {"post": {
                "summary": "Undo the last entry in force", "parameters": [table_id],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": versioned}}},
                "responses": {"200": table_response, **write_errors}}},
            "/api/tables/{table_id}/redo": {"post": {
                "summary": "Redo the last undone entry", "parameters": [table_id],
                "requestBody": {"required": True, "content": {"application/json": {
                    "schema": versioned}}},
                "responses": {"200": table_response, **write_errors}}},
            "/api/tables/{table_id}/corrections": {"post": {
                "summary": "Replace the entry that closed a past round; what follows is "
                           "recomputed", "parameters": [table_id],
                "requestBody": {"required": True, "content": {"application/json": {"schema": {
                    "type": "object", "required": ["expected_version", "target", "action"],
                    "properties": {"expected_version": {"type": "integer"},
                                   "target": {"type": "integer",
                                              "description": "seq of the log entry to replace"},
                                   "action": {"$ref": "#/components/schemas/Action"}}}}}},
                "responses": {"200": table_response, **write_errors}}},
        },
        "components": {"schemas": {
            "Error": {"type": "object", "required": ["error"], "properties": {"error": {
                "type": "object", "required": ["code", "message"],
                "properties": {"code": {"type": "string"}, "message": {"type": "string"}}}}},
            "NewTable": {"type": "object", "required": ["game", "players"], "properties": {
                "game": {"type": "string", "enum": sorted(GAMES)},
                "players": {"type": "array", "items": {"type": "object",
                                                       "required": ["name"]}},
                "options": {"type": "object"}}},
            "Action": {"type": "object", "required": ["type"],
                       "properties": {"type": {"type": "string"}}},
            "Outcome": {"type": ["object", "null"], "properties": {
                "winners": {"type": "array", "items": {"type": "integer"}},
                "reason": {"type": "string"}}},
            "Table": {"type": "object", "required": ["id", "game", "version", "state", "outcome"],
                      "properties": {"id": {"type": "string"}, "game": {"type": "string"},
                                     "version": {"type": "integer"}, "state": {"type": "object"},
                                     "outcome": {"$ref": "#/components/schemas/Outcome"}}},
        }},
    }
