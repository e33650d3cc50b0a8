"""The house hand at Hitchiker's casino: exact odds and a vectorised simulation.

Infinite deck: each card is a rank 1..13 with equal chance; J, Q, K count 10
and an ace counts 1 or 11 (soft while 11 keeps the hand at 21 or less). The
house draws below ``stand`` and stands on every ``stand`` or more, soft ones
included (the kit's reading of Hitchiker's casino rules).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import NamedTuple

import numpy as np

from tabletop.odds.dist import Dist
from tabletop.odds.errors import OddsError

CARD_VALUES = Dist.from_weights({v: 4 if v == 10 else 1 for v in range(1, 11)})
"""The value of one card from an infinite deck (ace as 1): 10 is 4 times as likely."""

BUST = "bust"


def best_total(hard: int, has_ace: bool) -> int:
    """The hand's value: count one ace as 11 when that does not bust it."""
    return hard + 10 if has_ace and hard + 10 <= 21 else hard


def _up_value(up_card: int | None) -> int:
    if up_card is None:
        return 0
    if up_card == 11:
        return 1
    if not isinstance(up_card, int) or not 1 <= up_card <= 10:
        raise OddsError(f"the up-card is a value 1..10 (1 or 11 for an ace), not {up_card!r}")
    return up_card


def house_final_dist(up_card: int | None = None, stand: int = 17) -> Dist:
    """The exact distribution of the house's final total (17..21 or ``"bust"``).

    ``up_card`` is the value of the house's first card (1 or 11 = ace,
    10 = any ten-value card); ``None`` means no card is known yet.
    """
    value = _up_value(up_card)

    @cache
    def finish(hard: int, has_ace: bool) -> tuple[tuple[int | str, Fraction], ...]:
        total = best_total(hard, has_ace)
        if total > 21:
            return ((BUST, Fraction(1)),)
        if total >= stand:
            return ((total, Fraction(1)),)
        out: dict[int | str, Fraction] = {}
        for card, p in CARD_VALUES.items():
            for result, q in finish(hard + card, has_ace or card == 1):
                out[result] = out.get(result, Fraction(0)) + p * q
        return tuple(out.items())

    outcomes = dict(finish(value, value == 1))
    order = sorted((o for o in outcomes if o != BUST), key=int) + [BUST] * (BUST in outcomes)
    return Dist((o, outcomes[o]) for o in order)


class HouseHands(NamedTuple):
    """Final house totals (above 21 = bust) and the bust flags, one per hand."""

    totals: np.ndarray
    bust: np.ndarray


def house_hands(
    n: int, seed: int, stand: int = 17, up_card: int | None = None
) -> HouseHands:
    """Play ``n`` house hands at once.

    Each draw round deals one card to every hand still below ``stand``, so the
    loop runs a handful of times however many hands there are.
    """
    value = _up_value(up_card)
    rng = np.random.default_rng(seed)

    def draw(k: int) -> np.ndarray:
        return _RANK_VALUE[rng.integers(1, 14, size=k, dtype=np.uint8)]

    hard = np.full(n, value, dtype=np.uint8)
    ace = np.full(n, value == 1)
    for _ in range(1 if value else 2):
        card = draw(n)
        hard += card
        ace |= card == 1
    active = np.flatnonzero(_best(hard, ace) < stand)
    while active.size:
        card = draw(active.size)
        hard[active] += card
        ace[active] |= card == 1
        active = active[_best(hard[active], ace[active]) < stand]
    totals = _best(hard, ace)
    return HouseHands(totals, totals > 21)


_RANK_VALUE = np.minimum(np.arange(14), 10).astype(np.uint8)
"""Card value by rank 1..13 (index 0 unused)."""


def _best(hard: np.ndarray, ace: np.ndarray) -> np.ndarray:
    """Vectorised :func:`best_total`."""
    return np.where(ace & (hard <= 11), hard + 10, hard).astype(np.uint8)
