"""The print page of the app and its PDF download."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from print_pdf import decode_qr, render
from pypdf import PdfReader

from companion import create_app

GAME = "casse-toi-pov-con"


def test_the_print_page_offers_every_option(client: FlaskClient) -> None:
    page = client.get(f"/print/{GAME}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    for field in ('name="paper"', 'name="lang"', 'name="duplex"', 'name="low_ink"',
                  'name="part"', 'name="offset_x"', 'name="offset_y"', 'name="bleed"'):
        assert field in html
    for value in ('value="a4"', 'value="letter"', 'value="universal"', 'value="long"',
                  'value="short"', 'value="none"', 'value="gutterfold"', 'value="fr"',
                  'value="en"'):
        assert value in html
    assert f'action="/print/{GAME}/kit.pdf"' in html


def test_the_print_page_in_french(client: FlaskClient) -> None:
    html = client.get(f"/print/{GAME}?lang=fr").get_data(as_text=True)
    assert "Télécharger le PDF" in html and "Papier" in html
    assert '<option value="fr" selected>' in html


def test_download_is_the_kit_with_the_chosen_options(client: FlaskClient) -> None:
    response = client.get(f"/print/{GAME}/kit.pdf?paper=letter&lang=fr&duplex=short&low_ink=1")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert 'filename="casse-toi-pov-con-letter-fr.pdf"' in response.headers["Content-Disposition"]
    pdf = PdfReader(__import__("io").BytesIO(response.data))
    assert float(pdf.pages[0].mediabox.height) == 792
    assert pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert "Imprimez ce fichier à 100 %" in pdf.pages[0].extract_text()


def test_download_gutterfold_for_a_print_shop(client: FlaskClient) -> None:
    """The print page's gutterfold and print-shop choices reach the PDF: one side, 3 mm of
    bleed, every page with its TrimBox and BleedBox."""
    response = client.get(f"/print/{GAME}/kit.pdf?duplex=gutterfold&bleed=3")
    assert response.status_code == 200
    pdf = PdfReader(__import__("io").BytesIO(response.data))
    assert pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert all("/TrimBox" in page and "/BleedBox" in page for page in pdf.pages)
    checklist = pdf.pages[1].extract_text()
    assert "gutterfold" in checklist and "3 mm of bleed" in checklist


def test_rule_sheet_qr_codes_point_at_this_server(client: FlaskClient, tmp_path: Path) -> None:
    response = client.get(f"/print/{GAME}/kit.pdf?part=rules&lang=en",
                          base_url="http://192.168.7.7:8000")
    path = tmp_path / "rules.pdf"
    path.write_bytes(response.data)
    found = decode_qr(render(path, tmp_path, 200, first=1, last=1, gray=True)[0])
    assert found and all(url.startswith(f"http://192.168.7.7:8000/rules/{GAME}/")
                         for url in found)
    assert client.get(found[0].removeprefix("http://192.168.7.7:8000")).status_code == 200


def test_public_url_wins_over_the_request_address(tmp_path: Path) -> None:
    app: Flask = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "SECRET_KEY": "t",
                             "PUBLIC_URL": "https://games.example.org/"})
    response = app.test_client().get(f"/print/{GAME}/kit.pdf?part=rules")
    path = tmp_path / "rules.pdf"
    path.write_bytes(response.data)
    found = decode_qr(render(path, tmp_path, 200, first=1, last=1, gray=True)[0])
    assert found and all(url.startswith(f"https://games.example.org/rules/{GAME}/")
                         for url in found)


def test_backs_and_fronts_download_separately(client: FlaskClient) -> None:
    import io

    backs = PdfReader(io.BytesIO(client.get(f"/print/{GAME}/kit.pdf?part=backs").data))
    fronts = PdfReader(io.BytesIO(client.get(f"/print/{GAME}/kit.pdf?part=fronts").data))
    # the calibration page's back, then 6 sheets of card backs (the tokens on the last)
    assert len(backs.pages) == 7
    assert "Print check" in (backs.pages[0].extract_text() or "")
    assert "backs" in (backs.pages[1].extract_text() or "")
    assert len(fronts.pages) > len(backs.pages)


def test_unknown_game_is_404(client: FlaskClient) -> None:
    assert client.get("/print/monopoly").status_code == 404
    assert client.get("/print/monopoly/kit.pdf").status_code == 404


def test_bad_parameters_are_400_with_a_clear_message(client: FlaskClient) -> None:
    for query, message in (("paper=a3", "Unknown paper size: a3."),
                           ("duplex=both", "Unknown double-sided mode: both."),
                           ("part=box", "Unknown part of the kit: box."),
                           ("lang=de", "This kit has no texts in de."),
                           ("offset_x=abc", "The offset must be a number of millimetres."),
                           ("offset_y=40", "The offset must be between -10 and 10 mm."),
                           ("bleed=lots", "The bleed must be a number of millimetres."),
                           ("bleed=9", "The bleed must be between 0 and 5 mm.")):
        response = client.get(f"/print/{GAME}/kit.pdf?{query}")
        assert response.status_code == 400, query
        assert message in response.get_data(as_text=True), query


def test_bad_parameters_are_explained_in_french(client: FlaskClient) -> None:
    response = client.get(f"/print/{GAME}/kit.pdf?paper=a3&lang=fr")
    assert response.status_code == 400
    assert "Format de papier inconnu : a3." in response.get_data(as_text=True)


def test_a_game_without_a_kit_prints_its_rule_sheet(client: FlaskClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.web.printing as printing

    monkeypatch.setattr(printing, "kit_games", lambda: ())
    html = client.get(f"/print/{GAME}").get_data(as_text=True)
    assert 'name="part" value="rules"' in html and 'name="duplex"' not in html
    refused = client.get(f"/print/{GAME}/kit.pdf?part=kit")
    assert refused.status_code == 400
    assert "only its rule sheet" in refused.get_data(as_text=True)
    sheet = client.get(f"/print/{GAME}/kit.pdf")
    assert sheet.status_code == 200 and sheet.mimetype == "application/pdf"
    assert "-rules.pdf" in sheet.headers["Content-Disposition"]
