"""Schema migrations: an empty database, a database of the previous version with tables in
it (nothing lost), the migrated schema equal to the models, and the start-up check."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, text

from companion import migrations
from companion.db import Base, Database, SchemaBehind
from companion.tables import TableService

PLAYERS = [{"name": "Christiane", "party": "blue"}, {"name": "Jean", "party": "orange"}]


def previous_version_database(url: str) -> None:
    """A database as the version before migrations left it: the baseline tables, no
    ``alembic_version``, and a table with two log entries."""
    engine = create_engine(url)
    command.upgrade(migrations.config(engine), migrations.BASELINE)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE alembic_version"))
        conn.execute(text(
            "INSERT INTO tables (id, game, players, options, version, watch_token, host_token,"
            " created_at, updated_at) VALUES ('t1', 'casse-toi-pov-con', :players, '{}', 2,"
            " 'w1', 'h1', '2026-01-01', '2026-01-01')"), {"players": json.dumps(PLAYERS)})
        for seq, stress in ((1, 3), (2, 2)):
            action = {"type": "draw", "seat": 0, "stress": stress, "stars": 1,
                      "corner": None, "announced": False}
            conn.execute(text(
                "INSERT INTO entries (table_id, seq, kind, payload, label, seat, created_at)"
                " VALUES ('t1', :seq, 'action', :payload, :label, 0, '2026-01-01')"),
                {"seq": seq, "payload": json.dumps(action),
                 "label": json.dumps({"msgid": "card", "params": {}})})
        conn.execute(text("INSERT INTO seat_claims (table_id, seat, token, claimed_at)"
                          " VALUES ('t1', 0, 'tok', '2026-01-01')"))
    engine.dispose()


def test_an_empty_database_gets_the_newest_schema(tmp_path: Path) -> None:
    db = Database(f"sqlite:///{tmp_path / 'new.sqlite'}")
    assert migrations.current(db.engine) == migrations.head()


def _start_app(url: str, start: Any, errors: Any) -> None:
    """One server process coming up: waits for the others, then makes its app."""
    from companion import create_app

    start.wait()
    try:
        app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "t"})
        app.extensions["companion_db"].engine.dispose()
    except BaseException as error:  # noqa: BLE001 (reported to the test)
        import traceback

        ours = [line for line in traceback.format_exc().splitlines() if "companion" in line]
        errors.put(f"{error!r} at " + " / ".join(ours[-6:]))


def test_servers_started_at_once_over_one_new_database_make_it_once(tmp_path: Path) -> None:
    """Four server processes start together over one empty SQLite file (as two `companion
    serve` do): each comes up, the schema is made once and stamped, nobody is told the database
    is locked or behind. Processes, not threads: that is how servers share a database, and
    CPython 3.11 cannot compile Python code in several threads at once."""
    import multiprocessing

    import companion  # noqa: F401 (imported once, before the processes fork)

    context = multiprocessing.get_context("fork")
    for attempt in range(3):
        url = f"sqlite:///{tmp_path / f'new{attempt}.sqlite'}"
        start = context.Barrier(4)
        errors = context.Queue()
        processes = [context.Process(target=_start_app, args=(url, start, errors))
                     for _ in range(4)]
        for process in processes:
            process.start()
        for process in processes:
            process.join(timeout=120)
        assert [process.exitcode for process in processes] == [0, 0, 0, 0]
        reported = []
        while not errors.empty():
            reported.append(errors.get())
        assert not reported, reported
        engine = create_engine(url)
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).all() \
                == [(migrations.head(),)]
        engine.dispose()


def test_a_database_of_the_previous_version_is_refused_then_migrated_with_nothing_lost(
        tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    previous_version_database(url)
    with pytest.raises(SchemaBehind, match="companion db upgrade"):
        Database(url)
    engine = create_engine(url)
    assert migrations.upgrade(engine) == (migrations.BASELINE, migrations.head())
    engine.dispose()
    service = TableService(Database(url))
    view = service.get("t1")
    assert view.version == 2
    assert [c["stress"] for c in view.game.to_json(view.state)["players"][0]["walk"]] == [3, 2]
    assert service.seat_of("t1", "tok") == 0
    # and the table goes on: a new entry after the migrated ones
    assert service.undo("t1", 2).version == 3


def test_the_migrated_schema_is_the_models_schema(tmp_path: Path) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'm.sqlite'}")
    command.upgrade(migrations.config(engine), "head")
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert diff == []


def test_companion_db_upgrade_from_the_command_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite'}"
    previous_version_database(url)
    env = {"DATABASE_URL": url, "PATH": "/usr/bin:/bin"}
    run = subprocess.run([sys.executable, "-m", "companion", "db", "upgrade"], env=env,
                         capture_output=True, text=True, cwd=Path(__file__).parent.parent)
    assert run.returncode == 0, run.stderr
    assert f"{migrations.BASELINE} -> {migrations.head()}" in run.stdout
    Database(url)  # current now


def test_serve_refuses_a_database_that_is_behind_with_one_clear_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'behind.sqlite'}"
    previous_version_database(url)
    env = {"DATABASE_URL": url, "PATH": "/usr/bin:/bin", "SECRET_KEY": "x"}
    run = subprocess.run([sys.executable, "-m", "companion", "serve", "--port", "1"], env=env,
                         capture_output=True, text=True, timeout=60,
                         cwd=Path(__file__).parent.parent)
    assert run.returncode == 2
    assert "run `companion db upgrade`" in run.stderr and "Traceback" not in run.stderr


def test_a_postgresql_url_without_its_driver_says_which_extra_to_install(tmp_path: Path) -> None:
    # psycopg made impossible to import: the same as a machine without the postgres extra.
    program = ("import sys; sys.modules['psycopg'] = None; from companion.cli import main; "
               "sys.exit(main(['serve', '--port', '1']))")
    run = subprocess.run(
        [sys.executable, "-c", program],
        env={"DATABASE_URL": "postgresql+psycopg://u@localhost/db",
             "PATH": "/usr/bin:/bin", "SECRET_KEY": "x"},
        capture_output=True, text=True, timeout=60, cwd=Path(__file__).parent.parent)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().count("\n") == 0  # one line
    assert "pip install -e '.[postgres]'" in run.stderr


def database_at(url: str, revision: str) -> None:
    """A database as ``revision`` left it, with a table of two log entries, a seat, a deck and
    a rate count in it."""
    engine = create_engine(url)
    command.upgrade(migrations.config(engine), revision)
    with engine.begin() as conn:
        conn.execute(text(
            "INSERT INTO tables (id, game, players, options, version, seating, watch_token,"
            " host_token, created_at, updated_at) VALUES ('t1', 'casse-toi-pov-con', :players,"
            " '{}', 2, 0, 'w1', 'h1', '2026-01-01', '2026-01-01')"),
            {"players": json.dumps(PLAYERS)})
        for seq, stress in ((1, 3), (2, 2)):
            action = {"type": "draw", "seat": 0, "stress": stress, "stars": 1,
                      "corner": None, "announced": False}
            conn.execute(text(
                "INSERT INTO entries (table_id, seq, kind, payload, label, seat, created_at)"
                " VALUES ('t1', :seq, 'action', :payload, :label, 0, '2026-01-01')"),
                {"seq": seq, "payload": json.dumps(action),
                 "label": json.dumps({"msgid": "card", "params": {}})})
        conn.execute(text("INSERT INTO seat_claims (table_id, seat, token, claimed_at)"
                          " VALUES ('t1', 0, 'tok', '2026-01-01')"))
        conn.execute(text(
            "INSERT INTO edition_profiles (game, name, \"values\", note, created_at, owner,"
            " revision) VALUES ('casse-toi-pov-con', 'Our copy', '{}', '', '2026-01-01',"
            " 'phone-a', 3)"))
        conn.execute(text("INSERT INTO rate_counts (kind, client, period, count)"
                          " VALUES ('tables', 'loopback', 1, 4)"))
    engine.dispose()


def test_a_database_before_groups_is_migrated_with_nothing_lost_and_tables_join_groups(
        tmp_path: Path) -> None:
    """From 0004 (before groups) with a table, a deck and counts in it: everything is there
    after the upgrade, the old table has no group, and a group's table links its seats."""
    from companion.db import Deck, Group, GroupPlayer, TablePlayer, TableRow
    from companion.groups import store

    url = f"sqlite:///{tmp_path / 'before-groups.sqlite'}"
    database_at(url, "0004")
    with pytest.raises(SchemaBehind):
        Database(url)
    engine = create_engine(url)
    assert migrations.upgrade(engine) == ("0004", migrations.head())
    engine.dispose()
    db = Database(url)
    service = TableService(db)
    assert service.get("t1").version == 2 and service.seat_of("t1", "tok") == 0
    with db.read() as session:
        assert session.get(TableRow, "t1").group_id is None
        deck = session.query(Deck).one()
        assert (deck.name, deck.owner, deck.revision) == ("Our copy", "phone-a", 3)
    with db.write() as session:
        group, _token = store.create(session, "Les Martin", "phone-a", "Europe/Paris")
        ann = store.add_player(session, group, "Ann", "blue", "")
        group_id, ann_id = group.id, ann.id
    view = service.create("casse-toi-pov-con", PLAYERS, {}, also=lambda session, table_id:
                          store.link_table(session, table_id, group_id, {0: ann_id}))
    with db.read() as session:
        assert session.get(TableRow, view.id).group_id == group_id
        assert [(p.seat, p.group_player_id) for p in session.query(TablePlayer)] == \
            [(0, ann_id)]
        assert session.get(Group, group_id).time_zone == "Europe/Paris"
        assert session.get(GroupPlayer, ann_id).mark == "A"
    # the old table goes on, and is deleted with nothing left pointing at it
    assert service.undo("t1", 2).version == 3
    service.delete(view.id, None)
    with db.read() as session:
        assert session.query(TablePlayer).count() == 0
    db.engine.dispose()


def test_the_groups_migration_goes_down_and_up_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'down.sqlite'}"
    database_at(url, "0005")
    engine = create_engine(url)
    cfg = migrations.config(engine)
    command.downgrade(cfg, "0004")
    with engine.connect() as conn:
        assert "groups" not in {r[0] for r in conn.execute(text(
            "SELECT name FROM sqlite_master WHERE type = 'table'"))}
        assert conn.execute(text("SELECT version FROM tables WHERE id = 't1'")).scalar() == 2
    command.upgrade(cfg, "head")
    engine.dispose()


def test_a_database_before_play_summaries_is_migrated_and_its_tables_summed_up(
        tmp_path: Path) -> None:
    """From 0005 (before play summaries) with a table of two entries in it: after the
    upgrade the table reads as before, its summary is made from its log on first read and
    kept once the table is finished; down and up again keeps the log."""
    from companion.db import PlaySummary
    from companion.history import store

    url = f"sqlite:///{tmp_path / 'before-summaries.sqlite'}"
    database_at(url, "0005")
    with pytest.raises(SchemaBehind):
        Database(url)
    engine = create_engine(url)
    assert migrations.upgrade(engine) == ("0005", migrations.head())
    engine.dispose()
    db = Database(url)
    service = TableService(db)
    found = store.summaries_of(service, ["t1"])["t1"]
    assert found["entries"] == 2 and found["finished"] is False
    assert found["started"] == "2026-01-01T00:00:00"  # the first entry's moment
    with db.read() as session:
        assert session.query(PlaySummary).count() == 0  # a running table is not kept
    db.engine.dispose()
    engine = create_engine(url)
    cfg = migrations.config(engine)
    command.downgrade(cfg, "0005")
    with engine.connect() as conn:
        assert "play_summaries" not in {r[0] for r in conn.execute(text(
            "SELECT name FROM sqlite_master WHERE type = 'table'"))}
        assert conn.execute(text("SELECT version FROM tables WHERE id = 't1'")).scalar() == 2
    command.upgrade(cfg, "head")
    engine.dispose()


def test_a_postgresql_database_before_groups_is_migrated(postgres_url: str) -> None:
    """The groups migration on PostgreSQL: a database of its own at 0004 with a table in it,
    upgraded, the table still there and its seats linked to a group's player."""
    from companion.db import Group, TablePlayer
    from companion.groups import store

    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text("DROP DATABASE IF EXISTS companion_before_groups"))
        conn.execute(text("CREATE DATABASE companion_before_groups"))
    url = postgres_url.replace("/companion?", "/companion_before_groups?")
    try:
        database_at(url, "0004")
        engine = create_engine(url)
        assert migrations.upgrade(engine) == ("0004", migrations.head())
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        engine.dispose()
        assert diff == []
        db = Database(url)
        service = TableService(db)
        assert service.get("t1").version == 2
        with db.write() as session:
            group, _token = store.create(session, "Club", "phone-a", "Asia/Seoul")
            ann = store.add_player(session, group, "Christiane").id
            group_id = group.id
        view = service.create("casse-toi-pov-con", PLAYERS, {}, also=lambda s, t: (
            store.join_table(s, t, s.get(Group, group_id), keep_new=False)))
        with db.read() as session:
            assert [(p.seat, p.group_player_id) for p in session.query(TablePlayer)] == \
                [(0, ann)]
            assert store.seats_by_table(session, group_id) == {view.id: {0: ann}}
        db.engine.dispose()
    finally:
        with admin.connect() as conn:
            conn.execute(text("DROP DATABASE IF EXISTS companion_before_groups WITH (FORCE)"))
        admin.dispose()
