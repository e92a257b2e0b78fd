"""Every page that runs table.js (a seat's or the host's table page, the spectator's, the
shared screen) names table_later.js, which keeps the screen awake and waits for taps: it is
loaded after the first paint, so a page without it would keep the screen from sleeping no
more."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient


def later_of(html: str) -> str | None:
    if "table.js" not in html:
        return None
    found = re.search(r'<div id="table"[^>]*\sdata-later="([^"]+)"', html)
    return found.group(1) if found else None


def test_every_page_with_the_table_script_loads_the_later_one(client: FlaskClient,
                                                             table: dict[str, Any]) -> None:
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    watch_token = re.search(r'href="[^"]*/watch/([^"/]+)"', page)
    assert watch_token
    pages = {"table": page,
             "watch": client.get(f"/watch/{watch_token.group(1)}").get_data(as_text=True),
             "tv": client.get(f"/tv/{watch_token.group(1)}").get_data(as_text=True)}
    for name, html in pages.items():
        later = later_of(html)
        assert later and later.startswith("/static/table_later.js"), name
        assert client.get(later).status_code == 200, later
