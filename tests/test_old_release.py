"""A table stored by an earlier release still opens, reads and plays after an upgrade, by
the rules it was created under, and its log is never rewritten (RULINGS.md, "For every
game"). The databases in ``tests/data`` were made by those releases
(``tests/data/make_release_db.py`` says how)."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from companion import create_app, migrations
from companion.db import Database
from companion.games import edgar_et_lucien as edgar
from companion.games import election_usa as election
from companion.games.base import IllegalAction
from companion.tables import TableService

DATA = Path(__file__).parent / "data"
# Made by release 56e6446: an Edgar & Lucien table whose Ann robbed Bob with an Edgar that
# did not arrive (Bob's Lucien walked in to him), which later rulings refuse.
EDGAR_DB = DATA / "release-56e6446.sqlite"
EDGAR_TABLE = "kdjycVa6BYRoAkjU"


def _upgraded(tmp_path: Path, source: Path) -> str:
    copy = tmp_path / source.name
    shutil.copyfile(source, copy)
    url = f"sqlite:///{copy}"
    engine = create_engine(url)
    migrations.upgrade(engine)
    engine.dispose()
    return url


def _log(url: str, table_id: str) -> list[tuple[int, str, str]]:
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT seq, kind, payload FROM entries WHERE table_id = :t "
                                 "ORDER BY seq"), {"t": table_id}).all()
    engine.dispose()
    return [(int(seq), kind, json.dumps(json.loads(payload) if isinstance(payload, str)
                                        else payload, sort_keys=True))
            for seq, kind, payload in rows]


def test_an_old_edgar_table_opens_and_keeps_the_rules_it_was_played_by(
        tmp_path: Path) -> None:
    url = _upgraded(tmp_path, EDGAR_DB)
    before = _log(url, EDGAR_TABLE)
    tables = TableService(Database(url))
    view = tables.get(EDGAR_TABLE)
    assert view.version == 7
    # The robbery without an arrival stands, as that release applied it.
    assert [p.cogs for p in view.state.players] == [80_000, 20_000, 50_000]
    assert view.state.settings.rules == 1
    # It plays on: Ann ends her turn, and the log holds what it held, plus that entry.
    after = tables.act(EDGAR_TABLE, 7, {"type": "end_turn", "seat": 0})
    assert after.version == 8
    assert _log(url, EDGAR_TABLE)[:7] == before


def test_an_old_table_reads_on_the_pages_and_the_api(tmp_path: Path) -> None:
    url = _upgraded(tmp_path, EDGAR_DB)
    app = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test"})
    client = app.test_client()
    body = client.get(f"/api/tables/{EDGAR_TABLE}")
    assert body.status_code == 200, body.get_data(as_text=True)
    assert [p["cogs"] for p in body.json["state"]["players"]] == [80_000, 20_000, 50_000]
    for page in (f"/t/{EDGAR_TABLE}", f"/t/{EDGAR_TABLE}/live", f"/t/{EDGAR_TABLE}/log"):
        assert client.get(page).status_code == 200, page


def test_a_new_table_in_the_same_database_plays_by_this_release_s_rules(
        tmp_path: Path) -> None:
    url = _upgraded(tmp_path, EDGAR_DB)
    tables = TableService(Database(url))
    old = tables.get(EDGAR_TABLE)
    new = tables.create(edgar.ID, old.players, {"seed": 7})
    assert new.options["rules"] == edgar.RULES == new.state.settings.rules == 2
    assert tables.get(new.id).state.settings.rules == edgar.RULES
    # The old table just before Ann's robbery: revision 1 lets her rob, revision 2 does not
    # (her Edgar did not arrive: Bob's Lucien walked in to him).
    _version, _seating, meta = tables.peek(EDGAR_TABLE)
    # (That release's last seal revealed the moves: no reveal entry of its own.)
    before = edgar.apply(tables.view_at(EDGAR_TABLE, meta, 6).state, {"type": "reveal"})
    rob = {"type": "rob", "seat": 0, "victim": 1}
    assert [p.cogs for p in edgar.apply(before, rob).players] == [80_000, 20_000, 50_000]
    newer = replace(before, settings=replace(before.settings, rules=edgar.RULES))
    with pytest.raises(IllegalAction) as refused:
        edgar.apply(newer, rob)
    assert refused.value.code == "no_arrival"


# Made by release 07559ed: an Election USA Policy auction Ann won by paying 5 Sincerity
# against Bob's 2, which revision 2 refuses (the active player matches the bid exactly).
ELECTION_DB = DATA / "release-07559ed.sqlite"
ELECTION_TABLE = "mH0saffvev2dOMgf"


def test_an_old_election_table_keeps_the_policy_price_it_was_played_with(
        tmp_path: Path) -> None:
    url = _upgraded(tmp_path, ELECTION_DB)
    before = _log(url, ELECTION_TABLE)
    tables = TableService(Database(url))
    view = tables.get(ELECTION_TABLE)
    assert view.version == 4
    assert [(p.sincerity, p.available) for p in view.state.players] == [(7, 9), (12, 6),
                                                                       (12, 6)]
    # It plays on: Ann refills the slot.
    after = tables.act(ELECTION_TABLE, 4, {"type": "refill", "seat": 0, "card": {
        "kind": "fundraising", "high": 4, "low": 1}})
    assert after.version == 5
    assert _log(url, ELECTION_TABLE)[:4] == before
    # The same auction on a table of this release refuses the overpayment.
    new = tables.create(election.ID, view.players, {})
    for action in ({"type": "take", "seat": 0, "slot": 0, "card": {"kind": "policy",
                                                                   "pawns": 3}},
                   {"type": "bid", "seat": 1, "amount": 2}, {"type": "pass", "seat": 2}):
        new = tables.act(new.id, new.version, action)
    with pytest.raises(IllegalAction):
        tables.act(new.id, new.version, {"type": "bid", "seat": 0, "amount": 5})


def test_an_engine_given_no_revision_plays_by_its_own_rules() -> None:
    for game in (edgar, election):
        state = game.setup(game.example_players(3), {})
        assert state.settings.rules == game.RULES, game.ID
        assert game.setup(game.example_players(3), {"rules": 1}).settings.rules == 1
