"""Play summaries: each finished table's clock, ranking and start player, summed up from its
log and kept beside it, so a group's history is read in one query (a copy: any table whose
log moved on is summed up again, and an empty table of summaries is filled as pages read
them).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "play_summaries",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("format", sa.Integer(), nullable=False),
        sa.Column("summary", sa.JSON(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("play_summaries")
