"""The Election USA print-and-play kit.

Built from the data file the companion's engine reads (``companion/games/data/election-usa.toml``)
and from a table's edition values (the options of ``companion.games.election_usa``: region
points, reserve, malus, the group's Action and Skeleton lists), so the board and the cards on
paper are the ones the app applies:

- the board, tiled over several sheets: a schematic map of the United States in six regions,
  each with its name and its 1st/2nd/3rd victory points, and the Sincerity track 0–15;
- coins of $1M and $3M; pawn tokens in five colours (6 + the reserve per colour); Sincerity
  markers; each pawn and marker with its colour's mark (greyscale prints tell the colours
  apart by it), outlines in low ink;
- the ten-card display mat, its places numbered as the phones number them;
- a player aid per player (the turn, the three card kinds, the chain, the end, the scoring);
- the final-scoring sheet;
- the Action and Skeleton decks: the group's deck list as poker-size cards with backs, or,
  without one, blank card templates with the fields the rulebook names (said so on the
  checklist): as many Action blanks as the deck holds (60, the edition value) and as many
  Skeletons as a game can draw (16);
- the checklist and the rule sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games import election_usa as game

from ...layout import Card, ChecklistRow, Document, Page, PrintSettings
from .board import Board
from .cards import Cards
from .data import (
    ACTION_COLOR,
    BOARD_COL_MM,
    BOARD_COLS,
    BOARD_H_MM,
    BOARD_MARGIN_MM,
    BOARD_W_MM,
    COIN_COLORS,
    COIN_MM,
    COINS,
    DARK,
    GAME_ID,
    GAME_NAME,
    KIND_COLORS,
    KIT_VERSION,
    LANGUAGES,
    MARKER_MM,
    MAT_H_MM,
    MAT_LEFT_MM,
    MAT_SLOT_GAP_MM,
    MAT_W_MM,
    PAPER,
    PAWN_MM,
    PLAY_AID,
    POKER,
    REGION_FILL,
    SINCERITY_BLUE,
    SKELETON_COLOR,
    TRACK_SLOTS_PER_COL,
    board_lines_mm,
    edition,
    ink_on,
    mat_lines_mm,
    signed,
    skeletons_drawn_at_most,
    tied,
)
from .drawing import KitDrawing
from .sheets import Sheets
from .texts import TEXTS, text
from .tokens import Tokens

__all__ = [
    "ACTION_COLOR",
    "BOARD_COLS",
    "BOARD_COL_MM",
    "BOARD_H_MM",
    "BOARD_MARGIN_MM",
    "BOARD_W_MM",
    "Board",
    "COINS",
    "COIN_COLORS",
    "COIN_MM",
    "Cards",
    "DARK",
    "GAME_ID",
    "GAME_NAME",
    "KIND_COLORS",
    "KIT_VERSION",
    "Kit",
    "KitDrawing",
    "LANGUAGES",
    "MARKER_MM",
    "MAT_H_MM",
    "MAT_LEFT_MM",
    "MAT_SLOT_GAP_MM",
    "MAT_W_MM",
    "PAPER",
    "PAWN_MM",
    "PLAY_AID",
    "POKER",
    "REGION_FILL",
    "SINCERITY_BLUE",
    "SKELETON_COLOR",
    "Sheets",
    "TEXTS",
    "TRACK_SLOTS_PER_COL",
    "Tokens",
    "board_lines_mm",
    "build",
    "edition",
    "ink_on",
    "mat_lines_mm",
    "region_points",
    "signed",
    "skeletons_drawn_at_most",
    "text",
    "tied",
]


class Kit(Board, Tokens, Sheets, Cards):
    """Builds the documents of one kit for one set of print settings and edition values."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        from ...rulesheet import add_rule_sheet

        rows: list[ChecklistRow] = []
        blank = self.t("blank")
        how_blank = self.t("how_blank")
        if self.s.duplex == "none" and backs is None:
            # blank templates have backs too: printed single-sided, their sheets are glued
            how_blank = f"{self.t('how_glued')}; {self.t('how_blank_glued')}"

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            printed = [i + 1 for i in range(start, len(doc.pages))
                       if doc.pages[i].component != blank and doc.pages[i].side != "back"]
            first, last = (printed[0], printed[-1]) if printed else (start + 1, len(doc.pages))
            rows.append((name, count, first, last, how))

        tiles: list[int] = []
        section(self.t("board"), "", self.t("how_board"), lambda: tiles.append(len(
            doc.add_board(BOARD_W_MM, BOARD_H_MM, self.board_drawer(), component=self.t("board"),
                          lines_mm=board_lines_mm()))))
        rows[-1] = (rows[-1][0], self.t("tiles_count", n=tiles[0]), *rows[-1][2:])
        coins = [Card(f"coin-{v}-{i}", self.coin(v)) for v, n in COINS.items() for i in range(n)]
        section(self.t("coins"), " + ".join(str(n) for n in COINS.values()), self.t("how_tokens"),
                lambda: doc.add_cards(coins, (COIN_MM, COIN_MM), component=self.t("coins")))
        per_colour = game.START["pawns"] + self.values["reserve"]
        pawns = [Card(f"pawn-{colour}-{i}", self.pawn(colour)) for colour in game.COLOURS
                 for i in range(per_colour)]
        markers = [Card(f"marker-{colour}", self.marker(colour)) for colour in game.COLOURS]
        section(self.t("pawns"), f"{len(game.COLOURS)} × {per_colour} + {len(markers)}",
                self.t("how_tokens"),
                lambda: (doc.add_cards(pawns, (PAWN_MM, PAWN_MM), component=self.t("pawns")),
                         doc.add_cards(markers, (MARKER_MM, MARKER_MM),
                                       component=self.t("pawns"))))
        mat_tiles: list[int] = []
        section(self.t("mat"), "", self.t("how_board"), lambda: mat_tiles.append(len(
            doc.add_board(MAT_W_MM, MAT_H_MM, self.mat_drawer(), component=self.t("mat"),
                          lines_mm=mat_lines_mm()))))
        rows[-1] = (rows[-1][0], self.t("tiles_count", n=mat_tiles[0]), *rows[-1][2:])
        aids = [Card(f"aid-{i}", self.aid()) for i in range(game.MAX_PLAYERS)]
        section(self.t("aids"), str(len(aids)), self.t("how_tokens"),
                lambda: doc.add_cards(aids, PLAY_AID, component=self.t("aids")))
        section(self.t("score_sheet"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("score_sheet"), self.score_sheet())))
        action_deck = self.values["action_deck"]
        if action_deck:
            cards = [Card(f"action-{i}-{n}", self.action_front(card), self.back("action"))
                     for i, card in enumerate(action_deck)
                     for n in range(int(card.get("count", 1)))]
            section(self.t("action_deck"), str(len(cards)), self.t("how_cards"),
                    lambda: doc.add_cards(cards, POKER, component=self.t("action_deck"),
                                          backs=backs))
        else:
            # as many as the deck holds (the edition value): the face-up display alone
            # takes 10
            cards = [Card(f"action-blank-{i}", self.action_blank(), self.back("action"))
                     for i in range(self.values["action_cards"])]
            section(self.t("action_blank"), str(len(cards)), how_blank,
                    lambda: doc.add_cards(cards, POKER, component=self.t("action_blank"),
                                          backs=backs))
        skeleton_deck = self.values["skeleton_deck"]
        if skeleton_deck:
            bones = [Card(f"skeleton-{i}-{n}", self.skeleton_front(card), self.back("skeleton"))
                     for i, card in enumerate(skeleton_deck)
                     for n in range(int(card.get("count", 1)))]
            section(self.t("skeleton_deck"), str(len(bones)), self.t("how_cards"),
                    lambda: doc.add_cards(bones, POKER, component=self.t("skeleton_deck"),
                                          backs=backs))
        else:
            bones = [Card(f"skeleton-blank-{i}", self.skeleton_blank(), self.back("skeleton"))
                     for i in range(skeletons_drawn_at_most())]
            section(self.t("skeleton_blank"), str(len(bones)), how_blank,
                    lambda: doc.add_cards(bones, POKER, component=self.t("skeleton_blank"),
                                          backs=backs))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    def add_single(self, doc: Document, page: Page) -> None:
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    def checklist_title(self) -> str:
        return f"{GAME_NAME} — {self.t('checklist_title')}"


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False,
          options: Mapping[str, Any] | None = None) -> tuple[Document, Document | None]:
    """The kit with the table's edition values (house defaults without them)."""
    return Kit(settings, base_url, options).build(rules_only=rules_only)


def region_points(options: Mapping[str, Any] | None = None
                  ) -> Sequence[tuple[str, tuple[int, ...]]]:
    """Each region's 1st/2nd/3rd victory points as the kit prints them."""
    values = edition(options)
    return [(r["id"], tuple(values[game.points_option(r, p)] for p in range(3)))
            for r in game.REGIONS]
