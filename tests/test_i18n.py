"""Every interface language for every page: each catalog is complete, correct and compiled.

The extraction runs here, over today's sources and with the project's ``babel.cfg``, so a
string added to a template or an engine without its translation in every interface language
(French, Korean...) fails this suite. The "rules" and "printing" catalogs are kept by hand:
every string one language has, every other language has too.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from companion.i18n import DOMAINS, LANGUAGES, TRANSLATIONS, compile_catalogs, extract_messages

# The languages with catalogs of their own (English is the source text).
TRANSLATED = sorted(set(LANGUAGES) - {"en"})
GAME = "casse-toi-pov-con"
PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]
# A %-placeholder as Python formats it: named ("%(name)s") or positional ("%d"), or "%%".
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]")
# Sources that belong to the other domains ("rules", "printing"), never to "messages".
OTHER_DOMAINS = ("companion/rules/", "companion/web/rules.py", "companion/web/printing.py",
                 "templates/rules/", "templates/print/", "printables/")


def read_catalog(lang: str, domain: str = "messages") -> Catalog:
    with open(TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.po", "rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> Catalog:
    """The "messages" template extracted now, into a scratch folder."""
    return extract_messages(tmp_path_factory.mktemp("extract") / "messages.pot")


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def strings_of(message: Any) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string]


def ids_of(message: Any) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def untranslated_in(catalog: Catalog, expected: Any) -> list[str]:
    """The ids of ``expected`` that ``catalog`` lacks, leaves fuzzy or leaves blank."""
    missing = []
    for message in expected:
        if not message.id:
            continue
        entry = catalog.get(message.id, context=message.context)
        if entry is None or entry.fuzzy or not all(s.strip() for s in strings_of(entry)):
            missing.append(message.id)
    return missing


# ---------------------------------------------------------------------------- the catalogs

def test_korean_is_an_interface_language() -> None:
    assert LANGUAGES["ko"] == "한국어"
    assert TRANSLATED == ["fr", "ko"]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_interface_language_has_a_catalog_per_domain(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    assert str(catalog.locale) == lang
    assert (TRANSLATIONS / lang / "LC_MESSAGES" / f"{domain}.mo").exists()


def test_extraction_covers_engines_and_table_templates_only(extracted: Catalog) -> None:
    files = {filename for message in extracted if message.id
             for filename, _ in message.locations}
    assert any(f.startswith("companion/games/") for f in files), files
    assert any(f.startswith("templates/games/casse-toi-pov-con/") for f in files), files
    assert any(f.startswith("templates/") and f.count("/") == 1 for f in files), files
    assert "companion/web/pages.py" in files
    assert not [f for f in files if f.startswith(OTHER_DOMAINS)]
    # Engine errors are marked with N_ and extracted with their %(name)s parameters.
    assert "only one player can crack in a round: the round ends at once" in extracted
    assert "%(name)s has no card to take back" in extracted


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_message_is_translated(extracted: Catalog, lang: str) -> None:
    missing = untranslated_in(read_catalog(lang), extracted)
    assert not missing, (
        f"{len(missing)} message(s) without a translation in {lang}/messages.po (run "
        f"`python -m companion.i18n extract`, translate, then `python -m companion.i18n`): "
        f"{missing}")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", [d for d in DOMAINS if d != "messages"])
def test_hand_kept_catalogs_have_every_string_of_every_language(lang: str, domain: str) -> None:
    catalog = read_catalog(lang, domain)
    for other in TRANSLATED:
        missing = untranslated_in(catalog, read_catalog(other, domain))
        assert not missing, f"{lang}/{domain}.po lacks what {other} has: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_every_placeholder(lang: str, domain: str) -> None:
    wrong = []
    for message in read_catalog(lang, domain):
        if not message.id or not message.string:
            continue
        expected = set().union(*(placeholders(i) for i in ids_of(message)))
        for text in strings_of(message):
            if placeholders(text) != expected:
                wrong.append((message.id, text))
                continue
            names = re.findall(r"%\((\w+)\)", text)
            if not names:
                continue
            try:
                text % {name: 1 for name in names}
            except (KeyError, TypeError, ValueError) as error:
                wrong.append((message.id, f"{text} ({error})"))
    assert not wrong, wrong


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_no_obsolete_guess_left_fuzzy(lang: str, domain: str) -> None:
    assert not [m.id for m in read_catalog(lang, domain) if m.id and m.fuzzy]


def test_korean_plurals_have_their_one_form() -> None:
    """Korean has no plural: one form, for every count."""
    for domain in DOMAINS:
        catalog = read_catalog("ko", domain)
        assert catalog.num_plurals == 1
        for message in catalog:
            if isinstance(message.id, tuple | list):
                assert len(message.string) == 1 and message.string[0].strip(), message.id


@pytest.mark.parametrize("domain", sorted({p.stem for p in TRANSLATIONS.glob(
    "*/LC_MESSAGES/*.po")}))
def test_compiled_catalogs_are_up_to_date(domain: str) -> None:
    stale = compile_catalogs(check=True, domain=domain)
    assert not stale, f"stale: {stale}; run `python -m companion.i18n`"


# ---------------------------------------------------------------------------- the pages

@pytest.fixture
def table_id(client: FlaskClient) -> str:
    response = client.post("/api/tables", json={"game": GAME, "players": PLAYERS})
    assert response.status_code == 201, response.json
    return str(response.json["id"])


def text_of(response: Any) -> str:
    """A page's text with French no-break spaces read as plain spaces."""
    assert response.status_code == 200, response.status_code
    return str(response.get_data(as_text=True)).replace("\u00a0", " ").replace("\u202f", " ")


def french_and_english(client: FlaskClient, url: str) -> tuple[str, str]:
    french = text_of(client.get(url, headers={"Accept-Language": "fr"}))
    english = text_of(client.get(url, headers={"Accept-Language": "en"}))
    return french, english


TABLE_PAGE = [  # (French, English) pairs a newcomer sees on a fresh table
    ("Qui êtes-vous ?", "Who are you?"),
    ("Rejoindre cette table", "Join this table"),
    ("Cote de popularité", "Popularity track"),
    ("Manche 1 : bain de foule", "Round 1: crowd walk"),
    ("Saisie rapide", "Quick entry"),
    ("Rien à annuler", "Nothing to undo"),
    ("Casse-toi pov' con !", "Casse-toi pov' con !"),
]


def test_table_page_in_french(client: FlaskClient, table_id: str) -> None:
    french, english = french_and_english(client, f"/t/{table_id}")
    for fr, en in TABLE_PAGE:
        assert fr in french
        assert en in english
        if fr != en:
            assert en not in french
    assert '<html lang="fr">' in french
    # Names are never translated.
    for name in ("Ann", "Bob", "Marine"):
        assert name in french


def test_language_chosen_with_lang_parameter(client: FlaskClient, table_id: str) -> None:
    page = text_of(client.get(f"/t/{table_id}?lang=fr", headers={"Accept-Language": "en"}))
    assert "Cote de popularité" in page and "Popularity track" not in page


def test_seated_player_controls_and_log_in_french(client: FlaskClient, table_id: str) -> None:
    client.post(f"/t/{table_id}/claim", data={"seat": "0"})
    draw = {"type": "draw", "seat": 0, "stress": 3, "stars": 1, "corner": "marine",
            "announced": True}
    response = client.post(f"/api/tables/{table_id}/actions",
                           json={"expected_version": 0, "action": draw})
    assert response.status_code == 200, response.json
    french, english = french_and_english(client, f"/t/{table_id}")
    for fr, en in [("J'ai retourné une carte", "I turned over a card"),
                   ("Stress de ma couleur", "Stress for my colour"),
                   ("Vos cartes", "Your cards"),
                   ("Annuler : Ann : carte avec Marine, 3 de stress",
                    "Undo: Ann: card with Marine, 3 stress")]:
        assert fr in french and en in english and en not in french
    log_fr, log_en = french_and_english(client, f"/t/{table_id}/log")
    assert "Ann : carte avec Marine, 3 de stress" in log_fr
    assert "card with Marine" not in log_fr and "card with Marine" in log_en


def test_round_results_in_french(client: FlaskClient, table_id: str) -> None:
    results = [{"seat": 0, "cards": 4, "stars": 4, "journalists": 4},
               {"seat": 1, "cards": 5, "marine_cards": 1}]
    response = client.post(f"/api/tables/{table_id}/actions", json={
        "expected_version": 0, "action": {"type": "score_round", "results": results}})
    assert response.status_code == 200, response.json
    french, english = french_and_english(client, f"/t/{table_id}")
    for fr, en in [("Résultats de la manche 1", "Round 1 results"),
                   ("les 4 journalistes", "all 4 journalists"),
                   ("seul sans Marine", "only one without Marine"),
                   ("Saisie à la main.", "Entered by hand.")]:
        assert fr in french and en in english and en not in french


def test_new_table_and_quick_entry_pages_in_french(client: FlaskClient, table_id: str) -> None:
    french, english = french_and_english(client, f"/new/{GAME}")
    # Option labels come from the engine (marked with N_) and are translated on the page.
    for fr, en in [("Un joueur qui craque marque quand même la règle des 4",
                    "A player who cracks still scores the Rule of 4"),
                   ("Case la plus haute de la Cote de popularité",
                    "Highest space of the popularity track"),
                   ("Ajouter un joueur", "Add a player"),
                   ("Ouvrir la table", "Start the table")]:
        assert fr in french and en in english and en not in french
    french, english = french_and_english(client, f"/t/{table_id}/entry")
    for fr, en in [("Saisie rapide : manche 1", "Quick entry: round 1"),
                   ("Journalistes différents", "Different journalists"),
                   ("A craqué (8 de stress ou plus)", "Cracked (8 stress or more)"),
                   ("Compter les points de la manche", "Score the round")]:
        assert fr in french and en in english and en not in french


# ---------------------------------------------------------------------------- API errors

def test_api_rule_error_in_french(client: FlaskClient, table_id: str) -> None:
    both_cracked = {"type": "score_round", "results": [
        {"seat": 0, "cards": 3, "cracked": True}, {"seat": 1, "cards": 2, "cracked": True}]}

    def post(lang: str) -> Any:
        return client.post(f"/api/tables/{table_id}/actions",
                           json={"expected_version": 0, "action": both_cracked},
                           headers={"Accept-Language": lang})

    french, english = post("fr"), post("en")
    assert french.status_code == english.status_code == 422
    assert french.json["error"]["code"] == "several_cracked"
    assert french.json["error"]["message"] == (
        "Un seul joueur peut craquer par manche\u00a0: la manche s'arrête aussitôt")
    assert english.json["error"]["message"] == (
        "Only one player can crack in a round: the round ends at once")


def test_api_error_parameters_filled_in_french(client: FlaskClient) -> None:
    response = client.post("/api/tables", json={"game": GAME, "players": PLAYERS[:1]},
                           headers={"Accept-Language": "fr"})
    assert response.status_code == 422
    assert response.json["error"]["message"] == "Ce jeu se joue de 2 à 8 joueurs, pas à 1"


def test_correction_conflict_names_its_reason_in_french(client: FlaskClient) -> None:
    created = client.post("/api/tables", json={
        "game": GAME, "players": PLAYERS, "options": {"track_top": 3}})
    table_id = created.json["id"]
    quiet_round = [{"seat": 0, "cards": 1, "cracked": True}, {"seat": 1, "cards": 0}]
    assert client.post(f"/api/tables/{table_id}/actions", json={
        "expected_version": 0,
        "action": {"type": "score_round", "results": quiet_round}}).status_code == 200
    assert client.post(f"/api/tables/{table_id}/actions", json={
        "expected_version": 1, "action": {"type": "draw", "seat": 1, "stress": 1, "stars": 0,
                                          "corner": None}}).status_code == 200
    # Corrected, round 1 ends the game, so the later card can no longer be played.
    winning_round = {"type": "score_round", "results": [{"seat": 0, "cards": 4},
                                                        {"seat": 1, "cards": 4}]}
    response = client.post(f"/api/tables/{table_id}/corrections",
                           json={"expected_version": 2, "target": 1, "action": winning_round},
                           headers={"Accept-Language": "fr"})
    assert response.status_code == 422, response.json
    assert response.json["error"]["message"] == (
        "Cette correction rend impossible une entrée ultérieure\u00a0: "
        "la partie est terminée\u00a0: plus aucune action n'est possible")
