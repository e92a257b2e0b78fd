"""Live diffs in a real Chromium: two phones play; after the first change the other phone's
polls come back as diffs (JSON with ``X-Diff-From``), and it shows what the table shows; a
diff that does not rebuild the checked text makes the phone fetch the whole fragment, and
the page ends right.

One app process here (``--workers 1``): the fragment a phone holds is kept by the process
that sent it, and a poll reaching another process is answered whole (tested without a
browser in test_live_diff.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import REPO_ROOT, SERVER_START_TIMEOUT_S, LiveServer, _answers, _free_port
from playwright.sync_api import expect
from test_browser import cards_of, claim, draw, table_via_api

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def one_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder = tmp_path_factory.mktemp("diff_server")
    port = _free_port()
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{folder / 'db.sqlite'}",
               SECRET_KEY="browser-tests-only", PYTHONUNBUFFERED="1")
    env.pop("COMPANION_PUBLIC_URL", None)
    log_path = folder / "server.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--workers", "1"],
            cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    server = LiveServer(url=f"http://127.0.0.1:{port}", host="127.0.0.1", port=port,
                        log_path=log_path)
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT_S
        while not _answers(server.url + "/api/games"):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"companion serve did not start:\n{server.log_tail()}")
            time.sleep(0.05)
        yield server
    finally:
        process.terminate()
        process.wait(timeout=10)


def record_polls(page: Any) -> list[dict[str, Any]]:
    """Every answer to this page's live polls: its query, type and diff base."""
    polls: list[dict[str, Any]] = []

    def seen(response: Any) -> None:
        if "/live?" not in response.url or response.status != 200:
            return
        headers = response.headers
        polls.append({"url": response.url, "type": headers.get("content-type", ""),
                      "diff": headers.get("x-diff-from"),
                      "empty": headers.get("x-unchanged") == "1"})

    page.on("response", seen)
    return polls


def wait_until(page: Any, condition: Any, timeout_s: float = 15) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        page.wait_for_timeout(50)


def shown_text(page: Any) -> str:
    """The live part's text as the page shows it."""
    return str(page.evaluate(
        "() => document.querySelector('#live .live-root').textContent.replace(/\\s+/g, ' ')"))


def whole_text(page: Any) -> str:
    """The live part's text as a whole fragment fetched now gives it."""
    return str(page.evaluate("""async () => {
      const root = document.getElementById("table");
      const html = await (await fetch(root.dataset.liveUrl + "?v=-1")).text();
      const t = document.createElement("template");
      t.innerHTML = html;
      return t.content.querySelector(".live-root").textContent.replace(/\\s+/g, " ");
    }"""))


def test_the_other_phone_gets_diffs_and_shows_the_same_table(one_process, new_phone):
    table_id = table_via_api(one_process, [("Ann", "blue"), ("Bob", "pink")])
    ann, bob = new_phone(), new_phone()
    claim(ann, one_process, table_id, "Ann")
    polls = record_polls(ann)
    claim(bob, one_process, table_id, "Bob")  # a seating change: Ann's first, whole
    wait_until(ann, lambda: any(not p["empty"] for p in polls))
    expect(bob.locator("#table")).to_have_attribute("data-live", "stream")
    for count in range(1, 5):
        draw(bob, 1)
        expect(cards_of(ann, "Bob")).to_have_text(str(count))
    changed = [p for p in polls if not p["empty"]]
    diffs = [p for p in changed if p["diff"]]
    assert changed and not changed[0]["diff"]  # the first change after loading: whole
    assert "text/html" in changed[0]["type"]
    assert len(diffs) >= 3, polls
    assert all("application/json" in p["type"] and "&h=" in p["url"] for p in diffs)
    expect(cards_of(ann, "Bob")).to_have_text("4")
    expect(cards_of(bob, "Bob")).to_have_text("4")
    assert shown_text(ann) == whole_text(ann)
    # And the other way round: Ann plays, Bob's phone follows.
    draw(ann, 2)
    expect(cards_of(bob, "Ann")).to_have_text("1")
    assert shown_text(bob) == whole_text(bob)


def test_a_diff_that_does_not_check_out_is_fetched_whole(one_process, new_phone):
    table_id = table_via_api(one_process, [("Ann", "blue"), ("Bob", "pink")])
    ann, bob = new_phone(), new_phone()
    claim(ann, one_process, table_id, "Ann")
    claim(bob, one_process, table_id, "Bob")
    for phone in (ann, bob):
        expect(phone.locator("#table")).to_have_attribute("data-live", "stream")
    polls = record_polls(ann)
    spoiled: list[str] = []

    def spoil(route: Any) -> None:
        answer = route.fetch()
        if answer.headers.get("x-diff-from") and not spoiled:
            script = json.loads(answer.text())
            script["ops"].insert(0, "<p>not what the server rendered</p>")
            spoiled.append(route.request.url)
            route.fulfill(response=answer, body=json.dumps(script))
            return
        route.fulfill(response=answer)

    ann.context.route("**/live?*", spoil)
    draw(bob, 1)
    expect(cards_of(ann, "Bob")).to_have_text("1")  # whole: Ann held nothing yet
    draw(bob, 1)
    expect(cards_of(ann, "Bob")).to_have_text("2")
    assert spoiled, polls  # the second change came as a diff, and was spoiled
    after = [p for p in polls if p["url"] not in spoiled and polls.index(p) > max(
        i for i, q in enumerate(polls) if q["url"] in spoiled)]
    whole = [p for p in after if not p["empty"] and not p["diff"]]
    assert whole and "&h=" not in whole[0]["url"]  # re-fetched whole, naming no base
    assert "not what the server rendered" not in ann.content()
    assert shown_text(ann) == whole_text(ann)
    draw(bob, 1)  # and diffs resume from the whole fragment
    expect(cards_of(ann, "Bob")).to_have_text("3")
    assert polls[-1]["diff"] or any(p["diff"] for p in polls[polls.index(whole[0]):])
    assert shown_text(ann) == whole_text(ann)
