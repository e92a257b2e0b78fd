"""Benchmark: each kit built as ``companion print`` builds it, against plain ReportLab drawing
the same pages with similar content, each build in a fresh process, side by side in one run.

For every kit (A4, English; 폭풍의 대권주자 in Korean too) the parent builds the kit once and
notes what it printed: its page count, each page's text (read back from the PDF), the
fonts it embedded and the addresses of its QR codes. Then, in turn, ``--runs`` times each:

- kit: a fresh Python process imports ``printables.build``, builds the kit and renders its
  PDF to memory (the work of ``companion print`` minus writing the file);
- plain: a fresh Python process imports ReportLab and qrcode, registers the same TrueType
  fonts, and draws the same number of pages, each with 9 filled and clipped cards, crop
  marks, the page's characters in those fonts (every font embedded as a subset, as the kit
  does), and the same QR codes (qrcode's matrices, one rectangle per dark module).

Both are timed from the parent (process start to exit, CPU seconds from ``wait4`` and wall
time), so Python's start-up counts in both; the machine may be shared, so read the ratio of
the medians (the CPU one moves least with the load), not the seconds. Also
timed: ``python -m companion print --help`` and whether the print command's import path
loads any web module.

Both trees' modules are compiled to bytecode first, as an installed package's are.

Run: python bench/bench_print_kits.py [--runs 5] [--tree DIR]  (``--tree`` times the kit
from another checkout, e.g. ``git archive`` of an older commit, in the same run).
Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE = "http://192.168.1.20:8000"
KITS = [("casse-toi-pov-con", "en"), ("edgar-et-lucien", "en"), ("election-usa", "en"),
        ("mourir-pour-le-rock", "en"), ("storm-candidate", "en"), ("storm-candidate", "ko")]

KIT_CHILD = """
import sys
from printables.build import build, render_bytes
from printables.layout import PrintSettings
render_bytes(build(sys.argv[1], PrintSettings(lang=sys.argv[2]), sys.argv[3])[0])
"""

PLAIN_CHILD = """
import io, json, sys
import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

spec = json.load(open(sys.argv[1], encoding="utf-8"))
fonts = spec["fonts"]
for name in fonts:
    pdfmetrics.registerFont(TTFont(name, spec["font_dir"] + "/" + name + ".ttf"))
buf = io.BytesIO()
c = Canvas(buf, pagesize=(210 * mm, 297 * mm), invariant=1, pageCompression=1,
           initialFontName=fonts[0])
qrs = list(spec["qrs"])
for page, text in enumerate(spec["texts"]):
    chunks = [text[i::9] for i in range(9)]
    for i in range(9):
        row, col = divmod(i, 3)
        x, y = (10.5 + 63 * col) * mm, (16.5 + 88 * (2 - row)) * mm
        c.saveState()
        path = c.beginPath()
        path.rect(x, y, 63 * mm, 88 * mm)
        c.clipPath(path, stroke=0)
        c.setFillColorRGB(0.95, 0.93, 0.88)
        c.rect(x - 1 * mm, y - 1 * mm, 65 * mm, 90 * mm, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        t = c.beginText(x + 3 * mm, y + 82 * mm)
        t.setFont(fonts[i % len(fonts)], 7)
        words = chunks[i]
        for start in range(0, len(words), 40):
            t.textLine(words[start:start + 40])
        c.drawText(t)
        c.restoreState()
        for cx, cy in ((x, y), (x + 63 * mm, y), (x, y + 88 * mm), (x + 63 * mm, y + 88 * mm)):
            c.line(cx - 4 * mm, cy, cx - 1 * mm, cy)
            c.line(cx, cy - 4 * mm, cx, cy - 1 * mm)
    while qrs and (page + 1) * len(spec["qrs"]) >= len(qrs) * len(spec["texts"]):
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
        code.add_data(qrs.pop())
        code.make(fit=True)
        m = code.get_matrix()
        unit = 30 * mm / (len(m) + 8)
        for r, cells in enumerate(m):
            for k, dark in enumerate(cells):
                if dark:
                    c.rect(20 * mm + (k + 4) * unit, 200 * mm - (r + 4) * unit, unit, unit,
                           stroke=0, fill=1)
    c.showPage()
c.save()
"""


def spec_of(game: str, lang: str, folder: Path) -> tuple[Path, int]:
    """Build the kit here once and write what it printed, for the plain child."""
    import io

    from pypdf import PdfReader

    sys.path.insert(0, str(ROOT))
    from printables import qr
    from printables.build import build, render_bytes
    from printables.layout import PrintSettings
    from printables.text import FONT_DIR, FONT_FILES, SYMBOLS

    seen: list[str] = []
    original = qr.matrix

    def recording(data: str) -> tuple[tuple[bool, ...], ...]:
        seen.append(data)
        return original(data)

    qr.matrix = recording  # type: ignore[assignment]
    try:
        settings = PrintSettings(lang=lang)
        data = render_bytes(build(game, settings, BASE)[0])
    finally:
        qr.matrix = original  # type: ignore[assignment]
    pdf = PdfReader(io.BytesIO(data))
    texts = [page.extract_text() or "" for page in pdf.pages]
    embedded: set[str] = set()  # every font the kit embeds (Storm's Korean names in English)
    for page in pdf.pages:
        for font in (page.get("/Resources", {}).get("/Font") or {}).values():
            embedded.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+")[-1])
    fonts = list(dict.fromkeys([settings.fonts.regular, settings.fonts.bold, SYMBOLS]
                               + sorted(embedded & set(FONT_FILES))))
    path = folder / f"{game}.{lang}.json"
    path.write_text(json.dumps({"texts": texts, "fonts": fonts, "qrs": seen,
                                "font_dir": str(FONT_DIR)}), encoding="utf-8")
    return path, len(texts)


CPU: dict[int, float] = {}
"""The CPU seconds (user + system) of each child process timed, by its wall time's id."""


def run(argv: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    """The wall time of a fresh process; its CPU time is kept in ``CPU`` (what a shared
    machine's load disturbs least)."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, *argv], cwd=cwd, env=env,
                             stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, argv)
    wall = time.perf_counter() - start
    CPU[id(wall)] = usage.ru_utime + usage.ru_stime
    return wall


def timed(argv: list[str], cwd: Path, env: dict[str, str] | None = None
          ) -> tuple[float, float]:
    """(wall, CPU) seconds of one fresh process."""
    wall = run(argv, cwd, env)
    return wall, CPU.pop(id(wall))


def web_modules() -> list[str]:
    probe = ("import sys\nfrom companion.cli import build_parser\n"
             "args = build_parser().parse_args(['print', 'edgar-et-lucien', '--out', 'x.pdf'])\n"
             "from printables.build import build\n"
             "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('flask', 'werkzeug', 'jinja2', 'sqlalchemy'))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return done.stdout.split()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tree", type=Path, help="another checkout, timed side by side")
    args = parser.parse_args()
    rows = ["| kit | pages | kit, CPU | plain ReportLab, CPU | ratio (CPU) | ratio (wall) |"
            + (" before, CPU | ratio before (CPU) |" if args.tree else ""),
            "|---|---|---|---|---|---|" + ("---|---|" if args.tree else "")]
    other_env = None
    if args.tree:
        other_env = {**os.environ, "PYTHONPATH": str(args.tree.resolve())}
    # as an installed package is (pip compiles it): each tree's modules compiled once, not
    # by every process (PYTHONDONTWRITEBYTECODE would have each child compile them again)
    for tree in [ROOT] + ([args.tree] if args.tree else []):
        for package in ("printables", "companion"):
            compileall.compile_dir(str(tree / package), quiet=1)
    ratios = []
    with tempfile.TemporaryDirectory() as folder:
        for game, lang in KITS:
            spec, pages = spec_of(game, lang, Path(folder))
            kit_t, plain_t, before_t = [], [], []
            for _ in range(args.runs):  # in turn, so the machine's load falls on each alike
                kit_t.append(timed(["-c", KIT_CHILD, game, lang, BASE], ROOT))
                plain_t.append(timed(["-c", PLAIN_CHILD, str(spec)], ROOT))
                if args.tree:
                    before_t.append(timed(["-c", KIT_CHILD, game, lang, BASE], args.tree,
                                          other_env))
            kit_c = statistics.median(t[1] for t in kit_t)
            plain_c = statistics.median(t[1] for t in plain_t)
            kit_w = statistics.median(t[0] for t in kit_t)
            plain_w = statistics.median(t[0] for t in plain_t)
            ratios.append(kit_c / plain_c)
            row = (f"| {game} ({lang}) | {pages} | {kit_c * 1000:.0f} ms "
                   f"| {plain_c * 1000:.0f} ms | {kit_c / plain_c:.2f}x | {kit_w / plain_w:.2f}x |")
            if args.tree:
                before_c = statistics.median(t[1] for t in before_t)
                row += f" {before_c * 1000:.0f} ms | {before_c / plain_c:.2f}x |"
            rows.append(row)
    helps = [run(["-m", "companion", "print", "--help"], ROOT) for _ in range(args.runs)]
    bare = [run(["-c", "pass"], ROOT) for _ in range(args.runs)]
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, load average "
          f"{os.getloadavg()[0]:.1f}, Python {platform.python_version()}; "
          f"medians of {args.runs} fresh processes, each timed by its CPU seconds (user + "
          f"system) and its wall time\n")
    print("\n".join(rows))
    print(f"\nworst ratio {max(ratios):.2f}x; `companion print --help` "
          f"{statistics.median(helps) * 1000:.0f} ms (bare `python -c pass`: "
          f"{statistics.median(bare) * 1000:.0f} ms); web modules on the print path: "
          f"{web_modules() or 'none'}")


if __name__ == "__main__":
    main()
