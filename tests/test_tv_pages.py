"""The shared screen, the service worker and the offline page, through Flask's test client."""

from __future__ import annotations

import re
from typing import Any


def _watch_token(app: Any, table_id: str) -> str:
    with app.app_context():
        from companion.web.common import service

        return str(service().get(table_id).watch_token)


def _from_the_table_page(client: Any, table_id: str) -> str:
    """The shared screen's link as the table's own page gives it (with its invite key)."""
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    link = re.search(r'<a [^>]*href="([^"]+)"[^>]*data-tv-link', page)
    assert link
    return link.group(1).replace("&amp;", "&")


def test_the_shared_screen_renders_as_a_spectator_with_the_join_code(app, client, table):
    token = _watch_token(app, table["id"])
    link = _from_the_table_page(client, table["id"])
    assert link.startswith(f"/tv/{token}?join=")
    page = client.get(link)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "<form" not in html and 'name="csrf_token"' not in html
    assert "data-tv-join" in html
    assert re.search(r'<img src="data:image/png;base64,[^"]+"[^>]*alt="QR code to join', html)
    sheet = re.search(r'<link rel="stylesheet" href="([^"]+)"', html).group(1)
    script = re.search(r'<script src="([^"]+)"', html).group(1)
    assert "tv.css" in sheet and "tv.js" in script  # the shared screen's own, here only
    assert page.headers["Cache-Control"] == "no-store"


def test_a_screen_opened_from_a_spectator_link_shows_no_way_in(app, client, table):
    """The watch page's link to the shared screen, or a key that is not the table's: the
    screen shows the game, never the join code nor the table's writable address."""
    token = _watch_token(app, table["id"])
    watch = client.get(f"/watch/{token}").get_data(as_text=True)
    link = re.search(r'<a [^>]*href="([^"]+)"[^>]*data-tv-link', watch).group(1)
    assert "join=" not in link
    for path in (link, f"/tv/{token}?join=guess", f"/tv/{token}/live?v=0&s=0&d=0"):
        html = client.get(path).get_data(as_text=True)
        assert "data-tv-join" not in html and table["id"] not in html, path
    # the screen opened from the table's page keeps inviting through its live updates
    assert "data-tv-join" in client.get(_from_the_table_page(client, table["id"])).get_data(
        as_text=True)
    assert "data-tv-join" in client.get(f"/tv/{token}/live?v=-1").get_data(as_text=True)


def test_the_join_code_goes_once_every_seat_is_held(app, client, table):
    token = _watch_token(app, table["id"])
    first = client.get(f"/tv/{token}/live?v=0&s=0")
    assert first.status_code == 200 and first.data == b"" and first.headers["X-Unchanged"]
    for seat in range(4):
        assert client.post(f"/api/tables/{table['id']}/seats/{seat}").status_code == 201
    moved = client.get(f"/tv/{token}/live?v=0&s=0")
    assert moved.status_code == 200 and "data-tv-join" not in moved.get_data(as_text=True)
    seating = moved.headers["X-Seating"]
    still = client.get(f"/tv/{token}/live?v=0&s={seating}")
    assert still.status_code == 200 and still.data == b"" and still.headers["X-Unchanged"]


def test_the_shared_screen_has_its_own_event_stream(app, client, table):
    token = _watch_token(app, table["id"])
    assert client.get("/tv/nope/events").status_code == 404
    stream = client.get(f"/tv/{token}/events?v=0&s=0", buffered=False)
    assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
    stream.close()


def test_an_unknown_shared_screen_is_not_found(client):
    assert client.get("/tv/nope").status_code == 404
    assert client.get("/tv/nope/live").status_code == 404


def test_the_service_worker_is_served_from_the_root_and_never_cached_long(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert response.headers["Cache-Control"] == "no-cache"
    body = response.get_data(as_text=True)
    # The shell it caches exists; nothing of a table is in it.
    for path in ("/offline", "/static/app.css", "/static/offline.js", "/manifest.webmanifest"):
        assert f'"{path}"' in body
        assert client.get(path).status_code == 200, path
    assert '"/t/' not in body and '"/api/' not in body


def test_every_page_registers_the_worker_and_the_ping_answers(client, table):
    for path in ("/", f"/t/{table['id']}", "/rules/"):
        html = client.get(path, follow_redirects=True).get_data(as_text=True)
        scripts = re.findall(r'<script src="([^"]+)"', html)
        # offline.js registers the worker: alone, or bundled with the page's own script.
        assert any(re.match(r"/(static/offline\.js|bundle/\S*offline\.js)", s)
                   for s in scripts), (path, scripts)
    assert client.get("/ping").status_code == 204
