"""Both colour themes meet WCAG AA: every text colour of the style sheets against every
background it is drawn on (4.5:1 for text; 3:1 for the large numbers and the borders that
carry meaning).
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
    ("warn", "panel", 4.5), ("warn", "bg", 4.5), ("marine", "panel", 4.5), ("marine", "bg", 4.5),
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


# ---------------------------------------------------------------------------- every rule
# Every rule of the style sheets that sets a text colour, or a background that text is drawn
# on, checked in both themes: a rule's text against its own background, or, when it sets
# none, against each surface it may sit on (the page, a card, a raised panel).

STATIC = Path(__file__).resolve().parent.parent / "companion" / "static"
SURFACES = ("bg", "panel", "panel-2")
# Every style sheet a page may load: the shared one, the rules', the shared screen's, each
# game's own.
SHEETS = ["app.css", "rules.css", "tv.css"] + sorted(
    str(p.relative_to(STATIC)) for p in (STATIC / "games").glob("*.css"))
# Text drawn on a background that is not in the style sheet (a player's colour given inline,
# the map's own colours) and kept readable otherwise: the pawn letters have a dark outline.
NOT_ON_A_SURFACE = {".token", ".token.marine", ".fosko .metro-m"}
# Backgrounds that hold no text: the QR code's white, the meters' bars, the map's dark frame
# (its labels are drawn with their own fills on the districts' colours).
ON_ACCENT = {"button.primary .muted, .button.primary .muted"}  # inside a primary button
NO_TEXT = {".qr svg, .qr img", ".meter span", ".meter span.hot", "svg.fosko",
           "dialog.guard::backdrop"}  # the dimmed page behind a dialog: it holds no text


def _rules(css: str) -> list[tuple[str, dict[str, str]]]:
    """(selector, declarations) of every rule, those inside @media blocks included."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for selector, body in re.findall(r"([^{}@]+)\{([^{}]*)\}", css):
        declarations = dict(
            (name.strip(), value.strip())
            for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+)", body))
        found.append((" ".join(selector.split()), declarations))
    return found


def _colour(value: str, theme: dict[str, str]) -> str | None:
    """A declaration's colour as hex or rgba, variables resolved; None for anything else."""
    value = value.strip().split("!")[0].strip()
    var = re.fullmatch(r"var\(--([\w-]+)\)", value)
    if var:
        return theme.get(var.group(1))
    if re.fullmatch(r"#[0-9a-fA-F]{6}", value) or value.startswith("rgb"):
        return value
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        return "#" + "".join(c * 2 for c in value[1:])
    named = {"white": "#ffffff", "black": "#000000", "#fff": "#ffffff"}
    return named.get(value)


def _background(declarations: dict[str, str], theme: dict[str, str]) -> str | None:
    for name in ("background-color", "background"):
        if name in declarations:
            return _colour(declarations[name], theme)
    return None


def _pairs(theme_name: str) -> list[tuple[str, str, str, str]]:
    theme = THEMES[theme_name]
    out = []
    for sheet in SHEETS:
        for selector, declarations in _rules((STATIC / sheet).read_text()):
            if (selector.startswith((":root", "html", "*")) or selector in NOT_ON_A_SURFACE
                    or selector in NO_TEXT):
                continue
            if declarations.get("opacity") or ":disabled" in selector:
                continue  # a disabled control needs no contrast (WCAG 1.4.3)
            text = _colour(declarations["color"], theme) if "color" in declarations else None
            background = _background(declarations, theme)
            if selector in ON_ACCENT:
                background = theme["accent"]
            if text is None and background is None:
                continue
            if text is None:
                text = theme["text"]  # the text it holds inherits the theme's colour
            if background is not None:
                out.append((sheet, selector, text, background))
            else:
                out.extend((sheet, selector, text, theme[s]) for s in SURFACES)
    return out


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_text_colour_of_the_style_sheets_meets_aa_on_its_background(theme: str) -> None:
    page = _rgb(THEMES[theme]["bg"])
    failing = []
    for sheet, selector, text, background in _pairs(theme):
        under = _rgb(background, page)
        ratio = contrast(_rgb(text, under), under)
        if ratio < 4.5:
            failing.append(f"{sheet} {selector}: {text} on {background} is {ratio:.2f}:1")
    assert not failing, f"{theme}: " + "; ".join(failing)


def test_the_rule_scan_sees_the_rules_it_checks() -> None:
    """The scan is not vacuous: it finds the buttons, the flashes and the crack screen."""
    selectors = {selector for _, selector, _, _ in _pairs("light")}
    assert {"button.primary, .button.primary", ".flash", "#crack", "body"} <= selectors
