"""Where the store lives, and the database connections to it.

The store's address is a SQLAlchemy URL: the environment variable ``TABLETOP_TABLES_URL``
when set (``postgresql://user:password@host/db`` for a school's PostgreSQL server, through
the psycopg driver), else a SQLite file: ``tables.sqlite`` beside ``voila.json`` in a
checkout of the kit (where ``make play`` starts Voilà), or in ``~/.local/share/tabletop``
for an installed kit.

SQLite writes take the file's write lock as they begin (``BEGIN IMMEDIATE``), so two
pages writing at once queue up instead of failing; the file is in WAL mode, so pages
reading the table never wait for a writer, with ``synchronous=NORMAL``. Connections are
kept open between calls (a write takes about 2 ms), but a file that vanishes or is damaged
after the store was opened is reported as such, never silently created afresh.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event, exc
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.pool import NullPool

from .errors import StoreError
from .schema import METADATA, upgrade

ENV = "TABLETOP_TABLES_URL"
#: Seconds a SQLite writer waits for another writer before giving up.
SQLITE_WAIT_S = 15.0
KIT_ROOT = Path(__file__).resolve().parents[2]


def default_url() -> str:
    """The store's URL: ``TABLETOP_TABLES_URL``, else the default SQLite file."""
    url = os.environ.get(ENV, "").strip()
    if url:
        return url
    if (KIT_ROOT / "voila.json").is_file():
        return f"sqlite:///{KIT_ROOT / 'tables.sqlite'}"
    return f"sqlite:///{Path.home() / '.local/share/tabletop/tables.sqlite'}"


def shown(url: URL) -> str:
    """The URL as it may be shown on a page (no password)."""
    return url.render_as_string(hide_password=True)


class Connection:
    """The engines for reading and writing one store, and the translation of the database's
    failures into :class:`StoreError` messages."""

    def __init__(self, url: str) -> None:
        try:
            self.url = make_url(url)
        except exc.ArgumentError:
            raise StoreError(f"{url!r} is not a database URL (set {ENV} to e.g. "
                             "postgresql://user:password@host/tabletop)") from None
        self.path: Path | None = None
        if self.url.get_backend_name() == "sqlite":
            self._open_sqlite()
        elif self.url.get_backend_name() == "postgresql":
            self.url = self.url.set(drivername="postgresql+psycopg")
            engine = sa.create_engine(self.url, pool_pre_ping=True, pool_size=1,
                                      max_overflow=2, connect_args={"connect_timeout": 5})
            self.reader = self.writer = engine
        else:
            raise StoreError(f"the tables store must be SQLite or PostgreSQL, not "
                             f"{self.url.get_backend_name()} ({shown(self.url)})")
        with self.failures():
            METADATA.create_all(self.writer)
            upgrade(self.writer)

    def _open_sqlite(self) -> None:
        """Create the file if it is not there yet (nothing to install), then open it in
        read-write mode only, so that a file deleted later is an error, not a new store."""
        database = self.url.database or ""
        if database in ("", ":memory:"):
            raise StoreError("the tables store needs a file (sqlite:///path/tables.sqlite), "
                             "so that every page of the class sees the same tables")
        self.path = Path(database).expanduser().resolve()
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.failures(), sa.create_engine(f"sqlite:///{self.path}",
                                                   poolclass=NullPool).connect() as conn:
                conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        uri = f"sqlite:///file:{self.path}?mode=rw&uri=true"
        self.reader = self._sqlite_engine(uri, "BEGIN")
        self.writer = self._sqlite_engine(uri, "BEGIN IMMEDIATE")

    def _sqlite_engine(self, uri: str, begin: str) -> Engine:
        engine = sa.create_engine(uri, pool_size=2, max_overflow=8,
                                  connect_args={"timeout": SQLITE_WAIT_S})
        path = self.path

        @event.listens_for(engine, "checkout")
        def _checkout(_dbapi_connection: object, _record: object, _proxy: object) -> None:
            # A kept connection would go on writing to a file that was deleted: open afresh
            # (and fail, saying the file is missing) instead.
            if path is not None and not path.exists():
                raise exc.DisconnectionError(f"{path} is gone")

        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: object) -> None:
            dbapi_connection.isolation_level = None  # we BEGIN ourselves
            # In WAL mode this loses no committed move on a crash of the server (only, at
            # worst, the last ones on a power cut) and makes each write several times faster.
            dbapi_connection.execute("PRAGMA synchronous=NORMAL")

        @event.listens_for(engine, "begin")
        def _begin(conn: sa.Connection) -> None:
            conn.exec_driver_sql(begin)

        return engine

    @contextlib.contextmanager
    def failures(self) -> Iterator[None]:
        """Turn the database's errors inside the block into a :class:`StoreError`."""
        try:
            yield
        except exc.IntegrityError:
            raise
        except exc.DBAPIError as error:
            raise StoreError(self.explain(error)) from None

    def explain(self, error: exc.DBAPIError) -> str:
        """A database failure in words a teacher can act on."""
        detail = str(error.orig).strip().splitlines()[0] if error.orig else str(error)
        if self.path is not None:
            if not self.path.exists():
                return (f"the tables file {self.path} is missing (was it deleted or moved?); "
                        "reload the page to start a new one")
            if "not a database" in detail or "malformed" in detail:
                return (f"the tables file {self.path} is damaged ({detail}); move it away and "
                        "reload the page to start a new one")
            return f"the tables file {self.path} cannot be used right now ({detail})"
        return (f"the tables database {shown(self.url)} cannot be reached right now ({detail}); "
                "try again in a moment")

    def close(self) -> None:
        """Close the pooled connections (PostgreSQL)."""
        self.reader.dispose()
        self.writer.dispose()
