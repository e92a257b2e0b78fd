"""The boards: the victory-point track, the street, the Federal Building (tiled across
sheets as the paper needs) and the bus page."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import fill_rgb, stroke_rgb
from ...layout import Document, Page, Tile, cut_tile_drawer, plan_cut_tiles
from ...text import BuildError
from .data import (
    DARK,
    GOAL_COLOR,
    HEADING_MARGIN_MM,
    LANDSCAPE_FOOTER_MM,
    OFFICE_COLS,
    OFFICE_H_MM,
    OFFICE_W_MM,
    PAPER,
    SLOT_H_MM,
    SLOT_W_MM,
    TRACK_COLS,
    TRACK_SIDE_MM,
    TRACK_SQUARE_MM,
    TRAY_R_MM,
    surcharges,
)
from .drawing import KitDrawing


class Boards(KitDrawing):
    """The boards of the kit."""

    def plan(self, width_mm: float, height_mm: float,
             lines_mm: tuple[Sequence[float], Sequence[float]],
             landscape: bool = False) -> list[Tile]:
        page_w, page_h = self.s.page_size
        size = (page_h - LANDSCAPE_FOOTER_MM * mm, page_w) if landscape else (page_w, page_h)
        return plan_cut_tiles(size, width_mm * mm, height_mm * mm,
                              [v * mm for v in lines_mm[0]], [v * mm for v in lines_mm[1]])

    def best_plan(self, width_mm: float, height_mm: float,
                  lines_mm: tuple[Sequence[float], Sequence[float]]
                  ) -> tuple[list[Tile], bool]:
        """The tiles, and whether they lie across the sheet: landscape when that takes
        fewer sheets (the street: three slots a sheet instead of two), else portrait."""
        portrait = self.plan(width_mm, height_mm, lines_mm)
        try:
            across = self.plan(width_mm, height_mm, lines_mm, landscape=True)
        except BuildError:
            return portrait, False
        return (across, True) if len(across) < len(portrait) else (portrait, False)

    def board_row(self, width_mm: float, height_mm: float,
                  lines_mm: tuple[Sequence[float], Sequence[float]]) -> tuple[str, str]:
        """A board's count and how-to for the checklist: tiles to glue, or one sheet."""
        n = len(self.best_plan(width_mm, height_mm, lines_mm)[0])
        if n == 1:
            return self.t("tile_one"), self.t("how_page")
        return self.t("tiles_count", n=n), self.t("how_board")

    def add_board(self, doc: Document, width_mm: float, height_mm: float,
                  draw_board: Callable[[Canvas], None],
                  lines_mm: tuple[Sequence[float], Sequence[float]], name: str) -> None:
        """A board on one sheet when it fits, with a cut line round it; else tiled at its
        own lines (between slots, between columns of offices), across the sheet when that
        takes fewer sheets."""
        tiles, landscape = self.best_plan(width_mm, height_mm, lines_mm)
        if len(tiles) > 1 and not landscape:
            doc.add_board(width_mm, height_mm, draw_board, component=name, lines_mm=lines_mm)
            return
        if len(tiles) > 1:
            page_w = self.s.page_size[0]
            for tile in tiles:
                inner = cut_tile_drawer(tile, tiles, draw_board, self.s, doc.texts)

                def turned(c: Canvas, inner: Callable[[Canvas], None] = inner) -> None:
                    # the landscape tile on the portrait page, its top to the left edge;
                    # the page footer runs along its left
                    c.translate(page_w, 0)
                    c.rotate(90)
                    c.translate(LANDSCAPE_FOOTER_MM * mm, 0)
                    inner(c)

                doc.start_sheet()
                doc.add(Page(f"{name} {tile.name}", turned))
                if doc.padded:
                    doc.add(Page(self.t("blank"), lambda c: None, side="back"))
            return
        tile = tiles[0]

        def page(c: Canvas) -> None:
            c.saveState()
            c.translate(tile.px, tile.py)
            draw_board(c)
            c.restoreState()
            stroke_rgb(c, DARK)
            c.setLineWidth(0.4)
            c.rect(tile.px, tile.py, tile.width, tile.height, stroke=1, fill=0)

        doc.start_sheet()
        doc.add(Page(name, page))
        if doc.padded:
            doc.add(Page(self.t("blank"), lambda c: None, side="back"))

    def track_lines_mm(self) -> tuple[list[float], list[float]]:
        """The track fits one sheet of every paper; were it cut, then between two rows."""
        rows = self.d["game"]["track_top"] // TRACK_COLS + 1
        return [], [26 + k * TRACK_SQUARE_MM for k in range(1, rows)]

    def street_lines_mm(self) -> tuple[list[float], list[float]]:
        """Where the street may be cut: in the 4 mm gap between two slots."""
        return [5 + k * SLOT_W_MM - 2 for k in range(1, self.d["street"]["slots"])], []

    def building_lines_mm(self) -> tuple[list[float], list[float]]:
        """Where the Federal Building may be cut: between two columns of offices, after the
        first ``OFFICE_COLS`` (its headings and note keep to those)."""
        return [5 + k * (OFFICE_W_MM + 4) - 2 for k in range(OFFICE_COLS, 6)], []

    # ------------------------------------------------------------------ VP track

    def track_size_mm(self) -> tuple[float, float]:
        top = self.d["game"]["track_top"]
        rows = top // TRACK_COLS + 1
        return (TRACK_COLS * TRACK_SQUARE_MM + 2 * TRACK_SIDE_MM, rows * TRACK_SQUARE_MM + 36)

    def track_position(self, value: int) -> tuple[float, float]:
        """The bottom-left corner (mm) of a track square: rows run left to right, then right
        to left (a serpentine), from the bottom row up."""
        row, col = divmod(value, TRACK_COLS)
        if row % 2 == 1:
            col = TRACK_COLS - 1 - col
        return TRACK_SIDE_MM + col * TRACK_SQUARE_MM, 26 + row * TRACK_SQUARE_MM

    def draw_track(self, c: Canvas) -> None:
        comp = self.t("track")
        goal = self.d["game"]["goal"]
        top = self.d["game"]["track_top"]
        width, height = self.track_size_mm()
        if not self.s.low_ink:
            fill_rgb(c, PAPER)
            c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        sq = TRACK_SQUARE_MM * mm
        for value in range(top + 1):
            x, y = (v * mm for v in self.track_position(value))
            is_goal = value >= goal
            if not self.s.low_ink:
                fill_rgb(c, "#f3d6d6" if is_goal else ("#e9e2cf" if value % 10 == 0
                                                       else "#ffffff"))
                c.rect(x, y, sq, sq, stroke=0, fill=1)
            stroke_rgb(c, GOAL_COLOR if value == goal else DARK)
            c.setLineWidth(2.2 if value == goal else 0.6)
            c.rect(x, y, sq, sq, stroke=1, fill=0)
            self.box(c, str(value), x, y + sq * 0.35, sq, sq * 0.45, size=16 if value % 5 == 0
                     else 12, component=comp, bold=value % 5 == 0, align="center",
                     valign="middle", color=GOAL_COLOR if value == goal else DARK)
            if value == goal:
                self.box(c, "★", x, y + 1.5 * mm, sq, 6 * mm, size=10, component=comp,
                         align="center", color=GOAL_COLOR)
        side = TRACK_SIDE_MM * mm
        self.box(c, self.t("track") + " · " + self.t("goal", goal=goal), side,
                 (height - 9) * mm, width * mm - 2 * side, 8 * mm, size=14, component=comp,
                 bold=True)
        self.box(c, self.t("track_note"), side, 4 * mm, width * mm - 2 * side, 18 * mm,
                 size=10, component=comp)

    # ------------------------------------------------------------------ the street

    def street_size_mm(self) -> tuple[float, float]:
        slots = self.d["street"]["slots"]
        return (slots * SLOT_W_MM + 10, SLOT_H_MM + 44)

    def draw_street(self, c: Canvas) -> None:
        comp = self.t("street")
        width, height = self.street_size_mm()
        if not self.s.low_ink:
            fill_rgb(c, "#d9d4c7")
            c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        tints = {0: "#ffffff", 1: "#fff2c4", 2: "#ffd9b0"}
        for index, extra in enumerate(surcharges()):
            x = (5 + index * SLOT_W_MM) * mm
            y = 22 * mm
            w, h = (SLOT_W_MM - 4) * mm, SLOT_H_MM * mm
            if not self.s.low_ink:
                fill_rgb(c, tints.get(extra, "#ffffff"))
                c.rect(x, y, w, h, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(0.8)
            c.setDash(4, 3)
            c.rect(x + 3 * mm, y + 10 * mm, w - 6 * mm, h - 13 * mm, stroke=1, fill=0)
            c.setDash()
            c.rect(x, y, w, h, stroke=1, fill=0)
            self.box(c, self.t("slot", n=index + 1), x, y + h + 2 * mm, w, 8 * mm, size=13,
                     component=comp, bold=True, align="center", valign="bottom")
            self.box(c, self.t("surcharge", n=extra), x, y + 1.5 * mm, w, 7 * mm, size=13,
                     component=comp, bold=extra > 0, align="center", valign="middle")
        # the note keeps under the first two slots: the street is cut between slots
        self.box(c, self.t("street") + " — " + self.t("street_note"), 5 * mm, 3 * mm,
                 (2 * SLOT_W_MM - 4) * mm, 18 * mm, size=11, component=comp, min_size=7)

    # ------------------------------------------------------------------ Federal Building

    def building_size_mm(self) -> tuple[float, float]:
        per_row = 6
        added_rows = -(-self.d["offices"]["added"] // per_row)
        rows = 1 + 1 + added_rows
        return (per_row * (OFFICE_W_MM + 4) + 10, rows * (OFFICE_H_MM + 13) + 44)

    def office_slot(self, c: Canvas, x: float, y: float, label: str, comp: str,
                    tint: str) -> None:
        w, h = OFFICE_W_MM * mm, OFFICE_H_MM * mm
        if not self.s.low_ink:
            fill_rgb(c, tint)
            c.rect(x, y, w, h, stroke=0, fill=1)
        stroke_rgb(c, DARK)
        c.setLineWidth(0.8)
        c.rect(x, y, w, h, stroke=1, fill=0)
        self.box(c, label, x + 2 * mm, y + h - 8 * mm, w - 4 * mm, 6.5 * mm, size=10,
                 component=comp, bold=True)
        # the token tracker: a tray a token fits in, and tally boxes with their label
        # under them, clear of the tray
        c.setLineWidth(0.6)
        c.circle(x + 11 * mm, y + 14 * mm, TRAY_R_MM * mm, stroke=1, fill=0)
        for i in range(5):
            bx = x + 22 * mm + (i % 3) * 7.5 * mm
            by = y + 18 * mm - (i // 3) * 8 * mm
            c.rect(bx, by, 6 * mm, 6 * mm, stroke=1, fill=0)
        self.box(c, self.t("token_tracker"), x + 21.5 * mm, y + 4 * mm, 22 * mm, 4.5 * mm,
                 size=6, component=comp, align="center", valign="middle")

    def draw_building(self, c: Canvas) -> None:
        comp = self.t("building")
        width, height = self.building_size_mm()
        offices = self.d["offices"]
        if not self.s.low_ink:
            fill_rgb(c, "#e6e9ef")
            c.rect(0, 0, width * mm, height * mm, stroke=0, fill=1)
        step = (OFFICE_W_MM + 4) * mm
        row_h = (OFFICE_H_MM + 13) * mm
        top = (height - 12) * mm
        # headings and note keep to the first columns: the building is cut after them
        cols_w = OFFICE_COLS * step - 4 * mm
        self.box(c, self.t("building"), 5 * mm, top, cols_w,
                 (12 - HEADING_MARGIN_MM - 0.5) * mm, size=15, component=comp, bold=True,
                 valign="middle")
        y = top - row_h + 2 * mm
        self.box(c, self.t("board_offices"), 5 * mm, y + OFFICE_H_MM * mm + 1 * mm,
                 cols_w, 6 * mm, size=10, component=comp, bold=True)
        for i in range(offices["board"]):
            self.office_slot(c, 5 * mm + i * step, y, self.t("office", n=i + 1), comp,
                             "#dbe7fb")
        y -= row_h
        self.box(c, self.t("basic_offices"), 5 * mm, y + OFFICE_H_MM * mm + 1 * mm,
                 cols_w, 6 * mm, size=10, component=comp, bold=True)
        for i in range(max(int(v) for v in offices["basic"].values())):
            players = self.t("players_34") if i < 2 else self.t("players_4")
            self.office_slot(c, 5 * mm + i * step, y, self.t("basic", n=i + 1,
                                                             players=players), comp, "#f1f1f1")
        y -= row_h
        self.box(c, self.t("added_offices"), 5 * mm, y + OFFICE_H_MM * mm + 1 * mm,
                 cols_w, 6 * mm, size=10, component=comp, bold=True)
        zone_one = offices["zone_one"]
        for i in range(offices["added"]):
            row, col = divmod(i, 6)
            label = self.t("added", n=i + 1)
            if i < zone_one:
                label += " · " + self.t("zone", n=1)
            self.office_slot(c, 5 * mm + col * step, y - row * row_h, label, comp, "#fbf3dc")
        self.box(c, self.t("building_note", supply=self.d["tokens"]["supply"]), 5 * mm,
                 3 * mm, cols_w, 14 * mm, size=10, component=comp, min_size=7)

    # ------------------------------------------------------------------ bus and rounds

    def draw_bus_page(self, c: Canvas) -> None:
        comp = self.t("bus")
        page_w, page_h = self.s.page_size
        left, width = 15 * mm, page_w - 30 * mm
        top = page_h - 18 * mm
        self.box(c, self.t("bus_title"), left, top - 10 * mm, width, 10 * mm, size=16,
                 component=comp, bold=True)
        # the bus: a body with four windows, the front on the left
        body_y, body_h = top - 95 * mm, 78 * mm
        if not self.s.low_ink:
            fill_rgb(c, "#f5c542")
            c.roundRect(left, body_y, width, body_h, 8 * mm, stroke=0, fill=1)
        stroke_rgb(c, DARK)
        c.setLineWidth(1.4)
        c.roundRect(left, body_y, width, body_h, 8 * mm, stroke=1, fill=0)
        for wheel_x in (left + 30 * mm, left + width - 30 * mm):
            fill_rgb(c, DARK)
            c.circle(wheel_x, body_y, 9 * mm, stroke=0, fill=1)
        window_w = (width - 20 * mm - 3 * 6 * mm) / 4
        for i in range(4):
            x = left + 10 * mm + i * (window_w + 6 * mm)
            y = body_y + 22 * mm
            if not self.s.low_ink:
                fill_rgb(c, "#dff1fb")
                c.rect(x, y, window_w, 44 * mm, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(1)
            c.rect(x, y, window_w, 44 * mm, stroke=1, fill=0)
            self.box(c, str(i + 1), x, y + 30 * mm, window_w, 12 * mm, size=22,
                     component=comp, bold=True, align="center", valign="middle")
        self.box(c, self.t("bus_rule"), left, body_y - 32 * mm, width, 20 * mm, size=11,
                 component=comp)
        # the round tracker 1..11
        rounds = self.d["game"]["rounds"]
        y = body_y - 85 * mm
        self.box(c, self.t("round_title"), left, y + 34 * mm, width, 9 * mm, size=15,
                 component=comp, bold=True)
        cell = width / rounds
        for n in range(1, rounds + 1):
            x = left + (n - 1) * cell
            if not self.s.low_ink and n == rounds:
                fill_rgb(c, "#f3d6d6")
                c.rect(x, y, cell, 30 * mm, stroke=0, fill=1)
            stroke_rgb(c, DARK)
            c.setLineWidth(0.8)
            c.rect(x, y, cell, 30 * mm, stroke=1, fill=0)
            self.box(c, str(n), x, y + 8 * mm, cell, 14 * mm, size=18, component=comp,
                     bold=True, align="center", valign="middle")
        self.box(c, self.t("round_note", rounds=rounds), left, y - 12 * mm, width, 9 * mm,
                 size=11, component=comp)
