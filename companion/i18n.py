"""Languages and translation set-up (Flask-Babel).

Every string a player reads goes through gettext. Catalogs live in
``companion/translations/<lang>/LC_MESSAGES/<domain>.po``, one domain per area of the
product (``messages`` for the tables, ``rules`` for the rules reference, ``printing`` for
the print pages); ``python -m companion.i18n`` compiles them to ``.mo``.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import request, session
from flask_babel import Babel

TRANSLATIONS = Path(__file__).parent / "translations"
DOMAINS = ("messages", "rules", "printing")
# The languages of the interface; the rules reference may add a game's own language.
LANGUAGES = {"en": "English", "fr": "Français", "ko": "한국어"}

babel = Babel()


def select_locale() -> str:
    """The language chosen on this phone, else the browser's best match, else English."""
    chosen = request.args.get("lang") or session.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def init_app(app) -> None:  # type: ignore[no-untyped-def]
    domains = list(DOMAINS)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", ";".join([str(TRANSLATIONS)] * len(domains)))
    app.config.setdefault("BABEL_DOMAIN", ";".join(domains))
    babel.init_app(app, locale_selector=select_locale)

    @app.context_processor
    def language_context() -> dict[str, object]:
        return {"current_lang": str(select_locale()), "languages": list(LANGUAGES.items())}


def interface_languages() -> list[str]:
    return list(LANGUAGES)


def compile_catalogs(check: bool = False) -> list[Path]:
    """Compile every .po to its .mo; with ``check``, only list the .mo files that are stale."""
    stale = []
    for po_path in sorted(TRANSLATIONS.glob("*/LC_MESSAGES/*.po")):
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


if __name__ == "__main__":
    written = compile_catalogs(check="--check" in sys.argv)
    for path in written:
        print(path)
