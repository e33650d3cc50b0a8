"""Views made when they are read.

A game's ``table_view`` may give a costly part of the table as a function of no arguments,
e.g. ``"seats": lambda: seats_view(game)``: :meth:`Game.view <tabletop.core.game.Game.view>`
calls every such function, so widgets and saves see plain data, while the
:class:`LazyView` handed to a bot calls only those of the parts the bot reads. A bot that
answers a roll, or reads only the seats, pays for no board.

A game whose bots must be quicker still gives its whole table part by part: ``TABLE`` maps
each key to a :data:`Part`, a function of the game and the viewer, and a bot's view makes
only the parts it reads, without laying out the rest of the table at all.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import FunctionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

#: One part of a table: made from the game and the viewer (None: a spectator).
Part = Callable[[Any, "str | None"], Any]


def table(parts: Mapping[str, Part], game: Game, player: str | None) -> dict[str, Any]:
    """Every part of a table given part by part."""
    return {key: part(game, player) for key, part in parts.items()}


def made(table: Mapping[str, Any]) -> dict[str, Any]:
    """``table`` with every part left for later made now."""
    return {key: value() if type(value) is FunctionType else value
            for key, value in table.items()}


class LazyView(dict):
    """``game.view(player)`` as a bot reads it: the shared part (the decision, whose turn)
    at once, the game's table when a key of it is first read, and each part the table left
    for later when it is read. Anything but reading a key (iterating, comparing, printing)
    makes the whole view first. Read it while choosing: it is made from the game as it is
    then."""

    __slots__ = ("_game", "_player", "_table")

    def __init__(self, game: Game, player: str | None) -> None:
        dict.__init__(self, game.decision_view(player))
        self._game = game
        self._player = player
        self._table: dict[str, Any] | None = None

    def _later(self) -> Mapping[str, Any]:
        if self._table is None:
            self._table = self._game.table_view(self._player)
        return self._table

    def __missing__(self, key: str) -> Any:
        parts = self._game.TABLE
        if parts is not None:
            value = self[key] = parts[key](self._game, self._player)
            return value
        value = self._later()[key]
        if type(value) is FunctionType:
            value = value()
        self[key] = value
        return value

    def _whole(self) -> LazyView:
        for key in self._game.TABLE or self._later():
            if not dict.__contains__(self, key):
                self.__missing__(key)
        return self

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in (self._game.TABLE or self._later())

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._whole())

    def __len__(self) -> int:
        return dict.__len__(self._whole())

    def keys(self) -> Any:
        return dict.keys(self._whole())

    def values(self) -> Any:
        return dict.values(self._whole())

    def items(self) -> Any:
        return dict.items(self._whole())

    def copy(self) -> dict[str, Any]:
        return dict(self._whole().items())

    def __eq__(self, other: object) -> bool:
        return dict.__eq__(self._whole(), other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return dict.__repr__(self._whole())
