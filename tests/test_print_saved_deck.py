"""A saved deck printed: ``companion print --deck NAME`` and the print page's deck choice
print the deck's cards (and edition values), as the card lists do; ``--cards`` prints a
폭풍의 대권주자 list too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from pypdf import PdfReader

from companion.cli import main as companion
from printables.build import build, render_bytes
from printables.layout import PrintSettings

BASE = "http://companion.local:8000"
STORM_DECK = """format = 1
game = "storm-candidate"
name = "Club copy"

[[deck]]
number = 20
name = "Campaign aide"
price = 4
period = "I"
colour = "yellow"
action = "Procurement 1"
"""


def text_of(path_or_bytes: Path | bytes) -> str:
    import io

    source: Any = io.BytesIO(path_or_bytes) if isinstance(path_or_bytes, bytes) \
        else str(path_or_bytes)
    # words wrapped inside a card's box come back one per line: compare words
    return " ".join(" ".join(page.extract_text() or "" for page in PdfReader(source).pages)
                    .split())


def test_the_command_line_prints_a_kept_deck_and_a_card_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'club.sqlite'}")
    deck_file = tmp_path / "club.toml"
    deck_file.write_text(STORM_DECK, encoding="utf-8")
    assert companion(["decks", "import", str(deck_file)]) == 0
    out = tmp_path / "deck.pdf"
    assert companion(["print", "storm-candidate", "--lang", "en", "--base-url", BASE,
                      "--deck", "Club copy", "--out", str(out)]) == 0
    assert "Campaign aide" in text_of(out) and "Procurement 1" in text_of(out)
    cards = tmp_path / "cards.toml"
    cards.write_text(STORM_DECK.split("\n\n", 1)[1].replace("[[deck]]", "[[card]]"),
                     encoding="utf-8")
    listed = tmp_path / "cards.pdf"
    assert companion(["print", "storm-candidate", "--lang", "en", "--base-url", BASE,
                      "--cards", str(cards), "--out", str(listed)]) == 0
    assert listed.read_bytes() == out.read_bytes()
    capsys.readouterr()
    with pytest.raises(SystemExit):
        companion(["print", "storm-candidate", "--deck", "Nope", "--out", str(out)])
    assert "--deck: no deck named 'Nope'" in capsys.readouterr().err


@pytest.mark.parametrize("game_id", ["election-usa", "mourir-pour-le-rock"])
def test_a_deck_prints_as_its_game_kit_takes_it(game_id: str) -> None:
    """A deck's values go to each kit as it takes them: Election's as edition values, Rock's
    card list as its cards; the same PDF either way."""
    from companion.decks.content import clean_values, deck_options
    from companion.games import GAMES

    game = GAMES[game_id]
    values = clean_values(game, {o.name: [dict(c) for c in o.example]
                                 for o in deck_options(game)})
    settings = PrintSettings(lang="en")
    by_deck, _ = build(game_id, settings, BASE, deck=values)
    if game_id == "election-usa":
        direct, _ = build(game_id, settings, BASE, options=values)
    else:
        direct, _ = build(game_id, settings, BASE, cards=values["cards"])
    assert render_bytes(by_deck) == render_bytes(direct)
    assert render_bytes(by_deck) != render_bytes(build(game_id, settings, BASE)[0])


def test_the_print_page_offers_the_phones_decks(app: Flask, client: FlaskClient) -> None:
    made = client.post("/decks/storm-candidate/new", data={"name": "Club copy"})
    deck_id = int(made.headers["Location"].rsplit("/", 1)[1])
    card = {"kind": "", "f.number": "20", "f.name": "Campaign aide", "f.price": "4",
            "f.period": "I", "f.colour": "yellow", "rev": "1"}
    assert client.post(f"/decks/storm-candidate/{deck_id}/deck/save",
                       data=card).status_code == 302
    page = client.get(f"/print/storm-candidate?deck={deck_id}").get_data(as_text=True)
    assert re.search(rf'<option value="{deck_id}" selected>The deck Club copy</option>', page)
    pdf = client.get(f"/print/storm-candidate/kit.pdf?lang=en&deck={deck_id}")
    assert pdf.status_code == 200 and "Campaign aide" in text_of(pdf.get_data())
    bad = client.get("/print/storm-candidate/kit.pdf?lang=en&deck=999")
    assert bad.status_code == 400 and "Unknown deck: 999" in bad.get_data(as_text=True)
