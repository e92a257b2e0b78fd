"""Blueprints: thin views that parse, call the table service and render."""

from __future__ import annotations

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from . import new_table  # noqa: F401 - the new-table page's routes, on pages_bp
    from .after import after_bp  # also adds the export routes of the API
    from .api import api_bp
    from .decks import decks_bp
    from .groups import groups_bp
    from .guide import guide_bp
    from .live import live_bp
    from .map_labels import label_lines
    from .pages import pages_bp
    from .printing import printing_bp
    from .rules import rules_bp
    from .stats import stats_bp
    from .tv import tv_bp

    app.register_blueprint(pages_bp)
    app.register_blueprint(after_bp)
    app.register_blueprint(decks_bp)
    app.register_blueprint(groups_bp)
    app.register_blueprint(guide_bp)  # each game's phone guide, from docs/games/
    app.register_blueprint(live_bp)  # the event streams of /t/, /watch/ and /api/tables/
    app.register_blueprint(api_bp, url_prefix="/api")
    app.register_blueprint(rules_bp, url_prefix="/rules")
    app.register_blueprint(printing_bp, url_prefix="/print")
    app.register_blueprint(tv_bp)
    app.register_blueprint(stats_bp)  # a group's (or this phone's) stats and whole history
    app.add_template_global(label_lines, "map_label_lines")  # names written in a map's cells
