"""Filling a translated message with its values, with the French elisions a value calls for.

French writes « la carte d'Alice », « n'a qu'Edgar », not « de Alice », « que Edgar »: whether
« de » and « que » elide depends on the word that follows, and in a message that word is a
value (a player's name, a district, a game) known only when the message is filled in. The
catalogs write the full form (« de %(name)s »); :func:`fill` elides it before a value that
starts with a vowel sound. A digit never elides (« de 8 »), nor an « h » (names with a mute
and an aspirated « h » are both common, and « de Hugo » is correct French).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

# « de » or « que » standing before one value, as the catalogs write it.
_BEFORE_VALUE = re.compile(r"\b([Dd]e|[Qq]ue) (%\((\w+)\)s)")
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŸÆŒ")


def starts_with_vowel(value: Any) -> bool:
    """Whether French elides before this value: a word starting with a vowel sound (« y »
    before a consonant, as in Yves, but not before a vowel, as in Yann)."""
    text = str(value).lstrip("«“\"' \u00a0")
    if not text:
        return False
    if text[0] in "yYÿŸ":
        return len(text) > 1 and text[1] not in _VOWELS and text[1].isalpha()
    return text[0] in _VOWELS


def elided(template: str, values: Mapping[str, Any], locale: str) -> str:
    """The template with « de » / « que » elided before the values that start with a vowel
    (French only; other languages, and a template without such a value, are left as is)."""
    if locale != "fr" or not values or "%(" not in template:
        return template

    def elide(match: re.Match[str]) -> str:
        word, slot, name = match.groups()
        if name in values and starts_with_vowel(values[name]):
            return f"{word[:-1]}'{slot}"
        return match.group(0)

    result = _BEFORE_VALUE.sub(elide, template)
    # Markup (a template's escaped text) stays Markup: re.sub returns a plain str.
    return template.__class__(result) if result != template else template


def fill(template: str, values: Mapping[str, Any], locale: str) -> str:
    """``template % values``, elided as French needs (see the module's docstring)."""
    return elided(template, values, locale) % values
