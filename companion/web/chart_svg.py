"""The charts of a table (``companion.charts``) drawn as SVG by the server: no script, no
chart library, nothing asked of another host.

Each chart is a figure: its title in the reader's language, then an SVG that takes the
width it is given (a viewBox: 300 units across a 360 px phone's card, text at 12 px). A
line per player in the player's colour, each with its own marker shape and dash, and the
player's name at the line's end (names pushed apart where the lines end close together),
so no line is told by its colour alone; the game's own lines (Marine) in the text colour.
Values on the left, the rounds under the chart: their numbers and the game's name for a
round ("Electoral Period 1–6"), or each round's own name between its ends (a decade).
Grid, ticks and names take the page's colours (``currentColor``, ``--muted``, ``--line``),
so the dark and light themes both read; every line is edged in ``--muted``, so a white
player reads on a light page and a black one on a dark page. For screen readers: the SVG
is an image (``role="img"``) labelled by its title and a description holding every value.
Every text drawn (a player's name above all) is escaped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from markupsafe import Markup, escape

from .. import plays
from ..charts import Chart, Line, charts
from ..games.base import Label
from ..i18n import gettext as _
from ..i18n import number
from ..tables import TableView
from .common import render_label

SVG_NS = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class Frame:
    """A chart's size in its own units, and its text, markers and lines in the same units."""

    width: float
    height: float
    font: float
    marker: float
    stroke: float


# About 300 px of a 360 px phone's card: one unit a pixel, text at 12 px.
PHONE = Frame(300, 190, 12, 3.6, 2.2)
# The shared screen's final ranking column (about 600 px at 720p, 900 at 1080p): text at
# 15 units, 22 px at 1080p.
TV = Frame(600, 230, 15, 4.6, 3)

# Each seat's line: a marker shape and a dash of its own (besides its colour).
SHAPES = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "star")
DASHES = ("", "8 3", "2 3", "9 3 2 3", "4 4", "12 3 3 3", "1 3", "6 2 2 2 2 2")
# The most markers a line has before only every few points carry one.
MOST_MARKERS = 13
NAME_SHARE = 0.3  # of the chart's width, at most, for the names at the lines' ends

STYLE = Markup(
    "<style>.charts{display:grid;gap:10px;margin:10px 0}.chart{margin:0;min-width:0}"
    ".charts:first-child{margin-top:0}.chart figcaption{font-weight:700;margin:0 0 2px}"
    ".chart svg{display:block;width:100%;height:auto;max-width:26rem;overflow:visible}"
    ".chart .ch-grid{stroke:var(--line);stroke-width:1}"
    ".chart .ch-axis{stroke:var(--muted);stroke-width:1}"
    ".chart .ch-tick{fill:var(--muted)}.chart .ch-name{fill:currentColor}"
    ".chart .ch-case{stroke:var(--muted);fill:none}"
    ".chart .ch-mark{stroke:var(--muted);stroke-width:1}"
    ".chart .ch-other{stroke:currentColor}.chart .ch-other-mark{fill:var(--panel);"
    "stroke:currentColor;stroke-width:1.5}"
    ".chart .ch-lead{stroke:var(--muted);stroke-width:1}</style>")


def figures(view: TableView, size: str = "phone") -> Markup:
    """Every chart of the table as figures (with their style once), or nothing when the
    table has none yet (no round closed)."""
    made = charts(view)
    if not made:
        return Markup("")
    frame = PHONE
    if size == "tv":
        frame = replace(TV, width=TV.width / len(made)) if len(made) > 1 else TV
    parts = [STYLE, Markup('<div class="charts" data-charts="%s">') % len(made)]
    parts.extend(figure(view, chart, frame, f"{size}-{chart.key}") for chart in made)
    parts.append(Markup("</div>"))
    return Markup("").join(parts)


def figure(view: TableView, chart: Chart, frame: Frame, ident: str) -> Markup:
    title = _(chart.title)
    return (Markup('<figure class="chart" data-chart="%s"><figcaption id="chart-%s">%s'
                   '</figcaption>') % (chart.key, ident, title)
            + svg(view, chart, frame, ident) + Markup("</figure>"))


# ---------------------------------------------------------------------------- drawing

def svg(view: TableView, chart: Chart, frame: Frame, ident: str) -> Markup:
    """One chart as an SVG element (well-formed XML)."""
    font = frame.font
    names = [line_name(line) for line in chart.lines]
    rounds = chart.rounds
    last = max(rounds)
    values = [v for line in chart.lines for v in line.values if v is not None]
    ticks = value_ticks(min(values, default=0), max(values, default=1))
    tick_texts = [number(t) for t in ticks]
    # The values clear of the first point's marker.
    left = max(text_width(t, font) for t in tick_texts) + frame.marker + font * 0.6
    widest = max((text_width(n, font) for n in names), default=0.0)
    shown_names = [fit(n, font, frame.width * NAME_SHARE) for n in names]
    right = min(widest, frame.width * NAME_SHARE) + frame.marker + font * 0.9
    named = getattr(view.game, "round_label", None) is not None
    x0, x1 = left, frame.width - right
    top = font * 0.7
    x_labels, rows = round_labels(view, rounds, x0, x1, font, named)
    bottom = font * (0.6 + 1.15 * rows) + (0 if named else font * 1.25)
    y0, y1 = top, frame.height - bottom

    def x(r: int) -> float:
        return x0 + (x1 - x0) * r / last if last else x0

    def y(v: int) -> float:
        lo, hi = ticks[0], ticks[-1]
        return y1 - (y1 - y0) * (v - lo) / (hi - lo)

    out: list[str] = []
    # Values: a grid line and the value at each tick.
    for tick, text in zip(ticks, tick_texts, strict=True):
        yy = y(tick)
        out.append(f'<line class="ch-grid" x1="{x0:.1f}" y1="{yy:.1f}" x2="{x1:.1f}" '
                   f'y2="{yy:.1f}"/>')
        out.append(f'<text class="ch-tick" x="{x0 - frame.marker - font * 0.35:.1f}" '
                   f'y="{yy:.1f}" dy=".35em" '
                   f'text-anchor="end">{escape(text)}</text>')
    # Rounds: a tick at each point, the labels under them.
    for r in rounds:
        out.append(f'<line class="ch-axis" x1="{x(r):.1f}" y1="{y1:.1f}" x2="{x(r):.1f}" '
                   f'y2="{y1 + font * 0.3:.1f}"/>')
    for at, row, anchor, text in x_labels:
        out.append(f'<text class="ch-tick" x="{at:.1f}" '
                   f'y="{y1 + font * (1.2 + 1.15 * row):.1f}" text-anchor="{anchor}">'
                   f'{escape(text)}</text>')
    if not named:
        caption = render_label(view, Label(getattr(view.game, "ROUND_LABEL", plays.ROUND),
                                           {"n": f"{min(r for r in rounds if r) }–{last}"}))
        out.append(f'<text class="ch-tick" x="{(x0 + x1) / 2:.1f}" '
                   f'y="{frame.height - font * 0.3:.1f}" text-anchor="middle">'
                   f'{escape(caption)}</text>')
    # The lines: the game's own under the players'.
    order = sorted(range(len(chart.lines)), key=lambda i: chart.lines[i].seat is not None)
    ends: list[tuple[float, int]] = []
    for index in order:
        line = chart.lines[index]
        points = [(x(r), y(v)) for r, v in zip(rounds, line.values, strict=True)
                  if v is not None]
        if not points:
            continue
        out.append(draw_line(line, chart, points, frame, rounds, index))
        ends.append((points[-1][1], index))
    # Each line's name at its end, the names pushed apart to be read one by one.
    placed = spread([e[0] for e in sorted(ends)], font * 1.15, font * 0.5, y1)
    label_x = x1 + frame.marker + font * 0.5
    for (target, index), at in zip(sorted(ends), placed, strict=True):
        if abs(at - target) > 1:
            out.append(f'<line class="ch-lead" x1="{x1 + frame.marker:.1f}" y1="{target:.1f}" '
                       f'x2="{label_x - 2:.1f}" y2="{at:.1f}"/>')
        out.append(f'<text class="ch-name" x="{label_x:.1f}" y="{at:.1f}" dy=".35em">'
                   f'{escape(shown_names[index])}</text>')
    title_id = f"chart-{ident}-title"
    desc_id = f"chart-{ident}-desc"
    head = (f'<svg xmlns="{SVG_NS}" viewBox="0 0 {frame.width:g} {frame.height:g}" '
            f'role="img" aria-labelledby="{title_id} {desc_id}" font-size="{font:g}">'
            f'<title id="{title_id}">{escape(_(chart.title))}</title>'
            f'<desc id="{desc_id}">{escape(description(view, chart, names))}</desc>')
    return Markup(head + "".join(out) + "</svg>")


def draw_line(line: Line, chart: Chart, points: list[tuple[float, float]], frame: Frame,
              rounds: tuple[int, ...], index: int) -> str:
    """One line: its edge, its stroke and its markers, as a group."""
    path = "M" + " L".join(f"{px:.1f} {py:.1f}" for px, py in points)
    if line.seat is None:
        dash = ' stroke-dasharray="3 3"'
        parts = [f'<g class="ch-line" data-line="other-{index}">',
                 f'<path class="ch-other" d="{path}" fill="none" '
                 f'stroke-width="{frame.stroke:g}"{dash} stroke-linejoin="round"/>']
        parts.extend(marker("circle", px, py, frame.marker * 0.9, 'class="ch-other-mark"')
                     for px, py in thinned(points, 0))
        parts.append("</g>")
        return "".join(parts)
    seat = line.seat
    colour = escape(chart.colours[seat] if seat < len(chart.colours) else "currentColor")
    dash = DASHES[seat % len(DASHES)]
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [f'<g class="ch-line" data-seat="{seat}">']
    if faint(str(colour)):
        parts.append(f'<path class="ch-case" d="{path}" stroke-width="{frame.stroke + 2:g}"'
                     f'{dashed} stroke-linejoin="round"/>')
    parts.append(f'<path d="{path}" fill="none" stroke="{colour}" '
                 f'stroke-width="{frame.stroke:g}"{dashed} stroke-linejoin="round"/>')
    shape = SHAPES[seat % len(SHAPES)]
    parts.extend(marker(shape, px, py, frame.marker, f'class="ch-mark" fill="{colour}"')
                 for px, py in thinned(points, seat))
    parts.append("</g>")
    return "".join(parts)


# The cards' backgrounds of the two themes (``--panel`` in app.css).
PANELS = ("#ffffff", "#1e2127")
LEAST_CONTRAST = 2.2


def faint(colour: str) -> bool:
    """Whether a player's colour stands out too little from the page in either theme (a
    white player on the light page, a black one on the dark page, a yellow one): its line
    is edged in the page's muted colour."""
    light = luminance(colour)
    if light is None:
        return False
    for panel in PANELS:
        other = luminance(panel) or 0.0
        high, low = max(light, other), min(light, other)
        if (high + 0.05) / (low + 0.05) < LEAST_CONTRAST:
            return True
    return False


def luminance(colour: str) -> float | None:
    """The relative luminance of a ``#rrggbb`` colour (WCAG), or None for anything else."""
    if len(colour) != 7 or not colour.startswith("#"):
        return None
    try:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    except ValueError:
        return None
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def thinned(points: list[tuple[float, float]], seat: int) -> list[tuple[float, float]]:
    """The points that carry a marker: all of them on a short line; on a long one every
    few (each seat from its own first, so markers do not pile up) and the last."""
    if len(points) <= MOST_MARKERS:
        return points
    step = math.ceil(len(points) / (MOST_MARKERS - 3))
    kept = points[seat % step::step]
    return kept if kept and kept[-1] == points[-1] else [*kept, points[-1]]


def marker(shape: str, cx: float, cy: float, r: float, attributes: str) -> str:
    """A marker shape centred on a point."""
    if shape == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.95:.1f}" {attributes}/>'
    if shape == "square":
        s = r * 0.85
        return (f'<rect x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s:.1f}" '
                f'height="{2 * s:.1f}" {attributes}/>')
    corners = {
        "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
        "down": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
        "diamond": [(0, -1.25), (1.1, 0), (0, 1.25), (-1.1, 0)],
        "plus": [(-0.4, -1.15), (0.4, -1.15), (0.4, -0.4), (1.15, -0.4), (1.15, 0.4),
                 (0.4, 0.4), (0.4, 1.15), (-0.4, 1.15), (-0.4, 0.4), (-1.15, 0.4),
                 (-1.15, -0.4), (-0.4, -0.4)],
        "star": [(math.cos(math.pi / 2 + k * math.pi / 5) * (1.3 if k % 2 == 0 else 0.55),
                  -math.sin(math.pi / 2 + k * math.pi / 5) * (1.3 if k % 2 == 0 else 0.55))
                 for k in range(10)],
    }
    if shape == "cross":
        turn = math.sqrt(0.5)
        found = [((a - b) * turn, (a + b) * turn) for a, b in corners["plus"]]
    else:
        found = corners[shape]
    points = " ".join(f"{cx + dx * r:.1f},{cy + dy * r:.1f}" for dx, dy in found)
    return f'<polygon points="{points}" {attributes}/>'


# ---------------------------------------------------------------------------- layout

def value_ticks(low: int, high: int, most: int = 5) -> list[int]:
    """Round values from at or under ``low`` to at or over ``high``, at most ``most`` of
    them, a whole step of 1, 2 or 5 (times a power of ten) apart (2.5 in the tens)."""
    if low == high:
        low, high = low - 1, high + 1
    span = high - low
    magnitude = 10 ** max(0, math.floor(math.log10(span / (most - 1))))
    step = magnitude
    for factor in (1, 2, 2.5, 5, 10, 20):
        candidate = factor * magnitude
        if candidate != int(candidate):
            continue
        step = int(candidate)
        if math.ceil(high / step) - math.floor(low / step) <= most - 1:
            break
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    return list(range(start, end + 1, step))


def round_labels(view: TableView, rounds: tuple[int, ...], x0: float, x1: float, font: float,
                 named: bool) -> tuple[list[tuple[float, int, str, str]], int]:
    """The rounds' labels under the chart, as (x, row, anchor, text), and how many rows
    they take: each round's own name between its ends (a row more where the names would
    touch), or the numbers at the points, every few where they would touch."""
    last = max(rounds)

    def x(r: int) -> float:
        return x0 + (x1 - x0) * r / last if last else x0

    if named:
        bands = [(x(a), x(b), render_label(view, plays.round_title(view.game, b)))
                 for a, b in zip(rounds, rounds[1:], strict=False)]
        gap = font * 0.4
        crowded = any(text_width(t, font) + gap > b - a for a, b, t in bands)
        rows = 2 if crowded and len(bands) > 1 else 1
        width = (x1 - x0) * rows / max(len(bands), 1)
        return [((a + b) / 2, i % rows, "middle", fit(t, font, width - gap))
                for i, (a, b, t) in enumerate(bands)], rows
    widest = text_width(str(last), font) + font * 0.8
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000)
                 if (x1 - x0) * s / max(last, 1) >= widest), last or 1)
    shown = [r for r in rounds if r % step == 0]
    if last not in shown:
        if shown and (x(last) - x(shown[-1])) < widest:
            shown.pop()
        shown.append(last)
    return [(x(r), 0, "middle", str(r)) for r in shown], 1


def spread(targets: list[float], gap: float, low: float, high: float) -> list[float]:
    """Positions as near the sorted ``targets`` as can be with ``gap`` between any two,
    kept between ``low`` and ``high`` while there is room."""
    placed: list[float] = []
    for target in targets:
        placed.append(max(target, placed[-1] + gap) if placed else max(target, low))
    if placed and placed[-1] > high:
        placed[-1] = high
        for i in range(len(placed) - 2, -1, -1):
            placed[i] = min(placed[i], placed[i + 1] - gap)
    if placed and placed[0] < low:
        shift = low - placed[0]
        placed = [p + shift for p in placed]
    return placed


# Widths of characters, in ems, for a sans-serif face (an estimate: the server has no font).
_NARROW = set("iljtfrI.,:;'!|() ")
_WIDE = set("mwMW@%")


def text_width(text: str, font: float) -> float:
    """About how wide a text is drawn at ``font`` (erring wide)."""
    ems = 0.0
    for char in text:
        code = ord(char)
        if 0x1100 <= code <= 0x11FF or 0x2E80 <= code <= 0xA4CF or 0xAC00 <= code <= 0xD7AF \
                or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF:
            ems += 1.0
        elif char in _NARROW:
            ems += 0.34
        elif char in _WIDE:
            ems += 0.9
        elif char.isupper():
            ems += 0.7
        else:
            ems += 0.6
    return ems * font


def fit(text: str, font: float, width: float) -> str:
    """The text, cut short with an ellipsis where it would be wider than ``width``."""
    if text_width(text, font) <= width:
        return text
    while text and text_width(text + "…", font) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def line_name(line: Line) -> str:
    """What a line is called: its player, or the game's name for it in the reader's
    language."""
    return line.name if line.seat is not None else _(line.name)


def description(view: TableView, chart: Chart, names: list[str]) -> str:
    """Every value of the chart in words: the rounds, then each line's values in order."""
    parts = [", ".join(render_label(view, plays.round_title(view.game, r)) if r else _("Start")
                       for r in chart.rounds)]
    for line, name in zip(chart.lines, names, strict=True):
        values = ", ".join("–" if v is None else number(v) for v in line.values)
        parts.append(_("%(name)s: %(values)s", name=name, values=values))
    return ". ".join(parts) + "."
