"""Alembic's environment: runs migrations on the engine the companion hands it."""

from __future__ import annotations

from alembic import context

from companion.schema import Base

engine = context.config.attributes["engine"]

with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata,
                      render_as_batch=connection.dialect.name == "sqlite")
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
