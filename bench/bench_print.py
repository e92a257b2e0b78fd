"""Benchmark of the print kit, reported as a ratio measured side by side in one run.

- the whole Casse-toi Pov'con! kit (build the component list, fit every text, embed and
  subset the fonts, draw the QR codes, write the PDF) against plain ReportLab drawing the
  same number of pages of simple cards (9 rectangles and a line of built-in Helvetica text
  per page, no fitting, no embedded font);
- the size of the PDF, full colour and low ink, and with the Korean font;
- the CPU time of the same builds with ReportLab's C accelerator (``rl_accel``) and without
  it (ReportLab's pure-Python fallbacks), each in a fresh process, the two modes in turn.

Run: python bench/bench_print.py [--write]   (prints a Markdown table; with --write, also
replaces the "Print kit" section of BENCHMARKS.md). Numbers vary by machine, the ratio
much less.
"""

from __future__ import annotations

import io
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
if "--cpu" in sys.argv and sys.argv[-1] == "plain":
    sys.modules["_rl_accel"] = None  # ReportLab's pure-Python fallbacks

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


def cpu_child(mode: str) -> None:
    """In a fresh process (``--cpu accelerated|plain``): the CPU seconds of building the
    Casse-toi and Edgar & Lucien kits and the plain cards, after one warm-up build."""
    kit_bytes()
    pages = len(build(GAME, PrintSettings(), BASE)[0].pages)

    def cpu(function: Callable[[], object], repeat: int) -> float:
        start = time.process_time()
        for _ in range(repeat):
            function()
        return (time.process_time() - start) / repeat

    from reportlab.lib import rl_accel

    print(json.dumps({
        "mode": mode, "accelerated": len(rl_accel._c_funcs), "python": len(rl_accel._py_funcs),
        "kit": cpu(kit_bytes, REPEAT), "plain": cpu(lambda: plain_cards(pages), REPEAT),
        "edgar": cpu(lambda: render_bytes(build("edgar-et-lucien", PrintSettings(), BASE)[0]),
                     2),
    }))


def accelerator_rows() -> list[str]:
    """CPU with and without rl_accel, each mode twice in its own process, in turn."""
    runs: dict[str, list[dict[str, float]]] = {"accelerated": [], "plain": []}
    for _ in range(2):
        for mode in runs:
            done = subprocess.run([sys.executable, __file__, "--cpu", mode], cwd=ROOT,
                                  capture_output=True, text=True, check=True, timeout=600)
            runs[mode].append(json.loads(done.stdout.strip().splitlines()[-1]))
    best = {mode: {k: min(r[k] for r in rs) for k in ("kit", "plain", "edgar")}
            for mode, rs in runs.items()}
    fast, slow = best["accelerated"], best["plain"]
    RESULTS.update(kit_cpu=fast["kit"] * 1000, saved=1 - fast["kit"] / slow["kit"],
                   saved_edgar=1 - fast["edgar"] / slow["edgar"])
    return [
        f"| CPU, Casse-toi kit, with rl_accel | {fast['kit'] * 1000:.0f} ms | without: "
        f"{slow['kit'] * 1000:.0f} ms | {fast['kit'] / slow['kit']:.2f} |",
        f"| CPU, Edgar & Lucien kit, with rl_accel | {fast['edgar'] * 1000:.0f} ms | without: "
        f"{slow['edgar'] * 1000:.0f} ms | {fast['edgar'] / slow['edgar']:.2f} |",
        f"| CPU, plain ReportLab cards (same pages), with rl_accel | {fast['plain'] * 1000:.0f}"
        f" ms | without: {slow['plain'] * 1000:.0f} ms | {fast['plain'] / slow['plain']:.2f} |",
        f"| CPU, Casse-toi kit against plain ReportLab, both with rl_accel "
        f"| {fast['kit'] * 1000:.0f} ms | {fast['plain'] * 1000:.0f} ms "
        f"| {fast['kit'] / fast['plain']:.1f}x |",
    ]


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
checked, every font subset embedded), yet the whole kit takes {kit_ms:.0f} ms ({kit_cpu:.0f} ms of
CPU; wall times grow with the machine's load), so the print
page of the app builds it on demand (and keeps the last few PDFs in memory). QR matrices
are cached per address; the first build in a new language computes them. Low ink mostly
saves ink, not bytes: the file is the same drawing minus the fills. The Korean kit is
larger because each Hangul glyph of the subset is a full outline. ReportLab's C accelerator
(``rl_accel``, a dependency) saves {saved:.0%} of the Casse-toi kit's CPU and {saved_edgar:.0%}
of Edgar & Lucien's, with byte-identical PDFs (``tests/test_pdf_accelerator.py``).
"""


def write_section(rows: list[str]) -> None:
    path = ROOT / "BENCHMARKS.md"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    machine = (f"{platform.machine()}, {os.cpu_count()} cores, load average "
               f"{os.getloadavg()[0]:.1f}, Python {platform.python_version()}")
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
    if "--cpu" in sys.argv:
        cpu_child(sys.argv[sys.argv.index("--cpu") + 1])
        raise SystemExit(0)
    table = main() + accelerator_rows()
    print("\n".join(table))
    if "--write" in sys.argv:
        write_section(table)
