"""The boards: a player board per colour (the mental-health gauge and the songs track),
the main board with each decade's actions and the market mat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import mourir_pour_le_rock as engine

from ...draw import stroke_rgb
from ...layout import EDGE, fit_grid, legible
from ...text import BuildError
from .data import GAME_ID, GAME_NAME, INK, POKER, ink_for, name_in
from .drawing import KitDrawing


class Boards(KitDrawing):
    """The boards of the kit."""

    # ------------------------------------------------------------------ player boards

    def player_board(self, colour: str) -> Callable[[Canvas], None]:
        v = self.v
        colour_name = self.t("colour_" + colour)
        comp = f"{self.t('boards')}: {colour_name}"

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, self.t("board_title", colour=colour_name))
            top = y + h
            self.box(c, x, top - 4 * mm, w, 4 * mm, self.colour(colour), radius=1 * mm)
            top -= 7 * mm
            self.write(c, self.t("start_money", money=self.money(v["start_money"])), x,
                       top - 6 * mm, w / 2, 6 * mm, size=9, component=comp)
            self.write(c, self.t("start_mental", mental=v["mental_start"]), x + w / 2,
                       top - 6 * mm, w / 2, 6 * mm, size=9, component=comp)
            top -= 8 * mm
            self.write(c, self.t("power"), x, top - 6 * mm, 30 * mm, 6 * mm, size=9,
                       bold=True, component=comp)
            c.setLineWidth(0.5)
            c.line(x + 30 * mm, top - 5 * mm, x + w, top - 5 * mm)
            c.line(x, top - 12 * mm, x + w, top - 12 * mm)
            top -= 17 * mm
            top = self.gauge(c, x, top, w, comp)
            top = self.songs_track(c, x, top - 4 * mm, w, comp)
            # Card areas: two columns of framed spaces.
            areas = [("area_tours", {}), ("area_gear", {}), ("area_agents", {}),
                     ("area_vices", {}), ("area_objectives", {"n": v["mini_objectives"]}),
                     ("area_fans", {})]
            gap = 4 * mm
            cell_w = (w - gap) / 2
            rows = 3
            cell_h = (top - 4 * mm - y - gap * (rows - 1)) / rows
            for i, (key, values) in enumerate(areas):
                cx = x + (i % 2) * (cell_w + gap)
                cy = top - 4 * mm - (i // 2 + 1) * cell_h - (i // 2) * gap
                self.box(c, cx, cy, cell_w, cell_h)
                self.write(c, self.t(key, **values), cx + 2 * mm, cy + cell_h - 7 * mm,
                           cell_w - 4 * mm, 5 * mm, size=9, bold=True, component=comp,
                           max_lines=1)
        return draw

    def gauge(self, c: Canvas, x: float, top: float, w: float, comp: str) -> float:
        """The mental-health gauge 0..max in its three colours; returns the y below it."""
        v = self.v
        self.write(c, self.t("gauge"), x, top - 6 * mm, w, 6 * mm, size=12, bold=True,
                   component=comp)
        top -= 8 * mm
        cells = v["mental_max"] + 1
        cell = w / cells
        height = 13 * mm
        for n in range(cells):
            zone = engine.zone_of(n, v)
            cx = x + n * cell
            self.box(c, cx + 0.4 * mm, top - height, cell - 0.8 * mm, height,
                     self.zone_colour(zone), radius=1 * mm)
            ink = INK if self.s.low_ink else ink_for(self.zone_colour(zone))
            self.write(c, "†" if n == 0 else str(n), cx, top - height, cell, height, size=11,
                       min_size=6, bold=True, align="center", valign="middle", colour=ink,
                       component=comp, max_lines=1)
        top -= height + 1.5 * mm
        # The zones' names and cubes under their cells.
        spans = [("dead", 0, 0, self.t("dead", n=v["death_points"])),
                 ("red", 1, v["mental_yellow_from"] - 1,
                  self.t("zone_red", n=v["mental_red_actions"])),
                 ("yellow", v["mental_yellow_from"], v["mental_green_from"] - 1,
                  self.t("zone_yellow", n=v["mental_yellow_actions"])),
                 ("green", v["mental_green_from"], v["mental_max"],
                  self.t("zone_green", n=v["mental_green_actions"]))]
        for zone, low, high, words in spans:
            if zone == "dead":
                continue
            sx, sw = x + low * cell, (high - low + 1) * cell
            c.saveState()
            stroke_rgb(c, self.zone_colour(zone))
            c.setLineWidth(1.6)
            c.line(sx + 0.5 * mm, top, sx + sw - 0.5 * mm, top)
            c.restoreState()
            self.write(c, words + "*", sx, top - 5.5 * mm, sw, 5 * mm, size=8, min_size=6,
                       bold=True, align="center", colour=legible(self.zone_colour(zone)),
                       component=comp, max_lines=1)
        self.write(c, "† " + self.t("dead", n=v["death_points"]) + "*", x, top - 11 * mm,
                   w * 0.3, 5 * mm, size=7, min_size=6, component=comp, max_lines=1)
        self.write(c, self.t("gauge_help", vice=v["mental_vice_below"],
                             detox=v["mental_detox_at_most"]), x + w * 0.3, top - 15 * mm,
                   w * 0.7, 10 * mm, size=7.5, min_size=6, component=comp)
        return top - 16 * mm

    def songs_track(self, c: Canvas, x: float, top: float, w: float, comp: str) -> float:
        v = self.v
        self.write(c, self.t("songs"), x, top - 6 * mm, w, 6 * mm, size=12, bold=True,
                   component=comp)
        top -= 8 * mm
        cells = v["songs_max"] + 1
        cell = w / cells
        height = 11 * mm
        for n in range(cells):
            special = n == v["songs_extra_action_at"]
            self.box(c, x + n * cell + 0.5 * mm, top - height, cell - 1 * mm, height,
                     "#f9e0a0" if special else None, radius=1.5 * mm)
            self.write(c, f"★{n}" if special else str(n), x + n * cell, top - height, cell,
                       height, size=11, min_size=6, bold=True, align="center",
                       valign="middle", component=comp, max_lines=1)
        top -= height + 1.5 * mm
        one = v["songs_one_extra_die_gear"]
        self.write(c, self.t("songs_help", n=v["songs_extra_action_at"], one=one,
                             one_top=v["songs_two_extra_dice_gear"] - 1,
                             two=v["songs_two_extra_dice_gear"],
                             pip=self.money(v["songs_income_per_pip"])) + " *",
                   x, top - 9 * mm, w, 9 * mm, size=7.5, min_size=6, component=comp)
        return top - 10 * mm

    # ------------------------------------------------------------------ main board

    def effect(self, action: str) -> str:
        v = self.v
        values: dict[str, Any] = {
            "song": {"pip": self.money(v["songs_income_per_pip"])},
            "psy": {"n": v["psy_mental"]},
            "detox": {"n": v["mental_detox_at_most"]},
            "record_contract": {"m": v["record_contract_mental"],
                                "f": self.number(v["record_contract_fans"])},
            "mushroom_trip": {"money": self.money(v["mushroom_trip_money"])},
            "artistic_exploration": {"money": self.money(v["exploration_money"]),
                                     "n": v["mini_objectives"]},
            "rock_star": {"n": v["rock_star_vices"], "f": self.number(v["rock_star_fans"]),
                          "m": v["rock_star_mental"]},
            "viral_video": {"m": v["viral_video_mental"],
                            "f": self.number(v["viral_video_fans"])},
            "bribe": {"money": self.money(v["bribe_money"]), "n": v["bribe_points"]},
        }.get(action, {})
        return self.t(f"effect_{action}", **values)

    def main_board(self) -> Callable[[Canvas], None]:
        comp = self.t("main_board")
        decades = list(self.d["decade"])
        actions = list(self.d["action"])

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {comp}")
            top = y + h
            self.write(c, self.t("board_help"), x, top - 12 * mm, w, 12 * mm, size=8,
                       min_size=6, component=comp)
            top -= 14 * mm
            gap = 3 * mm
            col_w = (w - gap) / 2
            rows = sum((len([a for a in actions if a["decade"] == d["id"]]) + 1) // 2
                       for d in decades)
            head = 9 * mm
            box_h = min(30 * mm, (top - y - len(decades) * (head + 2 * mm) - rows * gap)
                        / rows)
            band_colours = ("#f3d6e4", "#d6e4f3", "#e4f3d6")
            for d, band in zip(decades, band_colours, strict=True):
                mine = [a for a in actions if a["decade"] == d["id"]]
                count = self.v[f"tours_{d['id']}"]
                band_h = head + ((len(mine) + 1) // 2) * (box_h + gap)
                self.box(c, x - 1 * mm, top - band_h, w + 2 * mm, band_h + 1 * mm, band,
                         radius=3 * mm)
                title = f"{name_in(d, self.lang)} · {self.t('tours_count', n=count)}"
                if d["id"] != decades[0]["id"]:
                    title += f" · {self.t('decade_opens')}"
                self.write(c, title, x + 2 * mm, top - head + 1.5 * mm, w - 4 * mm, head - 2 * mm,
                           size=11, min_size=6, bold=True, component=comp, max_lines=1)
                for i, a in enumerate(mine):
                    bx = x + (i % 2) * (col_w + gap)
                    by = top - head - (i // 2 + 1) * box_h - (i // 2) * gap
                    self.box(c, bx, by, col_w, box_h, "#ffffff")
                    self.write(c, name_in(a, self.lang), bx + 2 * mm, by + box_h - 6.5 * mm,
                               col_w - 20 * mm, 5.5 * mm, size=10, min_size=6, bold=True,
                               component=comp, max_lines=1)
                    self.write(c, self.effect(a["id"]), bx + 2 * mm, by + 1.5 * mm,
                               col_w - 20 * mm, box_h - 9 * mm, size=8, min_size=6,
                               component=f"{comp}: {a['id']}")
                    # The space where the cubes go.
                    c.saveState()
                    c.setDash(2, 2)
                    c.setLineWidth(0.6)
                    c.rect(bx + col_w - 16 * mm, by + 2 * mm, 14 * mm, box_h - 4 * mm)
                    c.restoreState()
                    self.write(c, self.t("cube_here"), bx + col_w - 16 * mm, by + 2.5 * mm,
                               14 * mm, 4 * mm, size=6, min_size=6, align="center",
                               component=comp, max_lines=1)
                top -= band_h + 2 * mm
        return draw

    def market_mat(self) -> Callable[[Canvas], None]:
        comp = self.t("market")

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {comp}")
            top = y + h
            self.write(c, self.t("market_help"), x, top - 14 * mm, w, 14 * mm, size=9,
                       min_size=6, component=comp)
            top -= 18 * mm
            card_w, card_h = POKER[0] * mm, POKER[1] * mm
            # three real cards side by side are wider than the frame: the spaces use the
            # paper's width up to its blank edge, centred by the layout core
            grid = fit_grid(self.s.page_size, card_w, card_h, bleed=0, gutter=4 * mm,
                            margin=EDGE + 1 * mm)
            if grid.cols < 3:
                raise BuildError(f"{comp}: three card spaces do not fit this paper", GAME_ID)
            gap_x = grid.gutter
            x0 = grid.x0 + (grid.cols - 3) * (card_w + gap_x) / 2
            for i in range(6):
                cx = x0 + (i % 3) * (card_w + gap_x)
                cy = top - (i // 3 + 1) * (card_h + 14 * mm) + 10 * mm
                event = i < 4
                c.saveState()
                c.setDash(4, 3)
                c.setLineWidth(0.8)
                c.roundRect(cx, cy, card_w, card_h, 3 * mm)
                c.restoreState()
                label = self.t("market_event" if event else "market_plain", n=i + 1)
                self.write(c, label, cx, cy - 8 * mm, card_w, 7 * mm, size=9, min_size=6,
                           bold=event, align="center", component=comp, max_lines=2)
        return draw
