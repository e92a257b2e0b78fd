"""The Mourir pour le Rock print-and-play kit.

Built from the data file the companion's engine reads (``companion/games/data/
mourir-pour-le-rock.toml``), so every number printed is the one the phones apply (house
defaults, to check against the group's copy): four player boards (the mental-health gauge in
its three colours, with the cubes each zone gives, and the songs track with its extra-action
song), the main board with each decade's actions and their costs, the market mat, the score
sheet (one column per player), the main die to fold (a glue tab on each of its 7 seams,
cut lines solid and folds dashed, the steps), the bribe token, fan and money tokens, the
action cubes as tokens one gauge value wide with their colour's mark, the cards of the decks
the text does not list (blank templates, as many as a game uses where the text says, or the
group's own card list), the checklist and the rule sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games import mourir_pour_le_rock as engine

from ...layout import ChecklistRow, Document, Page, PrintSettings
from .boards import Boards
from .cards import Cards
from .data import (
    CUBE,
    DIE_SIDE_MM,
    DIE_TAB_MM,
    GAME_ID,
    GAME_NAME,
    INK,
    KIT_VERSION,
    LANGUAGES,
    POKER,
    ROCK_RED,
    TOKEN,
    ink_for,
    money,
    name_in,
    number,
)
from .drawing import KitDrawing
from .sheets import Sheets
from .texts import TEXTS, text

__all__ = [
    "Boards",
    "CUBE",
    "Cards",
    "DIE_SIDE_MM",
    "DIE_TAB_MM",
    "GAME_ID",
    "GAME_NAME",
    "INK",
    "KIT_VERSION",
    "Kit",
    "KitDrawing",
    "LANGUAGES",
    "POKER",
    "ROCK_RED",
    "Sheets",
    "TEXTS",
    "TOKEN",
    "build",
    "ink_for",
    "money",
    "name_in",
    "number",
    "text",
]


class Kit(Boards, Sheets, Cards):
    """Builds the documents of one kit for one set of print settings."""

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Every component, then the rule sheet; the rows of the checklist."""
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

        colours = list(self.d["players"]["colours"])
        # single-sided, backs in the same file: each sheet of backs is glued to its fronts
        single = self.s.duplex == "none" and backs is None

        def add_boards() -> None:
            for colour in colours:
                self.add_single(doc, Page(f"{self.t('boards')}: {self.t('colour_' + colour)}",
                                          self.player_board(colour)))

        section(self.t("boards"), str(len(colours)), self.t("how_page"), add_boards)
        section(self.t("main_board"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("main_board"), self.main_board())))
        section(self.t("market"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("market"), self.market_mat())))
        section(self.t("score_sheet"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("score_sheet"), self.score_sheet())))
        section(self.t("die"), "1", self.t("how_die"),
                lambda: self.add_single(doc, Page(self.t("die"), self.die_net())))
        k = self.d["kit"]
        cubes = k["cubes_per_player"] * len(colours)
        section(self.t("tokens"), self.t("tokens_count", f1=k["fan_tokens_1000"],
                                         f5=k["fan_tokens_5000"], m1=k["money_1000"],
                                         m5=k["money_5000"], cubes=cubes),
                self.t("how_glued") if single else self.t("how_tokens"),
                lambda: (doc.add_cards(self.tokens(), TOKEN, component=self.t("tokens"),
                                       gutter_mm=3, backs=backs),
                         doc.add_cards(self.cubes(), CUBE, component=self.t("tokens"),
                                       backs=backs)))
        cards = self.deck_cards()
        listed = sorted({card.kind for card in cards if card.listed})
        what = self.t("how_listed") if listed else self.t("how_blank")
        if listed and len(listed) < len(engine.DECKS):
            what = self.t("how_mixed")
        how = self.t("how_backs_glued" if single else "how_folded_cards" if self.s.folded
                     else "how_double", what=what)
        section(self.t("cards"), str(len(cards)), how,
                lambda: doc.add_cards([card.card for card in cards], POKER,
                                      component=self.t("cards"), backs=backs))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return rows

    def add_single(self, doc: Document, page: Page) -> None:
        """A one-sided page: in duplex it starts a sheet and gets an empty back."""
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    def checklist_title(self) -> str:
        return f"{GAME_NAME} — {self.t('checklist_title')}"


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False,
          cards: Sequence[Mapping[str, Any]] | None = None
          ) -> tuple[Document, Document | None]:
    """The kit; ``cards`` is the group's card list (the table option ``cards``), printed in
    place of the blank templates of the decks it lists."""
    return Kit(settings, base_url, cards).build(rules_only=rules_only)
