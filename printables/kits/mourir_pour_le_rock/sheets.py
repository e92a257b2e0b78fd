"""The score sheet and the main die to cut out and fold."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from companion.games import mourir_pour_le_rock as engine

from ...draw import fill_rgb, stroke_rgb
from .data import DIE_SIDE_MM, DIE_TAB_MM, GAME_NAME, INK
from .drawing import KitDrawing


class Sheets(KitDrawing):
    """The score sheet and the die of the kit."""

    # ------------------------------------------------------------------ score sheet

    def score_sheet(self) -> Callable[[Canvas], None]:
        comp = self.t("score_sheet")
        v = self.v
        rows = [
            self.t("cat_tours"), self.t("cat_awards"), self.t("cat_objectives"),
            self.t("cat_gear"), self.t("cat_fans", n=self.number(v["fans_per_point"])),
            self.t("cat_money", n=self.money(v["money_per_point"])),
            self.t("cat_mental", n=v["mental_points"]), self.t("cat_bribe", n=v["bribe_points"]),
            self.t("cat_death", n=v["death_points"]), self.t("cat_play"),
        ]
        assert len(rows) == len(engine.SCORE_CATEGORIES)
        players = self.d["players"]["max"]

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {self.t('score_title')}")
            top = y + h - 2 * mm
            first_w = w * 0.4
            col_w = (w - first_w) / players
            row_h = min(16 * mm, (h - 30 * mm) / (len(rows) + 2))
            all_rows = [self.t("player")] + rows + [self.t("total")]
            for r, label in enumerate(all_rows):
                ry = top - (r + 1) * row_h
                shade = "#eeeeee" if r in (0, len(all_rows) - 1) else None
                self.box(c, x, ry, w, row_h, shade, radius=0, line=0.6)
                self.write(c, label, x + 2 * mm, ry + 1 * mm, first_w - 4 * mm, row_h - 2 * mm,
                           size=10, min_size=6, bold=r in (0, len(all_rows) - 1),
                           valign="middle", component=comp)
                c.setLineWidth(0.6)
                for p in range(players):
                    c.line(x + first_w + p * col_w, ry, x + first_w + p * col_w, ry + row_h)
            self.write(c, self.t("gear_rule", size=v["gear_set_size"],
                                 same=v["gear_identical_points"],
                                 diff=v["gear_different_points"]),
                       x, top - (len(all_rows) + 1) * row_h - 2 * mm, w, row_h, size=8,
                       min_size=6, component=comp)
        return draw

    # ------------------------------------------------------------------ the main die

    DIE_FACES = ((1, 3), (0, 2), (1, 2), (2, 2), (1, 1), (1, 0))
    """The net's faces (column, row from the bottom): a column of four, one face on each
    side of the second from the top."""
    DIE_TABS = (((0, 2), "top"), ((0, 2), "bottom"), ((2, 2), "top"), ((2, 2), "bottom"),
                ((1, 0), "left"), ((1, 0), "right"), ((1, 0), "bottom"))
    """One glue tab for each of the cube's 7 seams: the side faces' 4 (each glued to the
    top or the bottom face's edge) and the lid's 3 (the face at the column's end)."""

    def die_net(self) -> Callable[[Canvas], None]:
        comp = self.t("die")
        faces = list(self.d["songs"]["main_die_faces"])
        side, tab = DIE_SIDE_MM * mm, DIE_TAB_MM * mm
        steps = {"left": (-1, 0), "right": (1, 0), "top": (0, 1), "bottom": (0, -1)}

        def edge(fx: float, fy: float, where: str) -> tuple[float, float, float, float]:
            return {"left": (fx, fy, fx, fy + side), "right": (fx + side, fy, fx + side, fy + side),
                    "top": (fx, fy + side, fx + side, fy + side),
                    "bottom": (fx, fy, fx + side, fy)}[where]

        def draw(c: Canvas) -> None:
            x, y, w, h = self.frame(c, f"{GAME_NAME} — {comp}")
            top = y + h
            self.write(c, self.t("die_help", faces=", ".join(str(f) for f in faces)), x,
                       top - 7 * mm, w, 7 * mm, size=10, component=comp)
            self.write(c, self.t("die_legend"), x, top - 13 * mm, w, 6 * mm, size=9,
                       bold=True, component=comp, max_lines=1)
            ox = x + (w - 3 * side) / 2
            oy = top - 16 * mm - tab - 4 * side
            cells = set(self.DIE_FACES)
            tabs = set(self.DIE_TABS)
            c.saveState()
            stroke_rgb(c, INK)
            # the tabs: grey, a trapezoid outside the edge, its sides cut
            for (col, row), where in self.DIE_TABS:
                x0, y0, x1, y1 = edge(ox + col * side, oy + row * side, where)
                dx, dy = steps[where]
                inset = 5 * mm
                ux, uy = (x1 - x0) / side, (y1 - y0) / side
                path = c.beginPath()
                path.moveTo(x0, y0)
                path.lineTo(x0 + dx * tab + ux * inset, y0 + dy * tab + uy * inset)
                path.lineTo(x1 + dx * tab - ux * inset, y1 + dy * tab - uy * inset)
                path.lineTo(x1, y1)
                fill_rgb(c, "#ffffff" if self.s.low_ink else "#d9d9d9")
                c.setLineWidth(0.9)
                c.drawPath(path, stroke=1, fill=1)
                fill_rgb(c, INK)
                c.saveState()
                c.translate((x0 + x1) / 2 + dx * tab / 2, (y0 + y1) / 2 + dy * tab / 2)
                if dx:  # along a side tab, read from the outside
                    c.rotate(-90 * dx)
                self.write(c, self.t("glue"), -10 * mm, -2.5 * mm, 20 * mm, 5 * mm,
                           size=7, min_size=6, align="center", valign="middle",
                           component=comp, max_lines=1)
                c.restoreState()
            for (col, row), face in zip(self.DIE_FACES, faces, strict=True):
                fx, fy = ox + col * side, oy + row * side
                for where, (dx, dy) in steps.items():
                    x0, y0, x1, y1 = edge(fx, fy, where)
                    fold = (col + dx, row + dy) in cells or ((col, row), where) in tabs
                    if fold:
                        if (col + dx, row + dy) in cells and (dx, dy) in ((-1, 0), (0, -1)):
                            continue  # drawn once, from the other face
                        c.setDash(3, 2)
                        c.setLineWidth(0.6)
                    else:
                        c.setDash()
                        c.setLineWidth(0.9)
                    c.line(x0, y0, x1, y1)
                c.setDash()
                self.write(c, str(face), fx, fy, side, side, size=36, min_size=10, bold=True,
                           align="center", valign="middle", component=comp, max_lines=1)
            c.restoreState()
            steps_top = oy - tab - 4 * mm
            self.write(c, self.t("die_steps"), x, max(y, steps_top - 40 * mm), w,
                       min(40 * mm, steps_top - y), size=9, min_size=6, component=comp)
        return draw
