"""Make a SQLite database with an earlier release of the companion, for
``tests/test_old_release.py``: run it from a checkout of that release, e.g.

    git worktree add /tmp/old ab935a1^
    cd /tmp/old && python /path/to/tests/data/make_release_db.py /path/to/out.sqlite edgar

It stores a table whose log holds moves that release accepted and later rulings refuse, and
prints the table's id:

- ``edgar`` (release 56e6446): an Edgar & Lucien robbery by an Edgar who did not arrive
  (his Lucien target walked in to him);
- ``election`` (release 07559ed): an Election USA Policy auction the active player won by
  paying more than the highest bid (5 Sincerity against 2).

The database files are committed; this script says how they were made."""

from __future__ import annotations

import sys

from companion.db import Database
from companion.games import edgar_et_lucien as game
from companion.tables import TableService

PLAYERS = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
           {"name": "Cy", "colour": "yellow"}]
IMMOBILE = {"kind": "immobile"}


def election(tables: TableService) -> None:
    from companion.tables import Sender

    players = [{"name": "Ann", "colour": "red"}, {"name": "Bob", "colour": "blue"},
               {"name": "Cy", "colour": "green"}]
    view = tables.create("election-usa", players, {})
    table = view.id
    for action in (
        {"type": "take", "seat": 0, "slot": 0, "card": {"kind": "policy", "pawns": 3}},
        {"type": "bid", "seat": 1, "amount": 2},
        {"type": "pass", "seat": 2},
        {"type": "bid", "seat": 0, "amount": 5},
    ):
        view = tables.act(table, view.version, action, Sender(host=True))
    print(table, view.version, [(p.sincerity, p.available) for p in view.state.players])


def main(path: str, scenario: str) -> None:
    db = Database(f"sqlite:///{path}")
    tables = TableService(db)
    if scenario == "election":
        election(tables)
        return
    view = tables.create(game.ID, PLAYERS, {"seed": 7})
    table = view.id
    board = game.board_for(3)
    order = list(game.to_json(view.state)["order"])
    # Ann's pawns on one district; Bob's on a neighbour, a border move away.
    ann = "rivet-lane"
    move, bob = next((m, to) for m, to in game.move_options(board, ann)
                     if m["kind"] == "border" and to != ann)
    back = next(m for m, to in game.move_options(board, bob) if to == ann)
    starts = {0: ann, 1: bob, 2: next(d.id for d in board.districts
                                      if d.id not in (ann, bob) and d.type != "administration")}
    for seat in order:
        view = tables.act(table, view.version, {"type": "place", "seat": seat,
                                                "district": starts[seat]})
    # Programming: Bob's Lucien walks in to Ann's Immobile Edgar.
    for seat in range(3):
        programme = {"edgar": IMMOBILE, "lucien": back if seat == 1 else IMMOBILE}
        tables.claim(table, seat)
        view = tables.act(table, view.version, {"type": "seal", "seat": seat,
                                                "value": programme}, seat)
    if view.state.phase == "programming":
        view = tables.act(table, view.version, {"type": "reveal"})
    assert view.state.players[1].lucien == ann, view.state.players[1]
    # Ann's turn comes: she robs Bob, which this release allowed.
    while view.state.active != 0:
        view = tables.act(table, view.version, {"type": "end_turn",
                                                "seat": view.state.active})
    view = tables.act(table, view.version, {"type": "rob", "seat": 0, "victim": 1})
    print(table, view.version, [p.cogs for p in view.state.players])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
