"""Shared tables: one game played from many devices, kept in a database.

A table is what makes a game (its start: players, seed, options) plus the append-only
list of moves, in a store that every page of the class reads: SQLite by default, a
school's PostgreSQL server when ``TABLETOP_TABLES_URL`` names one. Each page replays the
same game and shows its own player's view; a move is kept only if it is the next one, so
two devices never both move. Class sessions (``sessions.py``) keep a walkthrough's
predict-first answers, one per student per question, in the same store. Pure Python:
pages, tests and scripts use it alike.
"""

from .codes import read_code
from .connection import ENV, default_url
from .errors import MoveRefused, NoSuchTable, SeatTaken, StoreError, TableError
from .sessions import AnswerRefused, NoSuchSession, SessionStore
from .store import SEAT_KINDS, Move, Seat, TableInfo, TableStore

__all__ = [
    "ENV",
    "SEAT_KINDS",
    "AnswerRefused",
    "Move",
    "MoveRefused",
    "NoSuchSession",
    "NoSuchTable",
    "Seat",
    "SeatTaken",
    "SessionStore",
    "StoreError",
    "TableError",
    "TableInfo",
    "TableStore",
    "default_url",
    "read_code",
]
