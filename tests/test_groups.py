"""Groups in the database (``companion.groups.store``): roster names checked as a table's
player names are, a link that stops working once revoked, the owner alone renaming, revoking
and deleting, a stale page refused, a table's seats linked to roster players, and a deleted
group leaving its tables and their logs in place."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from companion.db import Database, Group, GroupLink, GroupPlayer, TablePlayer, TableRow
from companion.games.base import GameError, MalformedInput
from companion.groups import store, zones
from companion.tables import TableService

OWNER, OTHER = "phone-owner-0001", "phone-other-0002"
STORM = "storm-candidate"


@pytest.fixture
def db(app: Flask) -> Database:
    database: Database = app.extensions["companion_db"]
    return database


@pytest.fixture
def group(db: Database) -> Iterator[tuple[int, str]]:
    """A group of three players (Ann, Bob, Cy), with its id and its link's token."""
    with db.write() as session:
        made, token = store.create(session, "Les Martin", OWNER, "Europe/Paris")
        for name in ("Ann", "Bob", "Cy"):
            store.add_player(session, made, name)
        group_id = made.id
    yield group_id, token


def names(db: Database, group_id: int) -> list[str]:
    with db.read() as session:
        return [p.name for p in store.roster(session, group_id)]


def revision(db: Database, group_id: int) -> int:
    with db.read() as session:
        found = session.get(Group, group_id)
        assert found is not None
        return found.revision


def change(db: Database, token: str, apply: Any) -> Any:
    with db.write() as session:
        return apply(session, store.by_token(session, token))


# ---------------------------------------------------------------------------- names

@pytest.mark.parametrize("name, code", [
    ("ann", "same_name"),                    # case
    ("\uff21\uff4e\uff4e", "same_name"),     # fullwidth
    ("A nn", "same_name"),                   # spaces
    ("An\u200bn", "bad_text"),               # zero-width space
    ("\u202eennA", "bad_text"),              # right-to-left override
    ("Ann\x07", "bad_text"),                 # control character
    ("x" * 41, "text_too_long"),
    ("   ", "bad_player_name"),
    (None, "bad_player_name"),
])
def test_a_roster_name_follows_the_rules_of_player_names(db: Database, group: tuple[int, str],
                                                         name: Any, code: str) -> None:
    group_id, token = group
    before = revision(db, group_id)
    with pytest.raises(MalformedInput) as refused:
        change(db, token, lambda s, g: store.add_player(s, g, name))
    assert refused.value.code == code
    assert names(db, group_id) == ["Ann", "Bob", "Cy"]
    assert revision(db, group_id) == before


def test_a_name_is_normalised_and_a_renamed_player_may_keep_its_own_name(
        db: Database, group: tuple[int, str]) -> None:
    group_id, token = group
    added = change(db, token, lambda s, g: store.add_player(s, g, "  Rene\u0301 Dupont "))
    assert added.name == "Ren\u00e9 Dupont" and added.mark == "RD"
    rev = revision(db, group_id)
    # the same name in another case is still this player's own
    change(db, token, lambda s, g: store.edit_player(s, g, added.id, rev, name="RENÉ DUPONT",
                                                     colour="blue", mark="🎲"))
    with pytest.raises(MalformedInput, match="already"):
        change(db, token, lambda s, g: store.edit_player(s, g, added.id, rev + 1, name="bob",
                                                         colour="blue", mark=""))
    with db.read() as session:
        player = session.get(GroupPlayer, added.id)
        assert (player.name, player.colour, player.mark) == ("RENÉ DUPONT", "blue", "🎲")


@pytest.mark.parametrize("mark, code", [("ABCDE", "text_too_long"),
                                        ("\U0001F468\u200d\U0001F469", "bad_text")])
def test_a_mark_is_short_and_visible(db: Database, group: tuple[int, str], mark: str,
                                     code: str) -> None:
    _group_id, token = group
    with pytest.raises(MalformedInput) as refused:
        change(db, token, lambda s, g: store.add_player(s, g, "Dee", "red", mark))
    assert refused.value.code == code


def test_a_colour_is_one_of_the_roster_colours_and_defaults_to_the_least_used(
        db: Database, group: tuple[int, str]) -> None:
    group_id, token = group
    with pytest.raises(MalformedInput, match="colour must be one of"):
        change(db, token, lambda s, g: store.add_player(s, g, "Dee", "#ff0000"))
    with db.read() as session:
        assert [p.colour for p in store.roster(session, group_id)] == ["red", "orange", "yellow"]
    dee = change(db, token, lambda s, g: store.add_player(s, g, "Dee"))
    assert dee.colour == "green" and dee.position == 3


# ---------------------------------------------------------------------------- the link

def test_the_server_keeps_the_links_hash_only(db: Database, group: tuple[int, str]) -> None:
    _group_id, token = group
    with db.read() as session:
        hashes = session.scalars(select(GroupLink.token_hash)).all()
    assert hashes == [store.token_hash(token)] and token not in hashes


def test_a_revoked_link_opens_nothing_and_the_new_one_opens_the_group(
        db: Database, group: tuple[int, str]) -> None:
    group_id, token = group
    new = change(db, token, lambda s, g: store.revoke(s, g, OWNER, g.revision))
    with db.read() as session:
        with pytest.raises(store.GroupLinkRevoked, match="replaced by a new one"):
            store.by_token(session, token)
        assert store.by_token(session, new).id == group_id
        with pytest.raises(store.GroupNotFound):
            store.by_token(session, "never-a-group-link-at-all")
        assert [g.id for g, _t in store.known(session, [token, new])] == [group_id]


def test_only_the_owner_renames_revokes_and_deletes(db: Database,
                                                    group: tuple[int, str]) -> None:
    group_id, token = group
    rev = revision(db, group_id)
    for act in (lambda s, g: store.rename(g, OTHER, rev, "Mine now"),
                lambda s, g: store.revoke(s, g, OTHER, rev),
                lambda s, g: store.delete_group(s, g, OTHER, rev)):
        with pytest.raises(store.NotGroupOwner):
            change(db, token, act)
    assert revision(db, group_id) == rev
    with db.read() as session:
        assert store.by_token(session, token).name == "Les Martin"


def test_a_change_from_a_stale_page_is_refused(db: Database, group: tuple[int, str]) -> None:
    group_id, token = group
    rev = revision(db, group_id)
    with db.read() as session:
        bob = store.roster(session, group_id)[1].id
    change(db, token, lambda s, g: store.move_player(s, g, bob, rev, -1))
    assert names(db, group_id) == ["Bob", "Ann", "Cy"]
    for act in (lambda s, g: store.move_player(s, g, bob, rev, -1),   # the same form again
                lambda s, g: store.remove_player(s, g, bob, rev),
                lambda s, g: store.add_player(s, g, "Dee", None, None, rev),
                lambda s, g: store.rename(g, OWNER, rev, "Renamed")):
        with pytest.raises(store.StaleGroup):
            change(db, token, act)
    assert names(db, group_id) == ["Bob", "Ann", "Cy"] and revision(db, group_id) == rev + 1


def test_a_phone_makes_a_bounded_number_of_groups(db: Database) -> None:
    with db.write() as session:
        for index in range(store.MAX_GROUPS_PER_PHONE):
            store.create(session, f"Group {index}", OTHER)
    with pytest.raises(MalformedInput, match="at most"), db.write() as session:
        store.create(session, "One too many", OTHER)


def test_a_group_keeps_the_phones_time_zone_when_it_is_a_real_one(db: Database) -> None:
    with db.write() as session:
        seoul, _ = store.create(session, "Seoul", OWNER, "Asia/Seoul")
        forged, _ = store.create(session, "Forged", OWNER, "../../etc/passwd")
        missing, _ = store.create(session, "Missing", OWNER, None)
        zones_kept = (seoul.time_zone, forged.time_zone, missing.time_zone)
    assert zones_kept == ("Asia/Seoul", zones.server_zone(), zones.server_zone())
    assert zones.server_zone() in zones.known_zones() or zones.server_zone() == "UTC"


# ---------------------------------------------------------------------------- tables

def start(db: Database, token: str, names_: list[str], keep: bool = False) -> tuple[str, list[str]]:
    colours = ["red", "blue", "yellow", "green"]
    kept: list[str] = []

    def join(session: Any, table_id: str) -> None:
        kept.extend(store.join_table(session, table_id, store.by_token(session, token), keep))
    view = TableService(db).create(STORM, [{"name": n, "colour": colours[i]}
                                          for i, n in enumerate(names_)], {}, also=join)
    return view.id, kept


def test_a_tables_seats_are_its_roster_players_by_name(db: Database,
                                                       group: tuple[int, str]) -> None:
    group_id, token = group
    table_id, kept = start(db, token, ["Cy", "ann", "Guest"])
    assert kept == []
    with db.read() as session:
        ids = {p.name: p.id for p in store.roster(session, group_id)}
        assert session.get(TableRow, table_id).group_id == group_id
        assert store.seats_of(session, table_id) == {0: ids["Cy"], 1: ids["Ann"]}
        assert store.seats_by_table(session, group_id) == {
            table_id: {0: ids["Cy"], 1: ids["Ann"]}}


def test_typed_names_join_the_roster_when_asked(db: Database, group: tuple[int, str]) -> None:
    group_id, token = group
    table_id, kept = start(db, token, ["Ann", "Dee", "Eve"], keep=True)
    assert kept == ["Dee", "Eve"]
    with db.read() as session:
        roster = store.roster(session, group_id)
        assert [(p.name, p.colour) for p in roster][3:] == [("Dee", "blue"), ("Eve", "yellow")]
        assert store.seats_of(session, table_id) == {0: roster[0].id, 1: roster[3].id,
                                                     2: roster[4].id}


def test_a_table_of_free_names_only_is_no_groups_table(db: Database,
                                                       group: tuple[int, str]) -> None:
    group_id, token = group
    table_id, _kept = start(db, token, ["Xavier", "Yann", "Zoé"])
    with db.read() as session:
        assert session.get(TableRow, table_id).group_id is None
        assert store.seats_by_table(session, group_id) == {}


def test_a_revoked_link_starts_no_table(db: Database, group: tuple[int, str]) -> None:
    _group_id, token = group
    change(db, token, lambda s, g: store.revoke(s, g, OWNER, g.revision))
    with pytest.raises(store.GroupLinkRevoked):
        start(db, token, ["Ann", "Bob"])
    with db.read() as session:
        assert session.scalars(select(TableRow.id)).all() == []


def test_deleting_a_group_keeps_its_tables_and_their_logs(db: Database,
                                                          group: tuple[int, str]) -> None:
    group_id, token = group
    table_id, _ = start(db, token, ["Ann", "Bob", "Cy"])
    service = TableService(db)
    version = service.act(table_id, 0, {"type": "seal", "seat": 0, "value": 5}).version
    assert version == 1
    tables = change(db, token, lambda s, g: store.delete_group(s, g, OWNER, g.revision))
    assert tables == 1
    with db.read() as session:
        assert session.get(Group, group_id) is None
        assert session.scalars(select(GroupPlayer)).all() == []
        assert session.scalars(select(TablePlayer)).all() == []
        assert session.get(TableRow, table_id).group_id is None
        with pytest.raises(store.GroupNotFound):
            store.by_token(session, token)
    again = TableService(db).get(table_id)
    assert again.version == version and [p["name"] for p in again.players] == ["Ann", "Bob", "Cy"]


def test_a_player_taken_off_the_roster_leaves_the_tables_names(db: Database,
                                                               group: tuple[int, str]) -> None:
    group_id, token = group
    table_id, _ = start(db, token, ["Ann", "Bob"])
    with db.read() as session:
        ann = store.roster(session, group_id)[0].id
    assert change(db, token, lambda s, g: store.remove_player(s, g, ann, g.revision)) == "Ann"
    with db.read() as session:
        assert [(p.name, p.position) for p in store.roster(session, group_id)] == \
            [("Bob", 0), ("Cy", 1)]
        assert list(store.seats_of(session, table_id)) == [1]
    assert TableService(db).get(table_id).players[0]["name"] == "Ann"


def test_a_rematch_keeps_its_tables_group_and_seats(db: Database,
                                                    group: tuple[int, str]) -> None:
    group_id, token = group
    table_id, _ = start(db, token, ["Bob", "Guest", "Cy"])
    view = TableService(db).create(STORM, TableService(db).get(table_id).players, {},
                                   also=lambda s, t: store.copy_links(s, table_id, t))
    with db.read() as session:
        assert store.seats_of(session, view.id) == store.seats_of(session, table_id)
        assert set(store.seats_by_table(session, group_id)) == {table_id, view.id}


def test_a_seat_names_a_player_of_the_group_once(db: Database, group: tuple[int, str]) -> None:
    group_id, token = group
    with db.write() as session:
        other, _ = store.create(session, "Others", OTHER)
        stranger = store.add_player(session, other, "Stranger").id
    with db.read() as session:
        ann = store.roster(session, group_id)[0].id
    for seats in ({0: stranger}, {0: ann, 1: ann}, {5: ann}):
        with pytest.raises(GameError):
            TableService(db).create(STORM, [{"name": "A", "colour": "red"},
                                            {"name": "B", "colour": "blue"}], {},
                                    also=lambda s, t, seats=seats: store.link_table(
                                        s, t, group_id, seats))
    with db.read() as session:
        assert session.scalars(select(TableRow.id)).all() == []
