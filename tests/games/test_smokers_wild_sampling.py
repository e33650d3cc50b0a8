"""Smokers Wild's samplers (tabletop/games/smokers_wild/sampling.py): each draws what the
exact model of odds.py counts, under the same approximations, so a seeded run agrees with it."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from tabletop.games.smokers_wild import odds
from tabletop.games.smokers_wild import sampling as draw
from tabletop.odds import Estimate, estimate_mean


def test_the_card_walk_agrees_with_the_exact_turn():
    lander = odds.Lander(brands=("LURK",), lifeometer=3, cash=200)
    exact = odds.years_per_turn(odds.turn_costs(lander))
    est = estimate_mean(draw.CardWalk(lander).turn_years, 20_000, seed=5, z=3.29)
    assert est.contains(exact)


def test_a_walk_ends_when_the_rule_says():
    quits = draw.moves_until([13, 26])(np.random.default_rng(1), 1000)
    assert quits.min() >= 1 and (quits > 0).all()
    assert draw.next_attempt_after(0, np.random.default_rng(2), 900)[1] == 900


def test_the_cards_walk_hooks_as_the_exact_card_chain_says():
    exact = odds.card_hook_chain().absorbing().steps[0]
    est = estimate_mean(draw.moves_until_hooked_with_cards(0), 20_000, seed=6, z=3.29)
    assert est.contains(exact)
    plain = odds.expected_moves_until(odds.board_chain(False), [1, 2, 5, 8, 10, 12, 15, 18, 20,
                                                                 22, 25, 27], 0,
                                      odds.p_seven_or_double())
    assert exact < plain  # Billboard and Free sample add advert throws


def test_a_lonely_life_pays_the_insurance_premium_of_each_year():
    paid = draw.life_fees(19, [10 * (y + 1) for y in range(13)], 13)(np.random.default_rng(3), 4)
    assert paid.shape == (4,) and (paid % 10 == 0).all()
    assert draw.life_fees(19, [0] * 13, 13)(np.random.default_rng(3), 5).sum() == 0


def test_the_taxman_takes_at_most_half_a_ten_above_half():
    extra = draw.taxman_extra(np.random.default_rng(4), 1000)
    assert set(np.unique(extra)) == {0.0, 5.0}


def test_an_advance_costs_a_year_for_each_hundred_begun():
    bills = np.array([0, 10, 100, 110, 120])
    assert list(draw.advance_years(bills)) == [0, 1, 1, 2, 2]


def test_a_card_drawn_from_any_hand_is_any_unseen_card_alike():
    drawn = draw.hand_draws(np.random.default_rng(8), 60_000, 10, [6, 2])
    assert drawn.shape == (60_000, 2) and (drawn[:, 0] != drawn[:, 1]).all()
    for hand in range(2):   # each of the ten unseen cards, one time in ten, from either hand
        counts = np.bincount(drawn[:, hand], minlength=10)
        assert all(Estimate(int(k), len(drawn), z=3.9).contains(Fraction(1, 10)) for k in counts)
    with pytest.raises(ValueError, match="cannot come from 7 unseen cards"):
        draw.hand_draws(np.random.default_rng(8), 5, 7, [6, 2])


def test_a_smokers_moves_end_everywhere_alike_whatever_her_brands():
    brands = [1, 2, 5]
    counts = draw.smoker_moves(brands, moves=25)(np.random.default_rng(9), 20_000)
    assert counts.shape == (20_000, 28) and (counts.sum(axis=1) == 25).all()
    shares = counts.sum(axis=0)
    for space in range(28):  # her brands too: extra moves are moves like any other
        assert Estimate(int(shares[space]), int(shares.sum()), z=3.9).contains(Fraction(1, 28))
    none = draw.smoker_moves([], moves=25)(np.random.default_rng(9), 20_000)
    assert (none.sum(axis=1) == 25).all()


def test_the_fees_to_gone_agree_with_the_exact_price_of_an_occupation():
    payer = odds.Lander((), 9, 300)
    exact = 2 * odds.income_to_gone("TAXMAN", payer)
    paid = draw.fees_to_gone(23, [150] * 13, 9, 13, payers=2)
    assert estimate_mean(paid, 20_000, seed=11, z=3.29).contains(exact)
    assert (paid(np.random.default_rng(1), 50) % 150 == 0).all()
    assert draw.fees_to_gone(23, [0] * 13, 3, 13)(np.random.default_rng(2), 10).sum() == 0
