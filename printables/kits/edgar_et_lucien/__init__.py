"""The Edgar & Lucien print-and-play kit.

Every component of the rulebook's list, built from the data file the companion's engine
reads (``companion/games/data/edgar-et-lucien.toml``), so the map, the costs, the thresholds
and the cards on paper are the ones the app applies:

- both sides of the board (2–3 players, 4 players), drawn from the map file: one square per
  district with its type (colour and pattern) and name, thick coloured bars on the shared
  sides (the borders), the metro stations in their line's colour with the station they lead
  to, and a legend; each side tiled over several sheets;
- the popularity track 0..100 of the Fosko polling institute with the tally track;
- 4 play aids (the 8 administration-action boxes on the front, the turn summary on the back);
- the Manigance deck, the compendium's 15 cards, in French and in English (two decks, as in
  the box), the 4 certificates and the Heritage Protection card;
- the Cogs notes (45 of 10,000 and 15 of 50,000);
- 4 movement wheels to assemble (a base disc, two needles, a paper fastener), the Governor
  token, the first-player token and paper markers;
- the checklist and the rule sheet.

``--lang`` picks the language of everything but the two Manigance decks, which are printed
each in its own language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm

from companion.games.base import load_data

from ...draw import mark_letters
from ...layout import ChecklistRow, Document, Page, PrintSettings, plan_cut_tiles
from ...text import BuildError
from .board import (
    BoardParts,
    board_lines_mm,
    board_size_mm,
    players_label,
    popularity_step,
    square_mm,
)
from .cards import CardParts, manigance_copies
from .components import ComponentParts
from .style import (
    BAR_GAP_MM,
    BAR_MM,
    BOARD_HEIGHT_MM,
    BOARD_MARGIN_MM,
    CERTIFICATE_COLOR,
    CONDITION_SYMBOLS,
    DARK,
    GAME_ID,
    GAME_NAME,
    HERITAGE_COLOR,
    INFLUENCE_MM,
    KIT_VERSION,
    LANGUAGES,
    LEGEND_MM,
    MANIGANCE_COLOR,
    MAX_SQUARE_MM,
    NOTE,
    NOTE_COLORS,
    PAPER,
    PAWN,
    PAWN_TAB_MM,
    PLAY_AID,
    POKER,
    TYPE_COLORS,
    TYPE_INK,
    WHEEL_RADIUS_MM,
    border_icon,
    darker,
    ink_on,
    metro_icon,
    padlock,
    pierce_mark,
    type_ink,
)
from .texts import TEXTS, amount, field, text

__all__ = [
    "GAME_ID",
    "GAME_NAME",
    "KIT_VERSION",
    "LANGUAGES",
    "POKER",
    "PLAY_AID",
    "NOTE",
    "BOARD_HEIGHT_MM",
    "MAX_SQUARE_MM",
    "BOARD_MARGIN_MM",
    "LEGEND_MM",
    "BAR_MM",
    "BAR_GAP_MM",
    "WHEEL_RADIUS_MM",
    "INFLUENCE_MM",
    "PAWN",
    "PAWN_TAB_MM",
    "TYPE_COLORS",
    "TYPE_INK",
    "MANIGANCE_COLOR",
    "CERTIFICATE_COLOR",
    "HERITAGE_COLOR",
    "NOTE_COLORS",
    "PAPER",
    "DARK",
    "CONDITION_SYMBOLS",
    "TEXTS",
    "text",
    "amount",
    "field",
    "data",
    "manigance_copies",
    "popularity_step",
    "players_label",
    "square_mm",
    "board_lines_mm",
    "board_size_mm",
    "ink_on",
    "type_ink",
    "darker",
    "border_icon",
    "metro_icon",
    "padlock",
    "pierce_mark",
    "Kit",
    "build",
]
"""The kit's names, as when it was one module (the tests and the printing code read them)."""

# --------------------------------------------------------------------------- data


def data() -> Mapping[str, Any]:
    """The game data, checked for what the kit needs; BuildError names what is wrong."""
    d = load_data(GAME_ID)
    try:
        colours = d["border_colours"]
        for side in d["sides"]:
            comp = f"board {side['key']}"
            squares: dict[str, tuple[int, int]] = {}
            for district in side["districts"]:
                if district["type"] not in TYPE_COLORS:
                    raise BuildError(f"unknown district type {district['type']!r}", comp)
                if not (0 <= district["col"] < side["cols"] and 0 <= district["row"]
                        < side["rows"]):
                    raise BuildError(f"{district['id']} lies outside the grid", comp)
                square = (district["col"], district["row"])
                if square in squares.values():
                    raise BuildError(f"two districts on the square {square}", comp)
                squares[district["id"]] = square
            for border in side["borders"]:
                a, b = border["districts"]
                if a not in squares or b not in squares:
                    raise BuildError(f"a border names an unknown district: {a}, {b}", comp)
                (ca, ra), (cb, rb) = squares[a], squares[b]
                if abs(ca - cb) + abs(ra - rb) != 1:
                    raise BuildError(f"{a} and {b} do not share a side", comp)
                if border["colour"] not in colours:
                    raise BuildError(f"unknown border colour {border['colour']!r}", comp)
            for line in side["metro"]:
                if line["colour"] not in colours or len(line["stations"]) != 2:
                    raise BuildError(f"a metro line needs a known colour and two stations: "
                                     f"{line}", comp)
                for station in line["stations"]:
                    if station not in squares:
                        raise BuildError(f"unknown metro station {station!r}", comp)
            for admin in d["administration"]:
                if admin["district"] not in squares:
                    raise BuildError(f"the place {admin['district']!r} of {admin['id']} is "
                                     "not on the board", comp)
        if len(d["administration"]) != 8:
            raise BuildError(f"{len(d['administration'])} administration actions, the play "
                             "aid has 8 boxes", "play aids")
        for note in d["money"]["notes"]:
            if note["value"] not in NOTE_COLORS:
                raise BuildError(f"no design for a note of {note['value']}", "Cogs notes")
        for condition in d["conditions"]:
            if condition["id"] not in CONDITION_SYMBOLS:
                raise BuildError(f"no design for the condition {condition['id']!r}",
                                 "certificates")
    except KeyError as exc:
        raise BuildError(f"the data file lacks {exc}", GAME_ID) from None
    return d


class Kit(BoardParts, CardParts, ComponentParts):
    """Builds the documents of one kit for one set of print settings."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None) -> None:
        super().__init__(settings, base_url)
        self.d = data()
        self.colours: Mapping[str, str] = self.d["border_colours"]
        self.player_colours: Mapping[str, str] = self.d["colours"]
        # each colour's mark on its pieces: a greyscale print tells red and blue apart by it
        self.marks = mark_letters({c: self.colour_name(c) for c in self.d["players"]["colours"]})
        # Administration districts have the same id on both sides: their names come from
        # the first side that has them.
        self.places = {dist["id"]: dist for side in reversed(self.d["sides"])
                       for dist in side["districts"]}

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Every component, then the rule sheet; the rows of the checklist."""
        from ...rulesheet import add_rule_sheet

        rows: list[tuple[str, str, int, int, str]] = []
        blank = self.t("blank")

        def section(names: Sequence[tuple[str, ...]], how: str,
                    add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            printed = [i + 1 for i in range(start, len(doc.pages))
                       if doc.pages[i].component != blank
                       and doc.pages[i].side != "back"]
            first, last = (printed[0], printed[-1]) if printed else (start + 1, len(doc.pages))
            for name, count, *own in names:
                rows.append((name, count, first, last, own[0] if own else how))

        for side in self.d["sides"]:
            players = players_label(side)
            name = self.t("board", players=players)
            w, h = board_size_mm(side)
            tiles: list[int] = []

            def add_side(side: Mapping[str, Any] = side, players: str = players,
                         name: str = name, w: float = w, h: float = h,
                         tiles: list[int] = tiles) -> None:
                lines = board_lines_mm(side)
                plan = plan_cut_tiles(self.s.page_size, w * mm, h * mm,
                                      [v * mm for v in lines[0]], [v * mm for v in lines[1]])
                cuts = sorted({t.bx / mm for t in plan if t.col > 0})
                drawn = doc.add_board(w, h, self.board_drawer(side, players, cuts),
                                      component=name, lines_mm=lines)
                tiles.append(len(drawn))

            section([(name, "")], self.t("how_board"), add_side)
            rows[-1] = (rows[-1][0], self.t("tiles_count", n=tiles[0]), *rows[-1][2:])
        section([(self.t("track"), "1")], self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("track"), self.track_drawer())))
        section([(self.t("aids"), "4")], self.t("how_aids"),
                lambda: doc.add_cards(self.play_aids(), PLAY_AID, component=self.t("aids"),
                                      backs=backs))
        deck = manigance_copies(self.d)
        section([(self.t("deck_fr"), str(len(deck))), (self.t("deck_en"), str(len(deck))),
                 (self.t("certificates_row"), f"{len(self.d['conditions'])} + 1")],
                self.t("how_cards"),
                lambda: doc.add_cards(self.manigance_cards("fr") + self.manigance_cards("en")
                                      + self.certificates() + [self.heritage_card()], POKER,
                                      component=self.t("cards"), backs=backs))
        notes = " + ".join(str(n["count"]) for n in self.d["money"]["notes"])
        section([(self.t("notes"), notes)], self.t("how_cards"),
                lambda: doc.add_cards(self.notes(), NOTE, component=self.t("notes"),
                                      backs=backs))
        section([(self.t("influence"), self.t("influence_count"))], self.t("how_cards"),
                lambda: doc.add_cards(self.influence_tokens(), (INFLUENCE_MM, INFLUENCE_MM),
                                      component=self.t("influence"), backs=backs))
        section([(self.t("pawns"), self.t("pawns_count"))], self.t("how_pawns"),
                lambda: doc.add_cards(self.pawns(), PAWN, component=self.t("pawns"),
                                      backs=backs))
        section([(self.t("wheels_row"), self.t("wheels_count")),
                 (self.t("tokens_row"), self.t("tokens_count"), self.t("how_tokens"))],
                self.t("how_wheels"),
                lambda: self.add_wheels(doc))
        doc.start_sheet()
        section([(self.t("rules"), "1")], self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    # ------------------------------------------------------------------ checklist

    def checklist_title(self) -> str:
        return f"{GAME_NAME} — {self.t('checklist_title')}"


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False
          ) -> tuple[Document, Document | None]:
    return Kit(settings, base_url).build(rules_only=rules_only)
