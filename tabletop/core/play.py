"""Driving a game with bots: the loop shared by simulations, tests and the widgets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from .decisions import Action
from .game import Game
from .views import LazyView


class Bot(Protocol):
    """A player program: it sees only its own view and picks one of the legal actions
    (``game.legal_actions()``: the choices, then every amount of the decision's range;
    ``view["decision"]["amount"]`` gives that range as ``[low, high, step]``)."""

    needs_view: bool

    def choose(self, view: Mapping[str, Any] | None, legal: Sequence[Action]) -> Action: ...


def bot_move(game: Game, bot: Bot) -> Action:
    """The action ``bot`` picks for the pending decision (the game is not changed)."""
    pending = game.decision
    return bot.choose(LazyView(game, pending.player) if bot.needs_view else None,
                      pending.legal_actions())


def play_to_end(game: Game, bots: Mapping[str, Bot], max_steps: int = 1_000_000) -> Game:
    """Let ``bots`` (one per player name) play ``game`` until it is over."""
    for _ in range(max_steps):
        pending = game.decision
        if pending is None:
            return game
        game.apply(bot_move(game, bots[pending.player]))
    raise RuntimeError(f"{game.name} did not end within {max_steps} moves")
