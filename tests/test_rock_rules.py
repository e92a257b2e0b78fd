"""The Mourir pour le Rock rules reference: the numbers it states are the game data's, each
marked as a house default, in French and English alike."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from companion import rules
from companion.games.base import load_data

GAME = "mourir-pour-le-rock"
DATA = load_data(GAME)


def rulings(slug: str, lang: str) -> str:
    return " ".join(r.text for r in rules.section(GAME, slug, lang).rulings)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rulings_state_the_data_files_numbers(lang: str) -> None:
    mental, songs, costs, score = DATA["mental"], DATA["songs"], DATA["costs"], DATA["score"]
    cubes = rulings("action-cubes", lang)
    for value in (mental["green_from"], mental["yellow_from"], mental["max"],
                  mental["vice_below"], mental["green_actions"], mental["red_actions"]):
        assert str(value) in cubes
    assert str(songs["max"]) in rulings("setup", lang)
    assert str(costs["bribe_money"]) in rulings("actions-2000s", lang)
    assert str(score["death_points"]) in rulings("end-of-game", lang)
    assert str(score["fans_per_point"]) in rulings("final-count", lang)
    assert "3, 3, 4, 4, 5, 6" in rulings("actions-80s", lang)


def test_every_ruling_that_states_a_number_is_a_house_default() -> None:
    decades = re.compile(r"\b(?:the |les |années )?(?:80|90|2000)s?\b")
    for lang in ("fr", "en"):
        for section in rules.sections(GAME, lang):
            for ruling in section.rulings:
                if re.search(r"\d", decades.sub("", ruling.text)):
                    assert ruling.edition_value, (section.slug, ruling.text)


def test_the_pages_mark_house_defaults(client: FlaskClient) -> None:
    page = client.get(f"/rules/{GAME}/action-cubes?lang=en").get_data(as_text=True)
    assert "House default" in page and "Table ruling" in page
    page = client.get(f"/rules/{GAME}/final-count?lang=fr").get_data(as_text=True)
    assert "Règle de table" in page
