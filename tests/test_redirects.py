"""The "next" of the theme and language switches goes back to a page of this server only:
never to another host, whatever a browser would make of a tab, a newline or a backslash."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient


@pytest.mark.parametrize("switch", ["/theme/dark", "/language/fr"])
@pytest.mark.parametrize("target", [
    "/%09/evil.example", "/%0A/evil.example", "/%0D%0ALocation:%20http://evil.example",
    "//evil.example", "/\\evil.example", "/%5Cevil.example", "https://evil.example/",
    "/%7F/evil.example", "javascript:alert(1)",
])
def test_next_never_leaves_this_server(client: FlaskClient, switch: str, target: str) -> None:
    answer = client.get(f"{switch}?next={target}")
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/"


@pytest.mark.parametrize("switch", ["/theme/dark", "/language/fr"])
def test_next_comes_back_to_the_page(client: FlaskClient, switch: str) -> None:
    answer = client.get(f"{switch}?next=/new/storm-candidate%3Fdeck%3D3")
    assert answer.headers["Location"] == "/new/storm-candidate?deck=3"
