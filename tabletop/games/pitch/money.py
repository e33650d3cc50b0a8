"""The money of Pitch: pay-offs around the table's average, paid to the cent.

Rule 3 (RULES.md 4 A3): the stake is ``cents_per_point`` a point around the average.
Rule 33 (RULES.md 4 A33): each player gets ``cents_per_point`` for every point above the
average of the players seated (RULES.md 4 B7), and owes as much for every point below it.

The exact amounts are fractions of a cent whenever the average is not whole, so they are
rounded in a way that keeps the whole settlement at exactly zero:

1. each exact amount is rounded down to a whole cent;
2. the cents that this loses (fewer than one per player) go back one each to the
   players whose amounts lost the largest fraction, the earlier seat first on a tie.

Every amount is then its exact value rounded down or up (usually to the nearest cent),
and the amounts add up to zero, so the bank neither gains nor loses by a settlement.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from tabletop.core.ledger import Ledger

BANK = "bank"


def exact_payoffs(scores: Mapping[str, int], cents_per_point: int) -> dict[str, Fraction]:
    """The pay-offs without rounding: ``cents_per_point`` times (score minus the average)."""
    mean = Fraction(sum(scores.values()), len(scores))
    return {name: cents_per_point * (score - mean) for name, score in scores.items()}


def settle(scores: Mapping[str, int], cents_per_point: int) -> dict[str, int]:
    """Each seated player's pay-off in whole cents (positive: paid by the bank; negative:
    paid into it), rounded as the module says so that the pay-offs sum to zero.

    In whole numbers: with ``n`` players and total ``S``, a player's exact pay-off is
    ``cents_per_point * (n * score - S) / n``; ``divmod`` by ``n`` gives the whole cents
    and the lost fraction (as a remainder out of ``n``).
    """
    n, total = len(scores), sum(scores.values())
    parts = {name: divmod(cents_per_point * (n * score - total), n)
             for name, score in scores.items()}
    cents = {name: whole for name, (whole, _) in parts.items()}
    short = -sum(cents.values())
    seats = list(parts)
    by_fraction = sorted(range(n), key=lambda k: (-parts[seats[k]][1], k))
    for k in by_fraction[:short]:
        cents[seats[k]] += 1
    return cents


def pay(ledger: Ledger, name: str, cents: int) -> None:
    """Pay ``cents`` from the bank to ``name`` (a negative amount goes the other way)."""
    if cents > 0:
        ledger.transfer(BANK, name, cents)
    elif cents < 0:
        ledger.transfer(name, BANK, -cents)


def table_ledger(names: list[str]) -> Ledger:
    """A ledger where every player keeps a running tab.

    Money in Pitch changes hands only at pay-offs, where a player may owe more than
    they have won so far, so each player's account may go below zero (what they owe).
    """
    return Ledger((), supplies=(BANK, *names))


def with_seat(ledger: Ledger, name: str) -> Ledger:
    """A copy of ``ledger`` with a tab for a joiner: every balance, and the total, kept."""
    balances = ledger.accounts()
    fresh = table_ledger([n for n in balances if n != BANK] + [name])
    for account, cents in balances.items():
        if account != BANK:
            pay(fresh, account, cents)
    return fresh
