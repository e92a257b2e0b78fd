"""The ``companion print`` command: a game's print-and-play kit, or its rule sheet, as PDF.

    companion print <game> [--paper a4|letter|universal] [--lang en|fr|ko] [--low-ink]
                           [--duplex long|short|none|gutterfold] [--offset DX,DY]
                           [--bleed MM] [--cut-lines]
                           [--backs-separate FILE] [--base-url URL] [--rules-only]
                           --out FILE.pdf

A bad option or a bad data file prints one clear line on stderr and exits with status 2;
no file is written, not even a partial one.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .layout import DUPLEX_MODES, HOME_BLEED_MM, PAPERS, PrintSettings
from .rulesheet import DEFAULT_BASE_URL
from .text import BuildError

EXIT_USAGE = 2


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``print`` subcommand to the companion CLI."""
    parser = subparsers.add_parser(
        "print",
        help="print-and-play kit or rule sheet as PDF",
        description="Build a game's print-and-play kit (or its rule sheet alone) as a PDF. "
                    "Print page 1 first and check its ruler: print at 100 %.",
    )
    add_arguments(parser)
    parser.set_defaults(func=run, handler=run)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. casse-toi-pov-con")
    parser.add_argument("--paper", choices=list(PAPERS), default="a4",
                        help="paper size; 'universal' prints unscaled on both A4 and Letter")
    parser.add_argument("--lang", choices=["en", "fr", "ko"], default="en",
                        help="language of the printed texts, among the game's own: "
                             + _languages_help())
    parser.add_argument("--low-ink", action="store_true",
                        help="no large fills: outlines and coloured text only")
    parser.add_argument("--duplex", choices=list(DUPLEX_MODES), default="long",
                        help="double-sided printing: flip on the long edge (default), the short "
                             "edge, none (print one side, glue fronts and backs together) or "
                             "gutterfold (fronts and backs on one page, folded along the "
                             "middle: for printers without double-sided printing)")
    parser.add_argument("--offset", default="0,0", metavar="DX,DY",
                        help="shift of the back pages in mm, as read on the calibration page")
    parser.add_argument("--bleed", type=float, default=HOME_BLEED_MM, metavar="MM",
                        help=f"bleed around every card in mm (default {HOME_BLEED_MM:g}); "
                             "more (3 for most print shops) makes a print-shop file: cards "
                             "twice the bleed apart, TrimBox and BleedBox on every page")
    parser.add_argument("--cut-lines", action="store_true",
                        help="draw dashed cut lines over the cards as well as crop marks")
    parser.add_argument("--backs-separate", metavar="FILE",
                        help="write the card backs to this separate PDF")
    parser.add_argument("--base-url", default=os.environ.get("COMPANION_PUBLIC_URL") or None,
                        metavar="URL",
                        help="the companion's address for the rule sheet's QR codes "
                             "(default: $COMPANION_PUBLIC_URL, else "
                             f"{DEFAULT_BASE_URL}, the name 'companion serve' announces "
                             "on the local network)")
    parser.add_argument("--edition", metavar="FILE.toml",
                        help="the group's edition values (the new-table options, such as "
                             "region points or a deck list as [[action_deck]] tables) for the "
                             "kits that print them")
    parser.add_argument("--rules-only", action="store_true", help="the rule sheet alone")
    parser.add_argument("--cards", metavar="FILE.toml",
                        help="the group's card list ([[card]] blocks, as on the new-table "
                             "page), printed in place of blank card templates")
    parser.add_argument("--deck", metavar="NAME",
                        help="a deck this server keeps (its name, or its number from "
                             "'companion decks list'): its cards and edition values")
    parser.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")


def _languages_help() -> str:
    from .build import kit_games, kit_languages

    return "; ".join(f"{game}: {', '.join(kit_languages(game))}" for game in kit_games())


def check_language(game: str, lang: str, rules_only: bool) -> None:
    """A kit prints only in the languages it has texts for."""
    from .build import get_kit, kit_languages

    if rules_only or get_kit(game) is None:
        return
    langs = kit_languages(game)
    if lang not in langs:
        raise BuildError(f"the {game} kit prints in {', '.join(langs)}, not {lang!r}: "
                         "choose --lang " + " or ".join(langs))


def parse_offset(value: str) -> tuple[float, float]:
    try:
        dx, dy = (float(part) for part in value.split(","))
    except ValueError:
        raise BuildError(f"--offset must be two numbers in mm, like 1.5,-0.5, not {value!r}")\
            from None
    return dx, dy


def _read_toml(path: str, flag: str) -> dict[str, Any]:
    import tomllib

    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise BuildError(f"{flag}: cannot read {path!r}: {exc}") from None


def read_edition(path: str) -> dict[str, Any]:
    """Edition values from a TOML file: option names as keys, deck lists as arrays of tables."""
    return _read_toml(path, "--edition")


def read_card_list(path: str) -> list[dict[str, object]]:
    """A card list file: ``[[card]]`` tables only, as the new-table page takes them."""
    data = _read_toml(path, "--cards")
    cards = data.get("card", [])
    if set(data) - {"card"} or not isinstance(cards, list):
        raise BuildError(f"--cards: {path!r} must hold [[card]] tables only")
    return cards


def saved_deck(reference: str, game_id: str) -> dict[str, Any]:
    """The values of a deck the server keeps (DATABASE_URL, else the instance's SQLite)."""
    from companion.decks.cli import find_values

    found = find_values(reference, game_id)
    if isinstance(found, str):
        raise BuildError(f"--deck: {found}")
    return found


def run(args: argparse.Namespace) -> int:
    """Build and write the PDF(s); on any error, one line on stderr and exit status 2."""
    from .build import build, write_files

    try:
        out = Path(args.out)
        if out.suffix.lower() != ".pdf":
            raise BuildError(f"--out must name a .pdf file, not {args.out!r}")
        check_language(args.game, args.lang, args.rules_only)
        backs_out = Path(args.backs_separate) if args.backs_separate else None
        if backs_out is not None:
            if args.rules_only:
                raise BuildError("--backs-separate has no backs to write with --rules-only")
            if backs_out.suffix.lower() != ".pdf":
                raise BuildError(f"--backs-separate must name a .pdf file, "
                                 f"not {args.backs_separate!r}")
            if backs_out.resolve() == out.resolve():
                raise BuildError("--backs-separate and --out must be different files")
        settings = PrintSettings(
            paper=args.paper, lang=args.lang, low_ink=args.low_ink, duplex=args.duplex,
            offset_mm=parse_offset(args.offset), cut_lines=args.cut_lines, bleed_mm=args.bleed,
            backs_separate=backs_out is not None,
        )
        options = read_edition(args.edition) if args.edition else None
        cards = read_card_list(args.cards) if args.cards else None
        deck = saved_deck(args.deck, args.game) if args.deck else None
        doc, backs = build(args.game, settings, args.base_url, rules_only=args.rules_only,
                           options=options, cards=cards, deck=deck)
        write_files(doc, out, backs, backs_out)
    except BuildError as exc:
        print(f"companion print: error: {exc}", file=sys.stderr)
        raise SystemExit(EXIT_USAGE) from None
    pages = len(doc.pages)
    message = f"wrote {out} ({pages} pages)"
    if backs is not None:
        message += f" and {backs_out} ({len(backs.pages)} pages)"
    print(message)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m printables.cli <game> ...``: the same command without the main CLI."""
    parser = argparse.ArgumentParser(prog="companion print")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
