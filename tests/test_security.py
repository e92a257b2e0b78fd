"""Forms and headers: a cross-site post changes nothing; every response carries the headers."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.web.security import CONTENT_SECURITY_POLICY

REPO = Path(__file__).resolve().parent.parent
PLAYERS = {"player.name": ["Ann", "Bob", "Cy"], "player.party": ["blue", "blue", "pink"]}
FOREIGN = "https://evil.example"


def new_table(client: FlaskClient) -> str:
    response = client.post("/new/casse-toi-pov-con", data=PLAYERS)
    assert response.status_code == 302, response.data
    return str(response.location).rsplit("/", 1)[1]


def draw(seat: int, version: int) -> dict[str, str]:
    return {"expected_version": str(version), "a.type": "draw", "a.seat": str(seat),
            "a.stress": "3", "a.stars": "1", "a.corner": "marine", "a.announced": "false"}


def snapshot(app: Flask, client: FlaskClient, table_id: str) -> tuple[Any, ...]:
    """Everything a forged post could change: the log, the seats, this phone's session."""
    service = app.extensions["companion_tables"]
    with client.session_transaction() as session:
        seats = dict(session.get("seats", {}))
    return (service.version(table_id), [e.kind for e in service.entries(table_id)],
            sorted(service.claimed_seats(table_id)), seats,
            len(app.extensions["companion_db"].engine.connect().exec_driver_sql(
                "SELECT id FROM tables").all()))


def score_round(version: int, cards: tuple[int, int, int]) -> dict[str, Any]:
    """A quick-entry round (each seat's card count, one Marine card each)."""
    data: dict[str, Any] = {"expected_version": str(version), "a.type": "score_round"}
    for seat, count in enumerate(cards):
        prefix = f"a.results.{seat}."
        data.update({prefix + "seat": str(seat), prefix + "cards": str(count),
                     prefix + "cracked": "false", prefix + "journalists": "0",
                     prefix + "marine_cards": "1", prefix + "stars": "0",
                     prefix + "forgot_marine": "false"})
    return data


@pytest.fixture
def played(app: Flask, client: FlaskClient) -> str:
    """A table this phone created and sat at (seat 0), with two rounds typed in."""
    table_id = new_table(client)
    assert client.post(f"/t/{table_id}/claim", data={"seat": "0"}).status_code == 302
    for version in (0, 1):
        response = client.post(f"/t/{table_id}/act", data=score_round(version, (4, 4, 5)),
                               headers={"X-Requested-With": "fetch"})
        assert response.status_code == 200, response.json
    return table_id


FORGERIES: dict[str, Callable[[FlaskClient], dict[str, Any]]] = {
    "no token": lambda client: {"csrf": False},
    "wrong token": lambda client: {"extra": {"csrf_token": "x" * 43}},
    "empty token": lambda client: {"extra": {"csrf_token": ""}},
    "foreign Origin": lambda client: {"headers": {"Origin": FOREIGN}},
    "cross-site fetch metadata": lambda client: {"headers": {"Sec-Fetch-Site": "cross-site"}},
    "same-site fetch metadata": lambda client: {"headers": {"Sec-Fetch-Site": "same-site"}},
    "null Origin from another site": lambda client: {
        "headers": {"Origin": "null", "Sec-Fetch-Site": "cross-site"}},
    "null Origin without token": lambda client: {"headers": {"Origin": "null"},
                                                 "csrf": False},
}


def _routes(version: int, table_id: str) -> dict[str, tuple[str, dict[str, Any]]]:
    return {
        "act": (f"/t/{table_id}/act", draw(1, version)),
        "undo": (f"/t/{table_id}/undo", {"expected_version": str(version)}),
        "redo": (f"/t/{table_id}/redo", {"expected_version": str(version)}),
        "correct": (f"/t/{table_id}/correct", {**score_round(version, (5, 4, 4)),
                                               "target": "1", "round": "1"}),
        "claim": (f"/t/{table_id}/claim", {"seat": "1"}),
        "leave": (f"/t/{table_id}/leave", {}),
        "new table": ("/new/casse-toi-pov-con", dict(PLAYERS)),
    }


@pytest.mark.parametrize("forgery", sorted(FORGERIES))
@pytest.mark.parametrize("route", ["act", "undo", "redo", "correct", "claim", "leave",
                                   "new table"])
def test_a_forged_cross_site_post_is_refused_and_changes_nothing(
        app: Flask, client: FlaskClient, played: str, route: str, forgery: str) -> None:
    version = 2
    if route == "redo":  # something to redo, so a forged redo would change the table
        assert client.post(f"/t/{played}/undo", data={"expected_version": "2"}).status_code \
            == 302
        version = 3
    path, form = _routes(version, played)[route]
    # Sent with the token and from this site, the same post changes the table.
    how = FORGERIES[forgery](client)
    before = snapshot(app, client, played)
    response = client.post(path, data={**form, **how.get("extra", {})},
                           headers=how.get("headers", {}), csrf=how.get("csrf", True))
    assert response.status_code == 403, (route, forgery, response.status_code)
    assert "nothing was changed" in response.get_data(as_text=True).lower() or \
        "reload the page" in response.get_data(as_text=True)
    assert snapshot(app, client, played) == before


def test_the_same_posts_with_the_token_and_own_origin_go_through(
        app: Flask, client: FlaskClient, played: str) -> None:
    origin = {"Origin": "http://localhost"}
    service = app.extensions["companion_tables"]
    for route, (path, form) in _routes(2, played).items():
        if route in ("redo", "new table"):
            continue
        if "expected_version" in form:
            form["expected_version"] = str(service.version(played))
        before = snapshot(app, client, played)
        response = client.post(path, data=form, headers={
            **origin, "X-Requested-With": "fetch", "Sec-Fetch-Site": "same-origin"})
        assert response.status_code in (200, 302), (route, response.get_data(as_text=True))
        assert snapshot(app, client, played) != before, route


def test_a_null_origin_from_this_site_is_accepted(app: Flask, client: FlaskClient,
                                                  played: str) -> None:
    """Under Referrer-Policy: no-referrer, Chromium sends ``Origin: null`` with this site's
    own form posts: the token and the fetch metadata then decide."""
    response = client.post(f"/t/{played}/undo", data={"expected_version": "2"},
                           headers={"Origin": "null", "Sec-Fetch-Site": "same-origin"})
    assert response.status_code == 302
    assert app.extensions["companion_tables"].version(played) == 3


def test_the_public_url_origin_is_accepted(tmp_path: Path) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'p.sqlite'}",
                      "SECRET_KEY": "t", "PUBLIC_URL": "https://club.example/companion"})
    client = app.test_client()
    response = client.post("/new/casse-toi-pov-con", data=PLAYERS,
                           headers={"Origin": "https://club.example"})
    assert response.status_code == 302
    response = client.post("/new/casse-toi-pov-con", data=PLAYERS,
                           headers={"Origin": "https://club.example.evil.example"})
    assert response.status_code == 403


def test_a_forged_post_from_the_page_script_gets_a_json_403(client: FlaskClient,
                                                             played: str) -> None:
    response = client.post(f"/t/{played}/undo", data={"expected_version": "2"},
                           headers={"X-Requested-With": "fetch"}, csrf=False)
    assert response.status_code == 403
    assert response.json["error"]["code"] == "csrf_failed"
    assert "reload" in response.json["error"]["message"]


def test_every_post_form_carries_this_sessions_token(client: FlaskClient, played: str) -> None:
    token = client.csrf_token()  # type: ignore[attr-defined]
    pages = [client.get(f"/t/{played}"), client.get(f"/t/{played}/live"),
             client.get(f"/t/{played}/entry"), client.get("/new/casse-toi-pov-con")]
    for page in pages:
        html = page.get_data(as_text=True)
        forms = re.findall(r"<form[^>]*method=\"post\"[^>]*>\s*(<input[^>]*>)", html)
        assert forms, page.request.path
        for first in forms:
            assert f'name="csrf_token" value="{token}"' in first, (page.request.path, first)


def test_a_fresh_phone_gets_a_token_with_its_first_page(app: Flask) -> None:
    phone = app.test_client()
    html = phone.get("/new/casse-toi-pov-con").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert token and len(token.group(1)) >= 32
    response = phone.post("/new/casse-toi-pov-con",
                          data={**PLAYERS, "csrf_token": token.group(1)}, csrf=False)
    assert response.status_code == 302


def test_templates_have_a_token_in_every_post_form_and_no_inline_script() -> None:
    for path in sorted((REPO / "templates").rglob("*.html")):
        text = path.read_text()
        for match in re.finditer(r"<form\b[^>]*>", text):
            if 'method="post"' in match.group(0).lower():
                assert text[match.end():].lstrip().startswith("{{ csrf_field() }}"), path
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), path
        # An event handler attribute in an HTML tag (Jinja's own "one=" arguments aside).
        markup = re.sub(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", "", text, flags=re.DOTALL)
        assert not re.search(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", markup), path
        assert "javascript:" not in text, path


# ---------------------------------------------------------------------------- headers

def _assert_subresource_headers(response: Any) -> None:
    """A style sheet or a page's script: what applies to it, nothing that cannot."""
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == "no-referrer"
    assert "Content-Security-Policy" not in response.headers
    assert "X-Frame-Options" not in response.headers


def _assert_security_headers(response: Any) -> None:
    csp = response.headers.get("Content-Security-Policy", "")
    assert csp == CONTENT_SECURITY_POLICY
    directives = {d.split()[0]: d.split()[1:] for d in csp.split("; ")}
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["base-uri"] == ["'none'"]
    assert directives["form-action"] == ["'self'"]
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == "no-referrer"


def test_headers_on_pages_api_static_files_and_errors(tmp_path: Path) -> None:
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite'}", "SECRET_KEY": "t"})

    def boom() -> Any:
        raise RuntimeError("a bug")

    app.add_url_rule("/boom", view_func=boom)
    client = app.test_client()
    table_id = new_table(client)
    responses = {
        "page": client.get(f"/t/{table_id}"),
        "home": client.get("/"),
        "api": client.get("/api/games"),
        "api error": client.post("/api/tables", json=[]),
        "static icon": client.get("/static/icons/icon.svg"),
        "service worker": client.get("/sw.js"),
        "404": client.get("/no/such/page"),
        "api 404": client.get("/api/tables/nope"),
        "403": client.post(f"/t/{table_id}/leave", csrf=False),
        "405": client.delete("/"),
        "500": client.get("/boom"),
        "rules": client.get("/rules/"),
        "qr": client.get(f"/t/{table_id}/qr.svg"),
    }
    statuses = {name: r.status_code for name, r in responses.items()}
    assert statuses == {"page": 200, "home": 200, "api": 200, "api error": 400,
                        "static icon": 200, "service worker": 200,
                        "404": 404, "api 404": 404, "403": 403, "405": 405, "500": 500,
                        "rules": 200, "qr": 200}
    for name, response in responses.items():
        try:
            _assert_security_headers(response)
        except AssertionError as error:
            raise AssertionError(f"{name}: {dict(response.headers)}") from error
    page = responses["page"].get_data(as_text=True)
    subresources = re.findall(r'(?:href|src)="(/(?:static|bundle)/[^"]+\.(?:css|js)\?v=[^"]+)"',
                              page)
    assert len(subresources) >= 2, page[:400]  # the page's style sheet and its script
    for url in [*subresources, "/static/table.js", "/bundle/nope.js"]:
        response = client.get(url.replace("&amp;", "&"))
        if response.status_code == 404:
            _assert_security_headers(response)  # an error page is a document
        else:
            _assert_subresource_headers(response)


def test_the_api_never_sets_a_cookie(client: FlaskClient, played: str) -> None:
    assert client.get_cookie("session") is not None  # this phone has a permanent session
    for response in [client.get(f"/api/tables/{played}"),
                     client.get(f"/api/tables/{played}/version"),
                     client.post("/api/tables", json={"game": "casse-toi-pov-con",
                                                      "players": [{"name": "A", "party": "b"},
                                                                  {"name": "B", "party": "b"},
                                                                  {"name": "C", "party": "p"}]})]:
        assert response.status_code in (200, 201)
        assert "Set-Cookie" not in response.headers


def test_api_writes_need_no_csrf_token(client: FlaskClient, played: str) -> None:
    response = client.post(f"/api/tables/{played}/undo", json={"expected_version": 2},
                           headers={"Origin": FOREIGN})
    # Headers, not cookies, say who writes to the API: no CSRF check applies there.
    assert response.status_code == 200


def _session_cookie(response: Any) -> str:
    cookies = [v for k, v in response.headers.items() if k == "Set-Cookie"
               and v.startswith("session=")]
    assert cookies, dict(response.headers)
    return cookies[0]


@pytest.mark.parametrize(("config", "headers", "secure"), [
    ({}, {}, False),
    ({"PUBLIC_URL": "https://club.example"}, {}, True),
    ({}, {"X-Forwarded-Proto": "https"}, False),  # not trusted unless told
    ({"TRUST_PROXY": True}, {"X-Forwarded-Proto": "https"}, True),
    ({"TRUST_PROXY": True}, {"X-Forwarded-Proto": "http"}, False),
])
def test_session_cookie_is_httponly_lax_and_secure_over_https(
        tmp_path: Path, config: dict[str, Any], headers: dict[str, str], secure: bool) -> None:
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite'}",
                      "SECRET_KEY": "t", **config})
    cookie = _session_cookie(app.test_client().get("/new/casse-toi-pov-con", headers=headers))
    attributes = [part.strip().lower() for part in cookie.split(";")]
    assert "httponly" in attributes and "samesite=lax" in attributes
    assert ("secure" in attributes) is secure


def test_trust_proxy_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setenv("COMPANION_TRUST_PROXY", "1")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'e.sqlite'}",
                      "SECRET_KEY": "t"})
    assert app.config["TRUST_PROXY"] is True
