"""What every kit shares: settings and texts, the rule-sheet-only build, and the frame of a
full kit (calibration page, checklist drawn once every page is known, rule sheet last)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ..layout import (
    ChecklistRow,
    Document,
    DryCanvas,
    Page,
    PrintSettings,
    calibration_pages,
    card_grid,
    checklist_drawer,
    print_mode_key,
)
from ..text import BuildError, FontSet


class KitBase:
    """A kit for one set of print settings; a game's kit adds its components in ``fill``."""

    GAME_ID: str
    GAME_NAME: str
    KIT_VERSION: str
    LANGUAGES: tuple[str, ...]

    def __init__(self, settings: PrintSettings, base_url: str | None = None) -> None:
        if settings.lang not in self.LANGUAGES:
            raise BuildError(f"no {settings.lang!r} texts; choose one of "
                             f"{', '.join(self.LANGUAGES)}", self.GAME_ID)
        self.s = settings
        self.lang = settings.lang
        self.fonts: FontSet = settings.fonts
        self.base_url = base_url

    def t(self, key: str, **values: Any) -> str:
        raise NotImplementedError

    def new_document(self, subject: str) -> Document:
        return Document(self.GAME_NAME, self.KIT_VERSION, self.s, lambda key: self.t(key),
                        subject=subject)

    def build(self, rules_only: bool = False) -> tuple[Document, Document | None]:
        """The kit (or the rule sheet alone) and, if asked, the separate backs."""
        from ..rulesheet import add_rule_sheet

        if rules_only:
            doc = self.new_document(self.t("rules"))
            add_rule_sheet(doc, self.GAME_ID, self.lang, self.base_url)
            return doc, None
        doc = self.new_document("print-and-play")
        backs = self.new_document(self.t("backs")) if self.s.backs_separate else None
        calibration_pages(doc, backs)
        checklist_at = len(doc.pages)
        doc.add(Page(self.t("checklist"), lambda c: None))  # drawn once the pages are known
        rows = self.fill(doc, backs)
        if self.s.duplex in ("none", "gutterfold") and backs is None:
            how_single = self.t("how_folded" if self.s.folded else "how_glued")
            two_sided = sorted(self._two_sided(), key=len, reverse=True)

            def single_sided(how: str) -> str:
                # "Cut …; double-sided" alone or followed by more of the row's own advice
                found = next((t for t in two_sided if how.startswith(t)), None)
                return how if found is None else how_single + how[len(found):]

            rows = [(name, count, first, last, single_sided(how))
                    for name, count, first, last, how in rows]
        doc.pages[checklist_at] = Page(self.t("checklist"), self.checklist_drawer(rows))
        doc.pages[checklist_at].draw(DryCanvas())  # fit errors surface now, not mid-render
        return doc, backs

    def _two_sided(self) -> set[str]:
        """The checklist's "how" texts that say to print double-sided."""
        found = set()
        for key in ("how_cards", "how_aids"):
            try:
                found.add(self.t(key))
            except KeyError:
                pass
        return found

    def fill(self, doc: Document, backs: Document | None) -> list[ChecklistRow]:
        """Add the game's components (and the rule sheet) to ``doc``; return the rows of
        the checklist."""
        raise NotImplementedError

    def checklist_title(self) -> str:
        return self.t("checklist_title")

    def checklist_drawer(self, rows: list[ChecklistRow]) -> Callable[[Canvas], None]:
        return checklist_drawer(
            rows, title=self.checklist_title(),
            headings=[self.t(k) for k in ("col_component", "col_count", "col_pages",
                                          "col_how")],
            bring_title=self.t("bring_title"), bring=self.t("bring"), fonts=self.fonts,
            page_size=self.s.page_size, component=self.t("checklist"),
            note=self.checklist_note(), app=(self.app_url(), self.t("app_qr")))

    def app_url(self) -> str:
        """The companion's new-table page of this game, in the kit's language, at the
        address the rule sheet's QR codes use."""
        from ..rulesheet import check_base_url

        return f"{check_base_url(self.base_url)}/new/{self.GAME_ID}?lang={self.lang}"

    def checklist_note(self) -> str:
        """How this file is printed (double-sided, single-sided and glued or folded, backs
        apart), how many poker cards a sheet of this paper holds and, for a print shop, the
        bleed and the colours."""
        grid = card_grid(self.s, 63 * mm, 88 * mm)
        note = self.t(print_mode_key(self.s)) + " " + self.t(
            "per_sheet_count" if self.s.print_shop else "per_sheet").format(n=grid.capacity)
        if self.s.print_shop:
            note += " " + self.t("print_shop").format(bleed=f"{self.s.bleed_mm:g}",
                                                      gap=f"{grid.gutter / mm:g}")
        return note
