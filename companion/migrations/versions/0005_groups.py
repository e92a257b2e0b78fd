"""Groups: a club's or a family's roster of players shared by a link, the table's group and
which roster player sat at each seat.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False, server_default="1"),
    )
    op.create_index("ix_groups_owner", "groups", ["owner"])
    op.create_table(
        "group_links",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("revoked_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_group_links_group_id", "group_links", ["group_id"])
    op.create_table(
        "group_players",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("colour", sa.String(16), nullable=False),
        sa.Column("mark", sa.String(16), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_index("ix_group_players_group_id", "group_players", ["group_id"])
    op.create_table(
        "table_players",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("group_player_id", sa.Integer(),
                  sa.ForeignKey("group_players.id", ondelete="CASCADE"), nullable=False),
    )
    op.create_index("ix_table_players_group_player_id", "table_players", ["group_player_id"])
    # A column with its reference written in the ALTER itself: SQLite adds it in place (no
    # copy of the tables table, whose rows the log's entries point at).
    op.add_column("tables", sa.Column("group_id", sa.Integer(), sa.ForeignKey("groups.id"),
                                      nullable=True),
                  inline_references=True)
    op.create_index("ix_tables_group_id", "tables", ["group_id"])


def downgrade() -> None:
    op.drop_index("ix_tables_group_id", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("group_id")
    op.drop_table("table_players")
    op.drop_table("group_players")
    op.drop_table("group_links")
    op.drop_table("groups")
