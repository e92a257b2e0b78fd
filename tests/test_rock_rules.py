"""The Mourir pour le Rock rules reference: the numbers it states are the game data's, each
marked as a house default (or, for the two the public sources give, as a public fact), in
French and English alike, and never labelled a table ruling."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from companion import rules
from companion.games.base import load_data
from companion.rules import HOUSE_DEFAULT, PUBLIC_SOURCE

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
    """A number in a note is a house default, or a fact of a public source; the decades'
    names and the floor of 0 are no numbers of an edition."""
    decades = re.compile(r"\b(?:the |les |années )?(?:80|90|2000)s?\b")
    for lang in ("fr", "en"):
        for section in rules.sections(GAME, lang):
            for ruling in section.rulings:
                if re.search(r"\d", re.sub(r"\b0\b", "", decades.sub("", ruling.text))):
                    assert ruling.kind in (HOUSE_DEFAULT, PUBLIC_SOURCE), (section.slug,
                                                                           ruling.text)


def test_the_pages_mark_house_defaults(client: FlaskClient) -> None:
    page = client.get(f"/rules/{GAME}/action-cubes?lang=en").get_data(as_text=True)
    assert "House default" in page and "Table ruling" in page
    page = client.get(f"/rules/{GAME}/final-count?lang=fr").get_data(as_text=True)
    assert "Règle de table" in page


HOUSE_LABEL = {"fr": "Valeur par défaut — vérifiez votre exemplaire",
               "en": "House default — check your copy"}
PUBLIC_LABEL = {"fr": "Source publique", "en": "Public source"}
RULING_LABEL = {"fr": "Règle de table", "en": "Table ruling"}


def _aside_of(client: FlaskClient, slug: str, lang: str, text: str) -> str:
    page = html.unescape(client.get(f"/rules/{GAME}/{slug}?lang={lang}").get_data(as_text=True))
    asides = re.findall(r'<aside class="[^"]*" role="note">(.*?)</aside>', page, re.DOTALL)
    found = [a for a in asides if text in a]
    assert len(found) == 1, (slug, text)
    return found[0]


def _note(slug: str, lang: str, needle: str) -> rules.Ruling:
    found = [r for r in rules.section(GAME, slug, lang).rulings if needle in r.text]
    assert len(found) == 1, (slug, needle, found)
    return found[0]


# The companion's own choices the audit found labelled « Règle de table »: the $5,000 start,
# 12 tour cards a decade, the gear sets' points, the fifth song's extra cube.
HOUSE_DEFAULTS = {
    "fr": [("setup", f"{DATA['start']['money']} $"),
           ("market", f"{DATA['decades']['tours_80s']} dans les années 80"),
           ("actions-80s", f"identiques {DATA['score']['gear_identical_points']} points"),
           ("actions-80s", f"La {DATA['songs']['extra_action_at']}e chanson")],
    "en": [("setup", f"${DATA['start']['money']}"),
           ("market", f"{DATA['decades']['tours_80s']} in the 80s"),
           ("actions-80s", f"identical {DATA['score']['gear_identical_points']} points"),
           ("actions-80s", f"Song number {DATA['songs']['extra_action_at']}")],
}
# The two facts of public sources: the player count and the main die's missing 1 and 2.
PUBLIC_FACTS = {
    "fr": [("setup", "joueurs (source publique)"), ("actions-80s", "ni 1 ni 2 (source publique)")],
    "en": [("setup", "players (public source)"), ("actions-80s", "no 1 or 2 (public source)")],
}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_companion_s_choices_are_house_defaults_never_table_rulings(
        client: FlaskClient, lang: str) -> None:
    for slug, needle in HOUSE_DEFAULTS[lang]:
        note = _note(slug, lang, needle)
        assert note.kind == HOUSE_DEFAULT, (slug, needle)
        aside = _aside_of(client, slug, lang, note.text)
        assert HOUSE_LABEL[lang] in aside and RULING_LABEL[lang] not in aside, (slug, needle)
    for slug, needle in PUBLIC_FACTS[lang]:
        note = _note(slug, lang, needle)
        assert note.kind == PUBLIC_SOURCE, (slug, needle)
        aside = _aside_of(client, slug, lang, note.text)
        assert f">{PUBLIC_LABEL[lang]}</span>" in aside and RULING_LABEL[lang] not in aside
        assert HOUSE_LABEL[lang] not in aside


def test_the_new_rulings_sit_beside_the_sentence_they_interpret() -> None:
    def beside(slug: str, source: str, lang: str = "en") -> list[str]:
        sec = rules.section(GAME, slug, lang)
        return [sec.paragraphs[r.paragraph] for r in sec.rulings if r.source == source]

    decades = "The 80s and the 90s end the same way"
    assert "A round ends as soon as all" in beside("rounds", decades)[0]
    assert "Une manche s'arrête" in beside("rounds", decades, "fr")[0]
    for source in ("Money and fans", "A mental-health cost may always be paid"):
        assert "Go on tour" in beside("actions-80s", source)[0]
        assert "Partir en tournée" in beside("actions-80s", source, "fr")[0]
        assert "event card" in beside("events", source)[0]
    assert "falls below 12" in beside("action-cubes", "A vice is drawn the first time")[0]
    assert "vice" in beside("action-cubes", "A vice is drawn the first time", "fr")[0]
    assert "event card" in beside("events", "A player who died for rock is left out")[0]
    assert "money" in beside("final-count", "Conversions to souvenir points round down")[0]
    houses = beside("setup", "House defaults (edition values, to check)")
    assert "starting money shown on the board" in houses[0]
    assert all('"tour" cards are sorted by period' in p
               for p in beside("market", "House defaults (edition values, to check)"))
    assert '"tour" cards' in beside("market", "The host may correct an edition value")[0]
    assert "cartes « tournées »" in beside("market", "The host may correct an edition value",
                                           "fr")[0]
