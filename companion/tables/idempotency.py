"""Idempotency keys: a client's ``Idempotency-Key`` checked, and bound to who sent the
write and what it does."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..games.base import N_, MalformedInput
from .model import Sender

KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.:")
MAX_KEY = 80


def scoped_key(key: str | None, by: Sender | None, request: tuple[Any, ...]) -> str | None:
    """The key an entry stores for a client's ``Idempotency-Key``: the client's key bound to
    who sent the write and to what it does. A retry (the same request from the same seat or
    host, against the version it first named or a newer one it has read since) finds its
    first reply; the same key from another phone, with another body or on another endpoint
    is a request of its own, checked and applied as such, never answered with somebody
    else's reply."""
    if key is None:
        return None
    sender = "trusted" if by is None else f"{'host' if by.host else 'seat'}:{by.seat}"
    body = json.dumps([sender, *request], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(f"{key}\n{body}".encode()).hexdigest()


def check_idempotency_key(key: Any) -> str | None:
    """An ``Idempotency-Key``: up to 80 letters, digits and ``-_.:``, or None."""
    if key is None or key == "":
        return None
    if not isinstance(key, str) or len(key) > MAX_KEY or not set(key) <= KEY_CHARS:
        raise MalformedInput(N_("the Idempotency-Key must be 1 to 80 letters, digits or "
                                "-_.: characters"), code="bad_idempotency_key")
    return key
