"""폭풍의 대권주자 rules reference: Korean (the rulebook's language) and English, rulings beside."""

from __future__ import annotations

import pytest
from test_rules_reference import STORM, STORM_RULINGS, STORM_SLUGS

from companion import rules
from companion.games import storm_candidate as game


def test_korean_and_english() -> None:
    assert set(rules.languages(STORM)) == {"ko", "en"}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_ruling_sits_once_beside_its_section(lang: str) -> None:
    shown = {r.source: sec.slug for sec in rules.sections(STORM, lang) for r in sec.rulings}
    sources = [r.source for sec in rules.sections(STORM, lang) for r in sec.rulings]
    assert sorted(sources) == sorted(STORM_RULINGS)
    assert shown == STORM_RULINGS
    assert [s.slug for s in rules.sections(STORM, lang)] == STORM_SLUGS


def test_the_languages_are_parallel() -> None:
    ko, en = rules.sections(STORM, "ko"), rules.sections(STORM, "en")
    for a, b in zip(ko, en, strict=True):
        assert len(a.paragraphs) == len(b.paragraphs), a.slug
        assert [(r.paragraph, r.source) for r in a.rulings] == [
            (r.paragraph, r.source) for r in b.rulings], a.slug


def test_rulings_state_the_engine_numbers() -> None:
    goal = rules.section(STORM, "goal", "ko").rulings[0].text
    assert f"{game.ROUNDS}라운드" in goal and f"{game.GOAL}점" in goal
    tokens = rules.section(STORM, "components", "en").rulings[0].text
    assert f"There are {game.TOKEN_SUPPLY} victory-point tokens" in tokens
    street = rules.section(STORM, "buying", "en").rulings[1].text
    assert f"{game.SLOTS} slots" in street


def test_the_korean_section_page(client) -> None:  # type: ignore[no-untyped-def]
    page = client.get(f"/rules/{STORM}/turn-order?lang=ko").get_data(as_text=True)
    assert "1단계: 순서 정하기" in page and "테이블 판정" in page
    assert '<html lang="ko">' in page
    found = rules.search(STORM, "ko", "박사 학위")
    assert "end-of-game" in {sec.slug for sec, _ in found}
