"""Small pages: compressed responses and static files cached for good under a versioned URL.

- ``url_for('static', filename=...)`` (every template's static links, the web manifest)
  carries ``?v=<hash of the file's bytes>``. A request naming the file's current hash is
  answered ``Cache-Control: public, max-age=31536000, immutable``: a phone downloads each
  file once per version of it. Any other request of a static file (an old hash, none) gets
  ``no-cache``, so it revalidates (ETag) and never keeps an outdated file.
- Pages, fragments and JSON are compressed (brotli or gzip, as the client accepts) by
  Flask-Compress; static files are minified (CSS, JS) and compressed once per version
  (best brotli, gzip 9) and kept in memory. ``text/event-stream`` is never compressed nor
  buffered: an event must reach the phone the moment it is written.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

from flask import Flask, Response, request

LONG_CACHE = "public, max-age=31536000, immutable"
COMPRESSIBLE = (
    "text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
    "application/json", "application/manifest+json", "image/svg+xml", "image/x-icon",
    "image/vnd.microsoft.icon",
)
NEVER_COMPRESSED = frozenset({"text/event-stream"})


def minified(raw: bytes, suffix: str) -> bytes:
    """A style sheet or script without its comments and spaces (rcssmin, rjsmin): what a
    phone downloads once per version; the files in the repository stay commented."""
    if suffix == ".css":
        import rcssmin

        return bytes(rcssmin.cssmin(raw.decode("utf-8")).encode("utf-8"))
    if suffix == ".js":
        import rjsmin

        return bytes(rjsmin.jsmin(raw.decode("utf-8")).encode("utf-8"))
    return raw


class StaticFiles:
    """Hashes and compressed copies of the app's static files, computed once per version
    of a file (its modification time and size) and kept in memory."""

    def __init__(self, folder: str) -> None:
        self.folder = Path(folder).resolve()
        self._versions: dict[str, tuple[tuple[int, int], str]] = {}
        self._compressed: dict[tuple[str, str, str], bytes] = {}
        self._lock = threading.Lock()

    def _path(self, filename: str) -> Path | None:
        path = (self.folder / filename).resolve()
        if not path.is_relative_to(self.folder) or not path.is_file():
            return None
        return path

    def version(self, filename: str) -> str | None:
        """The first 12 hex digits of the SHA-256 of the file's bytes, or None."""
        path = self._path(filename)
        if path is None:
            return None
        stat = path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        known = self._versions.get(filename)
        if known is not None and known[0] == stamp:
            return known[1]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        with self._lock:
            self._versions[filename] = (stamp, digest)
        return digest

    def compressed(self, filename: str, encoding: str) -> bytes | None:
        version = self.version(filename)
        path = self._path(filename)
        if version is None or path is None:
            return None
        key = (filename, version, encoding)
        body = self._compressed.get(key)
        if body is None:
            raw = minified(path.read_bytes(), path.suffix)
            if encoding == "br":
                import brotli

                body = brotli.compress(raw, quality=11)
            else:
                body = gzip.compress(raw, compresslevel=9, mtime=0)
            with self._lock:
                self._compressed[key] = body
        return body


def _accepted() -> str | None:
    """The best encoding the client accepts: brotli, else gzip, else None."""
    accepted = request.accept_encodings
    for encoding in ("br", "gzip"):
        if accepted[encoding] > 0:
            return encoding
    return None


def init_app(app: Flask) -> None:
    files = StaticFiles(app.static_folder or "static")
    app.extensions["companion_static"] = files

    icon = Path(files.folder / "icons" / "icon.svg")
    if icon.is_file():
        # The page's icon inline (a data: address, which the CSP allows for images): one
        # request fewer on every first load, for about 300 bytes of the page.
        svg = " ".join(icon.read_text(encoding="utf-8").split()).replace('"', "'")
        app.jinja_env.globals["inline_icon"] = "data:image/svg+xml," + quote(svg, safe=" =:/';,.")

    @app.url_defaults
    def _static_version(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            version = files.version(values["filename"])
            if version is not None:
                values["v"] = version

    # Registered before our static hook, so it runs after it (Flask runs after-request
    # hooks last registered first) and skips what that hook already compressed.
    app.config.setdefault("COMPRESS_MIMETYPES", list(COMPRESSIBLE))
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br"])
    app.config.setdefault("COMPRESS_STREAMS", False)  # a stream goes out as it is made
    # Brotli 5: a tenth smaller than the default 4 on a table page, for a millisecond or so.
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config["COMPRESS_MIMETYPES"] = [m for m in app.config["COMPRESS_MIMETYPES"]
                                        if m not in NEVER_COMPRESSED]
    try:
        from flask_compress import Compress
    except ModuleNotFoundError:  # pragma: no cover - a dependency; pages still work
        Compress = None  # noqa: N806
    if Compress is not None:
        Compress(app)

    @app.after_request
    def _static_caching(response: Response) -> Response:
        if request.endpoint != "static" or not request.view_args:
            return response
        filename = str(request.view_args.get("filename", ""))
        current = files.version(filename)
        fresh = current is not None and request.args.get("v") == current
        response.headers["Cache-Control"] = LONG_CACHE if fresh else "no-cache"
        response.headers.pop("Content-Disposition", None)  # "inline" says nothing
        if fresh:
            # Never revalidated (immutable): its validators would only cost bytes.
            response.headers.pop("ETag", None)
            response.headers.pop("Last-Modified", None)
        if response.status_code != 200 or response.mimetype not in COMPRESSIBLE:
            return response
        encoding = _accepted()
        response.vary.add("Accept-Encoding")
        body = files.compressed(filename, encoding) if encoding else None
        if body is None:
            return response
        opened = response.response
        if hasattr(opened, "close"):
            opened.close()  # the file send_file opened: its compressed copy goes instead
        response.direct_passthrough = False
        response.set_data(body)
        response.headers["Content-Encoding"] = encoding or ""
        # Byte ranges would name places in the file, not in its compressed copy.
        response.headers.pop("Accept-Ranges", None)
        etag, _weak = response.get_etag()
        if etag:
            # The same file, another encoding: a weak validator, which If-None-Match
            # still matches, so a revalidation answers 304.
            response.set_etag(etag, weak=True)
        return response
