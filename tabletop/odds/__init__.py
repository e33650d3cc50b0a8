"""tabletop.odds: the probability layer, exact first, then seeded simulation.

Exact (Fractions)::

    dice("2d6")[7]                            # 1/6
    roll_pair().p(doubles)                    # 1/6
    compare("2d6", "2d6").p("tie")            # 73/648
    hypergeom(52, 4, 6)                       # aces in a hand of 6 cards
    ring_chain(42, dice("2d6")).stationary()  # uniform: 1/42 each

Simulation (numpy, seeded, with intervals)::

    estimate(lambda rng, n: (roll_sums(rng, n) == 7).sum(), 10**6, seed=1)

Landing tables of a board: :mod:`tabletop.odds.landing` (each game builds its own chain).
"""

from tabletop.odds.cards import hypergeom, p_card_dealt
from tabletop.odds.dice import (
    compare,
    dice,
    die,
    doubles,
    roll_pair,
    seven,
    total,
)
from tabletop.odds.dist import Dist, joint, product
from tabletop.odds.errors import OddsError
from tabletop.odds.markov import Absorption, MarkovChain, chain_from_step, ring_chain
from tabletop.odds.montecarlo import (
    Estimate,
    MeanEstimate,
    check,
    estimate,
    estimate_mean,
    repeat,
    roll_sums,
    sum_counts,
    walk_until,
    wilson,
)

__all__ = [
    "Absorption",
    "Dist",
    "Estimate",
    "MarkovChain",
    "MeanEstimate",
    "OddsError",
    "chain_from_step",
    "check",
    "compare",
    "dice",
    "die",
    "doubles",
    "estimate",
    "estimate_mean",
    "hypergeom",
    "joint",
    "p_card_dealt",
    "product",
    "repeat",
    "ring_chain",
    "roll_pair",
    "roll_sums",
    "seven",
    "sum_counts",
    "total",
    "walk_until",
    "wilson",
]
