"""The two sides of the board, drawn from the map file, and the popularity track."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ...draw import end_marked, fill_rgb, marked, shows, stroke_rgb
from ...text import TextOverflow, draw_fitted, fit, string_width, text_box
from .parts import Parts
from .style import (
    BAR_GAP_MM,
    BAR_MM,
    BOARD_HEIGHT_MM,
    BOARD_MARGIN_MM,
    DARK,
    GAME_NAME,
    LEGEND_MM,
    MAX_SQUARE_MM,
    PAPER,
    TYPE_COLORS,
    TYPE_INK,
    ink_on,
    metro_icon,
    type_ink,
)
from .texts import field


def popularity_step(d: Mapping[str, Any]) -> int:
    """The space of the popularity track: the largest step every popularity number of the
    game (start, bounds, costs, gains, tax) is a multiple of: 10 points."""
    gains = d["gains"]
    numbers = [d["start"]["popularity"], d["popularity"]["min"], d["popularity"]["max"],
               d["costs"]["edgar_administration"], d["costs"]["doubled_administration"],
               gains["populist_speech"], gains["popular_support"],
               gains["discredit_popularity"], d["tax"]["ivory_popularity"]]
    return math.gcd(*numbers) or 1


def players_label(side: Mapping[str, Any]) -> str:
    """The player counts of a board side as printed: "2–3" or "4"."""
    low, high = min(side["players"]), max(side["players"])
    return f"{low}–{high}" if low != high else str(low)


def square_mm(side: Mapping[str, Any]) -> float:
    """The side of a district's square on this side of the board."""
    return min(MAX_SQUARE_MM, (BOARD_HEIGHT_MM - 2 * BOARD_MARGIN_MM - LEGEND_MM) / side["rows"])


def board_lines_mm(side: Mapping[str, Any]) -> tuple[list[float], list[float]]:
    """Where the board may be cut to tile it: between two columns of districts (and
    between two rows, above the legend), never through a district, its text or a metro
    disc."""
    square = square_mm(side)
    xs = [BOARD_MARGIN_MM + k * square for k in range(1, side["cols"])]
    ys = [BOARD_MARGIN_MM + k * square for k in range(1, side["rows"])]
    return xs, ys


def board_size_mm(side: Mapping[str, Any]) -> tuple[float, float]:
    square = square_mm(side)
    return (side["cols"] * square + 2 * BOARD_MARGIN_MM,
            side["rows"] * square + 2 * BOARD_MARGIN_MM + LEGEND_MM)


class BoardParts(Parts):
    """The board's sides and the popularity track."""

    # ------------------------------------------------------------------ the board

    def board_drawer(self, side: Mapping[str, Any], players: str,
                     cuts_mm: Sequence[float] = ()) -> Callable[[Canvas], None]:
        comp = self.t("board", players=players)
        low_ink = self.s.low_ink
        w_mm, h_mm = board_size_mm(side)
        width, height = w_mm * mm, h_mm * mm
        square = square_mm(side) * mm
        margin = BOARD_MARGIN_MM * mm
        rows = side["rows"]
        districts = {d["id"]: d for d in side["districts"]}
        stations: dict[str, list[tuple[str, str]]] = {}
        for line in side["metro"]:
            a, b = line["stations"]
            stations.setdefault(a, []).append((line["colour"], b))
            stations.setdefault(b, []).append((line["colour"], a))
        actions_at: dict[str, list[Mapping[str, Any]]] = {}
        for admin in self.d["administration"]:
            actions_at.setdefault(admin["district"], []).append(admin)
        tax = self.d["tax"]
        tax_text = {"ivory": self.t("tax_ivory", n=tax["ivory_popularity"]),
                    "steel": self.t("tax_steel", n=self.money(tax["steel_cogs"])),
                    "administration": self.t("tax_administration")}

        def corner(dist: Mapping[str, Any]) -> tuple[float, float]:
            return margin + dist["col"] * square, margin + (rows - 1 - dist["row"]) * square

        def draw(c: Canvas) -> None:
            c.saveState()
            if not low_ink:
                fill_rgb(c, PAPER)
                c.rect(0, 0, width, height, stroke=0, fill=1)
            c.setLineWidth(1.2)
            stroke_rgb(c, DARK)
            c.rect(margin / 2, margin / 2, width - margin, height - margin, stroke=1, fill=0)
            c.restoreState()
            self.board_legend(c, comp, players, margin, margin + rows * square + 2 * mm,
                              width - 2 * margin, LEGEND_MM * mm - 2 * mm,
                              [v * mm for v in cuts_mm])
            for dist in side["districts"]:
                x, y = corner(dist)
                if not shows(c, x, y, square, square):
                    continue  # on another tile
                marked(c, "District", f"{side['key']}:{dist['id']}")
                self.district(c, dist, x, y, square, tax_text[dist["type"]],
                              actions_at.get(dist["id"], []), stations.get(dist["id"], []),
                              districts, comp)
                end_marked(c)
            for border in side["borders"]:
                a, b = (districts[k] for k in border["districts"])
                self.border_bar(c, corner(a), corner(b), square, border["colour"], comp,
                                [v * mm for v in cuts_mm])
        return draw

    def district(self, c: Canvas, dist: Mapping[str, Any], x: float, y: float, square: float,
                 tax_text: str, actions: Sequence[Mapping[str, Any]],
                 stations: Sequence[tuple[str, str]], districts: Mapping[str, Any],
                 comp: str) -> None:
        fonts = self.fonts
        low_ink = self.s.low_ink
        kind = dist["type"]
        inset = 1.4 * mm
        x0, y0, side = x + inset, y + inset, square - 2 * inset
        c.saveState()
        fill_rgb(c, TYPE_COLORS[kind])
        stroke_rgb(c, DARK)
        c.setLineWidth(0.8)
        c.rect(x0, y0, side, side, stroke=1, fill=0 if low_ink else 1)
        pad, name_h, label_h = 4.6 * mm, 10 * mm, 3.6 * mm
        # the type's pattern, visible in grey and in low ink too; the name and the type
        # label stay on a plain ground
        clip = c.beginPath()
        if kind == "administration":
            clip.rect(x0, y0, side, side)
        else:
            clip.rect(x0, y + pad + label_h, side, square - 2 * pad - label_h - name_h)
        c.clipPath(clip, stroke=0, fill=0)
        stroke_rgb(c, TYPE_INK[kind])
        fill_rgb(c, TYPE_INK[kind])
        if kind == "steel":
            c.setLineWidth(0.35)
            step = 4 * mm
            k = -side
            while k < side:
                c.line(x0 + k, y0, x0 + k + side, y0 + side)
                k += step
        elif kind == "ivory":
            step = 5 * mm
            for i in range(int(side // step) + 1):
                for j in range(int(side // step) + 1):
                    c.circle(x0 + (i + 0.5 + 0.5 * (j % 2)) * step, y0 + (j + 0.5) * step,
                             0.35 * mm, stroke=0, fill=1)
        else:
            c.setLineWidth(1.2)
            c.rect(x0 + 1.1 * mm, y0 + 1.1 * mm, side - 2.2 * mm, side - 2.2 * mm, stroke=1,
                   fill=0)
        c.restoreState()
        inner_w = square - 2 * pad
        c.saveState()
        name = field(dist, "name", self.lang)
        fill_rgb(c, DARK)
        text_box(c, name, x + pad, y + square - pad - name_h, inner_w, name_h, fonts=fonts,
                 size=11 if square > 50 * mm else 9.5, min_size=6, component=f"{comp}: {name}",
                 bold=True, align="center", valign="top", max_lines=2)
        fill_rgb(c, type_ink(kind, 0.8))
        label = f"{self.t('type_' + kind).upper()} · {tax_text}"
        try:
            text_box(c, label, x + pad, y + pad - 1.2 * mm, inner_w, label_h, fonts=fonts,
                     size=6.5, min_size=6, component=f"{comp}: {name}", bold=True,
                     align="center", valign="bottom", max_lines=1)
        except TextOverflow:  # the narrower regular weight, still 6 pt
            text_box(c, label, x + pad, y + pad - 1.2 * mm, inner_w, label_h, fonts=fonts,
                     size=6.5, min_size=6, component=f"{comp}: {name}", align="center",
                     valign="bottom", max_lines=1)
        r = 3.3 * mm
        metro_y = y + pad + label_h + 0.6 * mm  # bottom of the lowest station
        for i, (colour, other) in enumerate(stations):
            cx, cy = x + pad + r, metro_y + r + i * (2 * r + 1.2 * mm)
            label = self.t("metro_to", name=field(districts[other], "name", self.lang))
            lx, lw = cx + r + 1.2 * mm, inner_w - 2 * r - 1.2 * mm
            fitted = fit(label, fonts.bold, lw, 2 * r, size=7.5, min_size=5,
                         component=f"{comp}: {name}", max_lines=2)
            plate_w = max(string_width(line, fonts.bold, fitted.size) for line in fitted.lines)
            c.saveState()
            fill_rgb(c, "#ffffff" if low_ink else TYPE_COLORS[kind])
            c.roundRect(lx - 0.8 * mm, cy - fitted.height / 2 - 1 * mm, plate_w + 1.6 * mm,
                        fitted.height + 2 * mm, 1 * mm, stroke=0, fill=1)
            c.restoreState()
            metro_icon(c, cx, cy, r, self.colours[colour], fonts, comp)
            fill_rgb(c, DARK)
            draw_fitted(c, fitted, fonts.bold, lx, cy - r, lw, 2 * r, valign="middle",
                        bold=True, faux_bold=fonts.faux_bold)
        if actions:
            lines = []
            for admin in sorted(actions, key=lambda a: a["character"]):
                who = "Edgar" if admin["character"] == "edgar" else "Lucien"
                lines.append(self.t("who_does", who=who, action=field(admin, "name",
                                                                      self.lang)))
            low = metro_y + len(stations) * (2 * r + 1.2 * mm) + 0.5 * mm
            high = y + square - pad - name_h - 0.5 * mm
            fill_rgb(c, type_ink(kind, 0.7))
            text_box(c, "\n".join(lines), x + pad, low, inner_w, high - low, fonts=fonts,
                     size=7.5, min_size=4.8, component=f"{comp}: {name}", align="center",
                     valign="middle")
        c.restoreState()

    def border_bar(self, c: Canvas, a: tuple[float, float], b: tuple[float, float],
                   square: float, colour: str, comp: str, cuts: Sequence[float] = ()) -> None:
        """A thick bar of the border's colour over the side two squares share, with the
        colour's initial so it reads in grey too. On a line the board is cut at
        (``cuts``), the bar lies wholly on its left, so no initial is split."""
        bar, gap = BAR_MM * mm, BAR_GAP_MM * mm
        (ax, ay), (bx, by) = a, b
        if ay == by:  # side by side: a vertical bar on the shared side
            sx = max(ax, bx)
            on_cut = any(abs(sx - v) < 0.01 for v in cuts)
            rect = (sx - (bar if on_cut else bar / 2), ay + gap, bar, square - 2 * gap)
        else:  # one above the other: a horizontal bar
            sy = max(ay, by)
            rect = (ax + gap, sy - bar / 2, square - 2 * gap, bar)
        if not shows(c, *rect):
            return  # on another tile
        color = self.colours[colour]
        c.saveState()
        fill_rgb(c, color)
        stroke_rgb(c, DARK)
        c.setLineWidth(0.6)
        c.roundRect(*rect, radius=1.2 * mm, stroke=1, fill=1)
        fill_rgb(c, ink_on(color))
        initial = self.colour_name(colour)[0].upper()
        rx, ry, rw, rh = rect
        if rw > rh:
            spots = [(rx + rw * f, ry + rh / 2) for f in (0.2, 0.5, 0.8)]
        else:
            spots = [(rx + rw / 2, ry + rh * f) for f in (0.2, 0.5, 0.8)]
        for sx_, sy_ in spots:
            text_box(c, initial, sx_ - bar / 2, sy_ - bar / 2, bar, bar, fonts=self.fonts,
                     size=7.5, min_size=5, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
        c.restoreState()

    def board_legend(self, c: Canvas, comp: str, players: str, x: float, y: float,
                     width: float, height: float, cuts: Sequence[float] = ()) -> None:
        """The title and the five legend items; with ``cuts`` (board x of the lines the
        board is tiled at), no item straddles one: each part holds whole items."""
        fonts = self.fonts
        tax = self.d["tax"]
        items = ["ivory", "steel", "administration", "border", "metro"]
        edges = [x] + [v for v in cuts if x < v < x + width] + [x + width]
        title_w = min(78 * mm, width * 0.27)
        if len(edges) > 2:
            title_w = min(title_w, (edges[1] - edges[0]) * 0.4)
        # how many items each part holds: the split that leaves the narrowest item widest
        room = [edges[i + 1] - edges[i] - (title_w if i == 0 else 0)
                for i in range(len(edges) - 1)]
        best: tuple[float, list[int]] = (-1.0, [])

        def splits(n: int, parts: int) -> list[list[int]]:
            if parts == 1:
                return [[n]]
            return [[k] + rest for k in range(n + 1) for rest in splits(n - k, parts - 1)]

        for split in splits(len(items), len(room)):
            widths = [r / k for r, k in zip(room, split, strict=True) if k]
            if widths and min(widths) > best[0]:
                best = (min(widths), split)
        slots: list[tuple[float, float]] = []  # (left, width) of each item
        for i, k in enumerate(best[1]):
            left = edges[i] + (title_w if i == 0 else 0) + (1.5 * mm if i > 0 else 0)
            span = edges[i + 1] - left - (1.5 * mm if i < len(room) - 1 else 0)
            slots += [(left + j * span / k, span / k) for j in range(k)]
        c.saveState()
        fill_rgb(c, DARK)
        if shows(c, x, y, title_w, height):
            text_box(c, GAME_NAME, x, y + height / 2, title_w, height / 2, fonts=fonts,
                     size=16, min_size=9, component=comp, bold=True, valign="bottom",
                     max_lines=1)
            text_box(c, self.t("board_title", players=players), x, y, title_w,
                     height / 2 - 1 * mm, fonts=fonts, size=9.5, min_size=6, component=comp,
                     valign="top", max_lines=2)
        swatch = 9 * mm
        for (ix, item_w), item in zip(slots, items, strict=True):
            cy = y + height / 2
            if not shows(c, ix, y, item_w, height):
                continue  # on another tile
            if item in TYPE_COLORS:
                fill_rgb(c, TYPE_COLORS[item])
                stroke_rgb(c, TYPE_INK[item])
                c.setLineWidth(1.0)
                c.rect(ix, cy - swatch / 2, swatch, swatch, stroke=1,
                       fill=0 if self.s.low_ink else 1)
                values = {"ivory": {"n": tax["ivory_popularity"]},
                          "steel": {"n": self.money(tax["steel_cogs"])},
                          "administration": {}}[item]
                label = self.t(f"legend_{item}", **values)
            elif item == "border":
                for k, colour in enumerate(self.colours.values()):
                    fill_rgb(c, colour)
                    stroke_rgb(c, DARK)
                    c.setLineWidth(0.4)
                    c.rect(ix + k * 2.4 * mm, cy - swatch / 2, 1.9 * mm, swatch, stroke=1,
                           fill=1)
                label = self.t("legend_border")
            else:
                for k, colour in enumerate(self.colours.values()):
                    metro_icon(c, ix + 2 * mm + (k % 2) * 4.6 * mm,
                               cy + (2.3 if k < 2 else -2.3) * mm, 2.1 * mm, colour, fonts, comp)
                label = self.t("legend_metro")
            fill_rgb(c, DARK)
            text_box(c, label, ix + swatch + 1.8 * mm, y, item_w - swatch - 3.5 * mm, height,
                     fonts=fonts, size=7.5, min_size=5, component=comp, valign="middle")
        c.restoreState()

    # ------------------------------------------------------------------ popularity track

    def track_drawer(self) -> Callable[[Canvas], None]:
        comp = self.t("track")
        fonts = self.fonts
        low_ink = self.s.low_ink
        page_w, page_h = self.s.page_size
        pop = self.d["popularity"]
        start = self.d["start"]["popularity"]
        costs = self.d["costs"]
        zealot = next((cond.get("popularity") for cond in self.d["conditions"]
                       if cond["id"] == "zealot"), None)
        step = popularity_step(self.d)
        values = list(range(pop["max"], pop["min"] - 1, -step))
        notes: dict[int, list[str]] = {}
        notes.setdefault(start, []).append(self.t("track_start").upper())
        if zealot is not None:
            notes.setdefault(zealot, []).append(self.t("track_zealot"))
        notes.setdefault(costs["doubled_administration"], []).append(
            self.t("track_doubled", n=costs["doubled_administration"]))
        notes.setdefault(costs["edgar_administration"], []).append(
            self.t("track_edgar", n=costs["edgar_administration"]))
        turns = self.d["period"]["turns"]

        def draw(c: Canvas) -> None:
            left = 15 * mm
            top = page_h - 12 * mm
            fill_rgb(c, DARK)
            text_box(c, f"{GAME_NAME} — {self.t('track_title')}", left, top - 9 * mm,
                     page_w - 2 * left, 9 * mm, fonts=fonts, size=14, min_size=8,
                     component=comp, bold=True, valign="middle", max_lines=1)
            text_box(c, self.t("track_help", start=start, step=step), left, top - 16 * mm,
                     page_w - 2 * left, 6 * mm, fonts=fonts, size=8.5, min_size=6,
                     component=comp, valign="middle", max_lines=2)
            space_h = min(21 * mm, (top - 20 * mm - 16 * mm) / len(values))
            track_w = (page_w - 2 * left) * 0.64
            y_top = top - 20 * mm
            c.setLineWidth(0.9)
            for i, value in enumerate(values):
                y = y_top - (i + 1) * space_h
                shade = 0.97 - 0.25 * value / max(1, pop["max"])
                c.saveState()
                stroke_rgb(c, DARK)
                if not low_ink:
                    c.setFillColorRGB(1, shade, shade * 0.9)
                    c.rect(left, y, track_w, space_h, stroke=1, fill=1)
                else:
                    c.rect(left, y, track_w, space_h, stroke=1, fill=0)
                if value == start:
                    stroke_rgb(c, "#2f7d4f")
                    c.setLineWidth(2.2)
                    c.rect(left + 1.2 * mm, y + 1.2 * mm, track_w - 2.4 * mm,
                           space_h - 2.4 * mm, stroke=1, fill=0)
                c.restoreState()
                fill_rgb(c, DARK)
                text_box(c, str(value), left + 1 * mm, y, 20 * mm, space_h, fonts=fonts,
                         size=20, min_size=10, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
                c.setLineWidth(0.4)
                c.line(left + 22 * mm, y + 2 * mm, left + 22 * mm, y + space_h - 2 * mm)
                if value in notes:
                    fill_rgb(c, DARK)
                    text_box(c, "\n".join(notes[value]), left + track_w - 58 * mm, y + 1 * mm,
                             56 * mm, space_h - 2 * mm, fonts=fonts, size=8.5, min_size=5,
                             component=comp, bold=value == start, align="right",
                             valign="middle")
            # the tally track, to the right of the same track
            tx = left + track_w + 8 * mm
            tw = page_w - left - tx
            fill_rgb(c, DARK)
            text_box(c, self.t("tally_title"), tx, y_top - 8 * mm, tw, 7 * mm, fonts=fonts,
                     size=11, min_size=7, component=comp, bold=True, align="center",
                     valign="middle", max_lines=1)
            box_h = min(38 * mm, (len(values) * space_h - 12 * mm) / turns)
            for n in range(1, turns + 1):
                y = y_top - 10 * mm - n * box_h
                c.saveState()
                c.setLineWidth(0.9)
                stroke_rgb(c, DARK)
                c.setFillColorRGB(0.93, 0.93, 0.93)
                c.rect(tx, y, tw, box_h, stroke=1, fill=0 if low_ink else 1)
                c.restoreState()
                fill_rgb(c, DARK)
                text_box(c, self.t("turn", n=n), tx + 1 * mm,
                         y + box_h * (0.45 if n == turns else 0.1), tw - 2 * mm,
                         box_h * (0.5 if n == turns else 0.8), fonts=fonts, size=14,
                         min_size=8, component=comp, bold=True, align="center",
                         valign="middle", max_lines=1)
                if n == turns:
                    text_box(c, self.t("tally_last"), tx + 2 * mm, y + 1.5 * mm, tw - 4 * mm,
                             box_h * 0.45 - 1.5 * mm, fonts=fonts, size=7.5, min_size=5,
                             component=comp, align="center", valign="middle")
        return draw
