"""What the cards draw with: the voter pictograms, the reaction marks, the figure badges and
the stars, and the game data and texts every component reads."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from ...draw import fill_rgb, stroke_rgb
from ...layout import CardBox, legible
from ...text import BuildError, symbol, text_box
from ..base import KitBase
from .constants import MARINE_COLOR, PARTY_NAMES_KO, REACTION_COLORS, REACTION_MARKS, STAR_COLOR
from .texts import text

# --------------------------------------------------------------------------- drawing


def draw_voter(c: Canvas, voter: Mapping[str, Any], cx: float, y: float, height: float,
               low_ink: bool, component: str) -> None:
    """A voter pictogram standing on ``y``: head, shoulders and the voter's symbol."""
    head_r = height * 0.17
    body_w = height * 0.62
    body_h = height * 0.52
    c.saveState()
    c.setLineWidth(max(0.6, height * 0.025))
    # the white symbol on the figure (or the coloured symbol on white) at 3:1
    shade = legible(voter["color"], ratio=3.0)
    stroke_rgb(c, shade)
    fill_rgb(c, shade)
    path = c.beginPath()
    r = body_w * 0.35
    path.moveTo(cx - body_w / 2, y)
    path.lineTo(cx - body_w / 2, y + body_h - r)
    path.arcTo(cx - body_w / 2, y + body_h - 2 * r, cx - body_w / 2 + 2 * r, y + body_h,
               startAng=180, extent=-90)
    path.lineTo(cx + body_w / 2 - r, y + body_h)
    path.arcTo(cx + body_w / 2 - 2 * r, y + body_h - 2 * r, cx + body_w / 2, y + body_h,
               startAng=90, extent=-90)
    path.lineTo(cx + body_w / 2, y)
    path.close()
    c.drawPath(path, stroke=1, fill=0 if low_ink else 1)
    c.circle(cx, y + body_h + head_r * 1.15, head_r, stroke=1, fill=0 if low_ink else 1)
    if low_ink:
        fill_rgb(c, shade)
    else:
        c.setFillColorRGB(1, 1, 1)
    symbol(c, voter["symbol"], cx, y + body_h * 0.45, body_h * 0.5, component)
    c.restoreState()


def voter_name(voter: Mapping[str, Any], lang: str) -> str:
    return str(voter.get(f"name_{lang}") or voter["name_en"])


def party_name(party: Mapping[str, Any], lang: str) -> str:
    if lang == "ko":
        return PARTY_NAMES_KO.get(party["id"], party["name_en"])
    return str(party.get(f"name_{lang}") or party["name_en"])


def reaction_mark(c: Canvas, reaction: str, cx: float, cy: float, r: float, low_ink: bool,
                  component: str) -> None:
    c.saveState()
    color = legible(REACTION_COLORS[reaction], ratio=3.0)
    stroke_rgb(c, color)
    fill_rgb(c, color)
    c.setLineWidth(0.6)
    c.circle(cx, cy, r, stroke=1, fill=0 if low_ink else 1)
    if low_ink:
        fill_rgb(c, color)
    else:
        c.setFillColorRGB(1, 1, 1)
    symbol(c, REACTION_MARKS[reaction], cx, cy, r * 1.25, component)
    c.restoreState()


def figure_badge(c: Canvas, figure: Mapping[str, Any] | None, marine: bool, cx: float,
                 cy: float, r: float, box: CardBox, lang: str, component: str) -> None:
    """A journalist (symbol and medium) or Marine, as printed in each corner of a back."""
    if not marine and figure is None:
        raise BuildError("a corner figure is neither Marine nor a journalist", component)
    # white text inside the disc in full colour, coloured text on white in low ink: 4.5:1
    color = legible(MARINE_COLOR if marine or figure is None else figure["color"])
    c.saveState()
    stroke_rgb(c, color)
    fill_rgb(c, color)
    c.setLineWidth(0.8)
    c.circle(cx, cy, r, stroke=1, fill=0 if box.low_ink else 1)
    if box.low_ink:
        fill_rgb(c, color)
    else:
        c.setFillColorRGB(1, 1, 1)
    if marine:
        text_box(c, "M", cx - r, cy - r, 2 * r, 2 * r, fonts=box.fonts, size=r * 1.5,
                 min_size=5, component=component, bold=True, align="center", valign="middle")
    elif figure is not None:
        symbol(c, figure["symbol"], cx, cy + r * 0.38, r * 0.85, component)
        medium = figure.get(f"medium_{lang}") or figure["medium_en"]
        # the medium's name inside the ring: as wide as the disc is at the name's foot,
        # less the ring's line and a gap
        foot = r * 0.5
        half = math.sqrt(r * r - foot * foot) - 1.4
        text_box(c, medium, cx - half, cy - foot, 2 * half, r * 0.37, fonts=box.fonts,
                 size=6, min_size=6, component=component, align="center", valign="bottom",
                 max_lines=1)
    c.restoreState()


def stars_row(c: Canvas, count: int, cx: float, cy: float, size: float, low_ink: bool,
              component: str) -> None:
    if count <= 0:
        return
    c.saveState()
    fill_rgb(c, legible(STAR_COLOR, ratio=3.0))
    step = size * 1.05
    start = cx - step * (count - 1) / 2
    for i in range(count):
        symbol(c, "☆" if low_ink else "★", start + i * step, cy, size, component)
    c.restoreState()


class KitParts(KitBase):
    """What the components draw from: the game data (read and checked by ``Kit``) and the
    kit's texts."""

    d: Mapping[str, Any]
    voters: dict[str, Mapping[str, Any]]
    journalists: dict[str, Mapping[str, Any]]
    parties: dict[str, Mapping[str, Any]]
    track: Mapping[str, Any]
    crack: int
    four: int

    def t(self, key: str, **values: Any) -> str:
        return text(key, self.lang, **values)
