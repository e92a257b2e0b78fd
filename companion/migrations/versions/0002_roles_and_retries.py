"""Roles and retries: who owns and who sent each entry, idempotency keys, revealed seals,
seat requests, edition profiles owned by the phone that saved them.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seating", sa.Integer(), nullable=False,
                                   server_default="0"))
    with op.batch_alter_table("entries") as batch:
        batch.add_column(sa.Column("owner", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("author", sa.String(8), nullable=True))
        batch.add_column(sa.Column("idempotency_key", sa.String(80), nullable=True))
        batch.add_column(sa.Column("revealed", sa.JSON(), nullable=True))
        batch.create_index("ix_entries_idempotency", ["table_id", "idempotency_key"],
                           unique=True)
    with op.batch_alter_table("edition_profiles") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.create_index("ix_edition_profiles_owner", ["owner"])
    op.create_table(
        "seat_requests",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("resolved_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_seat_requests_table_id", "seat_requests", ["table_id"])
    op.create_index("ix_seat_requests_token", "seat_requests", ["token"])


def downgrade() -> None:
    op.drop_table("seat_requests")
    with op.batch_alter_table("edition_profiles") as batch:
        batch.drop_index("ix_edition_profiles_owner")
        batch.drop_column("owner")
    with op.batch_alter_table("entries") as batch:
        batch.drop_index("ix_entries_idempotency")
        for column in ("revealed", "idempotency_key", "author", "owner"):
            batch.drop_column(column)
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seating")
