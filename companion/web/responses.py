"""The response class of every page: its text always valid UTF-8."""

from __future__ import annotations

from flask import Response

from .. import utf8


class TextSafeResponse(Response):
    """A response whose text is always valid UTF-8: a lone surrogate stored before input was
    checked (an old player name) shows as U+FFFD instead of breaking the page for good."""

    def set_data(self, value: bytes | str) -> None:
        if isinstance(value, str):
            value = utf8(value)
        super().set_data(value)
