"""Exact linear algebra on Fractions: Gauss-Jordan elimination for small systems."""

from __future__ import annotations

from fractions import Fraction

from tabletop.cache import cached
from tabletop.odds.errors import OddsError

Matrix = list[list[Fraction]]


@cached
def solve(a: Matrix, b: Matrix, *, singular: str) -> Matrix:
    """Solve ``a @ x = b`` exactly (``b`` may have several columns).

    ``singular`` is the message of the :class:`OddsError` raised when ``a`` has
    no inverse, phrased for the question being asked. Kept in the result cache: a board's
    long-run shares or expected visits are a system of some forty Fractions a row, solved
    again by every page that shows them.
    """
    n = len(a)
    rows = [list(a[i]) + list(b[i]) for i in range(n)]
    width = len(rows[0]) if rows else 0
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise OddsError(singular)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col]
        inv = 1 / head[col]
        head[:] = [v * inv for v in head]
        nonzero = [j for j in range(col, width) if head[j] != 0]
        for r in range(n):
            factor = rows[r][col]
            if r != col and factor != 0:
                row = rows[r]
                for j in nonzero:
                    row[j] -= factor * head[j]
    return [row[n:] for row in rows]
