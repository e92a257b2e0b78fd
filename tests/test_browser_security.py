"""In Chromium: a page of another site that posts a form to a table changes nothing, while the
table's own page, under the same Content-Security-Policy, still works."""

from __future__ import annotations

import json
import threading
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

pytestmark = pytest.mark.browser

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "blue"},
           {"name": "Cy", "party": "pink"}]


def api(live_server: Any, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Seat-Token"] = token
    request = urllib.request.Request(
        live_server.url + path, method="POST" if body is not None else "GET",
        data=json.dumps(body).encode() if body is not None else None, headers=headers)
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


@pytest.fixture
def other_site() -> Iterator[dict[str, Any]]:
    """A page on another site (localhost, not 127.0.0.1) whose HTML the test sets."""
    page: dict[str, Any] = {"html": ""}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            body = page["html"].encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    page["url"] = f"http://localhost:{server.server_address[1]}/"
    try:
        yield page
    finally:
        server.shutdown()
        server.server_close()


def test_a_cross_site_form_post_changes_nothing(live_server: Any, new_phone: Any,
                                                other_site: dict[str, Any]) -> None:
    phone = new_phone()
    phone.goto(live_server.url + "/new/casse-toi-pov-con")
    rows = phone.locator("#player-rows .player-row")
    for index, player in enumerate(PLAYERS):
        rows.nth(index).locator("input[name='player.name']").fill(player["name"])
        rows.nth(index).locator("select[name='player.party']").select_option(player["party"])
    phone.get_by_role("button", name="Start the table").click()
    phone.wait_for_url("**/t/*")
    table_id = phone.url.rsplit("/", 1)[-1]
    seat = api(live_server, f"/api/tables/{table_id}/seats/0", {})
    api(live_server, f"/api/tables/{table_id}/actions", {"expected_version": 0, "action": {
        "type": "draw", "seat": 0, "stress": 3, "stars": 1, "corner": "marine",
        "announced": False}}, token=seat["token"])

    # The phone that started the table opens a page of another site that posts "undo".
    other_site["html"] = (
        f'<form method="post" action="{live_server.url}/t/{table_id}/undo">'
        '<input name="expected_version" value="1"></form>'
        "<script>document.forms[0].submit()</script>")
    with phone.expect_navigation(url=f"**/t/{table_id}/undo") as navigation:
        phone.goto(other_site["url"])
    response = navigation.value
    assert response is not None and response.status == 403
    assert "nothing was changed" in phone.content().lower()
    assert api(live_server, f"/api/tables/{table_id}/version")["version"] == 1

    # Its own undo button, under the same policy, works.
    errors: list[str] = []
    phone.on("console", lambda message: errors.append(message.text)
             if message.type == "error" else None)
    phone.goto(f"{live_server.url}/t/{table_id}")
    phone.locator("button.undo").click()
    # The entry is seat 0's and this phone is the host's: the page asks first.
    phone.locator("#confirm [data-confirm-yes]").click()
    from playwright.sync_api import expect

    # (expect() polls from outside the page: the page's own policy forbids eval)
    expect(phone.locator("#table")).to_have_attribute("data-version", "2")
    assert api(live_server, f"/api/tables/{table_id}/version")["version"] == 2
    assert not [e for e in errors if "Content Security Policy" in e], errors
