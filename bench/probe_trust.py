"""Trust probe: the ways to cheat, grief or lose a write, tried again on the current code.

Each kind of check is one function that prints what it tried and what came back:

- ``seat_attacks``: every game driven through the API; before each legal move, the move sent
  by everyone who does not own it (no token, another seat's token, a forged host token, a
  token of another table; through the API and through the page's form) -> 403, version kept;
  after it, its undo by anyone but its seat or the host -> 403; the host's own operations
  (free a seat, delete the table) sent with a seat's token or a forged one -> 403.
- ``secret_comparisons``: two tables of one game with one seed and one log, differing only in
  a seat's sealed secret: what a stranger, the spectator link, the shared screen and every
  other seat see (API, pages, live fragments, the event stream's first events) is identical
  (Mourir pour le Rock has no sealed step).
- ``forged_posts``: every page form (act, undo, redo, correct, claim, leave, new table) sent
  without or with a wrong or another phone's CSRF token, from a foreign Origin, cross-site ->
  403, nothing changed (``tests/test_security.py``'s forgeries and snapshot).
- ``xss_pages``: payloads as players' names at tables of every game (early, mid-game, over),
  every GET page of those tables, the spectator's and the shared screen's, and the new-table
  form shown again, in English, French and Korean: no payload appears unescaped, no page
  carries an inline script, an event-handler attribute or a ``javascript:`` address.
- ``schemathesis_cases``: schemathesis's positive and negative cases over every API operation
  (the app of ``tests/test_openapi_fuzz.py``, half the cases aimed at real tables): no 5xx,
  every response to a positive case as documented.
- ``sigkills`` (``probe_faults.py``): ``companion serve`` writing for several phones at once
  (each write with an Idempotency-Key, retried on a lost connection or 5xx) while its worker
  is SIGKILLed again and again: 0 acknowledged writes lost, 0 applied twice.
- ``postgres_faults``: the same writes on a private PostgreSQL cluster while it restarts (fast
  and immediate shutdowns), a phone reading in French: no 500 (503 with Retry-After, in
  French), 0 lost, 0 doubled; issue 25's item 11.
- ``griefing`` (``probe_griefs.py``): issue 25's other reproductions, each with its answer now.

Run: ``python bench/probe_trust.py [--quick] [--only KIND ...]`` (a bench tool, not a test:
full mode loads both cores for 7 to 12 minutes). Exit status 1 when a check failed. Its
measured figures are in docs/security.md.
"""

from __future__ import annotations

import argparse
import contextlib
import html.parser
import json
import os
import random
import re
import shutil
import sys
import time
from collections.abc import Callable
from typing import Any

from probe_common import FOLDER, Tally, new_app  # first: puts tests/ on the path

# isort: split
import drive_tables  # the tests' game driver
from probe_faults import postgres_faults, sigkills
from probe_griefs import griefing

from companion.games import GAMES, get_game
from companion.games.base import GameError
from companion.tables import owner_of

LANGS = ("en", "fr", "ko")


# ------------------------------------------------- drive_tables over Flask's test client

class InProcess:
    """Stands for drive_tables' live server: its ``call`` goes through a test client."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.client = app.test_client()
        self.url = ""


def _call(server: InProcess, method: str, path: str, body: Any = None, *,
          token: str | None = None, host: str | None = None) -> Any:
    headers = {**({"X-Seat-Token": token} if token else {}),
               **({"X-Host-Token": host} if host else {})}
    answer = server.client.open(path, method=method, json=body, headers=headers,
                                anonymous=True)
    if answer.status_code >= 300:
        raise AssertionError(f"{method} {path}: {answer.status_code} {answer.get_data()[:300]!r}")
    return answer.get_json() if answer.status_code != 204 else None


drive_tables.call = _call  # DrivenTable sends its moves through the test client


def legal_action(table: drive_tables.DrivenTable) -> dict[str, Any] | None:
    for _ in range(200):
        action = table.game.random_action(table.state, table.rng)
        try:
            table.game.apply(table.state, action)
        except GameError:
            continue
        return action
    return None


def form_of(action: dict[str, Any]) -> dict[str, str]:
    """An action as the page's form posts it (each field as ``a.<name>:json``)."""
    return {"a.type": str(action["type"]),
            **{f"a.{k}:json": json.dumps(v) for k, v in action.items() if k != "type"}}


def version_of(server: InProcess, table_id: str) -> int:
    return int(server.client.get(f"/api/tables/{table_id}/version").get_json()["version"])


# ---------------------------------------------------------------------------- 1. seats

def seat_attacks(moves_per_game: int) -> Tally:
    """Before each legal move of a game, every sender who does not own it tries it."""
    tally = Tally("seat and role attacks")
    server = InProcess(new_app(ACCEPT_SEEDS=True))
    for game_id in GAMES:
        table = drive_tables.new_table(server, game_id, count=3)
        stranger_table = drive_tables.new_table(server, game_id, count=3)
        foreign = stranger_table.seat_token(0)
        seats = len(table.players)
        for seat in range(seats):
            table.seat_token(seat)
        phones = {}
        for seat in range(seats):  # a phone holding each seat, as the page does
            phone = server.app.test_client()
            with phone.session_transaction() as cookie:
                cookie["seats"] = {table.id: table.tokens[seat]}
            phones[seat] = phone
        stranger_phone = server.app.test_client()
        for _move in range(moves_per_game):
            if table.over():
                break
            action = legal_action(table)
            if action is None:
                break
            owner = owner_of(table.game, table.state, action)
            senders: list[tuple[str, dict[str, str]]] = [
                ("no token", {}), ("forged host token", {"X-Host-Token": "x" * 43}),
                ("another table's seat", {"X-Seat-Token": foreign}),
                ("forged seat token", {"X-Seat-Token": "y" * 43})]
            if isinstance(owner, int):
                senders += [(f"seat {s}", {"X-Seat-Token": table.tokens[s]})
                            for s in range(seats) if s != owner]
            for who, headers in senders:
                answer = server.client.post(
                    f"/api/tables/{table.id}/actions", anonymous=True, headers=headers,
                    json={"expected_version": table.version, "action": action})
                tally.tried += 1
                tally.answers[f"API {answer.status_code}"] += 1
                tally.check(answer.status_code == 403,
                            f"{game_id} {action['type']} by {who}: {answer.status_code}")
            forms = [("phone without a seat", stranger_phone)]
            if isinstance(owner, int):
                forms += [(f"phone of seat {s}", phones[s]) for s in range(seats) if s != owner]
            for who, phone in forms:
                answer = phone.post(f"/t/{table.id}/act", headers={"X-Requested-With": "fetch"},
                                    data={"expected_version": str(table.version),
                                          **form_of(action)})
                tally.tried += 1
                tally.answers[f"form {answer.status_code}"] += 1
                tally.check(answer.status_code == 403,
                            f"{game_id} form {action['type']} by {who}: {answer.status_code}")
            tally.check(version_of(server, table.id) == table.version,
                        f"{game_id}: an attack changed the version")
            try:
                table.send(action)
            except AssertionError as refused:  # the owner's own move: must go through
                tally.check(False, f"{game_id}: the owner's move refused: {refused}")
                break
            if isinstance(owner, int) and version_of(server, table.id) == table.version:
                # the seat's entry undone by anyone else but the host: refused
                for who, headers in [("no token", {}), *(
                        (f"seat {s}", {"X-Seat-Token": table.tokens[s]})
                        for s in range(seats) if s != owner)]:
                    answer = server.client.post(
                        f"/api/tables/{table.id}/undo", anonymous=True, headers=headers,
                        json={"expected_version": table.version})
                    tally.tried += 1
                    tally.answers[f"API undo {answer.status_code}"] += 1
                    tally.check(answer.status_code == 403,
                                f"{game_id} undo of seat {owner}'s {action['type']} by {who}: "
                                f"{answer.status_code}")
                tally.check(version_of(server, table.id) == table.version,
                            f"{game_id}: an undo attack changed the version")
        # The host's own operations, with a seat's token or a forged one.
        for who, headers in (("seat 0", {"X-Seat-Token": table.tokens[0]}),
                             ("forged host", {"X-Host-Token": "z" * 43})):
            for method, path in (("DELETE", f"/api/tables/{table.id}/seats/1"),
                                 ("DELETE", f"/api/tables/{table.id}"),
                                 ("POST", f"/api/tables/{table.id}/seats/1")):
                answer = server.client.open(path, method=method, headers=headers,
                                            anonymous=True)
                tally.tried += 1
                tally.answers[f"API {answer.status_code}"] += 1
                expected = (403,) if method == "DELETE" else (403, 409)
                tally.check(answer.status_code in expected,
                            f"{game_id} {method} {path} by {who}: {answer.status_code}")
        tally.check(version_of(server, table.id) == table.version, f"{game_id}: host ops")
    return tally


# ---------------------------------------------------------------------------- 2. secrets

def _normalised(text: str, table: drive_tables.DrivenTable, watch: str) -> str:
    for secret, name in ((table.id, "<TABLE>"), (watch, "<WATCH>"), (table.host, "<HOST>"),
                         *((t, f"<SEAT{s}>") for s, t in table.tokens.items())):
        text = text.replace(secret, name)
    text = re.sub(r'name="csrf_token" value="[^"]+"', 'name="csrf_token"', text)
    text = re.sub(r'data:image/png;base64,[^"]+', "data:image/png", text)  # QR of the id
    text = re.sub(r"join=[\w-]+", "join=<KEY>", text)  # the shared screen's invite key
    return re.sub(r"\d{4}-\d\d-\d\dT[\d:.+]+|\d\d:\d\d(:\d\d)?", "<TIME>", text)


def _views(server: InProcess, table: drive_tables.DrivenTable,
           secret_seat: int) -> dict[str, str]:
    """Everything a viewer other than the secret's seat gets, normalised."""
    from companion.web.common import service

    with server.app.app_context():
        watch = str(service().get(table.id).watch_token)
    viewers = {"stranger": None, **{f"seat {s}": t for s, t in table.tokens.items()
                                    if s != secret_seat}}
    out: dict[str, str] = {}
    for viewer, token in viewers.items():
        phone = server.app.test_client()
        if token:
            with phone.session_transaction() as cookie:
                cookie["seats"] = {table.id: token}
        headers = {"X-Seat-Token": token} if token else {}
        paths = [f"/api/tables/{table.id}", f"/t/{table.id}", f"/t/{table.id}/live",
                 f"/t/{table.id}/log", f"/t/{table.id}/live?v=0&s=0"]
        if viewer == "stranger":
            paths += [f"/watch/{watch}", f"/watch/{watch}/live", f"/tv/{watch}",
                      f"/tv/{watch}/live?v=0&s=0&d=0"]
        for path in paths:
            answer = phone.get(path, headers=headers)
            out[f"{viewer} {path.replace(table.id, 'ID').replace(watch, 'W')}"] = _normalised(
                f"{answer.status_code} {answer.get_data(as_text=True)}", table, watch)
        stream = phone.get(f"/t/{table.id}/events?v=0&s=0", buffered=False)
        chunks = iter(stream.response)
        out[f"{viewer} events"] = b"".join(next(chunks) for _ in range(2)).decode()
        stream.close()
    return out


def secret_comparisons(pairs_per_game: int) -> Tally:
    """Pairs of tables with one seed and one log but one seat's sealed value."""
    tally = Tally("secret comparisons")
    server = InProcess(new_app(ACCEPT_SEEDS=True))
    sealed_games = [g for g in GAMES if hasattr(get_game(g), "sealed")]
    for game_id in sealed_games:
        made = 0
        for attempt in range(pairs_per_game * 6):
            if made >= pairs_per_game:
                break
            seed = {"seed": 100 + attempt} if game_id in drive_tables.SEEDS else {}
            first = drive_tables.new_table(server, game_id, count=3, options=seed)
            first.rng = random.Random(attempt)
            replay: list[dict[str, Any]] = []
            send = first.send
            first.send = lambda action, send=send, replay=replay: (  # type: ignore[method-assign]
                send(action), replay.append(action))
            try:
                first.until(lambda t: t.secret_open() or t.over(), limit=300)
            except AssertionError:
                continue
            if first.over():
                continue
            values = _two_seals(first)
            if values is None:
                continue
            seat, one, other = values
            tables = []
            for value in (one, other):
                twin = drive_tables.new_table(server, game_id, count=3, options=seed)
                for seat_no in range(len(twin.players)):
                    twin.seat_token(seat_no)
                for action in replay:
                    twin.send(action)
                twin.send(value)
                tables.append(twin)
            made += 1
            left, right = (_views(server, t, seat) for t in tables)
            for key in left:
                tally.tried += 1
                same = left[key] == right[key]
                tally.answers["identical" if same else "DIFFERENT"] += 1
                tally.check(same, f"{game_id} seat {seat}'s secret seen in {key}")
            # the secret's own seat does see it: the pair really differs
            own = [server.client.get(f"/api/tables/{t.id}", anonymous=True,
                                     headers={"X-Seat-Token": t.tokens[seat]}).get_json()
                   for t in tables]
            tally.check(json.dumps(own[0]["state"]) != json.dumps(own[1]["state"]),
                        f"{game_id}: the two secrets look alike to their own seat")
        tally.notes.append(f"{game_id}: {made} pairs" + (
            "" if made else " (no sealed secret in its rules: sealed() is always None)"))
    return tally


def _two_seals(table: drive_tables.DrivenTable) -> tuple[int, Any, Any] | None:
    """Two different legal seals of one seat that leave the secret step open."""
    found: dict[int, list[dict[str, Any]]] = {}
    for _ in range(400):
        action = table.game.random_action(table.state, table.rng)
        if action.get("type") != "seal":
            continue
        try:
            after = table.game.apply(table.state, action)
        except GameError:
            continue
        opened = table.game.sealed(after)
        if opened is None or opened.complete:
            continue
        mine = found.setdefault(action["seat"], [])
        if all(json.dumps(a, sort_keys=True) != json.dumps(action, sort_keys=True)
               for a in mine):
            mine.append(action)
        if len(mine) == 2:
            return action["seat"], mine[0], mine[1]
    return None


# ---------------------------------------------------------------------------- 3. forms

def forged_posts(rounds: int) -> Tally:
    """Every page form, forged each way ``tests/test_security.py`` forges it (and with
    another phone's valid token): 403, and the log, the seats, the session and the tables
    exactly as before."""
    import test_security as sec

    tally = Tally("forged POSTs")
    app = new_app()
    other_phone = app.test_client()
    forgeries = {**sec.FORGERIES,
                 "another phone's token": lambda c: {"extra": {
                     "csrf_token": other_phone.csrf_token()}}}
    for _round in range(rounds):
        for route in ("act", "undo", "redo", "correct", "claim", "leave", "new table"):
            for name, forgery in forgeries.items():
                client = app.test_client()
                table_id = sec.new_table(client)
                client.post(f"/t/{table_id}/claim", data={"seat": "0"})
                for v in (0, 1):
                    client.post(f"/t/{table_id}/act", data=sec.score_round(v, (4, 4, 5)),
                                headers={"X-Requested-With": "fetch"})
                version = 2
                if route == "redo":
                    client.post(f"/t/{table_id}/undo", data={"expected_version": "2"})
                    version = 3
                path, form = sec._routes(version, table_id)[route]
                how = forgery(client)
                before = sec.snapshot(app, client, table_id)
                answer = client.post(path, data={**form, **how.get("extra", {})},
                                     headers=how.get("headers", {}), csrf=how.get("csrf", True))
                tally.tried += 1
                tally.answers[str(answer.status_code)] += 1
                tally.check(answer.status_code == 403, f"{route} / {name}: {answer.status_code}")
                tally.check(sec.snapshot(app, client, table_id) == before,
                            f"{route} / {name}: something changed")
    return tally


# ---------------------------------------------------------------------------- 4. XSS

XSS = [
    "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg onload=alert(1)>",
    '"><script>alert(1)</script>', "'><img src=x onerror=alert(1)>",
    "</title><script>alert(1)</script>", "</textarea><svg onload=alert(1)>",
    "javascript:alert(1)", "<a href=javascript:alert(1)>x</a>", "<iframe src=javascript:1>",
    "<body onload=alert(1)>", "<details open ontoggle=alert(1)>", "{{7*7}}", "{% raw %}x",
    "${alert(1)}", "<style>*{display:none}</style>", '" onmouseover="alert(1)',
    "' onfocus='alert(1)' autofocus='", "<math><mi href=javascript:1>", "</script><b>x",
    "<!--", "]]><script>alert(1)</script>", "<object data=javascript:1>",
    "<embed src=javascript:alert(1)>", "<input autofocus onfocus=alert(1)>",
    "<video><source onerror=alert(1)>", "<base href=//evil.example/>",
    "<meta http-equiv=refresh content=0>", "<link rel=stylesheet href=//e>", "&lt;script&gt;",
    "&#60;script&#62;", "\\u003cscript\\u003e", "</style><script>alert(1)</script>",
    "<form action=//evil.example><button>", "<img src=//evil.example/x>", "`${1}`",
    '";alert(1);//', "';alert(1);//", '<noscript><p title="</noscript><img>',
    "<template><script>1</script>", "<x onclick=alert(1)>tap", "<svg><use href=//e#x>",
    "%3Cscript%3E", "<scr<script>ipt>alert(1)</script>",
]
SPECIAL = re.compile(r"[<>\"']")
BAD_TAGS = {"iframe", "object", "embed", "base", "math", "x", "scr", "noscript", "video",
            "source"}


URL_ATTRIBUTES = {"href", "src", "action", "formaction", "data", "xlink:href", "poster",
                  "background", "srcset", "content"}


class _Scan(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script" and not names.get("src"):
            self.found.append("inline <script>")
        if tag in BAD_TAGS or (tag == "meta" and "http-equiv" in names):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}=>")
            if name in URL_ATTRIBUTES and value and "javascript:" in value.strip().lower():
                self.found.append(f"<{tag} {name}=javascript:>")


def scan(page: str, payloads: list[str]) -> list[str]:
    """What in a page could run or inject: a payload verbatim, or markup no page has."""
    found = [f"verbatim {p!r}" for p in payloads if SPECIAL.search(p) and p in page]
    parser = _Scan()
    parser.feed(page)
    return found + parser.found


def xss_pages(rounds: int) -> Tally:
    tally = Tally("XSS pages")
    payloads = [p for p in XSS if len(p) <= 40]
    tally.notes.append(f"{len(payloads)} payloads, {len(LANGS)} languages")
    server = InProcess(new_app(ACCEPT_SEEDS=True))
    app = server.app
    from companion.web.common import service

    pages_of = [r.rule for r in app.url_map.iter_rules() if "GET" in r.methods
                and set(r.arguments) == {"table_id"}
                and r.rule.startswith("/t/")
                and not r.rule.endswith(("/events", ".svg", ".json"))]

    def check(phone: Any, path: str, lang: str, payloads: list[str]) -> None:
        answer = phone.get(path, headers={"Accept-Language": lang})
        if answer.mimetype != "text/html" or answer.status_code >= 500:
            tally.check(answer.status_code < 500, f"{path} [{lang}]: {answer.status_code}")
            return
        if answer.status_code == 404 or 300 <= answer.status_code < 400:
            tally.answers[f"{answer.status_code}, not counted"] += 1  # no page here
            return
        tally.tried += 1
        tally.answers[str(answer.status_code)] += 1
        found = scan(answer.get_data(as_text=True), payloads)
        tally.check(not found, f"{path} [{lang}]: {found[:3]}")

    rng = random.Random(25)
    for round_no in range(rounds):
        for game_id in GAMES:
            game = get_game(game_id)
            pool = payloads[:]
            rng.shuffle(pool)
            while pool:
                count = min(game.MAX_PLAYERS, max(game.MIN_PLAYERS, len(pool)))
                names, pool = pool[:count], pool[count:]
                if len(names) < game.MIN_PLAYERS:
                    names += ["Ann", "Bob"][: game.MIN_PLAYERS - len(names)]
                players = [{**p, "name": n} for p, n in
                           zip(game.example_players(len(names)), names, strict=True)]
                options = drive_tables.SEEDS.get(game_id, {})
                made = server.client.post("/api/tables", json={
                    "game": game_id, "players": players, "options": options})
                tally.check(made.status_code == 201, f"{game_id} {names}: {made.status_code}")
                if made.status_code != 201:
                    continue
                table = drive_tables.DrivenTable(
                    server, game_id, made.get_json()["id"], made.get_json()["host_token"],
                    game.setup(players, options), players)
                table.rng = random.Random(round_no)
                with contextlib.suppress(AssertionError):
                    # early, in the middle, at the end (results and rematch)
                    table.until(lambda t: t.over(), limit=(3, 40, 600)[round_no % 3])
                phone = app.test_client()
                with phone.session_transaction() as cookie:
                    cookie["seats"] = {table.id: table.seat_token(0)}
                with app.app_context():
                    watch = str(service().get(table.id).watch_token)
                paths = [r.replace("<table_id>", table.id) for r in pages_of]
                paths += [f"/watch/{watch}", f"/watch/{watch}/live", f"/tv/{watch}",
                          f"/tv/{watch}/live?v=-1", f"/t/{table.id}/live?v=-1",
                          f"/t/{table.id}/entry?round=1", "/"]
                for lang in LANGS:
                    for path in paths:
                        check(phone, path, lang, names)
                        if round_no == 0 and path.startswith("/t/"):
                            check(server.client, path, lang, names)  # the host's phone
                # the new-table form shown again with the names as typed (a refused field)
                form = {"player.name": [*names, names[0]],
                        **{f"player.{k}": [p[k] for p in players] + [players[0][k]]
                           for k in players[0] if k != "name"}}
                for lang in LANGS:
                    answer = app.test_client().post(f"/new/{game_id}", data=form,
                                                    headers={"Accept-Language": lang})
                    tally.tried += 1
                    tally.answers[f"form {answer.status_code}"] += 1
                    found = scan(answer.get_data(as_text=True), names)
                    tally.check(answer.status_code == 400 and not found,
                                f"/new/{game_id} re-shown [{lang}]: {answer.status_code} {found}")
    return tally



# ---------------------------------------------------------------------------- 5. fuzzing

def schemathesis_cases(examples: int) -> Tally:
    """Positive and negative cases of every operation of the OpenAPI document, sent to the
    app of ``tests/test_openapi_fuzz.py`` (half aimed at its real tables) and checked as
    that test checks them; a 5xx is a failure."""
    import schemathesis
    import test_openapi_fuzz as fuzz
    from hypothesis import HealthCheck, given, settings
    from hypothesis.errors import Unsatisfiable

    tally = Tally("schemathesis cases")
    rng = random.Random(5)
    operations = [r.ok() for r in fuzz.schema.get_all_operations()]
    operations = [o for o in operations if not o.path.endswith("/events")]

    def fuzz_one(operation: Any, mode: Any) -> None:
        where = f"{operation.method.upper()} {operation.path}"
        # a table of each game for this operation's cases (a DELETE of another may have
        # removed the module's own)
        tables = [fuzz._client.post("/api/tables", json={
            "game": game_id, "players": get_game(game_id).example_players(2)}).json
            for game_id in GAMES]

        @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy(generation_mode=mode))
        def one(case: Any) -> None:
            if case.path_parameters and "table_id" in case.path_parameters \
                    and rng.random() < 0.5:
                chosen = rng.choice(tables)
                case.path_parameters["table_id"] = chosen["id"]
                if rng.random() < 0.5:
                    case.headers = {**(case.headers or {}), "X-Host-Token": chosen["host_token"]}
            case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
            tally.tried += 1
            try:
                response = case.call()
            except Exception as error:  # noqa: BLE001  (an exception is a 500 here)
                tally.answers["exception"] += 1
                tally.check(False, f"{where}: {error!r}")
                return
            tally.answers[f"{response.status_code // 100}xx"] += 1
            tally.check(response.status_code < 500, f"{where}: {response.status_code}")
            if mode == schemathesis.GenerationMode.POSITIVE:
                try:
                    case.validate_response(response, excluded_checks=[
                        schemathesis.checks.positive_data_acceptance])
                except Exception as error:  # noqa: BLE001
                    tally.answers["not as documented"] += 1
                    tally.check(False, f"{where}: {str(error).splitlines()[0][:200]}")

        try:
            one()
        except Unsatisfiable:  # no negative case for an operation without input
            pass

    for operation in operations:
        for mode in (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE):
            fuzz_one(operation, mode)
    tally.notes.append(f"{len(operations)} operations, up to {examples} cases each of "
                       "positive and negative data")
    return tally


# ---------------------------------------------------------------------------- main

# Each kind and its size: quick, full.
KINDS: dict[str, tuple[Callable[[int], Tally], int, int]] = {
    "seats": (seat_attacks, 3, 40),
    "secrets": (secret_comparisons, 1, 12),
    "forms": (forged_posts, 1, 5),
    "xss": (xss_pages, 1, 3),
    "fuzz": (schemathesis_cases, 5, 150),
    "sigkill": (sigkills, 3, 30),
    "postgres": (postgres_faults, 2, 12),
    "griefing": (griefing, 40, 500),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="small counts (a minute or two)")
    parser.add_argument("--only", nargs="+", choices=sorted(KINDS), help="these kinds only")
    options = parser.parse_args()
    started = time.monotonic()
    print(f"# Trust probe, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"{'quick' if options.quick else 'full'}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}")
    failed = False
    try:
        for name in options.only or list(KINDS):
            probe, quick, full = KINDS[name]
            began = time.monotonic()
            tally = probe(quick if options.quick else full)
            tally.seconds = time.monotonic() - began
            print(tally.line(), flush=True)
            for note in tally.notes:
                print(f"    {note}")
            for failure in tally.failures:
                print(f"    FAILED: {failure}")
            failed |= bool(tally.failures)
    finally:
        shutil.rmtree(FOLDER, ignore_errors=True)
    print(f"# {time.monotonic() - started:.0f} s; {'FAILURES' if failed else 'all held'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
