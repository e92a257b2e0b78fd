"""A group's decks: their copy of a game (edition values and card lists) kept on the server.

- ``content``: what a deck holds and the checks it passes (the game's schema, then the
  engine's own setup), each problem naming the card and the field;
- ``files``: a deck as one TOML file (export, import with the line of a problem);
- ``store``: decks in the database: whose they are, listed, changed from a page's revision.
"""
