"""Exact finite distributions: outcomes with Fraction probabilities.

A :class:`Dist` is an immutable mapping ``outcome -> Fraction`` whose
probabilities are non-negative and add up to exactly 1. Sums of independent
dists are convolutions, so ``dice("1d6") + dice("1d6")`` *is* the 2d6 sum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from numbers import Rational, Real
from typing import TYPE_CHECKING, Any

from tabletop.odds.errors import OddsError

if TYPE_CHECKING:  # pandas is imported where a table is made
    import pandas as pd

Event = Callable[[Any], bool] | set | frozenset | list | range | Hashable
"""An event: a predicate on outcomes, a collection of outcomes, or one outcome."""


def _as_fraction(value: object, outcome: object) -> Fraction:
    """Read one probability or weight exactly (ints, Fractions, decimal strings)."""
    if isinstance(value, bool) or not isinstance(value, Rational | str):
        kind = "a float" if isinstance(value, float) else repr(value)
        raise OddsError(
            f"the probability of {outcome!r} is {kind}; exact odds need an int, "
            "a Fraction or a string such as '1/6'"
        )
    try:
        return Fraction(value)
    except ValueError:
        raise OddsError(f"the probability of {outcome!r} is {value!r}, not a number") from None


def _in_event(event: Event) -> Callable[[Any], bool]:
    """Turn any accepted event form into a predicate."""
    if callable(event):
        return event
    if isinstance(event, set | frozenset | list | range):
        members = set(event)
        return members.__contains__
    return lambda outcome: outcome == event


def _is_sortable(outcomes: Iterable[object]) -> bool:
    """Numbers and tuples of numbers are shown in order; anything else as given."""
    def ok(x: object) -> bool:
        if isinstance(x, tuple):
            return all(ok(y) for y in x)
        return isinstance(x, Real) and not isinstance(x, bool)
    return all(ok(x) for x in outcomes)


def _in_order(probabilities: Mapping[Any, Fraction]) -> dict[Any, Fraction]:
    """The outcomes of non-zero probability, in order when they can be ordered."""
    items = [(o, p) for o, p in probabilities.items() if p]
    if _is_sortable(o for o, _ in items):
        items.sort(key=lambda item: item[0])
    return dict(items)


def whole_weights(probabilities: Mapping[Any, Fraction]) -> tuple[dict[Any, int], int]:
    """The same probabilities as whole weights over one common denominator."""
    denominator = math.lcm(*(p.denominator for p in probabilities.values()))
    return {o: p.numerator * (denominator // p.denominator)
            for o, p in probabilities.items()}, denominator


class Dist(Mapping):
    """An exact finite probability distribution ``outcome -> Fraction``.

    >>> coin = Dist({"heads": Fraction(1, 2), "tails": Fraction(1, 2)})
    >>> Dist.uniform(range(1, 7)).mean()
    Fraction(7, 2)

    Outcomes of probability 0 are dropped; repeated outcomes (when built from
    pairs) are merged. ``d + e`` is the sum of two independent draws, ``d + 3``
    shifts every outcome, ``d * 1000`` scales every outcome (it is *not* the sum
    of 1000 draws: that is ``d.repeat(1000)``).
    """

    __slots__ = ("_p",)

    def __init__(self, probabilities: Mapping[Any, Any] | Iterable[tuple[Any, Any]]):
        pairs = probabilities.items() if isinstance(probabilities, Mapping) else probabilities
        merged: dict[Any, Fraction] = {}
        for outcome, value in pairs:
            p = _as_fraction(value, outcome)
            if p < 0:
                raise OddsError(f"the probability of {outcome!r} is {p}, below 0")
            try:
                merged[outcome] = merged.get(outcome, Fraction(0)) + p
            except TypeError:
                raise OddsError(f"outcome {outcome!r} cannot be used (it is unhashable)") from None
        total = sum(merged.values(), Fraction(0))
        if total != 1:
            raise OddsError(
                f"probabilities add up to {total}, not 1 "
                "(use Dist.from_weights to scale counts into probabilities)"
            )
        self._p: dict[Any, Fraction] = _in_order(merged)

    # --- construction ---------------------------------------------------------
    @classmethod
    def from_weights(cls, weights: Mapping[Any, Any] | Iterable[tuple[Any, Any]]) -> Dist:
        """A dist proportional to non-negative weights (counts of cards, faces...)."""
        pairs = list(weights.items() if isinstance(weights, Mapping) else weights)
        exact = [(o, _as_fraction(w, o)) for o, w in pairs]
        if any(w < 0 for _, w in exact):
            raise OddsError("weights must not be negative")
        total = sum((w for _, w in exact), Fraction(0))
        if total == 0:
            raise OddsError("all weights are 0: no outcome can happen")
        return cls((o, w / total) for o, w in exact)

    @classmethod
    def exact_weights(cls, weights: Mapping[Any, int], total: int) -> Dist:
        """The dist ``outcome -> weight / total`` from whole weights known to add up to
        ``total`` (a sum or a chain's step, counted exactly): not checked again."""
        dist = cls.__new__(cls)
        dist._p = _in_order({o: Fraction(w, total) for o, w in weights.items()})
        return dist

    @classmethod
    def uniform(cls, outcomes: Iterable[Any]) -> Dist:
        """Every listed outcome equally likely (a fair die, a shuffled card)."""
        outcomes = list(outcomes)
        if not outcomes:
            raise OddsError("a uniform distribution needs at least one outcome")
        return cls.from_weights((o, 1) for o in outcomes)

    @classmethod
    def certain(cls, outcome: Any) -> Dist:
        """The outcome that always happens."""
        return cls({outcome: Fraction(1)})

    # --- mapping protocol -----------------------------------------------------
    def __getitem__(self, outcome: Any) -> Fraction:
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    # --- questions --------------------------------------------------------------
    def p(self, event: Event) -> Fraction:
        """P(event): a predicate, a set/list/range of outcomes, or one outcome."""
        inside = _in_event(event)
        return sum((p for o, p in self._p.items() if inside(o)), Fraction(0))

    def given(self, event: Event) -> Dist:
        """The distribution conditioned on ``event`` (which must be possible)."""
        inside = _in_event(event)
        kept = {o: p for o, p in self._p.items() if inside(o)}
        total = sum(kept.values(), Fraction(0))
        if total == 0:
            raise OddsError("cannot condition on an impossible event (its probability is 0)")
        return Dist({o: p / total for o, p in kept.items()})

    def map(self, f: Callable[[Any], Any]) -> Dist:
        """The distribution of ``f(outcome)``; outcomes that map together merge."""
        return Dist((f(o), p) for o, p in self._p.items())

    def mean(self) -> Fraction:
        """The expectation (numeric outcomes)."""
        return sum((Fraction(o) * p for o, p in self._numeric()), Fraction(0))

    def variance(self) -> Fraction:
        """E[(X - mean)^2], exact."""
        mu = self.mean()
        return sum(((Fraction(o) - mu) ** 2 * p for o, p in self._numeric()), Fraction(0))

    def std(self) -> float:
        """Standard deviation as a float."""
        return math.sqrt(self.variance())

    def cdf(self) -> dict[Any, Fraction]:
        """``{x: P(X <= x)}`` for each outcome, in order."""
        running, out = Fraction(0), {}
        for o, p in self._numeric():
            running += p
            out[o] = running
        return out

    def table(self) -> pd.DataFrame:
        """A small table: outcome, probability (float), exact fraction as text."""
        import pandas as pd

        return pd.DataFrame(
            {
                "outcome": list(self._p),
                "probability": [float(p) for p in self._p.values()],
                "fraction": [str(p) for p in self._p.values()],
            }
        )

    def _numeric(self) -> list[tuple[Any, Fraction]]:
        bad = [o for o in self._p if not isinstance(o, Real) or isinstance(o, bool)]
        if bad:
            raise OddsError(f"this needs numeric outcomes, but {bad[0]!r} is not a number")
        return list(self._p.items())

    # --- algebra ----------------------------------------------------------------
    def __add__(self, other: Dist | Real) -> Dist:
        if isinstance(other, Dist):
            return self._convolve(other)
        if isinstance(other, Real):
            return self.map(lambda o: o + other)
        return NotImplemented

    def __radd__(self, other: Real) -> Dist:
        return self if other == 0 else self.__add__(other)

    def __sub__(self, other: Dist | Real) -> Dist:
        if isinstance(other, Dist):
            return self + other * -1
        if isinstance(other, Real):
            return self.map(lambda o: o - other)
        return NotImplemented

    def __mul__(self, k: Real) -> Dist:
        if isinstance(k, Real):
            return self.map(lambda o: o * k)
        return NotImplemented

    __rmul__ = __mul__

    def _convolve(self, other: Dist) -> Dist:
        """The sum of independent draws of ``self`` and ``other``: every pair of outcomes,
        weighted by the product of their chances. Counted in whole weights over a common
        denominator (one Fraction an outcome at the end), so it stays exact and fast."""
        mine, below = whole_weights(self._p)
        theirs, under = whole_weights(other._p)
        sums: dict[Any, int] = {}
        for a, wa in mine.items():
            for b, wb in theirs.items():
                sums[a + b] = sums.get(a + b, 0) + wa * wb
        return Dist.exact_weights(sums, below * under)

    def repeat(self, n: int) -> Dist:
        """The sum of ``n`` independent draws (n >= 1), by repeated doubling."""
        if not isinstance(n, int) or n < 1:
            raise OddsError(f"repeat needs a whole number of draws >= 1, not {n!r}")
        result, power = None, self
        while n:
            if n & 1:
                result = power if result is None else result + power
            n >>= 1
            if n:
                power = power + power
        return result

    # --- display ----------------------------------------------------------------
    def __repr__(self) -> str:
        shown = list(self._p.items())
        body = ", ".join(f"{o!r}: {p}" for o, p in shown[:12])
        more = f", … {len(shown) - 12} more" if len(shown) > 12 else ""
        return f"Dist({{{body}{more}}})"


def joint(*dists: Dist) -> Dist:
    """The joint distribution of independent draws, outcomes as tuples."""
    if not dists:
        raise OddsError("joint needs at least one distribution")
    result: dict[tuple, Fraction] = {(): Fraction(1)}
    for d in dists:
        result = {(*t, o): p * q for t, p in result.items() for o, q in d.items()}
    return Dist(result)


product = joint
"""Alias of :func:`joint` (the product measure of independent dists)."""
