"""Dice: sums from expressions like ``"3d6+2"``, ordered pairs, and comparisons.

Every game in the kit rolls six-sided dice; the events a rulebook names
("a 7", "any double", "an odd total") are small predicates on an ordered pair
``(first_die, second_die)`` so that ``roll_pair().p(doubles)`` reads like the rule.
A game's own events (a 7 or a double, say) live in that game's ``odds.py``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from tabletop.odds.dist import Dist
from tabletop.odds.errors import OddsError

_TERM = re.compile(r"(?:(\d*)d(\d+)|(\d+))(?:\*(\d+))?")


@lru_cache(maxsize=256)
def die(sides: int = 6) -> Dist:
    """One fair die with faces 1..sides."""
    if sides < 1:
        raise OddsError(f"a die needs at least 1 side, not {sides}")
    return Dist.uniform(range(1, sides + 1))


def dice(expression: str) -> Dist:
    """The distribution of a dice expression.

    Terms are ``NdS`` (N dice of S sides; ``d6`` means ``1d6``) or whole
    numbers, joined by ``+`` or ``-``; a term may be multiplied by a whole
    number: ``"2d6"``, ``"3d6+2"``, ``"2d6*1000"``, ``"1d6*5000+5000"``.
    """
    if not isinstance(expression, str):
        raise OddsError(f"a dice expression is text such as '2d6', not {expression!r}")
    return _parse(expression.replace(" ", "").lower())


@lru_cache(maxsize=256)
def _parse(text: str) -> Dist:
    if not text:
        raise OddsError("the dice expression is empty; write something like '2d6'")
    total: Dist = Dist.certain(0)
    position, sign = 0, 1
    while True:
        match = _TERM.match(text, position)
        if not match or match.end() == position:
            raise OddsError(_explain(text, position))
        count, sides, constant, factor = match.groups()
        if constant is not None:
            term = Dist.certain(int(constant))
        else:
            n, s = int(count or 1), int(sides)
            if n < 1:
                raise OddsError(f"'{text}': roll at least one die (the count before 'd' is 0)")
            if s < 1:
                raise OddsError(f"'{text}': a die needs at least 1 side ('d{s}' has none)")
            term = die(s).repeat(n)
        if factor is not None:
            term = term * int(factor)
        total = total + term * sign
        position = match.end()
        if position == len(text):
            return total
        if text[position] not in "+-":
            raise OddsError(_explain(text, position))
        sign = 1 if text[position] == "+" else -1
        position += 1


def _explain(text: str, position: int) -> str:
    """A message pointing at the first character the parser could not read."""
    rest = text[position:]
    if not rest:
        return f"'{text}' ends with '{text[-1]}'; add a term after it, like '2d6+1'"
    if re.match(r"\d*d(?!\d)", rest):
        return f"'{text}': after 'd' give the number of sides, like '2d6'"
    return (
        f"'{text}' is not a dice expression (stuck at '{rest}'); "
        "write dice as NdS, for example '2d6', '1d6+2' or '2d6*1000'"
    )


@lru_cache(maxsize=16)
def roll_pair(sides: int = 6) -> Dist:
    """Two dice as an ordered pair ``(first, second)``: 36 equally likely outcomes."""
    return Dist.uniform((a, b) for a in range(1, sides + 1) for b in range(1, sides + 1))


# --- events on an ordered pair -------------------------------------------------------
def total(pair: tuple[int, int]) -> int:
    """The sum shown by a pair of dice."""
    return pair[0] + pair[1]


def doubles(pair: tuple[int, int]) -> bool:
    """Both dice show the same face."""
    return pair[0] == pair[1]


def seven(pair: tuple[int, int]) -> bool:
    """The dice add up to 7."""
    return total(pair) == 7




# --- comparing two rolls -----------------------------------------------------------
def compare(a: Dist | str, b: Dist | str) -> Dist:
    """How an independent roll ``a`` compares with ``b``: "lower", "tie" or "higher".

    >>> compare("2d6", "2d6").p("tie")
    Fraction(73, 648)
    """
    a = dice(a) if isinstance(a, str) else a
    b = dice(b) if isinstance(b, str) else b
    counts = {"lower": Fraction(0), "tie": Fraction(0), "higher": Fraction(0)}
    for x, px in a.items():
        for y, py in b.items():
            counts["lower" if x < y else "tie" if x == y else "higher"] += px * py
    return Dist(counts)
