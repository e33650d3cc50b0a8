"""Hitchiker's exact odds: the deciding rolls, the casino's house hand (exact and simulated)
and the landing table of the 42 cities."""

from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from tabletop.games.hitchiker import odds
from tabletop.games.hitchiker.blackjack import BUST, best_total
from tabletop.games.hitchiker.content import kit_content
from tabletop.odds import OddsError, wilson

COLUMNS = ["space", "name", "kind", "probability", "p", "vs_uniform"]


def test_the_deciding_rolls_come_from_the_content():
    assert odds.corpus_risky_death() == Fraction(2, 9)  # a 7 (6 ways) or an 11 (2 ways)
    assert odds.remindya_escape() == Fraction(1, 2) and odds.expected_remindya_stay() == 2
    assert set(odds.remindya_escape_move()) == {3, 5, 7, 9, 11}
    assert odds.shootout() == Fraction(1, 6)


def test_soft_and_hard_totals():
    assert best_total(7, True) == 17
    assert best_total(12, True) == 12
    assert best_total(16, False) == 16


@pytest.mark.parametrize(("up", "bust"), [(6, 0.4232), (10, 0.2121), (1, 0.1153)])
def test_known_bust_rates_infinite_deck_stand_on_17(up, bust):
    d = odds.house_final_dist(up)
    assert sum(d.values()) == 1
    assert float(d[BUST]) == pytest.approx(bust, abs=5e-4)
    assert set(d) == {17, 18, 19, 20, 21, BUST}


def test_simulation_agrees_with_exact():
    for up in (None, 6):
        hands = odds.house_hands(200_000, seed=7, up_card=up)
        assert hands.totals.shape == (200_000,)
        assert (hands.totals[~hands.bust] >= 17).all()
        low, high = wilson(int(hands.bust.sum()), 200_000, z=3.5)
        assert low <= float(odds.house_final_dist(up)[BUST]) <= high


def test_same_seed_same_hands_and_ace_as_eleven():
    a, b = odds.house_hands(1000, seed=1), odds.house_hands(1000, seed=1)
    assert np.array_equal(a.totals, b.totals)
    assert odds.house_final_dist(11) == odds.house_final_dist(1)
    low_house = replace(kit_content().casino, house_stands=12)
    assert odds.house_final_dist(10, low_house)[12] == Fraction(1, 13)  # a 2 on the 10
    with pytest.raises(OddsError, match="up-card"):
        odds.house_final_dist(12)


def test_landing_remindya_holds_the_token_twice_as_long():
    table = odds.landing()
    assert list(table.columns) == COLUMNS and len(table) == 42
    assert sum(table.probability) == 1
    remindya = table[table.kind == "remindya"].iloc[0]
    assert remindya.vs_uniform == pytest.approx(1.95, abs=0.01)
    fast = odds.landing(exact=False)
    assert np.allclose(fast.p, table.p)
    counts = odds.walk_landings(20_000, seed=1)
    low, high = wilson(int(counts[remindya.space]), int(counts.sum()), z=3.5)
    assert low <= remindya.p <= high
