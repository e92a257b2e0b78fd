"""The map: the two sides of the board, their districts, coloured borders and metro lines, and
where a programmed move leads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .data import DATA, MOVE_COLOURS


@dataclass(frozen=True)
class District:
    id: str
    type: str
    col: int
    row: int
    name_en: str
    name_fr: str
    name_ko: str = ""

    def name(self, lang: str) -> str:
        """The district's name in ``lang``, English when it has none in that language."""
        return str(getattr(self, f"name_{lang}", "") or self.name_en)


@dataclass(frozen=True)
class Board:
    """One side of the board: districts, coloured borders and metro lines."""

    key: str
    players: tuple[int, ...]
    cols: int
    rows: int
    districts: tuple[District, ...]
    borders: tuple[tuple[str, str, str], ...]  # (district, district, colour)
    metro: tuple[tuple[str, str, str], ...]  # (colour, station, station)

    def index(self, district: str) -> int:
        for i, d in enumerate(self.districts):
            if d.id == district:
                return i
        raise KeyError(district)

    def district(self, district: str) -> District:
        return self.districts[self.index(district)]

    def across_border(self, district: str, colour: str) -> str | None:
        """The neighbour across the border of this colour, or None (an invalid move)."""
        for a, b, c in self.borders:
            if c == colour and district in (a, b):
                return b if district == a else a
        return None

    def metro_exit(self, district: str, colour: str) -> str | None:
        """The other station of the metro line of this colour, or None (no such station)."""
        for c, a, b in self.metro:
            if c == colour and district in (a, b):
                return b if district == a else a
        return None


def _load_board(raw: Mapping[str, Any]) -> Board:
    return Board(
        key=raw["key"], players=tuple(raw["players"]), cols=raw["cols"], rows=raw["rows"],
        districts=tuple(District(d["id"], d["type"], d["col"], d["row"], d["name_en"],
                                 d["name_fr"], d.get("name_ko", ""))
                        for d in raw["districts"]),
        borders=tuple((b["districts"][0], b["districts"][1], b["colour"])
                      for b in raw["borders"]),
        metro=tuple((m["colour"], m["stations"][0], m["stations"][1]) for m in raw["metro"]),
    )


BOARDS: Mapping[str, Board] = {s["key"]: _load_board(s) for s in DATA["sides"]}


def board_for(player_count: int) -> Board:
    """The side of the board for this many players."""
    return next(b for b in BOARDS.values() if player_count in b.players)


def resolve_move(board: Board, district: str, move: Mapping[str, Any]) -> str:
    """Where a programmed move takes a character; an invalid colour leaves it in place."""
    if move["kind"] == "border":
        return board.across_border(district, move["colour"]) or district
    if move["kind"] == "metro":
        return board.metro_exit(district, move["colour"]) or district
    return district


def move_options(board: Board, district: str) -> list[tuple[dict[str, Any], str]]:
    """Every move a character could program from a district, with where it leads."""
    options: list[tuple[dict[str, Any], str]] = [({"kind": "immobile"}, district)]
    for colour in MOVE_COLOURS:
        for kind in ("border", "metro"):
            move = {"kind": kind, "colour": colour}
            options.append((move, resolve_move(board, district, move)))
    return options
