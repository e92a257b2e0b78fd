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
- A page's style sheets and scripts go out as one file of each kind (``bundle(...)`` in the
  templates, ``/bundle/<a>+<b>?v=<hash>``): the shared sheet with the game's own
  (``static/games/<game id>.css``), the table script with the offline script and the game's
  own (``static/games/<game id>.js``); a file a game does not have is left out. One request
  and one set of headers each, compressed as one text, cached like a static file.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import os
import re
import threading
from pathlib import Path
from typing import Any
from urllib.parse import quote

from flask import Flask, Response, abort, request, url_for
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from markupsafe import Markup

LONG_CACHE = "public, max-age=31536000, immutable"
COMPRESSIBLE = (
    "text/html", "text/css", "text/plain", "text/javascript", "application/javascript",
    "application/json", "application/manifest+json", "image/svg+xml", "image/x-icon",
    "image/vnd.microsoft.icon",
)
NEVER_COMPRESSED = frozenset({"text/event-stream"})


def minified(raw: bytes, suffix: str) -> bytes:
    """A style sheet or script as a phone downloads it once per version: CSS without its
    comments and spaces (rcssmin); JS minified with its local names shortened (calmjs.parse;
    rjsmin, comments and spaces only, where a script cannot be parsed). The files in the
    repository stay commented. A script's minified copy is kept on disk by the hash of its
    bytes (``MINIFIED_CACHE``): shortening names takes seconds, so each version of a file is
    minified once, not once per worker process (``companion serve`` does it before they
    start)."""
    if suffix == ".css":
        import rcssmin

        return bytes(rcssmin.cssmin(raw.decode("utf-8")).encode("utf-8"))
    if suffix == ".js":
        return _minified_script(raw)
    return raw


def _minified_cache() -> Path | None:
    configured = os.environ.get("COMPANION_MINIFIED_CACHE")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "companion" / "minified"


_SCRIPTS: dict[str, bytes] = {}


# Part of the disk cache's key: a minifier (or its settings) of another version never
# reuses what this one made.
MINIFIER = "calmjs.parse-es5-obfuscate-locals-1"


@functools.lru_cache(maxsize=1)
def _minifier() -> bytes:
    try:
        from importlib.metadata import version

        made_by = version("calmjs.parse")
    except Exception:  # noqa: BLE001 - not installed: rjsmin's copies are keyed apart
        made_by = "none"
    return f"{MINIFIER}-{made_by}".encode()


def _minified_script(raw: bytes) -> bytes:
    digest = hashlib.sha256(_minifier() + b"\0" + raw).hexdigest()
    known = _SCRIPTS.get(digest)
    if known is not None:
        return known
    folder = _minified_cache()
    cached = folder / f"{digest[:32]}.js" if folder else None
    if cached is not None:
        try:
            body = cached.read_bytes()
        except OSError:
            body = b""
        if body:
            _SCRIPTS[digest] = body
            return body
    body = _shortened(raw)
    _SCRIPTS[digest] = body
    if cached is not None:
        try:
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(f".{os.getpid()}.tmp")
            partial.write_bytes(body)
            os.replace(partial, cached)  # whole or absent: never half a script
        except OSError:
            pass  # a read-only home: kept in this process's memory only
    return body


def _shortened(raw: bytes) -> bytes:
    text = raw.decode("utf-8")
    try:
        from calmjs.parse import es5
        from calmjs.parse.unparsers.es5 import minify_print

        return bytes(minify_print(es5(text), obfuscate=True, obfuscate_globals=False)
                     .encode("utf-8"))
    except Exception:  # noqa: BLE001 - unparsable here (or no calmjs): spaces only
        import rjsmin

        return bytes(rjsmin.jsmin(text).encode("utf-8"))


def warm(folder: str | Path) -> int:
    """Minify every script under the static folder now (``companion serve`` calls it before
    its workers start); the number of scripts."""
    scripts = sorted(Path(folder).rglob("*.js"))
    for script in scripts:
        _minified_script(script.read_bytes())
    return len(scripts)


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


INDENTATION = re.compile(rb"\n[ \t\r\n]+")


def without_indentation(html: bytes) -> bytes:
    """A page or fragment without its templates' indentation and blank lines (a newline
    stays, so the text reads the same); as it is where a ``<textarea>`` or ``<pre>`` keeps
    every space."""
    if b"<textarea" in html or b"<pre" in html:
        return html
    return INDENTATION.sub(b"\n", html)


MAX_BUNDLE = 6  # files in one bundle: a page names a few, never more


class Bundles:
    """Static files of one kind served as one text: their minified copies joined in the
    order named, versioned by the hash of their versions, compressed once per version."""

    def __init__(self, files: StaticFiles) -> None:
        self.files = files
        self._compressed: dict[tuple[str, str, str], bytes] = {}
        self._lock = threading.Lock()

    def names(self, joined: str) -> list[str] | None:
        """The files of a bundle's address (``a.css+games/b.css``), or None when it names
        anything but 1 to ``MAX_BUNDLE`` existing static files of one kind (CSS or JS)."""
        names = joined.split("+")
        if not 1 <= len(names) <= MAX_BUNDLE or len(set(names)) != len(names):
            return None
        if any(name.startswith("/") or ".." in name.split("/") for name in names):
            return None  # each file by its one name inside the folder
        suffixes = {Path(name).suffix for name in names}
        if len(suffixes) != 1 or suffixes.pop() not in (".css", ".js"):
            return None
        if any(self.files.version(name) is None for name in names):
            return None
        return names

    def version(self, names: list[str]) -> str | None:
        versions = [self.files.version(name) for name in names]
        if any(v is None for v in versions):
            return None
        return hashlib.sha256(" ".join(f"{n}:{v}" for n, v in zip(names, versions, strict=True))
                              .encode()).hexdigest()[:12]

    def text(self, names: list[str]) -> bytes:
        parts = []
        for name in names:
            path = self.files._path(name)
            assert path is not None
            parts.append(minified(path.read_bytes(), path.suffix).strip())
        # A script's last statement may lack its semicolon: never glue two statements.
        joiner = b"\n;" if names[0].endswith(".js") else b"\n"
        return joiner.join(parts) + b"\n"

    def compressed(self, names: list[str], encoding: str | None) -> tuple[str, bytes] | None:
        version = self.version(names)
        if version is None:
            return None
        key = ("+".join(names), version, encoding or "")
        body = self._compressed.get(key)
        if body is None:
            raw = self.text(names)
            if encoding == "br":
                import brotli

                body = brotli.compress(raw, quality=11)
            elif encoding == "gzip":
                body = gzip.compress(raw, compresslevel=9, mtime=0)
            else:
                body = raw
            with self._lock:
                self._compressed[key] = body
        return version, body


def _accepted() -> str | None:
    """The best encoding the client accepts: brotli, else gzip, else None."""
    accepted = request.accept_encodings
    for encoding in ("br", "gzip"):
        if accepted[encoding] > 0:
            return encoding
    return None


class CompiledTemplates(BytecodeCache):
    """Templates compiled once per process and configuration, shared by every app made in
    it (a server makes one; the test suite hundreds, each compiling every page again).
    Jinja checks each template's source checksum before using the stored code."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        stored = self._code.get(bucket.key)
        if stored is not None:
            bucket.bytecode_from_string(stored)

    def dump_bytecode(self, bucket: Bucket) -> None:
        with self._lock:
            self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED: dict[tuple[Any, ...], CompiledTemplates] = {}


def compiled_templates(app: Flask) -> CompiledTemplates:
    """The process's compiled templates for apps whose template environment compiles alike
    (same extensions, delimiters and gettext style)."""
    env = app.jinja_env
    key = (env.template_class, tuple(sorted(env.extensions)), env.block_start_string,
           env.variable_start_string, env.comment_start_string, env.trim_blocks,
           env.lstrip_blocks, env.optimized, getattr(env, "newstyle_gettext", None),
           app.config.get("TEMPLATES_AUTO_RELOAD"))
    return _COMPILED.setdefault(key, CompiledTemplates())


def init_app(app: Flask) -> None:
    files = StaticFiles(app.static_folder or "static")
    # after i18n.init_app: its gettext style is part of how templates compile
    app.jinja_env.bytecode_cache = compiled_templates(app)
    app.extensions["companion_static"] = files

    icon = Path(files.folder / "icons" / "icon.svg")
    if icon.is_file():
        # The page's icon inline (a data: address, which the CSP allows for images): one
        # request fewer on every first load, for about 300 bytes of the page.
        # Its quotes stay single quotes (the attribute holds it in double ones), marked safe
        # so the page does not write each as &#39;.
        svg = " ".join(icon.read_text(encoding="utf-8").split()).replace('"', "'")
        app.jinja_env.globals["inline_icon"] = Markup(
            "data:image/svg+xml," + quote(svg, safe=" =:/;,.'"))

    bundles = Bundles(files)
    app.extensions["companion_bundles"] = bundles

    def bundle(*names: str | None) -> str:
        """The address of these static files as one (those that exist, in this order); one
        file alone keeps its own static address."""
        present = [n for n in names if n and files.version(n) is not None]
        if not present:
            raise ValueError(f"no static file among {names}")
        if len(present) == 1:
            return url_for("static", filename=present[0])
        return url_for("bundle", names="+".join(present), v=bundles.version(present))

    app.jinja_env.globals["bundle"] = bundle

    def serve_bundle(names: str) -> Response:
        found = bundles.names(names)
        if found is None:
            abort(404)
        encoding = _accepted()
        made = bundles.compressed(found, encoding)
        if made is None:
            abort(404)
        version, body = made
        mimetype = "text/css" if found[0].endswith(".css") else "text/javascript"
        response = Response(body, mimetype=mimetype)
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.vary.add("Accept-Encoding")
        fresh = request.args.get("v") == version
        response.headers["Cache-Control"] = LONG_CACHE if fresh else "no-cache"
        if not fresh:
            response.set_etag(f"{version}-{encoding or 'identity'}")
            response.make_conditional(request)
        return response

    app.add_url_rule("/bundle/<path:names>", "bundle", serve_bundle)

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
    def _without_indentation(response: Response) -> Response:
        """A page or fragment without its templates' indentation and blank lines (a newline
        stays, so the text reads the same): a tenth of a page's bytes before compression,
        some of them after. Runs before the compression (registered after it)."""
        if (response.mimetype != "text/html" or response.direct_passthrough
                or response.is_streamed or "Content-Encoding" in response.headers):
            return response
        body = response.get_data()
        compact = without_indentation(body)
        if compact is not body:
            response.set_data(compact)
        return response

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
