"""What a French table reads: every log label of a whole game written the French way.

Each of the five games is played to its end through the table service with random legal
moves (with undos and redos among them), and every label the log, the undo and redo buttons
and the dividers show is rendered in French: numbers as the French locale writes them
(« 3 000 $ », never "3,000" nor "$5M"), a space before the colon, « d'Alice » rather than
« de Alice », one plural form per count. Then the pages that print amounts and names
themselves (Election's bids, Mourir's song, the history page) are read the same way.
"""

from __future__ import annotations

import functools
import html
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, render_template_string
from flask.testing import FlaskClient
from flask_babel import force_locale

from companion.elision import fill, starts_with_vowel
from companion.games import GAMES
from companion.games.base import GameError, Label
from companion.tables import TableView
from companion.web import pages
from companion.web.after import history
from companion.web.common import _safe, render_label, service

MAX_STEPS = 3000
# Numbers as English writes them: a thousands comma, a dollar sign before the amount, "$5M".
ENGLISH_NUMBER = re.compile(r"\d,\d{3}|\$\s?\d|\d\s?\$?M\b(?!\$)")
# A colon glued to the word before it (French puts a space before « : », « ; », « ? », « ! »).
GLUED_PUNCTUATION = re.compile(r"[^\s\u00a0\u202f\d][:;?!](?=\s|$)")
# « de » or « que » left whole before a word that starts with a vowel.
NOT_ELIDED = re.compile(r"\b(?:de|que) [AEIOUÀÂÉÈÊÎÔÛaeiouàâéèêîôû]")
# A count of one with a plural noun (« 1 pions », "1 cubes").
ONE_WITH_A_PLURAL = re.compile(r"(?<![\d,.\u00a0\u202f])\b1 [a-zà-ÿ]+s\b")


def french_problems(text: str) -> list[str]:
    found = []
    for name, pattern in (("English number", ENGLISH_NUMBER),
                          ("no space before the colon", GLUED_PUNCTUATION),
                          ("no elision", NOT_ELIDED), ("1 with a plural", ONE_WITH_A_PLURAL)):
        if pattern.search(text):
            found.append(f"{name}: {text}")
    return found


def played(game: Any, seed: int) -> Iterator[TableView]:
    """A table of ``game`` played to its end through the service, with random legal moves,
    undos and redos; every view on the way."""
    rng = random.Random(seed)
    players = game.example_players(rng.randint(game.MIN_PLAYERS, game.MAX_PLAYERS))
    tables = service()
    view = tables.create(game.ID, players, {})
    for _ in range(MAX_STEPS):
        if view.outcome is not None:
            break
        choice = rng.random()
        try:
            if choice < 0.04 and view.replay.done:
                view = tables.undo(view.id, view.version)
            elif choice < 0.07 and view.replay.undone:
                view = tables.redo(view.id, view.version)
            else:
                view = tables.act(view.id, view.version, game.random_action(view.state, rng))
        except GameError:
            continue
        yield view
    assert view.outcome is not None, f"{game.ID}: no end after {MAX_STEPS} moves"
    yield view


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_log_label_of_a_whole_game_reads_as_french(app: Flask, game_id: str) -> None:
    game = GAMES[game_id]
    texts: set[str] = set()
    with app.test_request_context(), force_locale("fr"):
        for seed in (1, 2):
            view = None
            for view in played(game, seed):
                texts.add(render_label(view, view.undo_label))
                texts.add(render_label(view, view.redo_label))
            assert view is not None
            texts.update(render_label(view, label) for label in view.labels.values())
            texts.update(item.get("divider") or item["text"]
                         for item in pages.recent_entries(view, len(view.labels)))
            texts.update(item["round_text"] or "" for item in history(view))
    texts.discard("")
    assert len(texts) > 20
    assert any(re.search(r"\d", text) for text in texts)
    problems = [problem for text in sorted(texts) for problem in french_problems(text)]
    assert not problems, problems


def test_a_song_reads_its_income_the_french_way_in_old_logs_too(app: Flask) -> None:
    """Mourir's song label keeps its income a number; a log stored when the label held it
    as English text ("3,000") reads the same."""
    rock = GAMES["mourir-pour-le-rock"]
    state = rock.setup(rock.example_players(2), {})
    label = rock.describe(state, {"type": "song", "seat": 0, "dice": [3]})
    assert label.params["income"] == 3000 and label.params["dice"] == "3"
    stored = Label(label.msgid, {**label.params, "income": "3,000"})
    rolled = Label("%(name)s wrote a song: %(dice)s, $%(income)s",
                   {"name": "Hugo", "dice": "3 + 4", "income": "12,000"})
    with app.test_request_context():
        with force_locale("fr"):
            for each in (label, stored):
                # One die typed in is « lancer saisi », never « 3 saisis ».
                assert re.search(r"chanson\u00a0: 3 \(lancer saisi\), "
                                 r"3[\u00a0\u202f]000\u00a0\$$",
                                 _safe(each.msgid, dict(each.params), rock))
            assert re.fullmatch(r"Hugo a écrit une chanson\u00a0: 3 \+ 4, "
                                r"12[\u00a0\u202f]000\u00a0\$",
                                _safe(rolled.msgid, dict(rolled.params), rock))
        with force_locale("en"):
            assert _safe(stored.msgid, dict(stored.params), rock).endswith(
                ": 3 typed in, $3,000")


def test_french_elides_de_and_que_before_a_vowel() -> None:
    template = "le Skeleton de %(name)s · n'a que %(name)s"
    assert fill(template, {"name": "Alice"}, "fr") == "le Skeleton d'Alice · n'a qu'Alice"
    assert fill(template, {"name": "Élodie"}, "fr") == "le Skeleton d'Élodie · n'a qu'Élodie"
    assert fill(template, {"name": "Bruno"}, "fr") == "le Skeleton de Bruno · n'a que Bruno"
    # A number, an « h » and a « y » before a vowel keep « de »; « y » before a consonant
    # elides.
    assert fill("plus de %(n)s", {"n": 8}, "fr") == "plus de 8"
    assert fill("De %(name)s", {"name": "Hugo"}, "fr") == "De Hugo"
    assert fill("De %(name)s", {"name": "Yann"}, "fr") == "De Yann"
    assert fill("De %(name)s", {"name": "Yves"}, "fr") == "D'Yves"
    # Other languages, and words that only end in « de », are left alone.
    assert fill("de %(name)s", {"name": "Alice"}, "en") == "de Alice"
    assert fill("monde %(name)s", {"name": "Alice"}, "fr") == "monde Alice"
    assert starts_with_vowel("« Ulysse »") and not starts_with_vowel("")


def test_pages_and_messages_elide_in_french(app: Flask) -> None:
    from companion.i18n import gettext

    with app.test_request_context(), force_locale("fr"):
        label = _safe("%(name)s's Skeleton took effect", {"name": "Abigail"})
        assert label == "le Skeleton d'Abigail a pris effet"
        page = render_template_string(
            '{{ _("%(name)s\'s Skeleton took effect", name=who) }}|'
            '{{ ngettext("%(num)s card kept in the deck.", "%(num)s cards kept in the deck.",'
            ' 2) }}',
            who="<Ève>")
        assert page == "le Skeleton de &lt;Ève&gt; a pris effet|2 cartes gardées dans le paquet."
        page = render_template_string('{{ _("%(name)s\'s Skeleton took effect", name=who) }}',
                                      who="Ève")
        assert page == "le Skeleton d'Ève a pris effet"
        assert "d'Ann" in gettext("This is %(name)s's entry. Undo “%(label)s”?", name="Ann",
                                  label="x")


def test_counted_labels_take_the_french_and_english_plural(app: Flask) -> None:
    election, edgar = GAMES["election-usa"], GAMES["edgar-et-lucien"]
    placed = Label("%(name)s placed %(count)s pawns", {"name": "Ann", "count": 1})
    drawn = Label("%(what)s: %(count)s Manigance cards drawn",
                  {"what": "Ann: Counter-Manigances", "count": 1})
    with app.test_request_context():
        with force_locale("fr"):
            assert _safe(placed.msgid, dict(placed.params), election) == "Ann a placé 1 pion"
            assert _safe(placed.msgid, {"name": "Ann", "count": 2}, election) == (
                "Ann a placé 2 pions")
            assert "1 carte Manigance piochée" in _safe(drawn.msgid, dict(drawn.params), edgar)
        with force_locale("en"):
            assert _safe(placed.msgid, dict(placed.params), election) == "Ann placed 1 pawn"
            assert _safe(drawn.msgid, dict(drawn.params), edgar).endswith(
                "1 Manigance card drawn")


# ---------------------------------------------------------------------------- the pages

def visible(markup: str) -> str:
    markup = re.sub(r"<script.*?</script>|<style.*?</style>|<template.*?</template>"
                    r"|<svg.*?</svg>", " ", markup, flags=re.S)
    return re.sub(r"[ \t\r\n]+", " ", html.unescape(re.sub(r"<[^>]+>", " | ", markup)))


def seated_phones(app: Flask, game_id: str, count: int) -> tuple[str, list[FlaskClient]]:
    host = app.test_client()
    game = GAMES[game_id]
    response = host.post("/api/tables", json={"game": game_id,
                                              "players": game.example_players(count)})
    assert response.status_code == 201, response.json
    table_id = str(response.json["id"])
    phones = [app.test_client() for _ in range(count)]
    for seat, phone in enumerate(phones):
        phone.post(f"/t/{table_id}/claim", data={"seat": str(seat)})
    return table_id, phones


def french_page(phone: FlaskClient, url: str) -> list[str]:
    markup = phone.get(url, headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert '<html lang="fr">' in markup
    return [part.strip() for part in visible(markup).split("|") if part.strip()]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_french_table_page_writes_amounts_and_colons_the_french_way(
        app: Flask, game_id: str) -> None:
    """The live page and the history page of a game played to its end, read along the
    way: no English-formatted amount, no colon glued to a name, no « 1 cubes »."""
    game = GAMES[game_id]
    table_id, phones = seated_phones(app, game_id, game.MIN_PLAYERS + 1
                                     if game.MAX_PLAYERS > game.MIN_PLAYERS else game.MIN_PLAYERS)
    rng = random.Random(5)
    tables_view = None
    read: set[str] = set()
    with app.app_context():
        tables = service()
        tables_view = tables.get(table_id)
        for step in range(MAX_STEPS):
            if tables_view.outcome is not None:
                break
            try:
                if rng.random() < 0.04 and tables_view.replay.done:
                    tables_view = tables.undo(table_id, tables_view.version)
                else:
                    tables_view = tables.act(table_id, tables_view.version,
                                             game.random_action(tables_view.state, rng))
            except GameError:
                continue
            if step % 17 == 0:
                read.update(french_page(phones[step % 2], f"/t/{table_id}"))
    read.update(french_page(phones[0], f"/t/{table_id}"))
    read.update(french_page(phones[0], f"/t/{table_id}/log"))
    # The games' published names are written as their boxes write them ("Pov'con!").
    names = [each.NAME for each in GAMES.values()]
    problems = [problem for text in sorted(read) for problem in french_problems(
                    functools.reduce(lambda text, name: text.replace(name, ""), names, text))
                if not re.search(r"\d\d:\d\d", problem)]  # a time of day
    assert not problems, problems


def test_election_revealed_bids_read_in_millions_of_dollars_the_reader_s_way(
        app: Flask) -> None:
    """The bids shown at the reveal: « 4 M$ » in French, "$4M" in English, never "$4M"
    on a French phone."""
    election = GAMES["election-usa"]
    table_id, phones = seated_phones(app, "election-usa", 3)
    rng = random.Random(11)
    with app.app_context():
        tables = service()
        view = tables.get(table_id)
        for _ in range(MAX_STEPS):
            ads = view.public_state(None).get("advertising")
            if ads and ads.get("revealed"):
                break
            try:
                view = tables.act(table_id, view.version, election.random_action(view.state, rng))
            except GameError:
                continue
        revealed = view.public_state(None)["advertising"]["revealed"]
    assert revealed
    bid = revealed[0]["bid"]
    french = " ".join(french_page(phones[0], f"/t/{table_id}"))
    assert re.search(rf"{bid}\u00a0M\$", french), french
    assert not re.search(r"\$\d+M", french)
    english = phones[0].get(f"/t/{table_id}", headers={"Accept-Language": "en"})
    assert f"${bid}M" in english.get_data(as_text=True)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_history_dividers_follow_the_rounds_through_undo_and_redo(app: Flask,
                                                                  game_id: str) -> None:
    """The entry that closed a round undone, redone, undone again and the round played on:
    the history page lists each round once, newest first (never « Manche 5 / 6 / 5 »), each
    named as the table names it."""
    game = GAMES[game_id]
    rng = random.Random(3)
    with app.test_request_context(), force_locale("fr"):
        tables = service()
        view = tables.create(game_id, game.example_players(game.MIN_PLAYERS), {})
        taken_back = 0
        for _ in range(MAX_STEPS):
            if view.outcome is not None:
                break
            closers = dict(view.replay.round_closers)
            try:
                view = tables.act(view.id, view.version, game.random_action(view.state, rng))
            except GameError:
                continue
            if taken_back < 2 and len(view.replay.round_closers) > len(closers) \
                    and view.outcome is None:
                view = tables.undo(view.id, view.version)
                view = tables.redo(view.id, view.version)
                view = tables.undo(view.id, view.version)
                taken_back += 1
        assert taken_back == 2, game_id
        dividers: list[str] = []
        shown = None
        for item in reversed(history(view)):  # as the page lists them, newest first
            if item["round"] is not None and item["round"] != shown:
                shown = item["round"]
                dividers.append(item["round_text"])
        numbers = [item["round"] for item in history(view) if item["round"] is not None]
    assert len(dividers) == len(set(dividers)) >= 2, dividers
    assert numbers == sorted(numbers)
    first = {"casse-toi-pov-con": "Manche 1", "storm-candidate": "Manche 1",
             "edgar-et-lucien": "Période électorale 1", "election-usa": "Tour 1",
             "mourir-pour-le-rock": "Années 80"}[game_id]
    assert dividers[-1] == first, dividers
