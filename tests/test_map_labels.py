"""A district's name written in its cell of the map: lines that fit the cell at a legible
size, a word broken only when even a squeezed line would not hold it."""

from __future__ import annotations

from companion.games import get_game
from companion.web.map_labels import LEAST_SQUEEZE, em_width, label_lines

# The phone's map (templates/games/edgar-et-lucien/map.html): 92 units for the name at 19.
WIDTH, SIZE = 92, 19


def every_name() -> list[str]:
    game = get_game("edgar-et-lucien")
    return sorted({d.name(lang) for board in game.BOARDS.values() for d in board.districts
                   for lang in ("en", "fr", "ko")})


def test_every_district_name_fits_three_lines_squeezed_at_most_to_the_floor():
    for name in every_name():
        lines = label_lines(name, WIDTH, SIZE)
        assert 1 <= len(lines) <= 3, (name, lines)
        for line in lines:
            assert WIDTH / SIZE / em_width(line.text) >= LEAST_SQUEEZE, (name, line)
            assert line.squeeze == (em_width(line.text) > WIDTH / SIZE), (name, line)
        # The words are all there, in order (a broken word joined again).
        assert " ".join(line.text for line in lines).replace("- ", "") == name, (name, lines)


def test_a_short_name_stays_on_one_line_and_a_long_one_is_balanced():
    assert [line.text for line in label_lines("Tannery", WIDTH, SIZE)] == ["Tannery"]
    assert [line.text for line in label_lines("Iron Bridge", WIDTH, SIZE)] == [
        "Iron", "Bridge"]
    assert [line.text for line in label_lines("Promenade de la Comtesse", WIDTH, SIZE)] == [
        "Promenade", "de la", "Comtesse"]


def test_a_word_too_wide_even_squeezed_is_broken_where_a_syllable_ends():
    lines = [line.text for line in label_lines("Place des Ambassadeurs", WIDTH, SIZE)]
    assert lines == ["Place des", "Ambassa-", "deurs"]
    # Hangul counts a whole em a syllable: a Korean name keeps its words whole.
    assert [line.text for line in label_lines("진주 초승달길", WIDTH, SIZE)] == [
        "진주", "초승달길"]
