"""Helpers the print tests share to measure pieces in a kit's PDF: where each card or token
lies (its trim box, in millimetres from the page's bottom-left), the text printed inside it,
and how light it prints in greyscale."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

from PIL import Image, ImageStat
from print_pdf import MM, card_placements, plumbed, reader, texts_of

Box = tuple[float, float, float, float]
"""x, y (bottom-left), width, height in millimetres."""


def trim_boxes(data: bytes, page_index: int) -> dict[str, Box]:
    """Each card of a page by its id: its trim box (the clip rectangle less its bleed)."""
    found: dict[str, Box] = {}
    for ident, (x, y, clip) in card_placements(reader(data), page_index).items():
        bleed = x - clip[0]
        found[ident] = (x, y, clip[2] - 2 * bleed, clip[3] - 2 * bleed)
    return found


def pages_named(data: bytes, component: str) -> list[int]:
    """The pages (0-based) whose footer names ``component``."""
    return [i for i, text in enumerate(texts_of(data))
            if re.search(rf"· {re.escape(component)}( [A-Z]\d)? · ", text)]


def text_in(page: Any, box: Box) -> str:
    """The characters pdfplumber finds whose centre lies in ``box`` (mm, bottom-left)."""
    x, y, w, h = box
    height = float(page.height) / MM
    out = []
    for ch in page.chars:
        cx = (ch["x0"] + ch["x1"]) / 2 / MM
        cy = height - (ch["top"] + ch["bottom"]) / 2 / MM
        if x <= cx <= x + w and y <= cy <= y + h:
            out.append(ch["text"])
    return "".join(out)


def texts_in(data: bytes, page_index: int, boxes: dict[str, Box]) -> dict[str, str]:
    with plumbed(data, [page_index]) as pdf:
        page = pdf.pages[page_index]
        return {ident: text_in(page, box) for ident, box in boxes.items()}


def circles_mm(page: Any, diameter: float, tolerance: float = 0.3) -> list[Box]:
    """The curves of about ``diameter`` mm across and high (circles), as boxes."""
    height = float(page.height) / MM
    found = []
    for curve in page.curves:
        w = (curve["x1"] - curve["x0"]) / MM
        h = (curve["bottom"] - curve["top"]) / MM
        if abs(w - diameter) <= tolerance and abs(h - diameter) <= tolerance:
            found.append((curve["x0"] / MM, height - curve["bottom"] / MM, w, h))
    return found


def grey_crops(data: bytes, page_index: int, boxes: dict[str, Box], out: Path,
               dpi: int = 150) -> dict[str, Image.Image]:
    """Each box of the page rendered in greyscale, as a printer without colour prints it."""
    pdf_path = out / "kit.pdf"
    pdf_path.write_bytes(data)
    prefix = out / f"grey-{page_index}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-f", str(page_index + 1), "-l",
                    str(page_index + 1), "-singlefile", str(pdf_path), str(prefix)],
                   check=True, capture_output=True)
    image = Image.open(f"{prefix}.pgm")
    px = dpi / 25.4
    crops = {}
    for ident, (x, y, w, h) in boxes.items():
        left, top = round(x * px), round(image.height - (y + h) * px)
        crops[ident] = image.crop((left, top, left + round(w * px), top + round(h * px)))
    return crops


def mark_contrast(piece: Image.Image, inset: float = 0.2) -> float:
    """How far a piece's mark stands out from what it is printed on, in greyscale: the
    spread (0 to 255) between the darkest and the lightest twentieth of the pixels in the
    piece's middle (``inset`` of each side left out). A mark in red on blue, both near
    100 grey, would spread little."""
    w, h = piece.size
    middle = piece.crop((round(w * inset), round(h * inset), round(w * (1 - inset)),
                         round(h * (1 - inset))))
    histogram = middle.histogram()
    total = sum(histogram)

    def percentile(share: float) -> int:
        seen = 0
        for level, count in enumerate(histogram):
            seen += count
            if seen >= share * total:
                return level
        return 255

    return float(percentile(0.95) - percentile(0.05))


def mean_grey(a: Image.Image) -> float:
    return float(ImageStat.Stat(a).mean[0])


def inside(inner: Box, outer: Box, slack: float = 0.05) -> bool:
    """Whether box ``inner`` lies within ``outer`` (by size: it can be laid inside it)."""
    return inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack
