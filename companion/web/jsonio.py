"""The app's JSON encoder: orjson where it can encode a document, the standard library where
it cannot.

Every API reply is a JSON document encoded once per version and viewer; with Flask's own
encoder (the standard library's, keys sorted, everything outside ASCII escaped) a round of
scoring spent about a sixth of its time encoding the table it answers with. orjson writes
the same document (keys sorted, compact) as UTF-8 several times faster. It refuses what JSON
cannot hold faithfully (a lone surrogate kept in an old player's name, an integer beyond 64
bits): those documents go through the standard library, which escapes the one and writes the
other, so a reply never fails for how it is encoded.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask.json.provider import DefaultJSONProvider

# Keys sorted as Flask sorts them; dates and dataclasses as Flask writes them (an HTTP date,
# a dict), through its ``default``.
OPTIONS = (orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATETIME
           | orjson.OPT_PASSTHROUGH_DATACLASS)


class FastJSONProvider(DefaultJSONProvider):
    """Flask's provider (``jsonify``, ``request.get_json``) encoding through orjson."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default,
                                option=OPTIONS).decode("utf-8")
        except TypeError:  # orjson.JSONEncodeError is one
            return super().dumps(obj)

    def response(self, *args: Any, **kwargs: Any) -> Any:
        obj = self._prepare_response_obj(args, kwargs)
        return self._app.response_class(self.dumps_bytes(obj), mimetype=self.mimetype)

    def dumps_bytes(self, obj: Any) -> bytes:
        """``obj`` as compact UTF-8 JSON bytes, keys sorted."""
        try:
            return orjson.dumps(obj, default=self.default, option=OPTIONS)
        except TypeError:  # orjson.JSONEncodeError is one
            return super().dumps(obj).encode("utf-8")
