"""Schema migrations (Alembic): ``companion db upgrade`` brings a database to this version.

A new, empty database gets the current schema at once and is stamped with the newest
revision; a database made by an earlier version is refused at start-up with a message that
names the command, and ``upgrade`` migrates it (SQLite and PostgreSQL alike). A database
made before migrations existed (tables but no ``alembic_version``) is the baseline revision.
"""

from __future__ import annotations

import functools
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

HERE = Path(__file__).parent
BASELINE = "0001"


def config(engine: Engine | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    if engine is not None:
        cfg.attributes["engine"] = engine
    return cfg


@functools.cache
def scripts() -> ScriptDirectory:
    """The revision scripts, read once per process (every app made, in a server or a test,
    checks its database against them)."""
    return ScriptDirectory.from_config(config())


def head() -> str:
    revision = scripts().get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    """The database's revision: None when it is empty, the baseline when it predates
    migrations."""
    with engine.connect() as conn:
        return _current_of(conn)


def _current_of(conn: Connection) -> str | None:
    names = set(inspect(conn).get_table_names())
    if not names:
        return None
    if "alembic_version" not in names:
        return BASELINE
    return MigrationContext.configure(conn).get_current_revision() or BASELINE


CREATE_LOCK = 7_406_202  # PostgreSQL's advisory lock for making an empty database


def _create(engine: Engine) -> str | None:
    """Make the schema of an empty database and stamp it, in one transaction that holds the
    database's write lock (SQLite's BEGIN IMMEDIATE, an advisory lock on PostgreSQL): two
    servers started at once over one new database make it once, and neither sees it half
    made. Returns the revision found once the lock is held."""
    from ..schema import Base

    with engine.execution_options(immediate=True).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({CREATE_LOCK})")
        revision = _current_of(conn)
        if revision is None:  # still empty: this process makes it
            Base.metadata.create_all(conn)
            MigrationContext.configure(conn).stamp(scripts(), head())
            return head()
        return revision


def ensure_current(engine: Engine) -> None:
    """Create an empty database at the newest revision; refuse one that is behind."""
    from ..schema import SchemaBehind

    revision = current(engine)
    if revision is None:
        revision = _create(engine)
    if revision != head():
        raise SchemaBehind(
            f"the database is at schema revision {revision}, this version needs {head()}: "
            f"run `companion db upgrade` (back the database up first)")


def upgrade(engine: Engine) -> tuple[str | None, str]:
    """Migrate the database to the newest revision; returns (from, to)."""
    before = current(engine)
    cfg = config(engine)
    if before is None:
        from ..schema import Base

        Base.metadata.create_all(engine)
        command.stamp(cfg, head())
    else:
        with engine.connect() as conn:
            has_version = "alembic_version" in inspect(conn).get_table_names()
        if not has_version:
            command.stamp(cfg, BASELINE)
        command.upgrade(cfg, "head")
    return before, head()
