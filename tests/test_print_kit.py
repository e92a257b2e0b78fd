"""The Casse-toi Pov'con! kit as a player gets it: every component, where it sits on the
paper, fonts, rendering, QR codes, footers, low ink and reproducible bytes."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
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
    raw_text,
    reader,
    render,
)
from pypdf import PdfReader

from companion import create_app
from companion.games.base import load_data
from companion.rules import rules_url, sections
from printables.build import build, render_bytes, write_files
from printables.kits import casse_toi_pov_con as kit
from printables.layout import PrintSettings
from printables.text import MissingGlyph, TextOverflow

GAME = "casse-toi-pov-con"
BASE = "http://192.168.1.20:8000"


def make(tmp: Path, name: str, rules_only: bool = False, **settings: Any) -> Path:
    return build_kit(GAME, BASE, tmp, name, rules_only=rules_only, **settings)


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kits")


@pytest.fixture(scope="module")
def kit_en(out: Path) -> Path:
    return make(out, "kit-en")


@pytest.fixture(scope="module")
def pdf_en(kit_en: Path) -> PdfReader:
    return PdfReader(str(kit_en))


def pages_of(pdf: PdfReader, component: str) -> list[int]:
    """Indexes of the pages whose footer names ``component``."""
    found = []
    for i in range(len(pdf.pages)):
        if f"· {component} ·" in raw_text(pdf, i):
            found.append(i)
    return found


def test_the_kit_has_every_component_of_the_rulebook(pdf_en: PdfReader) -> None:
    ids: set[str] = set()
    for i in range(len(pdf_en.pages)):
        ids.update(card_placements(pdf_en, i))
    expected = {f"candidate-{n}" for n in range(1, 9)} | {f"crowd-{n}" for n in range(1, 53)}
    expected |= {"marine", "summary", "tokens"}  # the nine tokens share one card's place
    assert ids == expected
    tokens = set().union(*(marked_rects(pdf_en, i, "Token") for i in range(len(pdf_en.pages))))
    assert tokens == {f"token-{n}" for n in range(1, 9)} | {"token-marine"}


def test_page_one_is_the_calibration_page_and_every_page_is_a4(pdf_en: PdfReader) -> None:
    first = raw_text(pdf_en, 0)
    assert "Print at 100 %" in first and "100 mm" in first and "1-inch square" in first
    for i in range(len(pdf_en.pages)):
        w, h = page_size_mm(pdf_en, i)
        assert (w, h) == (pytest.approx(210, abs=0.01), pytest.approx(297, abs=0.01))
    prefs = pdf_en.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None" and prefs["/Duplex"] == "/DuplexFlipLongEdge"


def _longest_dark_run(values: list[int]) -> tuple[int, int]:
    """(length, start) of the longest run of dark pixels."""
    best = (0, 0)
    run = start = 0
    for i, v in enumerate(values):
        if v < 128:
            if run == 0:
                start = i
            run += 1
            best = max(best, (run, start))
        else:
            run = 0
    return best


def test_the_calibration_ruler_and_square_measure_true(kit_en: Path, tmp_path: Path) -> None:
    png = render(kit_en, tmp_path, 254, first=1, last=1, gray=True)[0]  # 10 pixels per mm
    image = Image.open(png).convert("L")
    width, height = image.size
    pixels = image.load()
    # the ruler: a 100 mm line from 20 mm to 120 mm from the left edge
    ruler = [y for y in range(height // 2)
             if 997 <= (r := _longest_dark_run([pixels[x, y] for x in range(100, 1300)]))[0]
             <= 1003 and abs(r[1] + 100 - 200) <= 3]
    assert ruler, "no 100 mm line at 20 mm from the left edge"
    # the square: 1 inch = 254 pixels a side, its left side at 135 mm
    sides = [x for x in range(1340, 1362)
             if 251 <= _longest_dark_run([pixels[x, y] for y in range(height // 2)])[0] <= 257]
    assert sides, "no 1-inch side found"


def test_crowd_sheets_hold_nine_cards_each_at_their_exact_places(pdf_en: PdfReader) -> None:
    fronts = pages_of(pdf_en, "Crowd cards + Summary card")
    assert len(fronts) == 6
    seen = []
    for page in fronts:
        placed = card_placements(pdf_en, page)
        ordered = sorted(placed.items(), key=lambda kv: (-kv[1][1], kv[1][0]))
        for slot, (card_id, (x, y, _)) in enumerate(ordered):
            row, col = divmod(slot, 3)
            # a 2 mm gutter between cards, the grid centred on A4
            assert x == pytest.approx(8.5 + 65 * col, abs=0.1), card_id
            assert y == pytest.approx(14.5 + 90 * (2 - row), abs=0.1), card_id
            seen.append(card_id)
    assert seen[:53] == [f"crowd-{n}" for n in range(1, 53)] + ["summary"]


def test_each_back_page_mirrors_the_front_page_before_it(pdf_en: PdfReader) -> None:
    backs = pages_of(pdf_en, "Crowd cards + Summary card (backs)")
    assert len(backs) == 6
    for page in backs:
        front = card_placements(pdf_en, page - 1)
        back = card_placements(pdf_en, page)
        assert set(back) == set(front)
        for card_id, (x, y, _) in front.items():
            bx, by, _ = back[card_id]
            assert bx == pytest.approx(210 - x - 63, abs=0.1)
            assert by == pytest.approx(y, abs=0.1)
    # duplex: every sheet of fronts starts on an odd page (the front of a sheet of paper)
    for page in pages_of(pdf_en, "Crowd cards + Summary card"):
        assert page % 2 == 0  # 0-based index: page 1, 3, 5, ...


def test_short_edge_backs_mirror_top_to_bottom(out: Path) -> None:
    pdf = PdfReader(str(make(out, "kit-short", duplex="short")))
    backs = pages_of(pdf, "Crowd cards + Summary card (backs)")
    front, back = card_placements(pdf, backs[0] - 1), card_placements(pdf, backs[0])
    for card_id, (x, y, _) in front.items():
        assert back[card_id][:2] == (pytest.approx(x, abs=0.1),
                                     pytest.approx(297 - y - 88, abs=0.1))


def test_backs_separate_writes_two_files_with_matching_cards(out: Path) -> None:
    path = make(out, "kit-split", backs_separate=True)
    fronts, backs = PdfReader(str(path)), PdfReader(str(out / "kit-split-backs.pdf"))
    front_ids = set().union(*(card_placements(fronts, i) for i in range(len(fronts.pages))))
    back_ids = set().union(*(card_placements(backs, i) for i in range(len(backs.pages))))
    assert {f"crowd-{n}" for n in range(1, 53)} <= back_ids <= front_ids
    assert not any("blank side" in raw_text(fronts, i) for i in range(len(fronts.pages)))
    # each back page names the page of the fronts' file it goes behind, and mirrors it
    for i in range(len(backs.pages)):
        text = " ".join(raw_text(backs, i).split())
        number = int(re.search(r"behind page (\d+)", text).group(1))  # type: ignore[union-attr]
        front = card_placements(fronts, number - 1)
        back = card_placements(backs, i)
        assert set(front) == set(back)
        for card_id, (x, y, _) in front.items():
            width = 63  # every card, the tokens' place too
            assert back[card_id][:2] == (pytest.approx(210 - x - width, abs=0.1),
                                         pytest.approx(y, abs=0.1))


def test_every_font_is_embedded_and_subset(kit_en: Path, out: Path) -> None:
    kit_ko = make(out, "kit-ko", lang="ko")
    for path, expected in ((kit_en, {"DejaVuSans", "DejaVuSans-Bold"}),
                           (kit_ko, {"NanumGothic", "DejaVuSans-Bold"})):
        fonts = pdffonts(path)
        assert fonts
        names = set()
        for font in fonts:
            assert font["emb"] == "yes", font
            assert font["sub"] == "yes", font
            assert re.match(r"^[A-Z]{6}\+", font["name"]), font
            names.add(font["name"].split("+", 1)[1])
        assert expected <= names, names
        assert not any(n.startswith(("Helvetica", "Times", "Courier")) for n in names)


def test_every_page_renders(kit_en: Path, out: Path, tmp_path: Path) -> None:
    for name, path in (("en", kit_en), ("fr-letter", make(out, "kit-fr", lang="fr",
                                                              paper="letter")),
                       ("universal-low", make(out, "kit-u", paper="universal", low_ink=True))):
        pages = len(PdfReader(str(path)).pages)
        folder = tmp_path / name
        folder.mkdir()
        pngs = render(path, folder, 12)
        assert len(pngs) == pages
        for png in pngs:
            assert Image.open(png).size[0] > 80


def test_rule_sheet_qr_codes_open_existing_rules_pages(out: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for lang in ("en", "fr"):
        path = make(out, f"rules-{lang}", rules_only=True, lang=lang)
        folder = tmp_path / lang
        folder.mkdir()
        found = decode_qr(*render(path, folder, 200, gray=True))
        expected = [rules_url(BASE, GAME, s.slug, lang) for s in sections(GAME, lang)]
        assert sorted(found) == sorted(expected)
    app = create_app({"TESTING": True, "DATABASE_URL": "sqlite://", "SECRET_KEY": "t"})
    client = app.test_client()
    for url in found:
        assert client.get(url.removeprefix(BASE)).status_code == 200, url


def test_the_full_kit_includes_the_rule_sheet_with_its_qr_codes(kit_en: Path,
                                                                pdf_en: PdfReader,
                                                                tmp_path: Path) -> None:
    pages = pages_of(pdf_en, "Rule sheet")
    assert pages
    found = decode_qr(*render(kit_en, tmp_path, 200, first=pages[0] + 1, last=pages[-1] + 1,
                              gray=True))
    assert len(found) == len(sections(GAME, "en"))


def test_every_page_has_the_footer(pdf_en: PdfReader) -> None:
    total = len(pdf_en.pages)
    for number in range(1, total + 1):
        text = " ".join(raw_text(pdf_en, number - 1).split())
        assert "Casse-toi Pov'con! · " in text
        assert f"· kit {kit.KIT_VERSION} · page {number} of {total}" in text, number


def test_the_checklist_lists_what_to_cut_and_what_to_bring(pdf_en: PdfReader) -> None:
    text = raw_text(pdf_en, pages_of(pdf_en, "Checklist")[0])
    for line in ("Candidate cards + Marine card", "Crowd cards + Summary card",
                 "Popularity Track", "Candidate tokens", "Rule sheet", "Also bring"):
        assert line in text


def ink(image: Path) -> float:
    data = Image.open(image).convert("L").tobytes()
    return sum(1 for v in data if v < 250) / len(data)


def test_low_ink_mode_drops_the_large_fills(kit_en: Path, out: Path, tmp_path: Path) -> None:
    low = make(out, "kit-low", low_ink=True)
    page = pages_of(PdfReader(str(low)), "Crowd cards + Summary card")[0] + 1
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    normal_png = render(kit_en, tmp_path / "a", 20, first=page, last=page)[0]
    low_png = render(low, tmp_path / "b", 20, first=page, last=page)[0]
    assert ink(normal_png) > 0.6
    assert ink(low_png) < 0.25


def test_builds_are_reproducible() -> None:
    settings = PrintSettings(lang="fr", paper="letter")
    first = render_bytes(build(GAME, settings, BASE)[0])
    second = render_bytes(build(GAME, settings, BASE)[0])
    assert first == second
    other = render_bytes(build(GAME, settings, "http://10.0.0.1:8000")[0])
    assert other != first


@pytest.fixture
def patched_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    data = copy.deepcopy(dict(load_data(GAME)))
    monkeypatch.setattr(kit, "load_data", lambda game_id: data)
    yield data


def test_text_too_long_for_its_card_is_a_build_error_naming_it(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(kit.TEXTS["candidate_help"], "en",
                        "Far too much to say on a card. " * 30)
    doc, _ = build(GAME, PrintSettings(), BASE)
    with pytest.raises(TextOverflow, match="Candidate cards: Nicolas"):
        write_files(doc, tmp_path / "kit.pdf")
    assert list(tmp_path.iterdir()) == []


def test_a_glyph_the_font_lacks_fails_the_build(patched_data: dict[str, Any],
                                                 tmp_path: Path) -> None:
    patched_data["voters"][0]["name_en"] = "Rich old lady \u0e01"
    doc, _ = build(GAME, PrintSettings(), BASE)
    with pytest.raises(MissingGlyph, match="U\\+0E01"):
        write_files(doc, tmp_path / "kit.pdf")
    assert list(tmp_path.iterdir()) == []


def test_the_stress_on_each_back_matches_the_data(pdf_en: PdfReader) -> None:
    """The numbers printed on a back page are the card's stress values, once along each
    short edge."""
    cards = {f"crowd-{c['id']}": c for c in load_data(GAME)["crowd_cards"]}
    page = pages_of(pdf_en, "Crowd cards + Summary card (backs)")[0]
    text = raw_text(pdf_en, page)
    body = "\n".join(line for line in text.splitlines() if " · page " not in line)
    numbers = sorted(int(n) for n in re.findall(r"\b(\d)\b", body))
    expected = sorted(2 * [v for cid in card_placements(pdf_en, page) if cid in cards
                           for v in cards[cid]["stress"].values()])
    assert numbers == expected


def marked_rects(pdf: PdfReader, page_index: int, tag: str) -> dict[str, list[float]]:
    """For each ``/tag <</ID (..)>> BDC`` section of a page, its first rectangle (x, y, w,
    h in millimetres)."""
    found: dict[str, list[float]] = {}
    current = None
    for operands, operator in operations(pdf, page_index, tag):
        if operator == b"BDC" and operands and operands[0] == f"/{tag}":
            current = str(operands[1]["/ID"])
        elif current is not None and operator == b"re":
            found[current] = [float(v) / MM for v in operands]
            current = None
    return found


@pytest.mark.parametrize("paper", ["a4", "letter", "universal"])
def test_every_token_fits_side_by_side_on_one_track_space(paper: str, out: Path) -> None:
    """All candidates start on the same space: the track's spaces each hold every token
    (eight candidates and Marine) side by side, the tokens as printed."""
    pdf = PdfReader(make(out, f"kit-track-{paper}", paper=paper))
    spaces: dict[str, list[float]] = {}
    tokens: dict[str, list[float]] = {}
    for i in range(len(pdf.pages)):
        spaces.update(marked_rects(pdf, i, "Space"))
        if "(backs)" not in raw_text(pdf, i):
            tokens.update(marked_rects(pdf, i, "Token"))
    top = kit.data()["track"]["top"]
    assert sorted(spaces, key=int) == [str(n) for n in range(top + 1)]
    assert len(tokens) == 9
    widths = {round(t[2], 2) for t in tokens.values()}
    heights = {round(t[3], 2) for t in tokens.values()}
    assert len(widths) == len(heights) == 1
    token_w, token_h = widths.pop(), heights.pop()
    for space, (_x, _y, w, h) in spaces.items():
        room = w - kit.TRACK_LABEL_MM  # the space's number on the left
        assert room >= len(tokens) * token_w + (len(tokens) - 1) * 1.0, space
        assert h >= token_h + 2, space
    # the rows do not overlap: a token lies on one space only
    rows = sorted((y, y + h) for _, y, _, h in spaces.values())
    assert all(a[1] <= b[0] for a, b in zip(rows, rows[1:], strict=False))


def test_every_crowd_back_reads_its_strips_from_the_same_edge(pdf_en: PdfReader) -> None:
    """Each crowd back shows every party's stress along both short edges, in the same
    order, all upright: slid under a candidate card with a short edge out, every card
    reads from the same edge."""
    import io

    import pdfplumber
    from pypdf import PdfWriter

    parties = [p["name_en"] for p in kit.data()["parties"]]
    checked = 0
    for index in pages_of(pdf_en, "Crowd cards + Summary card (backs)"):
        placed = {k: v for k, v in card_placements(pdf_en, index).items()
                  if k.startswith("crowd")}
        writer = PdfWriter()
        writer.add_page(pdf_en.pages[index])
        buf = io.BytesIO()
        writer.write(buf)
        with pdfplumber.open(buf) as page_pdf:
            page = page_pdf.pages[0]
            height = float(page.height)
            words = page.extract_words(extra_attrs=["upright"])
        for card_id, (x, y, _) in placed.items():
            x0, x1 = x * MM, (x + 63) * MM
            top_band = (height - (y + 88) * MM, height - (y + 88 - 12) * MM)
            bottom_band = (height - (y + 12) * MM, height - y * MM)
            mine = [w for w in words if x0 <= float(w["x0"]) and float(w["x1"]) <= x1]
            assert mine and all(w["upright"] for w in mine), card_id
            for low, high in (top_band, bottom_band):
                names = [w["text"] for w in sorted(mine, key=lambda w: float(w["x0"]))
                         if low <= float(w["top"]) and float(w["bottom"]) <= high
                         and w["text"] in parties]
                assert names == parties, (card_id, names)
            checked += 1
    assert checked == 52


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_journalists_medium_stays_inside_its_ring_in_low_ink(lang: str) -> None:
    """The medium's name under a journalist's symbol (Radio, TV, Press, Web; 라디오…) lies
    inside the badge's ring, where the ring is the only outline (low ink)."""
    import io

    import pdfplumber

    data = kit_bytes(GAME, low_ink=True, lang=lang)
    media = {j.get(f"medium_{lang}") or j["medium_en"] for j in kit.data()["journalists"]}
    letters = set("".join(media))
    checked = 0
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            rings = [((float(o["x0"]) + float(o["x1"])) / 2, (float(o["y0"]) + float(o["y1"])) / 2,
                      (float(o["x1"]) - float(o["x0"])) / 2) for o in page.curves
                     if abs(float(o["x1"]) - float(o["x0"]) - 9.2 * MM) < 0.3 * MM]
            if not rings:
                continue
            for ch in page.chars:
                if ch["text"] not in letters:
                    continue
                base = float(ch["matrix"][5])
                corners = [(x, y) for x in (float(ch["x0"]), float(ch["x1"]))
                           for y in (base, base + 0.72 * float(ch["size"]))]
                cx, cy, r = min(rings, key=lambda ring: (ring[0] - corners[0][0]) ** 2
                                + (ring[1] - base) ** 2)
                if (cx - corners[0][0]) ** 2 + (cy - base) ** 2 > (1.5 * r) ** 2:
                    continue  # a letter elsewhere on the page
                checked += 1
                for x, y in corners:
                    assert (x - cx) ** 2 + (y - cy) ** 2 <= (r - 0.3) ** 2, (ch["text"], x, y)
    assert checked >= 4 * sum(map(len, media))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_tokens_share_the_crowd_cards_last_sheet(duplex: str) -> None:
    """The nine tokens fill the free place of the crowd cards' last sheet (53 cards, 9 a
    sheet) instead of a sheet and a back of their own; each token's back shows its name
    where the front turns over onto; the checklist points at that sheet."""
    pdf = reader(kit_bytes(GAME, duplex=duplex))
    footers = [" ".join(raw_text(pdf, i).split()) for i in range(len(pdf.pages))]
    assert not any("· Candidate tokens ·" in f for f in footers)
    fronts = [i for i in range(len(pdf.pages)) if "tokens" in card_placements(pdf, i)
              and "(backs)" not in footers[i]]
    backs = [i for i in range(len(pdf.pages)) if "tokens" in card_placements(pdf, i)
             and "(backs)" in footers[i]]
    assert len(fronts) == len(backs) == 1
    front = card_placements(pdf, fronts[0])
    assert len(front) == 9 and sum(c.startswith("crowd-") for c in front) == 7
    assert "Crowd cards + Summary card" in footers[fronts[0]]
    names = {f"token-{i + 1}": c["name"] for i, c in enumerate(kit.data()["candidates"])}
    names["token-marine"] = "Marine"
    on_front, on_back = (marked_rects(pdf, i, "Token") for i in (fronts[0], backs[0]))
    assert set(on_front) == set(on_back) == set(names)
    for ident, (x, y, w, h) in on_front.items():
        bx, by = on_back[ident][:2]
        # within the card's place (63 x 88), mirrored as the sheet is
        expected = (x, 88 - y - h) if duplex == "short" else (63 - x - w, y)
        assert (bx, by) == (pytest.approx(expected[0], abs=0.05),
                            pytest.approx(expected[1], abs=0.05)), ident
    checklist = " ".join(raw_text(pdf, 2).split())
    assert re.search(rf"Candidate tokens 8 \+ Marine's marker {fronts[0] + 1} In the last place",
                     checklist), checklist
