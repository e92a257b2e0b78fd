"""First load of each game's table page: bytes on the wire and requests (benchmark 5).

Through the Flask test client (no network): the page of a table of the game's most players
as its host's phone sees it, holding seat 0 (the invite QR code, the controls, every seat),
then every stylesheet, script and icon it links, as a browser sending
``Accept-Encoding: br, gzip`` gets them. Bytes on the wire are the bodies as sent plus the
status lines and headers. The baseline, in the same run, is the same load uncompressed
(a client that accepts no encoding). Also: a changed poll's fragment, both ways, and a
changed poll as a diff against the whole fragment (``changed_polls``).

Run: python bench/bench_pages.py   (prints a Markdown table)
"""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from werkzeug.datastructures import MultiDict  # noqa: E402

from companion import create_app  # noqa: E402
from companion.games import GAMES  # noqa: E402

ASSETS = re.compile(r'<(?:link[^>]*\brel="stylesheet"[^>]*\bhref|script[^>]*\bsrc)="([^"]+)"')
ICON = re.compile(r'<link[^>]*\brel="icon"[^>]*\bhref="([^"]+)"')


def wire_bytes(response: Any) -> int:
    head = len(f"HTTP/1.1 {response.status}\r\n") + 2
    head += sum(len(name) + len(value) + 4 for name, value in response.headers.items())
    return head + len(response.data)


def text_of(response: Any) -> str:
    if response.headers.get("Content-Encoding") == "br":
        import brotli

        return brotli.decompress(response.data).decode("utf-8")
    return str(response.get_data(as_text=True))


def first_load(client: Any, url: str, accept: dict[str, str]) -> tuple[int, int, int]:
    """(bytes on the wire, requests, failed requests) of a first load of ``url``."""
    page = client.get(url, headers=accept)
    html = text_of(page)
    fetched = [u.replace("&amp;", "&") for u in ASSETS.findall(html)]
    # A browser takes one icon, the first it can use; an inline one costs no request, and
    # a page without any makes the browser ask for /favicon.ico.
    icon = ICON.search(html)
    first_icon = icon.group(1).replace("&amp;", "&") if icon else "/favicon.ico"
    if not first_icon.startswith("data:"):
        fetched.append(first_icon)
    total, failed = wire_bytes(page), 0
    for link in fetched:
        response = client.get(link, headers=accept)
        failed += response.status_code >= 400
        total += wire_bytes(response)
    return total, 1 + len(fetched), failed


def changed_polls(app: Any, actions: int = 20) -> list[str]:
    """A changed poll as a diff against whole, on the wire with ``br, gzip``: a seated
    phone (seat 0 of a table of the game's most players) holds the fragment, the host plays
    one random action, the phone polls naming what it holds. Medians (and largest) over
    ``actions`` actions of a random play; a poll answered whole (the diff not worth it)
    counts its whole size on both sides. Sizes are on the wire (status line and headers
    included, as ``wire_bytes``); the bodies alone beside them. Also the time to compute a
    diff (difflib) and, in the same run, to answer a whole poll (rendering the fragment,
    through the test client)."""
    import json
    import random
    import statistics
    import time

    from conftest import HostClient

    from companion.web.common import service
    from companion.web.fragments import checksum, diff_ops

    app.test_client_class = HostClient
    accept = {"Accept-Encoding": "br, gzip"}
    rows = ["| game | changed poll as a diff (median, max) | whole, same polls | ratio | "
            "bodies only (median), ratio | diffs sent | diff time (median, max) | "
            "a whole poll's time (median) |",
            "|---|---|---|---|---|---|---|---|"]
    for game_id, game in GAMES.items():
        host, phone = app.test_client(), app.test_client()
        made = host.post("/api/tables", json={"game": game_id, "players":
                                              game.example_players(game.MAX_PLAYERS)})
        table_id = made.json["id"]
        phone.post(f"/t/{table_id}/claim", data={"seat": "0"})
        url = f"/t/{table_id}/live"
        held = text_of(phone.get(f"{url}?v=-1&d=1", headers=accept))
        rng = random.Random(f"bench-{game_id}")
        sent: list[int] = []
        whole: list[int] = []
        diff_s: list[float] = []
        render_s: list[float] = []
        diffs = 0
        bodies: tuple[list[int], list[int]] = ([], [])
        for _ in range(actions * 5):
            if len(sent) == actions:
                break
            with app.app_context():
                view = service().get(table_id)
                if view.outcome is not None:
                    break
                action = game.random_action(view.state, rng)
            if host.post(f"/api/tables/{table_id}/actions", json={
                    "action": action, "expected_version": view.version}).status_code != 200:
                continue
            answer = phone.get(f"{url}?v={view.version}&d=1&h={checksum(held)}", headers=accept)
            started = time.perf_counter()
            plain = phone.get(f"{url}?v=-1", headers=accept)
            render_s.append(time.perf_counter() - started)
            new = text_of(plain)
            started = time.perf_counter()
            diff_ops(held, new)
            diff_s.append(time.perf_counter() - started)
            if answer.headers.get("X-Diff-From"):
                diffs += 1
                json.loads(text_of(answer))
            sent.append(wire_bytes(answer))
            whole.append(wire_bytes(plain))
            bodies[0].append(len(answer.data))
            bodies[1].append(len(plain.data))
            held = new
        if not sent:
            continue
        rows.append(
            f"| {game.NAME} | {statistics.median(sent) / 1024:.2f} KB, {max(sent) / 1024:.2f} KB "
            f"| {statistics.median(whole) / 1024:.2f} KB, {max(whole) / 1024:.2f} KB "
            f"| {sum(sent) / sum(whole):.2f} | {statistics.median(bodies[0]) / 1024:.2f} KB "
            f"against {statistics.median(bodies[1]) / 1024:.2f} KB, "
            f"{sum(bodies[0]) / sum(bodies[1]):.2f} | {diffs} of {len(sent)} "
            f"| {statistics.median(diff_s) * 1000:.1f} ms, {max(diff_s) * 1000:.1f} ms "
            f"| {statistics.median(render_s) * 1000:.1f} ms |")
    return rows


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "SECRET_KEY": "bench",
                          "DATABASE_URL": f"sqlite:///{folder}/pages.sqlite",
                          "RATE_LIMIT": 100000})
        from conftest import BrowserLikeClient

        app.test_client_class = BrowserLikeClient
        rows = ["| game | first load, compressed | uncompressed, same run | ratio | requests |",
                "|---|---|---|---|---|"]
        polls = []
        for game_id, game in GAMES.items():
            client = app.test_client()
            fields = [f["name"] for f in game.player_fields()]
            form = MultiDict([(f"player.{name}", str(player.get(name, "")))
                              for player in game.example_players(game.MAX_PLAYERS)
                              for name in fields])
            url = client.post(f"/new/{game_id}", data=form).location
            client.post(f"{url}/claim", data={"seat": "0"})
            packed, requests, failed = first_load(client, url, {"Accept-Encoding": "br, gzip"})
            plain, _, _ = first_load(client, url, {})
            note = f" ({failed} failed)" if failed else ""
            rows.append(f"| {game.NAME} | {packed / 1024:.1f} KB | {plain / 1024:.1f} KB | "
                        f"{packed / plain:.2f} | {requests}{note} |")
            poll_packed = wire_bytes(client.get(f"{url}/live?v=-1",
                                                headers={"Accept-Encoding": "br, gzip"}))
            poll_plain = wire_bytes(client.get(f"{url}/live?v=-1"))
            polls.append(f"| {game.NAME}, a changed poll's fragment | {poll_packed / 1024:.1f} KB "
                         f"| {poll_plain / 1024:.1f} KB | {poll_packed / poll_plain:.2f} | 1 |")
        diffs = changed_polls(app)
        app.extensions["companion_db"].engine.dispose()
    print("\n".join(rows + polls))
    print()
    print("\n".join(diffs))


if __name__ == "__main__":
    main()
