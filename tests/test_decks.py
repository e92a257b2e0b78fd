"""A group's own card list (an option of kind "deck"): typed as TOML, checked, kept."""

from __future__ import annotations

import pytest

from companion.games.base import MalformedInput, Option, read_options
from companion.web.pages import deck_text, parse_deck_text

DECK = Option("deck", "deck", [], "Deck list", edition=True, fields=("name", "kind", "pawns"))


def test_toml_card_list_round_trips() -> None:
    text = '[[card]]\nname = "Iowa caucus"\nkind = "policy"\npawns = 3\n\n[[card]]\nname = "É"\n'
    cards = parse_deck_text(text)
    assert cards == [{"name": "Iowa caucus", "kind": "policy", "pawns": 3}, {"name": "É"}]
    assert parse_deck_text(deck_text(cards)) == cards
    assert read_options([DECK], {"deck": cards}) == {"deck": cards}


def test_empty_text_is_no_deck_list() -> None:
    assert parse_deck_text("  \n") == []
    assert read_options([DECK], {}) == {"deck": []}


@pytest.mark.parametrize("text", ['[[card]\nname = "x"', 'title = "x"', 'card = 3'])
def test_malformed_toml_is_refused(text: str) -> None:
    with pytest.raises(MalformedInput):
        parse_deck_text(text)


@pytest.mark.parametrize("value, words", [
    ("cards", "list of cards"),
    ([3], "must be an object"),
    ([{"colour": "red"}], "unknown field colour"),
    ([{"name": 1.5}], "short text or a number"),
    ([{"name": "x" * 500}], "short text or a number"),
    ([{"name": "a"}] * 301, "more than 300"),
])
def test_bad_card_lists_name_what_is_wrong(value: object, words: str) -> None:
    with pytest.raises(MalformedInput, match=words):
        read_options([DECK], {"deck": value})


@pytest.mark.parametrize("given", [[1], "ab", 5])
def test_options_that_are_not_an_object_are_malformed(given: object) -> None:
    with pytest.raises(MalformedInput):
        read_options([DECK], given)
