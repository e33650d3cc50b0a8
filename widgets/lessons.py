"""Small display helpers shared by the walkthrough notebooks (any game).

    mark = show_events(game)                       # print what happened so far
    game.apply("roll"); mark = show_events(game, mark)
    compare_plot(dice("2d6"), counts, "Two dice")  # simulated bars, exact marks
    interval_plot({"advert": (p, est)}, "Becoming a smoker")
    turns = hitting_times(chain, rng, 100_000, start=0)  # moves each token took, cached
    wait_plot(exact, turns, "Half the games end by turn 5", mean=chain_mean)
    waits = repeat(wait_for_six, rng, 20_000)      # [wait_for_six(rng) for _ in ...], cached

The exact values come from :mod:`tabletop.odds` or a game's own exact helpers, the
simulated ones from :func:`tabletop.odds.estimate` / :func:`~tabletop.odds.estimate_mean`;
these helpers only lay them side by side. :func:`walk_chain` moves many independent tokens
along a :class:`~tabletop.odds.MarkovChain`, for checking a chain's long-run table, and
:func:`hitting_times` until they stop, for a wait whose exact law comes from the chain itself
(``chain.after(start, t)``, turn by turn); :func:`wait_plot` draws a wait's whole
distribution, exact over simulated (its median, mean, a shaded tail).

The exact-against-simulated table and its miss line live in :mod:`widgets.intervals`.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import MaxNLocator

from tabletop import Game
from tabletop.cache import cached
from tabletop.odds import Estimate, MarkovChain, MeanEstimate
from tabletop.odds import repeat as repeat  # the notebooks import it here
from tabletop.odds.display import approx
from tabletop.odds.display import fraction_text as fraction_text  # the notebooks import it here
from widgets.figures import keep_rendered

from .intervals import CheckedTable, checked_table, interval_misses, level_words
from .intervals import Checks as Checks  # kept for the notebooks that import it from here

if TYPE_CHECKING:
    import pandas as pd

EXACT_COLOUR = "#d62728"
SIM_COLOUR = "#9ecae1"
Sim = Estimate | MeanEstimate
keep_rendered()  # the walkthroughs' pictures drawn once, then read (widgets/figures.py)


def show_events(game: Game, since: int = 0, hide: Iterable[str] = ("shuffle", "pick")) -> int:
    """Print the text of each event from number ``since`` on, skipping the kinds in
    ``hide``; returns the number of events, to pass as ``since`` next time."""
    hidden = set(hide)
    for event in game.events[since:]:
        if event.kind not in hidden:
            print("•", event.text)
    return len(game.events)


def _frequencies(counts: Mapping[Any, float] | Sequence[float] | np.ndarray) -> dict[Any, float]:
    items = counts.items() if isinstance(counts, Mapping) else enumerate(np.asarray(counts))
    pairs = [(k, float(v)) for k, v in items]
    total = sum(v for _, v in pairs)
    return {k: v / total for k, v in pairs} if total else dict(pairs)


def compare_plot(exact: Mapping[Any, Fraction | float],
                 sample_counts: Mapping[Any, float] | Sequence[float] | np.ndarray,
                 title: str, xlabel: str = "", ax: plt.Axes | None = None,
                 labels: Mapping[Any, str] | None = None) -> plt.Axes:
    """Bars of the simulated frequencies with the exact probabilities marked on them.

    ``exact`` maps each outcome to its probability (a :class:`~tabletop.odds.Dist`, a
    dict or a pandas Series); ``sample_counts`` maps outcomes to how often they came
    up, or is an array indexed by outcome (``np.bincount``). Outcomes missing from the
    counts count as 0."""
    ax = ax or plt.subplots(figsize=(6, 2.6))[1]
    freq = _frequencies(sample_counts)
    outcomes, probabilities = zip(*exact.items(), strict=True)
    x = np.arange(len(outcomes))
    ax.bar(x, [freq.get(o, 0.0) for o in outcomes], color=SIM_COLOUR, label="simulated")
    ax.scatter(x, [float(p) for p in probabilities], marker="_", s=260, linewidths=2,
               color=EXACT_COLOUR, label="exact", zorder=3)
    ax.set_xticks(x, [(labels or {}).get(o, str(o)) for o in outcomes],
                  rotation=90 if len(outcomes) > 14 else 0, fontsize=8)
    ax.set_title(title, fontsize=10)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share")
    ax.legend(fontsize=8)
    return ax


def interval_plot(rows: Mapping[str, tuple[Fraction | float, Sim]], title: str,
                  ax: plt.Axes | None = None) -> plt.Axes:
    """For each named quantity: the simulated value with its confidence interval (at the
    simulation's own level, 95% or 99%), and the exact value drawn as a red bar across it."""
    ax = ax or plt.subplots(figsize=(6, 0.6 + 0.5 * len(rows)))[1]
    for k, (exact, sim) in enumerate(rows.values()):
        low, high = sim.interval
        centre = sim.p_hat if isinstance(sim, Estimate) else sim.mean
        ax.errorbar(centre, k, xerr=[[centre - low], [high - centre]], fmt="o",
                    color="#08519c", capsize=4,
                    label=f"simulated, {level_words(sim)} interval" if k == 0 else None)
        ax.plot([float(exact)] * 2, [k - 0.3, k + 0.3], color=EXACT_COLOUR, linewidth=2)
        if k == 0:  # the legend's key drawn as the same vertical tick
            ax.plot([], [], "|", color=EXACT_COLOUR, markersize=10, markeredgewidth=2,
                    label="exact")
    ax.set_yticks(range(len(rows)), list(rows), fontsize=8)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="best")
    return ax


def exact_vs_sim_table(rows: Mapping[str, tuple[Fraction | float, Sim]]) -> pd.DataFrame:
    """:func:`widgets.intervals.checked_table` of ``rows`` (the name notebooks used before)."""
    return checked_table(rows)


def _cumulative(chain: MarkovChain) -> np.ndarray:
    """Each row of the chain's matrix added up, for drawing the next state with one uniform."""
    cumulative = np.cumsum(chain.to_numpy(), axis=1)
    cumulative[:, -1] = 1.0
    return cumulative


def _step(cumulative: np.ndarray, where: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One move of every token in ``where`` (state indexes), drawn with ``rng``."""
    u = rng.random(len(where))
    return (u[:, None] >= cumulative[where]).sum(axis=1)


@cached
def walk_chain(chain: MarkovChain, rng: np.random.Generator, n: int, steps: int,
               start: Any = None) -> np.ndarray:
    """Move ``n`` independent tokens ``steps`` times along ``chain`` from ``start``
    (default: its first state); returns the index (into ``chain.states``) where each
    token ends. A check on a chain's exact long-run table by simulation, kept in the kit's
    cache (``rng`` is left where the walk leaves it)."""
    cumulative = _cumulative(chain)
    first = chain.states.index(chain.states[0] if start is None else start)
    where = np.full(n, first, dtype=np.int64)
    for _ in range(steps):
        where = _step(cumulative, where, rng)
    return where


def mean_interval(values: Sequence[float] | np.ndarray, z: float = 1.96) -> MeanEstimate:
    """The mean of a sample of ``values`` with its normal interval (95% for z = 1.96), as
    :func:`tabletop.odds.estimate_mean` gives it for a simulation."""
    data = np.asarray(values, dtype=float)
    return MeanEstimate(len(data), float(data.sum()), float((data * data).sum()), z)


@cached
def hitting_times(chain: MarkovChain, rng: np.random.Generator, n: int, start: Hashable,
                  limit: int = 10_000) -> np.ndarray:
    """Move ``n`` independent tokens from ``start`` until each reaches an absorbing state
    (one the chain never leaves); returns how many moves each token took (0 if ``start``
    is absorbing), kept in the kit's cache (``rng`` is left where the walk leaves it).
    Raises ValueError if a token is still moving after ``limit`` moves."""
    cumulative = _cumulative(chain)
    stays = np.array([chain.matrix[i][i] == 1 for i in range(len(chain.states))])
    where = np.full(n, chain.states.index(start), dtype=np.int64)
    moves = np.zeros(n, dtype=np.int64)
    moving = ~stays[where]
    for _ in range(limit):
        if not moving.any():
            return moves
        where[moving] = _step(cumulative, where[moving], rng)
        moves[moving] += 1
        moving = ~stays[where]
    if moving.any():
        raise ValueError(f"{int(moving.sum())} tokens were still moving after {limit} moves")
    return moves


def wait_plot(exact: Mapping[int, Fraction | float], samples: Sequence[float] | np.ndarray,
              title: str, xlabel: str = "turns until the end",
              mean: Fraction | float | None = None, ax: plt.Axes | None = None, *,
              marks: Sequence[float] = (0.5,), tail: int | None = None,
              upto: int | None = None, what: str = "tokens") -> plt.Axes:
    """A wait's whole distribution: bars of how often each wait came up in ``samples`` (the
    simulation, whole numbers), the exact chance ``exact[t]`` of each wait drawn over them,
    a line at each exact quantile in ``marks`` (the median; 0.9 marks the wait nine in ten
    are done by) and, when given, at the exact ``mean``. ``exact`` may leave out a far tail,
    as long as it holds the quantiles. ``upto`` ends the picture at that wait; ``tail``
    shades the waits beyond it, their exact chance (one minus that of ``tail`` or less) in
    the legend. ``what`` names the simulated things in the legend (tokens, smokers, games)."""
    ax = ax or plt.subplots(figsize=(7, 2.8))[1]
    times = np.asarray(samples)
    whole = times.astype(np.int64)
    if not np.array_equal(whole, times) or (whole < 0).any():
        raise ValueError("the simulated waits must be whole numbers, 0 or more")
    waits = np.array([t for t in sorted(exact) if upto is None or t <= upto])
    counts = np.bincount(whole, minlength=waits.max() + 1)
    ax.bar(waits, counts[waits] / len(times), width=1.0, color=SIM_COLOUR,
           label=f"simulated ({len(times):,} {what})")
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


# -- the exact-against-simulated check lives in widgets/intervals.py; these names stay for the
# notebooks that still import them from here (the lead switches them to widgets.intervals).
def miss_line(rows: Mapping[str, tuple[Fraction | float, Sim]]) -> str:
    """:attr:`widgets.intervals.Misses.line` of ``rows``: ``1 of 4 intervals misses (about 0.2
    expected): DOCTOR``."""
    return interval_misses(rows).line


def checked(rows: Mapping[str, tuple[Fraction | float, Sim]]) -> None:
    """Show :class:`widgets.intervals.CheckedTable` of ``rows``: the table and its miss line."""
    from IPython.display import display

    display(CheckedTable(rows))
