"""The `companion` command: serve the app, build print-and-play PDFs, keep decks."""

from __future__ import annotations

import argparse
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path


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


SERVERS = ("gevent", "gthread", "waitress")


def default_server() -> str:
    """gunicorn with gevent workers where gunicorn runs (and gevent is installed), gunicorn
    with threads without gevent, and waitress elsewhere (Windows)."""
    try:
        import gunicorn  # noqa: F401
    except ImportError:
        return "waitress"
    if not hasattr(os, "fork"):
        return "waitress"
    try:
        import gevent  # noqa: F401
    except ImportError:
        return "gthread"
    return "gevent"


def stream_capacity(server: str, threads: int) -> int:
    """How many live streams one process holds. Under waitress and gthread each stream holds
    one thread, so a quarter of the threads (at least 4) stay free for the other requests
    and the phones past that poll; gevent holds a stream for the price of a socket."""
    if server == "gevent":
        return GEVENT_CONNECTIONS - 96
    return max(1, threads - max(4, threads // 4))


GEVENT_CONNECTIONS = 4096  # connections one gevent worker process accepts at once


def pdf_waiting(server: str, threads: int) -> int:
    """How many PDF requests one process lets wait for a build slot (or build) at a time.
    Under gevent a waiting request costs a greenlet; under threads it holds one, so an
    eighth of them at most (at least 1), and the phones' requests keep the rest."""
    if server == "gevent":
        return 256
    return max(1, threads // 8)


def _check_database(overrides: dict[str, object]) -> tuple[str | None, str | None]:
    """Open the database once as a worker would (a new one gets its schema here, before any
    worker starts), in a child process so this one imports no database driver before the
    workers patch their I/O for gevent. The error to print, or None, and a note for a
    database that opened read-only (``_read_only_note``)."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(reader)
        code = 0
        try:
            from sqlalchemy.exc import DBAPIError

            from . import create_app
            from .db import MissingDriver, SchemaBehind

            try:
                create_app(dict(overrides)).extensions["companion_db"].engine.dispose()
                os.write(writer, (_read_only_note() or "").encode("utf-8", "replace"))
            except (SchemaBehind, MissingDriver) as error:
                os.write(writer, str(error).encode("utf-8", "replace"))
                code = 2
            except DBAPIError as error:
                os.write(writer, _storage_refusal(error).encode("utf-8", "replace"))
                code = 2
        except BaseException as error:  # noqa: BLE001 - said to the parent in one line
            os.write(writer, f"{type(error).__name__}: {error}".encode("utf-8", "replace"))
            code = 1
        os._exit(code)
    os.close(writer)
    with os.fdopen(reader, "rb") as said:
        message = said.read().decode("utf-8", "replace")
    _pid, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) == 0:
        return None, message or None
    return message or "cannot start", None


def _storage_refusal(error: BaseException) -> str:
    """A database that could not be opened or written, in one line: what keeps the server
    from writing its SQLite files, with the fix, else the driver's own first line."""
    from . import database_url
    from .sqlite_files import path_of, unwritable

    path = path_of(database_url())
    problem = unwritable(path) if path is not None else None
    said = str(getattr(error, "orig", None) or error).strip().splitlines()
    return problem or (said[0] if said else type(error).__name__)


def _read_only_note() -> str | None:
    """A SQLite database that opened read-only (another process holds its -wal and -shm
    files): what to do, in one line. The server reads it, and writes once it is writable."""
    from . import database_url
    from .sqlite_files import path_of, unwritable

    path = path_of(database_url())
    problem = unwritable(path) if path is not None else None
    if problem is None:
        return None
    return f"{problem}; until then the tables are shown but nothing can be changed"


def serve(args: argparse.Namespace) -> int:
    """Serve the companion: gunicorn with one worker process per core (gevent workers hold
    thousands of open live streams) where gunicorn runs, else waitress."""
    import qrcode

    from . import database_url

    server = args.server or default_server()
    workers = max(1, args.workers or os.cpu_count() or 1)
    overrides: dict[str, object] = {
        "SERVER_THREADS": args.threads,  # one pooled database connection a thread
        "LIVE_MAX_STREAMS": stream_capacity(server, args.threads),
    }
    if not os.environ.get("COMPANION_PDF_WAITING"):
        overrides["PDF_WAITING"] = pdf_waiting(server, args.threads)
    if server == "waitress":
        from sqlalchemy.exc import DBAPIError

        from . import create_app
        from .db import MissingDriver, SchemaBehind

        try:
            app = create_app(overrides)
        except (SchemaBehind, MissingDriver) as error:
            print(f"companion serve: {error}", file=sys.stderr)
            return 2
        except DBAPIError as error:
            print(f"companion serve: {_storage_refusal(error)}", file=sys.stderr)
            return 2
        note = _read_only_note()
    else:
        refusal, note = _check_database(overrides)
        if refusal is not None:
            print(f"companion serve: {refusal}", file=sys.stderr)
            return 2
    if note is not None:
        print(f"companion serve: {note}", file=sys.stderr)
    from .web.assets import warm

    warm(Path(__file__).resolve().parent / "static")  # once here, not once per worker
    host = args.host
    shown = _lan_address() if host in ("0.0.0.0", "::") else host
    url = f"http://{shown}:{args.port}/"
    qr = qrcode.QRCode(border=2)
    qr.add_data(url)
    print(f"Table companion on {url}  (tables stored in {database_url()})")
    if server == "waitress":
        print(f"Served by waitress, {args.threads} threads.")
    else:
        each = f"{args.threads} threads each" if server == "gthread" else "gevent"
        print(f"Served by gunicorn, {workers} worker process{'es' if workers > 1 else ''} "
              f"({each}).")
    print("Open it on a phone on the same network, or scan:")
    qr.print_ascii(invert=True)
    zc = None
    if args.mdns:
        from .mdns import announce

        # Announced once, by this process: the workers only serve.
        zc, line = announce(shown, args.port)
        print(f"Table companion {line}")
    sys.stdout.flush()
    try:
        if server == "waitress":
            from waitress import serve as waitress_serve

            waitress_serve(app, host=host, port=args.port, threads=args.threads,
                           ident="companion")
        else:
            _gunicorn(host, args.port, server, workers, args.threads, overrides)
    finally:
        if zc is not None:
            zc.close()
    return 0


def _gunicorn(host: str, port: int, worker_class: str, workers: int, threads: int,
              overrides: dict[str, object]) -> None:
    from gunicorn.app.base import BaseApplication

    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    options: dict[str, object] = {
        "bind": [bind],
        "workers": workers,
        "worker_class": worker_class,
        "threads": threads,
        "worker_connections": GEVENT_CONNECTIONS,
        "backlog": 2048,
        "keepalive": 5,
        "timeout": 30,
        "graceful_timeout": 3,  # open live streams end then; the phones reconnect
        "preload_app": False,  # each worker builds its own app (after gevent's patching)
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "proc_name": "companion",
    }

    class Hall(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for name, value in options.items():
                self.cfg.set(name, value)

        def load(self) -> object:
            from . import create_app

            return create_app(dict(overrides))

    Hall().run()


def database(args: argparse.Namespace) -> int:
    """``companion db upgrade``: migrate the database (DATABASE_URL, else the instance's
    SQLite file) to this version's schema; ``companion db current`` prints its revision."""
    from sqlalchemy.exc import DBAPIError

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
    except DBAPIError as error:
        print(f"companion db: {_storage_refusal(error)}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve", help="serve the companion on the local network")
    serve_parser.add_argument("--host", default="0.0.0.0",
                              help="address to listen on (default: every interface)")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve_parser.add_argument("--workers", type=int, default=0,
                              help="worker processes (default: one per core; gunicorn only)")
    serve_parser.add_argument("--threads", type=int, default=16,
                              help="threads of each process (waitress, gthread) and its "
                                   "database connections (default: 16)")
    serve_parser.add_argument("--server", choices=SERVERS, default=None,
                              help="gevent or gthread (gunicorn workers), or waitress "
                                   "(default: gevent where gunicorn runs, else waitress)")
    serve_parser.add_argument("--no-mdns", dest="mdns", action="store_false",
                              help="do not announce companion.local on the local network")
    serve_parser.set_defaults(handler=serve)
    db_parser = commands.add_parser("db", help="the database schema: upgrade, current")
    db_parser.add_argument("action", choices=("upgrade", "current"))
    db_parser.set_defaults(handler=database)

    from printables.cli import register

    from .decks.cli import register as register_decks

    register(commands)
    register_decks(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    result: int = args.handler(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
