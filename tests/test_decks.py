"""A group's own card list (an option of kind "deck"): typed as TOML, checked, kept."""

from __future__ import annotations

import json

import pytest

from companion.decks.files import deck_text, parse_deck_text
from companion.games.base import NEWEST_RULES, RULES_KEY, MalformedInput, Option, read_options

DECK = Option("deck", "deck", [], "Deck list", edition=True, fields=("name", "kind", "pawns"))


def test_toml_card_list_round_trips() -> None:
    text = '[[card]]\nname = "Iowa caucus"\nkind = "policy"\npawns = 3\n\n[[card]]\nname = "É"\n'
    cards = parse_deck_text(text)
    assert cards == [{"name": "Iowa caucus", "kind": "policy", "pawns": 3}, {"name": "É"}]
    assert parse_deck_text(deck_text(cards)) == cards
    assert read_options([DECK], {"deck": cards}) == {"deck": cards, RULES_KEY: NEWEST_RULES}


def test_empty_text_is_no_deck_list() -> None:
    assert parse_deck_text("  \n") == []
    assert read_options([DECK], {}) == {"deck": [], RULES_KEY: NEWEST_RULES}


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


def _deck_options() -> list[tuple[str, Option]]:
    from companion.games import GAMES

    return [(game_id, option) for game_id, game in GAMES.items()
            for option in game.OPTIONS if option.kind == "deck"]


@pytest.mark.parametrize("game_id, option", _deck_options(),
                         ids=[f"{g}-{o.name}" for g, o in _deck_options()])
def test_every_card_list_shows_an_example_the_game_accepts_as_it_stands(
        game_id: str, option: Option) -> None:
    """The new-table page shows each card list's example beside its field, its free texts
    in the reader's language; pasted as the page shows it, in each language, the example
    starts the table (the engine's own checks of the values pass)."""
    import re
    from html import unescape

    from companion import create_app
    from companion.games import get_game
    from companion.games.base import Words

    assert option.example, f"{game_id}: {option.name} has no example"
    assert all(set(card) <= set(option.fields) for card in option.example)
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://"})
    client = app.test_client()
    game = get_game(game_id)
    shown: dict[str, str] = {}
    for language in ("en", "fr", "ko"):
        page = client.get(f"/new/{game_id}", headers={"Accept-Language": language})
        examples = [unescape(found) for found in re.findall(
            r'<pre class="deck-example">(.*?)</pre>', page.get_data(as_text=True), re.S)]
        cards = next(parse_deck_text(text) for text in examples
                     if [set(c) for c in parse_deck_text(text)]
                     == [set(c) for c in option.example])
        shown[language] = json.dumps(cards, ensure_ascii=False)
        for card, example in zip(cards, option.example, strict=True):
            for key, value in example.items():  # what the engine checks, as typed
                assert isinstance(value, Words) or card[key] == value, (language, key)
        created = client.post("/api/tables", json={
            "game": game_id, "players": game.example_players(3),
            "options": {option.name: cards}})
        assert created.status_code == 201, (language, created.json)
    if any(isinstance(v, Words) for card in option.example for v in card.values()):
        assert len(set(shown.values())) == 3, shown  # its free texts read in each language
