"""The Edgar & Lucien kit as a player gets it: every component, the board drawn from the map
file, both Manigance decks, the notes, fonts, rendering, QR codes and reproducible bytes.

The kit is built once per module (English, A4, long-edge duplex), plus one French Letter
low-ink build for the rendering check."""

from __future__ import annotations

import io
import math
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from print_pdf import (
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
from companion.games.base import load_data
from companion.rules import rules_url, sections
from printables import cli
from printables.build import build, kit_games, render_bytes, write_files
from printables.kits import edgar_et_lucien as kit
from printables.layout import PrintSettings
from printables.text import BuildError, TextOverflow

GAME = "edgar-et-lucien"
BASE = "http://192.168.1.20:8000"
DATA = load_data(GAME)
MM_PT = 72 / 25.4


def make(tmp: Path, name: str, rules_only: bool = False, **settings: Any) -> Path:
    return build_kit(GAME, BASE, tmp, name, rules_only=rules_only, **settings)


@pytest.fixture(scope="module", autouse=True)
def _shared(tmp_path_factory: pytest.TempPathFactory) -> None:
    share_with_run(tmp_path_factory)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("edgar")


@pytest.fixture(scope="module")
def kit_en(out: Path) -> Path:
    return make(out, "kit-en")


@pytest.fixture(scope="module")
def pdf_en(kit_en: Path) -> PdfReader:
    return PdfReader(str(kit_en))


@pytest.fixture(scope="module")
def footers(pdf_en: PdfReader) -> list[str]:
    return texts(pdf_en)


def pages_of(footers: list[str], component: str) -> list[int]:
    """Indexes of the pages whose footer names ``component`` (a tile name may follow)."""
    return [i for i, text in enumerate(footers)
            if re.search(rf"· {re.escape(component)}( [A-Z]\d)? · kit", text)]


def all_cards(pdf: PdfReader) -> Counter[str]:
    ids: Counter[str] = Counter()
    for i in range(len(pdf.pages)):
        ids.update(card_placements(pdf, i).keys())
    return ids


def marked_ids(pdf: PdfReader, page_index: int, tag: str) -> set[str]:
    return {str(operands[1]["/ID"]) for operands, operator in operations(pdf, page_index, tag)
            if operator == b"BDC" and operands and operands[0] == f"/{tag}"}


def test_the_kit_is_registered_for_the_cli_and_the_print_page(out: Path, client: Any,
                                                              capsys: Any) -> None:
    assert GAME in kit_games()
    path = out / "cli.pdf"
    assert cli.main([GAME, "--base-url", BASE, "--lang", "fr", "--out", str(path)]) == 0
    assert "pages" in capsys.readouterr().out and path.stat().st_size > 0
    html = client.get(f"/print/{GAME}").get_data(as_text=True)
    assert 'name="duplex"' in html and 'value="fr"' in html and 'value="en"' in html
    assert 'value="ko"' not in html
    assert client.get(f"/print/{GAME}/kit.pdf?lang=ko").status_code == 400


def test_korean_is_refused_with_a_clear_error() -> None:
    with pytest.raises(BuildError, match="no 'ko' texts"):
        build(GAME, PrintSettings(lang="ko"), BASE)


def test_page_count_sizes_and_order(pdf_en: PdfReader, footers: list[str]) -> None:
    total = len(pdf_en.pages)
    for i in range(total):
        assert page_size_mm(pdf_en, i) == (pytest.approx(210, abs=0.01),
                                           pytest.approx(297, abs=0.01))
        assert "Edgar & Lucien · " in footers[i]
        assert f"· kit {kit.KIT_VERSION} · page {i + 1} of {total}" in footers[i]
    assert "Print at 100 %" in footers[0]
    assert pages_of(footers, "Checklist") == [2]
    sheets = {name: len(pages_of(footers, name)) for name in (
        "Board, 2–3 players", "Board, 4 players", "Popularity track", "Play aids",
        "Play aids (backs)", "Manigance decks + certificates",
        "Manigance decks + certificates (backs)", "Cogs notes", "Cogs notes (backs)",
        "Influence tokens", "Influence tokens (backs)", "Pawns",
        "Movement wheels + tokens", "Rule sheet")}
    assert sheets == {
        "Board, 2–3 players": 2, "Board, 4 players": 2, "Popularity track": 1,
        "Play aids": 2, "Play aids (backs)": 2, "Manigance decks + certificates": 4,
        "Manigance decks + certificates (backs)": 4, "Cogs notes": 3,
        "Cogs notes (backs)": 3, "Influence tokens": 1, "Influence tokens (backs)": 1,
        "Pawns": 1, "Movement wheels + tokens": 2,
        "Rule sheet": sheets["Rule sheet"],
    }
    assert sheets["Rule sheet"] >= 4
    # duplex: every sheet of fronts, every tile and every one-sided page starts a sheet
    for name in ("Board, 2–3 players", "Board, 4 players", "Popularity track", "Play aids",
                 "Cogs notes", "Influence tokens", "Pawns", "Movement wheels + tokens"):
        assert all(i % 2 == 0 for i in pages_of(footers, name)), name


def test_each_board_side_draws_every_district_of_the_map_file(pdf_en: PdfReader,
                                                              footers: list[str]) -> None:
    for side in DATA["sides"]:
        players = kit.players_label(side)
        tiles = pages_of(footers, f"Board, {players} players")
        assert tiles
        drawn: set[str] = set()
        for page in tiles:
            drawn |= marked_ids(pdf_en, page, "District")
        expected = {f"{side['key']}:{d['id']}" for d in side["districts"]}
        assert drawn == expected
        assert len(drawn) == len(side["districts"]) == side["cols"] * side["rows"]
        text = " ".join(" ".join(raw_text(pdf_en, page).split()) for page in tiles)
        assert "Metro station" in text and "Border" in text  # the legend, on its tiles


def test_the_manigance_deck_has_the_compendiums_15_cards_in_each_language(
        pdf_en: PdfReader, footers: list[str]) -> None:
    ids = all_cards(pdf_en)
    copies = kit.manigance_copies(DATA)
    assert len(copies) == 15
    for lang in ("fr", "en"):
        deck = [cid for cid in ids if cid.startswith(f"manigance-{lang}-")]
        assert len(deck) == 15, lang
        assert Counter(cid.split("-", 3)[3] for cid in deck) == Counter(
            {card["id"]: card["count"] for card in DATA["manigance"]})
    text = " ".join(" ".join(raw_text(pdf_en, i).split())
                    for i in pages_of(footers, "Manigance decks + certificates"))
    for card in DATA["manigance"]:
        assert card["name_fr"].upper() in text and card["name_en"].upper() in text
    assert {f"certificate-{c['id']}" for c in DATA["conditions"]} | {"heritage-protection"} \
        <= set(ids)
    assert "Control 7 districts or more (6 with 3 players)" in text


def test_the_notes_are_45_of_10000_and_15_of_50000(pdf_en: PdfReader) -> None:
    ids = all_cards(pdf_en)
    tens = [cid for cid in ids if cid.startswith("note-10000-")]
    fifties = [cid for cid in ids if cid.startswith("note-50000-")]
    assert (len(tens), len(fifties)) == (45, 15)
    assert [(n["value"], n["count"]) for n in DATA["money"]["notes"]] == [(10_000, 45),
                                                                         (50_000, 15)]
    # each note has its back, and so has every card (a pawn has both faces on one side)
    backs: Counter[str] = Counter()
    fronts: Counter[str] = Counter()
    for i in range(len(pdf_en.pages)):
        for operands, operator in operations(pdf_en, i, "Card"):
            if operator == b"BDC" and operands and operands[0] == "/Card":
                side = str(operands[1]["/Side"])
                (backs if side == "/back" else fronts)[str(operands[1]["/ID"])] += 1
    assert backs == fronts - Counter({k: 1 for k in fronts if k.startswith("pawn-")})


def test_the_popularity_track_runs_0_to_100_beside_the_tally_track(
        pdf_en: PdfReader, footers: list[str]) -> None:
    (page,) = pages_of(footers, "Popularity track")
    words = raw_text(pdf_en, page).split()
    step = kit.popularity_step(DATA)
    assert step == 10
    for value in range(DATA["popularity"]["min"], DATA["popularity"]["max"] + 1, step):
        assert str(value) in words, value
    text = " ".join(words)
    for turn in range(1, DATA["period"]["turns"] + 1):
        assert f"Turn {turn}" in text
    assert "START" in text and "Grand Zealot" in text


def test_play_aids_show_the_8_administration_boxes(pdf_en: PdfReader,
                                                   footers: list[str]) -> None:
    ids = all_cards(pdf_en)
    assert {f"aid-{c}" for c in DATA["players"]["colours"]} <= set(ids)
    text = " ".join(raw_text(pdf_en, pages_of(footers, "Play aids")[0]).split())
    for admin in DATA["administration"]:
        assert text.count(admin["name_en"]) >= 2  # two aids per sheet
    assert "−20 popularity" in text and "30 popularity in all" in text
    back = " ".join(raw_text(pdf_en, pages_of(footers, "Play aids (backs)")[0]).split())
    assert "Turn summary" in back and "Wealthy Dandy" in back


def test_the_checklist_lists_what_to_cut_and_what_to_bring(pdf_en: PdfReader) -> None:
    text = " ".join(raw_text(pdf_en, 2).split())
    for line in ("Board, 2–3 players", "Board, 4 players", "Popularity track", "Play aids",
                 "Manigance deck, French", "Manigance deck, English", "Cogs notes",
                 "45 + 15", "Influence tokens", "64 (16 per colour)", "Pawns",
                 "8 (4 Edgar, 4 Lucien)", "Movement wheels", "Rule sheet", "Also bring",
                 "4 paper fasteners"):
        assert line in text, line
    # the kit prints every piece: only the wheels' fasteners are asked for
    bring = text[text.index("Also bring"):text.index("To make the kit")]
    for piece in ("pawn", "influence token", "counter", "coin", "cube", "Markers"):
        assert piece not in bring, piece


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_influence_tokens_and_pawns_are_printed_with_registered_backs(
        paper: str, duplex: str, out: Path) -> None:
    """64 influence tokens, 16 in each player colour, the symbol face on the front and the
    padlock face on the back at its mirrored position; 8 fold-over pawns, an Edgar and a
    Lucien in each colour; the play aid's spots take a printed token."""
    pdf = PdfReader(make(out, f"pieces-{paper}-{duplex}", paper=paper, duplex=duplex))
    width, height = page_size_mm(pdf, 0)
    fronts: dict[str, tuple[float, float, float, float]] = {}
    backs: dict[str, tuple[float, float]] = {}
    spots: set[str] = set()
    for i in range(len(pdf.pages)):
        for card_id, (x, y, rect) in card_placements(pdf, i).items():
            w, h = rect[2] - 2 * (x - rect[0]), rect[3] - 2 * (y - rect[1])
            if "(backs)" in raw_text(pdf, i):  # (the text of the pages with cards only)
                backs[card_id] = (x, y)
            else:
                fronts[card_id] = (x, y, w, h)
        spots |= marked_ids(pdf, i, "TokenSpot")
    colours = DATA["players"]["colours"]
    tokens = {k: v for k, v in fronts.items() if k.startswith("influence-")}
    assert len(tokens) == 64
    assert Counter(k.split("-")[1] for k in tokens) == {c: 16 for c in colours}
    for card_id, (x, y, w, h) in tokens.items():
        assert (w, h) == (pytest.approx(kit.INFLUENCE_MM, abs=0.05),) * 2
        bx, by = backs[card_id]
        if duplex == "long":
            assert (bx, by) == (pytest.approx(width - x - w, abs=0.05), pytest.approx(y, abs=0.05))
        else:
            assert (bx, by) == (pytest.approx(x, abs=0.05), pytest.approx(height - y - h, abs=0.05))
    pawns = {k: v for k, v in fronts.items() if k.startswith("pawn-")}
    assert sorted(pawns) == sorted(f"pawn-{who}-{c}" for who in ("edgar", "lucien")
                                   for c in colours)
    for _x, _y, w, h in pawns.values():
        assert (w, h) == (pytest.approx(kit.PAWN[0], abs=0.05),
                          pytest.approx(kit.PAWN[1], abs=0.05))
    # one spot per administration box on each of the 4 aids, each a token's size or 1 mm more
    sizes = {float(spot.split(":")[1]) for spot in spots}
    assert {spot.split(":")[0] for spot in spots} == {a["id"] for a in DATA["administration"]}
    assert all(kit.INFLUENCE_MM <= d <= kit.INFLUENCE_MM + 1.5 for d in sizes), sizes


def test_every_font_is_embedded_and_subset(kit_en: Path) -> None:
    fonts = pdffonts(kit_en)
    assert fonts
    for font in fonts:
        assert font["emb"] == "yes" and font["sub"] == "yes", font
        assert not font["name"].split("+")[-1].startswith(("Helvetica", "Times", "Courier"))


def test_every_page_renders(kit_en: Path, out: Path, tmp_path: Path) -> None:
    other = make(out, "kit-fr-letter-low", lang="fr", paper="letter", low_ink=True)
    for name, path in (("en", kit_en), ("fr", other)):
        folder = tmp_path / name
        folder.mkdir()
        pngs = render(path, folder, 12)
        assert len(pngs) == len(PdfReader(str(path)).pages)
        for png in pngs:
            assert Image.open(png).size[0] > 80
    french = " ".join((PdfReader(str(other)).pages[2].extract_text() or "").split())
    assert "Plateau, 2–3 joueurs" in french and "Billets de Rouages" in french


def test_the_rule_sheet_qr_codes_open_existing_rules_pages(kit_en: Path, footers: list[str],
                                                          tmp_path: Path) -> None:
    pages = pages_of(footers, "Rule sheet")
    found = decode_qr(*render(kit_en, tmp_path, 200, first=pages[0] + 1, last=pages[-1] + 1,
                              gray=True))
    expected = [rules_url(BASE, GAME, s.slug, "en") for s in sections(GAME, "en")]
    assert sorted(found) == sorted(expected)
    client = create_app({"TESTING": True, "DATABASE_URL": "sqlite://",
                         "SECRET_KEY": "t"}).test_client()
    for url in found:
        assert client.get(url.removeprefix(BASE)).status_code == 200, url


def test_builds_are_reproducible(kit_en: Path) -> None:
    again = render_bytes(build(GAME, PrintSettings(), BASE)[0])
    assert again == kit_en.read_bytes()


def test_text_too_long_is_a_build_error_naming_the_component(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(kit.TEXTS["heritage_note"], "en", "Far too much to say. " * 40)
    doc, _ = build(GAME, PrintSettings(), BASE)
    with pytest.raises(TextOverflow, match="Heritage Protection"):
        write_files(doc, tmp_path / "kit.pdf")
    assert list(tmp_path.iterdir()) == []


def test_a_bad_map_is_refused_with_its_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    import copy

    broken = copy.deepcopy(dict(DATA))
    broken["sides"][0]["borders"][0]["districts"] = ["opera-row", "gasworks"]
    monkeypatch.setattr(kit, "load_data", lambda game_id: broken)
    with pytest.raises(BuildError, match="do not share a side"):
        build(GAME, PrintSettings(), BASE)


def board_tile_pages(data: bytes, name: str | None = None) -> list[int]:
    """The pages (0-based) of the tiles of the board ``name`` (of every board by default),
    found in the kit's text (pypdf's, kept for the run; pdfplumber's finds the same pages):
    pdfminer reads those pages only."""
    names = [name] if name else [f"Board, {kit.players_label(side)} players"
                                 for side in DATA["sides"]]
    return [i for i, text in enumerate(texts_of(data))
            if any(f"· {n} A" in text for n in names)]


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_boards_tile_at_district_lines(paper: str) -> None:
    """Each side is cut only between two columns of districts, on as few sheets as the
    paper allows; no glyph (district names, legend, metro discs' M) crosses a cut, every
    district's name lies on one tile; each tile says all its steps, and the tile laid on
    a glue strip has a black line to lay its edge on. (The kit the paper tests read too,
    with the address a kit prints when given none: the boards do not show it.)"""
    from printables.layout import GLUE_MM, plan_cut_tiles

    settings = PrintSettings(paper=paper)
    data = kit_bytes(GAME, paper=paper)
    page_w, page_h = settings.page_size
    with plumbed(data, board_tile_pages(data)) as pdf:
        for side in DATA["sides"]:
            name = f"Board, {kit.players_label(side)} players"
            w, h = kit.board_size_mm(side)
            xs, ys = kit.board_lines_mm(side)
            tiles = plan_cut_tiles(settings.page_size, w * MM_PT, h * MM_PT,
                                   [v * MM_PT for v in xs], [v * MM_PT for v in ys])
            usable = page_w / MM_PT - 2 * 7
            assert len(tiles) == math.ceil((w + GLUE_MM) / usable), (name, len(tiles))
            for tile in tiles[1:]:
                assert any(abs(tile.bx / MM_PT - v) < 0.01 for v in xs)
            pages = board_tile_pages(data, name)
            assert len(pages) == len(tiles)
            seen: dict[str, set[int]] = {}
            for tile, index in zip(tiles, pages, strict=True):
                page = pdf.pages[index]
                x0, x1 = tile.px, tile.px + tile.width
                top, bottom = page_h - tile.py - tile.height, page_h - tile.py
                visible = [ch for ch in page.chars if float(ch["x1"]) > x0
                           and float(ch["x0"]) < x1 and float(ch["bottom"]) > top
                           and float(ch["top"]) < bottom]
                crossing = [ch["text"] for ch in visible
                            if float(ch["x0"]) < x0 - 0.01 or float(ch["x1"]) > x1 + 0.01]
                assert not crossing, (name, tile.name, crossing[:10])
                words = " ".join(pdf.pages[index].crop((x0, top, x1, bottom))
                                 .extract_text().split())
                shown = set(words.split())
                for dist in side["districts"]:
                    # a long name wraps: each of its words is on the tile
                    if set(dist["name_en"].split()) <= shown:
                        seen.setdefault(dist["name_en"], set()).add(index)
                label = " ".join((page.extract_text() or "").split())
                assert f"Tile {tile.name} of {len(tiles)}" in label
                if tile.col < tile.cols - 1:
                    assert "lay tile" in label and "on the black line." in label
            # every district shows whole on some tile (its name may also be a metro label)
            assert {d["name_en"] for d in side["districts"]} == set(seen), name


def test_a_board_tile_holds_only_the_text_it_shows() -> None:
    """Each tile's page draws the districts, borders and legend items its window shows,
    not the whole board clipped: no character lies off the page or outside the tile and
    its label, and each district is drawn on one tile only (text search finds it on the
    sheet where it is printed)."""
    from printables.layout import plan_cut_tiles

    settings = PrintSettings()
    data = kit_bytes(GAME)
    page_w, page_h = settings.page_size
    with plumbed(data, board_tile_pages(data)) as pdf:
        for side in DATA["sides"]:
            name = f"Board, {kit.players_label(side)} players"
            w, h = kit.board_size_mm(side)
            xs, ys = kit.board_lines_mm(side)
            tiles = plan_cut_tiles(settings.page_size, w * MM_PT, h * MM_PT,
                                   [v * MM_PT for v in xs], [v * MM_PT for v in ys])
            pages = board_tile_pages(data, name)
            assert len(pages) == len(tiles) > 1
            for tile, index in zip(tiles, pages, strict=True):
                chars = pdf.pages[index].chars
                off = [ch["text"] for ch in chars if float(ch["x1"]) < 0
                       or float(ch["x0"]) > page_w or float(ch["bottom"]) < 0
                       or float(ch["top"]) > page_h]
                assert not off, (name, tile.name, "".join(off)[:80])
                board_top = page_h - tile.py - tile.height
                outside = [ch["text"] for ch in chars
                           if float(ch["top"]) > board_top - 0.5 and (
                               float(ch["x1"]) < tile.px - 0.5
                               or float(ch["x0"]) > tile.px + tile.width + 0.5)]
                assert not outside, (name, tile.name, "".join(outside)[:80])
    pdf_reader = PdfReader(io.BytesIO(data))
    for side in DATA["sides"]:
        name = f"Board, {kit.players_label(side)} players"
        pages = board_tile_pages(data, name)
        drawn = [marked_ids(pdf_reader, i, "District") for i in pages]
        for dist in side["districts"]:
            holding = [i for i, ids in zip(pages, drawn, strict=True)
                       if f"{side['key']}:{dist['id']}" in ids]
            assert len(holding) == 1, (dist["name_en"], holding)


def test_the_checklist_tells_to_glue_the_tiles_as_the_tiles_show(pdf_en: PdfReader) -> None:
    """The checklist's board line speaks of what the tiles print (a grey strip, a black
    line), as the tiles' own steps do, not of ⊕ marks they do not have."""
    checklist = " ".join(texts(pdf_en)[2].split())
    assert "⊕" not in checklist
    assert "grey strip" in checklist and "black line" in checklist
    steps = " ".join(texts(pdf_en)[4].split())
    assert "grey strip" in steps and "black line" in steps and "⊕" not in steps


def test_every_colours_influence_token_is_ringed_alike() -> None:
    """Each token's ring contrasts with the token's colour (at least 3:1) in every player
    colour, red and blue as well as yellow and white."""
    from printables.layout import contrast_ratio

    def hexed(colour: Any) -> str:
        values = tuple(colour) if isinstance(colour, (tuple, list)) else (colour,) * 3
        if len(values) == 1:
            values *= 3
        return "#" + "".join(f"{round(float(v) * 255):02x}" for v in values)

    data = kit_bytes(GAME)
    footers = texts_of(data)
    pages = [i for i in pages_of(footers, "Influence tokens") if "(backs)" not in footers[i]]
    assert pages
    size = kit.INFLUENCE_MM * MM_PT
    seen: dict[str, float] = {}
    fills = {DATA["colours"][c].lower(): c for c in DATA["players"]["colours"]}
    with plumbed(data, pages) as pdf:
        for index in pages:
            page = pdf.pages[index]
            rings = [o for o in page.curves if o.get("stroke")
                     and abs(float(o["x1"]) - float(o["x0"]) - size + 0.8 * MM_PT) < 0.5]
            assert rings
            for ring in rings:
                cx, cy = (float(ring["x0"]) + float(ring["x1"])) / 2, \
                    (float(ring["top"]) + float(ring["bottom"])) / 2
                under = [r for r in page.rects if r.get("fill")
                         and float(r["x0"]) <= cx <= float(r["x1"])
                         and float(r["top"]) <= cy <= float(r["bottom"])
                         and float(r["x1"]) - float(r["x0"]) < size + 3 * MM_PT]
                assert under
                fill = hexed(under[-1]["non_stroking_color"])
                ratio = contrast_ratio(hexed(ring["stroking_color"]), fill)
                seen[fills.get(fill, fill)] = min(ratio, seen.get(fills.get(fill, fill), 99))
    assert len(seen) == len(DATA["players"]["colours"]), seen
    assert all(ratio >= 3 for ratio in seen.values()), seen
