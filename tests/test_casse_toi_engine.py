"""Casse-toi Pov'con! rules: the rulebook's example, each criterion, the rulings, the ends."""

from __future__ import annotations

import pytest

from companion.games import casse_toi_pov_con as game
from companion.games.base import GameOver, IllegalAction, MalformedInput


def table(*parties: str, **options: object) -> game.State:
    names = ["Christiane", "Jean", "Bruno", "Cécile", "Eva", "Farid", "Gaël", "Hana"]
    return game.setup([{"name": n, "party": p} for n, p in zip(names, parties, strict=False)],
                      options)


def res(seat: int, cards: int = 4, *, cracked: bool = False, journalists: int = 0,
        marine: int = 0, stars: int = 0, forgot: bool = False) -> dict[str, object]:
    return {"seat": seat, "cards": cards, "cracked": cracked, "journalists": journalists,
            "marine_cards": marine, "stars": stars, "forgot_marine": forgot}


def score(state: game.State, *results: dict[str, object]) -> game.State:
    return game.apply(state, {"type": "score_round", "results": list(results)})


def deltas(before: game.State, after: game.State) -> list[int]:
    return [a.popularity - b.popularity for a, b in zip(after.players, before.players,
                                                        strict=True)]


def reasons(after: game.State, seat: int) -> dict[str, int]:
    return dict(after.history[-1].gains[seat].reasons)


# ------------------------------------------------------------------ the rulebook's example

def test_rulebook_example_christiane_jean_bruno_cecile() -> None:
    """Christiane cracked (-1), Jean has 2 cards (0), Bruno 4 cards (+1), Cécile +4."""
    start = table("blue", "orange", "pink", "green")
    after = score(start,
                  res(0, 3, cracked=True, journalists=1, stars=1),
                  res(1, 2, journalists=1, stars=2),
                  res(2, 4, journalists=2, stars=3),
                  res(3, 6, journalists=4, stars=5))
    assert deltas(start, after) == [-1, 0, 1, 4]
    assert reasons(after, 3) == {"four_cards": 1, "journalists": 1, "stars": 1, "most_cards": 1}
    assert reasons(after, 0) == {"cracked": -1}
    assert after.marine == start.marine + 1  # nobody played Marine: fewer than half
    assert after.round == 2 and game.outcome(after) is None


# ------------------------------------------------------------------ setup

def test_setup_start_space_and_same_party_bonus() -> None:
    state = table("blue", "blue", "pink")
    assert [p.popularity for p in state.players] == [3, 3, 2]
    assert state.marine == 0 and state.round == 1


def test_same_party_is_case_insensitive() -> None:
    state = table("Blue", "blue ")
    assert [p.popularity for p in state.players] == [3, 3]


def test_third_player_of_a_party_is_refused() -> None:
    with pytest.raises(IllegalAction, match="at most two players per party") as error:
        table("blue", "blue", "blue")
    assert error.value.code == "party_full"


@pytest.mark.parametrize("count", [0, 1, 9])
def test_player_count_out_of_range(count: int) -> None:
    players = [{"name": f"P{i}", "party": f"party{i // 2}"} for i in range(count)]
    with pytest.raises(IllegalAction) as error:
        game.setup(players, {})
    assert error.value.code == "player_count"


def test_edition_values_move_the_track() -> None:
    state = table("blue", "pink", track_top=8, start_space=1, marine_start=3)
    assert [p.popularity for p in state.players] == [1, 1]
    assert state.marine == 3 and state.settings.top == 8


def test_start_beyond_top_is_refused() -> None:
    with pytest.raises(IllegalAction):
        table("blue", "pink", track_top=5, start_space=6)


@pytest.mark.parametrize("options", [{"nope": 1}, {"track_top": "12"}, {"track_top": 2},
                                     {"cracked_scores_rule_of_4": 1}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(MalformedInput):
        table("blue", "pink", **options)


@pytest.mark.parametrize("player", [{"party": "blue"}, {"name": " ", "party": "blue"},
                                    {"name": "Ann"}, "Ann"])
def test_malformed_player(player: object) -> None:
    with pytest.raises(MalformedInput):
        game.setup([player, {"name": "Bob", "party": "pink"}], {})


# ------------------------------------------------------------------ each criterion alone

def test_four_cards_alone() -> None:
    start = table("blue", "pink", "green")
    after = score(start, res(0, 4, marine=1), res(1, 5, marine=1), res(2, 5, marine=1))
    assert reasons(after, 0) == {"four_cards": 1}


def test_all_four_journalists() -> None:
    start = table("blue", "pink")
    after = score(start, res(0, 4, journalists=4, marine=0), res(1, 5, journalists=3))
    assert reasons(after, 0) == {"four_cards": 1, "journalists": 1}
    assert "journalists" not in reasons(after, 1)


@pytest.mark.parametrize("journalists,marine,complete", [
    (3, 1, True), (2, 2, True), (0, 4, True), (3, 0, False), (1, 2, False)])
def test_marine_stands_in_for_a_missing_journalist(journalists: int, marine: int,
                                                   complete: bool) -> None:
    start = table("blue", "pink", "green")
    after = score(start, res(0, 6, journalists=journalists, marine=marine),
                  res(1, 6, marine=1), res(2, 6, marine=1))
    assert ("journalists" in reasons(after, 0)) is complete


def test_four_stars() -> None:
    start = table("blue", "pink")
    after = score(start, res(0, 4, stars=4, marine=1), res(1, 5, stars=3, marine=1))
    assert reasons(after, 0) == {"four_cards": 1, "stars": 1}
    assert "stars" not in reasons(after, 1)


def test_most_cards_ties_all_score() -> None:
    start = table("blue", "pink", "green")
    after = score(start, res(0, 6, marine=1), res(1, 6, marine=1), res(2, 5, marine=1))
    assert "most_cards" in reasons(after, 0) and "most_cards" in reasons(after, 1)
    assert "most_cards" not in reasons(after, 2)


def test_most_cards_counts_only_players_who_did_not_crack() -> None:
    start = table("blue", "pink")
    after = score(start, res(0, 9, cracked=True, marine=1), res(1, 2, marine=1))
    assert reasons(after, 1) == {"most_cards": 1}


def test_a_player_with_no_card_never_has_the_most() -> None:
    start = table("blue", "pink")
    after = score(start, res(0, 1, cracked=True), res(1, 0))
    assert reasons(after, 1) == {}


def test_lone_player_without_marine_gains_two() -> None:
    start = table("blue", "pink", "green")
    after = score(start, res(0, 4), res(1, 4, marine=1), res(2, 4, marine=2))
    assert reasons(after, 0)["lone_without_marine"] == 2
    assert deltas(start, after)[0] == 1 + 1 + 2  # four cards, most cards (tie), +2


def test_two_players_without_marine_gain_no_bonus() -> None:
    start = table("blue", "pink", "green")
    after = score(start, res(0, 4), res(1, 4), res(2, 4, marine=1))
    assert "lone_without_marine" not in reasons(after, 0)
    assert "lone_without_marine" not in reasons(after, 1)


def test_a_cracked_lone_player_without_marine_gains_nothing_else() -> None:
    start = table("blue", "pink", "green")
    after = score(start, res(0, 3, cracked=True), res(1, 4, marine=1), res(2, 4, marine=1))
    assert reasons(after, 0) == {"cracked": -1}


def test_cracked_player_loses_one_and_gains_nothing_else() -> None:
    start = table("blue", "pink")
    after = score(start, res(0, 7, cracked=True, journalists=4, stars=6), res(1, 2))
    assert reasons(after, 0) == {"cracked": -1}


def test_option_cracked_player_still_scores_the_rule_of_4() -> None:
    start = table("blue", "pink", cracked_scores_rule_of_4=True)
    after = score(start, res(0, 7, cracked=True, journalists=4, stars=6), res(1, 2))
    assert reasons(after, 0) == {"cracked": -1, "four_cards": 1, "journalists": 1, "stars": 1,
                                 "most_cards": 1}
    assert deltas(start, after)[0] == 3
    assert "most_cards" not in reasons(after, 1)


@pytest.mark.parametrize("cracked", [False, True])
def test_forgetting_marine_costs_one_cracked_or_not(cracked: bool) -> None:
    start = table("blue", "pink")
    other = res(1, 2) if cracked else res(1, 4)
    after = score(start, res(0, 4, cracked=cracked, marine=1, forgot=True), other)
    assert reasons(after, 0)["forgot_marine"] == -1


# ------------------------------------------------------------------ Marine's progress

@pytest.mark.parametrize("players,with_marine,advance", [
    (4, 0, 1), (4, 1, 1), (4, 2, 2), (4, 4, 2), (5, 2, 1), (5, 3, 2), (2, 1, 2), (3, 1, 1)])
def test_marine_advance(players: int, with_marine: int, advance: int) -> None:
    assert game.marine_advance(with_marine, players) == advance
    start = table(*["blue", "pink", "green", "orange", "x"][:players])
    results = [res(s, 4, marine=1 if s < with_marine else 0) for s in range(players)]
    assert score(start, *results).marine == start.marine + advance


# ------------------------------------------------------------------ end of game

def test_player_beyond_the_top_wins() -> None:
    start = table("blue", "pink", track_top=4)  # both start on 2
    after = score(start, res(0, 6, journalists=4, stars=4), res(1, 4, marine=1))
    assert after.players[0].popularity == 2 + 4 + 2 > 4
    assert game.outcome(after).winners == (0,)
    assert game.outcome(after).reason == "player_beyond_top"


def test_several_beyond_the_top_most_points_this_round_wins() -> None:
    start = table("blue", "pink", "green", track_top=3)  # all on 2
    after = score(start, res(0, 5, stars=4, marine=1), res(1, 4, journalists=3, marine=1),
                  res(2, 4, marine=1))
    assert [p.popularity for p in after.players] == [5, 4, 3]  # +3, +2, +1
    outcome = game.outcome(after)
    assert outcome.reason == "player_beyond_top" and outcome.winners == (0,)


def test_beyond_the_top_tie_on_points_is_shared() -> None:
    start = table("blue", "pink", "green", track_top=3)
    after = score(start, res(0, 5, marine=1), res(1, 5, marine=1), res(2, 4, marine=1))
    assert game.outcome(after).winners == (0, 1)


def test_a_player_beyond_the_top_beats_marine_in_the_second_round() -> None:
    start = table("blue", "pink", track_top=3, marine_start=3)
    after = score(start, res(0, 5, marine=1), res(1, 4, marine=1))
    assert after.marine > 3 and after.players[0].popularity > 3
    assert game.outcome(after).winners == (0,)
    assert game.outcome(after).reason == "player_beyond_top"


def test_player_below_the_bottom_loses_and_the_most_popular_other_wins() -> None:
    start = table("blue", "blue", "pink", start_space=0)  # blue pair on 1, pink on 0
    after = score(start, res(0, 5, marine=1), res(1, 4, marine=1),
                  res(2, 3, cracked=True, marine=1))
    assert after.players[2].popularity == -1
    outcome = game.outcome(after)
    assert outcome.reason == "player_below_bottom" and outcome.winners == (0,)


def test_below_the_bottom_tie_on_popularity_and_points_is_shared() -> None:
    start = table("blue", "pink", "green", "orange", start_space=0)
    after = score(start, res(0, 5, marine=1), res(1, 5, marine=1), res(2, 4, marine=1),
                  res(3, 1, cracked=True))
    assert [p.popularity for p in after.players] == [2, 2, 1, -1]
    outcome = game.outcome(after)
    assert outcome.reason == "player_below_bottom" and outcome.winners == (0, 1)


def test_below_the_bottom_tie_on_popularity_broken_by_points_this_round() -> None:
    start = table("blue", "blue", "pink", "green", start_space=0)  # 1, 1, 0, 0
    after = score(start, res(0, 4, marine=1), res(1, 4, marine=1), res(2, 5, marine=1),
                  res(3, 1, cracked=True))
    assert [p.popularity for p in after.players] == [2, 2, 2, -1]  # +1, +1, +2, -1
    outcome = game.outcome(after)
    assert outcome.reason == "player_below_bottom" and outcome.winners == (2,)


def test_marine_elected_everybody_loses() -> None:
    start = table("blue", "pink", track_top=5, marine_start=5)
    after = score(start, res(0, 4), res(1, 4))
    outcome = game.outcome(after)
    assert outcome.reason == "marine_elected" and outcome.winners == ()


def test_no_action_after_the_end() -> None:
    start = table("blue", "pink", track_top=5, marine_start=5)
    after = score(start, res(0, 4), res(1, 4))
    with pytest.raises(GameOver):
        score(after, res(0, 4), res(1, 4))
    with pytest.raises(GameOver):
        game.apply(after, {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": None})


# ------------------------------------------------------------------ refused inputs

@pytest.mark.parametrize("results,code", [
    ([res(0, 4, cracked=True), res(1, 4, cracked=True)], "several_cracked"),
    ([res(0, 4), res(1, 3)], "agreement_too_few_cards"),
    ([res(0, -1, cracked=True), res(1, 4)], "negative_count"),
    ([res(0, 4, stars=-2), res(1, 4)], "negative_count"),
    ([res(0, 6, journalists=5), res(1, 4)], "too_many_journalists"),
    ([res(0, 4, marine=5), res(1, 4)], "marine_exceeds_cards"),
    ([res(0, 4, journalists=3, marine=2), res(1, 4)], "figures_exceed_cards"),
    ([res(0, 30), res(1, 23)], "deck_exceeded"),
    ([res(0, 4, forgot=True), res(1, 4)], "forgot_without_marine"),
])
def test_refused_results(results: list[dict[str, object]], code: str) -> None:
    start = table("blue", "pink")
    with pytest.raises(IllegalAction) as error:
        score(start, *results)
    assert error.value.code == code
    assert str(error.value)  # a message a player can read


@pytest.mark.parametrize("results,code", [
    ([res(0, 4)], "missing_seat"),
    ([res(0, 4), res(0, 4)], "duplicate_seat"),
    ([res(0, 4), res(2, 4)], "unknown_seat"),
    ([res(0, 4), {"seat": 1, "cards": "four"}], "malformed"),
    ("everyone got four", "malformed"),
])
def test_malformed_results(results: object, code: str) -> None:
    start = table("blue", "pink")
    with pytest.raises(MalformedInput) as error:
        game.apply(start, {"type": "score_round", "results": results})
    assert error.value.code == code


def test_unknown_action_type() -> None:
    with pytest.raises(MalformedInput):
        game.apply(table("blue", "pink"), {"type": "teleport"})


# ------------------------------------------------------------------ the crowd walk

def draw(state: game.State, seat: int, stress: int, stars: int = 0,
         corner: str | None = None, announced: bool = True) -> game.State:
    return game.apply(state, {"type": "draw", "seat": seat, "stress": stress, "stars": stars,
                              "corner": corner, "announced": announced})


def test_walk_counts_cards_journalists_stars_and_marine() -> None:
    state = table("blue", "pink")
    for corner in ("j1", "j2", "j2", "marine"):
        state = draw(state, 0, 1, 1, corner)
    result = game.walk_result(state.walk[0], 0, False)
    assert (result.cards, result.journalists, result.marine_cards, result.stars) == (4, 2, 1, 4)
    assert game.stress(state, 0) == 4 and state.round == 1


def test_reaching_eight_stress_cracks_and_scores_the_round_at_once() -> None:
    state = table("blue", "pink")
    for corner in ("j1", "j2", "j3", "j4"):
        state = draw(state, 1, 0, 1, corner)
    state = draw(state, 0, 5)
    state = draw(state, 0, 3)  # 8 stress
    summary = state.history[-1]
    assert summary.how == "crack" and summary.results[0].cracked
    assert dict(summary.gains[0].reasons) == {"cracked": -1}
    # Both lack Marine, so nobody is the only one without her.
    assert dict(summary.gains[1].reasons) == {"four_cards": 1, "journalists": 1, "stars": 1,
                                              "most_cards": 1}
    assert state.round == 2 and all(cards == () for cards in state.walk)


def test_end_by_agreement_needs_four_cards_each() -> None:
    state = table("blue", "pink")
    for _ in range(4):
        state = draw(state, 0, 1)
    for _ in range(3):
        state = draw(state, 1, 1)
    with pytest.raises(IllegalAction) as error:
        game.apply(state, {"type": "end_walk"})
    assert error.value.code == "agreement_too_few_cards"
    state = draw(state, 1, 1)
    after = game.apply(state, {"type": "end_walk"})
    assert after.history[-1].how == "agreement" and after.round == 2


def test_unannounced_marine_costs_one_unless_announced_later() -> None:
    state = table("blue", "pink")
    state = draw(state, 0, 0, 0, "marine", announced=False)
    assert game.walk_result(state.walk[0], 0, False).forgot_marine
    announced = game.apply(state, {"type": "announce_marine", "seat": 0})
    assert not game.walk_result(announced.walk[0], 0, False).forgot_marine
    with pytest.raises(IllegalAction):
        game.apply(announced, {"type": "announce_marine", "seat": 0})


def test_retract_takes_back_the_last_card_only() -> None:
    state = draw(draw(table("blue", "pink"), 0, 1), 0, 2)
    state = game.apply(state, {"type": "retract", "seat": 0})
    assert [c.stress for c in state.walk[0]] == [1]
    with pytest.raises(IllegalAction):
        game.apply(state, {"type": "retract", "seat": 1})


def test_the_deck_runs_out_at_52_cards() -> None:
    state = table("blue", "pink")
    for n in range(52):
        state = draw(state, n % 2, 0)
    with pytest.raises(IllegalAction) as error:
        draw(state, 0, 0)
    assert error.value.code == "deck_exhausted"


@pytest.mark.parametrize("action", [
    {"type": "draw", "seat": 0, "stress": -1, "stars": 0},
    {"type": "draw", "seat": 0, "stress": 9, "stars": 0},
    {"type": "draw", "seat": 0, "stress": 1, "stars": 0, "corner": "j5"},
    {"type": "draw", "seat": 5, "stress": 1, "stars": 0},
    {"type": "draw", "seat": 0, "stars": 0},
])
def test_bad_draws_are_refused(action: dict[str, object]) -> None:
    with pytest.raises((IllegalAction, MalformedInput)):
        game.apply(table("blue", "pink"), action)


def test_quick_entry_replaces_a_walk_in_progress() -> None:
    state = draw(table("blue", "pink"), 0, 3)
    after = score(state, res(0, 4), res(1, 4))
    assert after.history[-1].how == "entry" and after.walk == ((), ())


def test_the_label_of_the_cracking_card_says_the_round_ended() -> None:
    state = draw(table("blue", "pink"), 0, 5)
    label = game.describe(state, {"type": "draw", "seat": 0, "stress": 3, "stars": 0})
    assert label.render() == "Christiane cracked (8 stress): round 1 scoring"
    assert game.describe(state, {"type": "draw", "seat": 0, "stress": 2}).render() == \
        "Christiane: card, 2 stress"


def test_an_empty_deck_lets_the_round_end_even_with_fewer_than_four_cards() -> None:
    state = table("blue", "pink")
    for _ in range(3):
        state = draw(state, 0, 0)
    for _ in range(49):
        state = draw(state, 1, 0)
    after = game.apply(state, {"type": "end_walk"})
    assert after.history[-1].how == "agreement"
    assert dict(after.history[-1].gains[0].reasons) == {}  # 3 cards: nothing to score
    assert dict(after.history[-1].gains[1].reasons) == {"four_cards": 1, "most_cards": 1}
    entered = score(table("blue", "pink"), res(0, 3, marine=1), res(1, 49, marine=1))
    assert entered.history[-1].how == "entry"


# ------------------------------------------------------------------ the table rulings of issue 7


def test_a_player_who_cracked_holds_at_least_one_card() -> None:
    start = table("blue", "pink")
    with pytest.raises(IllegalAction, match="at least one card") as err:
        score(start, res(0, 0, cracked=True), res(1, 3))
    assert err.value.code == "cracked_without_card"
    after = score(start, res(0, 1, cracked=True), res(1, 3))
    assert reasons(after, 0) == {"cracked": -1}


def test_quick_entry_refuses_more_stars_than_the_cards_can_show() -> None:
    start = table("blue", "pink")
    most = game.MAX_STARS_PER_CARD
    assert most == 2  # the house deck: a card shows 2 voters, one star per favourite
    with pytest.raises(IllegalAction) as err:  # 0 cards, 9 stars: no star point from nowhere
        score(start, res(0, 0, stars=9), res(1, 4, cracked=True))
    assert err.value.code == "too_many_stars"
    with pytest.raises(IllegalAction, match="show 4 stars at most, not 5"):
        score(start, res(0, 2, stars=5), res(1, 4, cracked=True))
    after = score(start, res(0, 2, stars=4), res(1, 4, cracked=True))
    assert reasons(after, 0)["stars"] == 1


def test_the_card_recorder_takes_every_stress_a_card_carries_and_no_impossible_star() -> None:
    state = table("blue", "pink")
    for value in range(0, game.CRACK_STRESS + 1):
        game.apply(state, {"type": "draw", "seat": 0, "stress": value, "stars": 0})
    state = game.apply(state, {"type": "draw", "seat": 0, "stress": 6, "stars": 2})
    assert state.walk[0][0].stress == 6 and state.walk[0][0].stars == 2
    with pytest.raises(IllegalAction, match="at most 8 stress and 2 stars"):
        game.apply(state, {"type": "draw", "seat": 1, "stress": 1, "stars": 3})


def test_stars_per_card_is_an_edition_value() -> None:
    option = next(o for o in game.OPTIONS if o.name == "stars_per_card")
    assert option.edition and option.default == game.MAX_STARS_PER_CARD
    state = table("blue", "pink", stars_per_card=3)
    state = game.apply(state, {"type": "draw", "seat": 1, "stress": 1, "stars": 3})
    assert game.to_json(state)["stars_per_card"] == 3
    after = score(state, res(0, 4, stars=12), res(1, 4, stars=3))
    assert reasons(after, 0)["stars"] == 1


@pytest.mark.parametrize(("top", "start"), [(12, 12), (5, 5), (8, 8)])
def test_edition_values_starting_a_candidate_beyond_the_top_are_refused(top: int,
                                                                        start: int) -> None:
    with pytest.raises(IllegalAction) as err:
        table("blue", "pink", track_top=top, start_space=start)
    assert err.value.code == "bad_edition_values"
    message = str(err.value)
    assert f"start space {start}" in message and f"({top})" in message and "bonus of 1" in message
    # One space lower fits: a same-party pair starts on the top space itself.
    state = table("blue", "blue", track_top=top, start_space=start - 1)
    assert [p.popularity for p in state.players] == [top, top]
    assert game.outcome(state) is None


def test_marine_start_beyond_the_top_names_the_values() -> None:
    with pytest.raises(IllegalAction, match="Marine's start space 9 .*top of the track \\(8\\)"):
        table("blue", "pink", track_top=8, marine_start=9)


def test_the_lone_player_without_marine_bonus_is_on_top_of_the_four_points() -> None:
    """'A maximum of 4 points' caps the Rule of 4; the +2 comes on top: +6 in one round."""
    start = table("blue", "pink", "green")
    after = score(start, res(0, 6, journalists=4, stars=4), res(1, 4, marine=1),
                  res(2, 5, marine=1))
    assert reasons(after, 0) == {"four_cards": 1, "journalists": 1, "stars": 1,
                                 "most_cards": 1, "lone_without_marine": 2}
    assert deltas(start, after)[0] == 6


@pytest.mark.parametrize("action", [[1], "draw", 5, None, ("type", "draw")])
def test_describe_refuses_an_action_that_is_not_an_object(action: object) -> None:
    with pytest.raises(MalformedInput, match="must be an object"):
        game.describe(table("blue", "pink"), action)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the card recorder

def test_a_card_without_a_stress_is_refused_and_changes_nothing() -> None:
    state = table("blue", "pink")
    with pytest.raises(MalformedInput) as error:
        game.apply(state, {"type": "draw", "seat": 0, "stars": 1, "corner": None})
    assert "stress" in str(error.value)
    assert state.walk[0] == ()


def test_the_cracked_seat_takes_back_the_card_that_cracked_it() -> None:
    """A mis-tap that reaches 8: "take back my last card" restores the walk for everyone."""
    state = draw(draw(table("blue", "pink", "green"), 0, 3), 1, 2)
    state = draw(state, 0, 4)
    before = state
    cracked = draw(state, 0, 5)  # 3 + 4 + 5 = 12: a crack, round 1 scored
    assert cracked.round == 2 and cracked.history[-1].how == "crack"
    label = game.describe(cracked, {"type": "retract", "seat": 0}).render()
    assert label == "Christiane: crack taken back (mis-tap), round 1 goes on"
    restored = game.apply(cracked, {"type": "retract", "seat": 0})
    assert restored == before
    # Only the cracked seat, and only right after the crack.
    with pytest.raises(IllegalAction):
        game.apply(cracked, {"type": "retract", "seat": 1})
    later = draw(cracked, 1, 1)  # round 2 has begun: the crack stands
    with pytest.raises(IllegalAction) as error:
        game.apply(later, {"type": "retract", "seat": 0})
    assert error.value.code == "no_card"


def test_a_crack_that_ended_the_game_can_be_taken_back_too() -> None:
    before = draw(table("blue", "pink", start_space=0), 1, 0)
    state = draw(before, 0, 8)  # Christiane cracks from space 0: below the track, game over
    assert state.result is not None
    with pytest.raises(GameOver):
        game.apply(state, {"type": "retract", "seat": 1})
    assert game.apply(state, {"type": "retract", "seat": 0}) == before


def test_log_labels_carry_the_amounts() -> None:
    state = table("blue", "pink")
    say = lambda action: game.describe(state, {"type": "draw", "seat": 1, **action}).render()  # noqa: E731
    assert say({"stress": 2, "stars": 0, "corner": None}) == "Jean: card, 2 stress"
    assert say({"stress": 2, "stars": 1, "corner": None}) == "Jean: card, 2 stress, 1★"
    assert say({"stress": 0, "stars": 2, "corner": "j3"}) == \
        "Jean: card, 0 stress, 2★, journalist 3"
    assert say({"stress": 1, "stars": 0, "corner": "marine"}) == \
        "Jean: card with Marine, 1 stress"
    taken = draw(state, 1, 3)
    assert game.describe(taken, {"type": "retract", "seat": 1}).render() == \
        "Jean: card taken back (3 stress)"
