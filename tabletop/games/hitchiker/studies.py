"""Hitchiker's whole-game study: too many states for an exact chain (money, savings,
contraband and Hometowns of every player), so the seeded games of the kit's heuristic bots
are the only way, and their intervals the honest measure of what is known."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from tabletop.core.game import Game
from tabletop.sim import simulate


def game_lengths(games: int, seed: int, players: Sequence[str] = ("Ann", "Bob", "Cy"),
                 workers: int = 0) -> pd.DataFrame:
    """``games`` seeded games of heuristic bots (rules 1-2 end them): who won, how (rule 1,
    the Bank Pouch, or rule 2, the travelling cash), and the length in rounds (a round =
    every hitchiker takes one turn). The games come from the cached ``simulate``."""
    table = simulate("hitchiker", games=games, seed=seed, bots="heuristic",
                     players=list(players), workers=workers, progress=False)
    table["rounds"] = -(-table["turns"] // len(players))
    table["by"] = np.where(table["reason"].str.contains("Bank Pouch"), "savings", "cash")
    return table[["winner", "by", "turns", "rounds"]]


def rent_received(game: Game, player: str) -> float:
    """A figure for a paired study (tabletop.paired): the dollars of rent ``player`` received
    over the whole game (rule 12), read from the game's events."""
    paid_to = f" to {player} (rent for "
    return float(sum(e.data["paid"] for e in game.events
                     if e.kind in ("pay", "broke") and paid_to in e.text))
