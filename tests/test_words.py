"""Words the phones show: error messages as sentences in every language, amounts written
one way per language, French words (Rouages, colour agreement), game names on the print
page, and the catalogs kept consistent."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from companion.games import GAMES
from companion.games.base import GameError
from companion.i18n import LANGUAGES, TRANSLATIONS

ROOT = Path(__file__).resolve().parent.parent


def catalog(lang: str) -> Any:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", "rb") as f:
        return read_po(f, locale=lang)


def refusals(game: Any, count: int = 60) -> list[GameError]:
    """Errors the engine raises for real actions sent at the wrong moment."""
    rng = random.Random(7)
    state = game.setup(game.example_players(game.MIN_PLAYERS), {})
    later = state
    for _ in range(40):  # a later state, to send its actions at the start
        try:
            later = game.apply(later, game.random_action(later, rng))
        except GameError:
            continue
    errors: list[GameError] = []
    for _ in range(count):
        action = game.random_action(later if rng.random() < 0.5 else state, rng)
        for target in (state, later):
            try:
                game.apply(target, action)
            except GameError as error:
                errors.append(error)
    for bad in ({"type": "nope"}, [], {"type": "seal", "seat": "x"}):
        try:
            game.apply(state, bad)
        except GameError as error:
            errors.append(error)
    return errors


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_error_messages_start_with_a_capital_letter(app: Flask, game_id: str,
                                                    lang: str) -> None:
    from flask_babel import force_locale

    from companion.web.common import translate_error

    game = GAMES[game_id]
    errors = refusals(game)
    assert errors
    with app.test_request_context(), force_locale(lang):
        for error in errors:
            message = translate_error(error, game)
            first = message[:1]
            assert not first.islower(), (game_id, lang, message)


def test_a_message_that_starts_with_a_name_or_id_keeps_it_as_it_is(app: Flask) -> None:
    client = app.test_client()
    response = client.get("/api/tables/nothing-here", headers={"Accept-Language": "ko"})
    assert response.json["error"]["message"].startswith("nothing-here")


@pytest.mark.parametrize("lang", ["fr", "ko"])
def test_catalogs_keep_a_capital_where_the_english_has_one(lang: str) -> None:
    """A message the English starts as a sentence is a sentence in the translation too."""
    wrong = []
    for message in catalog(lang):
        if not message.id or isinstance(message.id, tuple) or not message.string:
            continue
        if message.id[:1].isupper() and message.string[:1].islower():
            wrong.append((message.id, message.string))
    assert not wrong, wrong


def test_amounts_are_written_one_way_per_language(app: Flask) -> None:
    from flask_babel import force_locale

    from companion.games.base import Label
    from companion.i18n import number
    from companion.web.common import _safe

    with app.test_request_context():
        with force_locale("en"):
            assert number(30000) == "30,000"
            assert _safe("%(n)s Cogs", {"n": 150000}) == "150,000 Cogs"
        with force_locale("fr"):
            assert re.fullmatch(r"30[\u202f\u00a0 ]000", number(30000))
        with force_locale("ko"):
            assert number(30000) == "30,000"
        assert Label("x")  # labels carry raw numbers; the web layer writes them


def test_english_rules_reference_writes_amounts_with_commas() -> None:
    for path in (ROOT / "companion" / "rules" / "content").glob("*.en.toml"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\b\d{1,3}[ \u00a0\u202f]\d{3}\b", text), path.name
        assert not re.search(r"\b\d{5,}\b", text), path.name


def test_french_rules_reference_says_rouages_as_the_interface_does() -> None:
    text = (ROOT / "companion/rules/content/edgar-et-lucien.fr.toml").read_text("utf-8")
    assert "Cogs" not in text
    assert text.count("Rouages") >= 20
    interface = [m.string for m in catalog("fr") if isinstance(m.id, str) and "Cogs" in m.id]
    assert interface and all("Rouages" in text for text in interface if text)


def test_french_border_colours_agree_with_frontiere(app: Flask) -> None:
    from flask import render_template_string
    from flask_babel import force_locale

    source = ('{% from "macros/words.html" import border_name, metro_name %}'
              '{{ border_name("blue") }}|{{ border_name("green") }}|{{ border_name("white") }}'
              '|{{ metro_name("blue") }}')
    with app.test_request_context():
        with force_locale("fr"):
            assert render_template_string(source) == \
                "Frontière bleue|Frontière verte|Frontière blanche|Métro bleu"
        with force_locale("en"):
            assert render_template_string(source) == \
                "Blue border|Green border|White border|Blue metro"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_print_page_names_the_game_never_its_id(app: Flask, game_id: str) -> None:
    page = app.test_client().get(f"/print/{game_id}")
    if page.status_code == 404:
        pytest.skip("no print page")
    text = page.get_data(as_text=True)
    title = re.search(r"<title>(.*?)</title>", text, re.S).group(1)
    assert game_id not in title and GAMES[game_id].NAME.split(" ")[0] in title


def test_messages_with_a_count_take_its_plural_form(app: Flask) -> None:
    """A label or refusal worded with a count (a game's ``PLURALS``) reads « 1 carte », « 2
    cartes », never « carte(s) »: for a refusal the engine raises, and for a log label as
    the log stores it (its msgid is the one older tables hold)."""
    from flask_babel import force_locale

    from companion.games.base import IllegalAction
    from companion.web.common import _safe, translate_error

    storm, edgar = GAMES["storm-candidate"], GAMES["edgar-et-lucien"]
    bought = "%(name)s bought %(count)s card(s)"
    assert bought in storm.PLURALS
    for game in (storm, edgar):
        for msgid, ((singular, plural), counter) in game.PLURALS.items():
            assert f"%({counter})s" in msgid and f"%({counter})s" in singular + plural
    players = storm.example_players(3)
    state = storm.setup(players, {})
    name = players[0]["name"]
    labels = {count: storm.describe(state, {"type": "buy", "seat": 0, "slots": [1] * count})
              for count in (0, 1, 2)}
    assert {label.msgid for label in labels.values()} == {bought}  # as the log stores it
    expected = {"en": (f"{name} bought 1 card", f"{name} bought 2 cards"),
                "fr": (f"{name} a acheté 1 carte", f"{name} a acheté 2 cartes"),
                "ko": (f"{name}: 카드 1장 구매", f"{name}: 카드 2장 구매")}
    refusal = IllegalAction("only %(room)s more worker(s) could find an empty office",
                            code="too_many_workers", room=1)
    with app.test_request_context():
        for lang, (one, two) in expected.items():
            with force_locale(lang):
                for count, words in ((1, one), (2, two)):
                    label = labels[count]
                    assert _safe(label.msgid, dict(label.params), storm) == words
                if lang == "fr":
                    assert _safe(bought, dict(labels[0].params), storm) == (
                        f"{name} a acheté 0 carte")  # French: 0 takes the singular
                    assert translate_error(refusal, storm) == (
                        "Seulement 1 militant de plus trouverait un bureau libre")
                    many = IllegalAction(refusal.msgid, room=3)
                    assert "3 militants de plus trouveraient" in translate_error(many, storm)
                    one_player = IllegalAction("this Intimidation names %(count)s player(s)",
                                               count=1)
                    assert translate_error(one_player, edgar) == (
                        "Cette Intimidation désigne 1 joueur")
