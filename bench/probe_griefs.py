"""Issue 25's reproductions for the trust probe (``bench/probe_trust.py``): each the attack
a griefer, a neighbour on the Wi-Fi or bad luck made, and how the server answers it now."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from probe_common import CASSE, FOLDER, ROOT, Tally, http_call, new_app

from companion import create_app
from companion.games import get_game


def _casse_table(app: Any, client: Any | None = None) -> dict[str, Any]:
    made = (client or app.test_client()).post("/api/tables", json={
        "game": "casse-toi-pov-con", "players": CASSE})
    return dict(made.get_json())


def g01_seat_flood(scale: int) -> tuple[str, str, bool]:
    app = new_app()
    host = app.test_client()  # the host's phone: the table made on its new-table page
    made = host.post("/new/casse-toi-pov-con", data={
        "player.name": [p["name"] for p in CASSE], "player.party": [p["party"] for p in CASSE]})
    table = {"id": made.headers["Location"].rsplit("/", 1)[1]}
    for seat in range(4):  # every seat held by its phone
        app.test_client().post(f"/t/{table['id']}/claim", data={"seat": str(seat)})
    answers: Counter[int] = Counter()
    for n in range(scale):
        phone = app.test_client()
        address = f"10.{n // 250}.{n % 250}.1"
        phone.get(f"/t/{table['id']}", environ_base={"REMOTE_ADDR": address})
        answers[phone.post(f"/t/{table['id']}/claim", data={"seat": str(n % 4)},
                           environ_base={"REMOTE_ADDR": address}).status_code] += 1
    page = host.get(f"/t/{table['id']}").get_data(as_text=True)
    cards = page.count("Hand it over")
    return (f"{scale} cookie-less phones each ask for one of the 4 held seats",
            f"{answers[302]} asked, {answers[429]} answered 429; host's page {len(page) // 1024}"
            f" KB with {cards} request cards and 'Refuse all'",
            answers[302] <= 6 and cards <= 6 and "Refuse all" in page)


def g02_watch_to_tv(_scale: int) -> tuple[str, str, bool]:
    app = new_app()
    table = _casse_table(app)
    spectator = app.test_client()
    with app.app_context():
        from companion.web.common import service
        watch = str(service().get(table["id"]).watch_token)
    page = spectator.get(f"/watch/{watch}").get_data(as_text=True)
    link = re.search(r'<a [^>]*href="([^"]+)"[^>]*data-tv-link', page)
    tv = spectator.get(link.group(1).replace("&amp;", "&") if link else f"/tv/{watch}")
    html_ = tv.get_data(as_text=True)
    shown = "data-tv-join" in html_ or table["id"] in html_
    return ("/watch/<token> -> 'Open the shared screen', 4 seats free",
            f"/tv answers {tv.status_code}, join code shown: {shown}, table id in it: "
            f"{table['id'] in html_}", not shown)


def g03_seed(_scale: int) -> tuple[str, str, bool]:
    app = new_app()
    client = app.test_client()
    answers = []
    for game_id in ("mourir-pour-le-rock", "edgar-et-lucien", "storm-candidate"):
        players = get_game(game_id).example_players(3)
        api = client.post("/api/tables", json={"game": game_id, "players": players,
                                                "options": {"seed": 9}})
        form = client.post(f"/new/{game_id}", data={
            "player.name": [p["name"] for p in players],
            "player.colour": [p["colour"] for p in players], "option.seed": "9"})
        answers += [f"{api.status_code} {api.get_json()['error']['code']}", form.status_code]
    return ("options.seed=9 through the API and the form, 3 seeded games",
            f"answers {sorted(set(map(str, answers)))}",
            all(a in ("400 seed_refused", 400) for a in answers))


def g04_one_seat(_scale: int) -> tuple[str, str, bool]:
    app = new_app()
    client = app.test_client()
    table = _casse_table(app)
    token = None
    for seat in range(4):
        answer = client.post(f"/api/tables/{table['id']}/seats/{seat}", anonymous=True,
                             headers={"X-Seat-Token": token} if token else {})
        token = answer.get_json()["token"]
    phone = app.test_client()
    other = _casse_table(app)
    phone.post(f"/t/{other['id']}/claim", data={"seat": "0"})
    phone.post(f"/t/{other['id']}/claim", data={"seat": "2"})
    service = app.extensions["companion_tables"]
    api_held, page_held = service.claimed_seats(table["id"]), service.claimed_seats(other["id"])
    return ("one API client claims the 4 seats in turn; a phone taps seat 0 then seat 2",
            f"seats held: API {sorted(api_held)}, page {sorted(page_held)}",
            len(api_held) == 1 and page_held == {2})


def g05_names(_scale: int) -> tuple[str, str, bool]:
    app = new_app()
    client = app.test_client()
    pairs = [("Ann", "Ann"), ("Ann", "ANN"), ("Ann", "\uff21\uff4e\uff4e"),
             ("Ren\u00e9", "Rene\u0301"), ("Bob", "B\u200bob"), ("Bob", "\u202ebob"),
             ("Ann", "An n"), ("\u1100\u1161", "\uac00")]
    codes = []
    for first, second in pairs:
        answer = client.post("/api/tables", json={"game": "storm-candidate", "players": [
            {"name": first, "colour": "red"}, {"name": second, "colour": "blue"}]})
        codes.append(answer.status_code)
    return (f"{len(pairs)} look-alike pairs (case, fullwidth, NFC, zero-width, U+202E, Hangul)",
            f"answers {dict(Counter(codes))}", set(codes) == {400})


def g06_locked_sqlite(_scale: int) -> tuple[str, str, bool]:
    from test_live import Server
    from test_locked_sqlite import call

    database = FOLDER / "locked.sqlite"
    server = Server(f"sqlite:///{database}", FOLDER, "locked", COMPANION_BUSY_TIMEOUT_MS="5000")
    try:
        made = json.loads(call(server, "POST", "/api/tables", {"game": "casse-toi-pov-con",
                                                                "players": CASSE})[1])
        other = json.loads(call(server, "POST", "/api/tables", {
            "game": "casse-toi-pov-con", "players": CASSE})[1])["id"]
        holder = subprocess.Popen(
            [sys.executable, "-c", "import sqlite3, time\n"
             f"c = sqlite3.connect({str(database)!r}, isolation_level=None)\n"
             "c.execute('BEGIN IMMEDIATE')\nprint('held', flush=True)\ntime.sleep(12)\n"],
            stdout=subprocess.PIPE, text=True)
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        result: dict[str, Any] = {}

        def write() -> None:
            started = time.monotonic()
            result["write"] = call(server, "POST", f"/api/tables/{made['id']}/actions", {
                "expected_version": 0, "action": {"type": "draw", "seat": 0, "stress": 1,
                                                  "stars": 0, "corner": None}},
                {"X-Host-Token": made["host_token"]})
            result["write_s"] = time.monotonic() - started

        writer = threading.Thread(target=write)
        writer.start()
        time.sleep(0.5)
        times = {}
        for path in ("/ping", f"/api/tables/{other}", "/rules/casse-toi-pov-con"):
            started = time.monotonic()
            status = call(server, "GET", path)[0]
            times[path.replace(other, "<other>")] = (status, time.monotonic() - started)
        writer.join(60)
        holder.wait(30)
    finally:
        server.stop()
    status, _body, headers = result["write"]
    slowest = max(t for _s, t in times.values())
    return ("another process holds BEGIN IMMEDIATE 12 s; a write waits; /ping, another "
            "table, a rules page asked meanwhile (gevent worker)",
            f"write {status} Retry-After {headers.get('Retry-After')} after "
            f"{result['write_s']:.1f} s; the others answered in "
            + ", ".join(f"{p} {s} {t * 1000:.0f} ms" for p, (s, t) in times.items()),
            status == 503 and bool(headers.get("Retry-After")) and slowest < 1.0
            and all(s in (200, 204) for s, _t in times.values()))


def g07_pdf_flood(scale: int) -> tuple[str, str, bool]:
    import statistics

    from test_live import Server

    scale = max(4, scale // 10)
    server = Server(f"sqlite:///{FOLDER / 'flood.sqlite'}", FOLDER, "flood")
    try:
        other = http_call(server.port, "POST", "/api/tables", {"game": "casse-toi-pov-con",
                                                            "players": CASSE}, {})[1]["id"]

        def read_times(seconds: float) -> list[float]:
            times, end = [], time.monotonic() + seconds
            while time.monotonic() < end:
                started = time.monotonic()
                http_call(server.port, "GET", f"/t/{other}/live?v=0&s=0", None, {})
                times.append(time.monotonic() - started)
                time.sleep(0.2)
            return times

        idle = read_times(5)
        statuses: Counter[int] = Counter()
        pending = list(range(scale))
        lock = threading.Lock()

        def flood() -> None:
            while True:
                with lock:
                    if not pending:
                        return
                    n = pending.pop()
                statuses[http_call(server.port, "GET", f"/print/edgar-et-lucien/kit.pdf?"
                               f"offset_x={0.1 + n / 1000:.3f}", None, {})[0]] += 1

        floods = [threading.Thread(target=flood) for _ in range(8)]
        for thread in floods:
            thread.start()
        busy: list[float] = []
        while any(t.is_alive() for t in floods):
            busy += read_times(1)
        for thread in floods:
            thread.join()
    finally:
        server.stop()
    ratio = statistics.median(busy) / statistics.median(idle)
    return (f"{scale} uncached Edgar & Lucien kits, offset_x different each, 8 at a time",
            f"builds answered {dict(sorted(statuses.items()))}; another table's reads median "
            f"{statistics.median(idle) * 1000:.0f} ms idle, {statistics.median(busy) * 1000:.0f}"
            f" ms during ({ratio:.1f}x), slowest {max(busy) * 1000:.0f} ms",
            statuses[500] == 0 and ratio < 3)


def g08_shared_limiter(_scale: int) -> tuple[str, str, bool]:
    url = f"sqlite:///{FOLDER / 'limits.sqlite'}"
    one, two = (create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "l",
                            "RATE_LIMIT": 30}) for _ in range(2))
    new = {"game": "casse-toi-pov-con", "players": CASSE[:2]}
    answers: Counter[int] = Counter()
    for n in range(60):
        app = (one, two)[n % 2]
        answers[app.test_client().post("/api/tables", json=new, environ_base={
            "REMOTE_ADDR": f"127.0.0.{n % 10 + 1}"}).status_code] += 1
    return ("60 tables a minute from 10 loopback addresses through 2 app processes, limit 30",
            f"answers {dict(sorted(answers.items()))}", answers[201] == 30)


def g09_open_redirect(_scale: int) -> tuple[str, str, bool]:
    client = new_app().test_client()
    targets = ["/%09/evil.example", "/%0A/evil.example", "//evil.example", "/\\evil.example",
               "/%5Cevil.example", "https://evil.example/", "/%0D%0ALocation:%20http://e",
               "javascript:alert(1)"]
    places = Counter()
    for switch in ("/theme/dark", "/language/fr"):
        for target in targets:
            answer = client.get(f"{switch}?next={target}")
            places[f"{answer.status_code} {answer.headers.get('Location')}"] += 1
    return (f"{len(targets)} crafted next= on the theme and language switches",
            f"answers {dict(places)}", set(places) == {"302 /"})


def g10_forged_host(_scale: int) -> tuple[str, str, bool]:
    app = new_app()
    table = _casse_table(app)
    client = app.test_client()
    answers = {}
    for host in ("evil.example", "rebind.attacker.test:8000", "192.168.1.20.evil.example"):
        page = client.get(f"/t/{table['id']}", headers={"Host": host})
        text = page.get_data(as_text=True).replace(f"name {host}", "")
        answers[host] = (page.status_code, host.split(":")[0] in text)
    ok = client.get(f"/t/{table['id']}", headers={"Host": "192.168.1.20:8000"}).status_code
    return ("3 forged Host headers on a table page",
            f"answers {sorted({s for s, _ in answers.values()})}, in a link: "
            f"{any(w for _, w in answers.values())}; a LAN address still answers {ok}",
            all(s == 400 and not w for s, w in answers.values()) and ok == 200)


def g12_read_only(_scale: int) -> tuple[str, str, bool]:
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-q",
                           "-p", "no:cacheprovider", "tests/test_read_only_sqlite.py"],
                          cwd=ROOT, capture_output=True, text=True)
    last = (done.stdout.strip().splitlines() or ["?"])[-1]
    return ("a server over a read-only SQLite file, made writable again; started without "
            "-wal/-shm", f"tests/test_read_only_sqlite.py: {last}", done.returncode == 0)


def g13_toml(_scale: int) -> tuple[str, str, bool]:
    client = new_app().test_client()
    texts = ['[[card]]\nkind = "policy"\nname = 1979-05-27T07:32:00Z\n',
             "[[card]]\nx = " + "[" * 5000 + "]" * 5000 + "\n",
             "[[card]]\nx = " + "{a = " * 500 + "1" + "}" * 500 + "\n"]
    answers = []
    for text in texts:
        answer = client.post("/new/election-usa", data={
            "player.name": ["Ann", "Bob", "Cy"], "player.colour": ["red", "blue", "green"],
            "option.action_deck": text})
        answers.append((answer.status_code, 'value="Ann"' in answer.get_data(as_text=True)))
    return ("Election card lists: a TOML datetime name, 5,000 nested arrays, 500 nested tables",
            f"answers {[s for s, _ in answers]}, form kept: {all(k for _, k in answers)}",
            all(s == 400 and k for s, k in answers))


GRIEFS: dict[str, Callable[[int], tuple[str, str, bool]]] = {
    "1 seat requests flood": g01_seat_flood, "2 spectator link to the TV": g02_watch_to_tv,
    "3 chosen seed": g03_seed, "4 one client, several seats": g04_one_seat,
    "5 look-alike names": g05_names, "6 locked SQLite": g06_locked_sqlite,
    "7 PDF flood": g07_pdf_flood, "8 limits across processes": g08_shared_limiter,
    "9 open redirect": g09_open_redirect, "10 forged Host": g10_forged_host,
    "12 read-only disk": g12_read_only, "13 odd TOML": g13_toml,
}


def griefing(scale: int) -> Tally:
    """Issue 25's reproductions (11, the PostgreSQL restart, is ``postgres_faults``)."""
    tally = Tally("issue 25 reproductions")
    for name, probe in GRIEFS.items():
        try:
            attack, answer, held = probe(scale)
        except Exception as error:  # noqa: BLE001  (a probe that broke is a failure)
            attack, answer, held = "?", f"probe failed: {error!r}"[:300], False
        tally.tried += 1
        tally.answers["held" if held else "NOT HELD"] += 1
        tally.notes.append(f"{name}: {attack} -> {answer}{'' if held else '  [NOT HELD]'}")
        tally.check(held, name)
    return tally
