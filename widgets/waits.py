"""Waiting times for the walkthroughs: tokens walked along an absorbing Markov chain until
they stop, and the picture of a wait's whole distribution (exact over simulated).

    turns = hitting_times(chain, rng, 100_000, start=0)      # moves each token took
    wait_plot(exact, turns, "Half the games end by turn 5", mean=chain_mean)
    wait_plot(exact, turns, "...", "moves", marks=(0.5, 0.9), tail=20, upto=40)

The exact distribution comes from the chain itself (``chain.after(start, t)``, turn by
turn); these helpers only simulate and draw, so a notebook keeps the counting in view.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator

from tabletop.odds import MarkovChain
from tabletop.odds.display import approx

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


def wait_plot(exact: Mapping[int, Fraction | float], samples: Sequence[float] | np.ndarray,
              title: str, xlabel: str = "turns until the end",
              mean: Fraction | float | None = None, ax: plt.Axes | None = None, *,
              marks: Sequence[float] = (0.5,), tail: int | None = None,
              upto: int | None = None) -> plt.Axes:
    """A wait's whole distribution: bars of how often each wait came up in ``samples`` (the
    simulation, whole numbers), the exact chance ``exact[t]`` of each wait drawn over them,
    a line at each exact quantile in ``marks`` (the median; 0.9 marks the wait nine in ten
    are done by) and, when given, at the exact ``mean``. ``exact`` may leave out a far tail,
    as long as it holds the quantiles. ``upto`` ends the picture at that wait; ``tail``
    shades the waits beyond it, their exact chance (one minus that of ``tail`` or less) in
    the legend."""
    ax = ax or plt.subplots(figsize=(7, 2.8))[1]
    times = np.asarray(samples)
    whole = times.astype(np.int64)
    if not np.array_equal(whole, times) or (whole < 0).any():
        raise ValueError("the simulated waits must be whole numbers, 0 or more")
    waits = np.array([t for t in sorted(exact) if upto is None or t <= upto])
    counts = np.bincount(whole, minlength=waits.max() + 1)
    ax.bar(waits, counts[waits] / len(times), width=1.0, color=SIM_COLOUR,
           label=f"simulated ({len(times):,} tokens)")
    dots = "o-" if len(waits) <= 40 else "-"  # a dot a wait, while the dots stay apart
    ax.plot(waits, [float(exact[t]) for t in waits], dots, color=EXACT_COLOUR, markersize=3,
            lw=1, label="exact")
    everything = sorted(exact)
    cumulative = np.cumsum([float(exact[t]) for t in everything])
    for share, style in zip(marks, (":", "-.", (0, (1, 4))), strict=False):
        k = int(np.searchsorted(cumulative, share))
        if k == len(everything):
            raise ValueError(f"the exact waits given add up to {approx(cumulative[-1])}, "
                             f"less than the {share:.0%} to mark")
        at = everything[k]
        ax.axvline(at, color="black", ls=style, lw=1,
                   label=f"median {at}" if share == 0.5 else f"{share:.0%} done by {at}")
    if mean is not None:
        ax.axvline(float(mean), color="black", ls="--", lw=1, label=f"mean {float(mean):.2f}")
    if tail is not None:
        beyond = 1 - sum(float(p) for t, p in exact.items() if t <= tail)
        ax.axvspan(tail + 0.5, waits[-1] + 0.5, color="#fde0dd", zorder=0,
                   label=f"more than {tail}: {approx(beyond, 2)}")
    ax.set_xlim(waits[0] - 0.5, waits[-1] + 0.5)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # waits are whole numbers
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax
