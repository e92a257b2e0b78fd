"""The Mourir pour le Rock kit as a player gets it: the boards and their gauges drawn from
the game data, the main board's actions and costs, the score sheet, tokens and cards (blank
or the group's list), fonts, rendering, QR codes and reproducible bytes.

Built once per module in French (A4, long-edge duplex) and once in English."""

from __future__ import annotations

import io
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from print_pdf import (
    MM,
    build_kit,
    card_placements,
    decode_qr,
    kit_bytes,
    operations,
    page_size_mm,
    pdffonts,
    plumbed,
    raw_text,
    render,
    share_with_run,
    texts,
    texts_of,
)
from pypdf import PdfReader

from companion import create_app
from companion.games import mourir_pour_le_rock as engine
from companion.games.base import load_data
from companion.rules import rules_url, sections
from printables import cli
from printables.build import build, kit_games, render_bytes, write_files
from printables.kits import mourir_pour_le_rock as kit
from printables.layout import PrintSettings
from printables.text import BuildError

GAME = "mourir-pour-le-rock"
BASE = "http://192.168.1.20:8000"
DATA = load_data(GAME)


def make(tmp: Path, name: str, **settings: Any) -> Path:
    return build_kit(GAME, BASE, tmp, name, **settings)


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rock")


@pytest.fixture(scope="module")
def kit_fr(out: Path) -> Path:
    return make(out, "kit-fr", lang="fr")


@pytest.fixture(scope="module")
def pdf_fr(kit_fr: Path) -> PdfReader:
    return PdfReader(str(kit_fr))


@pytest.fixture(scope="module")
def pdf_en(out: Path) -> PdfReader:
    return PdfReader(str(make(out, "kit-en", lang="en")))


def footers(pdf: PdfReader) -> list[str]:
    return texts(pdf)


def pages_of(pdf: PdfReader, component: str) -> list[int]:
    return [i for i, text in enumerate(footers(pdf))
            if re.search(rf"· {re.escape(component)}[^·]* · kit", text)]


def words(pdf: PdfReader, page: int) -> str:
    return " ".join(raw_text(pdf, page).split())


def card_ids(pdf: PdfReader) -> Counter[str]:
    ids: Counter[str] = Counter()
    for i in range(len(pdf.pages)):
        ids.update(card_placements(pdf, i).keys())
    return ids


def test_the_kit_is_registered_for_the_cli_and_the_print_page(out: Path, client: Any,
                                                              capsys: Any) -> None:
    assert GAME in kit_games()
    path = out / "cli.pdf"
    assert cli.main([GAME, "--base-url", BASE, "--lang", "en", "--out", str(path)]) == 0
    assert "pages" in capsys.readouterr().out and path.stat().st_size > 0
    html = client.get(f"/print/{GAME}").get_data(as_text=True)
    assert 'value="fr"' in html and 'value="en"' in html
    with pytest.raises(BuildError, match="no 'ko' texts"):
        build(GAME, PrintSettings(lang="ko"), BASE)


def test_page_sizes_order_and_duplex(pdf_fr: PdfReader) -> None:
    texts = footers(pdf_fr)
    total = len(texts)
    for i in range(total):
        assert page_size_mm(pdf_fr, i) == (pytest.approx(210, abs=0.01),
                                           pytest.approx(297, abs=0.01))
        assert "Mourir pour le Rock · " in texts[i]
        assert f"· kit {kit.KIT_VERSION} · page {i + 1} sur {total}" in texts[i]
    assert pages_of(pdf_fr, "Liste du matériel") == [2]
    boards = pages_of(pdf_fr, "Plateaux des joueurs")
    assert len(boards) == 4
    for name in ("Plateaux des joueurs", "Plateau principal", "Tapis du marché",
                 "Feuille de score", "Dé principal", "Jetons", "Cartes"):
        pages = [p for p in pages_of(pdf_fr, name) if "(dos)" not in texts[p]]
        assert pages and all(p % 2 == 0 for p in pages), name  # each starts a sheet


def test_four_player_boards_with_the_gauge_in_three_colours(pdf_fr: PdfReader,
                                                           out: Path) -> None:
    boards = pages_of(pdf_fr, "Plateaux des joueurs")
    v = {o.name: o.default for o in engine.OPTIONS if o.kind == "int"}
    for page, colour in zip(boards, ("violet", "orange", "bleu", "noir"), strict=True):
        text = words(pdf_fr, page)
        assert f"Plateau du joueur — {colour}" in text
        for n in range(1, v["mental_max"] + 1):
            assert f" {n} " in f" {text} ", n
        assert "vert : 3 cubes*" in text and "jaune : 2 cubes*" in text
        assert "rouge : 1 cube*" in text and "mort pour le rock : +10*" in text
        assert "★5" in text and "Chansons" in text
        assert "valeur maison 16*" in text and "5 000 $*" in text
    # The three zone colours (and the cube colour) are really printed.
    folder = out / "board-png"
    folder.mkdir(exist_ok=True)
    (png,) = render(Path(out / "kit-fr.pdf"), folder, 40, first=boards[0] + 1,
                    last=boards[0] + 1)
    colours = {rgb: n for n, rgb in Image.open(png).convert("RGB").getcolors(1 << 24)}

    def near(hex_value: str) -> int:
        r, g, b = (int(hex_value[i:i + 2], 16) for i in (1, 3, 5))
        return sum(n for (pr, pg, pb), n in colours.items()
                   if abs(pr - r) + abs(pg - g) + abs(pb - b) < 30)

    for zone in ("green", "yellow", "red"):
        assert near(DATA["zone_colours"][zone]) > 200, zone
    assert near(DATA["colour_values"]["purple"]) > 200


def test_the_main_board_shows_each_decades_actions_and_costs(pdf_en: PdfReader) -> None:
    (page,) = pages_of(pdf_en, "Main board")
    text = words(pdf_en, page)
    for decade in DATA["decade"]:
        assert decade["name_en"] in text
    for action in DATA["action"]:
        assert action["name_en"] in text, action["id"]
    for cost in ("+2* mental health", "Only at 6* or less", "+1* mental health, +2,000* fans",
                 "Pay $5,000*", "+$3,000*", "With 2* vices: +2,000* fans",
                 "Pay 1* mental health: +4,000* fans", "pay $1,500*", "(10* points)",
                 "total × $1,000*", "12 tour cards*", "house default — check your copy"):
        assert cost in text, cost


def test_score_sheet_has_every_category_and_four_columns(pdf_en: PdfReader) -> None:
    (page,) = pages_of(pdf_en, "Score sheet")
    text = words(pdf_en, page)
    for line in ("Tour cards", "Prizes", "Completed objectives", "identical or different",
                 "Fans: 1 per 1,000*", "Money: 1 per $5,000*", "Mental health left: 1* each",
                 "Bribe token: 10*", "Died for rock: 10*", "Events and powers", "Total",
                 "a tie is shared"):
        assert line in text, line


def test_tokens_and_their_counts(pdf_fr: PdfReader) -> None:
    ids = card_ids(pdf_fr)
    k = DATA["kit"]
    assert sum(1 for i in ids if i.startswith("bribe")) == 1 and ids["bribe"] == 2  # + back
    for prefix, count in (("fans-1000-", k["fan_tokens_1000"]),
                          ("fans-5000-", k["fan_tokens_5000"]),
                          ("money-1000-", k["money_1000"]), ("money-5000-", k["money_5000"])):
        assert sum(1 for i in ids if i.startswith(prefix)) == count, prefix
    for colour in DATA["players"]["colours"]:
        assert sum(1 for i in ids if i.startswith(f"cube-{colour}-")) == k["cubes_per_player"]
    # Every card and token has its back.
    sides: Counter[tuple[str, str]] = Counter()
    for i in range(len(pdf_fr.pages)):
        for operands, operator in operations(pdf_fr, i, "Card"):
            if operator == b"BDC" and operands and operands[0] == "/Card":
                sides[(str(operands[1]["/Side"]), str(operands[1]["/ID"]))] += 1
    fronts = {cid for side, cid in sides if side == "/front"}
    backs = {cid for side, cid in sides if side == "/back"}
    assert fronts == backs
    tokens = [p for p in pages_of(pdf_fr, "Jetons") if "(dos)" not in footers(pdf_fr)[p]]
    assert "Pot de vin" in words(pdf_fr, tokens[0])


def test_blank_card_templates_for_every_deck(pdf_fr: PdfReader) -> None:
    """As many blanks as a game uses where the text says: the 36 tours (12 a decade, each
    printed with its decade), 5 mini-objectives dealt to each of 4 players, a main objective
    each; a sheet of 9 of the other decks."""
    ids = card_ids(pdf_fr)
    k = DATA["kit"]
    per = k["blank_cards_per_deck"]
    players = DATA["players"]["max"]
    tours = sum(DATA["decades"][f"tours_{d['id']}"] for d in DATA["decade"])
    expected = {"tour": tours, "mini": 5 * players, "objective": players}
    assert tours == 36 and expected["mini"] == 20
    for deck in DATA["deck"]:
        blanks = sum(1 for i in ids if i.startswith(f"{deck['id']}-blank-"))
        assert blanks == expected.get(deck["id"], per), deck["id"]
    total = sum(expected.get(deck["id"], per) for deck in DATA["deck"])
    text = " ".join(words(pdf_fr, p) for p in pages_of(pdf_fr, "Cartes"))
    for label in ("Tournées", "Agents", "Vices", "Prix", "Événements", "Coût $",
                  "Fans requis", "Continent", "Symbole"):
        assert label in text, label
    checklist = words(pdf_fr, 2)
    assert "Vierges" in checklist and str(total) in checklist
    decades = Counter(re.findall(r"Décennie: (Années \d+)", text))
    assert sorted(decades.values()) == [12, 12, 12], decades


def test_the_groups_card_list_prints_in_place_of_the_blanks(tmp_path: Path) -> None:
    cards = [{"kind": "tour", "name": "Tokyo Dome", "decade": "80s", "cost_money": 2000,
              "fans": 3000, "continent": "asia", "souvenir": 2},
             {"kind": "vice", "name": "Whisky", "text": "−1 mental health each turn"}]
    doc, _ = kit.build(PrintSettings(lang="en"), BASE, cards=cards)
    path = tmp_path / "listed.pdf"
    write_files(doc, path)
    pdf = PdfReader(str(path))
    ids = card_ids(pdf)
    assert {"tour-1", "vice-1"} <= set(ids)
    assert not any(i.startswith(("tour-blank-", "vice-blank-")) for i in ids)
    assert any(i.startswith("gear-blank-") for i in ids)
    text = " ".join(words(pdf, p) for p in pages_of(pdf, "Cards"))
    assert "Tokyo Dome" in text and "$2,000" in text and "Asia" in text
    assert "Whisky" in text
    assert "Your card list, printed" in words(pdf, 2)
    with pytest.raises(BuildError, match="kind"):
        kit.build(PrintSettings(lang="en"), BASE, cards=[{"name": "x"}])


def test_the_main_die_has_no_1_or_2(pdf_en: PdfReader) -> None:
    (page,) = pages_of(pdf_en, "Main die")
    text = words(pdf_en, page)
    assert "faces 3, 3, 4, 4, 5, 6*" in text
    printed = [int(w) for w in text.split("6*.", 1)[1].split("1.")[0].split() if w.isdigit()]
    assert sorted(printed) == sorted(DATA["songs"]["main_die_faces"]) == [3, 3, 4, 4, 5, 6]


def test_the_checklist_says_what_to_cut_and_to_bring(pdf_en: PdfReader) -> None:
    text = words(pdf_en, 2)
    for line in ("Player boards", "Main board", "Market mat", "Score sheet", "Main die",
                 "Tokens", "Cards", "Rule sheet", "Also bring", "six-sided dice",
                 "Blank: fill in"):
        assert line in text, line


def test_every_font_is_embedded_and_subset(kit_fr: Path) -> None:
    for font in pdffonts(kit_fr):
        assert font["emb"] == "yes" and font["sub"] == "yes", font


def test_every_page_renders_low_ink_on_letter(out: Path, tmp_path: Path) -> None:
    path = make(out, "kit-en-letter-low", lang="en", paper="letter", low_ink=True)
    pngs = render(path, tmp_path, 12)
    assert len(pngs) == len(PdfReader(str(path)).pages)
    for png in pngs:
        assert Image.open(png).size[0] > 80


def test_the_rule_sheet_qr_codes_open_existing_rules_pages(kit_fr: Path, pdf_fr: PdfReader,
                                                          tmp_path: Path) -> None:
    pages = pages_of(pdf_fr, "Fiche de règles")
    found = decode_qr(*render(kit_fr, tmp_path, 200, first=pages[0] + 1, last=pages[-1] + 1,
                              gray=True))
    expected = [rules_url(BASE, GAME, s.slug, "fr") for s in sections(GAME, "fr")]
    assert sorted(found) == sorted(expected)
    client = create_app({"TESTING": True, "DATABASE_URL": "sqlite://",
                         "SECRET_KEY": "t"}).test_client()
    for url in found:
        assert client.get(url.removeprefix(BASE)).status_code == 200, url


def test_builds_are_reproducible(kit_fr: Path) -> None:
    again = render_bytes(build(GAME, PrintSettings(lang="fr"), BASE)[0])
    assert again == kit_fr.read_bytes()


def test_the_cli_prints_a_card_list_file(tmp_path: Path, capsys: Any) -> None:
    listing = tmp_path / "cards.toml"
    listing.write_text('[[card]]\nkind = "award"\nname = "Golden Mic"\nsouvenir = 6\n',
                       encoding="utf-8")
    path = tmp_path / "kit.pdf"
    assert cli.main([GAME, "--base-url", BASE, "--lang", "en", "--cards", str(listing),
                     "--out", str(path)]) == 0
    pdf = PdfReader(str(path))
    assert "award-1" in card_ids(pdf)
    assert "Golden Mic" in " ".join(words(pdf, p) for p in pages_of(pdf, "Cards"))
    listing.write_text('title = "x"\n', encoding="utf-8")
    with pytest.raises(SystemExit):
        cli.main([GAME, "--base-url", BASE, "--cards", str(listing), "--out", str(path)])
    assert "[[card]] tables only" in capsys.readouterr().err
    with pytest.raises(BuildError, match="prints no card list"):
        build("casse-toi-pov-con", PrintSettings(), BASE, cards=[])


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_the_market_mat_holds_six_real_cards_apart(paper: str) -> None:
    """Six poker-card spaces, each 63 x 88 mm, none touching another, inside the paper's
    printable area. (The kit the paper tests read too: the mat shows no address.)"""
    data = kit_bytes(GAME, lang="en", paper=paper)
    mm = 72 / 25.4
    (index,) = [i for i, text in enumerate(texts_of(data)) if "· Market mat ·" in text]
    with plumbed(data, [index]) as pdf:
        page = pdf.pages[index]
        assert "· Market mat ·" in (page.extract_text() or "")
        spaces = sorted((o["x0"] / mm, o["top"] / mm, o["x1"] / mm, o["bottom"] / mm)
                        for o in page.curves + page.rects
                        if abs((o["x1"] - o["x0"]) / mm - 63) < 1
                        and abs((o["bottom"] - o["top"]) / mm - 88) < 1)
        width, height = page.width / mm, page.height / mm
    assert len(spaces) == 6
    for i, a in enumerate(spaces):
        assert a[0] >= 5 and a[1] >= 5 and a[2] <= width - 5 and a[3] <= height - 5, a
        for b in spaces[i + 1:]:
            apart = b[0] - a[2] >= 2 or a[0] - b[2] >= 2 or b[1] - a[3] >= 2 \
                or a[1] - b[3] >= 2
            assert apart, (a, b)


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_every_board_fits_one_sheet_so_none_is_tiled(paper: str) -> None:
    """The player boards, the main board and the market mat are each drawn on one page of
    every paper: no tile, no glue strip, no seam through a zone or a pile."""
    doc, _ = build(GAME, PrintSettings(paper=paper), BASE)
    names = [page.component for page in doc.pages]
    assert not [n for n in names if re.search(r" [A-Z]\d$", n)], names
    for board in ("Player boards", "Main board", "Market"):
        assert any(n.startswith(board) for n in names), (board, names)


# ------------------------------------------------------------------ pieces that fit

def cube_boxes(data: bytes) -> dict[str, tuple[float, float, float, float]]:
    from print_pieces import pages_named, trim_boxes

    return {k: v for i in pages_named(data, "Tokens") for k, v in trim_boxes(data, i).items()
            if k.startswith("cube-")}


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_a_cube_token_covers_one_value_of_the_gauge(paper: str) -> None:
    """Each action cube token is no wider than one cell of the mental-health gauge (a token
    shows one value, not two or three) and fits a cube box of the main board."""
    from print_pieces import inside, pages_named

    data = kit_bytes(GAME, lang="en", paper=paper)
    board = pages_named(data, "Player boards: purple")[0]
    main = pages_named(data, "Main board")[0]
    with plumbed(data, [board, main]) as pdf:
        cells = [(0.0, 0.0, (o["x1"] - o["x0"]) / MM, (o["bottom"] - o["top"]) / MM)
                 for o in pdf.pages[board].curves if abs((o["bottom"] - o["top"]) / MM - 13) < 0.3]
        boxes = [(0.0, 0.0, (o["x1"] - o["x0"]) / MM, (o["bottom"] - o["top"]) / MM)
                 for o in pdf.pages[main].rects if o.get("dash", ([], 0))[0]
                 and abs((o["x1"] - o["x0"]) / MM - 14) < 0.3]
    assert len(cells) == DATA["mental"]["max"] + 1
    assert boxes
    cubes = cube_boxes(data)
    assert len(cubes) == DATA["kit"]["cubes_per_player"] * len(DATA["players"]["colours"])
    pitch = min(c[2] for c in cells) + 0.8  # a cell and the gaps beside it
    for ident, cube in cubes.items():
        assert inside(cube, (0, 0, min(c[2] for c in cells), 13)), (ident, cube, cells[0])
        assert cube[2] < pitch
        assert inside(cube, min(boxes, key=lambda b: b[3])), ident


@pytest.mark.parametrize("low_ink", [False, True])
def test_cubes_tell_their_player_apart_in_grey(low_ink: bool, tmp_path: Path) -> None:
    from print_pieces import grey_crops, mark_contrast, mean_grey, pages_named, texts_in

    data = kit_bytes(GAME, lang="en", low_ink=low_ink)
    marks = kit.Kit(PrintSettings(lang="en")).marks
    assert len(set(marks.values())) == len(DATA["players"]["colours"])
    cubes = cube_boxes(data)
    page = next(i for i in pages_named(data, "Tokens")
                if set(cubes) & set(card_placements(PdfReader(io.BytesIO(data)), i)))
    for ident, words_in in texts_in(data, page, cubes).items():
        assert words_in.strip() == marks[ident.split("-")[1]], (ident, words_in)
    crops = grey_crops(data, page, cubes, tmp_path)
    colours = DATA["players"]["colours"]
    for a in colours:
        assert mark_contrast(crops[f"cube-{a}-0"]) > 60, a
        if low_ink:
            assert mean_grey(crops[f"cube-{a}-0"]) > 170, a


def test_the_die_net_has_a_tab_on_every_seam_and_says_how(pdf_en: PdfReader) -> None:
    """A cube's net: 6 faces, 5 folds between them, 12 − 5 = 7 seams to glue, so 7 tabs, each
    folded along a dashed line; the cut edges are solid; the page says which is which and
    the steps."""
    data = kit_bytes(GAME, lang="en")
    (page,) = pages_of(pdf_en, "Main die")
    with plumbed(data, [page]) as pdf:
        p = pdf.pages[page]
        tabs = [c for c in p.curves if c.get("fill") and len(c["pts"]) == 4]
        dashed = [ln for ln in p.lines if ln.get("dash", ([], 0))[0]]
        solid = [ln for ln in p.lines if not ln.get("dash", ([], 0))[0]]
    assert len(tabs) == 7
    assert len(dashed) == 5 + 7 and len(solid) == 4 * 6 - 2 * 5 - 7
    for tab in tabs:  # its base lies on a fold
        (x0, y0), (x1, y1) = tab["pts"][0], tab["pts"][-1]
        assert any(abs(min(x0, x1) - ln["x0"]) < 0.5 and abs(max(x0, x1) - ln["x1"]) < 0.5
                   and abs(min(y0, y1) - ln["top"]) < 0.5 and abs(max(y0, y1) - ln["bottom"])
                   < 0.5 for ln in dashed), tab["pts"]
    text = words(pdf_en, page)
    assert "Solid line: cut" in text and "dashed line: fold" in text
    assert "1. Cut along the solid lines" in text and "4. Glue the lid's three tabs" in text
