"""Decks: an edition profile becomes a group's deck, changed in place from the deck editor
(the time of its last change, and a revision that every change moves).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("edition_profiles") as batch:
        batch.add_column(sa.Column("updated_at", sa.DateTime(), nullable=True))
        batch.add_column(sa.Column("revision", sa.Integer(), nullable=False,
                                   server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("edition_profiles") as batch:
        batch.drop_column("revision")
        batch.drop_column("updated_at")
