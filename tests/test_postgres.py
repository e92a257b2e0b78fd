"""The same tables on PostgreSQL: DATABASE_URL points the same code at a real server.

A private PostgreSQL cluster is started for the session (initdb into a temporary folder,
listening on a Unix socket only: the ``postgres_url`` fixture of ``conftest.py``);
``tests/run.sh`` installs PostgreSQL when it is missing.
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from conftest import HostClient
from test_races import race

from companion import create_app


def result(seat: int, cards: int = 4, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "cards": cards, "cracked": False, "journalists": 0,
            "marine_cards": 0, "stars": 0, "forgot_marine": False, **extra}


def test_a_table_plays_undoes_and_corrects_on_postgresql(postgres_url: str) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    app.test_client_class = HostClient  # the client that creates the table is its host
    client = app.test_client()
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    tid = client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                           "players": players}).json["id"]
    first = client.post(f"/api/tables/{tid}/actions", json={
        "expected_version": 0, "action": {"type": "score_round", "results": [
            result(0, 5), result(1, 4, marine_cards=1)]}}).json
    assert [p["popularity"] for p in first["state"]["players"]] == [2 + 1 + 1 + 2, 3]
    stale = client.post(f"/api/tables/{tid}/actions", json={
        "expected_version": 0, "action": {"type": "end_walk"}})
    assert stale.status_code == 409
    undone = client.post(f"/api/tables/{tid}/undo", json={"expected_version": 1}).json
    assert [p["popularity"] for p in undone["state"]["players"]] == [2, 2]
    redone = client.post(f"/api/tables/{tid}/redo", json={"expected_version": 2}).json
    corrected = client.post(f"/api/tables/{tid}/corrections", json={
        "expected_version": 3, "target": 1, "action": {"type": "score_round", "results": [
            result(0, 4), result(1, 4)]}}).json
    assert redone["state"]["rounds"][0]["results"][0]["cards"] == 5
    assert [p["popularity"] for p in corrected["state"]["players"]] == [4, 4]
    # A second app (another process) folds the stored log to the same state.
    other = create_app({"TESTING": True, "DATABASE_URL": postgres_url}).test_client()
    assert other.get(f"/api/tables/{tid}").json == client.get(f"/api/tables/{tid}").json


def test_two_writers_on_one_version_on_postgresql(postgres_url: str) -> None:
    race(postgres_url, rounds=15)


def test_a_write_on_the_kept_state_never_deadlocks_with_one_from_storage(
        postgres_url: str, monkeypatch: Any) -> None:
    """Two processes write on one version: one keeps it (its write is one statement), the
    other does not (it reads the table as stored, in a transaction of several statements).
    The second is held inside its transaction after its first write statement until the
    first is done or waits for a lock. Whatever the order, the one that waits finds the
    table moved and is told so (409): never a deadlock, nothing lost."""
    import threading

    from sqlalchemy import create_engine, text

    from companion.db import PlainWrite

    keeper, reader = (create_app({"TESTING": True, "DATABASE_URL": postgres_url})
                      for _ in range(2))
    clients = [keeper.test_client(), reader.test_client()]
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    tid = clients[0].post("/api/tables", json={"game": "casse-toi-pov-con",
                                               "players": players}).json["id"]
    tokens = [clients[seat].post(f"/api/tables/{tid}/seats/{seat}").json["token"]
              for seat in (0, 1)]

    def draw(seat: int, version: int) -> dict[str, Any]:
        return {"expected_version": version, "action": {
            "type": "draw", "seat": seat, "stress": 1, "stars": 0, "corner": None}}

    # The keeper writes version 1 and keeps it; the reader's process has never read it.
    assert clients[0].post(f"/api/tables/{tid}/actions", json=draw(0, 0),
                           headers={"X-Seat-Token": tokens[0]}).status_code == 200
    watcher = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    held = threading.Event()
    keeper_done = threading.Event()
    statuses: dict[str, int] = {}
    errors: list[BaseException] = []
    run = PlainWrite.run

    def held_run(self: PlainWrite, statement: Any, values: Any) -> Any:
        found = run(self, statement, values)
        if threading.current_thread().name == "reader" and not held.is_set() and (
                statement.sql.lstrip().upper().startswith(("INSERT", "UPDATE", "WITH"))):
            held.set()  # inside its transaction, after its first write statement
            with watcher.connect() as conn:
                for _ in range(400):
                    if keeper_done.is_set() or conn.execute(text(
                            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type "
                            "= 'Lock' AND datname = current_database()")).scalar():
                        break
                    keeper_done.wait(0.025)
        return found

    monkeypatch.setattr(PlainWrite, "run", held_run)

    def write(who: str) -> None:
        seat = 0 if who == "keeper" else 1
        try:
            if who == "keeper":
                assert held.wait(10), "the reader's write never started"
            response = clients[seat].post(f"/api/tables/{tid}/actions", json=draw(seat, 1),
                                          headers={"X-Seat-Token": tokens[seat]})
            statuses[who] = response.status_code
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            if who == "keeper":
                keeper_done.set()

    threads = [threading.Thread(target=write, args=(who,), name=who)
               for who in ("reader", "keeper")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    watcher.dispose()
    assert not errors, errors
    assert statuses == {"reader": 200, "keeper": 409}
    final = clients[0].get(f"/api/tables/{tid}").json
    assert final["version"] == 2
    assert [len(p["walk"]) for p in final["state"]["players"]] == [1, 1]
    assert clients[1].get(f"/api/tables/{tid}").json == final
    for app in (keeper, reader):
        app.extensions["companion_db"].engine.dispose()


@pytest.mark.parametrize("kept", [True, False], ids=["kept", "from-storage"])
def test_a_write_the_database_ends_in_a_deadlock_writes_nothing_and_says_so(
        postgres_url: str, kept: bool) -> None:
    """Another transaction (here the test's own) takes the entry number a write needs, then
    waits for the table's row the write holds: PostgreSQL ends the write in a deadlock.
    Nothing of it is written. A write made on the state the process keeps is then made
    again from storage (200 once the other transaction is gone, or 409 if it crosses it
    again); one made from storage is answered 409, reload and try again; never a server
    error, and the table holds exactly what was acknowledged."""
    import threading

    import psycopg

    # The app's connections look for a deadlock 3 s into a wait and the other transaction's
    # only after a minute, so the write is the one PostgreSQL ends, however busy the machine.
    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url + (
        "&" if "?" in postgres_url else "?") + "options=-c%20deadlock_timeout%3D3s"})
    client = app.test_client()
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    made = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": players})
    tid = made.json["id"]
    token = client.post(f"/api/tables/{tid}/seats/0").json["token"]
    draw = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}
    assert client.post(f"/api/tables/{tid}/actions", json={"expected_version": 0,
                       "action": draw}, headers={"X-Seat-Token": token}).status_code == 200
    if not kept:
        app.extensions["companion_tables"].forget_kept()
    url = _plain(postgres_url)
    other = psycopg.connect(url)  # a transaction of its own
    watcher = psycopg.connect(url, autocommit=True)
    answer: dict[str, Any] = {}
    try:
        other.execute("SET deadlock_timeout = '60s'")
        other.execute("INSERT INTO entries (table_id, seq, kind, payload, label, created_at) "
                      "VALUES (%s, 2, 'action', '{}', '{}', now())", (tid,))

        def write() -> None:
            response = client.post(f"/api/tables/{tid}/actions", json={
                "expected_version": 1, "action": draw}, headers={"X-Seat-Token": token})
            answer.update(status=response.status_code, body=response.json)

        writer = threading.Thread(target=write)
        writer.start()
        for _ in range(400):  # until the write waits for the entry number
            if watcher.execute("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type "
                               "= 'Lock' AND datname = current_database()").fetchone()[0]:
                break
            time.sleep(0.025)
        else:
            raise AssertionError("the write never waited for the other transaction")
        # The other transaction now waits for the row the write holds: a deadlock, which
        # PostgreSQL ends by ending the write.
        other.execute("UPDATE tables SET seating = seating WHERE id = %s", (tid,))
        other.rollback()
        writer.join(30)
    finally:
        other.close()
        watcher.close()
    assert "status" in answer, "the write raised (its thread's traceback is above)"
    stored = create_app({"TESTING": True, "DATABASE_URL": postgres_url}).test_client()
    version = stored.get(f"/api/tables/{tid}").json["version"]
    if answer["status"] == 200:  # made again from storage, once the other had gone
        assert kept and answer["body"]["version"] == 2 and version == 2, answer
    else:  # made again, it crossed the other again: nothing written, and the phone is told
        assert answer["status"] == 409, answer
        assert answer["body"]["error"]["code"] == "version_conflict", answer
        assert version == 1
    app.extensions["companion_db"].engine.dispose()


def test_a_retried_write_is_applied_once_across_processes_on_postgresql(
        postgres_url: str) -> None:
    one, two = (create_app({"TESTING": True, "DATABASE_URL": postgres_url}).test_client()
                for _ in range(2))
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    tid = one.post("/api/tables", json={"game": "casse-toi-pov-con",
                                        "players": players}).json["id"]
    token = one.post(f"/api/tables/{tid}/seats/0").json["token"]
    headers = {"X-Seat-Token": token, "Idempotency-Key": "pg-retry-1"}
    body = {"expected_version": 0, "action": {"type": "draw", "seat": 0, "stress": 2,
                                              "stars": 0, "corner": None}}
    assert one.post(f"/api/tables/{tid}/actions", json=body, headers=headers).status_code == 200
    again = two.post(f"/api/tables/{tid}/actions", json=body, headers=headers)
    assert again.status_code == 200 and again.json["version"] == 1
    assert two.get(f"/api/tables/{tid}/version").json["version"] == 1


def stored_entries_as_sqlalchemy_writes_them(url: str, kept: bool = True) -> None:
    """A write's entry and the table's version go through plain DB-API statements: read
    back through the ORM, every column is what SQLAlchemy itself would have stored (JSON
    documents, a reveal's ``null``, naive UTC datetimes), and an entry stored by the ORM
    next to it reads the same way. ``kept``: the write is made on the state the process
    keeps (one statement on PostgreSQL); otherwise on the table read from storage."""
    from datetime import datetime

    from sqlalchemy import select

    from companion.db import Database, EntryRow, TableRow
    from companion.games import GAMES
    from companion.tables import TableService, scoped_key

    db = Database(url)
    service = TableService(db)
    game = GAMES["casse-toi-pov-con"]
    view = service.create(game.ID, game.example_players(3), {})
    before = datetime.utcnow()  # noqa: DTZ003 - the columns hold naive UTC
    if not kept:
        service.forget_kept()
    service.act(view.id, 0, {"type": "draw", "seat": 1, "stress": 2, "stars": 1,
                             "corner": None}, key="key-1.a")
    with db.write() as session:
        session.add(EntryRow(table_id=view.id, seq=2, kind="undo", payload={"of": 1},
                             label={"msgid": "undo", "params": {"of": 1}}, seat=None,
                             owner=1, author="host", revealed=None))
        session.get(TableRow, view.id).version = 2
    with db.read() as session:
        plain, orm = session.scalars(select(EntryRow).where(EntryRow.table_id == view.id)
                                     .order_by(EntryRow.seq)).all()
        table_row = session.get(TableRow, view.id)
        assert plain.payload == {"type": "draw", "seat": 1, "stress": 2, "stars": 1,
                                 "corner": None}
        assert plain.label["params"]["name"] == view.players[1]["name"]
        assert plain.kind == "action" and plain.owner == 1 and plain.author == "host"
        # The key the retry looks for: the client's, bound to its sender and request.
        assert plain.idempotency_key == scoped_key("key-1.a", None, ("act", plain.payload))
        assert plain.seat is None
        assert plain.revealed is None and orm.revealed is None
        assert isinstance(plain.created_at, datetime) and plain.created_at.tzinfo is None
        assert plain.created_at >= before.replace(microsecond=0)
        assert table_row.version == 2 and table_row.updated_at >= plain.created_at
    # The same columns hold the same kinds of text on disk (SQLite) or values (PostgreSQL).
    with db.engine.connect() as conn:
        raw = conn.exec_driver_sql(
            "SELECT payload, revealed, created_at FROM entries WHERE table_id = '"
            + view.id + "' ORDER BY seq").all()
    assert [type(value) for value in raw[0]] == [type(value) for value in raw[1]]
    assert raw[0][1] == raw[1][1]  # a reveal's absence stored alike (JSON null)
    assert len(str(raw[0][2])) == len(str(raw[1][2]))  # the same datetime format
    # The table folds back from its log in another process.
    again = TableService(Database(url)).get(view.id)
    assert again.version == 2 and again.state.walk[1] == ()


def test_plain_writes_store_what_sqlalchemy_stores_on_postgresql(postgres_url: str) -> None:
    stored_entries_as_sqlalchemy_writes_them(postgres_url)
    stored_entries_as_sqlalchemy_writes_them(postgres_url, kept=False)


def test_plain_writes_store_what_sqlalchemy_stores_on_sqlite(tmp_path: Any) -> None:
    stored_entries_as_sqlalchemy_writes_them(f"sqlite:///{tmp_path / 'plain.sqlite'}")
    stored_entries_as_sqlalchemy_writes_them(f"sqlite:///{tmp_path / 'slow.sqlite'}",
                                             kept=False)


def writes_on_a_kept_state_that_storage_moved_past(url: str) -> None:
    """A process writes on the state it keeps when the sender's version is its newest: the
    write lands only if storage is still at that version. Another process that wrote since,
    a step the kept state refuses but the stored one would not judge, a retried key: each is
    answered from the table as stored, and nothing is written twice."""
    from companion.db import Database
    from companion.games import GAMES
    from companion.tables import Sender, TableService, VersionConflict

    one, two = TableService(Database(url)), TableService(Database(url))
    game = GAMES["casse-toi-pov-con"]
    tid = one.create(game.ID, game.example_players(3), {}).id
    assert two.get(tid).version == 0  # both processes keep the table at version 0

    def draw(seat: int) -> dict[str, Any]:
        return {"type": "draw", "seat": seat, "stress": 1, "stars": 0, "corner": None}

    assert one.act(tid, 0, draw(0), key="first-tap").version == 1
    # The other process still keeps version 0 as its newest: its write there is refused as
    # stale (409), though its kept state would have taken it.
    try:
        two.act(tid, 0, draw(1))
        raise AssertionError("a write on a version storage moved past was taken")
    except VersionConflict:
        pass
    # An undo on version 0 is a rule's error in the kept state (nothing to undo); storage has
    # moved on, so the answer is the stale version's 409, not the rule.
    try:
        two.undo(tid, 0)
        raise AssertionError("an undo on a version storage moved past was taken")
    except VersionConflict:
        pass
    # The retried tap on either process: its first reply, nothing written again, and the
    # same key sent on the newest version (the process keeps it) is answered the same way.
    assert two.act(tid, 0, draw(0), key="first-tap").version == 1
    assert one.act(tid, 1, draw(0), key="first-tap").version == 1
    assert one.get(tid).version == two.get(tid).version == 1
    # Each process writes on what it keeps in turn; both fold the log alike.
    assert two.act(tid, 1, draw(1)).version == 2
    assert one.act(tid, 2, draw(2)).version == 3
    assert [len(p) for p in one.get(tid).state.walk] == [1, 1, 1]
    assert TableService(Database(url)).get(tid).state == two.get(tid).state == \
        one.get(tid).state
    assert len(one.entries(tid)) == 3
    # A table made again under the same id: the state kept of the old one is not written on.
    same = one.create(game.ID, game.example_players(3), {}, table_id="made-again").id
    assert two.get(same).version == 0
    one.delete(same, by=None)
    one.create(game.ID, game.example_players(5), {}, table_id=same)
    again = two.act(same, 0, draw(0))
    assert again.version == 1 and len(again.players) == len(again.state.walk) == 5
    assert TableService(Database(url)).get(same).state == again.state
    # A host checked against the kept table's token is refused once it was made again
    # (the kept state and the new table both at version 0), then reloads and writes.
    host = Sender(None, True)
    remade = one.create(game.ID, game.example_players(3), {}, table_id="host-again").id
    assert two.get(remade).version == 0
    one.delete(remade, by=None)
    one.create(game.ID, game.example_players(4), {}, table_id=remade)
    try:
        two.act(remade, 0, draw(1), by=host)
        raise AssertionError("a host write on a table made again was taken")
    except VersionConflict:
        pass
    assert two.get(remade).version == 0 and len(two.get(remade).players) == 4  # reloaded
    assert two.act(remade, 0, draw(1), by=host).version == 1


def test_writes_on_a_kept_state_that_storage_moved_past_on_postgresql(
        postgres_url: str) -> None:
    writes_on_a_kept_state_that_storage_moved_past(postgres_url)


def test_writes_on_a_kept_state_that_storage_moved_past_on_sqlite(tmp_path: Any) -> None:
    writes_on_a_kept_state_that_storage_moved_past(f"sqlite:///{tmp_path / 'kept.sqlite'}")


def _drop_every_connection(url: str) -> None:
    """What a restart of the database server does to the app's pooled connections."""
    import psycopg

    with psycopg.connect(_plain(url), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def test_connections_dropped_by_the_server_cost_at_most_one_503_and_nothing_written(
        postgres_url: str, monkeypatch: Any) -> None:
    """Pooled connections are tested only after sitting unused (no round trip per request):
    once the server dropped them, a connection idle that long is replaced before use; one
    in use every moment fails its one request with 503, nothing written, the whole pool is
    renewed and the retry goes through."""
    from companion import db as storage

    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    app.test_client_class = HostClient
    client = app.test_client()
    tid = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": [
        {"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]}).json["id"]
    draw = {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None}
    assert client.post(f"/api/tables/{tid}/actions", json={
        "expected_version": 0, "action": draw}).status_code == 200
    # Connections just used: the first request after the drop may fail (503), only that one.
    _drop_every_connection(postgres_url)
    answers = [client.get(f"/api/tables/{tid}").status_code for _ in range(3)]
    assert answers[-2:] == [200, 200] and set(answers) <= {200, 503}, answers
    write = client.post(f"/api/tables/{tid}/undo", json={"expected_version": 1})
    assert write.status_code == 200 and write.json["version"] == 2
    # Connections idle past the ping delay: tested before use, no request fails.
    monkeypatch.setattr(storage, "IDLE_PING_S", 0.0)
    _drop_every_connection(postgres_url)
    assert client.get(f"/api/tables/{tid}").status_code == 200
    again = client.post(f"/api/tables/{tid}/redo", json={"expected_version": 2})
    assert again.status_code == 200 and again.json["version"] == 3


def _service(app: Any) -> Any:
    """The app's table service (made on its first use)."""
    from companion.web.common import service

    with app.app_context():
        return service()


def test_reads_at_one_moment_share_a_statement_and_each_sees_what_was_acknowledged_before_it(
        postgres_url: str, monkeypatch: Any) -> None:
    """On PostgreSQL the requests of one process reading tables' versions at the same moment
    share one statement. Each still reads every write acknowledged before it asked (it joins
    the statement being gathered, never one already sent), and its own table's row: four
    tables far apart in their logs, a writer on each, sixteen readers."""
    import threading

    from companion.db import Database

    app = create_app({"TESTING": True, "DATABASE_URL": postgres_url})
    service = _service(app)
    draw = {"type": "draw", "seat": 0, "stress": 0, "stars": 0, "corner": None}
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    ids, acknowledged, sent = [], {}, {}
    for index in range(4):
        view = service.create("casse-toi-pov-con", players, {})
        for _ in range(index * 30):  # 0, 30, 60, 90 entries: a mixed-up row shows
            view = service.act(view.id, view.version,
                               draw if view.version % 2 == 0 else {"type": "retract",
                                                                   "seat": 0})
        ids.append(view.id)
        acknowledged[view.id] = sent[view.id] = view.version
    statements = []
    shared = Database.peek_all

    def counted(self: Any, sql: str, params: Any) -> Any:
        if "ANY" in sql:
            statements.append(len(params[0]))
        return shared(self, sql, params)

    monkeypatch.setattr(Database, "peek_all", counted)
    lock = threading.Lock()
    stop = threading.Event()
    failures: list[str] = []
    reads = []

    def write(table_id: str) -> None:
        version = acknowledged[table_id]
        while not stop.is_set() and version < acknowledged[table_id] + 40:
            with lock:
                sent[table_id] = version + 1
            action = draw if version % 2 == 0 else {"type": "retract", "seat": 0}
            version = service.act(table_id, version, action).version
            with lock:
                acknowledged[table_id] = version

    def read(reader: int) -> None:
        for turn in range(150):
            table_id = ids[(reader + turn) % len(ids)]
            with lock:
                before = acknowledged[table_id]
            try:
                got = service.version(table_id)
            except Exception as error:  # noqa: BLE001 - reported below
                failures.append(f"{table_id}: {error!r}")
                continue
            with lock:
                after = sent[table_id]
            reads.append(got)
            if not before <= got <= after:
                failures.append(f"{table_id}: read {got}, acknowledged {before}, sent {after}")

    writers = [threading.Thread(target=write, args=(table_id,)) for table_id in ids]
    readers = [threading.Thread(target=read, args=(reader,)) for reader in range(16)]
    for thread in writers + readers:
        thread.start()
    for thread in readers:
        thread.join()
    stop.set()
    for thread in writers:
        thread.join()
    assert not failures, failures[:5]
    assert len(reads) == 16 * 150
    # Fewer statements than reads: reads were shared (the readers wait on the server).
    assert len(statements) < len(reads) and max(statements) > 1, (len(statements), len(reads))
    app.extensions["companion_db"].engine.dispose()


def _plain(url: str) -> str:
    """The database URL as psycopg takes it (no SQLAlchemy driver name)."""
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def _readers_of_new_tables(url: str, count: int) -> tuple[Any, Any, list[str], Any,
                                                          dict[int, int]]:
    """An app, its table service, ``count`` new tables, and a GET of table ``index``
    through the API that records its status in the dict returned last."""
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    service = _service(app)
    players = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
    ids = [service.create("casse-toi-pov-con", players, {}).id for _ in range(count)]
    statuses: dict[int, int] = {}

    def get(index: int) -> None:
        statuses[index] = app.test_client().get(f"/api/tables/{ids[index]}").status_code

    return app, service, ids, get, statuses


def _waiting_on_a_lock(admin: Any, count: int) -> list[int]:
    """The backends of the app waiting for a lock, once there are ``count`` of them."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = [row[0] for row in admin.execute(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND query LIKE '%ANY%'").fetchall()]
        if len(found) >= count:
            return found
        time.sleep(0.02)
    raise AssertionError(f"no {count} reads waiting on the table's lock")


def test_a_shared_read_the_database_ends_answers_503_to_every_request_in_it(
        postgres_url: str) -> None:
    """A statement several requests share fails for each of them (503: the storage, not the
    program), and the next request reads as before: nobody is left waiting on it."""
    import threading

    import psycopg

    app, service, ids, get, statuses = _readers_of_new_tables(postgres_url, 5)
    plain = _plain(postgres_url)
    with psycopg.connect(plain) as admin_lock, psycopg.connect(plain, autocommit=True) as admin:
        # Every read of the tables' rows waits while this transaction holds them.
        admin_lock.execute("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE")
        first = threading.Thread(target=get, args=(0,))
        first.start()
        [leader] = _waiting_on_a_lock(admin, 1)  # its statement sent, and waiting
        others = [threading.Thread(target=get, args=(index,)) for index in range(1, 5)]
        for thread in others:
            thread.start()
        deadline = time.monotonic() + 10
        while len(service._grouped._gathering.ids) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(service._grouped._gathering.ids) == 4  # gathered for the next statement
        admin.execute("SELECT pg_terminate_backend(%s)", (leader,))
        first.join()
        # The four gathered requests' one statement is sent, waits, and is ended too.
        [shared] = _waiting_on_a_lock(admin, 1)
        admin.execute("SELECT pg_terminate_backend(%s)", (shared,))
        for thread in others:
            thread.join()
        admin_lock.rollback()
    assert statuses == {0: 503, 1: 503, 2: 503, 3: 503, 4: 503}
    assert [app.test_client().get(f"/api/tables/{table_id}").status_code
            for table_id in ids] == [200] * 5
    app.extensions["companion_db"].engine.dispose()


def test_a_request_waiting_too_long_for_a_shared_read_answers_503(postgres_url: str) -> None:
    """Waiting for a statement another request sent is bounded as a wait for a pooled
    connection is: past it, 503; the statement's own request still gets its answer."""
    import threading

    import psycopg

    app, service, ids, get, statuses = _readers_of_new_tables(postgres_url, 2)
    service._grouped._wait_s = 0.3
    plain = _plain(postgres_url)
    with psycopg.connect(plain) as admin_lock, psycopg.connect(plain, autocommit=True) as admin:
        admin_lock.execute("LOCK TABLE tables IN ACCESS EXCLUSIVE MODE")
        first = threading.Thread(target=get, args=(0,))
        first.start()
        _waiting_on_a_lock(admin, 1)
        second = threading.Thread(target=get, args=(1,))
        second.start()
        second.join(10)  # gives up after 0.3 s (twice that at most)
        assert statuses.get(1) == 503
        admin_lock.rollback()
        first.join()
    assert statuses[0] == 200
    assert app.test_client().get(f"/api/tables/{ids[1]}").status_code == 200
    app.extensions["companion_db"].engine.dispose()


def test_a_request_stopped_while_it_sends_a_shared_read_leaves_the_others_a_503_only(
        postgres_url: str, monkeypatch: Any) -> None:
    """A worker may stop a request at any moment (a timeout, a client gone: under gevent an
    exception that is not an error). If that request was the one sending a statement
    others gathered for, those are told the storage did not answer (503, and their phones
    try again), never handed the interruption, and the next read works."""
    import threading

    from sqlalchemy.exc import TimeoutError as PoolTimeout

    from companion.db import Database

    class Stopped(BaseException):
        pass

    app, service, ids, _get, _statuses = _readers_of_new_tables(postgres_url, 3)
    shared = Database.peek_all
    calls: list[str] = []

    def peek_all(self: Any, sql: str, params: Any) -> Any:
        if "ANY" not in sql:
            return shared(self, sql, params)
        calls.append(threading.current_thread().name)
        if len(calls) == 1:  # the first statement: sent once two others gathered behind it
            deadline = time.monotonic() + 10
            while len(service._grouped._gathering.ids) < 2 and time.monotonic() < deadline:
                time.sleep(0.005)
            return shared(self, sql, params)
        if len(calls) == 2:  # the gathered one: its sender is stopped as it sends it
            raise Stopped
        return shared(self, sql, params)

    monkeypatch.setattr(Database, "peek_all", peek_all)
    outcomes: dict[str, Any] = {}

    def read(index: int) -> None:
        try:
            outcomes[threading.current_thread().name] = service.version(ids[index])
        except BaseException as error:  # noqa: BLE001 - what each request was told
            outcomes[threading.current_thread().name] = error

    first = threading.Thread(target=read, args=(0,), name="first")
    first.start()
    deadline = time.monotonic() + 10
    while not calls and time.monotonic() < deadline:
        time.sleep(0.005)
    gathered = [threading.Thread(target=read, args=(index,), name=f"gathered-{index}")
                for index in (1, 2)]
    for thread in gathered:
        thread.start()
    for thread in [first, *gathered]:
        thread.join(10)
    assert outcomes["first"] == 0
    told = sorted(type(outcomes[f"gathered-{index}"]).__name__ for index in (1, 2))
    assert told == sorted(["Stopped", PoolTimeout.__name__]), outcomes
    assert calls[1] in ("gathered-1", "gathered-2") and len(calls) == 2
    assert [service.version(table_id) for table_id in ids] == [0, 0, 0]
    app.extensions["companion_db"].engine.dispose()
