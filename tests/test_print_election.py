"""The Election USA kit as a player gets it: the board with the edition's region points and
the Sincerity track, coins, pawns, the display mat, aids, the scoring sheet, and the decks as
blank templates or the group's own cards, from the real PDF."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from print_pdf import (
    card_placements,
    decode_qr,
    kit_bytes,
    page_size_mm,
    pdffonts,
    raw_text,
    reader,
    render,
    share_with_run,
    texts,
)
from pypdf import PdfReader

from companion import create_app
from companion.games import election_usa as game
from companion.rules import rules_url, sections
from printables import cli
from printables.build import build, kit_games, render_bytes, write_files
from printables.kits import election_usa as kit
from printables.layout import PrintSettings
from printables.text import BuildError

GAME = "election-usa"
BASE = "http://192.168.1.20:8000"
EDITION = {
    "points_west_coast_1st": 9, "points_deep_south_3rd": 0, "reserve": 10,
    "skeleton_malus": 4,
    "action_deck": [
        {"name": "Wall Street dinner", "kind": "fundraising", "high": 5, "low": 2, "value": 1,
         "count": 6},
        {"name": "Town hall", "kind": "policy", "pawns": 2, "value": 3, "count": 4},
        {"name": "Prime-time spot", "kind": "advertising", "region": "great-lakes", "pawns": 3,
         "value": 2, "count": 3},
        {"kind": "blackmail", "amount": 3, "count": 2},
    ],
    "skeleton_deck": [{"name": "The old tweets", "text": "Lose 3 Sincerity.", "sincerity": -3,
                       "count": 2}],
}


def make(tmp: Path, name: str, options: dict[str, Any] | None = None,
         **settings: Any) -> Path:
    doc, backs = build(GAME, PrintSettings(**settings), BASE, options=options)
    path = tmp / f"{name}.pdf"
    write_files(doc, path, backs, tmp / f"{name}-backs.pdf" if backs else None)
    return path


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("election")


@pytest.fixture(scope="module")
def kit_en(out: Path) -> Path:
    return make(out, "kit-en")


@pytest.fixture(scope="module")
def pdf_en(kit_en: Path) -> PdfReader:
    return PdfReader(str(kit_en))


@pytest.fixture(scope="module")
def edited(out: Path) -> PdfReader:
    return PdfReader(str(make(out, "kit-edition", EDITION, lang="fr")))


def pages_of(footers: list[str], component: str) -> list[int]:
    return [i for i, text in enumerate(footers)
            if re.search(rf"· {re.escape(component)}( [A-Z]\d)? · kit", text)]


def cards(pdf: PdfReader) -> Counter[str]:
    """Every card printed on a sheet of fronts, by its id (its back carries the same id)."""
    ids: Counter[str] = Counter()
    for i, footer in enumerate(texts(pdf)):
        if "(backs)" not in footer and "(dos)" not in footer:
            ids.update(card_placements(pdf, i).keys())
    return ids


def kinds(ids: Counter[str]) -> Counter[str]:
    return Counter(re.sub(r"-\d+$", "", i) for i in ids.elements())


def test_the_kit_is_registered_for_the_cli_and_reads_an_edition_file(
        out: Path, tmp_path: Path, capsys: Any) -> None:
    assert GAME in kit_games()
    edition = tmp_path / "ours.toml"
    edition.write_text('points_west_coast_1st = 8\n\n[[action_deck]]\nkind = "policy"\n'
                       'pawns = 2\ncount = 20\n', encoding="utf-8")
    path = out / "cli.pdf"
    assert cli.main([GAME, "--base-url", BASE, "--edition", str(edition),
                     "--out", str(path)]) == 0
    assert "pages" in capsys.readouterr().out
    pages = texts(PdfReader(str(path)))
    assert any("1st 8 · 2nd 4 · 3rd 2" in t for t in pages)
    assert sum("Action deck ·" in t for t in pages) >= 2


def test_bad_edition_values_are_a_build_error() -> None:
    with pytest.raises(BuildError, match="edition values"):
        build(GAME, PrintSettings(), BASE, options={"reserve": -2})
    with pytest.raises(BuildError, match="edition values"):
        build(GAME, PrintSettings(), BASE, options={"action_deck": [{"kind": "rally"}]})
    with pytest.raises(BuildError, match="prints no edition values"):
        build("edgar-et-lucien", PrintSettings(), BASE, options={})


def test_pages_sizes_and_components(pdf_en: PdfReader) -> None:
    footers = texts(pdf_en)
    total = len(footers)
    for i in range(total):
        assert page_size_mm(pdf_en, i) == (pytest.approx(210, abs=0.01),
                                           pytest.approx(297, abs=0.01))
        assert f"· kit {kit.KIT_VERSION} · page {i + 1} of {total}" in footers[i]
    count = {name: len(pages_of(footers, name)) for name in (
        "Board", "Coins $1M and $3M", "Pawn tokens and Sincerity markers",
        "Display mat of the ten face-up cards", "Player aids", "Final-scoring sheet",
        "Action cards, blank templates", "Skeleton cards, blank templates", "Rule sheet")}
    assert count["Board"] == 4 and count["Display mat of the ten face-up cards"] == 3
    assert count["Final-scoring sheet"] == 1 and count["Rule sheet"] >= 3
    assert all(count.values()), count
    for name in ("Board", "Player aids", "Action cards, blank templates"):
        assert all(i % 2 == 0 for i in pages_of(footers, name)), name  # starts a sheet


def test_the_board_prints_six_regions_with_their_points_and_the_track(pdf_en: PdfReader) -> None:
    footers = texts(pdf_en)
    board = " ".join(footers[i] for i in pages_of(footers, "Board"))
    for region in game.REGIONS:
        assert region["name_en"] in board
        a, b, c = region["points"]
        assert f"1st {a} · 2nd {b} · 3rd {c}" in board, region["id"]
    assert "Sincerity" in board and "start" in board
    numbers = re.findall(r"\b(\d{1,2})\b", board.split("Sincerity", 1)[1])
    assert {str(n) for n in range(16)} <= set(numbers)


def test_the_edition_profile_is_what_the_kit_prints(edited: PdfReader) -> None:
    pages = texts(edited)
    board = " ".join(pages[i] for i in pages_of(pages, "Plateau"))
    assert "Côte Ouest" in board and "1er 9 · 2e 4 · 3e 2" in board
    assert "1er 4 · 2e 2 · 3e 0" in board  # Grand Sud's third place set to 0
    aids = " ".join(pages[i] for i in pages_of(pages, "Aides de jeu"))
    assert "10 pions dans votre réserve" in aids and "4 Skeletons : −4" in aids
    ids = kinds(cards(edited))
    assert ids["pawn-red"] == game.START["pawns"] + 10
    assert ids["action-0"] == 6 and ids["action-1"] == 4 and ids["action-2"] == 3
    assert ids["action-3"] == 2 and ids["skeleton-0"] == 2
    assert not any(k.startswith(("action-blank", "skeleton-blank")) for k in ids)
    deck = " ".join(pages[i] for i in pages_of(pages, "Paquet Action"))
    assert "Wall Street dinner" in deck and "Grands Lacs" in deck
    assert "Payez 3 M$ ou tirez un Skeleton" in deck
    assert pages_of(pages, "Paquet Action (dos)") and pages_of(pages, "Paquet Skeleton (dos)")


def test_tokens_coins_aids_and_blank_decks(pdf_en: PdfReader) -> None:
    ids = kinds(cards(pdf_en))
    per_colour = game.START["pawns"] + game.OPTIONS[0].default
    for colour in game.COLOURS:
        assert ids[f"pawn-{colour}"] == per_colour and ids[f"marker-{colour}"] == 1
    assert ids["coin-1"] == kit.COINS[1] and ids["coin-3"] == kit.COINS[3]
    assert ids["aid"] == game.MAX_PLAYERS
    # as many blanks as a game uses: the deck (the face-up display alone takes 10), and the
    # most Skeletons a game draws (5 players × 3, then the 4th that ends it)
    assert ids["action-blank"] == game.DATA["cards"]["action_deck"] == 60
    assert ids["skeleton-blank"] == game.MAX_PLAYERS * (game.DATA["end"]["skeletons"] - 1) + 1
    assert ids["skeleton-blank"] == 16
    checklist = texts(pdf_en)[2]
    assert re.search(r"Action cards, blank templates 60 ", checklist), checklist
    assert re.search(r"Skeleton cards, blank templates 16 ", checklist), checklist
    footers = texts(pdf_en)
    blank = " ".join(footers[i] for i in pages_of(footers, "Action cards, blank templates"))
    for field in ("Fundraising", "Policy", "Advertising", "Blackmail", "Journalist",
                  "Larger $M", "Smaller $M", "Region", "Pawns", "blue circle"):
        assert field in blank, field


def test_the_checklist_says_the_decks_are_blank_templates(pdf_en: PdfReader,
                                                          edited: PdfReader) -> None:
    text = texts(pdf_en)[2]
    assert "Checklist" in text or "What to cut" in text
    for line in ("Board", "4 tiles", "3 tiles", "40 + 25", "5 × 20 + 5", "Player aids",
                 "Final-scoring sheet", "No deck list saved", "Rule sheet", "Also bring"):
        assert line in text, line
    french = texts(edited)[2]
    assert "Paquet Action" in french and "Pas de liste de cartes" not in french


def test_the_mat_numbers_the_ten_places_as_the_phones_do(pdf_en: PdfReader) -> None:
    footers = texts(pdf_en)
    mat = " ".join(footers[i] for i in pages_of(footers, "Display mat of the ten face-up cards"))
    for n in range(1, 11):
        assert f"Card {n}" in mat
    assert [where for _, where in kit.Kit(PrintSettings(), BASE).mat_slots()] == (
        ["above"] * 3 + ["left"] * 2 + ["right"] * 2 + ["below"] * 3)


def test_the_scoring_sheet_lists_every_region_the_malus_and_the_tie_break(
        pdf_en: PdfReader) -> None:
    footers = texts(pdf_en)
    sheet = footers[pages_of(footers, "Final-scoring sheet")[0]]
    for region in game.REGIONS:
        assert f"{region['name_en']} ({'/'.join(map(str, region['points']))})" in sheet
    assert "4 Skeletons: −5" in sheet and "Policy cards chosen (tie-break)" in sheet


def test_every_font_is_embedded(kit_en: Path) -> None:
    for font in pdffonts(kit_en):
        assert font["emb"] == "yes" and font["sub"] == "yes", font


def test_every_page_renders_in_both_languages_and_low_ink(kit_en: Path, out: Path,
                                                          tmp_path: Path) -> None:
    other = make(out, "kit-fr-letter-low", EDITION, lang="fr", paper="letter", low_ink=True)
    for name, path in (("en", kit_en), ("fr", other)):
        folder = tmp_path / name
        folder.mkdir()
        pngs = render(path, folder, 12)
        assert len(pngs) == len(PdfReader(str(path)).pages)
        for png in pngs:
            assert Image.open(png).size[0] > 80


def test_the_rule_sheet_qr_codes_open_existing_rules_pages(kit_en: Path, pdf_en: PdfReader,
                                                          tmp_path: Path) -> None:
    pages = pages_of(texts(pdf_en), "Rule sheet")
    found = decode_qr(*render(kit_en, tmp_path, 200, first=pages[0] + 1, last=pages[-1] + 1,
                              gray=True))
    expected = [rules_url(BASE, GAME, s.slug, "en") for s in sections(GAME, "en")]
    assert sorted(found) == sorted(expected)
    client = create_app({"TESTING": True, "DATABASE_URL": "sqlite://",
                         "SECRET_KEY": "t"}).test_client()
    for url in found[:3]:
        assert client.get(url.removeprefix(BASE)).status_code == 200, url


def test_builds_are_reproducible(kit_en: Path) -> None:
    assert render_bytes(build(GAME, PrintSettings(), BASE)[0]) == kit_en.read_bytes()


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_board_and_mat_tile_at_their_own_lines(paper: str) -> None:
    """The board is cut only between two columns of regions (the title, the Sincerity
    spaces and the note keep to a column), the mat only between two columns of places, on
    the fewest sheets those lines allow; no glyph crosses a cut, every region's name and
    points, every track number and every place shows on a tile, each tile says all its
    steps and the tile laid on a glue strip has a black line to lay its edge on."""
    from tiling import check_board

    settings = PrintSettings(paper=paper)
    data = kit_bytes(GAME, paper=paper)  # (the board and the mat show no address)
    words = [r["name_en"] for r in game.REGIONS]
    words += [f"1st {a} · 2nd {b} · 3rd {c}" for a, b, c in (r["points"] for r in game.REGIONS)]
    words += [str(n) for n in range(game.SINCERITY_MIN, game.SINCERITY_MAX + 1)]
    words += ["Sincerity", "start", "Election USA", "tied colours are removed"]
    board = check_board(data, settings, "Board", (kit.BOARD_W_MM, kit.BOARD_H_MM),
                        kit.board_lines_mm(), words)
    assert len(board) == 4  # one column of regions on each sheet
    places = [f"Card {n}" for n in range(1, 11)] + ["The ten face-up Action cards",
                                                     "refill its place"]
    mat = check_board(data, settings, "Display mat of the ten face-up cards",
                      (kit.MAT_W_MM, kit.MAT_H_MM), kit.mat_lines_mm(), places)
    assert len(mat) == 3


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_kind_box_stays_on_the_line_of_its_label(lang: str) -> None:
    """The blank action card's "Kind: □ Fundraising □ Policy ..." wraps between kinds, never
    between a box and its label (nor inside a label of several words)."""
    pdf = reader(kit_bytes(GAME, lang=lang))
    component = kit.TEXTS["action_blank"][lang]
    pages = pages_of(texts(pdf), component)
    assert pages
    text = raw_text(pdf, pages[0])
    labels = [kit.TEXTS[f"kind_{k}"][lang]
              for k in ("fundraising", "policy", "advertising", "blackmail", "journalist")]
    for label in labels:
        tied = "□[ \u00a0]" + "[ \u00a0]".join(map(re.escape, label.split()))
        assert len(re.findall(tied, text)) == 9, (label, text[:400])
    assert text.count("□") == 9 * len(labels)


@pytest.mark.parametrize("lang,low_ink", [("en", False), ("fr", True)])
def test_pawns_and_markers_tell_their_player_apart_in_grey(lang: str, low_ink: bool,
                                                          tmp_path: Path) -> None:
    """Each of the 100 pawn discs and 5 Sincerity markers carries its colour's mark; in
    greyscale the mark stands out from its piece (four of the colours print within 79-92
    grey alone),
    and in low ink the pieces are outlines, light inside."""
    from print_pdf import kit_bytes
    from print_pieces import (
        grey_crops,
        mark_contrast,
        mean_grey,
        pages_named,
        texts_in,
        trim_boxes,
    )

    data = kit_bytes(GAME, lang=lang, low_ink=low_ink)
    marks = kit.Kit(PrintSettings(lang=lang)).marks
    assert len(set(marks.values())) == len(game.COLOURS)
    name = kit.TEXTS["pawns"][lang]
    boxes: dict[str, tuple[float, float, float, float]] = {}
    firsts: dict[str, Any] = {}
    for page in pages_named(data, name):
        mine = {k: v for k, v in trim_boxes(data, page).items()
                if k.startswith(("pawn-", "marker-"))}
        boxes.update(mine)
        for ident, words in texts_in(data, page, mine).items():
            mark = marks[ident.split("-")[1]]
            if ident.startswith("marker-"):  # "S", then the mark
                assert words.replace(" ", "") == kit.TEXTS["marker"][lang] + mark, ident
            else:
                assert words.strip() == mark, (ident, words)
        crops = grey_crops(data, page, {k: v for k, v in mine.items()
                                        if k.endswith("-0") or k.startswith("marker-")},
                           tmp_path)
        firsts.update(crops)
    assert sum(1 for k in boxes if k.startswith("pawn-")) == 100
    assert sum(1 for k in boxes if k.startswith("marker-")) == 5
    for kind, suffix in (("pawn", "-0"), ("marker", "")):
        pieces = {c: firsts[f"{kind}-{c}{suffix}"] for c in game.COLOURS}
        for a in game.COLOURS:
            assert mark_contrast(pieces[a]) > 60, (kind, a)
            if low_ink:
                assert mean_grey(pieces[a]) > 200, (kind, a)
