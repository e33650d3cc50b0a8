"""Pitch's lesson samplers (tabletop/games/pitch/sampling.py): fair simulated deals, the bot
studies and the resampled games."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from tabletop.games.pitch import sampling
from tabletop.odds import Estimate


def test_deals_with_trumps_give_the_pitcher_k_spades_and_the_others_a_fair_share():
    held, others = sampling.deals_with_trumps(np.random.default_rng(5), 40_000, 2, players=4)
    assert (held.sum(axis=1) == 6).all() and (others.sum(axis=1) == 18).all()
    assert (held[:, sampling.SPADES].sum(axis=1) == 2).all() and not (held & others).any()
    jack = sampling.INDEX["JS"]
    dealt_elsewhere = Estimate(int(others[~held[:, jack], jack].sum()),
                               int((~held[:, jack]).sum()), z=3.29)
    assert dealt_elsewhere.contains(Fraction(18, 46))


def test_a_hand_is_worth_its_change_less_the_average_change_and_the_worths_sum_to_zero():
    changes = {"Ann": 3, "Bob": -2, "Cy": 1, "Dee": 0}
    worth = {name: sampling.hand_value(changes, name, 10) for name in changes}
    assert worth["Ann"] == Fraction(10 * (3 - Fraction(2, 4)))
    assert sum(worth.values()) == 0


def test_the_opening_study_is_the_same_on_one_core_or_two():
    draw = sampling.in_band(1.8, 2.2)
    one = sampling.study(sampling.opening_deal, draw, deals=4, seed=7, workers=1)
    assert one == sampling.study(sampling.opening_deal, draw, deals=4, seed=7, workers=2)
    assert all(Fraction(9, 5) <= deal.rating < Fraction(11, 5) for deal in one)


def test_a_hand_rated_exactly_at_a_bound_falls_in_the_upper_band():
    ann = ["KS", "9S", "3S", "10H", "7C", "5D"]  # spades 0.7 + 0.75 + 0.2, one 10: 0.15
    assert sampling.rating(ann) == Fraction(9, 5)
    below, above = sampling.rating_bands(1.4, 1.8, 2.2)
    assert above == (Fraction(9, 5), Fraction(11, 5))  # 1.8 read as 9/5, not as a float
    assert not sampling.in_rating_band(sampling.rating(ann), below)
    assert sampling.in_rating_band(sampling.rating(ann), above)
    assert not sampling.in_rating_band(Fraction(11, 5), above)  # half-open: 2.2 is above
    rng = random.Random(3)
    drawn = {sampling.rating(sampling.hand_in_band(above, rng)) for _ in range(300)}
    assert Fraction(9, 5) in drawn and Fraction(11, 5) not in drawn
    drawn = {sampling.rating(sampling.hand_in_band(below, rng)) for _ in range(300)}
    assert max(drawn) < Fraction(9, 5)


def test_resampled_games_end_at_the_target():
    dealer_wins = sampling.HandRecord((21, 0, 0, 0), 0, "2", True, "pitcher", True)
    lengths = sampling.resampled_lengths([dealer_wins], games=50, seed=1)
    assert (lengths == 1).all()
    slow = sampling.HandRecord((1, 0, 0, 0), 0, "2", True, "pitcher", True)
    lengths = sampling.resampled_lengths([slow], games=10, seed=1, target=3)
    assert (lengths == 9).all()  # each seat deals every fourth hand: the third deal is hand 9


def test_hands_rated_exactly_a_value_are_drawn_at_that_rating():
    draw = sampling.rated_exactly(2.0)
    rng = random.Random(5)
    assert {sampling.rating(draw(rng)) for _ in range(50)} == {Fraction(2)}
