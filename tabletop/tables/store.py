"""The store of shared tables: open a table, take a seat, keep each move once, replay.

A table is a game's start (its save before the first move: players, seed, options and
anything arranged), a seat for each player, and the append-only list of moves. Every
page at the table replays the same game from these and shows its own player's view::

    store = TableStore()                          # TABLETOP_TABLES_URL, else SQLite
    code = store.open_table(tabletop.new_game("pitch", players=4, seed=81),
                            {"Player 1": "human", "Player 2": "human",
                             "Player 3": "heuristic", "Player 4": "heuristic"})
    store.take_seat(code, "Player 1", key)        # key: the device's secret for that seat
    store.record(code, 0, "bid 2", "Player 1", key)   # only step 0 is accepted now
    store.game(code)                              # the game with every move kept so far

Writing a move is one transaction that accepts only the next step, and only a move that is
legal for that player at that step of the table's game (the server is the authority, as in
boardgame.io): two pages that both answer the same decision cannot both move (the second is
told that someone moved first), and a page playing another game (an earlier table, its own
game before the table opened) cannot put its move in this table's list. The store keeps, per
process, each table's game replayed to its last step, so checking a move costs one move.

The page that opened a table (its ``host`` key) may close it: a closed table keeps no more
moves and leaves the list of tables playing now.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy import exc

from .. import bots
from ..core.decisions import Action
from ..core.errors import IllegalAction, SaveError
from ..core.game import Game
from ..core.registry import load
from .codes import new_code, read_code
from .connection import Connection, default_url
from .errors import (
    MoveRefused,
    NoSuchTable,
    NotLegalHere,
    SeatTaken,
    StoreError,
    TableClosed,
    TableError,
)
from .schema import MOVES, SEATS, TABLES

#: The kinds of seat: a student, or one of the engine's bots.
SEAT_KINDS = ("human", *bots.KINDS)
KEY_LENGTH = (8, 64)
#: Where refused moves are logged (the server's log; a page says why in its own words).
LOG = logging.getLogger("tabletop.tables")


@dataclass(frozen=True)
class Seat:
    """One seat of a table: who sits there, a student ("human") or a bot's kind, and whether
    a student's device has taken it."""

    player: str
    kind: str
    taken: bool


@dataclass(frozen=True)
class TableInfo:
    """What everyone may know of a table (never its seed: that would give the hands away)."""

    code: str
    game: str
    seats: tuple[Seat, ...]
    steps: int
    opened: float
    closed: bool = False

    @property
    def players(self) -> tuple[str, ...]:
        """The players in seat order."""
        return tuple(seat.player for seat in self.seats)

    def free_seats(self) -> list[str]:
        """The students' seats no device has taken yet."""
        return [s.player for s in self.seats if s.kind == "human" and not s.taken]


@dataclass(frozen=True)
class Move:
    """A kept move: its step (moves before it), the action and who made it."""

    step: int
    action: Action
    player: str


def digest(key: str) -> str:
    """What the store keeps of a seat's key (the key itself stays in the student's link)."""
    return hashlib.sha256(key.encode()).hexdigest()


def check_key(key: object, whose: str = "seat") -> str:
    """``key`` if it can be a key of a ``whose`` (a seat, a device), else a TableError saying
    what one is."""
    low, high = KEY_LENGTH
    if not isinstance(key, str) or not low <= len(key) <= high:
        link = "seat's" if whose == "seat" else "session's"
        raise TableError(f"a {whose} key is text of {low} to {high} characters; "
                         f"open the {link} link again")
    return key


class TableStore:
    """The tables of one database (see the module docstring)."""

    def __init__(self, url: str | None = None) -> None:
        self.db = Connection(url or default_url())
        #: Each table's game replayed to the last step this process saw (see record()).
        self._replays: dict[str, Game] = {}
        self._lock = threading.Lock()

    @property
    def where(self) -> str:
        """The store's address as a page may show it (no password)."""
        return str(self.db.path) if self.db.path else self.db.url.render_as_string(True)

    def close(self) -> None:
        """Let go of the database connections."""
        self.db.close()

    # -- opening and finding tables --------------------------------------------------------
    def open_table(self, game: Game, seats: Mapping[str, str], host: str | None = None) -> str:
        """Open a table for ``game`` before its first move, with ``seats`` giving each player
        a student ("human") or a bot's kind; returns the table's code. ``host``: the key of
        the page opening it, which alone may close it (None: nobody may)."""
        if game.steps:
            raise TableError(f"a shared table starts before the first move; this game has "
                             f"{game.steps} moves already (start a new game to share it)")
        if set(seats) != set(game.players):
            raise TableError(f"give every player a seat, and only them: the players are "
                             f"{', '.join(game.players)}, the seats {', '.join(seats)}")
        wrong = {p: k for p, k in seats.items() if k not in SEAT_KINDS}
        if wrong:
            raise TableError(f"a seat is one of {', '.join(SEAT_KINDS)}, not {wrong}")
        start = game.save()
        hosted = None if host is None else digest(check_key(host, "page"))
        for _ in range(8):
            code = new_code()
            try:
                with self.db.failures(), self.db.writer.begin() as conn:
                    conn.execute(sa.insert(TABLES).values(
                        code=code, game=game.name, start=start, opened=time.time(),
                        host=hosted))
                    conn.execute(sa.insert(SEATS), [
                        {"code": code, "player": p, "place": k, "kind": seats[p],
                         "holder": None}
                        for k, p in enumerate(game.players)
                    ])
            except exc.IntegrityError:
                continue
            return code
        raise StoreError("no free table code was found; try again")

    def table(self, code: str) -> TableInfo:
        """The table called ``code`` (typed by a student: spaces and case do not matter)."""
        code = read_code(code)
        with self.db.failures(), self.db.reader.connect() as conn:
            infos = self._infos(conn, sa.select(TABLES).where(TABLES.c.code == code))
        if not infos:
            raise NoSuchTable(f"there is no table {code} (check the code with your teacher)")
        return infos[0]

    def tables(self, game: str | None = None, *, open_only: bool = False,
               host: str | None = None) -> list[TableInfo]:
        """Every table (of ``game`` only, when given; the open ones only, when ``open_only``;
        those opened by the page holding the key ``host``, when given), the newest first."""
        query = sa.select(TABLES).order_by(TABLES.c.opened.desc())
        if game is not None:
            query = query.where(TABLES.c.game == game)
        if open_only:
            query = query.where(TABLES.c.closed.is_(None))
        if host is not None:
            query = query.where(TABLES.c.host == digest(host))
        with self.db.failures(), self.db.reader.connect() as conn:
            return self._infos(conn, query)

    @staticmethod
    def _infos(conn: sa.Connection, query: sa.Select) -> list[TableInfo]:
        rows = conn.execute(query).all()
        codes = [row.code for row in rows]
        seats: dict[str, list[Seat]] = {code: [] for code in codes}
        steps = dict.fromkeys(codes, 0)
        if codes:
            for seat in conn.execute(sa.select(SEATS).where(SEATS.c.code.in_(codes))
                                     .order_by(SEATS.c.code, SEATS.c.place)):
                seats[seat.code].append(Seat(seat.player, seat.kind, seat.holder is not None))
            counted = sa.select(MOVES.c.code, sa.func.count()).where(
                MOVES.c.code.in_(codes)).group_by(MOVES.c.code)
            steps.update({code: n for code, n in conn.execute(counted)})
        return [TableInfo(r.code, r.game, tuple(seats[r.code]), steps[r.code], r.opened,
                          r.closed is not None) for r in rows]

    def playing(self, game: str) -> list[TableInfo]:
        """The open tables of ``game`` whose game is not over, the newest first. A table
        whose moves no longer replay (kept by an older kit) is left out, and logged."""
        tables = []
        for info in self.tables(game, open_only=True):
            try:
                over = self._current(info.code).is_over
            except StoreError as error:
                LOG.warning("table %s left out of the tables playing now: %s", info.code, error)
                continue
            if not over:
                tables.append(info)
        return tables

    def close_table(self, code: str, host: str) -> None:
        """Close table ``code``: it keeps no more moves. Only the page that opened it (its key
        ``host``) may; closing a closed table again changes nothing."""
        code, hosted = read_code(code), digest(check_key(host, "page"))
        with self.db.failures(), self.db.writer.begin() as conn:
            row = conn.execute(sa.select(TABLES.c.host, TABLES.c.closed)
                               .where(TABLES.c.code == code)).first()
            if row is None:
                raise NoSuchTable(f"there is no table {code} (check the code with your teacher)")
            if row.host != hosted:
                raise TableError(f"only the page that opened table {code} can close it")
            if row.closed is None:
                conn.execute(sa.update(TABLES).where(TABLES.c.code == code)
                             .values(closed=time.time()))

    # -- seats -------------------------------------------------------------------------------
    def take_seat(self, code: str, player: str, key: str) -> None:
        """Sit the device holding ``key`` in ``player``'s seat. The same key may sit there
        again (a reloaded page); another key is refused while the seat is taken."""
        code, holder = read_code(code), digest(check_key(key))
        with self.db.failures(), self.db.writer.begin() as conn:
            seat = conn.execute(sa.select(SEATS).where(
                SEATS.c.code == code, SEATS.c.player == player)).first()
            if seat is None:
                raise self._missing_seat(conn, code, player)
            if seat.kind != "human":
                raise TableError(f"{player}'s seat at table {code} is played by a "
                                 f"{seat.kind} bot, not by a student")
            if seat.holder not in (None, holder):
                raise SeatTaken(f"{player}'s seat at table {code} is taken by another "
                                "device; pick a free seat")
            conn.execute(sa.update(SEATS).where(
                SEATS.c.code == code, SEATS.c.player == player).values(holder=holder))

    def _missing_seat(self, conn: sa.Connection, code: str, player: str) -> TableError:
        names = conn.execute(sa.select(SEATS.c.player).where(SEATS.c.code == code)
                             .order_by(SEATS.c.place)).scalars().all()
        if not names:
            return NoSuchTable(f"there is no table {code} (check the code with your teacher)")
        return TableError(f"there is no seat {player!r} at table {code}; "
                          f"the seats are {', '.join(names)}")

    # -- moves -------------------------------------------------------------------------------
    def record(self, code: str, step: int, action: Action, player: str,
               key: str | None = None) -> None:
        """Keep ``action`` by ``player`` as move ``step`` of the table, if ``step`` is the next
        one, the table is open, and the move is legal for ``player`` at that step of the
        table's game; a student's move needs the key of the device in that student's seat (a
        bot's move, or a player without a seat of their own, may come from any page). All is
        checked in the transaction that writes the move; a refused move changes nothing and
        raises :class:`MoveRefused` (or its kinds :class:`NotLegalHere`, :class:`TableClosed`)
        saying why, and is logged with the table's code and step."""
        code = read_code(code)
        if type(action) not in (str, int):
            raise TableError(f"a move is text or a whole number, not {action!r}")
        try:
            with self._lock:
                self._record(code, step, action, player, key)
        except MoveRefused as refused:
            LOG.info("table %s refused move %d (%r by %s): %s", code, step + 1, action,
                     player, refused)
            raise

    def _record(self, code: str, step: int, action: Action, player: str,
                key: str | None) -> None:
        game: Game | None = None
        try:
            with self.db.failures(), self.db.writer.begin() as conn:
                closed = conn.execute(sa.select(TABLES.c.closed).where(TABLES.c.code == code)
                                      ).first()
                if closed is None:
                    raise NoSuchTable(f"there is no table {code} (check the code with your "
                                      "teacher)")
                if closed.closed is not None:
                    raise TableClosed(f"table {code} is closed: it keeps no more moves")
                seat = conn.execute(sa.select(SEATS).where(
                    SEATS.c.code == code, SEATS.c.player == player)).first()
                if seat is not None and seat.kind == "human" and (
                        key is None or seat.holder != digest(key)):
                    raise MoveRefused(f"only the device in {player}'s seat can move for "
                                      f"{player}")
                kept = conn.execute(sa.select(sa.func.count()).select_from(MOVES)
                                    .where(MOVES.c.code == code)).scalar_one()
                if step != kept:
                    raise MoveRefused(self._moved_first(step, kept))
                game = self._replayed(conn, code, kept)
                try:
                    game.apply(action, player=player)
                except IllegalAction as error:
                    raise NotLegalHere(f"the table did not keep this move: {error}") from None
                conn.execute(sa.insert(MOVES).values(
                    code=code, step=step, action=json.dumps(action), player=player,
                    made=time.time()))
        except BaseException as error:
            if game is not None and game.steps != step:  # played here, not kept there
                self._replays.pop(code, None)
            if isinstance(error, exc.IntegrityError):
                raise MoveRefused(self._moved_first(step, step + 1)) from None
            raise

    @staticmethod
    def _moved_first(step: int, kept: int) -> str:
        if step < kept:
            return "someone else moved first: the table has gone on without this move"
        return f"this page is ahead of the table (move {step + 1}, the table has {kept})"

    def _replayed(self, conn: sa.Connection, code: str, kept: int) -> Game:
        """The table's game at its ``kept`` moves, read through ``conn``: the cached game with
        only the moves it misses played, or the table replayed from its start. Raises
        StoreError (and caches nothing) when the kept moves do not replay."""
        game = self._replays.pop(code, None)
        if game is None or game.steps > kept:
            start = conn.execute(sa.select(TABLES.c.start).where(TABLES.c.code == code)
                                 ).scalar_one_or_none()
            if start is None:
                raise NoSuchTable(f"there is no table {code} (check the code with your "
                                  "teacher)")
            game = self._loaded(start, code)
        # Only the moves before ``kept``: on PostgreSQL each statement reads afresh, and a move
        # kept by another server since the count must not be played here (the insert of this
        # step then meets the (code, step) key, and this page is told someone moved first).
        play(game, self._read_moves(conn, code, game.steps, kept), code)
        if game.steps != kept:
            raise StoreError(f"table {code} is damaged in the store: {game.steps} of its "
                             f"{kept} moves replay")
        self._replays[code] = game
        return game

    @staticmethod
    def _loaded(start: str, code: str) -> Game:
        try:
            return load(start)
        except SaveError as error:
            raise StoreError(f"table {code} is damaged in the store: {error}") from None

    def _current(self, code: str) -> Game:
        """The table's game as cached (not to be changed: :meth:`game` gives a copy)."""
        with self._lock, self.db.failures(), self.db.reader.begin() as conn:
            kept = conn.execute(sa.select(sa.func.count()).select_from(MOVES)
                                .where(MOVES.c.code == code)).scalar_one()
            return self._replayed(conn, code, kept)

    def moves(self, code: str, since: int = 0) -> list[Move]:
        """The table's moves from step ``since`` on, in order."""
        code = read_code(code)
        with self.db.failures(), self.db.reader.connect() as conn:
            return self._read_moves(conn, code, since)

    @staticmethod
    def _read_moves(conn: sa.Connection, code: str, since: int,
                    until: int | None = None) -> list[Move]:
        query = sa.select(MOVES).where(MOVES.c.code == code, MOVES.c.step >= since)
        if until is not None:
            query = query.where(MOVES.c.step < until)
        rows = conn.execute(query.order_by(MOVES.c.step)).all()
        moves = []
        for row in rows:
            try:
                action = json.loads(row.action)
            except ValueError:
                action = None
            if type(action) not in (str, int) or row.step != since + len(moves):
                raise StoreError(f"move {row.step + 1} of table {code} is damaged in the store")
            moves.append(Move(row.step, action, row.player))
        return moves

    def start(self, code: str) -> str:
        """The save of the table's game before its first move."""
        code = read_code(code)
        with self.db.failures(), self.db.reader.connect() as conn:
            start = conn.execute(sa.select(TABLES.c.start).where(TABLES.c.code == code)
                                 ).scalar_one_or_none()
        if start is None:
            raise NoSuchTable(f"there is no table {code} (check the code with your teacher)")
        return start

    def game(self, code: str) -> Game:
        """The table's game with every move kept so far, replayed from its start."""
        code = read_code(code)
        game = self._loaded(self.start(code), code)
        play(game, self.moves(code, 0), code)
        return game


def play(game: Game, moves: Sequence[Move], code: str) -> None:
    """Play the kept ``moves`` on ``game`` (at the step they were made)."""
    for move in moves:
        if move.step != game.steps:
            raise StoreError(f"table {code}: move {move.step + 1} does not follow move "
                             f"{game.steps}")
        try:
            game.apply(move.action, player=move.player)
        except IllegalAction as error:
            raise StoreError(f"table {code} cannot go on: its move {move.step + 1}, kept by "
                             f"an older version of the kit, is not legal ({error}); open a "
                             "new table") from None
