"""Forms and headers: a CSRF guard for the pages, security headers on every response, cookies.

- Every state-changing request outside ``/api/`` (POST, PUT, PATCH, DELETE) must carry the
  session's CSRF token, in the form field ``csrf_token`` or the ``X-CSRF-Token`` header, and,
  when the browser says where it comes from (``Origin``, ``Sec-Fetch-Site``), come from this
  site: the request's own origin or the origin of ``COMPANION_PUBLIC_URL``, and not from
  another site (``Sec-Fetch-Site: cross-site`` or ``same-site``). Anything else is
  refused with 403 before the view runs, so nothing changes.
- The token is random per session and kept in the signed session cookie; templates put it in
  every POST form with ``{{ csrf_field() }}``.
- The JSON API is authenticated by headers only (seat and host tokens), never by cookies: it
  is outside the CSRF check and never sets a cookie.
- Every response (pages, API, static files, errors) carries a Content-Security-Policy without
  inline script, ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` (a
  table address is its bearer secret: it must not travel in Referer); a style sheet or a
  page's script under ``/static/`` or ``/bundle/`` gets the last two only (a policy or a
  frame rule means nothing there; the service worker at ``/sw.js`` keeps its policy).
- The session cookie is HttpOnly and SameSite=Lax, and Secure when the companion is served
  over HTTPS: its public URL starts with https, or the request came over HTTPS (as a trusted
  proxy says, with ``COMPANION_TRUST_PROXY=1``).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Request, jsonify, render_template, request, session
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature
from markupsafe import Markup, escape

from ..i18n import gettext as _

CSRF_SESSION_KEY = "csrf"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
])
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def is_api(req: Request) -> bool:
    return req.path == "/api" or req.path.startswith("/api/")


def csrf_token() -> str:
    """This session's CSRF token, made on first use."""
    token = session.get(CSRF_SESSION_KEY)
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        session[CSRF_SESSION_KEY] = token
    return token


def csrf_field() -> Markup:
    """The hidden input every POST form starts with."""
    return Markup('<input type="hidden" name="%s" value="%s">') % (CSRF_FIELD,
                                                                  escape(csrf_token()))


def _origin_of(url: str) -> str | None:
    parts = urlsplit(url)
    if not parts.scheme or not parts.netloc:
        return None
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def _allowed_origins(app: Flask) -> set[str]:
    allowed = {request.host_url.rstrip("/").lower()}
    public = app.config.get("PUBLIC_URL")
    if public:
        origin = _origin_of(public)
        if origin:
            allowed.add(origin)
    return allowed


def csrf_refusal(app: Flask) -> str | None:
    """Why this request must be refused as a possible cross-site forgery, or None.

    Under ``Referrer-Policy: no-referrer`` browsers send ``Origin: null`` even for this
    site's own forms, so a null Origin proves nothing either way: then the fetch metadata
    (``Sec-Fetch-Site``) and, always, the token decide.
    """
    origin = request.headers.get("Origin")
    if origin is not None and origin != "null" and origin.lower() not in _allowed_origins(app):
        return _("This form was sent from another site (%(origin)s): nothing was changed.",
                 origin=origin[:100])
    if request.headers.get("Sec-Fetch-Site", "").lower() in ("cross-site", "same-site"):
        return _("This form was sent from another site: nothing was changed.")
    expected = session.get(CSRF_SESSION_KEY)
    sent = request.headers.get(CSRF_HEADER) or request.form.get(CSRF_FIELD) or ""
    if not isinstance(expected, str) or not expected:
        return _("This page's form has expired (no session): reload the page and try again.")
    if not hmac.compare_digest(sent.encode("utf-8", "replace"), expected.encode("utf-8")):
        return _("This form's security token is missing or out of date: reload the page and "
                 "try again. Nothing was changed.")
    return None


def _refuse(message: str) -> Any:
    if request.headers.get("X-Requested-With") == "fetch" or request.accept_mimetypes.best \
            == "application/json":
        return jsonify({"error": {"code": "csrf_failed", "message": message}}), 403
    return render_template("error.html", status=403, message=message), 403


class LazySession(SecureCookieSession):
    """The signed-cookie session, read (its signature checked, its JSON decoded) on first use
    only: a request that never looks at it (an API read, a poll that finds nothing new, a
    static file) pays nothing for it and sends no cookie back."""

    signed_at: float | None = None  # when the cookie it was read from was signed

    def __init__(self, loader: Callable[[], dict[str, Any]] | None = None) -> None:
        super().__init__()
        self._loader = loader

    @property
    def loaded(self) -> bool:
        return self._loader is None

    def _load(self) -> None:
        loader = self._loader
        if loader is not None:
            self._loader = None
            data = loader()
            if data:
                dict.update(self, data)  # as read: not a modification


def _loading(name: str) -> Callable[..., Any]:
    inner = getattr(SecureCookieSession, name)

    def method(self: LazySession, *args: Any, **kwargs: Any) -> Any:
        self._load()
        return inner(self, *args, **kwargs)

    method.__name__ = name
    return method


for _name in ("__getitem__", "__setitem__", "__delitem__", "__contains__", "__iter__",
              "__len__", "__eq__", "__ne__", "__repr__", "get", "setdefault", "pop", "popitem",
              "update", "clear", "keys", "values", "items", "copy"):
    setattr(LazySession, _name, _loading(_name))

# A page refreshes a permanent session's lifetime (re-signs and re-sends its cookie) only
# when the cookie was signed more than this long ago: 450 bytes fewer on almost every page.
REFRESH_AFTER_S = 24 * 60 * 60

# Requests made by the table page's script, not by a person opening a page: a permanent
# session's cookie is not re-signed and re-sent on each of them.
NO_REFRESH_ENDPOINTS = frozenset({"pages.live", "pages.watch_live", "static"})


class CompanionSessionInterface(SecureCookieSessionInterface):
    """The signed-cookie session, never set by the API and Secure over HTTPS, read lazily,
    and sent back only when it changed or a page (not a poll) refreshes its lifetime."""

    session_class = LazySession

    def open_session(self, app: Flask, request: Request) -> LazySession | None:
        if not app.secret_key:
            return None
        value = request.cookies.get(self.get_cookie_name(app))
        if not value:
            return LazySession()
        max_age = int(app.permanent_session_lifetime.total_seconds())

        def load() -> dict[str, Any]:
            serializer = self.get_signing_serializer(app)
            if serializer is None:
                return {}
            try:
                data, signed = serializer.loads(value, max_age=max_age, return_timestamp=True)
            except BadSignature:
                return {}
            session.signed_at = signed.timestamp()
            return dict(data)

        session = LazySession(load)
        return session

    def save_session(self, app: Flask, session: SessionMixin, response: Any) -> None:
        if isinstance(session, LazySession) and not session.loaded:
            return  # never read, so never changed
        super().save_session(app, session, response)

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        if is_api(request):
            return False
        if session.modified:
            return True
        signed_at = getattr(session, "signed_at", None)
        if signed_at is not None and time.time() - signed_at < REFRESH_AFTER_S:
            return False  # signed less than a day ago: its thirty days hardly moved
        return bool(session.permanent and app.config["SESSION_REFRESH_EACH_REQUEST"]
                    and request.endpoint not in NO_REFRESH_ENDPOINTS
                    and request.headers.get("X-Requested-With") != "fetch")

    def get_cookie_secure(self, app: Flask) -> bool:
        public = app.config.get("PUBLIC_URL") or ""
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or public.lower().startswith(
            "https://") or request.is_secure


def _host_name(host: str) -> str:
    """The name of a Host header, without its port, lower case, without a final dot."""
    if host.startswith("["):
        return host[1:host.find("]")].lower() if "]" in host else ""
    return host.rsplit(":", 1)[0].rstrip(".").lower()


def trusted_host(app: Flask, host: str) -> bool:
    """Whether a request's host is one this server answers to: an IP address, localhost, a
    local network name (``*.local``, the machine's own name), ``COMPANION_PUBLIC_URL``'s
    host or a name of ``COMPANION_TRUSTED_HOSTS``. Another name (a rebinding DNS name, a
    forged header) would land in the join and watch links and their QR codes."""
    name = _host_name(host)
    if not name:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        pass
    if name == "localhost" or name.endswith(".local") or name == socket.gethostname().lower():
        return True
    trusted = {n.strip().rstrip(".").lower()
               for n in str(app.config.get("TRUSTED_HOST_NAMES") or "").split(",") if n.strip()}
    public = app.config.get("PUBLIC_URL")
    if public:
        trusted.add(_host_name(urlsplit(public).netloc))
    return name in trusted


def init_app(app: Flask) -> None:
    app.session_interface = CompanionSessionInterface()
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    if app.config.get("TRUST_PROXY"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1,  # type: ignore[method-assign]
                                x_port=1, x_prefix=1)
    app.jinja_env.globals["csrf_field"] = csrf_field
    app.jinja_env.globals["csrf_token"] = csrf_token

    @app.before_request
    def _check_host() -> Any:
        if trusted_host(app, request.host):
            return None
        return (_("This server does not answer to the name %(host)s: open it by its address, "
                  "or add the name to COMPANION_TRUSTED_HOSTS.", host=request.host[:100]),
                400, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"})

    @app.before_request
    def _check_csrf() -> Any:
        if request.method not in UNSAFE_METHODS or is_api(request):
            return None
        refusal = csrf_refusal(app)
        if refusal is not None:
            return _refuse(refusal)
        return None

    # Outermost, so even a response Flask could not build (a failing error handler) has them.
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]


# What a browser reads only on a document (a page, an SVG opened alone, a worker's script):
# on a style sheet or a page's script, which cannot be framed nor hold a policy, they are
# 300 bytes of nothing on every first load.
DOCUMENT_ONLY = frozenset({"content-security-policy", "x-frame-options"})
SUBRESOURCE_TYPES = ("text/css", "text/javascript", "application/javascript")
SUBRESOURCE_PATHS = ("/static/", "/bundle/")  # not /sw.js: a worker takes its policy there


class SecurityHeaders:
    """WSGI middleware: the security headers on every response that lacks them (a static
    style sheet or page script gets those that apply to it: nosniff, the referrer policy)."""

    def __init__(self, wsgi_app: Any) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        subresource_path = str(environ.get("PATH_INFO", "")).startswith(SUBRESOURCE_PATHS)

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            present = {name.lower() for name, _value in headers}
            kind = next((v for n, v in headers if n.lower() == "content-type"), "")
            skip = DOCUMENT_ONLY if subresource_path and kind.split(";")[0].strip() in \
                SUBRESOURCE_TYPES else frozenset()
            headers = [*headers, *((name, value) for name, value in SECURITY_HEADERS.items()
                                   if name.lower() not in present and name.lower() not in skip)]
            return start_response(status, headers, exc_info)

        return self.wsgi_app(environ, start)
