"""Helpers the print tests share: read card placements and fonts back out of a PDF, render
pages with poppler and decode QR codes with zbar."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def card_placements(pdf: PdfReader, page_index: int) -> dict[str, tuple[float, float, list[float]]]:
    """For each card drawn on a page, by its id: the trim box's bottom-left corner (from the
    ``cm`` that places it) and its clip rectangle (x, y, w, h), all in millimetres."""
    page = pdf.pages[page_index]
    content = ContentStream(page.get_contents(), pdf)
    found: dict[str, tuple[float, float, list[float]]] = {}
    current: str | None = None
    rect: list[float] | None = None
    for operands, operator in content.operations:
        if operator == b"BDC" and operands and operands[0] == "/Card":
            current, rect = str(operands[1]["/ID"]), None
        elif current is not None and operator == b"re" and rect is None:
            rect = [float(v) / MM for v in operands]
        elif current is not None and operator == b"cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            assert (a, b, c, d) == (1, 0, 0, 1), "a card is placed by translation only"
            assert rect is not None
            found[current] = (e / MM, f / MM, rect)
            current = None
    return found


def page_size_mm(pdf: PdfReader, page_index: int) -> tuple[float, float]:
    box = pdf.pages[page_index].mediabox
    return float(box.width) / MM, float(box.height) / MM


def pdffonts(path: Path) -> list[dict[str, str]]:
    """The font table ``pdffonts`` prints, one dict per font."""
    out = subprocess.run(["pdffonts", str(path)], check=True, capture_output=True,
                         text=True).stdout.splitlines()
    header, rule, *rows = out
    starts = [0]
    for i in range(1, len(rule)):
        if rule[i] == "-" and rule[i - 1] == " ":
            starts.append(i)
    names = [header[s:e].strip() for s, e in zip(starts, starts[1:] + [None], strict=True)]
    return [{n: row[s:e].strip() for n, s, e in zip(names, starts, starts[1:] + [None],
                                                      strict=True)} for row in rows]


def render(path: Path, out_dir: Path, dpi: int, first: int | None = None,
           last: int | None = None, gray: bool = False) -> list[Path]:
    """Render pages with pdftoppm; the image paths in page order. The images are PPM (PGM
    in gray): the pixels PNG would hold, without the compression that took pdftoppm five
    times as long as drawing the pages."""
    args = ["pdftoppm", "-r", str(dpi)]
    if gray:
        args.append("-gray")
    if first is not None:
        args += ["-f", str(first)]
    if last is not None:
        args += ["-l", str(last)]
    subprocess.run([*args, str(path), str(out_dir / "p")], check=True, capture_output=True)
    return sorted(out_dir.glob("p-*.p[gp]m"))


def decode_qr(*images: Path) -> list[str]:
    """Every QR code zbarimg finds in the images (one zbarimg for all), in their order."""
    result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable",
                             *map(str, images)], capture_output=True, text=True)
    return [line for line in result.stdout.splitlines() if line]


def build_kit(game: str, base_url: str, tmp: Path, name: str, rules_only: bool = False,
              **settings: Any) -> Path:
    """Build a game's kit (and its separate backs, if asked) into ``tmp/name.pdf``."""
    from printables.build import build, write_files
    from printables.layout import PrintSettings

    doc, backs = build(game, PrintSettings(**settings), base_url, rules_only=rules_only)
    path = tmp / f"{name}.pdf"
    write_files(doc, path, backs, tmp / f"{name}-backs.pdf" if backs else None)
    return path
