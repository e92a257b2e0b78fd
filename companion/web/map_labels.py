"""A name written inside a map's cell (an SVG ``<text>`` per line): broken into lines that
fit the cell at the name's size, so the size can stay legible on a phone.

SVG text does not wrap, so the lines are chosen here from an estimate of each character's
width in a bold sans serif (DejaVu Sans Bold, among the widest a phone or a test machine
draws with). A line estimated wider than the cell is squeezed to it by the template
(``textLength``), never below ``LEAST_SQUEEZE`` of its width; a single word that would need
more is broken with a hyphen.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

EASY_SQUEEZE = 0.92  # lines squeezed no more than this read as the font drawn narrower
LEAST_SQUEEZE = 0.64  # a line is never drawn narrower than this share of its natural width
VOWELS = set("aeiouyàâäéèêëîïôöùûüAEIOUYÉÈ")
NARROW = set("ijlI'’.,:;!|")
SEMI = set("ftr-()")
WIDE_LATIN = set("mwMW")


def em_width(text: str) -> float:
    """The estimated width of the text in ems of a bold sans serif."""
    width = 0.0
    for char in text:
        if char == " ":
            width += 0.35
        elif char in NARROW:
            width += 0.34
        elif char in SEMI:
            width += 0.47
        elif char in WIDE_LATIN or ord(char) >= 0x1100:  # Hangul, CJK: a whole em
            width += 1.0
        elif char.isupper():
            width += 0.78
        else:
            width += 0.69
    return width


@dataclass(frozen=True)
class Line:
    """One line of a name; ``squeeze``: wider than the cell, drawn at the cell's width."""

    text: str
    squeeze: bool


def _cut_rank(word: str, cut: int) -> tuple[int, float]:
    """How good a place to break the word before ``word[cut]`` is: a vowel before a consonant
    and a vowel first, then two consonants, then anywhere; the nearer the middle the better."""
    before, after, then = word[cut - 1], word[cut], word[cut + 1]
    if before in VOWELS and after not in VOWELS and then in VOWELS:
        kind = 0
    elif before not in VOWELS and after not in VOWELS:
        kind = 1
    else:
        kind = 2
    return kind, abs(cut - len(word) / 2)


def _split_word(word: str, most: float) -> list[str]:
    """A word too wide even squeezed, in hyphenated pieces that each fit ``most`` ems, cut
    where a syllable likely ends (``_cut_rank``)."""
    pieces: list[str] = []
    while em_width(word) > most and len(word) > 3:
        fits = [cut for cut in range(2, len(word) - 1) if em_width(word[:cut] + "-") <= most]
        if not fits:
            break
        cut = min(fits, key=lambda c, w=word: _cut_rank(w, c))
        pieces.append(word[:cut] + "-")
        word = word[cut:]
    return [*pieces, word]


def label_lines(name: str, width: float, size: float, most_lines: int = 3) -> list[Line]:
    """The name in at most ``most_lines`` lines, each to be drawn within ``width`` user units
    at font size ``size``: the fewest lines that read unsqueezed or nearly, else the lines
    whose widest is the narrowest."""
    room = width / size  # the cell's width in ems
    words: list[str] = []
    for word in name.split():
        words += _split_word(word, room / LEAST_SQUEEZE)

    def joined(part: list[str]) -> str:
        return " ".join(part).replace("- ", "-")  # a broken word's pieces join without space

    best: tuple[float, list[str]] = (float("inf"), [])
    for count in range(1, min(most_lines, len(words)) + 1):
        for cuts in combinations(range(1, len(words)), count - 1):
            bounds = (0, *cuts, len(words))
            lines = [joined(words[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]
            widest = max(em_width(line) for line in lines)
            if widest < best[0]:
                best = (widest, lines)
        if best[0] <= room / EASY_SQUEEZE:
            break
    return [Line(line, em_width(line) > room) for line in best[1]]
