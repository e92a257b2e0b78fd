"""The table companion: phones keep the tracks and scores of a real board game."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .__about__ import __version__

if TYPE_CHECKING:
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app. Config comes from the environment with safe defaults."""
    from flask import Flask  # here, not at the top: the command line's print and decks
    # commands import this package and need no web code

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
        SESSION_COOKIE_HTTPONLY=True,
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 30,
        RATE_LIMIT=int(os.environ.get("COMPANION_RATE_LIMIT", "30")),
        TRUST_PROXY=os.environ.get("COMPANION_TRUST_PROXY", "") in ("1", "true", "yes"),
        SERVER_THREADS=int(os.environ.get("COMPANION_THREADS", "16")),
        DATABASE_BUSY_TIMEOUT_MS=int(os.environ.get("COMPANION_BUSY_TIMEOUT_MS", "5000")),
        # PDF builds (web/print_builds.py): how many run at once for the whole server, how
        # long a request waits for one, how long one may take, and how many requests one
        # process lets wait or build at a time (companion serve sets it from its server).
        PDF_BUILDS=int(os.environ.get("COMPANION_PDF_BUILDS", "1")),
        PDF_WAIT_S=float(os.environ.get("COMPANION_PDF_WAIT_S", "20")),
        PDF_BUILD_TIMEOUT_S=float(os.environ.get("COMPANION_PDF_TIMEOUT_S", "120")),
        PDF_WAITING=int(os.environ.get("COMPANION_PDF_WAITING", "4")),
        # Tests only: let the API and the new-table form choose a table's seed (its dice and
        # shuffles). Otherwise the server draws every seed and refuses one sent by a phone.
        # Names besides its addresses, localhost and *.local that the server answers to
        # (comma-separated); COMPANION_PUBLIC_URL's host is one of them.
        TRUSTED_HOST_NAMES=os.environ.get("COMPANION_TRUSTED_HOSTS", ""),
        ACCEPT_SEEDS=os.environ.get("COMPANION_ACCEPT_SEEDS", "") in ("1", "true", "yes"),
        # The time zone exports and stats write dates in when a table has no group (an IANA
        # name, "Europe/Paris"); unset: the zone of the machine the server runs on.
        TIME_ZONE=os.environ.get("COMPANION_TIME_ZONE") or None,
    )
    if test_config:
        app.config.update(test_config)

    from . import db, i18n
    from .web import assets, register_blueprints, security, storage
    from .web.responses import TextSafeResponse

    app.response_class = TextSafeResponse
    from .web.jsonio import FastJSONProvider

    app.json = FastJSONProvider(app)
    db.init_app(app)
    i18n.init_app(app)
    register_blueprints(app)
    from .web.limits import RateLimited, too_many

    app.register_error_handler(RateLimited, too_many)
    storage.init_app(app)  # 503 on a locked, read-only or full database; /healthz
    app.jinja_env.globals["app_version"] = __version__
    assets.init_app(app)  # compression; static files cached under a versioned URL
    # Every POST form of every page starts with {{ csrf_field() }} (its CSRF token).
    security.init_app(app)
    return app


def database_url(instance: Path | None = None) -> str:
    """DATABASE_URL, else the SQLite file in the instance folder."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    if instance is None:
        from flask import Flask

        instance = Path(Flask(__name__, instance_relative_config=True).instance_path)
        instance.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{instance / 'companion.sqlite'}"


def _instance_secret(instance: Path) -> str:
    """A secret key kept in the instance folder, so sessions survive a restart; the file is
    created readable by its owner only (never world-readable, not even for an instant)."""
    path = instance / "secret_key"
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(fd, "w") as file:
            file.write(secrets.token_hex(32))
    return path.read_text().strip()
