"""Bots for every game: a ``random`` bot and each game's ``heuristic`` bot."""

from __future__ import annotations

import copy
import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .core.decisions import Action
from .core.errors import OptionError
from .core.play import Bot
from .core.registry import game_class
from .core.views import LazyView

KINDS = ("random", "heuristic")


def _copied(bot: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(bot)``, its random generator copied by its state: a paired study
    (:mod:`tabletop.paired`) copies the rivals where its two games part, and the copy module
    would walk a ``random.Random``'s 625 words one by one (ten times slower). The copy draws
    exactly what the bot would have drawn next."""
    clone = object.__new__(type(bot))
    memo[id(bot)] = clone
    for name, value in vars(bot).items():
        if type(value) is random.Random:
            rng = random.Random.__new__(random.Random)
            rng.setstate(value.getstate())
            value = rng
        else:
            value = copy.deepcopy(value, memo)
        setattr(clone, name, value)
    return clone


class RandomBot:
    """Picks uniformly among every legal action (seeded): each choice and each amount of
    the decision's range are equally likely, picked by index without listing the range."""

    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]

    __deepcopy__ = _copied


class HeuristicBot:
    """The base of every game's heuristic bot: it reads its own view and hands the pending
    decision to the method named after its kind (``bid`` -> ``on_bid(view, legal)``);
    a kind it has no method for is answered at random (seeded)."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._handlers: dict[str, Any] = {}  # decision kind -> its method (None: at random)

    __deepcopy__ = _copied

    def choose(self, view: Mapping[str, Any] | None, legal: Sequence[Action]) -> Action:
        kind = view.kind if type(view) is LazyView else view["decision"]["kind"]
        handler = self._handlers.get(kind, self)
        if handler is self:
            handler = self._handlers[kind] = getattr(self, f"on_{kind}", None)
        if handler is None:
            return legal[int(self.rng.random() * len(legal))]
        return handler(view, legal)

    @staticmethod
    def value(view: Mapping[str, Any], action: Action) -> Any:
        """What ``action`` means to the rules (its mapped value), never read off its text. The
        view holds plain JSON data, so a value the rules receive as a tuple (``("Doctor",
        "Bob")``) is a list there: it is given back as the tuple."""
        if type(action) is not str:
            return action
        value = view["decision"]["values"].get(action, action)
        return tuple(value) if type(value) is list else value


def make_bot(game: str, kind: str = "random", seed: int = 0) -> Bot:
    """A bot of ``kind`` (random or heuristic) for the game called ``game``."""
    game_class(game)
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return importlib.import_module(f"tabletop.games.{game}.bots").HeuristicBot(seed)
    raise OptionError(f"there is no {kind!r} bot; the bots are {', '.join(KINDS)}")
