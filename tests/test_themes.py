"""Both colour themes meet WCAG AA: every text colour of app.css against every background it
is drawn on (4.5:1 for text; 3:1 for the large numbers and the borders that carry meaning).
The light theme is written twice (the phone's scheme, the switch): both copies agree."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

CSS = (Path(__file__).resolve().parent.parent / "companion" / "static" / "app.css").read_text()

# (foreground, background, minimum ratio)
PAIRS = [
    ("text", "bg", 4.5), ("text", "panel", 4.5), ("text", "panel-2", 4.5),
    ("text", "field", 4.5), ("text", "flash-error", 4.5), ("text", "flash-info", 4.5),
    ("text", "bar", 4.5),
    ("muted", "bg", 4.5), ("muted", "panel", 4.5), ("muted", "panel-2", 4.5),
    ("muted", "bar", 4.5),
    ("link", "bg", 4.5), ("link", "panel", 4.5), ("link", "flash-info", 4.5),
    ("link", "flash-error", 4.5), ("link", "panel-2", 4.5),
    ("on-accent", "accent", 4.5), ("on-danger", "danger", 4.5),
    ("danger", "panel", 4.5), ("ok", "panel", 4.5), ("danger", "bg", 4.5), ("ok", "bg", 4.5),
    ("danger", "flash-error", 3.0), ("info-line", "flash-info", 3.0),
]


def _block(selector: str) -> str:
    start = CSS.index(selector + " {")
    return CSS[start:CSS.index("}", start)]


def _variables(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+):\s*([^;]+);", block))


def _rgb(value: str, under: tuple[float, float, float] | None = None) -> tuple[float, ...]:
    value = value.strip()
    if value.startswith("#"):
        return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
    parts = [float(p) for p in re.findall(r"[\d.]+", value)]
    red, green, blue, alpha = (parts + [1.0])[:4]
    base = under or (0, 0, 0)
    return tuple(alpha * c + (1 - alpha) * b for c, b in zip((red, green, blue), base, strict=True))


def _luminance(rgb: tuple[float, ...]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


THEMES = {
    "dark": _variables(_block(":root")),
    "light": _variables(_block(":root[data-theme=light]")),
}


def test_contrast_helper_matches_known_values() -> None:
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((118, 118, 118), (255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def test_the_phone_scheme_and_the_switch_give_the_same_light_theme() -> None:
    media = CSS[CSS.index("@media (prefers-color-scheme: light)"):]
    assert _variables(_block("  :root:not([data-theme=dark])") if "  :root:not" in media
                      else media) == THEMES["light"]
    assert THEMES["dark"].keys() >= THEMES["light"].keys() - {"radius"}


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("fg,bg,minimum", PAIRS)
def test_wcag_aa_contrast(theme: str, fg: str, bg: str, minimum: float) -> None:
    colours = THEMES[theme]
    page = _rgb(colours["bg"])
    ratio = contrast(_rgb(colours[fg], page), _rgb(colours[bg], page))
    assert ratio >= minimum, f"{theme}: --{fg} on --{bg} is {ratio:.2f}:1, needs {minimum}"
