"""Small display helpers shared by the walkthrough notebooks (any game).

    mark = show_events(game)                       # print what happened so far
    game.apply("roll"); mark = show_events(game, mark)
    compare_plot(dice("2d6"), counts, "Two dice")  # simulated bars, exact marks
    interval_plot({"advert": (p, est)}, "Becoming a smoker")
    exact_vs_sim_table({"advert": (p, est)})

The exact values come from :mod:`tabletop.odds` or a game's own exact helpers, the
simulated ones from :func:`tabletop.odds.estimate` / :func:`~tabletop.odds.estimate_mean`;
these helpers only lay them side by side. :func:`walk_chain` moves many independent tokens
along a :class:`~tabletop.odds.MarkovChain`, for checking a chain's long-run table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from tabletop import Game
from tabletop.odds import Estimate, MarkovChain, MeanEstimate
from tabletop.odds.display import approx

EXACT_COLOUR = "#d62728"
SIM_COLOUR = "#9ecae1"
Sim = Estimate | MeanEstimate


def show_events(game: Game, since: int = 0, hide: Iterable[str] = ("shuffle", "pick")) -> int:
    """Print the text of each event from number ``since`` on, skipping the kinds in
    ``hide``; returns the number of events, to pass as ``since`` next time."""
    hidden = set(hide)
    for event in game.events[since:]:
        if event.kind not in hidden:
            print("•", event.text)
    return len(game.events)


def fraction_text(value: Fraction | float) -> str:
    """A probability or a mean as a student reads it (TEACHING.md): ``1/3 ≈ 0.3333`` when the
    fraction is short, ``≈ 0.004713`` when it is not, ``0.2222`` for a float, ``17,500`` for a
    whole number."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return f"{value.numerator:,}"
        if max(abs(value.numerator), value.denominator) < 10**6:
            return f"{value} ≈ {approx(float(value))}"
        return f"≈ {approx(float(value))}"
    return approx(value)


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
        level = f"{100 * math.erf(sim.z / math.sqrt(2)):.0f}%"
        ax.errorbar(centre, k, xerr=[[centre - low], [high - centre]], fmt="o",
                    color="#08519c", capsize=4,
                    label=f"simulated, {level} interval" if k == 0 else None)
        ax.plot([float(exact)] * 2, [k - 0.3, k + 0.3], color=EXACT_COLOUR, linewidth=2,
                label="exact" if k == 0 else None)
    ax.set_yticks(range(len(rows)), list(rows), fontsize=8)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="best")
    return ax


def exact_vs_sim_table(rows: Mapping[str, tuple[Fraction | float, Sim]]) -> pd.DataFrame:
    """One row per named quantity: exact value, simulated value, its interval and
    whether the interval holds the exact value."""
    records = []
    for name, (exact, sim) in rows.items():
        low, high = sim.interval
        records.append({
            "quantity": name,
            "exact": fraction_text(exact),
            "simulated": approx(sim.p_hat if isinstance(sim, Estimate) else sim.mean),
            "interval": f"{approx(low)} – {approx(high)}",
            "trials": sim.trials,
            "agrees": sim.contains(exact),
        })
    return pd.DataFrame(records).set_index("quantity")


def walk_chain(chain: MarkovChain, rng: np.random.Generator, n: int, steps: int,
               start: Any = None) -> np.ndarray:
    """Move ``n`` independent tokens ``steps`` times along ``chain`` from ``start``
    (default: its first state); returns the index (into ``chain.states``) where each
    token ends. A check on a chain's exact long-run table by simulation."""
    cumulative = np.cumsum(chain.to_numpy(), axis=1)
    cumulative[:, -1] = 1.0
    first = chain.states.index(chain.states[0] if start is None else start)
    where = np.full(n, first, dtype=np.int64)
    for _ in range(steps):
        u = rng.random(n)
        where = (u[:, None] >= cumulative[where]).sum(axis=1)
    return where


def mean_interval(values: Sequence[float] | np.ndarray, z: float = 1.96) -> MeanEstimate:
    """The mean of a sample of ``values`` with its normal interval (95% for z = 1.96), as
    :func:`tabletop.odds.estimate_mean` gives it for a simulation."""
    data = np.asarray(values, dtype=float)
    return MeanEstimate(len(data), float(data.sum()), float((data * data).sum()), z)

