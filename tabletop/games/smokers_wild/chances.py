"""Exact chances behind Smokers Wild's dice rules, computed by enumeration (Fractions).

They go into the event log so a student sees, next to a roll, how likely it was, and
the walkthrough (notebooks/smokers_wild.ipynb) builds its exact answers from them. The
helpers that need :mod:`tabletop.odds` import it when called, so the engine itself never
loads pandas.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Any

from tabletop.core.chance import total_probability

if TYPE_CHECKING:
    from collections.abc import Iterable

    from tabletop.odds import Dist, MarkovChain

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


# -- money rules as formulas (the engine's spaces.py and money.py apply the same rules) ------
def taxman_fee(cash: int, round_to: int = 10) -> int:
    """Fees 6: half the lander's cash, rounded up to a multiple of ``round_to`` in the
    Taxman's favour: round_to · ⌈cash / (2 · round_to)⌉ (K230 -> K120)."""
    return round_to * -(-cash // (2 * round_to))


def company_advance(need: int, unit: int = 100) -> tuple[int, int]:
    """Rule 19: the Tobacco Company advances ``need`` rounded up to whole ``unit``s, and
    the Lifeometer moves one year per unit: (amount advanced, years lost)."""
    amount = -(-need // unit) * unit if need > 0 else 0
    return amount, amount // unit


def psychiatrist_fee(per_pip: int = 10) -> Dist:
    """Fees 5: the exact distribution of ``per_pip`` × the patient's 2d6 throw."""
    from tabletop.odds import dice

    return dice("2d6") * per_pip


def quit_attempts(limit: int) -> Dist:
    """Rule 12: how many I QUIT attempts until the first 7 or double (geometric with
    p = 1/3); attempts beyond ``limit`` are gathered in the outcome ``limit + 1``."""
    from tabletop.odds import Dist

    p = p_seven_or_double()
    probs = {k: (1 - p) ** (k - 1) * p for k in range(1, limit + 1)}
    probs[limit + 1] = (1 - p) ** limit
    return Dist(probs)


# -- the track as a Markov chain (tabletop.odds.boards builds the landing chain) -------------
def hitting_chain(chain: MarkovChain, targets: Iterable[int], p_stop: Fraction | int = 1,
                  done: str = "done") -> MarkovChain:
    """``chain`` with one more, absorbing state ``done``: a move that lands on one of
    ``targets`` ends the walk with chance ``p_stop`` (else the walk goes on from there).

    With ``p_stop = 1`` the expected steps from a target are its return time; with the
    I QUIT spaces and ``p_stop = 1/3`` it is the wait of a smoker trying to quit there."""
    from tabletop.odds import Dist, MarkovChain

    targets = frozenset(targets)
    p_stop = Fraction(p_stop)
    rows: dict[Any, Dist] = {}
    for state in chain.states:
        weights: dict[Any, Fraction] = {}
        for nxt, p in chain.row(state).items():
            stop = p * p_stop if nxt in targets else Fraction(0)
            if stop:
                weights[done] = weights.get(done, Fraction(0)) + stop
            if p - stop:
                weights[nxt] = weights.get(nxt, Fraction(0)) + p - stop
        rows[state] = Dist(weights)
    rows[done] = Dist.certain(done)
    return MarkovChain.from_rows(rows)


def expected_moves_until(chain: MarkovChain, targets: Iterable[int], start: int,
                         p_stop: Fraction | int = 1) -> Fraction:
    """Expected moves from ``start`` until a landing on ``targets`` ends the walk (each
    landing ends it with chance ``p_stop``); from a target itself, the return time."""
    return hitting_chain(chain, targets, p_stop).absorbing().steps[start]


def moves_per_turn(chain: MarkovChain, own_spaces: Iterable[int]) -> Fraction:
    """Rule 10 in the long run: a move landing on one of ``own_spaces`` (the smoker's
    brands) earns another move, so a turn is a run of moves ending off those spaces.
    By the renewal argument (Kac's lemma) its mean is 1 / P(a move ends off them),
    with P taken from the long-run landing shares of ``chain``."""
    stationary = chain.stationary()
    on_own = sum((stationary[s] for s in own_spaces), Fraction(0))
    return 1 / (1 - on_own)


def spaces_per_turn(n_spaces: int, n_brands: int) -> Fraction:
    """Rule 10 on the plain loop (every space equally likely in the long run): the
    expected spaces a smoker holding ``n_brands`` brands moves per turn, 7 per move
    times the moves per turn, 7 · n / (n - b)."""
    from tabletop.odds import dice, ring_chain

    move = dice("2d6")
    return move.mean() * moves_per_turn(ring_chain(n_spaces, move), range(n_brands))
