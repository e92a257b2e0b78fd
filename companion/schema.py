"""The stored schema: the SQLAlchemy models of every table the companion keeps, which the
storage (``db``) reads and writes and the migrations (``migrations``) make and compare."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[Any] = mapped_column(JSON)
    options: Mapped[Any] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    # Moves with every change of who holds which seat (claims, requests, hand-overs), so the
    # phones' live view sees seat requests arrive as it sees the log grow.
    seating: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    watch_token: Mapped[str] = mapped_column(String(32), unique=True)
    host_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # The group whose table this is (None: free names only); which seat is which of its
    # players: ``table_players``. Deleting the group keeps the table and its log (the group's
    # deletion sets this to None first).
    group_id: Mapped[int | None] = mapped_column(ForeignKey("groups.id"), nullable=True,
                                                 index=True)


class EntryRow(Base):
    """One entry of a table's log: an action, an undo, a redo or a correction."""

    __tablename__ = "entries"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))  # action | undo | redo | amend
    payload: Mapped[Any] = mapped_column(JSON)
    label: Mapped[Any] = mapped_column(JSON)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the sender's seat
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Whom the action belongs to: a seat, or NULL for the whole table (or the host).
    owner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Who sent it: "seat" (a seated phone), "host", or "table" (the platform's own reveal).
    author: Mapped[str | None] = mapped_column(String(8), nullable=True)
    # A retried write carries the same key: unique per table, so it is applied once.
    idempotency_key: Mapped[str | None] = mapped_column(String(80), nullable=True)
    # A reveal entry: the sealed step's key and the values every phone then saw.
    revealed: Mapped[Any] = mapped_column(JSON, nullable=True)

    __table_args__ = (Index("ix_entries_idempotency", "table_id", "idempotency_key",
                            unique=True),)


class SeatClaim(Base):
    """Which phone holds a seat: the claim token kept in that phone's session."""

    __tablename__ = "seat_claims"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), index=True)
    claimed_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class SeatRequest(Base):
    """A phone asking for a seat another phone holds: the host (or the holder) decides."""

    __tablename__ = "seat_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    token: Mapped[str] = mapped_column(String(64), index=True)  # the asking phone's
    status: Mapped[str] = mapped_column(String(10), default="pending")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class Deck(Base):
    """A group's copy of a game, kept under a name: the edition values printed on it and its
    card lists (the game's options of kind "deck"). A deck with no cards is what an edition
    profile was; the table keeps its name."""

    __tablename__ = "edition_profiles"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    name: Mapped[str] = mapped_column(String(60))
    # The game's edition options by name (whole numbers, card lists); the game's defaults
    # stand in for a value the deck does not hold.
    values: Mapped[Any] = mapped_column(JSON)
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # The phone that saved it (its random id, kept in its cookie): only it changes the deck.
    # None: put on the server's shelf from the command line, read-only for every phone.
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    updated_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # Moves with every change: a form names the revision it was made from, so a change made
    # from a stale page (or sent twice) is refused rather than applied to a deck it never saw.
    revision: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


EditionProfile = Deck


class RateCount(Base):
    """How many requests of a kind one client made in one window of time: the abuse
    limits, shared by every process of the server through the database."""

    __tablename__ = "rate_counts"

    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    client: Mapped[str] = mapped_column(String(64), primary_key=True)
    period: Mapped[int] = mapped_column(Integer, primary_key=True)  # minutes since 1970
    count: Mapped[int] = mapped_column(Integer, default=0)


class Group(Base):
    """A group (a club, a family): its roster of players, kept on the server and shared by a
    link (``GroupLink``); no accounts. See ``companion.groups`` for who may do what."""

    __tablename__ = "groups"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(60))
    # The phone that made it (its cookie's random id): only it renames, revokes, deletes.
    owner: Mapped[str] = mapped_column(String(64), index=True)
    # The IANA name of the maker's time zone ("Europe/Paris"): the day a play counts for.
    time_zone: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Moves with every change of the group or its roster: a form names the revision its page
    # showed, and one from a stale page is refused (409).
    revision: Mapped[int] = mapped_column(Integer, default=1, server_default="1")


class GroupLink(Base):
    """A group's link: the SHA-256 of its bearer token (the token itself is only in the link
    and in the cookies of the phones that opened it). Revoking marks it and makes a new one,
    so an old link is told apart from one that never was."""

    __tablename__ = "group_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class GroupPlayer(Base):
    """One player of a group's roster: a name (checked as a table's player names are), a
    colour of ``companion.groups.COLOURS`` and a short mark (initials or an emoji)."""

    __tablename__ = "group_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"),
                                          index=True)
    name: Mapped[str] = mapped_column(String(40))
    colour: Mapped[str] = mapped_column(String(16))
    mark: Mapped[str] = mapped_column(String(16))
    position: Mapped[int] = mapped_column(Integer)  # the roster's order, from 0
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class TablePlayer(Base):
    """Which roster player sat at a seat of a group's table (a seat typed as a free name has
    no row). Gone with the table, or with the roster player."""

    __tablename__ = "table_players"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    group_player_id: Mapped[int] = mapped_column(
        ForeignKey("group_players.id", ondelete="CASCADE"), index=True)


class PlaySummary(Base):
    """A finished table's play summed up from its log (``companion.history.summary``): its
    clock, ranking and start player, kept so that a group's thousand tables are read in one
    query. Only a copy: it holds the version of the log it was made from, and any other
    version (or summary format) makes it again from the log."""

    __tablename__ = "play_summaries"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    format: Mapped[int] = mapped_column(Integer)
    summary: Mapped[Any] = mapped_column(JSON)


class SchemaBehind(RuntimeError):
    """The database was made by an earlier version: ``companion db upgrade`` brings it up."""
