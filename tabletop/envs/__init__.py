"""Every game of the kit as an environment for learning agents (optional: ``pip install
tabletop-kit[rl]``).

* :func:`pettingzoo_env` — a PettingZoo AEC environment: each agent is a player; it
  observes its own view as numbers with a mask of the legal actions, and a game's winners
  are rewarded 1 at the end.
* :func:`openspiel_game` — an OpenSpiel game (every game is registered with ``pyspiel`` as
  ``tabletop_<name>`` when this package is imported, if OpenSpiel is installed) whose
  chance nodes are the kit's own draws: each die, each pick, each card of a shuffle dealt, with
  its exact chance. Its observation tensor holds the same numbers as the PettingZoo
  observation, its observation string the player's view; its information state (text)
  recalls the player's views and actions at each of their decisions.

Both use one action space per game (tabletop.envs.spaces): the decision's choices in the
order it lists them, then an amount asked for in buckets from its lowest to its highest.
What a game shows an agent is the game's own ``encode.py``. Importing tabletop never
imports this package, PettingZoo or OpenSpiel.
"""

from __future__ import annotations

from importlib.util import find_spec
from typing import Any

if find_spec("pyspiel") is not None:
    from . import spiel  # noqa: F401  (registers every game with pyspiel)


def pettingzoo_env(name: str, **options: Any) -> Any:
    """The game called ``name`` as a PettingZoo AEC environment. ``players`` (a number or
    names) and the game's own options may be given."""
    from .aec import TabletopEnv

    return TabletopEnv(name, **options)


def openspiel_game(name: str, **params: Any) -> Any:
    """The game called ``name`` as a ``pyspiel`` game (``players`` among ``params``)."""
    import pyspiel

    from .spiel import register

    return pyspiel.load_game(register(name), params)


__all__ = ["openspiel_game", "pettingzoo_env"]
