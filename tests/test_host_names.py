"""The Host header: the server answers to its addresses, localhost, local network names and
the names it is told (COMPANION_PUBLIC_URL's, COMPANION_TRUSTED_HOSTS); any other name (a
DNS-rebinding name, a forged header) gets 400 and never lands in a join link or QR code."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from companion import create_app

PLAYERS = [{"name": "Ann", "party": "blue"}, {"name": "Bob", "party": "pink"}]


def app_with(tmp_path: Path, **config: object):  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True, "SECRET_KEY": "test", "RATE_LIMIT": 100_000,
                       "DATABASE_URL": f"sqlite:///{tmp_path / 'h.sqlite'}", **config})


@pytest.mark.parametrize("host", ["192.168.1.20:8000", "[fe80::1]:8000", "10.0.0.5",
                                  "localhost:8000", "companion.local", "Companion.Local.",
                                  socket.gethostname()])
def test_the_servers_own_names_are_answered(tmp_path: Path, host: str) -> None:
    client = app_with(tmp_path).test_client()
    assert client.get("/", headers={"Host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "rebind.attacker.test:8000",
                                  "192.168.1.20.evil.example"])
def test_another_name_is_refused_and_never_written_in_a_link(tmp_path: Path,
                                                             host: str) -> None:
    client = app_with(tmp_path).test_client()
    made = client.post("/api/tables", json={"game": "casse-toi-pov-con", "players": PLAYERS})
    page = client.get(f"/t/{made.get_json()['id']}", headers={"Host": host})
    assert page.status_code == 400
    assert host.split(":")[0] not in page.get_data(as_text=True).replace(
        f"name {host}", "")
    assert "COMPANION_TRUSTED_HOSTS" in page.get_data(as_text=True)


def test_named_hosts_are_answered(tmp_path: Path) -> None:
    client = app_with(tmp_path, PUBLIC_URL="https://club.example",
                      TRUSTED_HOST_NAMES="games.example, other.example").test_client()
    for host in ("club.example", "games.example:8443", "other.example"):
        assert client.get("/", headers={"Host": host}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
