"""Game over and after, for every registered game: the results screen, rematch with the
seats kept, the history page, the exports (CSV, JSON, BG Stats), the theme switch, the
favicon and the web manifest."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import plays
from companion.games import GAMES, get_game
from companion.history import bgstats, exports
from companion.web.common import service

MAX_STEPS = 4000


def _new_table(client: FlaskClient, game_id: str, count: int = 3) -> str:
    """A table started from the new-table form (this client becomes its host)."""
    game = get_game(game_id)
    players = game.example_players(count)
    data: dict[str, Any] = {}
    for field in game.player_fields():
        data[f"player.{field['name']}"] = [p.get(field["name"], "") for p in players]
    response = client.post(f"/new/{game_id}", data=data)
    assert response.status_code == 302, response.data[:400]
    match = re.fullmatch(r"/t/([\w-]+)", response.location)
    assert match
    return match.group(1)


def _play_to_the_end(app: Flask, table_id: str, seed: int = 3) -> bool:
    """Random legal play (as the host) until the game ends; False if it did not end."""
    rng = random.Random(seed)
    with app.app_context():
        svc = service()
        view = svc.get(table_id)
        for _ in range(MAX_STEPS):
            if view.outcome is not None:
                return True
            action = view.game.random_action(view.state, rng)
            try:
                view = svc.act(table_id, view.version, action)
            except Exception:  # noqa: BLE001 - a refused random action: draw another
                continue
        return view.outcome is not None


def _claim(client: FlaskClient, table_id: str, seat: int) -> None:
    assert client.post(f"/t/{table_id}/claim", data={"seat": str(seat)}).status_code == 302


def _finished(app: Flask, client: FlaskClient, game_id: str) -> str:
    table_id = _new_table(client, game_id)
    for seed in range(3, 12):
        if _play_to_the_end(app, table_id, seed):
            return table_id
        table_id = _new_table(client, game_id)
    pytest.skip(f"{game_id}: random play did not finish")


# ---------------------------------------------------------------------------- results


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_results_screen_ranks_every_player_and_says_why(app: Flask, client: FlaskClient,
                                                        game_id: str) -> None:
    table_id = _finished(app, client, game_id)
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert 'id="results"' in page and "Final ranking" in page
    with app.app_context():
        view = service().get(table_id)
        ranking = plays.standings(view.game, view.state, view.players)
        reason = plays.reason_label(view.game, view.outcome.reason)[0]
    # Every player once, winners first, ranks never going down the list.
    assert sorted(s.seat for s in ranking) == list(range(len(view.players)))
    assert all(s.rank == 1 for s in ranking if s.winner)
    assert [s.rank for s in ranking] == sorted(s.rank for s in ranking)
    # Every game has a score at its end, and the others rank by it: a rank is shared only
    # by the same score (every non-winner ranked 2 was the bug of a game without scores).
    others = [s for s in ranking if not s.winner]
    assert all(s.score is not None for s in ranking)
    assert [s.score for s in others] == sorted((s.score for s in others), reverse=True)
    for a, b in zip(others, others[1:], strict=False):
        assert (a.rank == b.rank) == (a.score == b.score), ranking
    listed = re.findall(r'<li class="[^"]*" data-seat="(\d+)"', page)
    assert [int(s) for s in listed] == [s.seat for s in ranking]
    # The reason is a sentence of ours, not the raw code.
    assert reason not in (view.outcome.reason, view.outcome.reason.replace("_", " "))
    # The live fragment every phone polls carries it too; the spectator's has no rematch.
    live = client.get(f"/t/{table_id}/live").get_data(as_text=True)
    assert 'id="results"' in live and "data-rematch-start" in live
    watch = client.get(f"/watch/{view.watch_token}").get_data(as_text=True)
    assert 'id="results"' in watch and "rematch" not in watch.lower()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_reason_a_game_can_end_for_is_said_in_every_language(app: Flask,
                                                                    game_id: str) -> None:
    """Each reason an outcome can carry (the game's ``Reason``) has its own words, which the
    results page and the exports give in the reader's language."""
    from flask_babel import force_locale

    from companion.web.common import _safe

    game = GAMES[game_id]
    reasons = [v for k, v in vars(game.Reason).items() if k.isupper() and isinstance(v, str)]
    assert reasons
    for reason in reasons:
        msgid, params = plays.reason_label(game, reason)
        assert msgid not in (reason, reason.replace("_", " ")), reason
        with app.test_request_context():
            with force_locale("en"):
                english = _safe(msgid, params, game)
            for lang in ("fr", "ko"):
                with force_locale(lang):
                    said = _safe(msgid, params, game)
                assert said and said != english, (reason, lang, said)
                assert "%(" not in said


def test_casse_toi_results_in_french_give_scores_and_reason(app: Flask,
                                                            client: FlaskClient) -> None:
    table_id = _finished(app, client, "casse-toi-pov-con")
    client.get("/language/fr")
    page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "Revanche : mêmes joueurs, mêmes options" in page
    with app.app_context():
        view = service().get(table_id)
    popularity = [p.popularity for p in view.state.players]
    for score in popularity:
        assert f">{score}</span>" in page
        # What a screen reader says, French spacing included (« Popularité : 13 »).
        assert f'aria-label="Popularité : {score}"' in page
    if view.outcome.reason == "player_beyond_top":
        assert "Un candidat a dépassé le haut de la piste." in page or "dépass" in page


def test_ranking_ties_share_a_rank() -> None:
    game = get_game("casse-toi-pov-con")
    state = game.setup(game.example_players(3), {})
    ranking = plays.standings(game, state, game.example_players(3))
    # Nobody has won yet; Nicolas and François start on 3 (same party bonus?) or 2: equal
    # scores share their rank.
    by_score: dict[int, set[int]] = {}
    for s in ranking:
        by_score.setdefault(s.score or 0, set()).add(s.rank)
    assert all(len(ranks) == 1 for ranks in by_score.values())


# ---------------------------------------------------------------------------- rematch


def test_rematch_keeps_players_options_seats_and_host(app: Flask) -> None:
    host, phone = app.test_client(), app.test_client()
    table_id = _new_table(host, "casse-toi-pov-con")
    _claim(host, table_id, 0)
    _claim(phone, table_id, 2)
    assert _play_to_the_end(app, table_id)
    # A spectator-like phone with no seat cannot start it.
    stranger = app.test_client()
    stranger.post(f"/t/{table_id}/rematch")
    with app.app_context():
        from companion.web.after import existing_rematch
        assert existing_rematch(table_id) is None
    response = phone.post(f"/t/{table_id}/rematch")
    assert response.status_code == 302
    new_id = re.fullmatch(r"/t/([\w-]+)", response.location).group(1)
    assert new_id != table_id
    # A second tap (or the other phone tapping at once) lands on the same rematch.
    again = host.post(f"/t/{table_id}/rematch")
    assert again.location == response.location
    with app.app_context():
        old, new = service().get(table_id), service().get(new_id)
        assert new.players == old.players and new.game is old.game and new.version == 0
        assert new.outcome is None
    # The phones kept their seats, the host its rights; the stranger has no seat there.
    assert 'data-seat="2"' in phone.get(f"/t/{new_id}").get_data(as_text=True)
    host_page = host.get(f"/t/{new_id}").get_data(as_text=True)
    assert 'data-seat="0"' in host_page and 'id="host-seats"' in host_page
    # The old table now offers "Join the rematch" to every phone of it.
    assert "Join the rematch" in phone.get(f"/t/{table_id}").get_data(as_text=True)
    joined = stranger.get(f"/t/{table_id}/rematch")
    assert joined.location == f"/t/{new_id}"
    assert 'data-seat=""' in stranger.get(f"/t/{new_id}").get_data(as_text=True)
    # The home page lists the phone's tables first (the last one opened on top).
    home = phone.get("/").get_data(as_text=True)
    assert home.index("Your tables") < home.index("Start a table") < home.index("New table")
    assert home.index(f"/t/{table_id}") < home.index(f"/t/{new_id}") < home.index(
        "Start a table")


def test_rematch_draws_a_new_seed(app: Flask, client: FlaskClient) -> None:
    table_id = _finished(app, client, "edgar-et-lucien")
    response = client.post(f"/t/{table_id}/rematch")
    new_id = response.location.rsplit("/", 1)[1]
    with app.app_context():
        old, new = service().get(table_id), service().get(new_id)
    seeds = [o.name for o in old.game.OPTIONS if o.kind == "seed"]
    assert seeds
    assert {k: v for k, v in new.options.items() if k not in seeds} == {
        k: v for k, v in old.options.items() if k not in seeds}
    assert any(new.options[s] != old.options[s] for s in seeds)


def test_no_rematch_before_the_end(app: Flask, client: FlaskClient) -> None:
    table_id = _new_table(client, "casse-toi-pov-con")
    _claim(client, table_id, 0)
    response = client.post(f"/t/{table_id}/rematch", follow_redirects=True)
    assert "The game is not over yet." in response.get_data(as_text=True)
    with app.app_context():
        from companion.web.after import existing_rematch
        assert existing_rematch(table_id) is None
    assert client.post(f"/t/{table_id}/rematch", data={}, csrf=False).status_code == 403


# ---------------------------------------------------------------------------- history


def test_history_lists_who_when_rounds_undone_and_corrections(app: Flask) -> None:
    host, phone = app.test_client(), app.test_client()
    table_id = _new_table(host, "casse-toi-pov-con")
    _claim(phone, table_id, 1)
    results = [{"seat": s, "cards": 4, "cracked": False, "journalists": 0, "marine_cards": 0,
                "stars": 0, "forgot_marine": False} for s in range(3)]
    with app.app_context():
        svc = service()
        from companion.tables import Sender
        v = svc.act(table_id, 0, {"type": "score_round", "results": results},
                    by=Sender(None, True))
        v = svc.act(table_id, v.version, {"type": "draw", "seat": 1, "stress": 2, "stars": 0,
                                          "corner": None}, by=Sender(1, False))
        v = svc.undo(table_id, v.version, by=Sender(1, False))
        fixed = [dict(r, stars=4) if r["seat"] == 0 else r for r in results]
        v = svc.amend(table_id, v.version, 1, {"type": "score_round", "results": fixed},
                      by=Sender(1, False))
    page = host.get(f"/t/{table_id}/log").get_data(as_text=True)
    entries = re.findall(r'<li class="entry ([^"]*)" data-seq="(\d+)">', page)
    assert [int(seq) for _, seq in entries] == [4, 3, 2, 1]
    kinds = {int(seq): cls for cls, seq in entries}
    assert "undone" in kinds[2] and "corrected" in kinds[1] and kinds[4].startswith("amend")
    assert "corrected by #4" in page and "replaces #1" in page and "undone" in page
    assert "Round 1" in page and "Round 2" in page  # a divider per round
    listed = page[page.index('<ul class="log history">'):]  # (the chart above names both)
    assert listed.index("Round 2") < listed.index("Round 1")  # newest first
    second = get_game("casse-toi-pov-con").example_players(3)[1]["name"]
    assert f"{second} · <time" in page and "host · <time" in page  # who sent each entry
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT[\d:.]+Z">\d\d:\d\d:\d\d</time>', page)
    # The host undoes from the history page and comes back to it.
    form = re.search(r'name="expected_version" value="(\d+)"', page).group(1)
    response = host.post(f"/t/{table_id}/log/undo", data={"expected_version": form})
    assert response.status_code == 302 and response.location.endswith(f"/t/{table_id}/log")
    with app.app_context():
        assert service().get(table_id).version == 5
    # A watcher (no seat, not the host) sees the history but cannot undo from it.
    stranger = app.test_client()
    assert "/log/undo" not in stranger.get(f"/t/{table_id}/log").get_data(as_text=True)
    refused = stranger.post(f"/t/{table_id}/log/undo", data={"expected_version": "5"},
                            follow_redirects=True)
    assert "Only a seated phone or the host" in refused.get_data(as_text=True)
    with app.app_context():
        assert service().get(table_id).version == 5


# ---------------------------------------------------------------------------- exports


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_a_finished_casse_toi_play_exports_the_round_it_ended_in(app: Flask,
                                                                    client: FlaskClient) -> None:
    """Casse-toi's round counter moves on as the last round is scored: the export says the
    round the game ended in (3), never the next one it did not play."""
    table_id = _new_table(client, "casse-toi-pov-con")
    with app.app_context():
        tables = service()
        view = tables.get(table_id)
        results = [{"seat": seat, "cards": 5 if seat == 0 else 4, "cracked": False,
                    "journalists": 0, "marine_cards": 0 if seat == 0 else 1, "stars": 0,
                    "forgot_marine": False} for seat in range(len(view.players))]
        while view.outcome is None:
            view = tables.act(table_id, view.version, {"type": "score_round",
                                                       "results": results})
    assert len(view.replay.round_closers) == 3 and view.state.round == 4
    rows = _rows(client.get(f"/t/{table_id}/export.csv").get_data(as_text=True))
    assert {r["round"] for r in rows} == {"3"}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_exports_of_a_finished_play(app: Flask, client: FlaskClient, game_id: str) -> None:
    table_id = _finished(app, client, game_id)
    with app.app_context():
        view = service().get(table_id)
    winners = set(view.outcome.winners)
    for base in (f"/t/{table_id}", f"/api/tables/{table_id}"):
        rows = _rows(client.get(f"{base}/export.csv").get_data(as_text=True))
        assert len(rows) == len(view.players)  # one row per player
        assert {r["player"] for r in rows} == {p["name"] for p in view.players}
        assert {int(r["seat"]) for r in rows if r["winner"] == "true"} == winners
        assert all(r["finished"] == "true" and r["reason"] == view.outcome.reason
                   for r in rows)
        assert table_id not in client.get(f"{base}/export.csv").get_data(as_text=True)
        body = client.get(f"{base}/export.json").json
        assert body["plays"][0]["game"] == game_id
        assert [p["name"] for p in body["plays"][0]["players"]] == [
            p["name"] for p in view.players]
        bg = client.get(f"{base}/bgstats.json")
        assert bg.headers["Content-Disposition"].startswith("attachment")
        data = bg.json
        assert data["game"]["name"] == view.game.NAME
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", data["playDate"])
        assert {p["name"] for p in data["players"] if p["winner"]} == {
            view.players[s]["name"] for s in winners}
        # Round-trip through the documented fields: scores (numbers) as the export gave
        # them, none for a game that is not won on points.
        by_name = {r["player"]: r["score"] for r in rows}
        for player in data["players"]:
            expected = "" if data["game"]["noPoints"] else by_name[player["name"]]
            assert str(player.get("score", "")) == expected


def test_exports_of_all_plays_running_and_finished(app: Flask, client: FlaskClient) -> None:
    finished = _finished(app, client, "casse-toi-pov-con")
    running = _new_table(client, "edgar-et-lucien", 2)
    rows = _rows(client.get("/plays.csv").get_data(as_text=True))
    assert len(rows) == 3 + 2
    assert {r["finished"] for r in rows} == {"true", "false"}
    body = client.get("/plays.json").json
    assert {p["finished"] for p in body["plays"]} == {True, False}
    api = client.get(f"/api/plays.csv?table={finished}&table={running}")
    assert len(_rows(api.get_data(as_text=True))) == 5
    assert client.get("/api/plays.json").status_code == 400
    assert client.get("/api/plays.json?table=nope").status_code == 404
    # Running play: no rank yet, nobody has won.
    assert all(p["rank"] is None and not p["winner"]
               for p in client.get(f"/api/tables/{running}/export.json").json["plays"][0][
                   "players"])


def test_csv_never_starts_a_cell_with_a_formula() -> None:
    text = exports.csv_text([{"id": "x", "game": "g", "game_name": "G", "group": "@club",
                              "started": None, "updated": None, "finished": False,
                              "reason": None, "round": 1,
                              "players": [{"seat": 0, "name": "=HYPERLINK(1)", "score": None,
                                           "rank": None, "winner": False}]}])
    assert _rows(text)[0]["player"] == "'=HYPERLINK(1)"
    assert _rows(text)[0]["group"] == "'@club"


def test_openapi_documents_the_exports(client: FlaskClient) -> None:
    paths = client.get("/api/openapi.json").json["paths"]
    for path in ("/api/tables/{table_id}/export.csv", "/api/tables/{table_id}/export.json",
                 "/api/tables/{table_id}/bgstats.json", "/api/plays.csv", "/api/plays.json"):
        assert "get" in paths[path], path


# ---------------------------------------------------------------------------- theme, icons


def test_theme_switch_and_icons(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert 'content="light dark"' in page and "data-theme=" not in page.split(">")[1]
    assert client.get("/theme/dark?next=/rules/").location == "/rules/"
    assert '<html lang="en" data-theme="dark">' in client.get("/").get_data(as_text=True)
    client.get("/theme/light")
    assert 'data-theme="light"' in client.get("/").get_data(as_text=True)
    client.get("/theme/auto")
    assert "data-theme" not in client.get("/").get_data(as_text=True).split(">")[1]
    assert client.get("/theme/dark?next=//evil.example").location == "/"
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.data[:4] == b"\x00\x00\x01\x00"
    manifest = client.get("/manifest.webmanifest")
    assert manifest.content_type.startswith("application/manifest+json")
    body = json.loads(manifest.data)
    sizes = {i["sizes"] for i in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for item in body["icons"]:
        assert client.get(item["src"]).status_code == 200
        assert item["src"].startswith("/")  # served by the app itself


# ---------------------------------------------------------------------------- properties

from types import SimpleNamespace  # noqa: E402

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from companion.games.base import Outcome  # noqa: E402


def _fake_game(points: list[int] | None, winners: list[int], hook: bool) -> Any:
    players = [{"seat": s, "name": f"P{s}", **({"popularity": p} if points and not hook
                                               else {})}
               for s, p in enumerate(points or [0] * 3)]
    game = SimpleNamespace(outcome=lambda state: Outcome(tuple(winners), "x"),
                           to_json=lambda state, viewer=None: {"players": players})
    if hook:
        game.final_scores = lambda state: points
    return game, [{"name": p["name"]} for p in players]


@given(points=st.lists(st.integers(-5, 20), min_size=2, max_size=8), data=st.data(),
       hook=st.booleans())
def test_ranking_properties(points: list[int], data: Any, hook: bool) -> None:
    winners = data.draw(st.lists(st.integers(0, len(points) - 1), unique=True, max_size=2))
    game, players = _fake_game(points, winners, hook)
    ranking = plays.standings(game, None, players)
    assert sorted(s.seat for s in ranking) == list(range(len(points)))
    assert [s.score for s in sorted(ranking, key=lambda s: s.seat)] == points
    for a, b in zip(ranking, ranking[1:], strict=False):
        assert a.rank <= b.rank
        if a.winner == b.winner:
            assert a.score >= b.score
            assert (a.rank == b.rank) == (a.score == b.score or a.winner)
        else:
            assert a.winner and a.rank < b.rank
    assert all(s.rank == 1 for s in ranking if s.winner)
    assert ranking[0].rank == 1


def test_a_game_without_scores_ranks_its_winners_first() -> None:
    game, players = _fake_game(None, [2], hook=True)
    ranking = plays.standings(game, None, players)
    assert [(s.seat, s.rank, s.score) for s in ranking] == [(2, 1, None), (0, 2, None),
                                                            (1, 2, None)]
    summary = {"game": "g", "finished": True, "created": "2026-01-01T09:58:00",
               "started": "2026-01-01T10:00:00", "ended": "2026-01-01T10:30:00",
               "seconds": 1800, "start_seat": None,
               "players": [{"seat": s.seat, "name": s.name, "score": None, "rank": s.rank,
                            "winner": s.winner} for s in ranking]}
    bg = bgstats.play(summary, "t", "G")
    assert bg["game"]["noPoints"] is True and "score" not in bg["players"][0]
    assert bg["playDate"] == "2026-01-01 10:30:00" and bg["durationMin"] == 30


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_gives_a_score_per_player_or_none(game_id: str) -> None:
    game = get_game(game_id)
    players = game.example_players(game.MIN_PLAYERS)
    state = game.setup(players, {})
    found = plays.scores(game, state)
    assert found is None or len(found) == len(players)


def test_history_names_rounds_as_the_game_does(app: Flask, client: FlaskClient) -> None:
    table_id = _finished(app, client, "edgar-et-lucien")
    page = client.get(f"/t/{table_id}/log").get_data(as_text=True)
    assert re.search(r'<li class="divider"><span>Electoral Period 1( · [^<]+)?</span></li>',
                     page)
    assert "the table · <time" in page  # the reveals the platform made
    client.get("/language/fr")
    page = client.get(f"/t/{table_id}/log").get_data(as_text=True)
    assert "Période électorale 1" in page


def test_unknown_tables_and_bad_requests_get_clear_answers(client: FlaskClient) -> None:
    for path in ("/t/nope/export.csv", "/t/nope/export.json", "/t/nope/bgstats.json",
                 "/t/nope/rematch", "/t/nope/log"):
        assert client.get(path).status_code == 404, path
    assert client.post("/t/nope/rematch").status_code == 404
    assert client.post("/t/nope/log/undo", data={"expected_version": "0"}).status_code == 404
    for path in ("/api/tables/nope/export.csv", "/api/tables/nope/bgstats.json"):
        response = client.get(path)
        assert response.status_code == 404 and response.json["error"]["code"]
    many = "&".join(f"table=t{i}" for i in range(51))
    assert client.get(f"/api/plays.json?{many}").json["error"]["code"] == "bad_tables"
    assert client.get("/t/nope/export.xml").status_code == 404
    assert client.get("/theme/purple").location == "/"
    assert "data-theme" not in client.get("/").get_data(as_text=True).split(">")[1]


def test_two_rematch_taps_at_once_make_one_table(app: Flask, monkeypatch: Any) -> None:
    host, phone = app.test_client(), app.test_client()
    table_id = _new_table(host, "casse-toi-pov-con")
    _claim(phone, table_id, 1)
    assert _play_to_the_end(app, table_id)
    first = phone.post(f"/t/{table_id}/rematch").location
    # The other tap read "no rematch yet" just before the first one was stored.
    from companion.web import after
    monkeypatch.setattr(after, "existing_rematch", lambda table: None)
    second = host.post(f"/t/{table_id}/rematch")
    assert second.status_code == 302 and second.location == first
    new_id = first.rsplit("/", 1)[1]
    assert 'id="host-seats"' in host.get(f"/t/{new_id}").get_data(as_text=True)


def test_api_rematch(app: Flask) -> None:
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": [
        {"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]}).json
    table_id, host = created["id"], {"X-Host-Token": created["host_token"]}
    seat = client.post(f"/api/tables/{table_id}/seats/1").json["token"]
    early = client.post(f"/api/tables/{table_id}/rematch", headers=host)
    assert early.status_code == 422 and early.json["error"]["code"] == "game_not_over"
    assert _play_to_the_end(app, table_id)
    assert client.post(f"/api/tables/{table_id}/rematch", anonymous=True).status_code == 403
    response = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": seat})
    assert response.status_code == 201 and "host_token" not in response.json
    new_id = response.json["id"]
    again = client.post(f"/api/tables/{table_id}/rematch", headers=host)
    assert again.status_code == 201 and again.json["id"] == new_id
    # The host token of the rematch works; the seat token holds seat 1 there.
    free = client.delete(f"/api/tables/{new_id}/seats/0",
                         headers={"X-Host-Token": again.json["host_token"]})
    assert free.status_code == 204
    draw = {"type": "draw", "seat": 1, "stress": 1, "stars": 0, "corner": None}
    ok = client.post(f"/api/tables/{new_id}/actions", headers={"X-Seat-Token": seat},
                     json={"expected_version": 0, "action": draw})
    assert ok.status_code == 200, ok.json
    assert client.post("/api/tables/nope/rematch").status_code == 404


def test_history_and_live_log_mark_rounds_undone_entries_and_name_once(app: Flask) -> None:
    """The live page's log: the last entries with a divider above the one that closed a
    round and undone entries marked; the history does not repeat the name its label
    starts with; a correction says it was saved."""
    host, phone = app.test_client(), app.test_client()
    table_id = _new_table(host, "casse-toi-pov-con")
    _claim(phone, table_id, 1)
    second = get_game("casse-toi-pov-con").example_players(3)[1]["name"]
    results = [{"seat": s, "cards": 4, "cracked": False, "journalists": 0, "marine_cards": 0,
                "stars": 0, "forgot_marine": False} for s in range(3)]
    with app.app_context():
        from companion.tables import Sender
        svc = service()
        v = svc.act(table_id, 0, {"type": "score_round", "results": results},
                    by=Sender(None, True))
        v = svc.act(table_id, v.version, {"type": "draw", "seat": 1, "stress": 3, "stars": 1,
                                          "corner": "j2"}, by=Sender(1, False))
        v = svc.act(table_id, v.version, {"type": "draw", "seat": 1, "stress": 1, "stars": 0,
                                          "corner": None}, by=Sender(1, False))
        v = svc.undo(table_id, v.version, by=Sender(1, False))
    page = phone.get(f"/t/{table_id}").get_data(as_text=True)
    log = page[page.index('class="log recent"'):]
    log = log[:log.index("</ul>")]
    assert f"{second}: card, 3 stress, 1★, journalist 2" in log
    assert re.search(r'class="entry action undone" data-seq="3"', log)
    assert log.index("Undo: ") < log.index('data-seq="3"') < log.index("Round 1") \
        < log.index("round 1 scoring")
    history_page = phone.get(f"/t/{table_id}/log").get_data(as_text=True)
    assert f"{second}: card, 3 stress" in history_page
    assert "their own phone · <time" in history_page
    assert f"{second}: card, 3 stress, 1★, journalist 2</span>" in history_page

    # Saving a correction says so.
    fixed = [dict(r, stars=4) if r["seat"] == 0 else r for r in results]
    data = {"expected_version": str(v.version), "target": "1", "round": "1",
            "a.type": "score_round"}
    for r in fixed:
        for key, value in r.items():
            data[f"a.results.{r['seat']}.{key}"] = str(value).lower() if isinstance(
                value, bool) else str(value)
    saved = phone.post(f"/t/{table_id}/correct", data=data, follow_redirects=True)
    assert "Correction of round 1 saved: every phone shows the new scores." in \
        saved.get_data(as_text=True)
