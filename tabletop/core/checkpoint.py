"""Checkpoints: a game copied where a turn begins, and played on from there.

A game's rules run as a generator (:meth:`Game.play <tabletop.core.game.Game.play>`),
which cannot be copied once it has started. Where a turn begins, though, all the rules
still have to do is in the game's attributes: a game that can be checkpointed gives the
rest of its order of play from there as :meth:`Game.rounds
<tabletop.core.game.Game.rounds>`, read from its attributes alone, and calls
:meth:`Game.turn_begins <tabletop.core.game.Game.turn_begins>` at the top of each turn
(Pitch: each hand). A caller that sets ``game.at_turn`` is called there and may take a
:class:`Checkpoint`; nobody else pays anything for it.

A checkpoint holds the game's attributes (pickled, so that one checkpoint resumes any
number of independent games) without the rules in progress, the pending decision, the
draw hook, the event log or the list of actions: its cost does not grow with the
history. What cannot change is shared, not copied: the content, every frozen dataclass
(content entries, decisions, results) and every fraction.
"""

from __future__ import annotations

import io
import pickle
import random
from dataclasses import is_dataclass
from fractions import Fraction
from typing import Any

from .chance import Draw
from .decisions import Decision
from .game import Game

#: The attributes a checkpoint leaves out: the rules in progress and what grows with the
#: history (a resumed game's log and actions hold what happened since it resumed).
LEFT_OUT = frozenset({"_flow", "_pending", "events", "actions", "at_turn"})


def _shared(index: int) -> Any:
    """Stands for an object a checkpoint shares (its unpickler gives the object itself)."""
    raise pickle.UnpicklingError("a shared object is only read by a checkpoint's unpickler")


def _random(state: tuple[Any, ...] | None) -> random.Random:
    """A random source in ``state`` (without seeding one from the system first); None: the
    source of a game whose draw hook decides every draw, which never uses it."""
    rng = random.Random(0)
    if state is not None:
        rng.setstate(state)
    return rng


_FROZEN: dict[type, bool] = {}


def _frozen(cls: type) -> bool:
    """Whether instances of ``cls`` never change: a frozen dataclass."""
    known = _FROZEN.get(cls)
    if known is None:
        known = _FROZEN[cls] = is_dataclass(cls) and cls.__dataclass_params__.frozen
    return known


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: list[Any], hook: Draw | None) -> None:
        super().__init__(file, pickle.HIGHEST_PROTOCOL)
        self._table = shared
        self._hook = hook

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        if obj is self._hook and obj is not None:
            return type(None), ()  # the draw hook: a resumed game is given its own
        if cls is random.Random:
            return _random, (None if self._hook else obj.getstate(),)
        if cls is Fraction or _frozen(cls):
            if cls is Decision and obj.again is not None:
                raise pickle.PicklingError(f"{obj.prompt!r} is asked again from the game "
                                           "that made it: it cannot be checkpointed")
            self._table.append(obj)
            return _shared, (len(self._table) - 1,)
        return NotImplemented


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, shared: tuple[Any, ...]) -> None:
        super().__init__(io.BytesIO(data))
        self._table = shared

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "_shared":
            return self._table.__getitem__
        return super().find_class(module, name)


class Checkpoint:
    """``game`` as it is where a turn begins (taken from :meth:`Game.turn_begins`), which
    :meth:`resume` plays on from there."""

    __slots__ = ("_data", "_hooked", "_shared")

    def __init__(self, game: Game) -> None:
        if type(game).rounds is Game.rounds:
            raise TypeError(f"{game.title} gives no rounds(), so it cannot be checkpointed")
        shared: list[Any] = []
        out = io.BytesIO()
        state = {k: v for k, v in game.__dict__.items() if k not in LEFT_OUT}
        _Pickler(out, shared, game._draw).dump((type(game), state))
        self._data = out.getvalue()
        self._shared = tuple(shared)
        self._hooked = game._draw is not None

    def __len__(self) -> int:
        """Its size in bytes (the shared objects left out)."""
        return len(self._data)

    def resume(self, draw: Draw | None = None) -> Game:
        """A new game at this point, run on to its next decision (or to a draw of ``draw``,
        its draw hook, in place of the original's; without one, a seeded game goes on with
        the seed's dice where the original was). Its ``events`` and ``actions`` hold what
        happens from here on, so its :meth:`~Game.save` does not hold the whole game. A game
        whose draw hook decided its chance resumes only with one (its seed was not used)."""
        if self._hooked and draw is None:
            raise ValueError("this game's chance came from a draw hook: resume it with one")
        cls, state = _Unpickler(self._data, self._shared).load()
        game = cls.__new__(cls)
        game.__dict__.update(state)
        game._draw = game.chance.draw = draw
        game.events = []
        game.actions = []
        game._pending = None
        game._flow = game.rounds()
        game._advance(None)
        return game
