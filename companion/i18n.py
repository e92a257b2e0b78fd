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
import functools
import io
import sys
from pathlib import Path
from typing import Any

from babel import numbers
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from flask import g, request, session
from flask_babel import Babel, get_locale, get_translations
from jinja2 import pass_context
from markupsafe import Markup

from .elision import elided, fill

TRANSLATIONS = Path(__file__).parent / "translations"
ROOT = Path(__file__).resolve().parent.parent
EXTRACTION_CONFIG = ROOT / "babel.cfg"
MESSAGES_TEMPLATE = TRANSLATIONS / "messages.pot"
# The marking functions: N_ marks engine texts that the web layer translates later.
KEYWORDS = {"_": None, "gettext": None, "lazy_gettext": None, "N_": None,
            "ngettext": (1, 2), "lazy_ngettext": (1, 2), "Np_": (1, 2),
            "plural_form": (1, 2)}
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


def _reader() -> tuple[Any, Any, str] | None:
    """This request's locale, catalog and locale name. Flask-Babel's own ``gettext`` walks
    the request context several times a call (a live fragment makes a few hundred of them):
    they are looked up once and kept beside Flask-Babel's own (a ``force_locale`` block
    changes its locale, and so what is kept here). None outside an app context."""
    try:
        kept = g._flask_babel.companion_reader
        if g._flask_babel.babel_locale is kept[0]:
            return kept  # type: ignore[no-any-return]
    except AttributeError:
        pass
    except RuntimeError:
        return None
    translations_ = get_translations()
    locale = get_locale()
    kept = (locale, translations_, str(locale or "en"))
    g._flask_babel.companion_reader = kept
    return kept


def translations() -> Any:
    """This request's catalog (Flask-Babel's, looked up once a request)."""
    kept = _reader()
    return kept[1] if kept is not None else get_translations()


def locale_name() -> str:
    """The reader's locale (``en``, ``fr``, ``ko``), looked up once a request."""
    kept = _reader()
    return kept[2] if kept is not None else "en"


def gettext(string: str, **variables: Any) -> str:
    """Flask-Babel's ``gettext``, from the catalog kept for this request."""
    text: str = translations().ugettext(string)
    return fill(text, variables, locale_name()) if variables else text


def plural_form(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the reader's language, not yet filled in."""
    text: str = translations().ungettext(singular, plural, count)
    return text


def number(value: object) -> str:
    """A number as the reader's locale writes it (50,000 in English and Korean, 50 000 in
    French); the one way pages and messages print amounts. Anything else is left as text."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return _formatted(type(value), value, locale_name())
    return "" if value is None else str(value)


@functools.lru_cache(maxsize=4096)
def _formatted(_kind: type, value: float, locale: str) -> str:
    """Babel's formatting of a number, kept: the same few scores and amounts are printed on
    every fragment (the type is part of the key: 1 and 1.0 are equal, not written alike)."""
    try:
        return str(numbers.format_decimal(value, locale=locale))
    except decimal.InvalidOperation:  # beyond Babel's 28 digits: a version sent wrong
        return str(value)


def init_app(app) -> None:  # type: ignore[no-untyped-def]
    domains = list(DOMAINS)
    app.add_template_filter(number, "number")
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES",
                          ";".join([str(TRANSLATIONS)] * len(domains)))
    app.config.setdefault("BABEL_DOMAIN", ";".join(domains))
    babel.init_app(app, locale_selector=select_locale)
    # The templates' _(), gettext and ngettext through the catalog kept for the request,
    # filled in as French elides (« d'Alice »).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
        newstyle=True)
    app.jinja_env.globals.update(gettext=_template_gettext, ngettext=_template_ngettext)

    @app.context_processor
    def language_context() -> dict[str, object]:
        return {"current_lang": locale_name(), "languages": list(LANGUAGES.items())}


@pass_context
def _template_gettext(context: Any, string: str, **variables: Any) -> str:
    """Jinja's new-style ``gettext`` (autoescaped, always formatted), elided for French."""
    text = translations().ugettext(string)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return elided(text, variables, locale_name()) % variables  # type: ignore[no-any-return]


@pass_context
def _template_ngettext(context: Any, singular: str, plural: str, num: int,
                       **variables: Any) -> str:
    """Jinja's new-style ``ngettext`` (``num`` among the values), elided for French."""
    variables.setdefault("num", num)
    text = translations().ungettext(singular, plural, num)
    if context.eval_ctx.autoescape:
        text = Markup(text)
    return elided(text, variables, locale_name()) % variables  # type: ignore[no-any-return]


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
