"""Rate counts: the abuse limits kept in the database, so every process of a server counts
the same requests (a limit per process let two workers take twice as many).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rate_counts",
        sa.Column("kind", sa.String(20), primary_key=True),
        sa.Column("client", sa.String(64), primary_key=True),
        sa.Column("period", sa.Integer(), primary_key=True),
        sa.Column("count", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rate_counts")
