"""Stores for the shared-table tests: a SQLite file in a temporary folder, and a real
PostgreSQL server started for the session (``tools/postgres.py``). Without PostgreSQL
installed the PostgreSQL tests are skipped, except under CI (``CI=true``) where that is a
failure: ``make test`` installs Debian's ``postgresql``."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from tabletop.tables import TableStore
from tools.postgres import Cluster, postgres_bin, throwaway_postgres


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """One throwaway PostgreSQL server for the whole test session."""
    if postgres_bin() is None:
        message = "PostgreSQL is not installed: run `apt-get install -y postgresql`"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    with throwaway_postgres() as cluster:
        yield cluster


def empty_postgres(cluster: Cluster) -> TableStore:
    """A store on the cluster's database with no table in it."""
    store = TableStore(cluster.url)
    with store.db.writer.begin() as conn:
        for name in ("tabletop_moves", "tabletop_seats", "tabletop_tables"):
            conn.execute(sa.text(f"DELETE FROM {name}"))
    return store


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TableStore]:
    """An empty store, on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        opened = TableStore(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    else:
        opened = empty_postgres(request.getfixturevalue("postgres"))
    yield opened
    opened.close()
