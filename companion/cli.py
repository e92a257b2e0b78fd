"""The `companion` command: serve the app, build print-and-play PDFs."""

from __future__ import annotations

import argparse
import socket
import sys
from collections.abc import Sequence


def _lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def serve(args: argparse.Namespace) -> int:
    """Serve the companion with waitress, a production WSGI server."""
    import qrcode
    from waitress import serve as waitress_serve

    from . import create_app
    from .db import MissingDriver, SchemaBehind

    try:
        app = create_app({"SERVER_THREADS": args.threads})  # one pooled connection a thread
    except (SchemaBehind, MissingDriver) as error:
        print(f"companion serve: {error}", file=sys.stderr)
        return 2
    host = args.host
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{args.port}/"
    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    print(f"Table companion on {url}  (tables stored in {app.config['DATABASE_URL']})")
    print("Open it on a phone on the same network, or scan:")
    qr.print_ascii(invert=True)
    zc = None
    if args.mdns:
        from .mdns import announce

        zc, line = announce(shown, args.port)
        print(f"Table companion {line}")
    sys.stdout.flush()
    try:
        waitress_serve(app, host=host, port=args.port, threads=args.threads, ident="companion")
    finally:
        if zc is not None:
            zc.close()
    return 0


def database(args: argparse.Namespace) -> int:
    """``companion db upgrade``: migrate the database (DATABASE_URL, else the instance's
    SQLite file) to this version's schema; ``companion db current`` prints its revision."""
    from . import database_url, migrations
    from .db import MissingDriver, make_engine

    url = database_url()
    try:
        engine = make_engine(url)
    except MissingDriver as error:
        print(f"companion db: {error}", file=sys.stderr)
        return 2
    try:
        if args.action == "current":
            print(f"{migrations.current(engine) or 'empty'} (this version: {migrations.head()})")
            return 0
        before, after = migrations.upgrade(engine)
        print(f"database {url.split('@')[-1]}: {before or 'empty'} -> {after}")
        return 0
    finally:
        engine.dispose()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="serve the companion on the local network")
    serve_parser.add_argument("--host", default="0.0.0.0",
                              help="address to listen on (default: every interface)")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve_parser.add_argument("--threads", type=int, default=16,
                              help="worker threads (default: 16)")
    serve_parser.add_argument("--no-mdns", dest="mdns", action="store_false",
                              help="do not announce companion.local on the local network")
    serve_parser.set_defaults(handler=serve)
    db_parser = commands.add_parser("db", help="the database schema: upgrade, current")
    db_parser.add_argument("action", choices=("upgrade", "current"))
    db_parser.set_defaults(handler=database)

    from printables.cli import register

    register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
