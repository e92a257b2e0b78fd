"""What the service keeps per process: the folded states of the tables it has read, by
version, and each table's fixed data. A service holds them in the attributes declared here
(``TableService.__init__`` sets them)."""

from __future__ import annotations

import threading
from collections import OrderedDict

from .model import Kept, TableMeta


class KeptStates:
    """The per-process cache of folded states (``Kept``) and tables' fixed data."""

    _cache: OrderedDict[tuple[str, int], Kept]
    _cache_size: int
    _latest: dict[str, int]  # the newest version kept, per table
    _metas: OrderedDict[str, TableMeta]
    _meta_size: int
    _catchers: OrderedDict[str, threading.Lock]
    _lock: threading.Lock

    def _catching_up(self, table_id: str) -> threading.Lock:
        """The lock a read holds while it folds a version of the table this process does not
        keep yet (never taken inside a write)."""
        with self._lock:
            found = self._catchers.get(table_id)
            if found is None:
                found = self._catchers[table_id] = threading.Lock()
                while len(self._catchers) > self._meta_size:
                    self._catchers.popitem(last=False)
            return found

    def _cached(self, table_id: str, version: int) -> Kept | None:
        with self._lock:
            kept = self._cache.get((table_id, version))
            if kept is not None:
                self._cache.move_to_end((table_id, version))
            return kept

    def _newest(self, table_id: str, below: int) -> tuple[int, Kept] | None:
        """The newest version of the table this process keeps, if it is older than
        ``below``: the point a read of a newer version catches up from."""
        with self._lock:
            version = self._latest.get(table_id)
            if version is None or version >= below:
                return None
            kept = self._cache.get((table_id, version))
            return (version, kept) if kept is not None else None

    def _remember(self, table_id: str, version: int, kept: Kept) -> None:
        with self._lock:
            self._cache[(table_id, version)] = kept
            if version >= self._latest.get(table_id, -1):
                self._latest[table_id] = version
            while len(self._cache) > self._cache_size:
                (old_id, old_version), _old = self._cache.popitem(last=False)
                if self._latest.get(old_id) == old_version:
                    del self._latest[old_id]

    def forget_kept(self) -> None:
        """Drop everything this process keeps (folded states, tables' fixed data): the next
        reads come from storage, as in a process that just started."""
        with self._lock:
            self._cache.clear()
            self._latest.clear()
            self._metas.clear()

    def _forget(self, table_id: str) -> None:
        """Drop what this process keeps of a table (deleted, or its id taken again).
        Called with the lock held."""
        for cached in [k for k in self._cache if k[0] == table_id]:
            del self._cache[cached]
        self._latest.pop(table_id, None)
        self._metas.pop(table_id, None)
