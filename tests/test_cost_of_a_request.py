"""What keeps a request cheap changes nothing a phone sees: a process that catches up with
another process's writes (applying only the new entries) holds the same table as a fold of
the whole log, and a table deleted and made again under the same id is read anew."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.db import Database
from companion.games import GAMES
from companion.games.base import GameError
from companion.tables import TableNotFound, TableService
from companion.tables import reading as tables


def snapshot(service: TableService, table_id: str) -> Any:
    view = service.get(table_id)
    return (view.version, json.dumps(view.to_json(), sort_keys=True, default=str),
            [(op.seq, op.kind, op.target, op.owner, op.reveals) for op in view.replay.done],
            [op.seq for op in view.replay.undone], view.replay.round_closers,
            {seq: (label.msgid, dict(label.params)) for seq, label in view.labels.items()},
            view.revealed)


def play_some(service: TableService, game: Any, table_id: str, rng: random.Random,
              steps: int, other: TableService | None = None) -> list[Any]:
    """Random writes (actions, now and then an undo or a redo); ``other`` reads after each."""
    seen = []
    for _ in range(steps):
        view = service.get(table_id)
        if view.outcome is not None:
            break
        roll = rng.random()
        try:
            if roll < 0.08 and view.replay.done:
                service.undo(table_id, view.version)
            elif roll < 0.12 and view.replay.undone:
                service.redo(table_id, view.version)
            else:
                service.act(table_id, view.version, game.random_action(view.state, rng))
        except GameError:
            continue
        if other is not None and rng.random() < 0.5:
            seen.append(snapshot(other, table_id))
    return seen


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'shared.sqlite'}"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_second_process_catching_up_holds_the_same_table(
        db_url: str, game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    caught_up = []
    extend = tables._extended
    monkeypatch.setattr(tables, "_extended", lambda *a: caught_up.append(1) or extend(*a))
    game = GAMES[game_id]
    writer = TableService(Database(db_url))
    reader = TableService(Database(db_url))
    rng = random.Random(game_id)
    view = writer.create(game_id, game.example_players(game.MIN_PLAYERS + 1), {})
    reader.get(view.id)  # the reader keeps version 0 and catches up from there
    play_some(writer, game, view.id, rng, 120, other=reader)
    final = snapshot(writer, view.id)
    assert snapshot(reader, view.id) == final
    assert caught_up, "the reader never caught up from a version it kept"
    # A third process that never saw the table folds the whole log to the same thing.
    assert snapshot(TableService(Database(db_url)), view.id) == final


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_two_processes_writing_in_turn_hold_the_table_the_log_folds_to(
        db_url: str, game_id: str) -> None:
    """Each write of a process that did not make the last ones first catches up inside its
    own transaction (the entries read there, with their labels and reveals): two processes
    taking turns at random hold what a third folds from the whole log."""
    game = GAMES[game_id]
    one, two = TableService(Database(db_url)), TableService(Database(db_url))
    rng = random.Random(f"turns-{game_id}")
    table_id = one.create(game_id, game.example_players(game.MIN_PLAYERS + 1), {}).id
    caught_up_in_a_write = 0
    for _ in range(80):
        actor, other = rng.sample((one, two), 2)
        seen = other.get(table_id)  # the actor writes against a version it may never have read
        if seen.outcome is not None:
            break
        caught_up_in_a_write += actor._cached(table_id, seen.version) is None
        roll = rng.random()
        action = game.random_action(seen.state, rng)
        def write(service: TableService, roll: float = roll, action: Any = action,
                  seen: Any = seen) -> None:
            if roll < 0.1 and seen.replay.done:
                service.undo(table_id, seen.version)
            elif roll < 0.15 and seen.replay.undone:
                service.redo(table_id, seen.version)
            else:
                service.act(table_id, seen.version, action)

        try:
            write(actor)
        except GameError as refused:
            # Refused by the rules, as a process folding the whole log refuses it too.
            with pytest.raises(type(refused)) as again:
                write(TableService(Database(db_url)))
            assert str(again.value) == str(refused)
    assert caught_up_in_a_write > 5
    final = snapshot(TableService(Database(db_url)), table_id)
    assert snapshot(one, table_id) == final and snapshot(two, table_id) == final


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), reads=st.lists(st.booleans(), min_size=1, max_size=40))
def test_catching_up_at_any_versions_equals_the_fold(db_url: str, seed: int,
                                                      reads: list[bool]) -> None:
    game = GAMES["casse-toi-pov-con"]
    writer = TableService(Database(db_url))
    reader = TableService(Database(db_url))
    rng = random.Random(seed)
    view = writer.create(game.ID, game.example_players(4), {})
    for read in reads:
        play_some(writer, game, view.id, rng, 3)
        if read:
            assert snapshot(reader, view.id) == snapshot(writer, view.id)
    assert snapshot(reader, view.id) == snapshot(TableService(Database(db_url)), view.id)


def test_a_table_made_again_under_the_same_id_is_read_anew(db_url: str) -> None:
    game = GAMES["casse-toi-pov-con"]
    writer = TableService(Database(db_url))
    reader = TableService(Database(db_url))
    first = writer.create(game.ID, game.example_players(3), {}, table_id="same-id")
    writer.act(first.id, 0, {"type": "draw", "seat": 0, "stress": 1, "stars": 0,
                             "corner": None})
    assert reader.get("same-id").players == first.players
    writer.delete("same-id", by=None)
    with pytest.raises(TableNotFound):
        reader.get("same-id")
    again = writer.create(game.ID, game.example_players(5), {}, table_id="same-id")
    seen = reader.get("same-id")
    assert seen.version == 0 and seen.players == again.players
    assert reader.is_host("same-id", writer.host_token("same-id"))
    assert not reader.is_host("same-id", "not-the-token")


def test_a_host_token_kept_for_writes_never_outlives_its_table(db_url: str) -> None:
    """A write's host check uses the tokens this process keeps; the write reads the table
    again and refuses (409) a host checked against a table made again under the same id,
    and the retry is checked against the new table."""
    from companion.tables import Sender, VersionConflict

    game = GAMES["casse-toi-pov-con"]
    other = TableService(Database(db_url))
    mine = TableService(Database(db_url))
    first = other.create(game.ID, game.example_players(3), {}, table_id="again")
    old_token = other.host_token("again")
    assert mine.is_host("again", old_token, writing=True)  # now kept by this process
    other.delete("again", by=None)
    other.create(game.ID, game.example_players(3), {}, table_id="again")
    new_token = other.host_token("again")
    draw = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}
    # The kept token still says host (the check reads nothing)...
    assert mine.is_host("again", old_token, writing=True)
    # ...but the write reads the table anew and refuses to act on a host checked that way.
    with pytest.raises(VersionConflict):
        mine.act("again", 0, draw, by=Sender(None, True))
    assert not mine.is_host("again", old_token, writing=True)
    assert mine.is_host("again", new_token, writing=True)
    assert mine.act("again", 0, draw, by=Sender(None, True)).version == 1
    assert first.id == "again"


def test_seats_kept_per_seating_counter_follow_every_change_another_process_makes(
        db_url: str) -> None:
    """The live view keeps a table's seats and requests under its seating counter: every
    claim, request, hand-over and freeing made through another process is seen at once."""
    game = GAMES["casse-toi-pov-con"]
    writer = TableService(Database(db_url))
    reader = TableService(Database(db_url))
    view = writer.create(game.ID, game.example_players(3), {})

    def seats() -> Any:
        _version, seating, meta = reader.peek(view.id)
        found = reader.seating_at(view.id, meta, seating)
        assert reader.seating_at(view.id, meta, seating) is found  # kept, not read again
        return found

    assert seats().claims == {} and seats().requests == ()
    token = writer.claim(view.id, 1, by=None)
    assert seats().claims == {token: 1}
    asked = writer.request_seat(view.id, 1)
    pending = seats().requests
    assert [r.seat for r in pending] == [1]
    writer.decide(view.id, pending[0].id, True, by=None)
    assert seats().claims == {asked: 1} and seats().requests == ()
    writer.free(view.id, 1, by=None)
    assert seats().claims == {} and seats().requests == ()


def test_reads_answer_unknown_tables_and_odd_ids_with_table_not_found(db_url: str) -> None:
    service = TableService(Database(db_url))
    for bad in ("nope", "", "x' OR '1'='1", "%s", "?"):
        with pytest.raises(TableNotFound):
            service.get(bad)
        with pytest.raises(TableNotFound):
            service.seating(bad)
        assert service.seat_of(bad, "token") is None
        assert not service.is_host(bad, "token")
    with pytest.raises(TableNotFound):
        service.by_watch_token("nope")


# ---------------------------------------------------------------------------- the session

def _page_table(client: Any) -> str:
    from test_pages import FORM_PLAYERS

    response = client.post("/new/casse-toi-pov-con", data=FORM_PLAYERS)
    assert response.status_code == 302
    return str(response.location.rsplit("/", 1)[1])


def test_polls_and_api_reads_send_no_cookie_pages_refresh_it(
        client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.web import security

    table_id = _page_table(client)
    # A page re-sends an unchanged cookie only once it is a day old (signed moments ago
    # here: not re-sent); a day later the page refreshes its thirty days.
    assert "Set-Cookie" not in client.get(f"/t/{table_id}").headers
    unchanged = client.get(f"/t/{table_id}/live?v=0&s=0")
    assert unchanged.status_code == 200 and unchanged.data == b""
    assert "Set-Cookie" not in unchanged.headers
    assert "Set-Cookie" not in client.get(f"/api/tables/{table_id}").headers
    drawn = client.post(f"/api/tables/{table_id}/actions", json={
        "expected_version": 0, "action": {
            "type": "draw", "seat": 1, "stress": 1, "stars": 0, "corner": None}})
    assert drawn.status_code == 200, drawn.json
    changed = client.get(f"/t/{table_id}/live?v=0&s=0")
    assert changed.status_code == 200 and changed.headers["X-Version"] == "1"
    assert b"live-root" in changed.data
    assert "Set-Cookie" not in changed.headers  # read (this phone's seat), not changed
    # Two days later (the clock moved: the cookie then re-signed is of that day, so this
    # comes last), the page refreshes it; a poll still does not.
    now = security.time.time()
    monkeypatch.setattr(security.time, "time", lambda: now + 2 * 24 * 60 * 60)
    assert "Set-Cookie" not in client.get(f"/t/{table_id}/live?v=1&s=0").headers
    assert "Set-Cookie" in client.get(f"/t/{table_id}").headers


def test_the_session_is_read_on_first_use_and_reading_is_no_change() -> None:
    from companion.web.security import LazySession

    calls = []
    session = LazySession(lambda: calls.append(1) or {"lang": "fr", "_permanent": True})
    session.accessed = True
    assert not session.loaded and calls == []
    assert session.get("lang") == "fr" and session.permanent and "lang" in session
    assert calls == [1] and session.loaded and not session.modified
    assert dict(session) == {"lang": "fr", "_permanent": True}
    session["theme"] = "dark"
    assert session.modified and calls == [1]
    assert not LazySession(lambda: {}) and LazySession(lambda: {"a": 1})


def test_an_unchanged_poll_keeps_the_connection_alive(live_server: Any) -> None:
    import http.client

    conn = http.client.HTTPConnection(live_server.host, live_server.port, timeout=10)
    conn.request("POST", "/api/tables", body=json.dumps({
        "game": "casse-toi-pov-con",
        "players": GAMES["casse-toi-pov-con"].example_players(3)}),
        headers={"Content-Type": "application/json"})
    created = conn.getresponse()
    table_id = json.loads(created.read())["id"]
    sockets = set()
    for _ in range(5):
        conn.request("GET", f"/t/{table_id}/live?v=0&s=0")
        response = conn.getresponse()
        assert response.status == 200 and response.read() == b""
        assert response.getheader("Connection", "").lower() != "close"
        assert response.getheader("Set-Cookie") is None
        sockets.add(id(conn.sock))
    assert len(sockets) == 1 and conn.sock is not None
    conn.close()


def test_phones_fetching_a_new_version_together_fold_it_once(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The phones of a table fetch the version another process wrote at the same moment:
    one of them reads the new entries and folds them, the others wait and find it kept."""
    import threading
    import time

    game = GAMES["casse-toi-pov-con"]
    writer = TableService(Database(db_url))
    reader = TableService(Database(db_url))
    view = writer.create(game.ID, game.example_players(3), {})
    assert reader.get(view.id).version == 0
    writer.act(view.id, 0, {"type": "draw", "seat": 0, "stress": 1, "stars": 0,
                            "corner": None})
    folds = []
    fold = reader._catch_up

    def slow_fold(*args: Any) -> Any:
        folds.append(1)
        time.sleep(0.2)  # long enough for every phone to ask meanwhile
        return fold(*args)

    monkeypatch.setattr(reader, "_catch_up", slow_fold)
    seen: list[Any] = []
    phones = [threading.Thread(target=lambda: seen.append(reader.get(view.id)))
              for _ in range(4)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert len(folds) == 1
    assert [v.version for v in seen] == [1] * 4
    assert all(v.state == seen[0].state for v in seen)
    assert seen[0].state == TableService(Database(db_url)).get(view.id).state
