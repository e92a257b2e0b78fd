"""The Casse-toi Pov'con! crowd deck: it plays by the rules, and the statistics in the data
file's header are the ones its cards give."""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from companion.games.base import DATA_DIR, load_data
from printables.kits.casse_toi_pov_con import deck_statistics, expected_draws_to_crack

GAME = "casse-toi-pov-con"
HEADER = (DATA_DIR / f"{GAME}.toml").read_text(encoding="utf-8").split("\n[", 1)[0]
DATA = load_data(GAME)
PARTIES = [p["id"] for p in DATA["parties"]]
CARDS = DATA["crowd_cards"]


def header_numbers(label: str) -> dict[str, float]:
    """``colour value`` pairs of the header line that starts with ``label``."""
    line = next(line for line in HEADER.splitlines() if line.startswith(f"#   {label}"))
    return {k: float(v) for k, v in re.findall(r"\b([a-z]+\d?):? (\d+(?:\.\d+)?)", line)}


def weights() -> dict[str, dict[str, int]]:
    """Each party's stress per voter, read from its candidates' cards (independently of the
    kit's own code)."""
    stress = DATA["crowd"]["reaction_stress"]
    table: dict[str, dict[str, int]] = {}
    for party in PARTIES:
        table[party] = {v["id"]: DATA["crowd"]["unlisted_stress"] for v in DATA["voters"]}
        seen: dict[str, str] = {}
        for cand in DATA["candidates"]:
            if cand["party"] != party:
                continue
            for v in cand["voters"]:
                previous = seen.setdefault(v["voter"], v["reaction"])
                assert stress[previous] == stress[v["reaction"]], (party, v)
                table[party][v["voter"]] = stress[v["reaction"]]
    return table


def test_the_engine_keys_are_untouched() -> None:
    assert DATA["track"]["top"] == 12 and DATA["track"]["start"] == 2
    assert DATA["round"]["deck_size"] == len(CARDS) == 52
    assert len(DATA["candidates"]) == 8
    assert Counter(c["party"] for c in DATA["candidates"]) == {p: 2 for p in PARTIES}


def test_every_candidate_shows_six_voters_in_the_rulebook_order() -> None:
    order = DATA["crowd"]["reactions"]
    assert order[:2] == ["positive", "positive"] and order[-1] == "nightmare"
    voter_ids = {v["id"] for v in DATA["voters"]}
    for cand in DATA["candidates"]:
        assert [v["reaction"] for v in cand["voters"]] == order, cand["name"]
        shown = [v["voter"] for v in cand["voters"]]
        assert len(set(shown)) == 6 and set(shown) <= voter_ids


def test_nicolas_example_from_the_rulebook() -> None:
    nicolas = next(c for c in DATA["candidates"] if c["name"] == "Nicolas")
    favourites = {v["voter"] for v in nicolas["voters"] if v["reaction"] == "positive"}
    assert favourites == {"rich_old_lady", "boss"}
    assert {v["voter"] for v in nicolas["voters"][3:]} >= {"bobo", "trade_unionist"}
    card = next(c for c in CARDS if set(c["voters"]) == favourites)
    assert card["stress"]["blue"] == 0 and card["stress"]["orange"] == 2
    assert card["stress"]["pink"] > 2 and card["stress"]["green"] > 2


def test_each_cards_stress_is_its_voters_reactions() -> None:
    table = weights()
    for card in CARDS:
        for party in PARTIES:
            assert card["stress"][party] == sum(table[party][v] for v in card["voters"]), card


def test_stars_sit_on_the_favourite_voters() -> None:
    favourites = {v["voter"] for c in DATA["candidates"] for v in c["voters"]
                  if v["reaction"] == "positive"}
    for card in CARDS:
        assert card["stars"] == sum(1 for v in card["voters"] if v in favourites), card


def test_corners_four_distinct_journalists_and_marine_on_advantageous_cards() -> None:
    journalists = [j["id"] for j in DATA["journalists"]]
    assert len(set(journalists)) == 4 == DATA["round"]["journalists"]
    assert len({j["name"] for j in DATA["journalists"]}) == 4
    corners = Counter(c["corner"] for c in CARDS)
    assert set(corners) <= {*journalists, "marine", "none"}
    assert all(corners[j] > 0 for j in journalists)
    mean = Fraction(sum(sum(c["stress"].values()) for c in CARDS), 4 * len(CARDS))
    for card in CARDS:
        if card["corner"] == "marine":
            assert Fraction(sum(card["stress"].values()), 4) < mean, card
    assert len({(tuple(sorted(c["voters"]))) for c in CARDS}) == len(CARDS)  # no twins


def test_the_header_statistics_are_the_decks() -> None:
    n = len(CARDS)
    crack = DATA["round"]["crack_stress"]
    stated = header_numbers("mean stress")
    for party in PARTIES:
        mean = sum(c["stress"][party] for c in CARDS) / n
        assert stated[party] == pytest.approx(mean, abs=0.005), party
    assert stated["colours"] == pytest.approx(
        sum(sum(c["stress"].values()) for c in CARDS) / (4 * n), abs=0.005)
    marine = [c for c in CARDS if c["corner"] == "marine"]
    marine_line = next(line for line in HEADER.splitlines() if "Marine cards:" in line)
    count, mean = re.findall(r"(\d+(?:\.\d+)?)", marine_line)
    assert int(count) == len(marine)
    assert float(mean) == pytest.approx(
        sum(sum(c["stress"].values()) for c in marine) / (4 * len(marine)), abs=0.005)
    stated = header_numbers("journalists")
    for j in DATA["journalists"]:
        assert stated[j["id"]] == sum(1 for c in CARDS if c["corner"] == j["id"])
    assert stated["figure"] == sum(1 for c in CARDS if c["corner"] == "none")
    stars_line = next(line for line in HEADER.splitlines() if line.startswith("#   stars:"))
    total, on = (int(x) for x in re.findall(r"\d+", stars_line))
    assert total == sum(c["stars"] for c in CARDS)
    assert on == sum(1 for c in CARDS if c["stars"])
    for party in PARTIES:
        histogram = next(line for line in HEADER.splitlines()
                         if line.startswith(f"#     {party} "))
        counts = {int(k): int(v) for k, v in re.findall(r"(\d):\s*(\d+)", histogram)}
        assert counts == {k: sum(1 for c in CARDS if c["stress"][party] == k)
                          for k in range(7)}
    blind = header_numbers("expected draws to crack, drawing blind")
    careful = header_numbers("expected draws to crack, avoiding")
    table = weights()
    for party in PARTIES:
        assert blind[party] == pytest.approx(
            expected_draws_to_crack([c["stress"][party] for c in CARDS], crack), abs=0.005)
        safe = [c["stress"][party] for c in CARDS
                if all(table[party][v] <= 1 for v in c["voters"])]
        assert careful[party] == pytest.approx(expected_draws_to_crack(safe, crack), abs=0.005)
    stats = deck_statistics()
    assert stats["marine_cards"] == len(marine) and stats["stars_total"] == total


def test_a_round_lasts_a_few_draws() -> None:
    blind = header_numbers("expected draws to crack, drawing blind")
    assert all(3 <= blind[p] <= 6 for p in PARTIES)


def brute_force_expected_draws(values: list[int], crack: int) -> Fraction:
    """E[cards drawn until the total reaches crack], by listing every order's prefixes:
    P(N > k) = P(the first k cards total < crack), over all k-subsets."""
    from math import comb

    total = Fraction(0)
    for k in range(len(values) + 1):
        under = sum(1 for subset in combinations(values, k) if sum(subset) < crack)
        total += Fraction(under, comb(len(values), k))
    return total


@pytest.mark.parametrize("values", [[1, 2, 3, 4, 5, 0, 2], [4, 4, 4, 0, 1], [2] * 9])
def test_expected_draws_to_crack_is_exact(values: list[int]) -> None:
    assert expected_draws_to_crack(values, 8) == pytest.approx(
        float(brute_force_expected_draws(values, 8)))


def test_header_is_in_the_data_file() -> None:
    assert Path(DATA_DIR / f"{GAME}.toml").exists()
    assert "Statistics (tests/test_print_deck.py recomputes them from the cards)" in HEADER


def test_the_house_deck_fits_the_card_recorder_and_the_star_limit() -> None:
    """Every card the recorder must take: stress 0..crack stress, at most the edition's
    stars per card; and a 6-stress card in every colour (the recorder goes past 5)."""
    most_stars = DATA["crowd"]["max_stars_per_card"]
    crack = DATA["round"]["crack_stress"]
    assert all(0 <= card["stars"] <= most_stars for card in CARDS)
    assert max(card["stars"] for card in CARDS) == most_stars
    for party in PARTIES:
        values = [card["stress"][party] for card in CARDS]
        assert all(0 <= v <= crack for v in values)
        assert max(values) == 6
