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
from fractions import Fraction
from functools import cache
from types import FunctionType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

#: One part of a table: made from the game and the viewer (None: a spectator).
Part = Callable[[Any, "str | None"], Any]


def chance(p: Fraction) -> str:
    """An exact chance as a view holds it: plain text such as ``"3/8"`` (``"0"``, ``"1"``),
    which ``Fraction(text)`` reads back exactly. Views are plain JSON data."""
    return str(p)


#: The containers :func:`plain` looks into; anything else is given as it is.
NESTED = frozenset({tuple, list, dict})


def plain(value: Any) -> Any:
    """``value`` with every tuple made a list, as JSON would give it back (a decision's
    values hold tuples such as ``("Doctor", "Bob")``)."""
    kind = type(value)
    if kind is dict:
        return {k: plain(v) if type(v) in NESTED else v for k, v in value.items()}
    if kind is tuple or kind is list:
        return [plain(v) if type(v) in NESTED else v for v in value]
    return value


def table(parts: Mapping[str, Part], game: Game, player: str | None) -> dict[str, Any]:
    """Every part of a table given part by part."""
    return {key: part(game, player) for key, part in parts.items()}


def made(table: Mapping[str, Any]) -> dict[str, Any]:
    """``table`` with every part left for later made now."""
    return {key: value() if type(value) is FunctionType else value
            for key, value in table.items()}


def decision_part(game: Game, player: str | None) -> dict[str, Any] | None:
    """The pending decision, when it is ``player``'s: what a view shows of it."""
    pending = game.decision
    if pending is None or pending.player != player:
        return None
    return {
        "kind": pending.kind,
        "prompt": pending.prompt,
        "choices": list(pending.choices),
        "labels": dict(pending.labels),
        "values": {} if not pending.values else plain(
            pending.values if type(pending.values) is dict else dict(pending.values)),
        "amount": None if pending.amount is None else [
            pending.amount.low, pending.amount.high, pending.amount.step
        ],
    }


def result_part(game: Game, player: str | None) -> dict[str, Any] | None:
    """How the game ended, once it has."""
    result = game.result
    if result is None:
        return None
    return {"winners": list(result.winners), "ranking": list(result.ranking),
            "reason": result.reason}


#: The part of :meth:`Game.view` every game shares, part by part (tabletop.core.views): who
#: plays, whose turn it is, the pending decision when it is the viewer's, and the result.
SHARED: dict[str, Part] = {
    "game": lambda g, you: g.name,
    "players": lambda g, you: list(g.players),
    "you": lambda g, you: you,
    "over": lambda g, you: g.decision is None,
    "waiting_for": lambda g, you: None if g.decision is None else g.decision.player,
    "decision": decision_part,
    "result": result_part,
}


@cache
def parts_of(game_class: type[Game]) -> dict[str, Part]:
    """Every part of a view of ``game_class`` that is made part by part: the shared ones and
    its ``TABLE``."""
    return {**SHARED, **(game_class.TABLE or {})}


class LazyView(dict):
    """``game.view(player)`` as a bot reads it: each part is made when it is first read (the
    shared parts, then the game's ``TABLE`` parts or its ``table_view``, whose parts left
    for later are made when read). Anything but reading a key (iterating, comparing,
    printing) makes the whole view first. Read it while choosing: it is made from the game
    as it is then."""

    __slots__ = ("_game", "_parts", "_player", "_table")

    def __init__(self, game: Game, player: str | None) -> None:
        # Never empty: a C-level reader of dicts (json) takes an empty one at its word.
        self["you"] = player
        self._game = game
        self._player = player
        self._parts = parts_of(type(game))
        self._table: Mapping[str, Any] | None = None

    @property
    def kind(self) -> str:
        """The kind of the decision the bot is asked (without making the decision part)."""
        return self._game.decision.kind

    def _later(self) -> Mapping[str, Any]:
        if self._table is None:
            self._table = self._game.TABLE or self._game.table_view(self._player)
        return self._table

    def __missing__(self, key: str) -> Any:
        part = self._parts.get(key)
        if part is None:  # a game without TABLE: its table_view, made once
            part = self._later()[key]
            if type(part) is not FunctionType:
                self[key] = part
                return part
            value = self[key] = part()
            return value
        value = self[key] = part(self._game, self._player)
        return value

    def _whole(self) -> LazyView:
        """Every part made, in the order of the view."""
        keys = (*SHARED, *self._later())
        for key in keys:
            if not dict.__contains__(self, key):
                self.__missing__(key)
        ordered = {key: dict.__getitem__(self, key) for key in keys}
        dict.clear(self)
        dict.update(self, ordered)
        return self

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return key in SHARED or key in self._later()

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
