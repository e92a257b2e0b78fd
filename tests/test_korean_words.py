"""The Korean a phone reads speaks one register and one set of words.

- One register: the catalogs (messages, rules, printing) speak 해요체, the polite register
  of the interface ("현우 님 차례예요"), never 합쇼체 ("…입니다", "…습니다", "…십시오").
  No catalog string is an exception. The rules reference's own text is not a catalog: it
  quotes the 폭풍의 대권주자 rulebook word for word (the rulebook writes 합쇼체), and the table
  rulings set beside its paragraphs follow the register of the page they annotate.
- One set of colour words, the rulebook's: 빨간색, 노란색, 파란색, 녹색, 보라색 (and, for the
  other games' pieces, 흰색, 검은색, 주황색, 분홍색), on the phones, in the games' data, in
  the rules reference and on the printed kits alike.
- A message names a field in Korean, not by its English key ("players는…"); the keys a
  person types in a deck file are named as keys ("name 키는…").
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask import Flask

from companion.i18n import DOMAINS, TRANSLATIONS

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = Path("/work/shared/rules/storm-candidate.ko.txt")
HANGUL = re.compile(r"[가-힣]")
# The rulebook's colour words, and the forms that must not appear beside them.
RULEBOOK_COLOURS = ("빨간색", "노란색", "파란색", "녹색", "보라색")
OTHER_FORMS = re.compile(r"빨강|파랑|노랑|초록|하양|검정|(?:보라|주황|분홍)(?!색)"
                         r"|(?:빨간|노란|파란|하얀|흰|검은)(?!색)")
# An English key with a Korean particle glued to it ("players는", "office는").
ENGLISH_FIELD = re.compile(r"(?<![\w{(\[])([A-Za-z_][A-Za-z_-]+)(?:은|는|이|가|을|를|의|와|과)"
                           r"(?=[\s(]|$)")
# Formats and headers named as they are written, never translated.
NAMED_AS_WRITTEN = {"JSON", "TOML", "Idempotency-Key", "id"}


def catalog(domain: str) -> Any:
    with open(TRANSLATIONS / "ko" / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f, locale="ko")


def korean_strings(domain: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of every Korean string of a catalog, each plural form apart."""
    found = []
    for message in catalog(domain):
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(msgid, text) for text in strings if text]
    return found


def formal_endings(text: str) -> list[str]:
    """The words of a text that end the 합쇼체 way: a syllable closed by ㅂ before 니다 or 니까
    (합니다, 입니다, 습니다, 됩니다, 봅니다...), or -십시오."""
    found = []
    for word in re.findall(r"[가-힣]+", text):
        closed_by_b = any((ord(a) - 0xAC00) % 28 == 17 and b == "니" and c in "다까"
                          for a, b, c in zip(word, word[1:], word[2:], strict=False))
        if closed_by_b or "십시오" in word:
            found.append(word)
    return found


def test_the_formal_ending_finder_knows_both_registers() -> None:
    assert formal_endings("민수 님 차례입니다!") == ["차례입니다"]
    assert formal_endings("수정이 저장되었습니다") == ["저장되었습니다"]
    assert formal_endings("다시 시도하십시오.") == ["시도하십시오"]
    assert formal_endings("모두가 비밀 값을 한 번에 봅니다.") == ["봅니다"]
    assert not formal_endings("현우 님 차례예요. 링크를 복사했어요: 붙여 넣으세요.")


@pytest.mark.parametrize("domain", DOMAINS)
def test_korean_catalogs_speak_one_register(domain: str) -> None:
    formal = [(msgid, text) for msgid, text in korean_strings(domain) if formal_endings(text)]
    assert not formal, formal


def test_the_rules_reference_quotes_the_rulebook_in_its_own_register() -> None:
    """The one place 합쇼체 is right: the rulebook's own sentences, quoted as printed (the
    rules reference is not a catalog; its notes follow the page they sit on)."""
    content = tomllib.loads((ROOT / "companion/rules/content/storm-candidate.ko.toml")
                            .read_text("utf-8"))
    rulebook = re.sub(r"\s+", "", RULEBOOK.read_text("utf-8"))
    assert len(formal_endings(rulebook)) > 50
    quoted = [re.sub(r"\s+", "", p.lstrip("- ")) for section in content["sections"]
              for p in section["paragraphs"] if formal_endings(p)]
    assert len(quoted) > 20
    assert sum(p[:10] in rulebook for p in quoted) > len(quoted) / 2


def korean_texts_outside_the_catalogs() -> dict[str, str]:
    """The other places Korean words are kept: the games' data, the rules reference, the
    printed kits."""
    texts = {}
    for path in sorted((ROOT / "companion/games/data").glob("*.toml")):
        names = re.findall(r'name_ko = "([^"]*)"', path.read_text("utf-8"))
        texts[path.name] = "\n".join(names)
    for path in sorted((ROOT / "companion/rules/content").glob("*.ko.toml")):
        texts[path.name] = path.read_text("utf-8")
    for path in sorted((ROOT / "printables").rglob("*.py")):
        text = path.read_text("utf-8")
        if HANGUL.search(text):
            texts[str(path.relative_to(ROOT))] = text
    return texts


def test_colour_words_are_the_rulebook_s_everywhere() -> None:
    rulebook = RULEBOOK.read_text("utf-8")
    assert all(word in rulebook for word in RULEBOOK_COLOURS)
    assert not OTHER_FORMS.search(rulebook)
    wrong = [(domain, msgid, text) for domain in DOMAINS
             for msgid, text in korean_strings(domain) if OTHER_FORMS.search(text)]
    wrong += [(where, OTHER_FORMS.findall(text)) for where, text in
              korean_texts_outside_the_catalogs().items() if OTHER_FORMS.search(text)]
    assert not wrong, wrong


def test_the_phone_and_the_rules_reference_name_storm_s_colours_alike(app: Flask) -> None:
    """The player colours of 폭풍의 대권주자 on the new-table page, and the card colours the
    phone names, are the words of the rulebook and of the rules reference."""
    from flask_babel import force_locale

    from companion.i18n import gettext

    data = tomllib.loads((ROOT / "companion/games/data/storm-candidate.toml").read_text("utf-8"))
    reference = (ROOT / "companion/rules/content/storm-candidate.ko.toml").read_text("utf-8")
    player_colours = [colour["name_ko"] for colour in data["colours"]]
    assert sorted(player_colours) == sorted(["빨간색", "파란색", "노란색", "녹색"])
    with app.test_request_context(), force_locale("ko"):
        card_colours = [gettext(word) for word in ("red", "blue", "purple", "yellow", "green")]
    assert card_colours == ["빨간색", "파란색", "보라색", "노란색", "녹색"]
    for word in {*player_colours, *card_colours}:
        assert word in reference, word
    page = app.test_client().get("/new/storm-candidate", headers={"Accept-Language": "ko"})
    text = page.get_data(as_text=True)
    assert all(word in text for word in ("빨간색", "파란색", "노란색", "녹색"))


def test_korean_messages_name_fields_in_korean() -> None:
    wrong = [(msgid, text) for domain in DOMAINS for msgid, text in korean_strings(domain)
             if set(ENGLISH_FIELD.findall(text)) - NAMED_AS_WRITTEN]
    assert not wrong, wrong


def test_an_office_is_named_once(app: Flask) -> None:
    """« 기본 사무실 1 », not « 기본 사무실 1 사무실 »: the office's name is the whole of it."""
    from flask_babel import force_locale

    from companion.games import storm_candidate as storm
    from companion.games.base import IllegalAction
    from companion.web.common import translate_error

    office = next(key for key in storm.localized_names("ko") if key.startswith("basic"))
    shown = storm.localized_names("ko")[office]
    assert shown.startswith("기본 사무실")
    error = IllegalAction("no office %(office)s on the board this round", office=office)
    with app.test_request_context(), force_locale("ko"):
        message = translate_error(error, storm)
    assert shown in message and f"{shown} 사무실" not in message, message
