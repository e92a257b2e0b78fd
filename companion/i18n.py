"""Languages and translation set-up (Flask-Babel).

Every string a player reads goes through gettext. Catalogs live in
``companion/translations/<lang>/LC_MESSAGES/<domain>.po``, one domain per area of the
product (``messages`` for the tables, ``rules`` for the rules reference, ``printing`` for
the print pages); ``python -m companion.i18n`` compiles them to ``.mo``.

The ``messages`` domain is extracted from the sources that ``babel.cfg`` names:
``python -m companion.i18n extract`` writes ``translations/messages.pot``, merges it into
every ``<lang>/LC_MESSAGES/messages.po`` (new strings arrive untranslated) and recompiles
those catalogs. Translate the new entries, then run ``python -m companion.i18n`` again.
"""

from __future__ import annotations

import decimal
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from flask import request, session
from flask_babel import Babel, format_decimal

TRANSLATIONS = Path(__file__).parent / "translations"
ROOT = Path(__file__).resolve().parent.parent
EXTRACTION_CONFIG = ROOT / "babel.cfg"
MESSAGES_TEMPLATE = TRANSLATIONS / "messages.pot"
# The marking functions: N_ marks engine texts that the web layer translates later.
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "N_": None,
            "ngettext": (1, 2), "lazy_ngettext": (1, 2)}
DOMAINS = ("messages", "rules", "printing")
# The languages of the interface (each has complete catalogs); the rules reference and the
# printed kits may offer a game's own language besides.
LANGUAGES = {"en": "English", "fr": "Français", "ko": "한국어"}

babel = Babel()


def select_locale() -> str:
    """The language chosen on this phone, else the browser's best match, else English.

    On the rules pages ``?lang=`` picks the language of the rules text (a QR code on a
    printed sheet names it): the words around it stay the reader's own language, and
    follow ``?lang=`` only for a phone that states no language at all."""
    asked = request.args.get("lang")
    chosen = session.get("lang")
    if request.blueprint == "rules":
        if chosen in LANGUAGES:
            return str(chosen)
        best = request.accept_languages.best_match(list(LANGUAGES))
        return best or (asked if asked in LANGUAGES else "en")
    chosen = asked or chosen
    if chosen in LANGUAGES:
        return str(chosen)
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def number(value: object) -> str:
    """A number as the reader's locale writes it (50,000 in English and Korean, 50 000 in
    French); the one way pages and messages print amounts. Anything else is left as text."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return str(format_decimal(value))
        except decimal.InvalidOperation:  # beyond Babel's 28 digits: a version sent wrong
            return str(value)
    return "" if value is None else str(value)


def init_app(app) -> None:  # type: ignore[no-untyped-def]
    domains = list(DOMAINS)
    app.add_template_filter(number, "number")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES",
                          ";".join([str(TRANSLATIONS)] * len(domains)))
    app.config.setdefault("BABEL_DOMAIN", ";".join(domains))
    babel.init_app(app, locale_selector=select_locale)

    @app.context_processor
    def language_context() -> dict[str, object]:
        return {"current_lang": str(select_locale()), "languages": list(LANGUAGES.items())}


def compile_catalogs(check: bool = False, domain: str = "*") -> list[Path]:
    """Compile every .po (of one domain, if given) to its .mo; with ``check``, only list
    the .mo files that are stale."""
    stale = []
    for po_path in sorted(TRANSLATIONS.glob(f"*/LC_MESSAGES/{domain}.po")):
        mo_path = po_path.with_suffix(".mo")
        with open(po_path, "rb") as f:
            catalog = read_po(f, locale=po_path.parts[-3])
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=False)
        if not mo_path.exists() or mo_path.read_bytes() != buf.getvalue():
            stale.append(mo_path)
            if not check:
                mo_path.write_bytes(buf.getvalue())
    return stale


def extract_messages(output: Path = MESSAGES_TEMPLATE) -> Catalog:
    """Extract the ``messages`` domain from the sources named in ``babel.cfg`` into a .pot."""
    from .__about__ import __version__

    with open(EXTRACTION_CONFIG, encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(EXTRACTION_CONFIG))
    template = Catalog(project="table-companion", version=__version__, charset="utf-8",
                       fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS,
            comment_tags=("Translators:",), strip_comment_tags=True):
        template.add(message, None, [(filename, lineno)], auto_comments=comments,
                     context=context)
    output.parent.mkdir(parents=True, exist_ok=True)
    with open(output, "wb") as f:
        write_po(f, template, width=100, include_lineno=False)
    return template


def update_messages(template: Catalog) -> list[Path]:
    """Merge the template into every ``messages.po``: new strings come in untranslated."""
    updated = []
    for po_path in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")):
        with open(po_path, "rb") as f:
            catalog = read_po(f, locale=po_path.parts[-3])
        catalog.update(template)
        with open(po_path, "wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        updated.append(po_path)
    return updated


def main(argv: list[str]) -> int:
    if argv[:1] == ["extract"]:
        template = extract_messages()
        print(f"{MESSAGES_TEMPLATE}: {len(template)} messages")
        for path in update_messages(template):
            print(path)
        compile_catalogs(domain="messages")
        return 0
    written = compile_catalogs(check="--check" in argv)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
