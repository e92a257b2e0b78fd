"""Groups in the database: made, renamed, their link revoked, deleted; their roster's players
added, changed, removed and reordered; a table's seats linked to roster players.

Who may do what is decided here, from what the caller holds: a group found by its link's
token (``by_token``) is a group the phone may use (see and change its roster, start tables);
renaming, revoking and deleting also need the owner's phone id. Every change from a page
names the revision the page showed: one from a stale page, or the same form sent twice, is
refused (``StaleGroup``) rather than applied to a roster its sender never saw. A refused
change raises before anything is written.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from ..db import Group, GroupLink, GroupPlayer, TablePlayer, TableRow, utcnow
from ..games.base import N_, GameError, MalformedInput
from ..inputs import MAX_NAME, clean_text, name_key
from .zones import checked_zone

# A roster player's colour: every colour a game of the companion gives its players (a
# roster player tapped into a table takes the game's colour or party of the same name).
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "pink", "white", "black")
MAX_GROUP_NAME = 60
MAX_MARK = 4  # characters: initials, or an emoji with its modifier
MAX_GROUPS_PER_PHONE = 20  # groups one phone may own (a flood of groups is refused)
MAX_ROSTER = 60  # players of one group
TOKEN_BYTES = 16  # 128 random bits in a group's link


class GroupNotFound(GameError):
    """No group has this link (it never had, or the group was deleted)."""

    code = "no_such_group"


class GroupLinkRevoked(GameError):
    """The link was a group's, and its owner replaced it with a new one."""

    code = "group_link_revoked"


class NotGroupOwner(GameError):
    """Only the phone that made a group renames it, revokes its link or deletes it."""

    code = "not_group_owner"


class StaleGroup(GameError):
    """The group changed since the page the change was made from."""

    code = "stale_group"


class NoSuchPlayer(GameError):
    """No player of this group has that id."""

    code = "no_such_player"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def _new_link(session: Session, group_id: int) -> str:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session.add(GroupLink(token_hash=token_hash(token), group_id=group_id))
    return token


# ---------------------------------------------------------------------------- names and marks

def clean_group_name(value: Any) -> str:
    name = clean_text(value, "name", limit=MAX_GROUP_NAME)
    if not isinstance(name, str) or not name:
        raise MalformedInput(N_("a group needs a name of 1 to %(limit)s characters"),
                             code="bad_group_name", limit=MAX_GROUP_NAME)
    return name


def clean_player_name(value: Any, others: Iterable[GroupPlayer] = ()) -> str:
    """A roster name, by the rules of a table's player names: NFC and trimmed, no control,
    invisible or direction character, 40 characters at most, and not the name of another
    player of the roster to the eye (equal after NFKC and case folding, spaces aside)."""
    name = clean_text(value, "name", limit=MAX_NAME)
    if not isinstance(name, str) or not name:
        raise MalformedInput(N_("a player needs a name of 1 to %(limit)s characters"),
                             code="bad_player_name", limit=MAX_NAME)
    key = name_key(name)
    for other in others:
        if name_key(other.name) == key:
            raise MalformedInput(N_("the name %(name)s is already %(other)s's in the group"),
                                 code="same_name", name=name, other=other.name)
    return name


def initials(name: str) -> str:
    """The first letter of the name's first two words, as capitals ("Anne Marie" -> "AM")."""
    return "".join(word[0] for word in name.split()[:2]).upper()[:MAX_MARK]


def clean_mark(value: Any, name: str) -> str:
    """A player's mark: what was typed (initials, an emoji), else the name's initials."""
    mark = clean_text(value if value is not None else "", "mark", limit=MAX_MARK)
    if not isinstance(mark, str):
        raise MalformedInput(N_("a mark must be a text"), code="bad_mark")
    return mark or initials(name)


def clean_colour(value: Any, roster: list[GroupPlayer]) -> str:
    """One of ``COLOURS``; none given: the first the roster uses least."""
    if value in (None, ""):
        used = [p.colour for p in roster]
        return min(COLOURS, key=lambda c: (used.count(c), COLOURS.index(c)))
    if value not in COLOURS:
        raise MalformedInput(N_("colour must be one of %(choices)s"), code="bad_colour",
                             choices=", ".join(COLOURS))
    return str(value)


# ---------------------------------------------------------------------------- groups

def create(session: Session, name: Any, owner: str, time_zone: Any = None
           ) -> tuple[Group, str]:
    """A new group owned by ``owner``, with its link's token (given once: the server keeps
    its hash only)."""
    clean = clean_group_name(name)
    owned = session.scalar(select(func.count()).select_from(Group).where(Group.owner == owner))
    if (owned or 0) >= MAX_GROUPS_PER_PHONE:
        raise MalformedInput(N_("a phone makes %(limit)s groups at most: delete one first"),
                             code="too_many_groups", limit=MAX_GROUPS_PER_PHONE)
    now = utcnow()
    group = Group(name=clean, owner=owner, time_zone=checked_zone(time_zone),
                  created_at=now, updated_at=now, revision=1)
    session.add(group)
    session.flush()
    return group, _new_link(session, group.id)


def by_token(session: Session, token: Any) -> Group:
    """The group a link opens: ``GroupNotFound`` for a link that never was a group's (or
    whose group was deleted), ``GroupLinkRevoked`` for one its owner replaced."""
    if not isinstance(token, str) or not 8 <= len(token) <= 64:
        raise GroupNotFound(N_("no group has this link"))
    link = session.get(GroupLink, token_hash(token))
    group = session.get(Group, link.group_id) if link is not None else None
    if link is None or group is None:
        raise GroupNotFound(N_("no group has this link"))
    if link.revoked_at is not None:
        raise GroupLinkRevoked(N_("this link to the group %(name)s was replaced by a new one: "
                                  "ask its owner for the new link"), name=group.name)
    return group


def known(session: Session, tokens: Iterable[str]) -> list[tuple[Group, str]]:
    """The groups of the tokens a phone keeps that still open their group, in their order."""
    found = []
    for token in tokens:
        try:
            found.append((by_token(session, token), token))
        except GameError:
            continue
    return found


def owned_by(session: Session, phone: str) -> list[Group]:
    return list(session.scalars(select(Group).where(Group.owner == phone)
                                .order_by(Group.name, Group.id)).all())


def check_owner(group: Group, phone: str | None) -> None:
    if phone is None or group.owner != phone:
        raise NotGroupOwner(N_("only the phone that made the group %(name)s can do this"),
                            name=group.name)


def check_revision(group: Group, revision: Any) -> None:
    if isinstance(revision, str) and revision.isascii() and revision.isdigit():
        revision = int(revision)
    if revision != group.revision:
        raise StaleGroup(N_("the group %(name)s changed since this page was opened: here it "
                            "is as it is now"), name=group.name)


def _changed(group: Group) -> None:
    group.revision += 1
    group.updated_at = utcnow()


def rename(group: Group, phone: str, revision: Any, name: Any) -> None:
    check_owner(group, phone)
    check_revision(group, revision)
    group.name = clean_group_name(name)
    _changed(group)


def revoke(session: Session, group: Group, phone: str, revision: Any) -> str:
    """Replace the group's link: the old one answers "replaced" from now on, the new token
    is returned (given once)."""
    check_owner(group, phone)
    check_revision(group, revision)
    session.execute(update(GroupLink).where(GroupLink.group_id == group.id,
                                            GroupLink.revoked_at.is_(None))
                    .values(revoked_at=utcnow()))
    _changed(group)
    return _new_link(session, group.id)


def table_count(session: Session, group_id: int) -> int:
    return int(session.scalar(select(func.count()).select_from(TableRow)
                              .where(TableRow.group_id == group_id)) or 0)


def delete_group(session: Session, group: Group, phone: str, revision: Any) -> int:
    """Delete the group, its roster and its links. Its tables stay, logs and all: they lose
    their group and their seats' links to the roster (the names typed then stay). Returns how
    many tables it had."""
    check_owner(group, phone)
    check_revision(group, revision)
    tables = table_count(session, group.id)
    players = select(GroupPlayer.id).where(GroupPlayer.group_id == group.id)
    session.execute(delete(TablePlayer).where(TablePlayer.group_player_id.in_(players)))
    session.execute(update(TableRow).where(TableRow.group_id == group.id)
                    .values(group_id=None))
    session.execute(delete(GroupPlayer).where(GroupPlayer.group_id == group.id))
    session.execute(delete(GroupLink).where(GroupLink.group_id == group.id))
    session.delete(group)
    return tables


# ---------------------------------------------------------------------------- the roster

def roster(session: Session, group_id: int) -> list[GroupPlayer]:
    return list(session.scalars(select(GroupPlayer).where(GroupPlayer.group_id == group_id)
                                .order_by(GroupPlayer.position, GroupPlayer.id)).all())


def _player(players: list[GroupPlayer], player_id: Any) -> GroupPlayer:
    if isinstance(player_id, str) and player_id.isascii() and player_id.isdigit():
        player_id = int(player_id)
    found = next((p for p in players if p.id == player_id), None)
    if found is None:
        raise NoSuchPlayer(N_("no player %(id)s in this group"), id=player_id)
    return found


def add_player(session: Session, group: Group, name: Any, colour: Any = None,
               mark: Any = None, revision: Any = None) -> GroupPlayer:
    """A new player at the end of the roster. ``revision`` None: added by a table (its typed
    names kept), which names no page."""
    if revision is not None:
        check_revision(group, revision)
    players = roster(session, group.id)
    if len(players) >= MAX_ROSTER:
        raise MalformedInput(N_("a group has %(limit)s players at most"),
                             code="roster_full", limit=MAX_ROSTER)
    clean = clean_player_name(name, players)
    player = GroupPlayer(group_id=group.id, name=clean, colour=clean_colour(colour, players),
                         mark=clean_mark(mark, clean),
                         position=max((p.position for p in players), default=-1) + 1)
    session.add(player)
    session.flush()
    _changed(group)
    return player


def edit_player(session: Session, group: Group, player_id: Any, revision: Any, *,
                name: Any, colour: Any, mark: Any) -> GroupPlayer:
    check_revision(group, revision)
    players = roster(session, group.id)
    player = _player(players, player_id)
    clean = clean_player_name(name, [p for p in players if p.id != player.id])
    player.colour = clean_colour(colour, [p for p in players if p.id != player.id])
    player.name, player.mark = clean, clean_mark(mark, clean)
    _changed(group)
    return player


def remove_player(session: Session, group: Group, player_id: Any, revision: Any) -> str:
    """Take a player off the roster (the seats it held at past tables lose their link; the
    tables keep the name). Returns the name."""
    check_revision(group, revision)
    players = roster(session, group.id)
    player = _player(players, player_id)
    session.execute(delete(TablePlayer).where(TablePlayer.group_player_id == player.id))
    session.delete(player)
    for position, other in enumerate(p for p in players if p.id != player.id):
        other.position = position
    _changed(group)
    return player.name


def move_player(session: Session, group: Group, player_id: Any, revision: Any,
                step: int) -> None:
    """Move a player one place up (``step`` -1) or down (+1) the roster."""
    check_revision(group, revision)
    players = roster(session, group.id)
    player = _player(players, player_id)
    at = players.index(player)
    other = at + step
    if 0 <= other < len(players):
        players[at], players[other] = players[other], players[at]
        for position, each in enumerate(players):
            each.position = position
    _changed(group)


# ---------------------------------------------------------------------------- tables

def link_table(session: Session, table_id: str, group_id: int,
               seats: Mapping[int, Any]) -> None:
    """Record a new table's group and which seat is which roster player (``seats``: seat ->
    roster player id), in the table's own transaction: a player no longer on the roster
    refuses the table."""
    row = session.get(TableRow, table_id)
    if row is None:
        raise GroupNotFound(N_("no table %(id)s"), id=table_id)
    players = {p.id: p for p in roster(session, group_id)}
    chosen: set[int] = set()
    for seat, player_id in seats.items():
        if player_id not in players:
            raise NoSuchPlayer(N_("player %(index)s is no longer in the group: tap the name "
                                  "again"), index=seat + 1)
        if player_id in chosen or not 0 <= seat < len(row.players or []):
            raise MalformedInput(N_("player %(index)s: a player of the group takes one seat only"),
                                 code="same_name", index=seat + 1)
        chosen.add(player_id)
    row.group_id = group_id
    for seat, player_id in sorted(seats.items()):
        session.add(TablePlayer(table_id=table_id, seat=seat, group_player_id=player_id))


def join_table(session: Session, table_id: str, group: Group, keep_new: bool) -> list[str]:
    """A new table started with a group's players offered: each seat whose name is a roster
    player's (to the eye: roster names are unique so) is that player; with ``keep_new`` the
    other names join the roster (while it has room) and their seats are theirs. The table
    belongs to the group when one seat at least is a roster player; with free names only it
    stays a table of free names. Returns the names kept."""
    row = session.get(TableRow, table_id)
    if row is None:
        raise GroupNotFound(N_("no table %(id)s"), id=table_id)
    players = roster(session, group.id)
    by_key = {name_key(p.name): p.id for p in players}
    seats: dict[int, int] = {}
    kept: list[str] = []
    for seat, typed in enumerate(row.players or []):
        name = typed.get("name") if isinstance(typed, dict) else None
        if not isinstance(name, str) or not name:
            continue
        if name_key(name) in by_key:
            seats[seat] = by_key[name_key(name)]
        elif keep_new and len(players) + len(kept) < MAX_ROSTER:
            colour = typed.get("colour") or typed.get("party")
            added = add_player(session, group, name, colour if colour in COLOURS else None)
            seats[seat] = by_key[name_key(name)] = added.id
            kept.append(added.name)
    if seats:
        link_table(session, table_id, group.id, seats)
    return kept


def copy_links(session: Session, from_table: str, to_table: str) -> None:
    """A rematch's group and seats: those of the table it follows."""
    row = session.get(TableRow, from_table)
    if row is None or row.group_id is None:
        return
    seats = {p.seat: p.group_player_id for p in session.scalars(
        select(TablePlayer).where(TablePlayer.table_id == from_table))}
    link_table(session, to_table, row.group_id, seats)


def seats_of(session: Session, table_id: str) -> dict[int, int]:
    """A table's seats that were roster players: seat -> roster player id."""
    return {p.seat: p.group_player_id for p in session.scalars(
        select(TablePlayer).where(TablePlayer.table_id == table_id))}


def seats_by_table(session: Session, group_id: int) -> dict[str, dict[int, int]]:
    """Every table of a group, each with its seats that were roster players (a table of the
    group whose seats were all typed has an empty mapping)."""
    found: dict[str, dict[int, int]] = {
        table_id: {} for table_id in session.scalars(
            select(TableRow.id).where(TableRow.group_id == group_id))}
    for link in session.scalars(select(TablePlayer).join(
            TableRow, TableRow.id == TablePlayer.table_id).where(TableRow.group_id == group_id)):
        found.setdefault(link.table_id, {})[link.seat] = link.group_player_id
    return found
