"""Announce the companion on the local network by name (mDNS / zeroconf), so printed QR
codes that say ``http://companion.local:8000`` keep opening it when its IP address changes.

Best effort: without the ``zeroconf`` package, without a network, or when the network
refuses multicast, the server runs as before and says so in one line.
"""

from __future__ import annotations

import socket
from typing import Any

HOST_NAME = "companion"
SERVICE_TYPE = "_http._tcp.local."
SERVICE_NAME = "Table companion"


def announce(address: str, port: int, host_name: str = HOST_NAME) -> tuple[Any | None, str]:
    """Announce ``host_name``.local at ``address`` and an HTTP service on ``port``. The
    zeroconf handle (``None`` when nothing was announced; call ``close`` on it at exit)
    and one line for the terminal."""
    if address.startswith("127.") or address in ("localhost", "::1"):
        return None, f"not announced on the local network ({address} is this machine only)"
    try:
        from zeroconf import IPVersion, ServiceInfo, Zeroconf
    except ImportError:
        return None, "not announced on the local network (the zeroconf package is missing)"
    try:
        packed = socket.inet_aton(address)
        info = ServiceInfo(
            SERVICE_TYPE, f"{SERVICE_NAME}.{SERVICE_TYPE}", addresses=[packed], port=port,
            properties={"path": "/"}, server=f"{host_name}.local.",
        )
        zc = Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)
        try:
            zc.register_service(info, allow_name_change=True)
        except Exception:
            zc.close()
            raise
    except Exception as exc:  # noqa: BLE001 - never fatal: the server serves without a name
        return None, f"not announced on the local network ({type(exc).__name__}: {exc})"
    return zc, f"announced on the local network as http://{host_name}.local:{port}/"
