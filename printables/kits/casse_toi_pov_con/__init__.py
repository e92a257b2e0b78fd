"""The Casse-toi Pov'con! print-and-play kit.

Every component of the rulebook's list, built from the data file the companion's engine
reads (``companion/games/data/casse-toi-pov-con.toml``): 8 candidate cards with their six
voters, the Marine card, 52 crowd cards (fronts: the voters; backs: the stress of each party
on its own edge, the stars, and the figure in the four corners), 2 popularity-track cards,
8 candidate tokens (and a marker for Marine), the summary card, the checklist and the
rule sheet.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm

from companion.games.base import load_data

from ...layout import ChecklistRow, Document, Page, PrintSettings, card_grid
from ...text import BuildError
from .cards import Cards
from .constants import (
    GAME_ID,
    GAME_NAME,
    KIT_VERSION,
    LANGUAGES,
    MARINE_COLOR,
    PARTY_NAMES_KO,
    POKER,
    REACTION_COLORS,
    REACTION_MARKS,
    STAR_COLOR,
    TOKEN,
    TOKEN_GAP_MM,
    TOKEN_SHEET_GAP_MM,
    TRACK_LABEL_MM,
    TRACK_ROW_MM,
)
from .drawing import (
    KitParts,
    draw_voter,
    figure_badge,
    party_name,
    reaction_mark,
    stars_row,
    voter_name,
)
from .texts import TEXTS, text
from .track import Track

__all__ = [
    "Cards",
    "GAME_ID",
    "GAME_NAME",
    "KIT_VERSION",
    "Kit",
    "KitParts",
    "LANGUAGES",
    "MARINE_COLOR",
    "PARTY_NAMES_KO",
    "POKER",
    "REACTION_COLORS",
    "REACTION_MARKS",
    "STAR_COLOR",
    "TEXTS",
    "TOKEN",
    "TOKEN_GAP_MM",
    "TOKEN_SHEET_GAP_MM",
    "TRACK_LABEL_MM",
    "TRACK_ROW_MM",
    "Track",
    "build",
    "data",
    "deck_statistics",
    "draw_voter",
    "expected_draws_to_crack",
    "figure_badge",
    "party_name",
    "party_weights",
    "reaction_mark",
    "stars_row",
    "text",
    "voter_name",
]


# --------------------------------------------------------------------------- data


def data() -> Mapping[str, Any]:
    """The game data, checked for what the kit needs; BuildError names what is wrong."""
    d = load_data(GAME_ID)
    try:
        voters = {v["id"]: v for v in d["voters"]}
        journalists = {j["id"]: j for j in d["journalists"]}
        parties = [p["id"] for p in d["parties"]]
        for cand in d["candidates"]:
            if len(cand["voters"]) != 6:
                raise BuildError(f"{cand['name']} must show 6 voters", "candidate cards")
            for v in cand["voters"]:
                if v["voter"] not in voters:
                    raise BuildError(f"unknown voter {v['voter']!r}", f"candidate {cand['name']}")
        for card in d["crowd_cards"]:
            for v in card["voters"]:
                if v not in voters:
                    raise BuildError(f"unknown voter {v!r}", f"crowd card {card['id']}")
            if sorted(card["stress"]) != sorted(parties):
                raise BuildError("stress must give a value for each party",
                                 f"crowd card {card['id']}")
            if card["corner"] not in (*journalists, "marine", "none"):
                raise BuildError(f"unknown corner figure {card['corner']!r}",
                                 f"crowd card {card['id']}")
        if len(d["crowd_cards"]) != d["round"]["deck_size"]:
            raise BuildError(f"{len(d['crowd_cards'])} crowd cards, the deck has "
                             f"{d['round']['deck_size']}", "crowd cards")
    except KeyError as exc:
        raise BuildError(f"the data file lacks {exc}", GAME_ID) from None
    return d


def party_weights(d: Mapping[str, Any]) -> dict[str, dict[str, int]]:
    """For each party, the stress each voter costs it, from its candidates' cards."""
    reaction_stress = d["crowd"]["reaction_stress"]
    unlisted = d["crowd"]["unlisted_stress"]
    weights: dict[str, dict[str, int]] = {}
    for party in d["parties"]:
        w = {v["id"]: unlisted for v in d["voters"]}
        for cand in d["candidates"]:
            if cand["party"] == party["id"]:
                for v in cand["voters"]:
                    w[v["voter"]] = reaction_stress[v["reaction"]]
        weights[party["id"]] = w
    return weights


def expected_draws_to_crack(stresses: Sequence[int], crack: int) -> float:
    """Expected number of cards a player turns over, drawing at random without replacement
    from ``stresses``, until the total reaches ``crack`` (exact: E[N] = sum over n of
    P(the first n cards total less than crack), counting n-subsets by their total)."""
    n = len(stresses)
    counts = [[0] * crack for _ in range(n + 1)]
    counts[0][0] = 1
    for value in stresses:
        for k in range(n - 1, -1, -1):
            for total in range(crack - 1, -1, -1):
                ways = counts[k][total]
                if ways and total + value < crack:
                    counts[k + 1][total + value] += ways
    return sum(sum(counts[k]) / math.comb(n, k) for k in range(n + 1))


def deck_statistics(d: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The statistics the data file's header documents, recomputed from the cards."""
    d = d or data()
    cards = d["crowd_cards"]
    crack = d["round"]["crack_stress"]
    parties = [p["id"] for p in d["parties"]]
    weights = party_weights(d)
    mean_all = sum(sum(c["stress"].values()) / len(parties) for c in cards) / len(cards)
    marine = [c for c in cards if c["corner"] == "marine"]
    stats: dict[str, Any] = {
        "cards": len(cards),
        "mean_stress": {p: sum(c["stress"][p] for c in cards) / len(cards) for p in parties},
        "mean_stress_all": mean_all,
        "marine_cards": len(marine),
        "marine_mean_stress": (sum(sum(c["stress"].values()) for c in marine)
                               / (len(parties) * len(marine))) if marine else 0.0,
        "journalists": {j["id"]: sum(1 for c in cards if c["corner"] == j["id"])
                        for j in d["journalists"]},
        "no_figure": sum(1 for c in cards if c["corner"] == "none"),
        "stars_total": sum(c["stars"] for c in cards),
        "cards_with_stars": sum(1 for c in cards if c["stars"] > 0),
        "draws_to_crack": {p: expected_draws_to_crack([c["stress"][p] for c in cards], crack)
                           for p in parties},
        "careful_draws_to_crack": {
            p: expected_draws_to_crack(
                [c["stress"][p] for c in cards
                 if all(weights[p][v] <= d["crowd"]["unlisted_stress"] for v in c["voters"])],
                crack)
            for p in parties
        },
    }
    return stats


class Kit(Cards, Track):
    """Builds the documents of one kit for one set of print settings."""

    GAME_ID = GAME_ID
    GAME_NAME = GAME_NAME
    KIT_VERSION = KIT_VERSION
    LANGUAGES = LANGUAGES

    def __init__(self, settings: PrintSettings, base_url: str | None = None) -> None:
        super().__init__(settings, base_url)
        self.d = data()
        self.voters = {v["id"]: v for v in self.d["voters"]}
        self.journalists = {j["id"]: j for j in self.d["journalists"]}
        self.parties = {p["id"]: p for p in self.d["parties"]}
        self.track = self.d["track"]
        self.crack = self.d["round"]["crack_stress"]
        self.four = self.d["round"]["rule_of_four"]

    # ------------------------------------------------------------------ documents

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Every component, then the rule sheet; the rows of the checklist."""
        from ...rulesheet import add_rule_sheet

        counts: list[tuple[str, str, int, int, str]] = []

        def section(name: str, count: str, how: str, add: Callable[[], object]) -> None:
            start = len(doc.pages)
            add()
            first = start + 1
            while first <= len(doc.pages) and doc.pages[first - 1].component != name:
                first += 1
            counts.append((name, count, first, len(doc.pages), how))

        section(self.t("candidates") + " + " + self.t("marine_card"), "8 + 1",
                self.t("how_single"),
                lambda: doc.add_cards(self.candidate_cards() + [self.marine_card()], POKER,
                                      component=self.t("candidates") + " + "
                                      + self.t("marine_card"), backs=backs))
        crowd = self.crowd_cards() + [self.summary_card()]
        crowd_name = self.t("crowd") + " + " + self.t("summary")
        grid = card_grid(self.s, POKER[0] * mm, POKER[1] * mm, count=len(crowd) + 1)
        shared = len(crowd) % grid.capacity != 0
        # the nine tokens take the free place of the crowd cards' last sheet, if it has
        # one, rather than a sheet (and its back) of their own
        section(crowd_name, "52 + 1", self.t("how_cards"),
                lambda: doc.add_cards(crowd + ([self.token_sheet()] if shared else []), POKER,
                                      component=crowd_name, backs=backs))
        if shared:
            last = max(i + 1 for i, page in enumerate(doc.pages)
                       if page.component == crowd_name and page.side == "front")
            counts.append((self.t("tokens"), self.t("tokens_count"), last, last,
                           self.t("how_tokens_shared")))
        else:
            section(self.t("tokens"), self.t("tokens_count"), self.t("how_tokens"),
                    lambda: doc.add_cards([self.token_sheet()], POKER,
                                          component=self.t("tokens"), backs=backs))
        section(self.t("track"), "1", self.t("how_page"),
                lambda: self.add_single(doc, Page(self.t("track"), self.track_page())))
        doc.start_sheet()
        section(self.t("rules"), "1", self.t("how_rules"),
                lambda: add_rule_sheet(doc, GAME_ID, self.lang, self.base_url))
        return counts

    def add_single(self, doc: Document, page: Page) -> None:
        """A one-sided page: in duplex it starts a sheet and gets an empty back."""
        doc.start_sheet()
        doc.add(page)
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))


def build(settings: PrintSettings, base_url: str | None = None, rules_only: bool = False
          ) -> tuple[Document, Document | None]:
    return Kit(settings, base_url).build(rules_only=rules_only)
