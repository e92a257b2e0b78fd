"""``companion print``: options, clear errors with exit status 2, and never a partial file."""

from __future__ import annotations

import argparse
import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from companion.games.base import load_data
from printables import cli
from printables.kits import casse_toi_pov_con as kit

GAME = "casse-toi-pov-con"
BASE = "http://192.168.1.20:8000"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = cli.main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_register_adds_the_print_command(tmp_path: Path) -> None:
    parser = argparse.ArgumentParser(prog="companion")
    cli.register(parser.add_subparsers(dest="command"))
    out = tmp_path / "rules.pdf"
    args = parser.parse_args(["print", GAME, "--rules-only", "--lang", "fr", "--base-url", BASE,
                              "--out", str(out)])
    assert args.func(args) == 0
    assert len(PdfReader(str(out)).pages) >= 2


def test_the_kit_and_its_separate_backs(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    out, backs = tmp_path / "kit.pdf", tmp_path / "backs.pdf"
    code, stdout, _ = run([GAME, "--paper", "letter", "--lang", "fr", "--low-ink", "--duplex",
                           "short", "--offset", "1,-0.5", "--cut-lines", "--backs-separate",
                           str(backs), "--base-url", BASE, "--out", str(out)], capsys)
    assert code == 0 and "wrote" in stdout
    assert PdfReader(str(out)).trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    # the calibration back, then 6 sheets of backs: 9 poker cards a sheet on Letter as on A4
    # (the tokens in the free place of the crowd cards' last sheet)
    back_pages = PdfReader(str(backs)).pages
    assert len(back_pages) == 7
    assert "Test d'impression" in back_pages[0].extract_text()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backs.pdf", "kit.pdf"]


def test_gutterfold_for_a_print_shop(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    """``--duplex gutterfold --bleed 3``: one-sided, fold lines, page boxes on every page."""
    out = tmp_path / "kit.pdf"
    code, stdout, _ = run([GAME, "--duplex", "gutterfold", "--bleed", "3", "--base-url", BASE,
                           "--out", str(out)], capsys)
    assert code == 0 and "wrote" in stdout
    pdf = PdfReader(str(out))
    assert pdf.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/Simplex"
    assert all("/TrimBox" in page and "/BleedBox" in page for page in pdf.pages)
    assert sum("Fold here" in (page.extract_text() or "") for page in pdf.pages) > 10


@pytest.mark.parametrize(("argv", "message"), [
    (["--paper", "a3"], "invalid choice: 'a3'"),
    (["--lang", "de"], "invalid choice: 'de'"),
    (["--duplex", "both"], "invalid choice: 'both'"),
    (["--offset", "one,two"], "--offset must be two numbers"),
    (["--offset", "30,0"], "offset must be within 10 mm"),
    (["--bleed", "9"], "bleed must be between 0 and 5 mm, not 9"),
    (["--bleed", "some"], "invalid float value: 'some'"),
    (["--base-url", "ftp://host"], "--base-url must be an http(s) address"),
    (["--base-url", ""], "need the companion's address"),
    (["--rules-only", "--backs-separate", "{tmp}/b.pdf"], "no backs to write"),
    (["--backs-separate", "{tmp}/out.pdf"], "must be different files"),
    (["--backs-separate", "{tmp}/b.txt"], "must name a .pdf file"),
])
def test_bad_options_exit_2_with_a_clear_message_and_no_file(
        argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    if "--base-url" not in argv:
        argv += ["--base-url", BASE]
    code, _, err = run([GAME, *argv, "--out", str(tmp_path / "out.pdf")], capsys)
    assert code == 2
    assert message in err
    assert list(tmp_path.iterdir()) == []


def test_unknown_game_and_bad_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["monopoly", "--base-url", BASE, "--out", str(tmp_path / "x.pdf")], capsys)
    assert code == 2 and "no print kit for 'monopoly'" in err
    code, _, err = run([GAME, "--base-url", BASE, "--out", str(tmp_path / "x.png")], capsys)
    assert code == 2 and "must name a .pdf file" in err
    code, _, err = run([GAME, "--base-url", BASE, "--out", str(tmp_path / "no" / "x.pdf")],
                       capsys)
    assert code == 2 and "does not exist" in err
    assert list(tmp_path.iterdir()) == []


def test_a_bad_data_file_is_a_clear_error_and_leaves_no_file(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data: dict[str, Any] = copy.deepcopy(dict(load_data(GAME)))
    data["crowd_cards"][4]["corner"] = "j9"
    monkeypatch.setattr(kit, "load_data", lambda game_id: data)
    code, _, err = run([GAME, "--base-url", BASE, "--out", str(tmp_path / "kit.pdf")], capsys)
    assert code == 2 and "crowd card 5: unknown corner figure 'j9'" in err
    del data["crowd_cards"]
    code, _, err = run([GAME, "--base-url", BASE, "--out", str(tmp_path / "kit.pdf")], capsys)
    assert code == 2 and "lacks 'crowd_cards'" in err
    assert list(tmp_path.iterdir()) == []


def test_a_failure_while_drawing_leaves_no_file_not_even_the_first_of_two(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "stress" is printed on the backs only: the fronts' file is complete when this fails
    monkeypatch.setitem(kit.TEXTS["stress"], "en", "a label far too long for its edge " * 3)
    existing = tmp_path / "kit.pdf"
    existing.write_bytes(b"an older kit")
    code, _, err = run([GAME, "--base-url", BASE, "--backs-separate",
                        str(tmp_path / "backs.pdf"), "--out", str(existing)], capsys)
    assert code == 2 and "Crowd cards 1 (backs)" in err and "does not fit" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit.pdf"]
    assert existing.read_bytes() == b"an older kit"


def test_the_same_command_gives_the_same_bytes(tmp_path: Path) -> None:
    outputs = []
    for name in ("a.pdf", "b.pdf"):
        subprocess.run([sys.executable, "-m", "printables.cli", GAME, "--lang", "ko",
                        "--base-url", BASE, "--out", str(tmp_path / name)], check=True,
                       capture_output=True)
        outputs.append((tmp_path / name).read_bytes())
    assert outputs[0] == outputs[1]


def test_the_rule_sheet_alone_works_for_any_game_with_rules(tmp_path: Path) -> None:
    from printables.build import rule_sheet
    from printables.layout import PrintSettings

    doc = rule_sheet(GAME, PrintSettings(lang="ko"), BASE)
    path = tmp_path / "rules.pdf"
    doc.write(path)
    text = PdfReader(str(path)).pages[0].extract_text()
    assert "규칙" in text and "Components" in text  # Korean headings, English rules text
    assert "쪽" in text  # the footer's "page N of M", in Korean


def test_a_game_without_a_kit_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["no-such-game", "--base-url", BASE, "--out", str(tmp_path / "x.pdf")],
                       capsys)
    assert code == 2 and "no print kit for 'no-such-game'" in err
    assert list(tmp_path.iterdir()) == []


def test_without_an_address_the_qr_codes_name_companion_local(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from print_pdf import decode_qr, render

    monkeypatch.delenv("COMPANION_PUBLIC_URL", raising=False)
    out = tmp_path / "rules.pdf"
    code, stdout, err = run([GAME, "--rules-only", "--out", str(out)], capsys)
    assert code == 0, err
    pages = render(out, tmp_path, 200, first=1, last=1)
    urls = decode_qr(pages[0])
    assert urls and all(u.startswith("http://companion.local:8000/rules/") for u in urls)


def test_a_kit_offers_only_its_own_languages(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "kit.pdf"
    code, _, err = run(["edgar-et-lucien", "--lang", "ko", "--out", str(out)], capsys)
    assert code == 2 and "prints in en, fr, not 'ko'" in err and not out.exists()
    parser = argparse.ArgumentParser()
    cli.add_arguments(parser)
    assert "edgar-et-lucien: en, fr" in parser.format_help().replace("\n", " ").replace(
        "  ", " ") or "edgar-et-lucien: en," in parser.format_help()


def test_the_print_command_imports_no_web_code() -> None:
    """``companion print`` reaches its drawing without Flask, Werkzeug, Jinja or SQLAlchemy
    (they cost half a second before the first page), and its help says "100 %" once."""
    probe = (
        "import sys\n"
        "from companion.cli import build_parser\n"
        "parser = build_parser()\n"
        "args = parser.parse_args(['print', 'casse-toi-pov-con', '--out', 'x.pdf'])\n"
        "from printables.build import build\n"
        "web = sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] in ('flask', 'werkzeug', 'jinja2', 'sqlalchemy')\n"
        "             or m.startswith('companion.web'))\n"
        "print(web, args.handler.__module__)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, cwd=Path(__file__).resolve().parent.parent)
    assert done.stdout.split() == ["[]", "printables.cli"]
    helped = subprocess.run([sys.executable, "-m", "companion", "print", "--help"],
                            capture_output=True, text=True, check=True,
                            cwd=Path(__file__).resolve().parent.parent)
    assert "100 %." in " ".join(helped.stdout.split()) and "%%" not in helped.stdout


def test_each_kit_module_is_the_kit_of_its_game() -> None:
    from printables.kits import KITS, get_kit

    assert [get_kit(game).GAME_ID for game in KITS] == list(KITS)  # type: ignore[union-attr]
    assert get_kit("no-such-game") is None
