"""tabletop: the engine of the tabletop teaching kit.

Every game is driven through one small contract (see DESIGN.md)::

    import tabletop
    game = tabletop.new_game("smokers_wild", players=["Ann", "Bob"], seed=7)
    game.decision, game.legal_actions(), game.apply(action), game.is_over, game.result
    text = game.save(); tabletop.load(text)
    tabletop.simulate("smokers_wild", games=1000, seed=1, bots="heuristic")
"""

from .core.chance import Script
from .core.decisions import Amount, Decision, LegalActions
from .core.errors import ContentError, IllegalAction, OptionError, SaveError, TabletopError
from .core.events import Event
from .core.game import Game, Result
from .core.registry import GAMES, load, new_game

__all__ = [
    "GAMES",
    "Amount",
    "ContentError",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "LegalActions",
    "OptionError",
    "Result",
    "SaveError",
    "Script",
    "TabletopError",
    "load",
    "new_game",
    "simulate",
]


def __getattr__(name: str) -> object:
    """``tabletop.simulate`` is imported on first use (it brings in pandas)."""
    if name == "simulate":
        from .sim import simulate

        return simulate
    raise AttributeError(f"module 'tabletop' has no attribute {name!r}")
