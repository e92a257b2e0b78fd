"""QR codes drawn as vector paths, with a quiet zone, at a size phones read from paper."""

from __future__ import annotations

from functools import lru_cache

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .text import BuildError

QUIET_ZONE = 4
"""Modules of white around the code, as the QR specification asks."""
MIN_MODULE = 0.4 * mm
"""Smaller modules are unreliable from a phone camera on office print."""


@lru_cache(maxsize=256)
def matrix(data: str) -> tuple[tuple[bool, ...], ...]:
    """The module matrix of ``data`` (no quiet zone), error correction level M."""
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
    code.add_data(data)
    code.make(fit=True)
    return tuple(tuple(row) for row in code.get_matrix())


def draw_qr(c: Canvas, data: str, x: float, y: float, size: float, *, component: str) -> None:
    """Draw the QR code of ``data`` as a ``size`` square (quiet zone included) whose
    bottom-left corner is (x, y). Adjacent dark modules of a row are merged into one
    rectangle, so the code is a single compact path."""
    rows = matrix(data)
    n = len(rows)
    module = size / (n + 2 * QUIET_ZONE)
    if module < MIN_MODULE:
        raise BuildError(
            f"QR code of {len(data)} characters needs at least "
            f"{(n + 2 * QUIET_ZONE) * MIN_MODULE / mm:.0f} mm, has {size / mm:.0f} mm",
            component,
        )
    c.saveState()
    c.setFillColorRGB(1, 1, 1)
    c.rect(x, y, size, size, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    # one module = one unit, rows counted downwards from the top-left module: the path is
    # a list of small integers, written in one go
    c.translate(x + QUIET_ZONE * module, y + size - QUIET_ZONE * module)
    c.scale(module, -module)
    ops = []
    for r, row in enumerate(rows):
        col = 0
        while col < n:
            if row[col]:
                start = col
                while col < n and row[col]:
                    col += 1
                ops.append(f"{start} {r} {col - start} 1 re")
            else:
                col += 1
    ops.append("f")
    c._code.append("\n".join(ops))  # noqa: SLF001
    c.restoreState()
