"""Audit of printed contrast: each glyph's drawn colour against the colour its box shows
once rendered (the background under it). Text needs 4.5:1, symbols (no letter or digit)
3:1, in full colour and in low ink.

Run: python bench/audit_contrast.py [game ...]   (prints, per kit and mode, the glyphs under
the threshold and the worst pairs; takes minutes: every page is rendered).
"""

from __future__ import annotations

import io
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pdfplumber  # noqa: E402
from PIL import Image  # noqa: E402

from printables.build import build, kit_games, render_bytes  # noqa: E402
from printables.layout import PrintSettings  # noqa: E402


def luminance(rgb: tuple[float, float, float]) -> float:
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def as_rgb(colour: object) -> tuple[float, float, float] | None:
    if not isinstance(colour, (tuple, list)):
        return None
    if len(colour) == 1:
        return (float(colour[0]),) * 3  # type: ignore[return-value]
    if len(colour) == 3:
        return tuple(float(v) for v in colour)  # type: ignore[return-value]
    if len(colour) == 4:
        c, m, y, k = (float(v) for v in colour)
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))
    return None


def low_contrast(data: bytes, tmp_path: Path, first: int, last: int,
                 open_pdf: Callable[[bytes], AbstractContextManager[Any]] | None = None,
                 dpi: int = 100) -> list[tuple[int, str, float]]:
    """Each glyph's drawn colour against the colour most of its box shows once rendered
    (the background under it): text needs 4.5:1, symbols (no letter nor digit) 3:1.
    ``open_pdf``: how to read the PDF's glyphs, as pdfplumber gives them (``.pages[i].chars``;
    ``pdfplumber.open`` of the bytes by default; the tests pass pdfium's reading,
    ``tests/print_glyphs.opened``, which measures the same). ``dpi``: the rendering's (the
    tests render at 72, where every glyph of the ten kits reads the ratio it reads at 100)."""
    pdf_path = tmp_path / "contrast.pdf"
    pdf_path.write_bytes(data)
    found = []
    # PPM: the pixels a PNG would hold, without its compression (most of pdftoppm's time)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(first), "-l", str(last),
                    str(pdf_path), str(tmp_path / "p")], check=True, capture_output=True)
    images = sorted(tmp_path.glob("p-*.ppm"))
    opened = open_pdf(data) if open_pdf else pdfplumber.open(io.BytesIO(data))
    with opened as pdf:
        for number, image in zip(range(first, last + 1), images, strict=True):
            img = Image.open(image).convert("RGB")
            for text, ratio, need in glyph_contrasts(img, pdf.pages[number - 1].chars,
                                                     dpi / 72):
                if ratio < need - 0.05:
                    found.append((number, text, round(ratio, 2)))
    return found


def glyph_contrasts(img: Image.Image, chars: list[dict[str, Any]], scale: float
                    ) -> list[tuple[str, float, float]]:
    """(text, contrast ratio, ratio needed) of each glyph of a page that shows on its
    rendering ``img`` (``scale`` pixels a point), in the order of ``chars``.

    A glyph's box is its pdfplumber box in whole pixels. The background is the commonest
    colour of a ring 2 px wide around the box (max of (count, colour), as PIL's getcolors
    gives them), unless nothing of the glyph shows (the box is all that colour: a glyph
    clipped away; a board tile draws the whole board and shows its own part). What the
    glyph is read against is the commonest colour around and inside its box that is not
    the glyph's own ink (no channel within 60 of it), the box's pixels counting twice (in
    the ring's count and in the box's): a letter on a small disc has more paper than disc
    in the ring around its box, but the disc is under it. Without such a colour, the
    ring's.

    Every colour of every glyph's ring and box is counted at once with numpy; a glyph whose
    commonest colour is a tie is measured by PIL's getcolors as before (the tie goes to the
    colour getcolors lists first)."""
    pixels = np.asarray(img, dtype=np.int64)
    height, width = pixels.shape[:2]
    # each pixel as one number, ordered as (r, g, b) tuples are; a ring going past the
    # image reads black there, as PIL's crop does
    padded = np.zeros((height + 4, width + 4), dtype=np.int64)
    padded[2:-2, 2:-2] = (pixels[..., 0] << 16) | (pixels[..., 1] << 8) | pixels[..., 2]
    flat = padded.ravel()
    kept: list[tuple[str, tuple[float, float, float], tuple[int, int, int, int]]] = []
    for ch in chars:
        text = ch["text"]
        colour = as_rgb(ch["non_stroking_color"])
        if not text.strip() or colour is None:
            continue
        box = (int(ch["x0"] * scale), int(ch["top"] * scale),
               int(ch["x1"] * scale) + 1, int(ch["bottom"] * scale) + 1)
        if box[0] < 0 or box[1] < 0 or box[2] > width or box[3] > height:
            continue
        kept.append((text, colour, box))
    if not kept:
        return []
    n = len(kept)
    boxes = np.array([box for _, _, box in kept], dtype=np.int64)
    ink = np.array([colour for _, colour, _ in kept], dtype=np.float64) * 255

    def colours(x0: Any, y0: Any, x1: Any, y1: Any) -> tuple[Any, Any, Any]:
        """(glyph, colour, count) of every colour of each glyph's region of ``padded``,
        sorted by glyph then colour."""
        w, h = x1 - x0, y1 - y0
        sizes = w * h
        glyph = np.repeat(np.arange(n), sizes)
        offset = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        w_each = np.repeat(w, sizes)
        rows = np.repeat(y0, sizes) + offset // w_each
        cols = np.repeat(x0, sizes) + offset % w_each
        keys, counts = np.unique((glyph << 24) | flat[rows * (width + 4) + cols],
                                 return_counts=True)
        return keys >> 24, keys & 0xFFFFFF, counts

    x0, y0, x1, y1 = boxes.T
    ring = colours(x0, y0, x1 + 4, y1 + 4)  # the box and 2 px around it
    inside = colours(x0 + 2, y0 + 2, x1 + 2, y1 + 2)
    # the ring's commonest colour, a tie going to the greater colour as max() does
    glyph, code, count = ring
    order = np.lexsort((code, count, glyph))
    last = order[np.r_[glyph[order][1:] != glyph[order][:-1], True]]
    ring_top = np.empty(n, dtype=np.int64)
    ring_top[glyph[last]] = code[last]
    # nothing of it shows: its box is all the ring's commonest colour
    glyph, code, _ = inside
    starts = np.flatnonzero(np.r_[True, glyph[1:] != glyph[:-1]])
    hidden = np.zeros(n, dtype=bool)
    hidden[glyph[starts]] = (np.bincount(glyph, minlength=n)[glyph[starts]] == 1) & (
        code[starts] == ring_top[glyph[starts]])
    # the colours that are not the glyph's ink, the ring's and the box's counts summed
    glyph, code, count = (np.concatenate(pair) for pair in zip(ring, inside, strict=True))
    rgb = np.stack([code >> 16, (code >> 8) & 255, code & 255], axis=1)
    far = np.abs(rgb - ink[glyph]).max(axis=1) > 60
    keys, where = np.unique((glyph[far] << 24) | code[far], return_inverse=True)
    totals = np.bincount(where, weights=count[far])
    glyph, code = keys >> 24, keys & 0xFFFFFF
    starts = np.flatnonzero(np.r_[True, glyph[1:] != glyph[:-1]])
    best = np.zeros(n)
    best[glyph[starts]] = np.maximum.reduceat(totals, starts)
    top = totals == best[glyph]
    ties = np.bincount(glyph[top], minlength=n) > 1
    under = ring_top.copy()
    under[glyph[top]] = code[top]

    found = []
    ratios: dict[tuple[Any, ...], float] = {}
    for i, (text, colour, box) in enumerate(kept):
        if hidden[i]:
            continue
        if ties[i]:
            background = background_by_getcolors(img, box, colour)
        else:
            c = int(under[i])
            background = (c >> 16, (c >> 8) & 255, c & 255)
        key = (colour, background)
        if key not in ratios:
            ratios[key] = contrast(colour, tuple(v / 255 for v in background))  # type: ignore[arg-type]
        found.append((text, ratios[key], 4.5 if any(c.isalnum() for c in text) else 3.0))
    return found


def background_by_getcolors(img: Image.Image, box: tuple[int, int, int, int],
                            colour: tuple[float, float, float]) -> tuple[int, int, int]:
    """What a glyph is read against (``glyph_contrasts``), by PIL alone (glyph_contrasts
    measures a glyph this way when its commonest colour is a tie)."""
    ring = img.crop((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2))
    colours = ring.getcolors(maxcolors=1 << 16) or []
    _, background = max(colours)
    inside = img.crop(box).getcolors(maxcolors=1 << 16) or []
    ink = tuple(v * 255 for v in colour)
    under: Counter[tuple[int, int, int]] = Counter()
    for count, rgb in (*colours, *inside):  # the ring's, then the box's
        if max(abs(a - b) for a, b in zip(rgb, ink, strict=True)) > 60:
            under[rgb] += count
    if under:
        background = under.most_common(1)[0][0]
    return background  # type: ignore[no-any-return]


def main(games: list[str]) -> int:
    for game in games or list(kit_games()):
        for low_ink in (False, True):
            doc, _ = build(game, PrintSettings(low_ink=low_ink), None)
            data = render_bytes(doc)
            with tempfile.TemporaryDirectory() as tmp:
                found = low_contrast(data, Path(tmp), 1, len(doc.pages))
            worst = Counter((page, ratio) for page, _, ratio in found).most_common(5)
            mode = "low ink" if low_ink else "full colour"
            print(f"{game}, {mode}: {len(found)} glyphs under the threshold; "
                  f"commonest (page, ratio): {worst}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
