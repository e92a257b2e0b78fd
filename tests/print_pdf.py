"""Helpers the print tests share: read card placements and fonts back out of a PDF, render
pages with poppler and decode QR codes with zbar.

Reading a kit back is what the print tests pay for, not building it: pdfminer interprets
every page (about 8 s of CPU for Edgar & Lucien's 51 pages), pypdf parses content streams.
So a test run reads each distinct PDF once: ``plumbed`` keeps pdfplumber's objects of each
page by the sha256 of the PDF's bytes, ``kit_bytes`` keeps each kit built (builds are
byte-reproducible), in a folder both xdist workers of the run share (``share_with_run``,
called by each module's autouse fixture); within a process, the pypdf readings of a reader
(texts, content streams) are kept with the reader."""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import functools
import gc
import hashlib
import io
import json
import os
import pickle
import shutil
import subprocess
import tempfile
import weakref
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pdfminer
import pdfplumber
import pytest
from pdfplumber.page import Page
from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4
# The address a kit prints when none is given (`companion print` without --base-url): the
# kits whose address no test reads are built with it, so that every module reads the same
# bytes (and the run reads them once).
ANY_ADDRESS = "http://companion.local:8000"
# What ``plumbed`` keeps depends on the libraries that read it: a new version reads again.
READING = f"pdfplumber {pdfplumber.__version__}, pdfminer {pdfminer.__version__}, objects 1"


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


# ------------------------------------------------------------------------ kept for the run

_folder: Path | None = None


def share_with_run(factory: pytest.TempPathFactory) -> Path:
    """Keep this process's kits and readings in the run's folder: the base temporary folder,
    or under xdist its parent, which both workers' folders are in."""
    global _folder
    base = factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    _folder = root / "print-pdf"
    _folder.mkdir(exist_ok=True)
    return _folder


def _run_folder() -> Path:
    global _folder
    if _folder is None:  # not called from a module that shares: this process's own folder
        _folder = Path(tempfile.mkdtemp(prefix="print-pdf-"))
        import atexit

        atexit.register(shutil.rmtree, _folder, ignore_errors=True)
    return _folder


def kept(name: str, make: Callable[[], bytes], wait: bool = True) -> bytes | None:
    """The run's file ``name``, made by ``make`` in the first process that asks for it while
    the other process waits for it (``wait``) or gets None (to do something else first).
    Written whole under a temporary name, then renamed: a reader never sees half a file."""
    path = _run_folder() / name
    with contextlib.suppress(FileNotFoundError):
        return path.read_bytes()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(path.name + ".lock"), "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return None
        with contextlib.suppress(FileNotFoundError):
            return path.read_bytes()
        data = make()
        partial = path.with_name(f"{path.name}.{os.getpid()}.part")
        partial.write_bytes(data)
        os.replace(partial, path)
        return data


def kit_bytes(game: str, base_url: str | None = ANY_ADDRESS, **settings: Any) -> bytes:
    """A kit's PDF as ``build`` and ``render_bytes`` give it, built once per run."""
    from printables.build import build, render_bytes
    from printables.layout import PrintSettings

    # by every setting, defaults included: the same kit asked for in other words is one
    key = json.dumps([game, base_url, dataclasses.asdict(PrintSettings(**settings))])

    def make() -> bytes:
        return render_bytes(build(game, PrintSettings(**settings), base_url)[0])

    data = kept(f"kits/{game}-{hashlib.sha256(key.encode()).hexdigest()[:20]}.pdf", make)
    assert data is not None
    return data


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """No cycle collection while a page's many small objects are made: it would look through
    them again and again for cycles (a sixth of pdfminer's time, half of unpickling's)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _page_objects(sha: str, page: Page, wait: bool = True) -> dict[str, Any] | None:
    """pdfplumber's objects of a page (``Page.objects``), read by pdfminer once per run."""
    version = hashlib.sha256(READING.encode()).hexdigest()[:12]
    with _gc_paused():
        blob = kept(f"plumbed/{version}/{sha}/{page.page_number}.pickle",
                    lambda: pickle.dumps(Page.parse_objects(page), pickle.HIGHEST_PROTOCOL),
                    wait)
        if blob is None:
            return None
        page._objects = pickle.loads(blob)
    return page._objects


@contextlib.contextmanager
def plumbed(data: bytes, pages: Sequence[int] | None = None) -> Iterator[pdfplumber.PDF]:
    """``pdfplumber.open`` of the PDF, each page's objects (what ``chars``, ``lines``,
    ``rects``, ``curves``, ``crop``, ``extract_text``, ``extract_words``… work from) the
    ones pdfplumber made for the same bytes earlier in the run. ``pages`` (0-based; all by
    default) are read at once, those another worker is reading last: two workers asking for
    the same PDF together each read part of it. Any other page is read when first used."""
    sha = hashlib.sha256(data).hexdigest()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            page.parse_objects = functools.partial(_page_objects, sha, page)  # type: ignore[method-assign]
        wanted = [pdf.pages[i] for i in (range(len(pdf.pages)) if pages is None else pages)]
        busy = [page for page in wanted if _page_objects(sha, page, wait=False) is None]
        for page in busy:
            _page_objects(sha, page)
        yield pdf


# ------------------------------------------------------------- pypdf, once per reader

_read: weakref.WeakKeyDictionary[PdfReader, dict[Any, Any]] = weakref.WeakKeyDictionary()


def _memo(pdf: PdfReader, key: Any, make: Callable[[], Any]) -> Any:
    memo = _read.setdefault(pdf, {})
    if key not in memo:
        memo[key] = make()
    return memo[key]


def operations(pdf: PdfReader, page_index: int, tag: str | None = None
               ) -> list[tuple[Any, bytes]]:
    """A page's content stream as pypdf parses it (operands, operator), parsed once per
    reader: the card, district and token markers are read from it by several tests. With a
    marked-content ``tag`` (``"Card"``), a page whose content never names it (a board tile,
    a rule sheet) is not parsed: its operations are none of that tag's, so none at all."""
    def names_tag() -> bool:
        contents = pdf.pages[page_index].get_contents()
        return contents is not None and f"/{tag}".encode() in contents.get_data()

    if tag is not None and not _memo(pdf, ("names", page_index, tag), names_tag):
        return []
    return _memo(pdf, ("operations", page_index), lambda: ContentStream(  # type: ignore[no-any-return]
        pdf.pages[page_index].get_contents(), pdf).operations)


def texts(pdf: PdfReader) -> list[str]:
    """Each page's text as pypdf extracts it, whitespace runs made one space; extracted once
    per reader."""
    return _memo(pdf, "texts", lambda: [  # type: ignore[no-any-return]
        " ".join((page.extract_text() or "").split()) for page in pdf.pages])


def texts_of(data: bytes) -> list[str]:
    """``texts`` of the PDF, extracted once per run."""
    blob = kept(f"texts/{hashlib.sha256(data).hexdigest()}.json",
                lambda: json.dumps(texts(reader(data))).encode())
    assert blob is not None
    return json.loads(blob)  # type: ignore[no-any-return]


def raw_text(pdf: PdfReader, page_index: int) -> str:
    """A page's text as pypdf extracts it (``extract_text() or ""``), once per reader."""
    return _memo(pdf, ("text", page_index),  # type: ignore[no-any-return]
                 lambda: pdf.pages[page_index].extract_text() or "")


def card_placements(pdf: PdfReader, page_index: int) -> dict[str, tuple[float, float, list[float]]]:
    """For each card drawn on a page, by its id: the trim box's bottom-left corner (from the
    ``cm`` that places it) and its clip rectangle (x, y, w, h), all in millimetres."""
    found: dict[str, tuple[float, float, list[float]]] = {}
    current: str | None = None
    rect: list[float] | None = None
    for operands, operator in operations(pdf, page_index, "Card"):
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


def card_trims(pdf: PdfReader, page_index: int) -> dict[str, tuple[float, float]]:
    """Each card's trim size (width, height in mm) as its marked content gives it."""
    return {str(operands[1]["/ID"]): tuple(float(v) / MM for v in operands[1]["/Trim"])
            for operands, operator in operations(pdf, page_index, "Card")
            if operator == b"BDC" and operands and operands[0] == "/Card"}  # type: ignore[misc]


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
