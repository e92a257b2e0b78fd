"""The table companion: phones keep the tracks and scores of a real board game."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask

from .__about__ import __version__

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Config comes from the environment with safe defaults."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder="static",
    )
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("SECRET_KEY") or _instance_secret(instance),
        DATABASE_URL=database_url(instance),
        POLL_INTERVAL_MS=int(os.environ.get("COMPANION_POLL_MS", "400")),
        PUBLIC_URL=os.environ.get("COMPANION_PUBLIC_URL"),
        MAX_CONTENT_LENGTH=256 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 30,
        RATE_LIMIT=int(os.environ.get("COMPANION_RATE_LIMIT", "30")),
    )
    if test_config:
        app.config.update(test_config)

    from . import db, i18n
    from .web import register_blueprints

    db.init_app(app)
    i18n.init_app(app)
    register_blueprints(app)
    from .web.limits import RateLimited, too_many

    app.register_error_handler(RateLimited, too_many)
    app.jinja_env.globals["app_version"] = __version__
    # Every POST form of every page starts with {{ csrf_field() }} (its CSRF token).
    from markupsafe import Markup

    app.jinja_env.globals.setdefault("csrf_field", lambda: Markup(""))
    return app


def database_url(instance: Path | None = None) -> str:
    """DATABASE_URL, else the SQLite file in the instance folder."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    if instance is None:
        instance = Path(Flask(__name__, instance_relative_config=True).instance_path)
        instance.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{instance / 'companion.sqlite'}"


def _instance_secret(instance: Path) -> str:
    """A secret key kept in the instance folder, so sessions survive a restart."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
