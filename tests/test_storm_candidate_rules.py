"""폭풍의 대권주자 rules reference: Korean (the rulebook's language) and English, rulings beside."""

from __future__ import annotations

import pytest
from test_rules_reference import STORM, STORM_RULINGS, STORM_SLUGS

from companion import rules
from companion.games import storm_candidate as game
from companion.rules import PUBLIC_SOURCE, RULING


def test_korean_and_english() -> None:
    assert set(rules.languages(STORM)) == {"ko", "en"}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_ruling_sits_in_one_section(lang: str) -> None:
    shown = {r.source: sec.slug for sec in rules.sections(STORM, lang) for r in sec.rulings}
    where = {(r.source, sec.slug) for sec in rules.sections(STORM, lang) for r in sec.rulings}
    assert len(where) == len(shown)  # a source split in notes of two kinds: still one section
    assert shown == STORM_RULINGS
    assert [s.slug for s in rules.sections(STORM, lang)] == STORM_SLUGS


def test_the_languages_are_parallel() -> None:
    ko, en = rules.sections(STORM, "ko"), rules.sections(STORM, "en")
    for a, b in zip(ko, en, strict=True):
        assert len(a.paragraphs) == len(b.paragraphs), a.slug
        assert [(r.paragraph, r.source, r.kind) for r in a.rulings] == [
            (r.paragraph, r.source, r.kind) for r in b.rulings], a.slug


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


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_new_rulings_sit_beside_the_sentence_they_interpret(lang: str) -> None:
    def beside(slug: str, source: str) -> str:
        sec = rules.section(STORM, slug, lang)
        found = [sec.paragraphs[r.paragraph] for r in sec.rulings if r.source == source]
        assert len(found) == 1, (slug, source)
        return found[0]

    ko = lang == "ko"
    for source in ("Red cards come only with a purchase", "A table keeps the rules of the release"):
        assert ("빨간색 카드" if ko else "red cards") in beside("buying", source)
    assert ("해당 차례에 당원을 둔 사무실 포함" if ko else "including the office taken this turn") \
        in beside("workers", "Temporary workers may be added")
    assert ("모두 사용하지 않을" if ko else "choose not to use all their workers") in beside(
        "workers", "A player who passes in the placement phase")
    assert ("이전 라운드" if ko else "previous round") in beside(
        "turn-order", "Round 1: the setup's random bus")
    assert ("빈 사무실마다" if ko else "on each empty office") in beside(
        "clean-up", "When the token supply runs short")
    assert ("라운드가 끝났을 때" if ko else "when a round ends") in beside(
        "end-of-game", "A game that ends early reports the round")
    for source in ("Sealed values", "Undo and corrections across a reveal"):
        assert ("동시에 공개" if ko else "reveal at the same time") in beside("turn-order", source)


def test_the_doctorate_s_worth_is_marked_a_public_fact(client) -> None:  # type: ignore[no-untyped-def]
    for lang, label in (("ko", "공개 자료"), ("en", "Public source")):
        notes = [r for r in rules.section(STORM, "end-of-game", lang).rulings
                 if r.source == "A Doctorate is worth"]
        assert [r.kind for r in notes] == [PUBLIC_SOURCE, RULING]
        page = client.get(f"/rules/{STORM}/end-of-game?lang={lang}",
                          headers={"Accept-Language": lang}).get_data(as_text=True)
        assert f">{label}</span>" in page
