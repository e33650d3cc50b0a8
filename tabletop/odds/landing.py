"""Where a token rests on a board, in the long run: generic tools for any game's track.

A game's ``odds.py`` builds its board's chain (its own moves and teleports) with
:func:`~tabletop.odds.markov.chain_from_step`, :func:`settling` and :func:`mix`, and
turns it into a table with :func:`landing_table`. Plain 2d6 moves on a loop visit every
space exactly equally often (:func:`tabletop.odds.markov.ring_chain`); teleports are what
bend the table.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

from tabletop.odds.dist import Dist
from tabletop.odds.markov import MarkovChain, as_dist

if TYPE_CHECKING:  # pandas is imported where a table is made
    import pandas as pd


def landing_table(
    chain: MarkovChain, spaces: list[tuple[str, str]], exact: bool = True
) -> pd.DataFrame:
    """The long-run table of a board chain whose states start with its spaces 0..n-1.

    ``spaces`` gives each space's (name, kind). Extra states after the spaces (a jail's
    lockup, say) get rows of kind "extra", named after the state. The columns: ``space``,
    ``name``, ``kind``, the exact long-run share ``probability`` (a Fraction; left out when
    ``exact=False``, which solves in numpy), ``p`` as a float, and ``vs_uniform``
    (p x number of spaces: 1.0 means "as often as on a plain loop").
    """
    n = len(spaces)
    if exact:
        stationary = chain.stationary()
        probability = [stationary[s] for s in chain.states]
        floats = [float(p) for p in probability]
    else:
        floats = chain.stationary_numpy().tolist()
        probability = [None] * len(floats)
    labels = spaces + [(str(s), "extra") for s in chain.states[n:]]
    import pandas as pd

    frame = pd.DataFrame(
        {
            "space": list(chain.states),
            "name": [name for name, _ in labels],
            "kind": [kind for _, kind in labels],
            "probability": probability,
            "p": floats,
        }
    )
    frame["vs_uniform"] = frame["p"] * n
    return frame if exact else frame.drop(columns="probability")


def settling(
    places: list, effect: Callable[[object], Dist | None]
) -> Callable[[Dist], Dist]:
    """Where a token finally rests when arriving on a place can move it on again.

    ``effect(place)`` is the distribution of the next arrival (the place itself
    meaning "stays and rests here"), or ``None`` if the token simply rests
    there. Chains of effects may loop (back 3 onto a card that moves it forward
    again), so resting places are found exactly as the absorption
    probabilities of an absorbing Markov chain.
    """
    moving = {p: d for p in places if (d := effect(p)) is not None}

    def label(here: object, nxt: object) -> tuple[str, object]:
        return ("arrive", nxt) if nxt in moving and nxt != here else ("rest", nxt)

    rows = {("arrive", p): d.map(lambda q, p=p: label(p, q)) for p, d in moving.items()}
    rows.update({("rest", p): Dist.certain(("rest", p)) for p in places})
    absorption = MarkovChain.from_rows(rows).absorbing()
    rest_of = {p: Dist({r[1]: w for r, w in absorption.probabilities[("arrive", p)].items()})
               for p in moving}

    def settle(arrivals: Dist) -> Dist:
        return mix([(w, rest_of.get(p, p)) for p, w in arrivals.items()])

    return settle


def mix(parts: list[tuple[Fraction, Dist]]) -> Dist:
    """The mixture: with probability ``w`` the outcome is drawn from ``d``."""
    weights: dict = {}
    for w, d in parts:
        for o, p in as_dist(d).items():
            weights[o] = weights.get(o, Fraction(0)) + w * p
    return Dist(weights)
