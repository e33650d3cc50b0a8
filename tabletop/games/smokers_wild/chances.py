"""Exact chances behind Smokers Wild's dice rules, computed by enumeration (Fractions).

They go into the event log so a student sees, next to a roll, how likely it was.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

from tabletop.core.chance import total_probability

FACES = range(1, 7)


def seven_or_double(a: int, b: int) -> bool:
    """Rules 6 and 12: the roll that hooks a non-smoker, or frees a smoker at I QUIT."""
    return a + b == 7 or a == b


@cache
def p_seven_or_double() -> Fraction:
    """P(a 7 or a double) with two dice: 6 + 6 of the 36 pairs, never both at once."""
    hits = sum(seven_or_double(a, b) for a, b in product(FACES, FACES))
    return Fraction(hits, 36)


@cache
def p_strictly_lower() -> Fraction:
    """P(my 2d6 total < yours) when both throw: a tie counts for me (rules 7 and 8)."""
    sums = range(2, 13)
    return sum(
        (total_probability(2, 6, mine) * total_probability(2, 6, theirs)
         for mine in sums for theirs in sums if mine < theirs),
        Fraction(0),
    )


@cache
def p_total(total: int) -> Fraction:
    """P(2d6 = total)."""
    return total_probability(2, 6, total)
