"""One PDF built in a process of its own: ``python -m printables.job`` reads the build's
options as JSON on stdin and writes the PDF to stdout.

The web server builds every uncached PDF so (``companion/web/print_builds.py``): the
CPU-bound ReportLab work then never holds a server process's event loop (or its GIL), runs
at a lower CPU priority than the phones' requests, and has its CPU time capped. A kit the
options cannot make (``BuildError``) exits with status 2, its message the whole of stderr.

The options: ``game``, ``paper``, ``lang``, ``low_ink``, ``duplex``, ``offset`` ([x, y] in
mm), ``bleed`` (mm; more than 1 makes a print-shop file), ``part`` (kit, fronts, backs or
rules), ``base_url``, ``deck`` (a saved deck's values, or null) and ``cpu_s`` (the CPU
seconds the build may use, 0 for no cap).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from typing import Any

EXIT_BUILD_ERROR = 2
NICENESS = 19  # the lowest: the phones' requests first, the build takes the CPU they leave


def build_pdf(job: Mapping[str, Any]) -> bytes:
    """The PDF of one part of a kit (or its rule sheet), as the print page asks for it."""
    from .build import build, render_bytes
    from .layout import HOME_BLEED_MM, PrintSettings

    part = job["part"]
    settings = PrintSettings(paper=job["paper"], lang=job["lang"], low_ink=bool(job["low_ink"]),
                             duplex=job["duplex"],
                             offset_mm=(float(job["offset"][0]), float(job["offset"][1])),
                             bleed_mm=float(job.get("bleed", HOME_BLEED_MM)),
                             backs_separate=part in ("fronts", "backs"))
    doc, backs = build(job["game"], settings, job["base_url"], rules_only=part == "rules",
                       deck=job.get("deck"))
    return render_bytes(backs if part == "backs" and backs is not None else doc)


def lower_priority(cpu_s: int) -> None:
    """Yield the CPU to the server's requests, and stop after ``cpu_s`` seconds of it (where
    the system has niceness and resource limits: not on Windows)."""
    if hasattr(os, "nice"):
        try:
            os.nice(NICENESS)
        except OSError:
            pass
    if cpu_s <= 0:
        return
    try:
        import resource

        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        cap = cpu_s if hard == resource.RLIM_INFINITY else min(cpu_s, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (cap, hard))
    except (ImportError, ValueError, OSError):
        pass


def main() -> int:
    job = json.loads(sys.stdin.buffer.read())
    lower_priority(int(job.get("cpu_s") or 0))  # before the imports: they cost CPU too
    from .text import BuildError

    try:
        data = build_pdf(job)
    except BuildError as exc:
        sys.stderr.write(str(exc))
        return EXIT_BUILD_ERROR
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
