"""Casse-toi's card recorder through the pages: a card needs its stress; right after a crack
the cracked phone takes its card back and the walk (and the round's place in the log) is as
before the card; undo and redo name entries and say who is waited for."""

from __future__ import annotations

from flask import Flask

from companion.tables import Sender
from companion.web.common import service
from tests.test_after import _claim, _new_table


def draw(client, table_id, version, seat, stress=None):  # type: ignore[no-untyped-def]
    data = {"expected_version": str(version), "a.type": "draw", "a.seat": str(seat),
            "a.stars": "0", "a.corner": "", "a.announced": "true"}
    if stress is not None:
        data["a.stress"] = str(stress)
    return client.post(f"/t/{table_id}/act", data=data, headers={"X-Requested-With": "fetch"})


def test_the_server_refuses_a_card_without_a_stress(app: Flask) -> None:
    host, ann = app.test_client(), app.test_client()
    table_id = _new_table(host, "casse-toi-pov-con")
    _claim(ann, table_id, 0)
    refused = draw(ann, table_id, 0, 0)
    assert refused.status_code == 400
    assert refused.json["error"]["message"] == "Missing field: stress"
    with app.app_context():
        assert service().get(table_id).version == 0


def test_a_crack_taken_back_restores_the_walk_and_reopens_the_round(app: Flask) -> None:
    host, ann, bob = app.test_client(), app.test_client(), app.test_client()
    table_id = _new_table(host, "casse-toi-pov-con")
    _claim(ann, table_id, 0)
    _claim(bob, table_id, 1)
    assert draw(ann, table_id, 0, 0, 5).status_code == 200
    assert draw(ann, table_id, 1, 0, 4).status_code == 200  # 9: a crack
    with app.app_context():
        view = service().get(table_id)
        assert view.state.round == 2 and view.replay.round_closers == {1: 2}
    page = ann.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'data-crack-mistap="mine"' in page
    assert 'data-crack-mistap=""' in bob.get(f"/t/{table_id}").get_data(as_text=True)
    # Bob may not take Ann's crack back; Ann may.
    retract = {"expected_version": "2", "a.type": "retract", "a.seat": "0"}
    assert bob.post(f"/t/{table_id}/act", data=retract,
                    headers={"X-Requested-With": "fetch"}).status_code == 403
    taken = ann.post(f"/t/{table_id}/act", data=retract, headers={"X-Requested-With": "fetch"})
    assert taken.status_code == 200, taken.json
    with app.app_context():
        view = service().get(table_id)
        assert view.state.round == 1 and view.replay.round_closers == {}
        assert [c.stress for c in view.state.walk[0]] == [5]
        # The round is not "closed" by the taken-back crack any more: replay agrees.
        again = service().get(table_id)
        assert again.state == view.state
        view = service().act(table_id, view.version, {"type": "draw", "seat": 0, "stress": 3,
                                                      "stars": 0, "corner": None},
                             by=Sender(0, False))
        assert view.state.round == 2 and view.replay.round_closers == {1: 4}
