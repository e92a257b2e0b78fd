"""Counting a phone's taps in the browser tests: every click, check or choice on a control is
one tap; typing in a field is not."""

from __future__ import annotations

from typing import Any


class Taps:
    def __init__(self, page: Any) -> None:
        self.page = page
        self.count = 0

    def _target(self, target: Any) -> Any:
        """A selector (its first match) or a locator."""
        return self.page.locator(target).first if isinstance(target, str) else target

    def click(self, target: Any) -> None:
        self._target(target).click()
        self.count += 1

    def choose(self, target: Any, value: str) -> None:
        self._target(target).select_option(value)
        self.count += 1
