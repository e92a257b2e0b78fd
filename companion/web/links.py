"""Addresses phones open (the public address behind a proxy) and their QR codes."""

from __future__ import annotations

import base64
import functools
import io
from typing import Any

import qrcode
from flask import current_app, request, url_for
from markupsafe import Markup


def public_url(endpoint: str, **values: Any) -> str:
    """An absolute address phones can open (PUBLIC_URL when the server is behind a proxy)."""
    base = current_app.config.get("PUBLIC_URL")
    path = url_for(endpoint, **values)
    if base:
        return base.rstrip("/") + path
    return request.url_root.rstrip("/") + path


def _qr_matrix(data: str, correction: int = qrcode.constants.ERROR_CORRECT_M
               ) -> list[list[bool]]:
    """The QR code of an address, with a quiet zone of 4 modules."""
    code = qrcode.QRCode(border=4, error_correction=correction)
    code.add_data(data)
    code.make(fit=True)
    return [list(row) for row in code.get_matrix()]


def qr_svg(data: str) -> str:
    """An SVG QR code (one module a millimetre) for an address, each row's runs of dark
    modules drawn as one rectangle: what ``/t/<id>/qr.svg`` answers, to print or save."""
    matrix = _qr_matrix(data)
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1H{start}z")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}mm" height="{size}mm" '
            f'viewBox="0 0 {size} {size}" shape-rendering="crispEdges">'
            f'<rect width="100%" height="100%" fill="#fff"/>'
            f'<path id="qr-path" fill="#000" d="{"".join(runs)}"/></svg>')


@functools.lru_cache(maxsize=256)
def qr_img(data: str, alt: str) -> Markup:
    """The QR code of an address as it goes in a page: a one-pixel-a-module black and white
    PNG inline (a data: address, which the CSP allows for images), drawn square and sharp by
    CSS at any size (``image-rendering: pixelated``). About 250 bytes where the SVG takes
    three to five kilobytes on every host's first load."""
    from PIL import Image

    # A screen is never torn nor stained: the lowest correction, the fewest modules.
    matrix = _qr_matrix(data, qrcode.constants.ERROR_CORRECT_L)
    size = len(matrix)
    image = Image.new("1", (size, size), 1)
    image.putdata([0 if dark else 1 for row in matrix for dark in row])
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    src = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
    return Markup('<img src="{}" width="{}" height="{}" alt="{}" class="qr-code">').format(
        src, size * 8, size * 8, alt)
