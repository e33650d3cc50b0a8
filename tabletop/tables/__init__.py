"""Shared tables: one game played from many devices, kept in a database.

A table is what makes a game (its start: players, seed, options) plus the append-only
list of moves, in a store that every page of the class reads: SQLite by default, a
school's PostgreSQL server when ``TABLETOP_TABLES_URL`` names one. Each page replays the
same game and shows its own player's view; a move is kept only if it is the next one, so
two devices never both move. Class sessions (``sessions.py``) keep a walkthrough's
predict-first answers, one per student per question, in the same store. Pure Python:
pages, tests and scripts use it alike.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Where each name of the package lives. They are imported on first use (PEP 562): the store
#: needs SQLAlchemy, a fifth of a second to import, and a page that never opens a table or a
#: class session (most walkthroughs and dashboards, most of the time) should not pay for it;
#: the errors alone import nothing more.
HOMES = {
    "read_code": "codes",
    "ENV": "connection", "default_url": "connection",
    "MoveRefused": "errors", "NoSuchTable": "errors", "NotLegalHere": "errors",
    "SeatTaken": "errors", "StoreError": "errors", "TableClosed": "errors",
    "TableError": "errors",
    "AnswerRefused": "sessions", "NoSuchSession": "sessions", "SessionStore": "sessions",
    "SEAT_KINDS": "store", "Move": "store", "Seat": "store", "TableInfo": "store",
    "TableStore": "store",
}  # fmt: skip

if TYPE_CHECKING:
    from .codes import read_code
    from .connection import ENV, default_url
    from .errors import (
        MoveRefused,
        NoSuchTable,
        NotLegalHere,
        SeatTaken,
        StoreError,
        TableClosed,
        TableError,
    )
    from .sessions import AnswerRefused, NoSuchSession, SessionStore
    from .store import SEAT_KINDS, Move, Seat, TableInfo, TableStore


def __getattr__(name: str) -> Any:
    """The package's name ``name``, imported from its module the first time it is asked."""
    if name not in HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


__all__ = [
    "ENV",
    "SEAT_KINDS",
    "AnswerRefused",
    "Move",
    "MoveRefused",
    "NoSuchSession",
    "NoSuchTable",
    "NotLegalHere",
    "Seat",
    "SeatTaken",
    "SessionStore",
    "StoreError",
    "TableClosed",
    "TableError",
    "TableInfo",
    "TableStore",
    "default_url",
    "read_code",
]
