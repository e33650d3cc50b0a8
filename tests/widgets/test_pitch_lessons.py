"""The Pitch walkthrough's classroom helpers: staged tables, fair simulated deals, the bot
studies and the resampled games."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from tabletop.odds import Estimate
from widgets import pitch_lessons as lessons


def test_a_staged_table_deals_the_chosen_hands():
    game = lessons.table({"Ann": ["KS", "9S", "3S", "10H", "7C", "5D"]}, dealer="Dee",
                         players=lessons.PLAYERS)
    assert sorted(game.view("Ann")["hand"]) == sorted(["KS", "9S", "3S", "10H", "7C", "5D"])
    assert game.view(None)["dealer"] == "Dee" and game.decision.player == "Ann"


def test_deals_with_trumps_give_the_pitcher_k_spades_and_the_others_a_fair_share():
    held, others = lessons.deals_with_trumps(np.random.default_rng(5), 40_000, 2, players=4)
    assert (held.sum(axis=1) == 6).all() and (others.sum(axis=1) == 18).all()
    assert (held[:, lessons.SPADES].sum(axis=1) == 2).all() and not (held & others).any()
    jack = lessons.INDEX["JS"]
    dealt_elsewhere = Estimate(int(others[~held[:, jack], jack].sum()),
                               int((~held[:, jack]).sum()), z=3.29)
    assert dealt_elsewhere.contains(Fraction(18, 46))


def test_a_hand_is_worth_its_change_less_the_average_change_and_the_worths_sum_to_zero():
    changes = {"Ann": 3, "Bob": -2, "Cy": 1, "Dee": 0}
    worth = {name: lessons.hand_value(changes, name, 10) for name in changes}
    assert worth["Ann"] == Fraction(10 * (3 - Fraction(2, 4)))
    assert sum(worth.values()) == 0


def test_the_opening_study_is_the_same_on_one_core_or_two():
    draw = lessons.in_band(1.8, 2.2)
    one = lessons.study(lessons.opening_deal, draw, deals=4, seed=7, workers=1)
    assert one == lessons.study(lessons.opening_deal, draw, deals=4, seed=7, workers=2)
    assert all(1.8 <= deal.rating < 2.2 for deal in one)


def test_resampled_games_end_at_the_target():
    dealer_wins = lessons.HandRecord((21, 0, 0, 0), 0, "2", True, "pitcher", True)
    lengths = lessons.resampled_lengths([dealer_wins], games=50, seed=1)
    assert (lengths == 1).all()
    slow = lessons.HandRecord((1, 0, 0, 0), 0, "2", True, "pitcher", True)
    lengths = lessons.resampled_lengths([slow], games=10, seed=1, target=3)
    assert (lengths == 9).all()  # each seat deals every fourth hand: the third deal is hand 9
