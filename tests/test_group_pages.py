"""The group pages: a group made and its players added from a phone, its link shared (and
never sent in a Referer), another phone holding the link changing the players but not the
group, a revoked link answering 410, a deletion that asks first and keeps the tables, and the
new-table page offering the group's players and recording who sat where."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select

from companion.db import Group, TableRow
from companion.groups import store

STORM = "storm-candidate"


def make_group(client: FlaskClient, name: str = "Les Martin",
               zone: str = "Europe/Paris") -> str:
    answer = client.post("/groups/new", data={"name": name, "time_zone": zone})
    assert answer.status_code == 302, answer.get_data(as_text=True)
    found = re.fullmatch(r"/g/([A-Za-z0-9_-]+)", answer.headers["Location"])
    assert found
    return found.group(1)


def rev(app: Flask, token: str) -> int:
    with app.extensions["companion_db"].read() as session:
        return store.by_token(session, token).revision


def add(client: FlaskClient, app: Flask, token: str, name: str, colour: str = "",
        mark: str = "") -> Any:
    return client.post(f"/g/{token}/players", data={"name": name, "colour": colour,
                                                     "mark": mark, "rev": rev(app, token)})


def roster(app: Flask, token: str) -> list[tuple[str, str, str]]:
    with app.extensions["companion_db"].read() as session:
        group = store.by_token(session, token)
        return [(p.name, p.colour, p.mark) for p in store.roster(session, group.id)]


def player_ids(app: Flask, token: str) -> list[int]:
    with app.extensions["companion_db"].read() as session:
        return [p.id for p in store.roster(session, store.by_token(session, token).id)]


def test_a_group_is_made_filled_and_listed(app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    for name, colour, mark in (("Ann", "blue", ""), ("Bob", "", "🎸"), ("Cy Li", "green", "")):
        assert add(client, app, token, name, colour, mark).status_code == 302
    assert roster(app, token) == [("Ann", "blue", "A"), ("Bob", "red", "🎸"),
                                  ("Cy Li", "green", "CL")]
    page = client.get(f"/g/{token}")
    text = page.get_data(as_text=True)
    assert page.status_code == 200 and "Les Martin" in text
    assert text.index("Ann") < text.index("Bob") < text.index("Cy Li")
    assert 'class="mark mark-green"' in text and "3 players" in text
    # the share section: the link itself and its QR code, drawn as the table's join code is
    assert f'value="http://localhost/g/{token}"' in text
    assert 'class="qr-code"' in text and "Share this group" in text
    listed = client.get("/groups").get_data(as_text=True)
    assert f"/g/{token}" in listed and "made on this phone" in listed
    with app.extensions["companion_db"].read() as session:
        assert session.scalars(select(Group.time_zone)).all() == ["Europe/Paris"]


def test_the_group_page_is_a_bearer_secret(app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    page = client.get(f"/g/{token}")
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert page.headers["Cache-Control"] == "no-store"
    # a form sent from another site (no CSRF token) changes nothing
    refused = client.post(f"/g/{token}/players", data={"name": "Eve", "rev": rev(app, token)},
                          csrf=False)
    assert refused.status_code == 403 and roster(app, token) == []
    # the new-table page names the group by its id, never by its link
    new_table = client.get(f"/new/{STORM}").get_data(as_text=True)
    assert "Players from Les Martin" in new_table and token not in new_table


def test_a_refused_name_says_why_and_changes_nothing(app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    add(client, app, token, "Ann")
    before = rev(app, token)
    for name, reason in (("ANN", "The name ANN is already Ann&#39;s in the group"),
                         ("An\u200bn", "invisible or direction character (U+200B)"),
                         ("x" * 41, "40 characters at most")):
        answer = add(client, app, token, name)
        assert answer.status_code == 400
        assert reason in answer.get_data(as_text=True)
    assert roster(app, token) == [("Ann", "red", "A")] and rev(app, token) == before


def test_a_form_from_a_stale_page_is_answered_409(app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    add(client, app, token, "Ann")
    stale = rev(app, token)
    add(client, app, token, "Bob")
    [ann, _bob] = player_ids(app, token)
    answer = client.post(f"/g/{token}/players/{ann}/remove", data={"rev": stale})
    assert answer.status_code == 409
    assert "changed since this page was opened" in answer.get_data(as_text=True)
    assert [n for n, _c, _m in roster(app, token)] == ["Ann", "Bob"]


def test_another_phone_with_the_link_changes_the_players_not_the_group(
        app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    add(client, app, token, "Ann")
    other = app.test_client()
    assert other.get(f"/g/{token}").status_code == 200  # it remembers the group now
    assert "Les Martin" in other.get("/groups").get_data(as_text=True)
    assert add(other, app, token, "Bob").status_code == 302
    [ann, bob] = player_ids(app, token)
    assert other.post(f"/g/{token}/players/{bob}/up", data={"rev": rev(app, token)}
                      ).status_code == 302
    assert [n for n, _c, _m in roster(app, token)] == ["Bob", "Ann"]
    before = rev(app, token)
    for path in ("rename", "revoke", "delete"):
        assert other.post(f"/g/{token}/{path}", data={"rev": before, "name": "Ours"}
                          ).status_code == 403
    assert other.get(f"/g/{token}/delete").status_code == 403
    assert "Made on another phone" in other.get(f"/g/{token}").get_data(as_text=True)
    assert rev(app, token) == before and client.get(f"/g/{token}").status_code == 200
    # a phone without the link reaches nothing
    stranger = app.test_client()
    assert stranger.get(f"/g/{token[:-2]}xx").status_code == 404
    assert stranger.post(f"/g/{token[:-2]}xx/players", data={"name": "Eve", "rev": before}
                         ).status_code == 404
    assert ann in player_ids(app, token)


def test_a_revoked_link_answers_410_and_the_new_one_works(app: Flask,
                                                          client: FlaskClient) -> None:
    token = make_group(client)
    other = app.test_client()
    other.get(f"/g/{token}")
    answer = client.post(f"/g/{token}/revoke", data={"rev": rev(app, token)})
    assert answer.status_code == 302
    new = answer.headers["Location"].rsplit("/", 1)[1]
    assert new != token
    assert "the old one no longer opens the group" in client.get(answer.headers["Location"]
                                                                 ).get_data(as_text=True)
    gone = other.get(f"/g/{token}")
    assert gone.status_code == 410
    assert "was replaced by a new one: ask its owner for the new link" in gone.get_data(
        as_text=True)
    assert other.post(f"/g/{token}/players", data={"name": "Eve", "rev": "3"}
                      ).status_code == 410
    # the other phone forgot it: its groups and its new-table page no longer offer it
    assert "Les Martin" not in other.get("/groups").get_data(as_text=True)
    assert "Players from" not in other.get(f"/new/{STORM}").get_data(as_text=True)
    assert client.get(f"/g/{new}").status_code == 200
    assert f"/g/{new}" in client.get("/groups").get_data(as_text=True)


def test_deleting_asks_first_and_keeps_the_tables(app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    for name in ("Ann", "Bob"):
        add(client, app, token, name)
    started = client.post(f"/new/{STORM}", data={"player.name": ["Ann", "Bob"],
                                                 "player.colour": ["red", "blue"]})
    table_id = started.headers["Location"].rsplit("/", 1)[1]
    ask = client.get(f"/g/{token}/delete").get_data(as_text=True)
    assert "Delete the group Les Martin?" in ask
    assert "Its 1 table stays, with its log and the names typed then" in ask
    assert "Its 2 players and its link are deleted" in ask
    assert client.post(f"/g/{token}/delete", data={"rev": rev(app, token) - 1}
                       ).status_code == 409
    done = client.post(f"/g/{token}/delete", data={"rev": rev(app, token)},
                       follow_redirects=True)
    assert "Its 1 table stays, with its log." in done.get_data(as_text=True)
    assert client.get(f"/g/{token}").status_code == 404
    assert client.get(f"/t/{table_id}").status_code == 200
    with app.extensions["companion_db"].read() as session:
        assert session.get(TableRow, table_id).group_id is None


def test_a_new_table_takes_the_groups_players_and_keeps_new_names(
        app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    for name, colour in (("Ann", "blue"), ("Bob", "green"), ("Cy", "red")):
        add(client, app, token, name, colour)
    form = client.get(f"/new/{STORM}").get_data(as_text=True)
    chips = re.findall(r'data-name="([^"]+)" data-colour="([^"]+)"', form)
    assert chips == [("Ann", "blue"), ("Bob", "green"), ("Cy", "red")]
    [group_id] = re.findall(r'name="group" value="(\d+)"', form)
    started = client.post(f"/new/{STORM}", data={
        "group": group_id, "keep": "true", "player.name": ["Cy", "Dee", "ann", ""],
        "player.colour": ["red", "yellow", "blue", "green"]}, follow_redirects=True)
    assert "Kept in the group Les Martin: Dee." in started.get_data(as_text=True)
    table_id = started.request.path.rsplit("/", 1)[1]
    ids = dict(zip([n for n, _c, _m in roster(app, token)], player_ids(app, token),
                   strict=True))
    with app.extensions["companion_db"].read() as session:
        assert session.get(TableRow, table_id).group_id == int(group_id)
        assert store.seats_of(session, table_id) == {0: ids["Cy"], 1: ids["Dee"],
                                                     2: ids["Ann"]}
    assert ("Dee", "yellow", "D") in roster(app, token)


def test_a_table_of_free_names_stays_one(app: Flask, client: FlaskClient) -> None:
    token = make_group(client)
    add(client, app, token, "Ann")
    started = client.post(f"/new/{STORM}", data={"player.name": ["Xavier", "Yann"],
                                                 "player.colour": ["red", "blue"]})
    table_id = started.headers["Location"].rsplit("/", 1)[1]
    with app.extensions["companion_db"].read() as session:
        assert session.get(TableRow, table_id).group_id is None
    assert [n for n, _c, _m in roster(app, token)] == ["Ann"]  # nothing kept unasked
    # a phone that knows no group is offered none, and starts tables as before
    fresh = app.test_client()
    page = fresh.get(f"/new/{STORM}").get_data(as_text=True)
    assert "roster-chips" not in page and "Your group's names in a tap" in page


def test_a_rematch_keeps_the_groups_seats(app: Flask, client: FlaskClient) -> None:
    from tests.test_after import _play_to_the_end

    token = make_group(client)
    for name in ("Ann", "Bob"):
        add(client, app, token, name)
    started = client.post("/new/casse-toi-pov-con", data={
        "player.name": ["Ann", "Guest", "Bob"], "player.party": ["blue", "pink", "green"]})
    table_id = started.headers["Location"].rsplit("/", 1)[1]
    assert _play_to_the_end(app, table_id)
    rematch = client.post(f"/t/{table_id}/rematch")
    assert rematch.status_code == 302
    new_id = rematch.headers["Location"].rsplit("/", 1)[1]
    [ann, bob] = player_ids(app, token)
    with app.extensions["companion_db"].read() as session:
        assert store.seats_of(session, table_id) == {0: ann, 2: bob}
        assert store.seats_of(session, new_id) == {0: ann, 2: bob}
        assert session.get(TableRow, new_id).group_id == session.get(TableRow,
                                                                     table_id).group_id


def test_a_group_whose_link_the_phone_lost_gets_a_new_one(app: Flask,
                                                         client: FlaskClient) -> None:
    token = make_group(client)
    with client.session_transaction() as cookie:
        cookie["groups"] = []  # pushed out by more recent links
    listed = client.get("/groups").get_data(as_text=True)
    assert "Make a new link for Les Martin" in listed and f"/g/{token}" not in listed
    [group_id] = re.findall(r"/groups/(\d+)/relink", listed)
    other = app.test_client()
    assert other.post(f"/groups/{group_id}/relink", data={"rev": rev(app, token)}
                      ).status_code == 403
    answer = client.post(f"/groups/{group_id}/relink", data={"rev": rev(app, token)})
    assert answer.status_code == 302
    assert client.get(answer.headers["Location"]).status_code == 200
    assert client.get(f"/g/{token}").status_code == 410
