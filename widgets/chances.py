"""Probabilities in words a student reads at a glance: "1 chance in 3 (33%)"."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import product


def percent(p: Fraction) -> str:
    """``p`` as a percentage: one decimal below 10%, whole numbers above."""
    value = float(p) * 100
    if 0 < value < 10:
        return f"{value:.1f}%"
    return f"{value:.0f}%"


#: Above this denominator a fraction is no longer read at a glance: say the percentage.
LONGEST_DENOMINATOR = 10_000


def chance_text(p: Fraction) -> str:
    """``Fraction(1, 3)`` -> "1 chance in 3 (33%)"; ``Fraction(5, 12)`` -> "5 in 12 (42%)";
    a long fraction such as ``Fraction(17685953, 17915904)`` -> "about 99%"."""
    p = Fraction(p)
    if p == 0:
        return "impossible (0%)"
    if p == 1:
        return "certain (100%)"
    if p.denominator > LONGEST_DENOMINATOR:
        return f"about {percent(p)}"
    if p.numerator == 1:
        return f"1 chance in {p.denominator} ({percent(p)})"
    return f"{p.numerator} in {p.denominator} ({percent(p)})"


def two_dice(event: Callable[[int, int], bool]) -> Fraction:
    """The exact chance that two fair six-sided dice satisfy ``event(first, second)``."""
    hits = sum(1 for a, b in product(range(1, 7), repeat=2) if event(a, b))
    return Fraction(hits, 36)
