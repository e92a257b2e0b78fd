"""``companion serve`` announces companion.local on the local network (best effort)."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable
from typing import Any

import pytest

from companion.cli import _lan_address, build_parser
from companion.mdns import SERVICE_NAME, SERVICE_TYPE, announce


def _in_a_thread_of_its_own(call: Callable[[], Any]) -> Any:
    """What ``call`` returns, called in a new thread: zeroconf runs on the asyncio loop
    already running in its thread, if any, and a pytest worker that ran a browser test has
    Playwright's loop running (paused while the test runs), so zeroconf waited 10 s for it
    and gave up. ``companion serve`` announces from a thread with no loop, as here."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(call).result()


def test_the_server_name_resolves_on_the_local_network() -> None:
    zeroconf = pytest.importorskip("zeroconf")
    address = _lan_address()
    if address.startswith("127."):
        pytest.skip("no local network on this machine")
    zc, line = _in_a_thread_of_its_own(
        lambda: announce(address, 8123, host_name="companion-test"))
    if zc is None:
        pytest.skip(f"multicast unavailable here: {line}")
    try:
        assert line == "announced on the local network as http://companion-test.local:8123/"
        _in_a_thread_of_its_own(lambda: resolve(zeroconf, address))
    finally:
        zc.close()


def resolve(zeroconf: Any, address: str) -> None:
    """Another zeroconf on the network finds the service and the name at ``address``."""
    browser = zeroconf.Zeroconf(interfaces=[address])
    try:
        info = browser.get_service_info(SERVICE_TYPE, f"{SERVICE_NAME}.{SERVICE_TYPE}",
                                        timeout=3000)
        assert info is not None
        assert info.server == "companion-test.local."
        assert info.port == 8123 and info.parsed_addresses() == [address]
        host = zeroconf.AddressResolverIPv4("companion-test.local.")
        assert host.request(browser, 3000)
        assert host.parsed_addresses() == [address]
    finally:
        browser.close()


def test_announcing_is_never_fatal() -> None:
    zc, line = announce("127.0.0.1", 8000)
    assert zc is None and "not announced" in line
    zc, line = announce("not an address", 8000)
    assert zc is None and "not announced" in line


def test_serve_can_stay_silent() -> None:
    assert build_parser().parse_args(["serve"]).mdns is True
    assert build_parser().parse_args(["serve", "--no-mdns"]).mdns is False
