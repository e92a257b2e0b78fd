"""Election USA with the group's deck list: a copy face up, taken or drawn is out of the deck,
the phones offer what is left (most likely first), a line with no copy left is refused; the
cards typed as printed are kept for the form's next card and for the group's deck."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from companion.games import election_usa as game
from companion.games.base import GameError, IllegalAction, MalformedInput
from companion.games.deck_schema import check_cards
from companion.games.election_usa.data import ACTION_DECK_SCHEMA, SKELETON_DECK_SCHEMA

DECK = [
    {"name": "Big donors", "kind": "fundraising", "high": 6, "low": 3, "value": 1, "count": 2},
    {"name": "TV spot", "kind": "advertising", "region": "west-coast", "pawns": 2, "value": 2,
     "count": 6},
    {"name": "Tax cuts", "kind": "policy", "pawns": 3, "count": 4},
    {"name": "Photos", "kind": "blackmail", "amount": 2, "count": 3},
    {"name": "Lone rally", "kind": "fundraising", "high": 2, "low": 1, "value": 4},
]


def new(rules: int = game.RULES, **options: Any) -> game.State:
    return game.setup(game.example_players(3), {"rules": rules, "action_deck": DECK,
                                                 **options})


def run(state: game.State, *actions: dict[str, Any]) -> game.State:
    for action in actions:
        state = game.apply(state, action)
    return state


def refused(state: game.State, action: dict[str, Any], error: type[GameError] = IllegalAction,
            match: str | None = None) -> GameError:
    before = json.dumps(game.to_json(state), sort_keys=True)
    with pytest.raises(error, match=match) as caught:
        game.apply(state, action)
    assert json.dumps(game.to_json(state), sort_keys=True) == before
    return caught.value


def show(slot: int, row: int) -> dict[str, Any]:
    return {"type": "show", "slot": slot, "card": {"deck": row}}


def test_every_copy_face_up_or_drawn_is_out_of_the_deck() -> None:
    state = new()
    assert game.copies_left(state) == (2, 6, 4, 3, 1)
    state = run(state, show(0, 0), show(1, 1), show(2, 1))
    assert game.copies_left(state) == (1, 4, 4, 3, 1)
    # Taking a recorded card leaves it out; its refill is one more out.
    state = run(state, {"type": "take", "seat": 0, "slot": 0},
                {"type": "refill", "seat": 0, "card": {"deck": 2}})
    assert game.copies_left(state) == (1, 4, 3, 3, 1)
    assert game.to_json(state)["deck"]["left"] == [1, 4, 3, 3, 1]
    # Raising Sincerity draws a card too; a Blackmail drawn to refill is out as well.
    state = run(state, {"type": "raise_sincerity", "seat": 1, "card": {"deck": 4}})
    assert game.copies_left(state)[4] == 0
    state = run(state, {"type": "take", "seat": 2, "slot": 1},
                *({"type": "seal", "seat": s, "value": 0} for s in range(3)),
                {"type": "reveal"}, {"type": "place", "seat": 2, "count": 0},
                {"type": "place", "seat": 0, "count": 0},
                {"type": "refill", "seat": 2, "card": {"deck": 3}})
    assert game.copies_left(state) == (1, 4, 3, 2, 0)


def test_a_line_whose_copies_are_all_out_is_refused_with_its_name() -> None:
    state = run(new(), show(0, 0), show(1, 0))
    error = refused(state, show(2, 0), match=r"card 0 of the deck list \(Big donors\) is out: "
                    r"its 2 copies are all face up, taken or drawn")
    assert error.code == "card_out"
    # Taken from an unrecorded slot or drawn for Sincerity: refused alike.
    refused(state, {"type": "take", "seat": 0, "slot": 5, "card": {"deck": 0}},
            match="is out")
    refused(state, {"type": "raise_sincerity", "seat": 0, "card": {"deck": 0}},
            match="is out")
    last = run(state, {"type": "take", "seat": 0, "slot": 0})
    refused(last, {"type": "refill", "seat": 0, "card": {"deck": 0}}, match="is out")


def test_a_pick_not_in_the_list_is_refused_and_changes_nothing() -> None:
    state = new()
    error = refused(state, show(0, 5), match="the deck list has no card 5: its cards are 0 "
                    "to 4")
    assert error.code == "not_in_deck"
    refused(state, show(0, -1), match="no card -1")
    refused(state, show(0, "1"), MalformedInput, "deck must be a whole number")  # type: ignore[arg-type]
    # A Blackmail is never a face-up card.
    refused(state, show(0, 3), match="a blackmail card cannot be used here")
    refused(game.setup(game.example_players(2), {}), show(0, 0), match="no deck list")


def test_a_card_recorded_by_mistake_goes_back_into_the_deck() -> None:
    state = run(new(), show(0, 0), show(1, 0))
    # Slot 1 was the other Fundraising in fact: recording it again puts the first back.
    state = run(state, show(1, 4))
    assert game.copies_left(state)[:1] == (1,) and game.copies_left(state)[4] == 0
    # The active player corrects a slot as they take it: same.
    state = run(state, {"type": "take", "seat": 0, "slot": 0, "card": {"deck": 2}})
    assert game.copies_left(state) == (2, 6, 3, 3, 0)


def test_the_most_likely_card_comes_first() -> None:
    state = new()
    assert [p.row for p in game.picks(state)] == [1, 2, 3, 0, 4]
    assert [p.row for p in game.picks(state, game.PLAYABLE)] == [1, 2, 0, 4]
    # Drawn to raise Sincerity, a card without its blue circle cannot be the one.
    assert [p.row for p in game.picks(state, value_only=True)] == [1, 3, 0, 4]
    state = run(state, *(show(s, 1) for s in range(5)))
    picks = game.picks(state)
    assert [(p.row, p.left) for p in picks] == [(2, 4), (3, 3), (0, 2), (1, 1), (4, 1)]
    assert picks[0].card.name == "Tax cuts"


def test_a_table_of_rules_2_keeps_the_picks_its_log_holds() -> None:
    """Before revision 3 a line could be picked more often than its copies: such a log
    still folds."""
    state = run(new(rules=2), show(0, 4), show(1, 4))
    assert state.display[1] is not None and game.copies_left(state)[4] == 0


def test_a_typed_card_prefills_the_next_form_of_its_kind() -> None:
    state = game.setup(game.example_players(3), {})
    assert game.to_json(state)["last_typed"] == {}
    state = run(state, {"type": "show", "slot": 0, "card": {
        "kind": "advertising", "region": "midwest", "pawns": 3, "value": 1}},
        {"type": "take", "seat": 0, "slot": 1, "card": {"kind": "fundraising", "high": 4,
                                                        "low": 2}},
        {"type": "refill", "seat": 0, "card": {"kind": "advertising", "region": "deep-south",
                                                "pawns": 1}})
    last = game.to_json(state)["last_typed"]
    assert last == {"advertising": {"kind": "advertising", "region": "deep-south",
                                    "pawns": 1},
                    "fundraising": {"kind": "fundraising", "high": 4, "low": 2}}
    # Drawn to raise Sincerity, only the blue circle was typed: the rest stays.
    state = run(state, {"type": "raise_sincerity", "seat": 1,
                        "card": {"kind": "fundraising", "value": 3}})
    assert game.last_typed(state)["fundraising"] == {"kind": "fundraising", "high": 4,
                                                     "low": 2, "value": 3}


def played_game() -> game.State:
    """A game played to its end without a deck list: every card typed as printed."""
    state = game.setup(game.example_players(2), {"action_cards": 14})
    fund = {"kind": "fundraising", "high": 5, "low": 2, "value": 1}
    policy = {"kind": "policy", "pawns": 2}
    state = run(state,
                {"type": "show", "slot": 0, "card": fund},
                {"type": "show", "slot": 1, "card": fund},
                {"type": "show", "slot": 2, "card": {"kind": "policy", "pawns": 4}},
                # Slot 2 was misread: the correction replaces it.
                {"type": "show", "slot": 2, "card": policy},
                {"type": "take", "seat": 0, "slot": 0},
                {"type": "refill", "seat": 0, "card": {"kind": "blackmail", "amount": 3}},
                {"type": "pay", "seat": 0}, {"type": "skeleton", "seat": 1},
                {"type": "skeleton_effect", "seat": 1, "money": -20, "sincerity": -2,
                 "note": "mine"},
                {"type": "refill", "seat": 0, "card": fund},
                {"type": "raise_sincerity", "seat": 1, "card": {"kind": "policy",
                                                                 "value": 2}},
                {"type": "take", "seat": 0, "slot": 3, "card": fund},
                {"type": "refill", "seat": 0, "card": {"kind": "journalist", "amount": 3}},
                {"type": "pay", "seat": 0}, {"type": "pay", "seat": 1})
    assert state.result is not None
    return state


def test_learned_cards_are_the_cards_typed_as_printed_with_their_copies() -> None:
    learned = game.learned_cards(played_game())
    fund = {"kind": "fundraising", "high": 5, "low": 2, "value": 1}
    assert learned == {
        "action_deck": [{**fund, "count": 4}, {"kind": "policy", "pawns": 2, "count": 1},
                        {"kind": "blackmail", "amount": 3, "count": 1},
                        {"kind": "journalist", "amount": 3, "count": 1}],
        # As printed: the $20M loss, though its drawer had less; the private note stays out.
        "skeleton_deck": [{"money": -20, "sincerity": -2, "pawns": 0, "count": 1}],
    }
    # As they stand, each list passes the schema and the engine's setup.
    assert check_cards(ACTION_DECK_SCHEMA, learned["action_deck"])
    assert check_cards(SKELETON_DECK_SCHEMA, learned["skeleton_deck"])
    filler = {"kind": "policy", "pawns": 1, "count": 10}
    state = game.setup(game.example_players(2), {"action_deck": [*learned["action_deck"],
                                                                 filler],
                                                 "skeleton_deck": learned["skeleton_deck"]})
    assert state.settings.deck_size == 4 + 1 + 1 + 1 + 10


def test_picks_from_the_deck_list_are_not_learned() -> None:
    state = run(new(), show(0, 0), {"type": "show", "slot": 1, "card": {
        "kind": "policy", "pawns": 5, "name": "Wall"}},
        {"type": "take", "seat": 0, "slot": 0},
        {"type": "refill", "seat": 0, "card": {"deck": 1}})
    assert game.learned_cards(state) == {
        "action_deck": [{"kind": "policy", "pawns": 5, "name": "Wall", "count": 1}],
        "skeleton_deck": []}
    assert game.learned_cards(new()) == {"action_deck": [], "skeleton_deck": []}


def test_a_card_seen_more_often_than_a_line_counts_takes_two_lines() -> None:
    card = game.Card("policy", pawns=1)
    state = replace(new(), typed=tuple((card, True) for _ in range(45)))
    lines = game.learned_cards(state)["action_deck"]
    assert [line["count"] for line in lines] == [40, 5]
    check_cards(ACTION_DECK_SCHEMA, lines)
