"""Templates compiled once per process: apps made in one process (the test suite makes
hundreds) share the compiled code, and a template whose source changed is compiled again."""

from __future__ import annotations

from jinja2 import DictLoader, Environment

from companion import create_app
from companion.web.assets import CompiledTemplates


class Counting(Environment):
    compiled = 0

    def _compile(self, source: str, filename: str):  # type: ignore[no-untyped-def]
        Counting.compiled += 1
        return super()._compile(source, filename)


def test_a_second_environment_reuses_the_code_and_a_changed_source_compiles_again() -> None:
    cache = CompiledTemplates()
    Counting.compiled = 0
    first = Counting(loader=DictLoader({"page.html": "Hello {{ name }}"}), bytecode_cache=cache)
    assert first.get_template("page.html").render(name="Ann") == "Hello Ann"
    second = Counting(loader=DictLoader({"page.html": "Hello {{ name }}"}),
                      bytecode_cache=cache)
    assert second.get_template("page.html").render(name="Bob") == "Hello Bob"
    assert Counting.compiled == 1
    changed = Counting(loader=DictLoader({"page.html": "Bye {{ name }}"}), bytecode_cache=cache)
    assert changed.get_template("page.html").render(name="Cy") == "Bye Cy"
    assert Counting.compiled == 2


def test_apps_of_one_process_share_their_compiled_templates(tmp_path) -> None:  # type: ignore[no-untyped-def]
    apps = [create_app({"TESTING": True, "SECRET_KEY": "t",
                        "DATABASE_URL": f"sqlite:///{tmp_path / f'{n}.sqlite'}"})
            for n in range(2)]
    assert apps[0].jinja_env.bytecode_cache is apps[1].jinja_env.bytecode_cache
    pages = [app.test_client().get("/").data for app in apps]
    assert pages[0] == pages[1] and b"<html" in pages[0]
    for app in apps:
        app.extensions["companion_db"].engine.dispose()
