"""Bots for every game: a ``random`` bot and each game's ``heuristic`` bot."""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping
from typing import Any

from .core.decisions import Action
from .core.errors import OptionError
from .core.play import Bot
from .core.registry import game_class

KINDS = ("random", "heuristic")


class RandomBot:
    """Picks uniformly among the legal actions (seeded)."""

    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, legal: list[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


def make_bot(game: str, kind: str = "random", seed: int = 0) -> Bot:
    """A bot of ``kind`` (random or heuristic) for the game called ``game``."""
    game_class(game)
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return importlib.import_module(f"tabletop.games.{game}.bots").HeuristicBot(seed)
    raise OptionError(f"there is no {kind!r} bot; the bots are {', '.join(KINDS)}")
