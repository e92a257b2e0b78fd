"""The rules reference: content files, the lookup API, search, and the web pages."""

from __future__ import annotations

import html
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.rules import HOUSE_DEFAULT, PUBLIC_SOURCE, RULING, RulesContentError, load_file

GAME = "casse-toi-pov-con"
ROOT = Path(__file__).resolve().parent.parent
RULINGS_MD = next(
    (
        p
        for p in (ROOT / "rules" / "RULINGS.md", ROOT.parent / "shared" / "rules" / "RULINGS.md")
        if p.exists()
    ),
    None,
)

# Printed QR codes point at these slugs: changing one breaks every printed rule sheet.
SLUGS = [
    "components",
    "goal",
    "setup",
    "round",
    "marine",
    "end-of-round",
    "scoring",
    "marine-progress",
    "new-round",
    "end-of-game",
]

# Every Casse-toi Pov'con! item of RULINGS.md, by its opening words (nested items included).
RULING_SOURCES = [
    "Players",
    "Candidates and parties",
    "Popularity track",
    "Marine (edition value)",
    "Same-party setup bonus",
    "Stress",
    "Round may also end by common agreement",
    "Scoring of a round",
    "at least 4 cards",
    "all 4 journalists",
    "at least 4 stars",
    "most cards among the players who did not crack",
    "the only player without a Marine card",
    "A player who cracked: -1",
    "Forgetting to announce Marine",
    "Marine advances",
    "End of game",
    "One or more players beyond the top",
    "Otherwise, a player below the bottom",
    "Otherwise, Marine beyond the top",
    "Each crowd card's back shows one figure at most",
    "A player who cracked holds at least one card",
    '"A maximum of 4 points can be scored"',
    "Once all 52 crowd cards are taken",
    "Edition values that would start a candidate beyond the top",
]

EDGAR = "edgar-et-lucien"

EDGAR_SLUGS = [
    "components",
    "goal",
    "victory-conditions",
    "setup",
    "starting-districts",
    "turn",
    "programming",
    "movement",
    "actions",
    "action-details",
    "robbery",
    "manigance",
    "edgar-administration",
    "edgar-places",
    "buying",
    "lucien-administration",
    "certificates",
    "city-hall-double",
    "end-of-period",
    "tax-collection",
    "governor-election",
    "end-of-game",
    "manigance-cards",
    "faq",
]

# Every Edgar & Lucien item of RULINGS.md, by its opening words, and the sections where it is
# shown: an item that settles several sentences of the rulebook sits beside each of them.
EDGAR_RULINGS = {
    "Players 2 to 4": ["setup", "setup"],
    "Money moves in 10,000 notes": ["robbery", "robbery"],
    "Edgar's administration action": ["action-details", "edgar-administration", "city-hall-double"],
    "Populist Speech +50": ["buying", "buying", "lucien-administration", "lucien-administration"],
    "An Electoral Period is 4 turns": [
        "turn",
        "tax-collection",
        "tax-collection",
        "governor-election",
        "governor-election",
        "governor-election",
    ],
    "Victory: three of the four conditions": ["goal", "end-of-period", "faq"],
    "Manigance deck": ["components", "manigance-cards"],
    "The board": ["components"],
    "Robbery: the rulebook says": ["robbery"],
    "Heritage Protection protects": ["lucien-administration", "manigance-cards"],
    "Governor election with nobody bidding": ["governor-election"],
    "A doubled Requisition": ["city-hall-double"],
    "Influence tokens": ["components", "buying"],
    "Sealed values": ["programming"],
    "Undo and corrections across a reveal": ["movement"],
}

ELECTION = "election-usa"

ELECTION_SLUGS = [
    "overview",
    "components",
    "setup",
    "turn",
    "action-cards",
    "fundraising",
    "policy",
    "advertising",
    "sincerity",
    "blackmail-journalist",
    "skeletons",
    "end-of-game",
    "scoring",
]

# Every Election USA item of RULINGS.md, by its opening words, and the sections showing it.
ELECTION_RULINGS = {
    "Players": ["setup"],
    "Names": ["components"],
    "Regions (public sources)": ["overview", "overview"],
    "Sincerity track 0 to 15": ["overview", "setup", "setup"],
    "Start": ["setup", "setup", "setup"],
    "Taking a face-up card": ["setup", "action-cards", "action-cards"],
    "Fundraising": ["fundraising"],
    "Policy auction": ["policy", "policy"],
    "Advertising: every player": ["advertising", "advertising"],
    "Raising Sincerity": ["sincerity", "sincerity"],
    "Blackmail ($) and Journalist": ["blackmail-journalist", "blackmail-journalist", "skeletons"],
    "End of game": ["end-of-game"],
    "Final scoring": ["scoring", "scoring"],
    "4 Skeletons": ["scoring"],
    "Tie": ["scoring"],
    "Policy, the active player's word": ["policy"],
    "Advertising winners place their pawns in bid order": ["advertising"],
    "The refill of the slot is part of the action": ["end-of-game"],
    "A Skeleton counts toward the 4": ["end-of-game"],
    "Action deck": ["setup", "end-of-game", "end-of-game"],
    "Sealed values": ["advertising"],
    "Undo and corrections across a reveal": ["advertising"],
    "A table keeps the rules of the release": ["end-of-game"],
    "The host may correct an edition value": ["end-of-game"],
}

ROCK = "mourir-pour-le-rock"

ROCK_SLUGS = [
    "setup",
    "market",
    "rounds",
    "action-cubes",
    "placing-cubes",
    "actions-80s",
    "actions-90s",
    "actions-2000s",
    "events",
    "end-of-game",
    "final-count",
]

# Every Mourir pour le Rock item of RULINGS.md, by its opening words.
ROCK_RULINGS = [
    "Players 2 to 4",
    "Mental health (edition values)",
    "Songs track 0 to 10",
    "Writing a song",
    "Once per game",
    "Final scoring",
    "A turn",
    "The vice for first falling below 12",
    "A player at 0 mental health",
    "Artistic exploration: once a game per player",
    "Market, tours, agents",
    "The game ends when the last 2000s tour card",
    "The 80s and the 90s end the same way",
    "A mental-health cost may always be paid",
    "Money and fans",
    "A vice is drawn the first time",
    "A player who died for rock is left out",
    "Conversions to souvenir points round down",
    "House defaults (edition values, to check)",
    "The host may correct an edition value",
]

STORM = "storm-candidate"

STORM_SLUGS = [
    "components",
    "goal",
    "setup",
    "player-area",
    "turn-order",
    "workers",
    "buying",
    "scoring",
    "clean-up",
    "action-cards",
    "card-anatomy",
    "office-cards",
    "colours",
    "end-of-game",
]

# Every 폭풍의 대권주자 item of RULINGS.md, by its opening words, and the section beside which
# it is shown.
STORM_RULINGS = {
    "Players 2 to 4": "goal",
    "Turn order": "turn-order",
    "Buying": "buying",
    "Each empty office": "clean-up",
    "No card, worker, token or coin": "action-cards",
    "Clean-up removes": "clean-up",
    "Two players": "setup",
    "End at the end": "end-of-game",
    "Card and office texts": "card-anatomy",
    "Player colours": "player-area",
    "Hand": "turn-order",
    "Periods I–IV go in full": "setup",
    "The street has 11 slots": "buying",
    "A Doctorate is worth": "end-of-game",
    'The rulebook\'s "round 1: blue office actions only"': "workers",
    "Ties for turn order": "turn-order",
    "Victory-point tokens": "components",
    "The score track": "scoring",
    "Red cards come only with a purchase": "buying",
    "Temporary workers may be added": "workers",
    "A player who passes in the placement phase": "workers",
    "Round 1: the setup's random bus": "turn-order",
    "When the token supply runs short": "clean-up",
    "A game that ends early reports the round": "end-of-game",
    "Sealed values": "turn-order",
    "Undo and corrections across a reveal": "turn-order",
    "A table keeps the rules of the release": "buying",
}

# Every item of RULINGS.md's "For every game", by its opening words, and where each game's
# reference shows it: sealed values and what binds after a reveal beside each sealed step
# (Election's advertising bids, Edgar's programmed moves, the priority cards of 폭풍의
# 대권주자), the rules of a table's release beside the rules a release changed, the host's
# correction beside the edition values a host can correct.
EVERY_GAME = "### For every game"
EVERY_GAME_RULINGS = {
    "Sealed values": {ELECTION: ["advertising"], EDGAR: ["programming"], STORM: ["turn-order"]},
    "Undo and corrections across a reveal": {
        ELECTION: ["advertising"],
        EDGAR: ["movement"],
        STORM: ["turn-order"],
    },
    "A table keeps the rules of the release": {ELECTION: ["end-of-game"], STORM: ["buying"]},
    "The host may correct an edition value": {ELECTION: ["end-of-game"], ROCK: ["market"]},
}


def _own(sources) -> list[str]:
    """A game's sources without the items of "For every game"."""
    return [s for s in sources if s not in EVERY_GAME_RULINGS]

SLUGS_BY_GAME = {GAME: SLUGS, EDGAR: EDGAR_SLUGS, ELECTION: ELECTION_SLUGS, ROCK: ROCK_SLUGS,
                 STORM: STORM_SLUGS}

# Each game's section of RULINGS.md (its heading) and the sources naming its items.
RULINGS_MD_SECTIONS = {
    GAME: ("## Casse-toi Pov'con!", RULING_SOURCES),
    EDGAR: ("## Edgar & Lucien", _own(EDGAR_RULINGS)),
    ELECTION: ("## Election USA", _own(ELECTION_RULINGS)),
    ROCK: ("## Mourir pour le Rock", _own(ROCK_RULINGS)),
    STORM: ("## 폭풍의 대권주자", _own(STORM_RULINGS)),
}

MARKER = {"en": "Table ruling", "fr": "Règle de table", "ko": "테이블 판정"}
# The label of each kind of note, in each interface language: a house default is never
# labelled a table ruling (RULINGS.md keeps the three kinds of text apart).
LABELS = {
    RULING: MARKER,
    HOUSE_DEFAULT: {
        "en": "House default — check your copy",
        "fr": "Valeur par défaut — vérifiez votre exemplaire",
        "ko": "기본값 — 가지고 계신 게임을 확인하세요",
    },
    PUBLIC_SOURCE: {"en": "Public source", "fr": "Source publique", "ko": "공개 자료"},
}


def _game_data() -> dict:
    with open(rules.GAME_DATA_DIR / f"{GAME}.toml", "rb") as f:
        return tomllib.load(f)


# --------------------------------------------------------------------------- content


def test_languages_are_english_and_the_rulebook_language():
    assert rules.languages(GAME) == ("en", "fr")
    assert GAME in rules.games()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_slugs_are_stable_and_the_same_in_every_language(lang):
    assert [s.slug for s in rules.sections(GAME, lang)] == SLUGS


ALL_BOOKS = [(game, lang) for game in rules.games() for lang in rules.languages(game)]


@pytest.mark.parametrize("game", rules.games())
def test_languages_have_the_same_shape(game):
    first, *others = rules.languages(game)
    for other in others:
        for a, b in zip(rules.sections(game, first), rules.sections(game, other), strict=True):
            assert a.slug == b.slug
            assert len(a.paragraphs) == len(b.paragraphs), (other, a.slug)
            assert [rules.is_item(p) for p in a.paragraphs] == [
                rules.is_item(p) for p in b.paragraphs
            ], (other, a.slug)
            assert [(r.source, r.paragraph, r.kind) for r in a.rulings] == [
                (r.source, r.paragraph, r.kind) for r in b.rulings
            ], (other, a.slug)


@pytest.mark.parametrize(("game", "lang"), ALL_BOOKS)
def test_every_section_is_well_formed(game, lang):
    assert rules.game_title(game, lang).strip()
    for sec in rules.sections(game, lang):
        assert sec.title.strip()
        assert sec.paragraphs and all(p.strip() for p in sec.paragraphs)
        for ruling in sec.rulings:
            assert 0 <= ruling.paragraph < len(sec.paragraphs), (sec.slug, ruling)
            assert ruling.text.strip()
            assert ruling.source, (sec.slug, ruling)
            assert "{" not in ruling.text and "}" not in ruling.text, ruling.text
        assert rules.section(game, sec.slug, lang) == sec


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_ruling_of_rulings_md_is_shown_once(lang):
    sources = [r.source for sec in rules.sections(GAME, lang) for r in sec.rulings]
    assert sorted(sources) == sorted(RULING_SOURCES)


def _rulings_md_items(heading: str) -> list[str]:
    """The items of a section of RULINGS.md (nested ones too), each as one line of text: a
    game's "## " section, or the "### For every game" block, each read up to the next heading
    of its level or above."""
    assert RULINGS_MD is not None
    text = RULINGS_MD.read_text(encoding="utf-8")
    start = text.index("\n" + heading) + 1
    level = len(heading.split(" ", 1)[0])
    following = re.compile(rf"^#{{1,{level}}} ", re.MULTILINE).search(text, start + len(heading))
    end = following.start() if following else len(text)  # the last section of the file
    items: list[str] = []
    for line in text[start:end].splitlines()[1:]:
        bullet = re.match(r"^\s*(?:-|\d+\.)\s+(.*)", line)
        if bullet:
            items.append(bullet[1])
        elif line.strip() and items:
            items[-1] += " " + line.strip()
    return [item.replace("**", "") for item in items]


def test_every_game_with_rules_lists_its_rulings_md_sources():
    assert set(rules.games()) == set(RULINGS_MD_SECTIONS)


@pytest.mark.skipif(RULINGS_MD is None, reason="RULINGS.md is not next to this checkout")
@pytest.mark.parametrize("game", list(RULINGS_MD_SECTIONS))
def test_ruling_sources_name_every_item_of_rulings_md(game):
    heading, sources = RULINGS_MD_SECTIONS[game]
    items = _rulings_md_items(heading)
    assert len(items) == len(sources)
    for item in items:
        named = [s for s in sources if item.lower().startswith(s.lower())]
        assert named, f"RULINGS.md item not in the rules reference: {item}"
    for source in sources:
        matching = [i for i in items if i.lower().startswith(source.lower())]
        assert len(matching) == 1, (source, matching)


@pytest.mark.skipif(RULINGS_MD is None, reason="RULINGS.md is not next to this checkout")
def test_every_game_section_of_rulings_md_is_read_and_named():
    """The "For every game" block is read on its own (it sits before the first game) and every
    item of it is named once."""
    items = _rulings_md_items(EVERY_GAME)
    assert items and items[0].startswith("Sealed values")
    assert not any(i.startswith("Players") for i in items)  # the games' sections not included
    assert len(items) == len(EVERY_GAME_RULINGS)
    for source in EVERY_GAME_RULINGS:
        assert len([i for i in items if i.lower().startswith(source.lower())]) == 1, source
    for heading, _ in RULINGS_MD_SECTIONS.values():  # a game's section stops at the next game
        assert not any(i.startswith("Sealed values") for i in _rulings_md_items(heading))


@pytest.mark.parametrize("source", list(EVERY_GAME_RULINGS))
def test_every_item_for_every_game_is_shown_in_a_game_s_reference(source):
    where = EVERY_GAME_RULINGS[source]
    assert where, source
    for game, slugs in where.items():
        for lang in rules.languages(game):
            shown = [sec.slug for sec in rules.sections(game, lang) for r in sec.rulings
                     if r.source == source]
            assert shown == slugs, (game, lang)


SOURCES_BY_GAME = {
    GAME: RULING_SOURCES,
    EDGAR: list(EDGAR_RULINGS),
    ELECTION: list(ELECTION_RULINGS),
    ROCK: ROCK_RULINGS,
    STORM: list(STORM_RULINGS),
}


@pytest.mark.parametrize(("game", "lang"), ALL_BOOKS)
def test_every_source_is_shown_and_every_shown_note_has_a_source(game, lang):
    """Each game's reference shows each of its RULINGS.md items, its own and those "for every
    game" listed for it, and nothing else."""
    shown = {r.source for sec in rules.sections(game, lang) for r in sec.rulings}
    common = {s for s, where in EVERY_GAME_RULINGS.items() if game in where}
    assert shown == set(SOURCES_BY_GAME[game])
    assert common == shown & set(EVERY_GAME_RULINGS)


def test_rulings_state_the_numbers_of_the_game_data():
    data = _game_data()
    track = rules.section(GAME, "setup", "en").rulings
    text = " ".join(r.text for r in track)
    assert f"0 to {data['track']['top']}" in text
    assert f"space {data['track']['start']}" in text
    stress = rules.section(GAME, "end-of-round", "fr").rulings[0].text
    assert str(data["round"]["crack_stress"]) in stress


def test_edition_values_are_marked():
    marked = {
        r.source for sec in rules.sections(GAME, "en") for r in sec.rulings if r.edition_value
    }
    assert marked == {
        "Candidates and parties",
        "Popularity track",
        "Marine (edition value)",
        "A player who cracked holds at least one card",
    }


def test_rulings_sit_beside_the_sentence_they_interpret():
    def beside(slug: str, source: str) -> str:
        sec = rules.section(GAME, slug, "en")
        ruling = next(r for r in sec.rulings if r.source == source)
        return sec.paragraphs[ruling.paragraph]

    assert "8 stress points" in beside("end-of-round", "Stress")
    assert "common agreement" in beside("end-of-round", "Round may also end by common agreement")
    assert "joker" in beside("scoring", "all 4 journalists")
    assert "forgot to announce Marine" in beside("marine", "Forgetting to announce Marine")
    assert "same party" in beside("setup", "Same-party setup bonus")
    assert "only one who did not play Marine" in beside(
        "marine-progress", "the only player without a Marine card"
    )
    assert "below the lowest space" in beside("end-of-game", "Otherwise, a player below the bottom")
    assert "maximum of 4 points" in beside("scoring", '"A maximum of 4 points can be scored"')
    assert "4 corners of the back" in beside(
        "scoring", "Each crowd card's back shows one figure at most"
    )
    assert "stars" in beside("scoring", "A player who cracked holds at least one card")
    assert "common agreement" in beside("end-of-round", "Once all 52 crowd cards are taken")
    assert "same party" in beside(
        "setup", "Edition values that would start a candidate beyond the top"
    )


def test_new_rulings_state_the_numbers_of_the_game_data():
    data = _game_data()
    for lang in ("en", "fr"):
        stars = next(
            r.text
            for r in rules.section(GAME, "scoring", lang).rulings
            if r.source == "A player who cracked holds at least one card"
        )
        assert f" {data['crowd']['max_stars_per_card']} " in stars
        assert f"0 {'to' if lang == 'en' else 'à'} {data['round']['crack_stress']}" in stars
        cap = next(
            r.text
            for r in rules.section(GAME, "scoring", lang).rulings
            if r.source == '"A maximum of 4 points can be scored"'
        )
        assert "+6" in cap and "+2" in cap


def test_french_keeps_the_game_terms():
    french = " ".join(" ".join(s.paragraphs) for s in rules.sections(GAME, "fr"))
    for term in ("Bain de foule", "Cote de popularité", "Casse-toi pov' con\u00a0!", "Marine"):
        assert term in french


# --------------------------------------------------------------------------- lookup API


def test_unknown_game_language_or_slug_is_a_key_error_naming_it():
    with pytest.raises(KeyError, match="no-such-game"):
        rules.sections("no-such-game", "en")
    with pytest.raises(KeyError, match="no-such-game"):
        rules.languages("no-such-game")
    with pytest.raises(KeyError, match="'ko'"):
        rules.sections(GAME, "ko")
    with pytest.raises(KeyError, match="nope"):
        rules.section(GAME, "nope", "en")


def test_rules_url():
    assert (
        rules.rules_url("https://table.example/", GAME, "scoring", "fr")
        == "https://table.example/rules/casse-toi-pov-con/scoring?lang=fr"
    )
    assert rules.rules_url("http://pi.local:5000", GAME, "setup", "en").endswith(
        ":5000/rules/casse-toi-pov-con/setup?lang=en"
    )


# --------------------------------------------------------------------------- search


def _slugs(results) -> list[str]:
    return [sec.slug for sec, _ in results]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_search_finds_marine(lang):
    found = _slugs(rules.search(GAME, lang, "Marine"))
    assert found[0] == "marine"
    assert {"marine", "marine-progress", "setup", "scoring", "end-of-game"} <= set(found)
    for sec, snippet in rules.search(GAME, lang, "Marine"):
        assert "marine" in rules.normalize(snippet) or "marine" in rules.normalize(sec.title)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_search_ignores_accents_and_case(lang):
    plain = rules.search(GAME, lang, "cecile")
    assert plain == rules.search(GAME, lang, "Cécile") == rules.search(GAME, lang, "CÉCILE")
    assert "scoring" in _slugs(plain)
    assert any("Cécile" in snippet for _, snippet in plain)


def test_search_folds_apostrophes_and_needs_every_word():
    assert _slugs(rules.search(GAME, "fr", "pov\u2019 con")) == ["end-of-round"]
    assert _slugs(rules.search(GAME, "en", "joker marine")) == ["scoring"]
    assert rules.search(GAME, "en", "joker zeppelin") == []
    assert rules.search(GAME, "en", "   ") == []


def test_search_points_at_the_paragraph():
    hit = rules.find(GAME, "fr", "republique bananiere")[0]
    assert hit.section.slug == "end-of-game"
    assert hit.paragraph == 4 and not hit.in_ruling
    assert hit.match == "république bananière"
    assert hit.before + hit.match + hit.after == hit.snippet


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=30), st.sampled_from(["en", "fr"]))
def test_search_results_contain_every_word(query, lang):
    words = rules.normalize(query).split()
    for hit in rules.find(GAME, lang, query):
        sec = hit.section
        everything = rules.normalize(
            " ".join([sec.title, *sec.paragraphs, *(r.text for r in sec.rulings)])
        )
        assert all(w in everything for w in words)
        assert any(w in rules.normalize(hit.match) for w in [*words, " ".join(words)])
        assert hit.before + hit.match + hit.after == hit.snippet


# --------------------------------------------------------------------------- loader


VALID = """
[game]
id = "election-usa"
lang = "fr"
title = "Election USA"

[[sections]]
slug = "setup"
title = "Mise en place"
paragraphs = ["Chaque joueur reçoit 15 M$.", "- 6 pions"]

[[sections.rulings]]
paragraph = 1
source = "Start"
text = "La réserve commune garde le reste."
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_new_game_is_just_content_files(tmp_path, monkeypatch):
    _write(tmp_path, "election-usa.fr.toml", VALID)
    _write(tmp_path, "election-usa.en.toml", VALID.replace('lang = "fr"', 'lang = "en"'))
    monkeypatch.setattr(rules, "CONTENT_DIR", tmp_path)
    rules.reload()
    try:
        assert rules.games() == ("election-usa",)
        assert rules.languages("election-usa") == ("en", "fr")
        sec = rules.section("election-usa", "setup", "fr")
        assert sec.rulings[0].paragraph == 1 and sec.rulings[0].source == "Start"
    finally:
        monkeypatch.undo()
        rules.reload()
    assert GAME in rules.games()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace('title = "Mise en place"\n', ""),
            "section 1 ('setup'): missing title",
        ),
        (lambda t: t.replace('title = "Election USA"\n', ""), "[game] has no title"),
        (
            lambda t: t + '\n[[sections]]\nslug = "setup"\ntitle = "X"\nparagraphs = ["x"]\n',
            "duplicate slug 'setup'",
        ),
        (lambda t: t.replace("paragraph = 1", "paragraph = 2"), "paragraph 2 does not exist"),
        (lambda t: t.replace("paragraph = 1", "paragrah = 1"), "unknown key(s) paragrah"),
        (lambda t: t.replace('slug = "setup"', 'slug = "Setup Here"'), "malformed slug"),
        (lambda t: t.replace('slug = "setup"', 'slug = "search"'), "reserved"),
        (lambda t: t.replace('id = "election-usa"', 'id = "edgar"'), "the file name says"),
        (lambda t: t.replace('paragraphs = ["Chaque', 'paragraphs = ["", "Chaque'), "non-empty"),
        (lambda t: t.replace("15 M$", "{start.money} M$"), "{start.money} is not in the game data"),
        (lambda t: t.replace("[game]", "[game"), "not valid TOML"),
    ],
)
def test_malformed_content_is_refused_naming_the_file(tmp_path, change, message):
    path = _write(tmp_path, "election-usa.fr.toml", change(VALID))
    with pytest.raises(RulesContentError) as raised:
        load_file(path, game_data={"track": {"top": 12}})
    assert str(raised.value).startswith("election-usa.fr.toml: ")
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("lines", "kind"),
    [
        ("", RULING),
        ('kind = "house-default"\n', HOUSE_DEFAULT),
        ('kind = "public-source"\n', PUBLIC_SOURCE),
        ("edition_value = true\n", HOUSE_DEFAULT),  # the older key still reads
        ("edition_value = false\n", RULING),
    ],
)
def test_a_note_s_kind(tmp_path, lines, kind):
    path = _write(tmp_path, "election-usa.fr.toml",
                  VALID.replace('source = "Start"\n', 'source = "Start"\n' + lines))
    ruling = load_file(path).sections[0].rulings[0]
    assert ruling.kind == kind and ruling.edition_value == (kind == HOUSE_DEFAULT)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ('kind = "table-ruling"\n', "kind 'table-ruling' is not one of"),
        ('kind = "public-source"\nedition_value = true\n', "contradicts kind"),
        ('edition_value = "yes"\n', "edition_value must be true or false"),
    ],
)
def test_a_bad_kind_is_refused(tmp_path, lines, message):
    path = _write(tmp_path, "election-usa.fr.toml",
                  VALID.replace('source = "Start"\n', 'source = "Start"\n' + lines))
    with pytest.raises(RulesContentError, match=message):
        load_file(path)


def test_languages_of_a_game_must_have_the_same_slugs(tmp_path):
    _write(tmp_path, "election-usa.fr.toml", VALID)
    english = VALID.replace('lang = "fr"', 'lang = "en"').replace('"setup"', '"set-up"')
    _write(tmp_path, "election-usa.en.toml", english)
    with pytest.raises(RulesContentError, match="election-usa.fr.toml: sections .* differ"):
        rules.load_directory(tmp_path)


def test_file_names_must_name_game_and_language(tmp_path):
    path = _write(tmp_path, "election-usa.toml", VALID)
    with pytest.raises(RulesContentError, match="<game id>.<language>.toml"):
        load_file(path)


def test_placeholders_read_the_game_data(tmp_path):
    path = _write(tmp_path, "election-usa.fr.toml", VALID.replace("15 M$", "{start.money} M$"))
    book = load_file(path, game_data={"start": {"money": 15}})
    assert book.sections[0].paragraphs[0] == "Chaque joueur reçoit 15 M$."


def test_shipped_content_files_all_load():
    library = rules.load_directory(rules.CONTENT_DIR)
    assert set(library[GAME]) == {"en", "fr"}


# --------------------------------------------------------------------------- web pages


def _page(client, url: str, status: int = 200) -> str:
    response = client.get(url)
    assert response.status_code == status, url
    return html.unescape(response.get_data(as_text=True))


def _rel(page: str, rel: str) -> str | None:
    found = re.search(rf'rel="{rel}" href="([^"]+)"', page)
    return html.unescape(found[1]) if found else None


@pytest.mark.parametrize(("game", "lang"), ALL_BOOKS)
def test_every_section_page_renders(client, game, lang):
    for sec in rules.sections(game, lang):
        page = _page(client, f"/rules/{game}/{sec.slug}?lang={lang}")
        assert f"<h1>{sec.title}</h1>" in page
        assert f'<article class="rules-section" lang="{lang}">' in page
        for paragraph in sec.paragraphs:
            assert rules.item_text(paragraph) in page
        assert 'role="search"' in page


@pytest.mark.parametrize("game", list(SLUGS_BY_GAME))
@pytest.mark.parametrize("lang", ["en", "fr", "ko"])
def test_next_and_previous_chain_through_every_section(client, game, lang):
    if lang not in rules.languages(game):
        pytest.skip(f"{game} has no {lang} rules")
    slugs = SLUGS_BY_GAME[game]
    url = f"/rules/{game}/{slugs[0]}?lang={lang}"
    visited = []
    while url:
        page = _page(client, url)
        visited.append(url)
        url = _rel(page, "next")
    assert visited == [f"/rules/{game}/{slug}?lang={lang}" for slug in slugs]
    back = []
    url = visited[-1]
    while url:
        back.append(url)
        url = _rel(_page(client, url), "prev")
    assert back == visited[::-1]


@pytest.mark.parametrize(("game", "lang"), ALL_BOOKS)
def test_rulings_are_shown_beside_their_paragraph_with_the_marker(client, game, lang):
    for sec in rules.sections(game, lang):
        page = _page(client, f"/rules/{game}/{sec.slug}?lang={lang}")
        assert page.count('class="rules-ruling-text"') == len(sec.rulings)
        groups = {(r.paragraph, r.kind) for r in sec.rulings}
        beside = {p for p, kind in groups if kind == RULING}
        assert page.count('class="rules-ruling"') == page.count(MARKER[lang]) == len(beside)
        for kind, label in LABELS.items():
            shown = page.count(f">{label[lang]}</span>")
            assert shown == len({g for g in groups if g[1] == kind}), kind
        for ruling in sec.rulings:
            block = page.split(f'id="p{ruling.paragraph}"', 1)[1]
            block = block.split('class="rules-para', 1)[0]
            assert rules.item_text(sec.paragraphs[ruling.paragraph]) in block
            assert ruling.text in block
            assert LABELS[ruling.kind][lang] in block


def _asides(page: str) -> list[str]:
    return re.findall(r'<aside class="[^"]*" role="note">(.*?)</aside>', page, re.DOTALL)


def _labels(markup: str, lang: str) -> list[str]:
    """The kinds whose label ``markup`` shows (as a label, not as words of a note)."""
    return [kind for kind, label in LABELS.items() if f">{label[lang]}</span>" in markup]


@pytest.mark.parametrize("interface", ["en", "fr", "ko"])
@pytest.mark.parametrize(("game", "lang"), ALL_BOOKS)
def test_no_house_default_is_labelled_a_table_ruling(client, game, lang, interface):
    """In every game, language of the rules and language of the phone: each note sits under
    the one label of its kind, and a house default or a public fact never under "Table
    ruling"."""
    headers = {"Accept-Language": interface}
    for sec in rules.sections(game, lang):
        response = client.get(f"/rules/{game}/{sec.slug}?lang={lang}", headers=headers)
        asides = _asides(html.unescape(response.get_data(as_text=True)))
        assert len(asides) == len({(r.paragraph, r.kind) for r in sec.rulings})
        for ruling in sec.rulings:
            aside = next(a for a in asides if ruling.text in a)
            assert _labels(aside, interface) == [ruling.kind], (sec.slug, ruling.text)


@pytest.mark.parametrize(
    ("game", "lang", "query"),
    [
        (ROCK, "fr", "5000"),
        (ROCK, "en", "faces are"),
        (ELECTION, "en", "14 per colour"),
        (EDGAR, "fr", "défaut"),
        (ELECTION, "fr", "publique"),
        (STORM, "ko", "공개"),
    ],
)
def test_search_labels_a_note_by_its_kind(client, game, lang, query):
    page = _page(client, f"/rules/{game}/search?q={query}&lang={lang}")
    hits = rules.find(game, lang, query)
    assert any(hit.in_ruling and hit.kind != RULING for hit in hits)
    items = re.findall(r'<li class="card">(.*?)</li>', page, re.DOTALL)
    assert len(items) == len(hits)
    for hit, item in zip(hits, items, strict=True):
        assert _labels(item, lang) == ([hit.kind] if hit.in_ruling else [])


def _printed_languages() -> list[tuple[str, str]]:
    from printables.build import kit_languages

    return [(game, lang) for game in rules.games() for lang in kit_languages(game)]


@pytest.mark.parametrize(("game", "lang"), _printed_languages())
def test_printed_rule_sheet_labels_each_note_by_its_kind(monkeypatch, game, lang):
    """The printed sheet, like the pages: each note boxed under the label of its kind, in
    every language the game's kit prints."""
    from printables import rulesheet
    from printables.build import rule_sheet
    from printables.layout import PrintSettings

    laid_out: list = []
    monkeypatch.setattr(rulesheet, "_drawer", lambda blocks, *rest: laid_out.extend(blocks))
    fonts = "ko" if game == STORM else ""  # its kit prints the Korean names in every language
    rule_sheet(game, PrintSettings(lang=lang, font_lang=fonts), "http://192.168.1.20:8000")
    text_lang = lang if lang in rules.languages(game) else "en"

    def squeeze(text: str) -> str:
        return "".join(text.split())

    kinds = {squeeze(r.text): r.kind for sec in rules.sections(game, text_lang)
             for r in sec.rulings}
    boxes = [b for b in laid_out if b.kind == "ruling"]
    assert len(boxes) == len(kinds)
    for box in boxes:
        kind = kinds[squeeze("".join(box.fitted.lines))]
        assert box.note == kind
        assert squeeze("".join(box.label.lines)) == squeeze(rulesheet.TEXTS[kind][lang])
    labels = {squeeze("".join(b.label.lines)) for b in boxes}
    assert squeeze(rulesheet.TEXTS[RULING][lang]) in labels
    if any(k == HOUSE_DEFAULT for k in kinds.values()):
        assert squeeze(rulesheet.TEXTS[HOUSE_DEFAULT][lang]) in labels


def test_edition_values_say_check_your_copy(client):
    page = _page(client, f"/rules/{GAME}/setup?lang=en")
    assert page.count("House default — check your copy") == 2
    page = _page(client, f"/rules/{GAME}/setup?lang=fr")
    assert page.count("Valeur par défaut — vérifiez votre exemplaire") == 2


def test_language_switch_keeps_the_section(client):
    page = _page(client, f"/rules/{GAME}/scoring?lang=en")
    assert f'href="/rules/{GAME}/scoring?lang=fr"' in page
    assert 'aria-current="true" lang="en"' in page
    page = _page(client, f"/rules/{GAME}/scoring?lang=fr")
    assert "Décompte\u00a0: la règle des\u00a04" in page
    assert f'href="/rules/{GAME}/scoring?lang=en"' in page


def test_language_falls_back_to_the_interface_then_english(client):
    page = _page(client, f"/rules/{GAME}/setup")
    assert "<h1>Setup</h1>" in page
    response = client.get(f"/rules/{GAME}/setup", headers={"Accept-Language": "fr-FR,fr"})
    assert "<h1>Mise en place</h1>" in html.unescape(response.get_data(as_text=True))
    # A language the game's rules do not have: the interface's, else English.
    assert "<h1>Setup</h1>" in _page(client, f"/rules/{GAME}/setup?lang=ko")


def test_index_and_contents(client):
    index = _page(client, "/rules/")
    assert f"/rules/{GAME}?lang=en" in index and "Casse-toi Pov'con!" in index
    for lang in ("en", "fr"):
        toc = _page(client, f"/rules/{GAME}?lang={lang}")
        links = re.findall(rf'href="/rules/{GAME}/([a-z-]+)\?lang={lang}"', toc)
        assert [s for s in links if s in SLUGS] == SLUGS
        assert MARKER[lang] in toc


@pytest.mark.parametrize(
    ("lang", "query", "expected"),
    [
        ("en", "Marine", "marine"),
        ("en", "cecile", "scoring"),
        ("fr", "Cécile", "scoring"),
        ("fr", "CECILE", "components"),
        ("fr", "republique", "end-of-game"),
    ],
)
def test_search_page(client, lang, query, expected):
    page = _page(client, f"/rules/{GAME}/search?q={query}&lang={lang}")
    assert f"/rules/{GAME}/{expected}?lang={lang}" in page
    assert "<mark>" in page


def test_search_page_without_match_or_query(client):
    assert "No section matches “zeppelin”." in _page(
        client, f"/rules/{GAME}/search?q=zeppelin&lang=en"
    )
    assert "Aucune section ne contient" in _page(client, f"/rules/{GAME}/search?q=zeppelin&lang=fr")
    page = _page(client, f"/rules/{GAME}/search")
    assert 'role="search"' in page and "<mark>" not in page


def test_search_query_is_escaped(client):
    response = client.get(f"/rules/{GAME}/search?q=<script>alert(1)</script>")
    assert response.status_code == 200
    assert b"<script>alert" not in response.data


@pytest.mark.parametrize(
    "url",
    [
        "/rules/no-such-game",
        "/rules/no-such-game/setup",
        "/rules/no-such-game/search?q=x",
        f"/rules/{GAME}/no-such-section",
        f"/rules/{GAME}/no-such-section?lang=fr",
    ],
)
def test_unknown_game_or_section_is_a_404_page(client, url):
    page = _page(client, url, status=404)
    assert "/rules/" in page
    assert "Not found" in page or "Page introuvable" in page


@pytest.mark.parametrize("game", rules.games())
def test_every_printed_address_opens_its_page(client, game):
    for lang in rules.languages(game):
        for sec in rules.sections(game, lang):
            url = rules.rules_url("http://localhost/", game, sec.slug, lang)
            page = _page(client, url.removeprefix("http://localhost"))
            assert f"<h1>{sec.title}</h1>" in page


# --------------------------------------------------------------------------- Edgar & Lucien


def test_edgar_is_served_in_english_and_french_without_its_engine(client, monkeypatch):
    from companion import games

    # The rules reference does not depend on the engine registry.
    monkeypatch.setattr(games, "GAMES", {k: v for k, v in games.GAMES.items() if k != EDGAR})
    assert EDGAR in rules.games()
    assert _page(client, f"/rules/{EDGAR}/setup?lang=fr")
    assert rules.languages(EDGAR) == ("en", "fr")
    assert {(EDGAR, "en"), (EDGAR, "fr")} <= set(ALL_BOOKS)
    assert "Edgar & Lucien" in _page(client, "/rules/")
    for lang in ("en", "fr"):
        toc = _page(client, f"/rules/{EDGAR}?lang={lang}")
        links = re.findall(rf'href="/rules/{EDGAR}/([a-z-]+)\?lang={lang}"', toc)
        assert [s for s in links if s in EDGAR_SLUGS] == EDGAR_SLUGS


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_edgar_slugs_are_stable_and_the_same_in_every_language(lang):
    assert [s.slug for s in rules.sections(EDGAR, lang)] == EDGAR_SLUGS


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_edgar_every_ruling_of_rulings_md_is_shown_where_it_applies(lang):
    shown: dict[str, list[str]] = {}
    for sec in rules.sections(EDGAR, lang):
        for ruling in sec.rulings:
            shown.setdefault(ruling.source, []).append(sec.slug)
    assert shown == EDGAR_RULINGS


def test_edgar_rulings_sit_beside_the_sentence_they_interpret():
    def beside(slug: str, source: str) -> list[str]:
        sec = rules.section(EDGAR, slug, "en")
        return [sec.paragraphs[r.paragraph] for r in sec.rulings if r.source == source]

    assert "rounded up" in beside("robbery", "Money moves in 10,000 notes")[0]
    assert "bodyguard" in beside("robbery", "Money moves in 10,000 notes")[1]
    assert "only once per player" in beside("action-details", "Edgar's administration action")[0]
    assert (
        "lose 20 popularity" in beside("edgar-administration", "Edgar's administration action")[0]
    )
    assert "30 popularity" in beside("city-hall-double", "Edgar's administration action")[0]
    speech, protection = beside("lucien-administration", "Populist Speech +50")
    assert "Populist Speech" in speech and "any Manigance card" in protection
    city, player = beside("buying", "Populist Speech +50")
    assert "20,000 Cogs to the Bank" in city and "30,000 Cogs to the player" in player
    assert "Grand Zealot" in beside("end-of-period", "Victory: three of the four conditions")[0]
    assert (
        "one certificate per Electoral" in beside("faq", "Victory: three of the four conditions")[0]
    )
    assert "tie" in beside("governor-election", "An Electoral Period is 4 turns")[0]
    assert "20 Manigance cards" in beside("components", "Manigance deck")[0]
    assert "game board" in beside("components", "The board")[0]
    assert "arrives" in beside("robbery", "Robbery: the rulebook says")[0]
    assert "does not protect against Intimidation" in beside(
        "lucien-administration", "Heritage Protection protects"
    )[0]
    assert "Remote Action" in beside("manigance-cards", "Heritage Protection protects")[0]
    assert "no Governor is designated" in beside(
        "governor-election", "Governor election with nobody bidding"
    )[0]
    assert "Requisition 2 districts" in beside("city-hall-double", "A doubled Requisition")[0]
    assert "16 in each colour" in beside("components", "Influence tokens")[0]
    assert "influence tokens" in beside("buying", "Influence tokens")[0]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_edgar_notes_the_manigance_deck_of_15_against_the_component_list(lang):
    cards = rules.section(EDGAR, "manigance-cards", lang)
    copies = [int(n) for p in cards.paragraphs for n in re.findall(r"\(×(\d+)\)", p)]
    assert len(copies) == 9 and sum(copies) == 15
    notes = [
        r.text
        for slug in ("components", "manigance-cards")
        for r in rules.section(EDGAR, slug, lang).rulings
        if r.source == "Manigance deck"
    ]
    assert len(notes) == 2 and all("15" in n and "20" in n for n in notes)


def test_edgar_edition_value_is_the_board(client):
    for lang in ("en", "fr"):
        marked = {
            r.source for sec in rules.sections(EDGAR, lang) for r in sec.rulings if r.edition_value
        }
        assert marked == {"The board"}
        board = rules.section(EDGAR, "components", lang).rulings[0].text
        assert all(word in board for word in ("Archives", "2–3", "4"))
    page = _page(client, f"/rules/{EDGAR}/components?lang=en")
    assert page.count("House default — check your copy") == 1
    assert "schematic one of our own" in page
    page = _page(client, f"/rules/{EDGAR}/components?lang=fr")
    assert page.count("Valeur par défaut — vérifiez votre exemplaire") == 1


def test_edgar_french_keeps_the_game_terms():
    french = " ".join(
        " ".join([sec.title, *sec.paragraphs, *(r.text for r in sec.rulings)])
        for sec in rules.sections(EDGAR, "fr")
    )
    for term in (
        "Dandy Fortuné",
        "Haut Percepteur",
        "Bureaucrate Influent",
        "Grand Zélateur",
        "Rouages",  # the money, as the French interface names it
        "Place du Cochon Saoul",
        "Archives",
        "Banque Centrale",
        "Hôtel de Ville",
        "Manigance",
        "Protection du Patrimoine",
        "Quartier Ivoire",
        "Quartier Acier",
        "Période Électorale",
        "Gouverneur",
        "Grand Triomphant",
        "50\u00a0000 Rouages",
    ):
        assert term in french, term
    for english in ("Drunken Pig", "City Hall", "Central Bank", "Heritage Protection", "Zealot"):
        assert english not in french, english


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_edgar_search_finds_manigance(lang):
    found = _slugs(rules.search(EDGAR, lang, "Manigance"))
    assert found[:2] == ["manigance", "manigance-cards"]  # the sections titled so come first
    assert {"components", "edgar-places", "lucien-administration", "faq"} <= set(found)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_edgar_search_ignores_accents(lang):
    plain = rules.search(EDGAR, lang, "Zelateur")
    assert plain == rules.search(EDGAR, lang, "Zélateur") == rules.search(EDGAR, lang, "ZÉLATEUR")
    assert "victory-conditions" in _slugs(plain)
    assert any("Zélateur" in snippet for _, snippet in plain)
    if lang == "fr":
        assert "end-of-period" in _slugs(plain)


@pytest.mark.parametrize(
    ("lang", "query", "expected"),
    [
        ("en", "zelateur", "victory-conditions"),
        ("fr", "Zelateur", "end-of-period"),
        ("fr", "manigance", "manigance-cards"),
        ("fr", "hotel de ville", "city-hall-double"),
    ],
)
def test_edgar_search_page(client, lang, query, expected):
    page = _page(client, f"/rules/{EDGAR}/search?q={query}&lang={lang}")
    assert f"/rules/{EDGAR}/{expected}?lang={lang}" in page
    assert "<mark>" in page


# --------------------------------------------------------------------------- on a phone


@pytest.mark.browser
def test_section_pages_fit_a_phone_and_stay_offline(live_server, new_phone):
    page = new_phone()
    for slug in ("setup", "scoring", "end-of-game"):
        for lang in ("en", "fr"):
            page.goto(f"{live_server.url}/rules/{GAME}/{slug}?lang={lang}")
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            font = page.evaluate(
                "parseFloat(getComputedStyle(document.querySelector('.rules-para p')).fontSize)"
            )
            assert font >= 16
    page.goto(f"{live_server.url}/rules/{GAME}/setup?lang=en")
    page.fill("input[name=q]", "cécile")
    page.press("input[name=q]", "Enter")
    page.wait_for_url("**/search?**")
    assert page.locator(".rules-hits li").count() >= 2
    page.goto(f"{live_server.url}/rules/{GAME}/goal?lang=fr")
    page.click("a[rel=next]")
    page.wait_for_url(f"**/rules/{GAME}/setup?lang=fr")
    assert page.locator("h1").inner_text() == "Mise en place"
    assert all(url.startswith(live_server.url) for url in page.requested_urls)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_election_every_ruling_of_rulings_md_is_shown_where_it_applies(lang):
    assert [s.slug for s in rules.sections(ELECTION, lang)] == ELECTION_SLUGS
    shown: dict[str, list[str]] = {}
    for sec in rules.sections(ELECTION, lang):
        for ruling in sec.rulings:
            shown.setdefault(ruling.source, []).append(sec.slug)
    assert shown == ELECTION_RULINGS


def test_election_rulings_state_the_numbers_of_the_game_data():
    data = tomllib.loads((rules.GAME_DATA_DIR / f"{ELECTION}.toml").read_text("utf-8"))
    for lang in ("en", "fr"):
        text = " ".join(r.text for sec in rules.sections(ELECTION, lang) for r in sec.rulings)
        for region in data["regions"]:
            name = region[f"name_{lang}"]
            assert f"{name} {'/'.join(str(p) for p in region['points'])}" in text, name
        assert str(data["end"]["malus"]) in rules.section(ELECTION, "scoring", lang).rulings[
            2].text
        assert f"{data['pawns']['reserve']}" in text and str(data["cards"]["action_deck"]) in text
    setup = " ".join(r.text for r in rules.section(ELECTION, "setup", "en").rulings)
    assert f"${data['start']['money']}M" in setup and f"space {data['start']['sincerity']}" in setup


def test_election_edition_values_are_marked():
    marked = {r.source for sec in rules.sections(ELECTION, "en") for r in sec.rulings
              if r.edition_value}
    assert marked == {"Start", "Final scoring", "4 Skeletons", "Action deck",
                      "Regions (public sources)"}
    public = {r.text for sec in rules.sections(ELECTION, "en") for r in sec.rulings
              if r.kind == PUBLIC_SOURCE}
    assert all("(public source" in text for text in public) and len(public) == 4
    french = {r.text for sec in rules.sections(ELECTION, "fr") for r in sec.rulings
              if r.kind == PUBLIC_SOURCE}
    assert all("(source publique" in t or "(sources publiques" in t for t in french)


def test_election_new_rulings_sit_beside_the_sentence_they_interpret():
    def beside(slug: str, source: str, lang: str = "en") -> list[str]:
        sec = rules.section(ELECTION, slug, lang)
        return [sec.paragraphs[r.paragraph] for r in sec.rulings if r.source == source]

    assert "last word" in beside("policy", "Policy, the active player's word")[0]
    assert "dernier mot" in beside("policy", "Policy, the active player's word", "fr")[0]
    assert "two highest bidders" in beside(
        "advertising", "Advertising winners place their pawns in bid order")[0]
    assert "deux premiers meilleurs" in beside(
        "advertising", "Advertising winners place their pawns in bid order", "fr")[0]
    for source in ("Sealed values", "Undo and corrections across a reveal"):
        assert "closed-fist" in beside("advertising", source)[0]
        assert "poing fermé" in beside("advertising", source, "fr")[0]
    assert "at least one of these three events" in beside(
        "end-of-game", "The refill of the slot is part of the action")[0]
    for source in ("A Skeleton counts toward the 4", "A table keeps the rules of the release"):
        assert "4th Skeleton" in beside("end-of-game", source)[0]
        assert "4eme carte « Skeleton »" in beside("end-of-game", source, "fr")[0]
    for source in ("Action deck", "The host may correct an edition value"):
        assert all("last Action card" in p for p in beside("end-of-game", source))
        assert all("dernière carte « Action »" in p
                   for p in beside("end-of-game", source, "fr"))
    assert "Draw 10 Action cards" in beside("setup", "Action deck")[0]
    assert "15M $" in beside("setup", "Start", "fr")[0]


def test_one_game_read_alone_reads_its_own_files_only(tmp_path, monkeypatch):
    """A printed kit reads its own game's rules without the whole library (the command line
    builds one kit); a broken file of another game does not stop it, and the books are the
    ones the whole library holds."""
    _write(tmp_path, "election-usa.fr.toml", VALID)
    _write(tmp_path, "election-usa.en.toml", VALID.replace('lang = "fr"', 'lang = "en"'))
    _write(tmp_path, "other-game.en.toml", "not = [valid")
    monkeypatch.setattr(rules, "CONTENT_DIR", tmp_path)
    rules.reload()
    try:
        assert rules.languages("election-usa") == ("en", "fr")
        assert rules.section("election-usa", "setup", "fr").rulings[0].source == "Start"
        with pytest.raises(rules.RulesContentError, match="other-game.en.toml"):
            rules.games()
    finally:
        monkeypatch.undo()
        rules.reload()
    alone = rules.sections(GAME, "en")
    rules.games()  # the whole library, loaded
    assert rules.sections(GAME, "en") == alone
