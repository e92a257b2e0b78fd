"""The shared screen's redraw, in headless Chromium over HTTP: two trees side by side.

Each tree (``--before``, a commit: the screen as it was; ``--after``, default HEAD) is
exported with ``git archive`` into a temporary folder and served by its own
``python -m companion serve`` on loopback, over a fresh SQLite database. For each game, with
the most players it allows: a table is made through the API, every seat taken (no join
code), and three screens follow it: the shared screen at 1920 x 1080 and at 1280 x 720, and
a spectator's phone (``/watch/<token>``, 360 x 740) for comparison. Then ``--actions``
seeded random legal actions are played through the API one at a time (the same ones on both
trees), each waited for on every screen before the next.

Measured on each screen, for every action:

- **redraw**: from the moment the changed fragment's text is in the page's hands (its
  fetch's body read) to the end of the layout that follows it: the page's script patches
  and draws the fragment, the game's and the screen's own scripts run on "table:render",
  then the layout (forced in the next task). This is what a redraw costs the TV's CPU.
- **to screen**: from the write's acknowledgement (the API's answer read by the client) to
  the screen holding the new version (the push, the fetch, the redraw).

Reported per game and screen: median and 90th percentile of both, before and after, and
the after/before ratio of the medians. Chromium is Debian's (``/usr/bin/chromium``).

    python bench/bench_tv.py --before 926427b            # after: HEAD
    python bench/bench_tv.py --before 926427b --actions 40 --games election-usa
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games import GAMES, get_game  # noqa: E402
from companion.games.base import GameError  # noqa: E402
from companion.tables import owner_of  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SEEDS = {"edgar-et-lucien": {"seed": 3}, "mourir-pour-le-rock": {"seed": 3},
         "storm-candidate": {"seed": 3}}
SCREENS = {"TV 1920x1080": {"width": 1920, "height": 1080},
           "TV 1280x720": {"width": 1280, "height": 720},
           "phone (spectator)": {"width": 360, "height": 740}}

# Installed in every page before its own scripts: the redraw timer (around the live fetch's
# body) and the moment each version reaches the screen.
PROBE = """(() => {
  window.__redraws = [];
  window.__shown = {};
  const fetch0 = window.fetch;
  window.fetch = function (input) {
    const url = typeof input === 'string' ? input : input.url;
    const answer = fetch0.apply(this, arguments);
    if (!/\\/live\\?/.test(url)) return answer;
    return answer.then((response) => {
      const text = response.text.bind(response);
      response.text = () => text().then((body) => {
        if (body) {
          const start = performance.now();
          setTimeout(() => {
            void document.body.offsetHeight;  // the layout, if the redraw left it pending
            window.__redraws.push(performance.now() - start);
          }, 0);
        }
        return body;
      });
      return response;
    });
  };
  const watch = () => {
    const table = document.getElementById('table');
    if (!table) return setTimeout(watch, 10);
    new MutationObserver(() => {
      const v = table.dataset.version;
      if (!(v in window.__shown)) window.__shown[v] = Date.now();
    }).observe(table, {attributes: true, attributeFilter: ['data-version']});
  };
  watch();
})();"""


@dataclass
class Server:
    tree: Path
    url: str
    process: subprocess.Popen[bytes]
    folder: Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def export(rev: str, into: Path) -> Path:
    """The tree of ``rev`` (a commit) as files in ``into``."""
    into.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def serve(tree: Path, folder: Path) -> Server:
    port = free_port()
    env = dict(os.environ, DATABASE_URL=f"sqlite:///{folder / 'db.sqlite'}",
               SECRET_KEY="bench-only", PYTHONUNBUFFERED="1", PYTHONPATH=str(tree),
               COMPANION_ACCEPT_SEEDS="1")  # the same dice on both trees
    env.pop("COMPANION_PUBLIC_URL", None)
    log = (folder / "server.log").open("wb")
    process = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--host",
                                "127.0.0.1", "--port", str(port)], cwd=tree, env=env,
                               stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/api/games", timeout=1)
            return Server(tree, url, process, folder)
        except urllib.error.HTTPError:
            return Server(tree, url, process, folder)
        except OSError:
            if process.poll() is not None:
                break
            time.sleep(0.1)
    raise SystemExit(f"the server of {tree} did not start: see {folder / 'server.log'}")


def call(server: Server, method: str, path: str, body: Any = None,
         headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        server.url + path, data=None if body is None else json.dumps(body).encode(),
        method=method, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=20) as response:
        raw = response.read()
        return json.loads(raw) if raw else None


@dataclass
class Table:
    server: Server
    game_id: str
    id: str
    host: str
    state: Any
    version: int = 0
    tokens: dict[int, str] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)

    def take_seats(self, count: int) -> None:
        for seat in range(count):
            self.tokens[seat] = call(self.server, "POST", f"/api/tables/{self.id}/seats/{seat}",
                                     headers={"X-Host-Token": self.host})["token"]
        self.version = int(call(self.server, "GET",
                                f"/api/tables/{self.id}/version")["version"])

    def play(self, rng: random.Random) -> float | None:
        """One random legal action sent; the time its answer was read (None: game over)."""
        game = get_game(self.game_id)
        if game.outcome(self.state) is not None:
            return None
        for _ in range(300):
            action = game.random_action(self.state, rng)
            try:
                after = game.apply(self.state, action)
            except GameError:
                continue
            owner = owner_of(game, self.state, action)
            headers = ({"X-Seat-Token": self.tokens[owner]} if isinstance(owner, int)
                       else {"X-Host-Token": self.host})
            try:
                written = call(self.server, "POST", f"/api/tables/{self.id}/actions",
                               {"expected_version": self.version, "action": action}, headers)
            except urllib.error.HTTPError as refused:
                # This tree's rules refuse what the local ones allow: the table is unchanged,
                # another action is tried.
                self.refused.append(f"{refused.code} {refused.read()[:160]!r}")
                continue
            acknowledged = time.time()
            self.version = int(written["version"])
            sealed = getattr(game, "sealed", None)
            opened = sealed(after) if sealed else None
            if action.get("type") == "seal" and opened is not None and opened.complete:
                after = game.apply(after, {"type": "reveal"})
            self.state = after
            return acknowledged
        print(f"{self.game_id}: no action accepted; last refusals: {self.refused[-3:]}",
              file=sys.stderr)
        return None


def new_table(server: Server, game_id: str) -> Table:
    game = get_game(game_id)
    players = game.example_players(game.MAX_PLAYERS)
    options = SEEDS.get(game_id, {})
    made = call(server, "POST", "/api/tables",
                {"game": game_id, "players": players, "options": options})
    return Table(server, game_id, made["id"], made["host_token"], game.setup(players, options))


def watch_token(server: Server, table: Table) -> str:
    with urllib.request.urlopen(f"{server.url}/t/{table.id}", timeout=20) as response:
        page = response.read().decode()
    start = page.index('href="/tv/') + len('href="/tv/')
    return page[start:page.index('"', start)]


def measure(browser: Any, server: Server, game_id: str, actions: int,
            seed: int) -> dict[str, dict[str, list[float]]]:
    table = new_table(server, game_id)
    table.take_seats(get_game(game_id).MAX_PLAYERS)
    token = watch_token(server, table)
    pages = {}
    for name, viewport in SCREENS.items():
        context = browser.new_context(viewport=viewport, device_scale_factor=1,
                                      is_mobile=name.startswith("phone"), locale="en-GB")
        context.add_init_script(PROBE)
        page = context.new_page()
        path = f"/watch/{token}" if name.startswith("phone") else f"/tv/{token}"
        page.goto(server.url + path)
        page.wait_for_function("() => document.getElementById('table').dataset.live === "
                               "'stream'", timeout=20000)
        pages[name] = page
    rng = random.Random(seed)
    acks: dict[int, float] = {}
    for _ in range(actions):
        acknowledged = table.play(rng)
        if acknowledged is None:
            break
        acks[table.version] = acknowledged
        for page in pages.values():
            page.wait_for_function(
                "(v) => Number(document.getElementById('table').dataset.version) >= v",
                arg=table.version, timeout=20000)
    if table.refused:
        print(f"{game_id} on {server.tree.parent.name}: {len(table.refused)} actions refused,"
              f" e.g. {table.refused[0]}", file=sys.stderr)
    time.sleep(0.3)  # the last redraw's timer
    out: dict[str, dict[str, list[float]]] = {}
    for name, page in pages.items():
        shown = page.evaluate("window.__shown")
        out[name] = {
            "redraw": [float(ms) for ms in page.evaluate("window.__redraws")],
            "to screen": [(shown[str(v)] / 1000 - at) * 1000 for v, at in acks.items()
                          if str(v) in shown],
        }
        page.context.close()
    return out


def spread(values: list[float]) -> tuple[float, float]:
    if not values:
        return float("nan"), float("nan")
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]


def machine() -> str:
    model = platform.processor() or ""
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except OSError:
        pass
    chromium = subprocess.run([CHROMIUM, "--version"], capture_output=True,
                              text=True).stdout.strip()
    return (f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{chromium}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--before", required=True, help="the commit before (a rev)")
    parser.add_argument("--after", default="HEAD", help="the commit after (default HEAD)")
    parser.add_argument("--actions", type=int, default=60, help="actions per game")
    parser.add_argument("--games", default=",".join(GAMES), help="game ids, comma-separated")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="bench-tv-"))
    servers: dict[str, Server] = {}
    try:
        for label, rev in (("before", args.before), ("after", args.after)):
            tree = export(rev, work / label / "tree")
            servers[label] = serve(tree, work / label)
        results: dict[tuple[str, str, str], dict[str, list[float]]] = {}
        started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            for game_id in args.games.split(","):
                for label in ("before", "after"):  # side by side, game by game
                    for screen, values in measure(browser, servers[label], game_id,
                                                  args.actions, args.seed).items():
                        results[(game_id, screen, label)] = values
                    print(f"{game_id} {label}: done", file=sys.stderr)
            browser.close()
        print(f"{started}; {machine()}; before {args.before}, after {args.after}; "
              f"{args.actions} actions a game.\n")
        print("| game | screen | redraw before (median / p90 ms) | redraw after | ratio | "
              "to screen before (median / p90 ms) | to screen after | ratio |")
        print("|---|---|---|---|---|---|---|---|")
        for game_id in args.games.split(","):
            for screen in SCREENS:
                before = results[(game_id, screen, "before")]
                after = results[(game_id, screen, "after")]
                cells = []
                for kind in ("redraw", "to screen"):
                    (b50, b90), (a50, a90) = spread(before[kind]), spread(after[kind])
                    cells += [f"{b50:.0f} / {b90:.0f}", f"{a50:.0f} / {a90:.0f}",
                              f"{a50 / b50:.2f}" if b50 else "-"]
                print(f"| {game_id} | {screen} | " + " | ".join(cells) + " |")
    finally:
        for server in servers.values():
            server.process.terminate()
            try:
                server.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.process.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
