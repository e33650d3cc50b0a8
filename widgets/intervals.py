"""Honest intervals (TEACHING.md, issue 17): a table of exact values against simulated ones
ends by saying how many intervals miss, which ones, and how many misses chance alone brings.

    rows = {"Remindya": (exact, estimate), ...}   # the exact value, then an Estimate
    checked_table(rows)                            # the table a student reads
    say("{misses}", misses=interval_misses(rows))  # "1 of 42 intervals miss ...: Nowhere Falls."

Each interval's level is its own (95% or 99%, from its z); the expected number of misses is
the sum over the intervals of (1 - level), and the chance of at least one miss is
1 - (product of the levels), the intervals taken as independent.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from tabletop.odds import Estimate, MeanEstimate
from tabletop.odds.display import approx, fraction_text

Sim = Estimate | MeanEstimate
Rows = Mapping[str, tuple[Fraction | float, Sim]]


def level(sim: Sim) -> float:
    """The share of intervals built this way that hold the true value (0.95 for z = 1.96)."""
    return math.erf(sim.z / math.sqrt(2))


def level_words(sim: Sim) -> str:
    """``95%`` or ``99%``."""
    return f"{100 * level(sim):.0f}%"


#: How far outside its interval an exact value may sit and still be held (rounding in floats:
#: an interval of a share never seen starts a hair above 0).
ROUNDING = 1e-12


def holds(exact: Fraction | float, sim: Sim) -> bool:
    """Whether the simulation's interval holds the exact value, up to float rounding."""
    low, high = sim.interval
    return low - ROUNDING <= float(exact) <= high + ROUNDING


def chance_of_a_miss(checks: int, at: float) -> float:
    """The chance that at least one of ``checks`` independent intervals at level ``at`` misses."""
    return 1 - at ** checks


@dataclass(frozen=True)
class Misses:
    """How many of a table's intervals miss their exact value, which, and what chance expects."""

    names: tuple[str, ...]
    checks: int
    expected: float
    at_least_one: float
    levels: str

    def __str__(self) -> str:
        named = (": " + ", ".join(self.names)) if self.names else ""
        return (f"{len(self.names)} of {self.checks} intervals miss the exact value (about "
                f"{approx(self.expected, 2)} expected at {self.levels}; at least one miss has "
                f"chance {approx(self.at_least_one, 2)}){named}.")


def interval_misses(rows: Rows) -> Misses:
    """The misses of ``rows`` (name -> (exact, simulation))."""
    sims = [sim for _, sim in rows.values()]
    names = tuple(name for name, (exact, sim) in rows.items() if not holds(exact, sim))
    levels = sorted({level_words(sim) for sim in sims})
    return Misses(names, len(sims), sum(1 - level(sim) for sim in sims),
                  1 - math.prod(level(sim) for sim in sims), " and ".join(levels))


def checked_table(rows: Rows) -> pd.DataFrame:
    """One row per named quantity: the exact value, the simulated one, its interval (at its
    own level) and the trials; a miss is marked, so the sentence below can name it."""
    records = []
    for name, (exact, sim) in rows.items():
        low, high = sim.interval
        low = 0 if low < ROUNDING else low
        records.append({
            "quantity": name,
            "exact": fraction_text(exact),
            "simulated": approx(sim.p_hat if isinstance(sim, Estimate) else sim.mean),
            f"{level_words(sim)} interval": f"{approx(low)} – {approx(high)}",
            "trials": f"{sim.trials:,}",
            "": "" if holds(exact, sim) else "misses",
        })
    return pd.DataFrame(records).set_index("quantity").fillna("")
