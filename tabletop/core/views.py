"""Views made when they are read.

A game's ``table_view`` may give a costly part of the table as a function of no arguments,
e.g. ``"seats": lambda: seats_view(game)``: :meth:`Game.view <tabletop.core.game.Game.view>`
calls every such function, so widgets and saves see plain data, while the
:class:`LazyView` handed to a bot calls only those of the parts the bot reads. A bot that
answers a roll, or reads only the seats, pays for no board.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import FunctionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def made(table: Mapping[str, Any]) -> dict[str, Any]:
    """``table`` with every part left for later made now."""
    return {key: value() if type(value) is FunctionType else value
            for key, value in table.items()}


class LazyView(Mapping[str, Any]):
    """``game.view(player)`` as a bot reads it: the shared part (the decision, whose turn)
    at once, the game's table when a key of it is first read, and each part the table left
    for later when it is read. Read it while choosing: it is made from the game as it is
    then."""

    __slots__ = ("_game", "_player", "_table", "_view")

    def __init__(self, game: Game, player: str | None) -> None:
        self._game = game
        self._player = player
        self._view = game.decision_view(player)
        self._table: dict[str, Any] | None = None

    def _later(self) -> dict[str, Any]:
        if self._table is None:
            self._table = self._game.table_view(self._player)
        return self._table

    def __getitem__(self, key: str) -> Any:
        view = self._view
        if key in view:
            return view[key]
        value = self._later()[key]
        if type(value) is FunctionType:
            value = value()
        view[key] = value
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._view or key in self._later()

    def __iter__(self) -> Iterator[str]:
        return iter({**self._view, **self._later()})

    def __len__(self) -> int:
        return len({**self._view, **self._later()})
