"""The casino's house hand: exact bust odds and the vectorised simulation."""

from fractions import Fraction

import numpy as np
import pytest

from tabletop.odds import OddsError, wilson
from tabletop.odds.blackjack import best_total, house_final_dist, house_hands


def test_soft_and_hard_totals():
    assert best_total(7, True) == 17
    assert best_total(12, True) == 12
    assert best_total(16, False) == 16


@pytest.mark.parametrize(("up", "bust"), [(6, 0.4232), (10, 0.2121), (1, 0.1153)])
def test_known_bust_rates_infinite_deck_stand_on_17(up, bust):
    d = house_final_dist(up)
    assert sum(d.values()) == 1
    assert float(d["bust"]) == pytest.approx(bust, abs=5e-4)
    assert set(d) == {17, 18, 19, 20, 21, "bust"}


def test_simulation_agrees_with_exact():
    for up in (None, 6):
        hands = house_hands(200_000, seed=7, up_card=up)
        assert hands.totals.shape == (200_000,)
        assert (hands.totals[~hands.bust] >= 17).all()
        low, high = wilson(int(hands.bust.sum()), 200_000, z=3.5)
        assert low <= float(house_final_dist(up)["bust"]) <= high


def test_same_seed_same_hands_and_ace_as_eleven():
    a, b = house_hands(1000, seed=1), house_hands(1000, seed=1)
    assert np.array_equal(a.totals, b.totals)
    assert house_final_dist(11) == house_final_dist(1)
    assert house_final_dist(10, stand=12)[12] == Fraction(1, 13)  # a 2 on the 10
    with pytest.raises(OddsError, match="up-card"):
        house_final_dist(12)
