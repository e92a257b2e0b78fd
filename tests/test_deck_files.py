"""A deck as one TOML file: written, read back the same, and refused whole with the line of
its problem (unknown keys, wrong types, impossible values, duplicate numbers, too many cards,
too large, not UTF-8)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.decks.content import clean_values, deck_options
from companion.decks.files import MAX_FILE_BYTES, dump_deck_file, parse_deck_file
from companion.games import GAMES
from companion.games.base import MalformedInput

CARD_GAMES = [g for g in GAMES if deck_options(GAMES[g])]

STORM = """format = 1
game = "storm-candidate"
name = "Our copy"

[edition]
board_offices = 11

[[deck]]
number = 23
name = "Rally"
price = 4
period = "I"
colour = "blue"

[[deck]]
number = 24
name = "Debate"
price = 5
period = "II"
"""


def example_values(game_id: str) -> dict[str, Any]:
    game = GAMES[game_id]
    return clean_values(game, {o.name: [dict(c) for c in o.example] for o in deck_options(game)})


def refusal(text: str | bytes, game_id: str | None = None) -> str:
    data = text.encode() if isinstance(text, str) else text
    with pytest.raises(MalformedInput) as caught:
        parse_deck_file(data, game_id)
    return str(caught.value)


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_deck_file_reads_back_to_the_same_deck(game_id: str) -> None:
    values = example_values(game_id)
    number = next((o for o in GAMES[game_id].OPTIONS if o.edition and o.kind == "int"), None)
    if number is not None:  # an edition value that differs from the house default
        values[number.name] = number.maximum if number.default != number.maximum \
            else number.minimum
    text = dump_deck_file(game_id, "Notre « copie », 2e édition", "dit \"ok\"\n", values)
    back = parse_deck_file(text.encode(), game_id)
    assert (back.game, back.name, back.note) == (
        game_id, "Notre « copie », 2e édition", 'dit "ok"')
    assert back.values == values
    assert dump_deck_file(game_id, back.name, back.note, back.values) == dump_deck_file(
        game_id, "Notre « copie », 2e édition", 'dit "ok"', values)


def test_a_one_list_game_reads_card_blocks_as_its_list() -> None:
    text = STORM.replace("[[deck]]", "[[card]]")
    assert [c["number"] for c in parse_deck_file(text.encode()).values["deck"]] == [23, 24]


@pytest.mark.parametrize("change, line, words", [
    (("price = 5", "price = 99"), 18, "price"),
    (("period = \"II\"", "period = \"IX\""), 19, "period"),
    (("number = 24", "number = 23"), 16, "23"),
    (("name = \"Debate\"", "name = \"Debate\"\nsecret = 1"), 18, "unknown field secret"),
    (("price = 5", "price = \"five\""), 18, "whole number"),
    (("board_offices = 11", "board_offices = 99"), 6, "board_offices"),
    (("board_offices = 11", "board_seats = 2"), 6, "board_seats"),
    (("[[deck]]\nnumber = 24", "[[deck]\nnumber = 24"), 15, "TOML"),
    (("game = \"storm-candidate\"", "game = \"chess\""), 2, "game must be one of"),
    (("format = 1", "format = 7"), 1, "format 7"),
])
def test_a_file_with_a_problem_is_refused_with_its_line(
        change: tuple[str, str], line: int, words: str) -> None:
    text = STORM.replace(*change, 1)
    assert text != STORM
    message = refusal(text)
    assert f"line {line} " in message, message
    assert words in message, message


def test_unknown_top_level_key_and_list_are_named() -> None:
    assert "unknown key: colour" in refusal("colour = \"red\"\n" + STORM)
    message = refusal(STORM + "\n[[tiles]]\nname = \"x\"\n")
    assert "unknown card list: tiles" in message and "line 21 " in message


def test_a_deck_of_another_game_is_refused_on_this_games_page() -> None:
    assert "not of Election USA" in refusal(STORM, "election-usa")


def test_invalid_utf8_is_refused_with_its_line() -> None:
    data = STORM.encode().replace(b'"Debate"', b'"D\xe9bat"')
    message = refusal(data)
    assert "UTF-8" in message and "line 17 " in message


def test_ten_thousand_cards_are_refused() -> None:
    cards = "".join(f'\n[[deck]]\nnumber = {n % 60 + 1}\n' for n in range(10_000))
    text = STORM.split("[[deck]]")[0] + cards
    assert len(text.encode()) < MAX_FILE_BYTES
    assert "more than 300" in refusal(text)


def test_a_ten_megabyte_file_is_refused_before_it_is_read() -> None:
    data = STORM.encode() + b"# " + b"x" * (10 * 1024 * 1024) + b"\n"
    assert "KB at most" in refusal(data)


def test_a_card_with_a_control_character_or_a_long_text_is_refused() -> None:
    assert "line 17 " in refusal(STORM.replace('"Debate"', '"De\\u0007bate"'))
    assert "line 17 " in refusal(STORM.replace('"Debate"', '"' + "x" * 121 + '"'))


def test_texts_are_kept_as_every_name_is_kept() -> None:
    text = STORM.replace('"Debate"', '"  Cafe\\u0301 "')
    assert parse_deck_file(text.encode()).values["deck"][1]["name"] == "Café"


def test_the_engine_refuses_what_the_schema_lets_through() -> None:
    """An Election deck of fewer cards than the ten face-up ones: each card is right, the
    deck is not; the message says so, without a line."""
    text = ('format = 1\ngame = "election-usa"\nname = "x"\n\n[[action_deck]]\n'
            'kind = "fundraising"\nhigh = 5\nlow = 3\nvalue = 1\ncount = 3\n')
    message = refusal(text)
    assert message.startswith("the deck file:"), message


def test_the_readme_documents_every_card_list_key_and_choice() -> None:
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "docs" / "decks.md").read_text(encoding="utf-8")
    start = readme.index("## A deck as a file")
    after = readme.find("\n# ", start)
    section = readme[start:after if after >= 0 else len(readme)]
    for game_id in CARD_GAMES:
        for option in deck_options(GAMES[game_id]):
            assert f"`[[{option.name}]]`" in section, option.name
            assert option.schema is not None
            for field in option.schema.fields:
                assert f"`{field.name}`" in section, (game_id, field.name)
                for value, _label in field.choices:
                    assert f"`{value}`" in section, (game_id, field.name, value)


def test_dates_and_deep_nesting_are_refused_not_crashed_on() -> None:
    message = refusal(STORM.replace('name = "Debate"', "name = 1979-05-27T07:32:00Z"))
    assert "line 17 " in message and "name" in message
    assert "nested too deep" in refusal("x = " + "[" * 5000 + "]" * 5000 + "\n" + STORM)
    deep = "x = " + "{a = " * 500 + "1" + "}" * 500 + "\n" + STORM
    assert "TOML" in refusal(deep) or "unknown key" in refusal(deep)
