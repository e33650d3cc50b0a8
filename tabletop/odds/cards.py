"""Cards drawn without replacement: the hypergeometric law, exactly.

A hand of 6 cards from 52, or of 3 cards from 108: "how many of the special
cards do I get?" is the hypergeometric distribution, counted with binomial
coefficients.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from tabletop.odds.dist import Dist
from tabletop.odds.errors import OddsError


def _check_counts(population: int, successes: int, draws: int) -> None:
    for name, value in (("population", population), ("successes", successes), ("draws", draws)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise OddsError(f"{name} must be a whole number >= 0, not {value!r}")
    if population == 0:
        raise OddsError("the deck is empty (population 0)")
    if successes > population:
        raise OddsError(f"{successes} special cards cannot fit in a deck of {population}")
    if draws > population:
        raise OddsError(f"cannot draw {draws} cards from a deck of {population}")


def hypergeom(population: int, successes: int, draws: int) -> Dist:
    """How many of the ``successes`` special cards a hand of ``draws`` cards holds.

    P(k) = C(successes, k) * C(population - successes, draws - k) / C(population, draws).
    """
    _check_counts(population, successes, draws)
    hands = comb(population, draws)
    return Dist(
        (k, Fraction(comb(successes, k) * comb(population - successes, draws - k), hands))
        for k in range(min(successes, draws) + 1)
    )


def p_card_dealt(dealt: int, deck: int = 52, copies: int = 1) -> Fraction:
    """The chance that a given card (or at least one of ``copies`` of it) is dealt.

    E.g. with 6 cards dealt to each of N players, a given card is dealt with
    probability ``p_card_dealt(dealt=6 * N)`` = 6N/52.
    """
    return 1 - hypergeom(deck, copies, dealt)[0]
