"""Pictures for the probability primer's lessons (``notebooks/primer/``): the plumbing the
lessons keep out of sight, so that their cells show the counting.

    square_bars(exact, "chance to finish first", title, simulated={0: estimate})
    break_even_plot(shares, lines, at, title, xlabel, ylabel)  # where the best option changes
    paired_plot(study, title)  # a paired study's interval against two independent studies'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction

import matplotlib.pyplot as plt

from tabletop.odds import Estimate, MeanEstimate
from tabletop.paired import PairedStudy

from .intervals import level_words
from .lessons import EXACT_COLOUR, SIM_COLOUR

Sim = Estimate | MeanEstimate


def _centre(sim: Sim) -> float:
    return sim.p_hat if isinstance(sim, Estimate) else sim.mean


def square_bars(exact: Mapping[int, Fraction | float], ylabel: str, title: str,
                simulated: Mapping[int, Sim] | None = None, xlabel: str = "square",
                ax: plt.Axes | None = None) -> plt.Axes:
    """One bar a square for an exact figure, with simulated values (and their intervals)
    drawn over the squares that have one."""
    ax = ax or plt.subplots(figsize=(6.5, 2.6))[1]
    squares = list(exact)
    ax.bar(squares, [float(exact[s]) for s in squares], color=SIM_COLOUR, label="exact")
    for k, (square, sim) in enumerate((simulated or {}).items()):
        low, high = sim.interval
        centre = _centre(sim)
        ax.errorbar(square, centre, yerr=[[centre - low], [high - centre]], fmt="o",
                    color=EXACT_COLOUR, capsize=3, ms=4,
                    label=f"simulated, {sim.trials:,} games, {level_words(sim)} interval"
                    if k == 0 else None)
    ax.set_xticks(squares, [str(s) for s in squares], fontsize=7)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    return ax


def break_even_plot(shares: Sequence[float], lines: Mapping[str, Sequence[float]], at: float,
                    title: str, xlabel: str, ylabel: str) -> plt.Axes:
    """Each option's value against one input (``shares``), with the break-even ``at``, the
    input where the best option changes, drawn as a dashed line."""
    ax = plt.subplots(figsize=(6, 2.8))[1]
    for (name, values), colour in zip(lines.items(), ("#08519c", "#fd8d3c"), strict=False):
        ax.plot(shares, values, color=colour, lw=2, label=name)
    ax.axvline(at, color="black", ls="--", lw=1, label=f"break-even {at:.0%}")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper left")
    return ax


def independent_half_width(study: PairedStudy) -> float:
    """Half the interval of the difference had each arm been played on seeds of its own:
    the two arms' standard errors added in squares (they no longer share their luck)."""
    a, b = study.baseline, study.switched
    return a.z * math.sqrt(a.std ** 2 / a.trials + b.std ** 2 / b.trials)


def paired_plot(study: PairedStudy, title: str, unit: str = "") -> plt.Axes:
    """The paired difference with its 95% interval, above the interval the same games would
    give as two independent studies, and zero (no difference) drawn across."""
    ax = plt.subplots(figsize=(6, 1.9))[1]
    mean = study.difference.mean
    low, high = study.difference.interval
    wide = independent_half_width(study)
    rows = {"two independent studies": (mean - wide, mean + wide),
            "one paired study": (low, high)}
    for k, (left, right) in enumerate(rows.values()):
        ax.errorbar(mean, k, xerr=[[mean - left], [right - mean]], fmt="o", capsize=5,
                    color="#08519c" if k else "#9e9ac8", lw=2)
        ax.text(left, k + 0.15, f"{right - left:.3f} wide", fontsize=8, va="bottom")
    ax.axvline(0, color="black", lw=1, ls=":")
    ax.set_yticks(range(len(rows)), list(rows), fontsize=8)
    ax.set_ylim(-0.6, len(rows) - 0.1)
    ax.set_xlabel(f"switched − usual, a game{unit}: the difference and its "
                  f"{level_words(study.difference)} interval")
    ax.set_title(title, fontsize=10)
    return ax
