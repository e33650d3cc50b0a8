"""Honest intervals (TEACHING.md, issue 17): a table of exact values against simulated ones
ends by saying how many intervals miss, which ones, and how many misses chance alone brings.
This module is the kit's one home for that check; every notebook uses it.

    rows = {"Remindya": (exact, estimate), ...}   # the exact value, then an Estimate
    CheckedTable(rows)                             # the table, ending with its miss line
    say("{misses}", misses=interval_misses(rows))  # "1 of 42 intervals misses (about 0.42
                                                   #  expected): Nowhere Falls."
    checks = Checks()                              # every table of one notebook:
    checks.table(rows)                             # shows it and remembers its rows
    checks.line()                                  # the miss line over all of them

Each interval's level is its own, as it is named (95% for z = 1.96, 99% for z = 2.576); the
expected number of misses is the sum over the intervals of (1 - level), and the chance of at
least one miss is 1 - (product of the levels), the intervals taken as independent.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tabletop.core.words import plural
from tabletop.odds import Estimate, MeanEstimate
from tabletop.odds.display import approx, fraction_text, minus

if TYPE_CHECKING:  # pandas is imported where a table is made
    import pandas as pd

Sim = Estimate | MeanEstimate
Rows = Mapping[str, tuple[Fraction | float, Sim]]

#: The column of :func:`checked_table` saying whether each interval holds its exact value.
VERDICT = "interval holds the exact value"
#: How far outside its interval an exact value may sit and still be held (rounding in floats:
#: an interval of a share never seen starts a hair above 0).
ROUNDING = 1e-12


def level(sim: Sim) -> float:
    """The share of intervals built this way that hold the true value, as the level is named:
    0.95 for z = 1.96, 0.99 for z = 2.576."""
    return z_level(sim.z)


def z_level(z: float) -> float:
    """The level of an interval of ``z`` standard errors either side: 0.95 for z = 1.96."""
    return round(math.erf(z / math.sqrt(2)), 3)


def level_words(sim: Sim) -> str:
    """``95%`` or ``99%``."""
    return f"{100 * level(sim):.0f}%"


def holds(exact: Fraction | float, sim: Sim) -> bool:
    """Whether the simulation's interval holds the exact value, up to float rounding."""
    low, high = sim.interval
    return low - ROUNDING <= float(exact) <= high + ROUNDING


def chance_of_a_miss(checks: int, at: float) -> float:
    """The chance that at least one of ``checks`` independent intervals at level ``at`` misses."""
    return 1 - at ** checks


@dataclass(frozen=True)
class Misses:
    """How many of a table's intervals miss their exact value, which, and what chance expects.

    ``line`` is the kit's one wording, ``k of n intervals miss (about m expected): names``;
    ``str()`` is that line as a sentence (with its full stop), for ``say("{misses}", ...)``.
    ``at_least_one`` and ``levels`` are there for prose that wants them."""

    names: tuple[str, ...]
    checks: int
    expected: float
    at_least_one: float
    levels: str

    @property
    def line(self) -> str:
        verb = "misses" if 1 in (len(self.names), self.checks) else "miss"  # "1 of 4 ... misses"
        named = f": {', '.join(self.names)}" if self.names else ""
        return (f"{len(self.names)} of {plural(self.checks, 'interval')} {verb} "
                f"(about {approx(self.expected, 2)} expected){named}")

    def __str__(self) -> str:
        return f"{self.line}."


def interval_misses(rows: Rows) -> Misses:
    """The misses of ``rows`` (name -> (exact, simulation))."""
    sims = [sim for _, sim in rows.values()]
    names = tuple(name for name, (exact, sim) in rows.items() if not holds(exact, sim))
    levels = sorted({level_words(sim) for sim in sims})
    return Misses(names, len(sims), sum(1 - level(sim) for sim in sims),
                  1 - math.prod(level(sim) for sim in sims), " and ".join(levels))


def checked_table(rows: Rows) -> pd.DataFrame:
    """One row per named quantity: the exact value, the simulated one, its interval (at its
    own level), the trials and whether the interval holds the exact value ("no: a miss")."""
    import pandas as pd

    records = []
    for name, (exact, sim) in rows.items():
        low, high = sim.interval
        records.append({
            "quantity": name,
            "exact": fraction_text(exact),
            "simulated": minus(approx(sim.p_hat if isinstance(sim, Estimate) else sim.mean)),
            "interval": f"{minus(approx(0 if abs(low) < ROUNDING else low))} – "
                        f"{minus(approx(high))}",
            "trials": sim.trials,
            VERDICT: "yes" if holds(exact, sim) else "no: a miss",
        })
    return pd.DataFrame(records).set_index("quantity")


class CheckedTable:
    """An exact-against-simulated table (:func:`checked_table`) ending with its miss line
    (:class:`Misses`); the last line of a cell shows both."""

    def __init__(self, rows: Rows) -> None:
        self.frame, self.misses = checked_table(rows), interval_misses(rows)
        self.line = self.misses.line

    def _repr_html_(self) -> str:
        return f"{self.frame.to_html()}<p><b>{self.line}</b></p>"

    def __repr__(self) -> str:
        return f"{self.frame.to_string()}\n{self.line}"


class Checks:
    """Every exact-against-simulated table of one notebook, kept so the notebook can say how
    many of all its intervals miss, and which::

        checks = Checks()
        checks.table({"advert": (p, est)})   # shows the table and its miss line
        checks.line()                         # "1 of 23 intervals misses (about 1.2 ...)"
    """

    def __init__(self) -> None:
        self.rows: dict[str, tuple[Fraction | float, Sim]] = {}

    def table(self, rows: Rows) -> CheckedTable:
        """The table of ``rows``, remembered for :meth:`line` (a name seen again replaces its
        row, so re-running a cell counts it once)."""
        self.rows.update(rows)
        return CheckedTable(rows)

    def misses(self) -> Misses:
        """The misses of every table so far."""
        return interval_misses(self.rows)

    def missed(self) -> list[str]:
        """The names of every interval so far that misses its exact value."""
        return list(self.misses().names)

    def line(self) -> str:
        """The miss line over every table so far."""
        return self.misses().line
