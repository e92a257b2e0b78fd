"""Benchmark of the print kit, reported as a ratio measured side by side in one run.

- the whole Casse-toi Pov'con! kit (build the component list, fit every text, embed and
  subset the fonts, draw the QR codes, write the PDF) against plain ReportLab drawing the
  same number of pages of simple cards (9 rectangles and a line of built-in Helvetica text
  per page, no fitting, no embedded font);
- the size of the PDF, full colour and low ink, and with the Korean font.

Run: python bench/bench_print.py [--write]   (prints a Markdown table; with --write, also
replaces the "Print kit" section of BENCHMARKS.md). Numbers vary by machine, the ratio
much less.
"""

from __future__ import annotations

import io
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from printables.build import build, render_bytes  # noqa: E402
from printables.layout import PrintSettings  # noqa: E402

GAME = "casse-toi-pov-con"
BASE = "http://192.168.1.20:8000"
REPEAT = 7


def timed(function: Callable[[], object], repeat: int = REPEAT) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def kit_bytes(**settings: object) -> bytes:
    doc, _ = build(GAME, PrintSettings(**settings), BASE)  # type: ignore[arg-type]
    return render_bytes(doc)


def plain_cards(pages: int) -> bytes:
    """ReportLab at its simplest: the same number of A4 pages of 9 poker-size cards."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(210 * mm, 297 * mm), invariant=1)
    for page in range(pages):
        for i in range(9):
            row, col = divmod(i, 3)
            x, y = (10.5 + 63 * col) * mm, (16.5 + 88 * (2 - row)) * mm
            c.setFillColorRGB(0.95, 0.93, 0.88)
            c.rect(x, y, 63 * mm, 88 * mm, stroke=1, fill=1)
            c.setFillColorRGB(0, 0, 0)
            c.setFont("Helvetica", 10)
            c.drawString(x + 5 * mm, y + 80 * mm, f"Card {page * 9 + i + 1}")
        c.showPage()
    c.save()
    return buf.getvalue()


RESULTS: dict[str, float] = {}


def main() -> list[str]:
    kit_bytes()  # warm up: fonts parsed once per process, as in a running server
    pages = len(build(GAME, PrintSettings(), BASE)[0].pages)
    kit_time = timed(lambda: kit_bytes())
    plain_time = timed(lambda: plain_cards(pages))
    RESULTS.update(ratio=kit_time / plain_time, kit_ms=kit_time * 1000)
    sizes = {
        "full colour, English, A4": len(kit_bytes()),
        "low ink, English, A4": len(kit_bytes(low_ink=True)),
        "Korean texts (NanumGothic subset)": len(kit_bytes(lang="ko")),
    }
    plain_size = len(plain_cards(pages))
    el_doc = build("edgar-et-lucien", PrintSettings(), BASE)[0]
    el_time = timed(lambda: render_bytes(build("edgar-et-lucien", PrintSettings(), BASE)[0]), 3)
    el_size = len(render_bytes(el_doc))
    cold_start = time.perf_counter()
    kit_bytes(lang="fr", paper="letter")
    cold = time.perf_counter() - cold_start
    rows = [
        "| measure | value | compared with | ratio |",
        "|---|---|---|---|",
        f"| build the whole kit ({pages} pages, median of {REPEAT}) | {kit_time * 1000:.0f} ms "
        f"| {plain_time * 1000:.0f} ms plain ReportLab, {pages} pages of simple cards "
        f"| {kit_time / plain_time:.1f}x |",
        f"| first build in another language and paper | {cold * 1000:.0f} ms | | |",
        f"| Edgar & Lucien kit ({len(el_doc.pages)} pages, boards tiled, median of 3) "
        f"| {el_time * 1000:.0f} ms, {el_size / 1024:.0f} KiB | | |",
    ]
    for name, size in sizes.items():
        rows.append(f"| PDF size, {name} | {size / 1024:.0f} KiB "
                    f"| {plain_size / 1024:.0f} KiB plain | {size / plain_size:.1f}x |")
    return rows


SECTION_INTRO = """## Print kit

`python bench/bench_print.py --write`, one run on the development machine
({machine}).
The whole Casse-toi Pov'con! kit (calibration page, checklist, 62 cards with their backs,
tokens, track cards, the rule sheet with its QR codes; every text fitted and checked for
glyphs, fonts embedded as subsets) against plain ReportLab drawing the same number of pages
of simple cards with a built-in font, in the same run.
"""

SECTION_OUTRO = """
What it says: the kit costs about {ratio:.0f} times a bare ReportLab document of the same
page count (each page draws many more shapes and texts, and every text is fitted and
checked, every font subset embedded), yet the whole kit takes {kit_ms:.0f} ms, so the print
page of the app builds it on demand (and keeps the last few PDFs in memory). QR matrices
are cached per address; the first build in a new language computes them. Low ink mostly
saves ink, not bytes: the file is the same drawing minus the fills. The Korean kit is
larger because each Hangul glyph of the subset is a full outline.
"""


def write_section(rows: list[str]) -> None:
    path = ROOT / "BENCHMARKS.md"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    machine = f"{platform.machine()}, Python {platform.python_version()}"
    section = (SECTION_INTRO.format(machine=machine) + "\n" + "\n".join(rows) + "\n"
               + SECTION_OUTRO.format(**RESULTS))
    start = text.find("## Print kit")
    if start == -1:
        text = text.rstrip("\n") + "\n\n" + section
    else:
        end = text.find("\n## ", start + 1)
        text = text[:start] + section.rstrip("\n") + "\n" + (text[end:] if end != -1 else "")
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    table = main()
    print("\n".join(table))
    if "--write" in sys.argv:
        write_section(table)
