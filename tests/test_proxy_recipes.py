"""The hall recipe of docs/hall.md, run: its nginx and its Caddy lines, taken from it as
written, in front of two ``companion serve`` processes sharing one PostgreSQL.

Only what a test machine cannot have is changed: the two app hosts (10.0.0.11:8000 and
10.0.0.12:8000) become two local ports, nginx's Let's Encrypt certificate a self-signed
one made for the run, Caddy's site ``hall.example`` (whose certificate it would fetch) a
plain-HTTP local address, and each server gets the few lines a whole configuration file
needs around the recipe (its own folder for logs and temporary files). Through each
proxy a phone holds a table's event stream while writes go through the same proxy (spread
over both processes): each write reaches the held stream, so the proxy passes events as
they come rather than when the stream ends. ``tests/run.sh`` installs Debian's nginx and
caddy when they are missing.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO_ROOT, _free_port
from test_live import DRAW, PLAYERS, WAIT_S, HeldStream, Server, start_two, stop_all

README = (REPO_ROOT / "docs" / "hall.md").read_text(encoding="utf-8")
HOSTS = ("10.0.0.11:8000", "10.0.0.12:8000")


def recipe(language: str) -> str:
    """The README's one fenced block in ``language``."""
    found = re.findall(rf"```{language}\n(.*?)```", README, re.DOTALL)
    assert len(found) == 1, f"the README has {len(found)} {language} blocks"
    return str(found[0])


def upstreams(text: str, servers: tuple[Server, Server]) -> str:
    for host, server in zip(HOSTS, servers, strict=True):
        assert host in text, f"the recipe no longer names {host}"
        text = text.replace(host, f"127.0.0.1:{server.port}")
    return text


class Proxy:
    """A reverse proxy process in front of the two servers, on ``port``."""

    def __init__(self, command: list[str], folder: Path, port: int, tls: bool) -> None:
        self.port, self.tls = port, tls
        env = dict(os.environ, HOME=str(folder), XDG_CONFIG_HOME=str(folder / "config"),
                   XDG_DATA_HOME=str(folder / "data"))
        self.log = folder / "proxy.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, cwd=folder, env=env, stdout=log,
                                            stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.request("GET", "/api/games")[0] == 200:
                    return
            except OSError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"{command[0]} did not start:\n{self.log.read_text()}")
            time.sleep(0.1)

    def connect(self) -> http.client.HTTPConnection:
        if self.tls:
            context = ssl.create_default_context()
            context.check_hostname = False
            context.verify_mode = ssl.CERT_NONE  # the run's own self-signed certificate
            return http.client.HTTPSConnection("127.0.0.1", self.port, timeout=WAIT_S,
                                               context=context)
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT_S)

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        conn = self.connect()
        try:
            conn.request(method, path, body=None if body is None else json.dumps(body),
                         headers={"Host": "hall.example", "Content-Type": "application/json",
                                  **(headers or {})})
            response = conn.getresponse()
            data = response.read()
        finally:
            conn.close()
        return response.status, json.loads(data) if data else None

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def play_through(proxy: Proxy) -> None:
    """A table made, a seat taken and four writes, all through the proxy, while a phone
    holds the table's stream through it: every write reaches the stream."""
    status, made = proxy.request("POST", "/api/tables",
                                 {"game": "casse-toi-pov-con", "players": PLAYERS})
    assert status == 201, made
    table_id, host = made["id"], made["host_token"]
    stream = HeldStream(proxy.connect(), f"/api/tables/{table_id}/events?v=0&s=0",
                        {"Host": "hall.example"})
    try:
        status, seat = proxy.request("POST", f"/api/tables/{table_id}/seats/0",
                                     headers={"X-Host-Token": host})
        assert status == 201, seat
        for version in range(1, 5):
            status, body = proxy.request(
                "POST", f"/api/tables/{table_id}/actions",
                {"expected_version": version - 1, "action": DRAW},
                headers={"X-Seat-Token": seat["token"]})
            assert status == 200 and body["version"] == version, body
            assert stream.wait_for(version)["id"] == f"{version}.1"
    finally:
        stream.close()


@pytest.fixture(scope="module")
def two_servers(postgres_url: str, tmp_path_factory: pytest.TempPathFactory
                ) -> Iterator[tuple[Server, Server]]:
    """Two servers over one PostgreSQL database, shared by the module's proxies (each test
    makes its own table)."""
    # as the recipe sets it; the recipe's public address makes its name trusted, which the
    # servers here (without a public address) are told by name
    settings = {"COMPANION_TRUST_PROXY": "1", "COMPANION_TRUSTED_HOSTS": "hall.example"}
    one, two = start_two(postgres_url, tmp_path_factory.mktemp("servers"), **settings)
    try:
        yield one, two
    finally:
        stop_all(one, two)


def needs(command: str) -> str:
    """The program's path (nginx lives in /usr/sbin, outside a user's PATH)."""
    found = shutil.which(command) or shutil.which(command, path="/usr/sbin:/usr/bin")
    if found is None:
        pytest.fail(f"{command} is not installed: tests/run.sh installs it")
    return found


def test_the_readme_nginx_lines_pass_event_streams(two_servers: tuple[Server, Server],
                                                   tmp_path: Path) -> None:
    nginx = needs("nginx")
    folder = tmp_path / "nginx"
    folder.mkdir()
    folder.chmod(0o755)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=hall.example", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    port = _free_port()
    site = upstreams(recipe("nginx"), two_servers)
    for line in ("listen 443 ssl;",
                 "ssl_certificate     /etc/letsencrypt/live/hall.example/fullchain.pem;",
                 "ssl_certificate_key /etc/letsencrypt/live/hall.example/privkey.pem;"):
        assert line in site, f"the recipe no longer says {line!r}"
    site = (site.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
            .replace("/etc/letsencrypt/live/hall.example/fullchain.pem", str(cert))
            .replace("/etc/letsencrypt/live/hall.example/privkey.pem", str(key)))
    temp = "\n".join(f"    {kind}_temp_path {folder / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""
    conf = folder / "nginx.conf"
    conf.write_text(
        f"{user}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
        f"error_log {folder / 'error.log'};\nevents {{ worker_connections 256; }}\n"
        f"http {{\n    access_log off;\n{temp}\n{site}\n}}\n", encoding="utf-8")
    check = subprocess.run([nginx, "-t", "-c", str(conf), "-p", str(folder)],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    proxy = Proxy([nginx, "-c", str(conf), "-p", str(folder)], folder, port, tls=True)
    try:
        play_through(proxy)
    finally:
        proxy.stop()


def test_the_readme_caddy_lines_pass_event_streams(two_servers: tuple[Server, Server],
                                                   tmp_path: Path) -> None:
    caddy = needs("caddy")
    folder = tmp_path / "caddy"
    folder.mkdir()
    port = _free_port()
    site = upstreams(recipe("caddy"), two_servers)
    assert site.startswith("hall.example {"), site
    site = site.replace("hall.example {", f"http://hall.example:{port} {{", 1)
    conf = folder / "Caddyfile"
    # No admin endpoint (it would listen on a fixed port of its own), and a short wait for
    # open connections when the test stops it.
    conf.write_text("{\n    admin off\n    grace_period 1s\n}\n" + site, encoding="utf-8")
    proxy = Proxy([caddy, "run", "--config", str(conf), "--adapter", "caddyfile"], folder,
                  port, tls=False)
    try:
        play_through(proxy)
    finally:
        proxy.stop()
