"""Groups: a club's or a family's roster of players, kept on the server and shared by a link.

A group has a name, an owner (the phone that made it: its cookie's random id), the IANA time
zone of that phone, and a roster: each player's name (the rules of a table's player names:
NFC, no invisible or direction character, 40 characters, no two names alike to the eye), a
colour of ``COLOURS`` and a short mark (initials or an emoji). No accounts: the group's
**link** (``/g/<token>``) is a bearer secret, as a table's link is. Any phone holding it sees
and changes the roster and starts tables with it; only the owner renames the group, revokes
the link (a new token; the old link answers 410) or deletes the group (its tables and their
logs stay, without their group).

What other parts of the product read (``companion.db`` models, plain SQL works as well):

- ``groups``: ``id``, ``name``, ``owner``, ``time_zone`` (an IANA name, "Europe/Paris": the
  day a play counts for), ``created_at``, ``updated_at``, ``revision``.
- ``group_players``: ``id``, ``group_id``, ``name``, ``colour``, ``mark``, ``position`` (the
  roster's order, from 0), ``created_at``. A player removed from the roster is deleted, and
  with it the seats it held (``table_players``); the tables keep the name typed then.
- ``tables.group_id``: the group a table was started with, NULL for a table of free names
  (and for every table of a deleted group).
- ``table_players``: ``(table_id, seat) -> group_player_id``, one row per seat that was a
  roster player; ``seat`` is the index in ``tables.players`` (and in the engine's players,
  the standings' ``seat``), from 0. A seat typed as a free name has no row. A rematch keeps
  its table's links.
- ``group_links``: ``token_hash`` (SHA-256 of the link's token), ``group_id``,
  ``created_at``, ``revoked_at``: the server never stores a link, only its hash.

``store.seats_by_table(session, group_id)`` gives ``{table_id: {seat: group_player_id}}`` for
every table of a group; counting plays and wins per roster player is reading each table's
standings (``companion.plays``) through it.
"""

from .store import COLOURS

__all__ = ["COLOURS"]
