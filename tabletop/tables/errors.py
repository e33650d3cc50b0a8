"""What can go wrong at a shared table, each in words a student or teacher can read.

Every one of these leaves the store as it was: no table opened, no seat taken, no move kept.
"""

from __future__ import annotations

from ..core.errors import IllegalAction, TabletopError


class TableError(TabletopError):
    """A shared table could not do what was asked (a bad code, a seat that is not free...)."""


class NoSuchTable(TableError):
    """No table has this code (it was mistyped, or the table is in another store)."""


class SeatTaken(TableError):
    """Another device sits in this seat already."""


class MoveRefused(TableError, IllegalAction):
    """The table did not keep a move: another page made that move first, or the seat is
    someone else's. The page catches up with the table and the student may try again."""


class StoreError(TableError):
    """The database of tables is missing, damaged, or cannot be reached right now."""


class NotLegalHere(MoveRefused):
    """The move is not legal at that step of the table's game (the page sending it plays
    another game: an earlier table, or its own game before the table opened). The page
    replays the table and follows it again."""


class TableClosed(MoveRefused):
    """The table was closed by the page that opened it: it keeps no more moves."""
