"""Build a game's kit (or its rule sheet alone) to PDF bytes or files.

The one entry point the CLI and the web page share, so both print the same thing.
"""

from __future__ import annotations

import inspect
import io
import os
import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion import rules
from companion.__about__ import __version__

from .kits import KITS, get_kit
from .layout import Document, PrintSettings
from .rulesheet import add_rule_sheet
from .text import BuildError
from .texts import COMMON_TEXTS, localized


def kit_games() -> tuple[str, ...]:
    """The games that have a print-and-play kit."""
    return tuple(KITS)


def rule_sheet_games() -> tuple[str, ...]:
    """The games whose rule sheet can be printed (every game with a rules reference)."""
    return tuple(rules.games())


def kit_languages(game_id: str) -> tuple[str, ...]:
    """The languages a game's kit (or, without a kit, its rule sheet) prints in."""
    kit = get_kit(game_id)
    if kit is not None:
        return tuple(kit.LANGUAGES)
    return tuple(rules.languages(game_id)) if game_id in rules.games() else ()


def build(game_id: str, settings: PrintSettings, base_url: str | None,
          rules_only: bool = False, options: Mapping[str, Any] | None = None,
          cards: list[dict[str, object]] | None = None,
          deck: Mapping[str, Any] | None = None,
          ) -> tuple[Document, Document | None]:
    """The kit's document and, with ``backs_separate``, the document of the backs. A game
    without a kit yet can still print its rule sheet. ``options`` are edition values (region
    points, deck lists), ``cards`` a group's card list and ``deck`` a saved deck's values
    (its edition values and card lists, as the deck pages keep them), for a kit whose
    ``build`` takes them (it prints them in place of the house defaults and blank
    templates)."""

    kit = get_kit(game_id)
    if kit is None:
        if cards is not None or options is not None or deck is not None:
            raise BuildError(f"the {game_id!r} kit prints no card list or edition values")
        if rules_only and game_id in rules.games():
            return rule_sheet(game_id, settings, base_url), None
        known = ", ".join(KITS) or "none"
        sheets = ", ".join(g for g in rules.games() if g not in KITS)
        raise BuildError(f"no print kit for {game_id!r}; kits: {known}"
                         + (f" (rule sheet only, with --rules-only: {sheets})" if sheets else ""))
    extra: dict[str, Any] = {}
    takes = inspect.signature(kit.build).parameters
    if deck is not None:
        if "options" in takes:
            options = {**deck, **(options or {})}
        else:
            lists = [value for value in deck.values() if isinstance(value, list)]
            if cards is None and lists:
                cards = [dict(card) for card in lists[0]]
    if cards is not None:
        # A kit names its card list "cards" or, where the game calls it so, "deck".
        name = next((n for n in ("cards", "deck") if n in takes), None)
        if name is None:
            raise BuildError(f"the {game_id!r} kit prints no card list")
        extra[name] = cards
    if options is not None:
        if "options" not in takes:
            raise BuildError(f"the {game_id} kit prints no edition values", game_id)
        extra["options"] = options
    try:
        return kit.build(settings, base_url=base_url, rules_only=rules_only, **extra)  # type: ignore[no-any-return]
    except (tomllib.TOMLDecodeError, OSError) as exc:
        raise BuildError(f"cannot read the game data: {exc}", game_id) from None


def rule_sheet(game_id: str, settings: PrintSettings, base_url: str | None) -> Document:
    """The rule sheet of a game, on its own, with the shared texts."""
    if settings.lang not in ("en", "fr", "ko"):
        raise BuildError(f"no {settings.lang!r} texts for the rule sheet")
    lang = settings.lang
    title_lang = lang if lang in rules.languages(game_id) else "en"
    doc = Document(rules.game_title(game_id, title_lang), __version__, settings,
                   lambda key: localized(COMMON_TEXTS, key, lang),
                   subject=localized(COMMON_TEXTS, "rules", lang))
    add_rule_sheet(doc, game_id, lang, base_url)
    return doc


def render_bytes(doc: Document) -> bytes:
    buf = io.BytesIO()
    doc.render(buf)
    return buf.getvalue()


def write_files(doc: Document, out: str | os.PathLike[str], backs: Document | None = None,
                backs_out: str | os.PathLike[str] | None = None) -> None:
    """Render every document to a temporary file next to its target and rename them all
    only once all are complete: a failure leaves no file, partial or otherwise."""
    jobs = [(doc, Path(out))]
    if backs is not None:
        if backs_out is None:
            raise BuildError("the backs need their own file")
        jobs.append((backs, Path(backs_out)))
    temps: list[tuple[str, Path]] = []
    try:
        for document, target in jobs:
            folder = target.parent if str(target.parent) else Path(".")
            if not folder.is_dir():
                raise BuildError(f"the folder {str(folder)!r} does not exist")
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
            temps.append((tmp, target))
            with os.fdopen(fd, "wb") as f:
                document.render(f)
        for tmp, target in temps:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
        raise
