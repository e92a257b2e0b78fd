"""Paper sizes, the print settings a user chooses, and what a card's drawing gets: the
constants every part of the layout shares (the 5 mm edge, crop marks, gutters, bleeds)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.units import inch, mm
from reportlab.pdfgen.canvas import Canvas

from .text import BuildError, FontSet, fonts_for

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * mm, 297 * mm),
    "letter": (8.5 * inch, 11 * inch),
    # Fits both A4 and Letter unscaled: A4's width, Letter's height.
    "universal": (210 * mm, 11 * inch),
}
CARD_SIZES_MM: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.15, 88.9),
    "mini": (41.0, 63.0),
    "tarot": (70.0, 120.0),
}
DUPLEX_MODES = ("long", "short", "none", "gutterfold")
EDGE_MM = 5.0
EDGE = EDGE_MM * mm
"""Nothing is drawn nearer than this to a paper edge: what home printers leave blank."""
CROP_GAP = 0.5 * mm
CROP_LENGTH = 4 * mm
CROP_MIN = 1.5 * mm
MARK_MARGIN = EDGE + CROP_GAP + CROP_MIN
"""Room kept between the bleed and the paper edge: the shortest crop marks and the edge."""
CARD_GUTTER_MM = 2.0
"""Gap between two cards of a sheet; each card bleeds into its half."""
HOME_BLEED_MM = CARD_GUTTER_MM / 2
"""The bleed of a file for a home printer; more makes a print-shop file."""
TIGHT_BLEED_MIN = 0.5 * mm
"""The least bleed left along a grid's top and bottom edge when a row is gained there."""
TIGHT_CARD_MIN = 80 * mm
"""The shortest card a row is gained for: the footer then runs beside a row."""
FOLD_GAP_EXTRA = 4 * mm
"""Gutterfold: clear paper between a card's bleed and the fold line, room for its label."""
FOOTER_SIZE = 6.0
FOOTER_BASELINE = EDGE + 1.0 * mm
"""Baseline of the bottom footer: its descenders stay clear of the edge."""


@dataclass(frozen=True)
class PrintSettings:
    """Everything a user chooses when printing a kit."""

    paper: str = "a4"
    lang: str = "en"
    low_ink: bool = False
    duplex: str = "long"
    offset_mm: tuple[float, float] = (0.0, 0.0)
    bleed_mm: float = HOME_BLEED_MM
    safe_mm: float = 3.0
    cut_lines: bool = False
    backs_separate: bool = False
    # the language whose fonts to embed, when not ``lang``'s: an English kit of a game whose
    # names are Korean needs the Korean font (it covers Latin too)
    font_lang: str = ""

    def __post_init__(self) -> None:
        if self.paper not in PAPERS:
            raise BuildError(f"unknown paper {self.paper!r}; choose one of {', '.join(PAPERS)}")
        if self.duplex not in DUPLEX_MODES:
            raise BuildError(f"unknown duplex mode {self.duplex!r}; "
                             "choose long, short, none or gutterfold")
        if not 0 <= self.bleed_mm <= 5:
            raise BuildError(f"bleed must be between 0 and 5 mm, not {self.bleed_mm}")
        if any(abs(v) > 10 for v in self.offset_mm):
            raise BuildError("front/back offset must be within 10 mm")

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def print_shop(self) -> bool:
        """A file for a print shop: more bleed than a home print's gutter holds."""
        return self.bleed_mm > HOME_BLEED_MM

    @property
    def folded(self) -> bool:
        """Gutterfold: each sheet's fronts and backs on one page, folded along the middle."""
        return self.duplex == "gutterfold"

    @property
    def bleed(self) -> float:
        return self.bleed_mm * mm

    @property
    def safe(self) -> float:
        return self.safe_mm * mm

    @property
    def fonts(self) -> FontSet:
        return fonts_for(self.font_lang or self.lang)


@dataclass(frozen=True)
class CardBox:
    """What a card's drawing function gets: the trim size, the bleed to fill and the safe
    inset inside which text and key art belong. The origin is the trim box's bottom-left."""

    width: float
    height: float
    bleed: float
    safe: float
    settings: PrintSettings

    @property
    def low_ink(self) -> bool:
        return self.settings.low_ink

    @property
    def fonts(self) -> FontSet:
        return self.settings.fonts


CardDraw = Callable[[Canvas, CardBox], None]


@dataclass(frozen=True)
class Card:
    """One card (or token) of a sheet: its front and, if it has one, its back."""

    id: str
    front: CardDraw
    back: CardDraw | None = None
