"""Waiting times for the walkthroughs: tokens walked along an absorbing Markov chain until
they stop, and the picture of a wait's whole distribution (exact over simulated).

    turns = hitting_times(chain, rng, 100_000, start=0)      # moves each token took
    wait_plot(exact, turns, "Half the games end by turn 5", mean=chain_mean)

The exact distribution comes from the chain itself (``chain.after(start, t)``, turn by
turn); these helpers only simulate and draw, so a notebook keeps the counting in view.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

from tabletop.odds import MarkovChain

from .lessons import EXACT_COLOUR, SIM_COLOUR


def hitting_times(chain: MarkovChain, rng: np.random.Generator, n: int, start: Hashable,
                  limit: int = 10_000) -> np.ndarray:
    """Move ``n`` independent tokens from ``start`` until each reaches an absorbing state
    (one the chain never leaves); returns how many moves each token took (0 if ``start``
    is absorbing). Raises ValueError if a token is still moving after ``limit`` moves."""
    cumulative = np.cumsum(chain.to_numpy(), axis=1)
    cumulative[:, -1] = 1.0
    stays = np.array([chain.matrix[i][i] == 1 for i in range(len(chain.states))])
    where = np.full(n, chain.states.index(start), dtype=np.int64)
    moves = np.zeros(n, dtype=np.int64)
    moving = ~stays[where]
    for _ in range(limit):
        if not moving.any():
            return moves
        u = rng.random(int(moving.sum()))
        where[moving] = (u[:, None] >= cumulative[where[moving]]).sum(axis=1)
        moves[moving] += 1
        moving = ~stays[where]
    if moving.any():
        raise ValueError(f"{int(moving.sum())} tokens were still moving after {limit} moves")
    return moves


def wait_plot(exact: Mapping[int, Fraction | float], times: np.ndarray, title: str,
              xlabel: str = "turns until the end", mean: Fraction | float | None = None,
              ax: plt.Axes | None = None) -> plt.Axes:
    """Bars of how often each wait came up in ``times`` (the simulation), the exact chance
    ``exact[t]`` of each wait drawn over them, the median of ``exact`` marked (``exact`` may
    leave out a far tail, not half the chance) and, when given, the exact ``mean``."""
    ax = ax or plt.subplots(figsize=(6, 2.8))[1]
    waits = np.array(sorted(exact))
    chances = np.array([float(exact[t]) for t in waits])
    counts = np.bincount(times, minlength=waits.max() + 1)[: waits.max() + 1]
    ax.bar(waits, counts[waits] / len(times), color=SIM_COLOUR,
           label=f"simulated ({len(times):,} tokens)")
    ax.plot(waits, chances, "o-", color=EXACT_COLOUR, markersize=3, lw=1, label="exact")
    median = int(waits[np.searchsorted(np.cumsum(chances), 0.5)])
    ax.axvline(median, color="black", ls=":", lw=1, label=f"median {median}")
    if mean is not None:
        ax.axvline(float(mean), color="black", ls="--", lw=1, label=f"mean {float(mean):.2f}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax
