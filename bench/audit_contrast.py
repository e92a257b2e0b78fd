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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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


def low_contrast(data: bytes, tmp_path: Path, first: int, last: int
                 ) -> list[tuple[int, str, float]]:
    """Each glyph's drawn colour against the colour most of its box shows once rendered
    (the background under it): text needs 4.5:1, symbols (no letter nor digit) 3:1."""
    pdf_path = tmp_path / "contrast.pdf"
    pdf_path.write_bytes(data)
    dpi = 100
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", str(first), "-l", str(last),
                        str(pdf_path), str(tmp_path / "p")], check=True, capture_output=True)
        pngs = sorted(tmp_path.glob("p-*.png"))
        for number, png in zip(range(first, last + 1), pngs, strict=True):
            page = pdf.pages[number - 1]
            img = Image.open(png).convert("RGB")
            scale = dpi / 72
            for ch in page.chars:
                text = ch["text"]
                colour = as_rgb(ch["non_stroking_color"])
                if not text.strip() or colour is None:
                    continue
                box = (int(ch["x0"] * scale), int(ch["top"] * scale),
                       int(ch["x1"] * scale) + 1, int(ch["bottom"] * scale) + 1)
                if box[0] < 0 or box[1] < 0 or box[2] > img.width or box[3] > img.height:
                    continue
                # the background: the commonest colour of a ring around the glyph's box
                ring = img.crop((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2))
                colours = ring.getcolors(maxcolors=1 << 16) or []
                if not colours:
                    continue
                _, background = max(colours)
                inside = img.crop(box).getcolors(maxcolors=1 << 16) or []
                if len(inside) == 1 and inside[0][1] == background:
                    # nothing of it shows: a glyph clipped away (a board tile draws the
                    # whole board and shows its own part)
                    continue
                # What the glyph is read against: the commonest colour around and inside its
                # box that is not the glyph's own ink (a letter on a small disc has more
                # paper than disc in the ring around its box, but the disc is under it).
                ink = tuple(v * 255 for v in colour)
                under = Counter()
                for count, rgb in (*colours, *inside):  # the ring's, then the box's
                    if max(abs(a - b) for a, b in zip(rgb, ink, strict=True)) > 60:
                        under[rgb] += count
                if under:
                    background = under.most_common(1)[0][0]
                ratio = contrast(colour, tuple(v / 255 for v in background))
                need = 4.5 if any(ch2.isalnum() for ch2 in text) else 3.0
                if ratio < need - 0.05:
                    found.append((number, text, round(ratio, 2)))
    return found



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
