"""폭풍의 대권주자's ``learned_cards``: the street cards a table typed as printed during a game,
as a card list the next table can start with (the results page offers to keep them)."""

from __future__ import annotations

from typing import Any

from storm_deck_lists import act, play_round, whole_deck

from companion.games import storm_candidate as game
from companion.games.deck_schema import check_cards

OPTION = next(o for o in game.OPTIONS if o.name == "deck")






def type_unknown(state: game.State, numbers: list[int]) -> game.State:
    """Type every card not entered yet: the next number for each (None: without one)."""
    for slot, card in enumerate(state.street, start=1):
        if card is not None and not card.known:
            number = numbers.pop(0)
            extra = {} if number is None else {"number": number}
            state = act(state, type="street", slot=slot, price=slot % 6,
                        colour="red" if number is not None and number <= 8 else "blue",
                        **extra)
    return state


def test_a_played_game_gives_the_cards_typed_with_their_number() -> None:
    state = game.setup(game.example_players(3), {"seed": 2})
    typed: list[Any] = [19, 20, 21, None, 22, 23, 24, 25, 26, 3, None]
    state = type_unknown(state, typed)
    # A slot typed again with another number: the card is the one it shows now.
    state = act(state, type="street", slot=1, price=2, colour="green", number=40)
    state = play_round(state, (2, 5), 10)
    state = type_unknown(state, [41, None, 42, 43])
    state = play_round(state, (1,), 90)   # 100 points: the game ends this round
    assert state.result is not None

    learned = game.learned_cards(state)
    assert set(learned) == {"deck"}
    cards = learned["deck"]
    # Each card typed with a number once, by number (19 was typed over: slot 1 shows 40).
    assert [c["number"] for c in cards] == [3, 20, 21, 22, 23, 24, 25, 26, 40, 41, 42, 43]
    # Those of round 1 lay on the street of setup (period I); those of round 2 came from
    # the top of the deck (period II).
    first = next(c for c in cards if c["number"] == 40)
    assert first == {"number": 40, "price": 2, "colour": "green", "period": "I"}
    assert cards[0] == {"number": 3, "price": 10 % 6, "colour": "red", "period": "I"}
    assert [c["period"] for c in cards] == ["I"] * 9 + ["II"] * 3
    # The list passes the option's schema and starts a new table as it stands.
    assert OPTION.schema is not None
    assert check_cards(OPTION.schema, cards) == cards
    again = game.setup(game.example_players(3), {"deck": cards})
    assert len(again.settings.deck) == len(cards)


def test_cards_picked_from_the_tables_list_are_not_learned() -> None:
    deck = whole_deck()
    state = game.setup(game.example_players(3), {"seed": 2, "deck": deck})
    picks = [c["number"] for c in deck if c["period"] == "I"]
    for slot, number in enumerate(picks, start=1):
        state = act(state, type="street", slot=slot, number=number)
    assert game.learned_cards(state) == {"deck": []}
    # A card the list lacks is typed without its number: nothing a list could hold.
    state = act(state, type="street", slot=3, price=4, colour="grey")
    assert game.learned_cards(state) == {"deck": []}


def test_a_doctorate_typed_with_a_number_is_learned_as_period_v() -> None:
    state = game.setup(game.example_players(2), {"seed": 2})
    state = act(state, type="street", slot=4, price=6, doctorate=True, number=58)
    assert game.learned_cards(state) == {"deck": [{"number": 58, "price": 6, "period": "V"}]}


def test_an_older_tables_odd_numbers_are_left_out() -> None:
    """A table of rules revision 2 could type a start card's number or one past 61."""
    state = game.setup(game.example_players(3), {"seed": 2, "rules": 2})
    state = act(state, type="street", slot=1, price=1, colour="blue", number=12)
    state = act(state, type="street", slot=2, price=1, colour="blue", number=77)
    state = act(state, type="street", slot=3, price=1, colour="blue", number=30)
    assert game.learned_cards(state) == {"deck": [{"number": 30, "price": 1, "colour": "blue"}]}
