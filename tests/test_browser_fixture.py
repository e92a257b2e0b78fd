"""The suite's browser: a Chromium that stops answering is stopped and replaced, so one
stuck browser costs a minute and a warning, not the whole run (a context's close once never
returned, and the run waited until CI's time was up)."""

from __future__ import annotations

import os
import signal
from typing import Any

import conftest
import pytest

pytestmark = pytest.mark.browser


def _chromium_pids() -> list[int]:
    processes = conftest._processes()
    return [pid for pid in conftest._descendants(os.getpid(), processes)
            if processes[pid][0].startswith(conftest.CHROMIUM_NAMES)]


def test_a_stuck_browser_is_stopped_and_the_next_context_gets_a_new_one(
        browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<p>before</p>")
    before = browser.relaunches
    pids = _chromium_pids()
    assert pids, "no Chromium of this worker found"
    # The browser stops answering (as the stuck one did): every process of it halted.
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)
    monkeypatch.setattr(conftest, "CONTEXT_CLOSE_S", 2.0)
    with pytest.warns(UserWarning, match="did not close a context in 2 s"):
        browser.close_context(context)
    assert not set(pids) & set(_chromium_pids())  # the stuck ones are gone
    again = browser.new_context()
    try:
        page = again.new_page()
        page.set_content("<p>after</p>")
        assert page.inner_text("p") == "after"
        assert browser.relaunches == before + 1
    finally:
        browser.close_context(again)


def test_a_context_that_closes_in_time_closes_quietly(browser: Any) -> None:
    context = browser.new_context()
    context.new_page().set_content("<p>here</p>")
    before = browser.relaunches
    browser.close_context(context)
    assert browser.relaunches == before and browser.is_connected()
