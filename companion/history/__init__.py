"""History: what a table's log says once the game is played, and what many tables add up to.

- ``dates``: the log's moments (UTC) in a time zone, as ISO 8601 with their offset, and
  BG Stats' own date format;
- ``clock``: a table's game clock (when it started, when it ended, each round's length),
  derived from its log;
- ``summary``: one play summed up from its log (the clock, the ranking, the start player),
  and ``store``: those summaries kept beside the logs, rebuilt whenever a log moved on, so
  a thousand tables are read in one query;
- ``exports``: plays as CSV and JSON with local dates;
- ``bgstats``: a play in BG Stats' documented ``createPlay`` format, and its link;
- ``stats``: a group's figures (plays per game, wins, last games, longest and shortest).

Nothing here imports Flask: the web layer (``companion/web/after.py``,
``companion/web/history.py``) translates and renders.
"""
