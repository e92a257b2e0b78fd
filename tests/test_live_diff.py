"""A changed live view sends what changed: the diff a phone gets, applied to the fragment it
held, is exactly the fragment it would have got whole (for every game, over random plays,
by the server's applier and by the page script's own code under Node); a diff is only made
from a fragment sent to the same viewer; a cache miss, an unknown base or a client that does
not apply diffs gets the whole fragment; the cache is bounded by bytes.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games import GAMES
from companion.web.common import service
from companion.web.fragments import FragmentCache, apply_ops, checksum, diff_ops

DIFF_JS = Path(__file__).resolve().parent.parent / "companion" / "static" / "diff.js"
TABLE_JS = Path(__file__).resolve().parent.parent / "companion" / "static" / "table.js"


# ---------------------------------------------------------------------------- the script

LINES = st.lists(st.sampled_from(["", "<div>", "</div>", "  <li>a</li>", "b", "é 폭풍", "\t"]),
                 max_size=40)


@given(LINES, LINES)
@settings(max_examples=300, deadline=None)
def test_the_edit_script_rebuilds_the_new_text(old: list[str], new: list[str]) -> None:
    a, b = "\n".join(old), "\n".join(new)
    assert apply_ops(a, diff_ops(a, b)) == b


def test_an_edit_script_that_does_not_fit_its_base_is_refused() -> None:
    with pytest.raises(ValueError):
        apply_ops("a\nb", [3])
    with pytest.raises(ValueError):
        apply_ops("a\nb", [1])  # leaves a line of the base uncovered
    with pytest.raises(ValueError):
        apply_ops("a\nb", [True, 1])


def test_the_cache_is_bounded_by_bytes_least_recently_used_first_out() -> None:
    rng = random.Random(5)
    texts = {name: "".join(rng.choice("abcdef<>/") for _ in range(3000)) for name in "abcde"}
    probe = FragmentCache()
    probe.put("viewer", "a", texts["a"])
    store = FragmentCache(max_bytes=int(probe.bytes * 3.5))
    for name in "abc":
        store.put("viewer", name, texts[name])
    assert store.get("viewer", "a") == texts["a"]  # now the most recently used
    store.put("viewer", "d", texts["d"])
    assert store.get("viewer", "b") is None and store.get("viewer", "a") == texts["a"]
    assert store.bytes <= store.max_bytes and len(store) == 3
    store.demote("viewer", "a")  # its phone moved on: first out
    store.put("viewer", "e", texts["e"])
    assert store.get("viewer", "a") is None and store.get("viewer", "c") == texts["c"]
    huge = "".join(rng.choice("abcdef") for _ in range(100_000))
    store.put("viewer", "huge", huge)  # larger than the whole cache: not kept
    assert store.get("viewer", "huge") is None and len(store) == 3
    assert store.get("someone else", "c") is None


# ---------------------------------------------------------------------------- the route

def _table(app: Flask, host: Any, game: Any, count: int) -> str:
    made = host.post("/api/tables", json={"game": game.ID,
                                          "players": game.example_players(count)})
    assert made.status_code == 201, made.json
    return str(made.json["id"])


def _phone(app: Flask, table_id: str, seat: int) -> Any:
    phone = app.test_client()
    assert phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)}).status_code == 302
    return phone


def _play(app: Flask, host: Any, table_id: str, game: Any, rng: random.Random) -> bool:
    """One random action the table takes (sent by the host); False once the game is over."""
    for _ in range(20):
        with app.app_context():
            view = service().get(table_id)
        if view.outcome is not None:
            return False
        action = game.random_action(view.state, rng)
        answer = host.post(f"/api/tables/{table_id}/actions",
                           json={"action": action, "expected_version": view.version})
        if answer.status_code == 200:
            return True
    return False


def _whole(phone: Any, url: str) -> str:
    """The fragment as a phone that applies no diffs gets it (nothing kept for it)."""
    answer = phone.get(f"{url}?v=-1")
    assert answer.status_code == 200 and "X-Diff-From" not in answer.headers
    return str(answer.get_data(as_text=True))


class Viewer:
    """A phone polling as the page script does: ``d=1``, and ``h`` once it holds a fragment."""

    def __init__(self, client: Any, url: str) -> None:
        self.client, self.url = client, url
        self.text: str | None = None
        self.version = -1
        self.diffs = 0
        self.scripts: list[tuple[str, str, str]] = []  # (base, answer, expected) for Node

    def poll(self) -> None:
        query = f"?v={self.version}&d=1" + (f"&h={checksum(self.text)}" if self.text else "")
        answer = self.client.get(self.url + query)
        assert answer.status_code == 200
        body = answer.get_data(as_text=True)
        if not body:
            return
        expected = _whole(self.client, self.url)
        if "X-Diff-From" in answer.headers:
            assert answer.mimetype == "application/json"
            assert self.text is not None and answer.headers["X-Diff-From"] == checksum(self.text)
            script = json.loads(body)
            assert script["from"] == checksum(self.text)
            assert script["to"] == checksum(expected)
            rebuilt = apply_ops(self.text, script["ops"])
            assert rebuilt == expected
            assert len(body.encode()) < len(expected.encode()) / 2
            self.scripts.append((self.text, body, expected))
            self.diffs += 1
            self.text = rebuilt
        else:
            assert body == expected
            self.text = body
        self.version = int(answer.headers["X-Version"])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_diff_applied_to_the_old_fragment_is_the_new_fragment(
        app: Flask, client: Any, game_id: str) -> None:
    game = GAMES[game_id]
    rng = random.Random(f"diff-{game_id}")
    table_id = _table(app, client, game, max(2, game.MIN_PLAYERS))
    viewers = [Viewer(_phone(app, table_id, 0), f"/t/{table_id}/live"),
               Viewer(_phone(app, table_id, 1), f"/t/{table_id}/live")]
    with app.app_context():
        token = service().get(table_id).watch_token
    viewers.append(Viewer(app.test_client(), f"/watch/{token}/live"))
    viewers.append(Viewer(app.test_client(), f"/tv/{token}/live"))  # the shared screen
    for viewer in viewers:
        viewer.poll()
    for _ in range(25):
        if not _play(app, client, table_id, game, rng):
            break
        for viewer in viewers:
            viewer.poll()
    for viewer in viewers:
        assert viewer.diffs >= 3, (viewer.url, viewer.diffs)
    _node_agrees([script for viewer in viewers for script in viewer.scripts])


def _node_agrees(scripts: list[tuple[str, str, str]]) -> None:
    """The page's own checksum and patch (diff.js, which table.js loads) rebuild the same
    texts, and refuse a script applied to a base that is not its own."""
    node = shutil.which("node")
    if node is None or not scripts:
        return
    program = DIFF_JS.read_text(encoding="utf-8") + """
var checksum = companionDiff.checksum;
function patch(body) { return companionDiff.patch(base, body); }
var base = null;
var cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
var out = cases.map(function (c) {
  base = [c[0], checksum(c[0])];
  var good = patch(c[1]);
  base = [c[0] + "x", checksum(c[0])];  // a base that was spoiled on the phone
  var spoiled = patch(c[1]);
  return [good && good[0] === c[2] && good[1] === checksum(c[2]), spoiled === null];
});
process.stdout.write(JSON.stringify(out));
"""
    done = subprocess.run([node, "-e", program], input=json.dumps(scripts), text=True,
                          capture_output=True, timeout=60, check=True)
    assert json.loads(done.stdout) == [[True, True]] * len(scripts)


# ---------------------------------------------------------------------------- who gets what

@pytest.mark.parametrize("game_id", ["election-usa", "storm-candidate"])
def test_another_viewer_never_gets_a_diff_from_someone_elses_fragment(
        app: Flask, client: Any, game_id: str) -> None:
    """Seat 0 seals a secret; seat 1, a spectator and seat 0's own seat on another phone,
    naming seat 0's fragment as their base, each get their own fragment whole."""
    game = GAMES[game_id]
    rng = random.Random(7)
    table_id = _table(app, client, game, 3)
    url = f"/t/{table_id}/live"
    first, second = _phone(app, table_id, 0), _phone(app, table_id, 1)
    sealed = False
    for _ in range(60):
        with app.app_context():
            view = service().get(table_id)
            step = game.sealed(view.state)
        if step is not None and 0 in step.seats and not step.complete:
            action = game.random_action(view.state, rng)
            while not (action.get("type") == "seal" and action.get("seat") == 0):
                action = game.random_action(view.state, rng)
            with first.session_transaction() as cookie:
                seat_token = cookie["seats"][table_id]
            answer = first.post(f"/api/tables/{table_id}/actions",
                                json={"action": action, "expected_version": view.version},
                                headers={"X-Seat-Token": seat_token})
            assert answer.status_code == 200, answer.json
            sealed = True
            break
        assert _play(app, client, table_id, game, rng)
    assert sealed
    mine = first.get(f"{url}?v=-1&d=1").get_data(as_text=True)
    theirs = _whole(second, url)
    assert mine != theirs
    with app.app_context():
        token = service().get(table_id).watch_token
    # The same seat held on another phone (another session) is another viewer too.
    other_session = app.test_client()
    with other_session.session_transaction() as cookie, first.session_transaction() as own:
        cookie["seats"] = dict(own["seats"])
    for phone, their_url in ((second, url), (app.test_client(), f"/watch/{token}/live"),
                             (other_session, url)):
        answer = phone.get(f"{their_url}?v=-1&d=1&h={checksum(mine)}")
        assert answer.status_code == 200
        assert "X-Diff-From" not in answer.headers and answer.mimetype == "text/html"
        assert answer.get_data(as_text=True) == _whole(phone, their_url)
    # Seat 0's phone itself, naming its fragment, gets a diff after the next change.
    assert _play(app, client, table_id, game, rng)
    version = int(first.get(f"{url}?v=-1").headers["X-Version"]) - 1
    answer = first.get(f"{url}?v={version}&d=1&h={checksum(mine)}")
    assert answer.headers.get("X-Diff-From") == checksum(mine)


def _edgar_after_two_polls(app: Flask, client: Any) -> tuple[Any, str, str, int]:
    game = GAMES["edgar-et-lucien"]
    table_id = _table(app, client, game, 3)
    phone = _phone(app, table_id, 0)
    url = f"/t/{table_id}/live"
    held = phone.get(f"{url}?v=-1&d=1").get_data(as_text=True)
    assert _play(app, client, table_id, game, random.Random(3))
    version = int(phone.get(f"{url}?v=-1").headers["X-Version"]) - 1
    return phone, url, held, version


def test_a_cache_miss_answers_the_whole_fragment(app: Flask, client: Any) -> None:
    phone, url, held, version = _edgar_after_two_polls(app, client)
    # Another worker process (or an evicted entry): nothing is known of this base.
    app.extensions["companion_fragments"] = FragmentCache()
    answer = phone.get(f"{url}?v={version}&d=1&h={checksum(held)}")
    assert "X-Diff-From" not in answer.headers
    assert answer.get_data(as_text=True) == _whole(phone, url)


def test_an_unknown_base_or_no_diff_asked_answers_whole(app: Flask, client: Any) -> None:
    phone, url, held, version = _edgar_after_two_polls(app, client)
    for query in (f"?v={version}&d=1&h=12-abc", f"?v={version}&h={checksum(held)}",
                  f"?v={version}&d=1", f"?v={version}&d=1&h=" + "9" * 5000):
        answer = phone.get(url + query)
        assert "X-Diff-From" not in answer.headers, query
        assert answer.get_data(as_text=True) == _whole(phone, url)
    # The same poll naming the fragment the phone holds gets a diff.
    answer = phone.get(f"{url}?v={version}&d=1&h={checksum(held)}")
    assert answer.headers.get("X-Diff-From") == checksum(held)


def test_a_diff_not_much_smaller_than_the_fragment_is_sent_whole(app: Flask,
                                                                client: Any) -> None:
    phone, url, held, version = _edgar_after_two_polls(app, client)
    # The phone's base shares almost nothing with the fragment now: its diff would be
    # about the fragment's size.
    other = "\n".join(f"<p>{i}</p>" for i in range(len(held.split("\n"))))
    cache = app.extensions["companion_fragments"]
    viewer = next(key[0] for key in cache._entries)
    cache.put(viewer, checksum(other), other)
    answer = phone.get(f"{url}?v={version}&d=1&h={checksum(other)}")
    assert "X-Diff-From" not in answer.headers
    assert answer.get_data(as_text=True) == _whole(phone, url)


def test_phones_that_do_not_apply_diffs_keep_nothing_in_the_cache(app: Flask,
                                                                  client: Any) -> None:
    game = GAMES["casse-toi-pov-con"]
    table_id = _table(app, client, game, 3)
    phone = _phone(app, table_id, 0)
    for _ in range(3):
        phone.get(f"/t/{table_id}/live?v=-1")
    assert len(app.extensions.get("companion_fragments") or []) == 0


def test_the_cache_size_is_a_setting(tmp_path: Path) -> None:
    from companion import create_app

    small = create_app({"TESTING": True, "SECRET_KEY": "t", "RATE_LIMIT": 100_000,
                        "DATABASE_URL": f"sqlite:///{tmp_path / 's.sqlite'}",
                        "LIVE_DIFF_CACHE_BYTES": 1000})
    host = small.test_client()
    game = GAMES["casse-toi-pov-con"]
    made = host.post("/api/tables", json={"game": game.ID, "players": game.example_players(3)})
    body: Any = made.json
    table_id = body["id"]
    held = host.get(f"/t/{table_id}/live?v=-1&d=1").get_data(as_text=True)
    assert len(held) > 1000
    store = small.extensions["companion_fragments"]
    assert store.max_bytes == 1000 and len(store) == 0  # too large to keep: always whole
    small.extensions["companion_db"].engine.dispose()


def test_the_page_script_sends_d_and_h() -> None:
    """The poll of table.js names what it holds (a guard on the query the server reads)."""
    source = TABLE_JS.read_text(encoding="utf-8")
    assert '"&d=1" + held()' in source
    assert re.search(r'return "&h=" \+ base\[1\];', source)


def test_the_cache_size_comes_from_the_environment(app: Flask, client: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_LIVE_DIFF_CACHE_MB", "3")
    table_id = _table(app, client, GAMES["casse-toi-pov-con"], 3)
    client.get(f"/t/{table_id}/live?v=-1&d=1")
    store = app.extensions["companion_fragments"]
    assert store.max_bytes == 3 * 1024 * 1024 and len(store) == 1
