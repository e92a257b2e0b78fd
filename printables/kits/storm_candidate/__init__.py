"""The 폭풍의 대권주자 print-and-play kit.

Built from the data file the companion's engine reads (``companion/games/data/
storm-candidate.toml``), so the tracks, the slots, the surcharges, the offices and the token
supply on paper are the ones the app applies:

- the victory-point track 0 to 100 (straight: no 93/94 swap), the goal marked, on one
  sheet;
- the bus turn-order board with the tie swaps, and the round tracker 1 to 11;
- the street: 11 card slots with their surcharge, tiled;
- the Federal Building: the printed offices, the basic office spaces by player count and the
  11 added office spaces, each with a token tracker;
- four player aids (the four phases and the card colours);
- the 25 victory-point tokens, the campaign workers and the career markers in four colours
  (each with its colour's mark, for greyscale prints), the round marker; all fit an office
  space's token tray;
- the action and start cards: blank templates with the fields the rulebook describes
  (priority number, price, period, colour, action box), or the group's own card list printed
  as cards (``deck=``, the table option's list); each start deck's 7 coin and 3 point cards;
- the 15 office cards, landscape, the size of the office spaces they are laid on;
- the checklist and the rule sheet.

Korean (the players' language, NanumGothic embedded) and English.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...layout import ChecklistRow, Document, Page, PrintSettings
from .boards import Boards
from .cards import Cards
from .data import (
    AID,
    DARK,
    GAME_ID,
    GAME_NAME,
    GOAL_COLOR,
    HEADING_MARGIN_MM,
    KIT_VERSION,
    LANDSCAPE_FOOTER_MM,
    LANGUAGES,
    OFFICE_CARD,
    OFFICE_COLS,
    OFFICE_H_MM,
    OFFICE_W_MM,
    PAPER,
    PERIODS,
    POKER,
    SLOT_H_MM,
    SLOT_W_MM,
    TOKEN,
    TRACK_COLS,
    TRACK_SIDE_MM,
    TRACK_SQUARE_MM,
    TRAY_R_MM,
    data,
    deck_cards,
    ink_on,
    surcharges,
)
from .drawing import KitDrawing
from .texts import COLOUR_NAMES, TEXTS, text

__all__ = [
    "AID",
    "Boards",
    "COLOUR_NAMES",
    "Cards",
    "DARK",
    "GAME_ID",
    "GAME_NAME",
    "GOAL_COLOR",
    "HEADING_MARGIN_MM",
    "KIT_VERSION",
    "Kit",
    "KitDrawing",
    "LANDSCAPE_FOOTER_MM",
    "LANGUAGES",
    "OFFICE_CARD",
    "OFFICE_COLS",
    "OFFICE_H_MM",
    "OFFICE_W_MM",
    "PAPER",
    "PERIODS",
    "POKER",
    "SLOT_H_MM",
    "SLOT_W_MM",
    "TEXTS",
    "TOKEN",
    "TRACK_COLS",
    "TRACK_SIDE_MM",
    "TRACK_SQUARE_MM",
    "TRAY_R_MM",
    "build",
    "data",
    "deck_cards",
    "ink_on",
    "surcharges",
    "text",
]


class Kit(Boards, Cards):
    """Builds the documents of one kit for one set of print settings."""

    # ------------------------------------------------------------------ the kit

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        from ...rulesheet import add_rule_sheet

        rows: list[ChecklistRow] = []

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            first = start + 1
            while first <= len(doc.pages) and not doc.pages[first - 1].component.startswith(
                    name):
                first += 1
            rows.append((name, count, first, len(doc.pages), how))

        for name, (w, h), draw_board, lines in (
                (self.t("track"), self.track_size_mm(), self.draw_track, self.track_lines_mm()),
                (self.t("street"), self.street_size_mm(), self.draw_street,
                 self.street_lines_mm()),
                (self.t("building"), self.building_size_mm(), self.draw_building,
                 self.building_lines_mm())):
            section(name, *self.board_row(w, h, lines),
                    functools.partial(self.add_board, doc, w, h, draw_board, lines, name))

        def bus_page() -> None:
            doc.start_sheet()
            doc.add(Page(self.t("bus"), self.draw_bus_page))
            if doc.padded:
                doc.add(Page(self.t("blank"), lambda c: None, side="back"))

        section(self.t("bus"), "1", self.t("how_page"), bus_page)
        section(self.t("aids"), "4", self.t("how_single"),
                lambda: doc.add_cards(self.aid_cards(), AID, component=self.t("aids"),
                                      backs=backs))
        tokens = self.token_cards()
        vp = self.d["tokens"]["supply"]
        workers = len(self.colours) * self.workers_per_colour()
        markers = len(self.colours) * self.d["game"]["markers"]
        section(self.t("tokens"),
                self.t("tokens_count", vp=vp, workers=workers, markers=markers),
                self.t("how_single"),
                lambda: doc.add_cards(tokens, TOKEN, component=self.t("tokens"),
                                      gutter_mm=3, backs=backs))
        cards = self.game_cards()
        section(self.t("cards"), self.t("cards_count", n=len(cards)), self.t("how_cards"),
                lambda: doc.add_cards(cards, POKER, component=self.t("cards"), backs=backs))
        offices = self.office_cards()
        section(self.t("office_cards"), self.t("cards_count", n=len(offices)),
                self.t("how_office_cards"),
                lambda: doc.add_cards(offices, OFFICE_CARD, component=self.t("office_cards"),
                                      backs=backs))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False,
          deck: Sequence[Mapping[str, Any]] | None = None
          ) -> tuple[Document, Document | None]:
    return Kit(settings, base_url, deck=deck).build(rules_only=rules_only)
