"""A changed live view sends what changed: line diffs of the live fragment.

A phone that can apply a diff polls ``/live?v=&s=&d=1`` and, once it holds a fragment,
``&h=<checksum of that fragment>``. Each fragment this process sends to such a phone is
kept in a bounded per-process cache (LRU, by total bytes: the app's
``LIVE_DIFF_CACHE_BYTES`` or ``COMPANION_LIVE_DIFF_CACHE_MB``, 32 MiB by default), under
the viewer it was rendered for (table, seat, host or not, session) and its checksum. When
the phone names a fragment the cache holds for that same viewer, the answer is a line edit
script from it to the freshly rendered fragment, if the script is under half the
fragment's size; otherwise, and on any miss (another worker process, evicted, first load),
the whole fragment as before. The new fragment is always rendered in full for the asking
viewer, and the base is found by the checksum of the very text the phone holds, so what a
diff rebuilds is exactly what a whole answer would have been, whatever the render depends
on (language, theme, CSRF token...): the cache only tells which lines of the phone's own
copy it may keep.

The diff answer is JSON (``X-Diff-From: <base checksum>``)::

    {"from": "<base checksum>", "to": "<new checksum>", "ops": [3, -2, "a line", 40]}

applied to the base's lines (the text split on ``"\\n"``): a positive number keeps that
many lines, a negative one skips that many, a string is a new line. A checksum is the UTF-8
length and CRC-32 of the text, ``"<length>-<crc32 hex>"``: a plain-HTTP page (a phone on the
hall's network) has no SubtleCrypto for SHA-256, and CRC-32 takes a few lines of script; it
guards against a wrong base, the phone re-fetching the whole fragment on any mismatch.
"""

from __future__ import annotations

import difflib
import json
import os
import threading
import zlib
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from flask import Response, current_app, make_response

from .assets import without_indentation
from .responses import utf8

DEFAULT_CACHE_BYTES = 32 * 1024 * 1024
ENTRY_OVERHEAD = 200  # bytes an entry costs beyond its compressed text (key, node), roughly
WORTH_IT = 0.5  # a diff is sent only under this share of the whole fragment's bytes


def checksum(text: str) -> str:
    """``"<UTF-8 length>-<CRC-32 in hex>"`` of ``text``, as the page script computes it."""
    raw = text.encode("utf-8")
    return f"{len(raw)}-{zlib.crc32(raw):x}"


def diff_ops(old: str, new: str) -> list[int | str]:
    """The edit script from ``old`` to ``new``, line by line (see the module's docstring)."""
    a, b = old.split("\n"), new.split("\n")
    ops: list[int | str] = []

    def keep(count: int) -> None:
        if count:
            ops.append(count)

    # The common head and tail are kept as they are; only the middle goes to difflib.
    head = 0
    limit = min(len(a), len(b))
    while head < limit and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < limit - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    keep(head)
    middle_a, middle_b = a[head:len(a) - tail], b[head:len(b) - tail]
    # difflib's "junk" heuristic (in a text of 200 lines or more, a line making over 1 % of
    # it, such as a closing tag, anchors no match) keeps a long fragment's diff within
    # milliseconds; without it Edgar's 1,700-line fragment took up to half a second, for
    # scripts about 2 % shorter.
    matcher = difflib.SequenceMatcher(None, middle_a, middle_b)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            keep(i2 - i1)
            continue
        if i2 > i1:
            ops.append(i1 - i2)
        ops.extend(middle_b[j1:j2])
    keep(tail)
    return ops


def apply_ops(old: str, ops: list[Any]) -> str:
    """``old`` edited by ``ops`` (what the page script does; the tests check both agree)."""
    lines = old.split("\n")
    out: list[str] = []
    at = 0
    for op in ops:
        if isinstance(op, str):
            out.append(op)
        elif isinstance(op, int) and not isinstance(op, bool) and op > 0:
            if at + op > len(lines):
                raise ValueError("keeps past the end of the base")
            out.extend(lines[at:at + op])
            at += op
        elif isinstance(op, int) and not isinstance(op, bool) and op < 0:
            at -= op
        else:
            raise ValueError(f"not an edit: {op!r}")
    if at != len(lines):
        raise ValueError("the script does not cover the base")
    return "\n".join(out)


class FragmentCache:
    """The fragments last sent to phones that apply diffs, by (viewer, checksum), kept
    zlib-compressed (a 30 KB fragment keeps in about 4 KB): bounded by total bytes, least
    recently used first out; a fragment a phone has moved on from is first out. Thread-safe."""

    def __init__(self, max_bytes: int = DEFAULT_CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._entries: OrderedDict[tuple[Hashable, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def _size(packed: bytes) -> int:
        return len(packed) + ENTRY_OVERHEAD

    def get(self, viewer: Hashable, sum_: str) -> str | None:
        with self._lock:
            packed = self._entries.get((viewer, sum_))
            if packed is None:
                return None
            self._entries.move_to_end((viewer, sum_))
        return zlib.decompress(packed).decode("utf-8")

    def put(self, viewer: Hashable, sum_: str, text: str) -> None:
        packed = zlib.compress(text.encode("utf-8"), 1)
        size = self._size(packed)
        if size > self.max_bytes:
            return
        with self._lock:
            key = (viewer, sum_)
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= self._size(old)
            self._entries[key] = packed
            self.bytes += size
            while self.bytes > self.max_bytes:
                _key, dropped = self._entries.popitem(last=False)
                self.bytes -= self._size(dropped)

    def demote(self, viewer: Hashable, sum_: str) -> None:
        """Make this entry the first to go (its phone holds a newer fragment now; another
        phone of the same viewer, a lost answer, may still name it)."""
        with self._lock:
            if (viewer, sum_) in self._entries:
                self._entries.move_to_end((viewer, sum_), last=False)

    def __len__(self) -> int:
        return len(self._entries)


def cache() -> FragmentCache:
    """This app's (and process's) fragment cache."""
    existing = current_app.extensions.get("companion_fragments")
    if existing is None:
        size = current_app.config.get("LIVE_DIFF_CACHE_BYTES")
        if size is None:
            raw = os.environ.get("COMPANION_LIVE_DIFF_CACHE_MB", "")
            size = int(raw) * 1024 * 1024 if raw.isascii() and raw.isdigit() else (
                DEFAULT_CACHE_BYTES)
        existing = FragmentCache(int(size))
        current_app.extensions["companion_fragments"] = existing
    return existing


def fragment_answer(html: str, viewer: Hashable, wants_diff: bool, base: str | None) -> Response:
    """The answer to a changed poll: ``html`` whole, or as a diff from the phone's ``base``
    (a checksum) when the cache holds that fragment for this ``viewer`` and the diff is
    much smaller. With ``wants_diff``, what is sent is kept as the phone's next base. The
    fragment goes without its indentation (as every page does), before its checksum: the
    phone's copy and the kept one are the same text."""
    html = without_indentation(utf8(html)).decode("utf-8")
    if not wants_diff:
        return make_response(html)
    new_sum = checksum(html)
    store = cache()
    old = store.get(viewer, base) if base else None
    store.put(viewer, new_sum, html)
    if old is not None and base and base != new_sum:
        store.demote(viewer, base)
    if old is not None:
        body = json.dumps({"from": base, "to": new_sum, "ops": diff_ops(old, html)},
                          ensure_ascii=False, separators=(",", ":"))
        if len(body.encode("utf-8")) < WORTH_IT * int(new_sum.split("-", 1)[0]):
            response = make_response(body)
            response.mimetype = "application/json"
            response.headers["X-Diff-From"] = str(base)
            return response
    return make_response(html)

