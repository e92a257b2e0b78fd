"""The response class of every page: its text always valid UTF-8."""

from __future__ import annotations

import re

from flask import Response

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def utf8(text: str) -> bytes:
    """``text`` as UTF-8, a lone surrogate (which UTF-8 cannot hold) as U+FFFD."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE_SURROGATE.sub("\ufffd", text).encode("utf-8")


class TextSafeResponse(Response):
    """A response whose text is always valid UTF-8: a lone surrogate stored before input was
    checked (an old player name) shows as U+FFFD instead of breaking the page for good."""

    def set_data(self, value: bytes | str) -> None:
        if isinstance(value, str):
            value = utf8(value)
        super().set_data(value)
