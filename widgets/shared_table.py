"""One page at a shared table: the seat it plays, the moves it sends, the moves it follows.

A :class:`TableLink` ties a game's app (any :class:`~widgets.app.GameApp`) to a table of
the store (:mod:`tabletop.tables`). The app replays the table's game and shows it through
the eyes of this page's seat (a spectator's view when the page has none, as on the
projector). Every move made on this page, the student's or a bot's, goes to the store
first and is played here only once the store has kept it as the next move; a page that
was too late is told that someone else moved and shows the table as it is. The page
polls the store every ``poll_s`` seconds for moves made elsewhere (about 1 ms a poll on
SQLite) and plays them, so every page redraws within a fraction of a second.

A page follows one table at a time: a link made for another table stops this one (its timer
and, through the app, its bots) before the app plays the new table's game. Should the page's
game ever differ from the table's (a move of the table that is not legal here, or a move of
this page that the store finds not legal at its step), the page replays the table from the
store and follows it again; a table whose kept moves do not replay, or that was closed, is
reported once and no longer followed.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar

from tabletop.core.decisions import Action
from tabletop.core.errors import IllegalAction
from tabletop.tables.errors import (
    MoveRefused,
    NotLegalHere,
    StoreError,
    TableClosed,
    TableError,
)

from .controls import ELSEWHERE, SEAT_LABELS

if TYPE_CHECKING:
    from tabletop.tables import TableStore

    from .app import GameApp


class TableLink:
    """``app`` playing the table ``code`` of ``store`` from ``seat`` (None: watching).

    Raises a :class:`~tabletop.tables.TableError` with a readable message when the code
    names no table, the table plays another game, or the seat is not free; the app is then
    left as it was.
    """

    #: Seconds between two looks at the store for moves made elsewhere.
    poll_s: ClassVar[float] = 0.25
    #: Polls between two looks at who sits where.
    seats_every: ClassVar[int] = 8

    def __init__(self, app: GameApp, store: TableStore, code: str,
                 seat: str | None = None, key: str | None = None) -> None:
        info = store.table(code)
        if info.game != app.game_name:
            raise TableError(f"table {info.code} plays {info.game}, not {app.game_name}: "
                             f"open it from the {info.game} dashboard")
        if seat is not None:
            store.take_seat(info.code, seat, key or "")
        game = store.game(info.code)
        self.app, self.store, self.info = app, store, info
        self.seat, self.key = seat, key
        #: A passing trouble (the store cannot be reached): the page tries again.
        self.problem = ""
        #: Why this page no longer follows the table ("" while it does).
        self.ended = ""
        self._polls = 0
        self._timer: asyncio.TimerHandle | None = None
        if app.shared is not None:
            app.shared.stop()
        app.shared = self
        app.start(game, seats=self.seats_here())
        self._schedule()

    @property
    def code(self) -> str:
        """The table's code."""
        return self.info.code

    def seats_here(self) -> dict[str, str]:
        """The app's seats on this page: this page's student, the other students elsewhere,
        the bots as the table has them (any page may run a bot: the store keeps one move)."""
        return {
            s.player: "human" if s.player == self.seat else (ELSEWHERE if s.kind == "human"
                                                               else s.kind)
            for s in self.info.seats
        }

    # -- the app's SharedSeat ------------------------------------------------------------
    def send(self, step: int, action: Action, player: str) -> None:
        """Keep the move in the store before the app plays it (see :class:`SharedSeat`)."""
        key = self.key if player == self.seat else None
        try:
            self.store.record(self.code, step, action, player, key)
        except TableClosed as error:
            self.end(f"{error}; ask your teacher for the new table's code")
            raise
        except NotLegalHere:
            self.rejoin()
            raise
        except MoveRefused:
            self.catch_up()
            raise
        except StoreError as error:
            self.problem = str(error)
            raise MoveRefused(f"your move was not made: {error}") from None

    def seat_label(self, player: str) -> str:
        """"You", a student here or not yet, or the bot's kind."""
        seat = next((s for s in self.info.seats if s.player == player), None)
        if player == self.seat:
            return "You"
        if seat is None:  # sat down during the game: the app gave them a bot
            return SEAT_LABELS.get(self.app.seats.get(player, ""), "Bot")
        if seat.kind == "human":
            return "Student" if seat.taken else "Student (seat free)"
        return SEAT_LABELS[seat.kind]

    # -- following the table ---------------------------------------------------------------
    @property
    def following(self) -> bool:
        """Whether this page still follows the table (not ended, and its app's table)."""
        return not self.ended and self.app.shared is self

    def catch_up(self) -> None:
        """Play the moves made elsewhere since this page's last one (and, now and then, see
        who has taken a seat, and whether the table was closed)."""
        if not self.following:
            return
        steps = self.app.game.steps
        try:  # this page's last move too: the page checks it is the table's
            moves = self.store.moves(self.code, since=max(steps - 1, 0))
            if self._polls % self.seats_every == 0:
                self.info = self.store.table(self.code)
        except StoreError as error:
            self.problem = str(error)
            return
        self.problem = ""
        self._polls += 1
        if steps and (not moves or [(moves[0].action, moves[0].player)]
                      != [(self.app.game.actions[-1], *self.app.deciders[-1:])]):
            self.rejoin()  # this page's last move is not the table's
            return
        try:
            if moves[bool(steps):]:
                self.app.follow([(m.action, m.player) for m in moves[bool(steps):]])
        except IllegalAction:
            self.rejoin()
            return
        if self.info.closed:
            self.end(f"table {self.code} was closed by the teacher; ask for the new "
                     "table's code")

    def rejoin(self) -> None:
        """Replay the table from the store and follow it again (this page's game was not the
        table's); a table whose moves do not replay ends here, said once."""
        try:
            game = self.store.game(self.code)
        except StoreError as error:
            self.end(str(error))
            return
        self.app.start(game, seats=self.seats_here())

    def end(self, why: str) -> None:
        """Stop following the table, because ``why`` (shown on the page)."""
        self.ended = why
        self.stop()

    def stop(self) -> None:
        """Stop looking at the store (the page follows another table, or none)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.app.stop_bots()

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (a script or a test): call catch_up() to follow
        self._timer = loop.call_later(self.poll_s, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if not self.following:
            return
        self.app.errors.call("following the shared table", self.catch_up)
        self.app.sharing.show_table()
        if self.following:
            self._schedule()
