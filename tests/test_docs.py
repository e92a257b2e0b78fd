"""The README and docs/ stay true: every link resolves (a file of the repository, and the
heading an ``#anchor`` names), every command they name exists with every option they give
it (``companion ... --help`` lists it), every environment variable they name is read by the
code, and the README's test command is the one CI runs. Each game's phone guide is also a
page of the app (``/guide/<game>``), from the same file, in the page's language where the
guide has one."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO_ROOT
from flask.testing import FlaskClient

DOCS = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").rglob("*.md"))]
TEXT = {path: path.read_text(encoding="utf-8") for path in DOCS}
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")


def name_of(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


def prose(text: str) -> str:
    """The text outside fenced blocks and code spans."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    kept = "".join(c for c in heading.strip().lower()
                   if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(text: str) -> set[str]:
    found: set[str] = set()
    for line in FENCE.sub("", text).splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            base = anchor(match.group(1))
            name, n = base, 0
            while name in found:
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def links() -> Iterator[tuple[Path, str]]:
    for path in DOCS:
        for target in LINK.findall(prose(TEXT[path])):
            yield path, target


@pytest.mark.parametrize(("path", "target"), list(links()),
                         ids=lambda v: name_of(v) if isinstance(v, Path) else v)
def test_every_link_resolves(path: Path, target: str) -> None:
    if target.startswith(("https://", "http://")):
        return
    file_part, _, place = target.partition("#")
    resolved = (path.parent / file_part).resolve() if file_part else path
    assert resolved.is_file(), f"{name_of(path)}: {target} names no file"
    if place:
        assert resolved.suffix == ".md", f"{name_of(path)}: {target}: an anchor outside Markdown"
        assert place in anchors(resolved.read_text(encoding="utf-8")), \
            f"{name_of(path)}: {target}: no such heading"


def test_the_docs_have_links_and_the_readme_maps_every_docs_file() -> None:
    """The README is the map: every file of docs/ is linked from it or from a file it links."""
    readme = REPO_ROOT / "README.md"
    reached = {readme}
    todo = [readme]
    while todo:
        here = todo.pop()
        for target in LINK.findall(prose(TEXT[here])):
            file_part = target.partition("#")[0]
            if not file_part or "://" in file_part:
                continue
            there = (here.parent / file_part).resolve()
            if there in TEXT and there not in reached:
                reached.add(there)
                todo.append(there)
    assert set(DOCS) - reached == set()


def test_the_anchor_of_a_heading_is_githubs() -> None:
    assert anchor("The Casse-toi Pov'con! kit") == "the-casse-toi-povcon-kit"
    assert anchor("The Edgar & Lucien kit") == "the-edgar--lucien-kit"
    assert anchor("The 폭풍의 대권주자 kit") == "the-폭풍의-대권주자-kit"
    assert anchors("# A\n```sh\n# not a heading\n```\n## A\n") == {"a", "a-1"}


# --- commands ------------------------------------------------------------------------------


def shell_lines() -> Iterator[tuple[Path, str]]:
    """Each command line the docs give: code spans, and lines of ``sh`` blocks (a trailing
    ``\\`` joined to the next line, ``# ...`` comments dropped), split at ``&&``, ``&``, ``|``
    and ``;``."""
    for path in DOCS:
        text = TEXT[path]
        lines = list(CODE_SPAN.findall(FENCE.sub("", text)))
        for language, block in FENCE.findall(text):
            if language == "sh":
                lines += block.replace("\\\n", " ").splitlines()
        for line in lines:
            line = re.sub(r"(^|\s)#.*", "", line)
            for part in re.split(r"&&|\s&\s|\s&$|\||;", line):
                yield path, part.strip()


def words(command: str) -> list[str]:
    """The words of a command, its leading ``NAME=value`` settings dropped."""
    try:
        parts = shlex.split(command)
    except ValueError:
        parts = command.split()
    while parts and re.fullmatch(r"[A-Z_][A-Z0-9_]*=\S*", parts[0]):
        parts.pop(0)
    return parts


def commands(program: str) -> list[tuple[str, list[str]]]:
    """Each distinct ``program ...`` command line of the docs, with the first doc naming it."""
    found: dict[tuple[str, ...], str] = {}
    for path, line in shell_lines():
        parts = words(line)
        if parts and parts[0] == program and len(parts) > 1:
            found.setdefault(tuple(parts[1:]), name_of(path))
    return [(doc, list(parts)) for parts, doc in found.items()]


def options(parts: list[str]) -> list[str]:
    """The options a command gives (``--out`` of ``--out kit.pdf``, ``-m``, ``[--game x]``)."""
    named = []
    for part in parts:
        part = part.strip("[]")
        if re.fullmatch(r"--?[a-zA-Z][\w-]*(=.*)?", part):
            named.append(part.split("=")[0])
    return named


def companion_help(path: list[str]) -> str:
    from companion.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as exit_:
        main([*path, "--help"])
    assert exit_.value.code == 0, f"companion {' '.join(path)} --help failed"
    return out.getvalue()


def subcommand_path(parts: list[str]) -> list[str]:
    """The leading words of ``parts`` that are sub-commands of ``companion``."""
    import argparse

    from companion.cli import build_parser

    parser, path = build_parser(), []
    for part in parts:
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        if not actions or part not in actions[0].choices:
            break
        parser = actions[0].choices[part]
        path.append(part)
    return path


COMPANION = commands("companion")


def test_the_docs_name_companion_commands() -> None:
    named = {" ".join(subcommand_path(parts)) for _doc, parts in COMPANION}
    assert {"serve", "print", "db", "decks list", "decks import"} <= named


@pytest.mark.parametrize(("doc", "parts"), COMPANION, ids=lambda v: v if isinstance(v, str)
                         else " ".join(v))
def test_every_companion_command_named_is_real(doc: str, parts: list[str]) -> None:
    path = subcommand_path(parts)
    assert path, f"{doc}: companion {' '.join(parts)}: no such command"
    shown = companion_help(path)
    for option in options(parts[len(path):]):
        assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", shown), \
            f"{doc}: companion {' '.join(parts)}: {option} is not an option of it"
    if path == ["db"]:
        action = parts[1] if len(parts) > 1 else ""
        assert not action or action in shown, f"{doc}: companion db {action}"


@pytest.mark.parametrize(("doc", "parts"), commands("python"),
                         ids=lambda v: v if isinstance(v, str) else " ".join(v))
def test_every_script_and_module_named_exists_with_its_options(doc: str,
                                                                parts: list[str]) -> None:
    """``python x.py`` and ``python -m x``: the file or module exists, and each option the docs
    give it is one its source reads. (Their ``--help`` is not run: a benchmark without one
    would run in full.)"""
    import importlib.util

    if parts[0] == "-m":
        module = parts[1]
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin, f"{doc}: python -m {module}: no such module"
        source_path = Path(spec.origin)
        if source_path.name == "__init__.py" and (source_path.parent / "__main__.py").is_file():
            source_path = source_path.parent / "__main__.py"
        rest = parts[2:]
    else:
        source_path = REPO_ROOT / parts[0]
        assert source_path.is_file(), f"{doc}: python {parts[0]}: no such file"
        rest = parts[1:]
    source = source_path.read_text(encoding="utf-8")
    for option in options(rest):
        assert f'"{option}"' in source or f"'{option}'" in source, \
            f"{doc}: python {' '.join(parts)}: {option} is not read by {source_path.name}"


def test_every_extra_named_for_pip_is_the_projects() -> None:
    import tomllib

    project = tomllib.loads((REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = set(project["project"]["optional-dependencies"])
    named = [(doc, extra) for doc, parts in commands("pip")
             for extra in re.findall(r"^\.\[([\w,-]+)\]$", parts[-1])]
    assert named, "the docs name no extra"
    for doc, extra in named:
        assert set(extra.split(",")) <= extras, f"{doc}: pip install .[{extra}]: no such extra"


def test_every_bash_script_named_exists() -> None:
    named = commands("bash")
    assert named
    for doc, parts in named:
        assert (REPO_ROOT / parts[0]).is_file(), f"{doc}: bash {parts[0]}: no such file"


def test_the_readme_test_command_is_the_one_ci_runs() -> None:
    readme = TEXT[REPO_ROOT / "README.md"]
    blocks = [block for language, block in FENCE.findall(readme) if language == "sh"]
    assert blocks[:2] == ["pip install -e . && companion serve\n", "bash tests/run.sh\n"]
    run = (REPO_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"^exec bash tests/run\.sh\b", run, re.MULTILINE)


# --- environment variables -----------------------------------------------------------------


def code_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for folder in ("companion", "printables")
                     for p in (REPO_ROOT / folder).rglob("*.py"))


ENVIRONMENT = sorted(
    {name for text in TEXT.values() for name in re.findall(r"\bCOMPANION_[A-Z0-9_]+\b", text)}
    | {name for _path, line in shell_lines()
       for name in re.findall(r"(?:^|export\s+|\s)([A-Z_][A-Z0-9_]{2,})=", line)})


def test_the_docs_name_environment_variables() -> None:
    assert {"DATABASE_URL", "SECRET_KEY", "COMPANION_PUBLIC_URL"} <= set(ENVIRONMENT)


@pytest.mark.parametrize("variable", ENVIRONMENT)
def test_every_environment_variable_named_is_read_by_the_code(variable: str) -> None:
    from companion.web.live import DEFAULTS

    code = code_text()
    read = f'"{variable}"' in code or f"'{variable}'" in code
    # The live streams' settings are read as f"COMPANION_{name}" for each of their DEFAULTS.
    live = variable.startswith("COMPANION_") and variable.removeprefix("COMPANION_") in DEFAULTS
    assert read or live, f"{variable}: named in the docs, read nowhere in the code"


# --- the phone guides in the app -----------------------------------------------------------


def games() -> list[str]:
    from companion.games import ALL_GAME_IDS

    return list(ALL_GAME_IDS)


@pytest.mark.parametrize("game_id", games())
def test_each_game_has_its_phone_guide_page_from_its_file(client: FlaskClient,
                                                          game_id: str) -> None:
    path = REPO_ROOT / "docs" / "games" / f"{game_id}.md"
    heading = path.read_text(encoding="utf-8").splitlines()[0].removeprefix("# ")
    page = client.get(f"/guide/{game_id}").get_data(as_text=True)
    assert "<h1>" + heading.replace("&", "&amp;") + "</h1>" in page
    for linking in (f"/new/{game_id}", f"/rules/{game_id}"):  # the host's page, everyone's
        assert f'href="/guide/{game_id}"' in client.get(linking).get_data(as_text=True), linking


def test_a_guide_written_in_the_pages_language_is_the_one_shown(client: FlaskClient) -> None:
    korean = client.get("/guide/storm-candidate", headers={"Accept-Language": "ko"})
    assert "<h1>휴대폰으로 폭풍의 대권주자 플레이하기</h1>" in korean.get_data(as_text=True)
    english = client.get("/guide/storm-candidate", headers={"Accept-Language": "en"})
    assert "<h1>Playing 폭풍의 대권주자 from phones</h1>" in english.get_data(as_text=True)
    french = client.get("/guide/casse-toi-pov-con", headers={"Accept-Language": "fr"})
    assert "<h1>Jouer une table avec les téléphones (Casse-toi Pov'con!)</h1>" in french.get_data(
        as_text=True)


def test_a_guide_links_another_guide_by_its_page_and_drops_other_relative_links(
        client: FlaskClient) -> None:
    page = client.get("/guide/edgar-et-lucien").get_data(as_text=True)
    assert '<a href="casse-toi-pov-con">' in page  # /guide/casse-toi-pov-con from here
    assert client.get("/guide/casse-toi-pov-con").status_code == 200


def test_an_unknown_game_has_no_guide(client: FlaskClient) -> None:
    assert client.get("/guide/chess").status_code == 404
    assert client.get("/guide/..%2Fkits").status_code == 404


@pytest.fixture
def guides_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from companion import guides

    monkeypatch.setattr(guides, "GUIDES", tmp_path)
    guides._render.cache_clear()
    return tmp_path


def test_a_guide_in_the_pages_language_where_it_exists_else_english(
        client: FlaskClient, guides_folder: Path) -> None:
    (guides_folder / "election-usa.md").write_text("# Playing\n\nEnglish.\n", encoding="utf-8")
    (guides_folder / "election-usa.fr.md").write_text("# Jouer\n\nFrançais.\n", encoding="utf-8")
    french = client.get("/guide/election-usa", headers={"Accept-Language": "fr"})
    assert "<p>Français.</p>" in french.get_data(as_text=True)
    assert '<article class="guide" lang="fr">' in french.get_data(as_text=True)
    korean = client.get("/guide/election-usa", headers={"Accept-Language": "ko"})
    assert "<p>English.</p>" in korean.get_data(as_text=True)
    assert '<article class="guide" lang="en">' in korean.get_data(as_text=True)
    assert client.get("/guide/storm-candidate").status_code == 404  # no file, no page


def test_a_guide_escapes_html_and_drops_unsafe_links(client: FlaskClient,
                                                     guides_folder: Path) -> None:
    (guides_folder / "election-usa.md").write_text(
        "# X\n\n<script>alert(1)</script> <b onclick=x>b</b>\n\n"
        "[a](javascript:alert(1)) [k](../kits.md#the-election-usa-kit) [w](https://example.org)\n",
        encoding="utf-8")
    page: Any = client.get("/guide/election-usa").get_data(as_text=True)
    body = page[page.index('<article'):page.index("</article>")]
    assert "<script" not in body and "<b " not in body
    assert "&lt;script&gt;" in body
    assert "javascript:" not in body.replace("[a](javascript:alert(1))", "")
    assert "<a>k</a>" in body and '<a href="https://example.org">w</a>' in body
