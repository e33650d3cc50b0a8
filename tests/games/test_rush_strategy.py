"""RUSH's decision analysis (tabletop/games/rush/strategy.py): the pill race."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from tabletop.games.rush.strategy import DICE, PILL, REST, Race, horizon_values
from tabletop.odds import OddsError, estimate

HOME, START = 0, 12 - 1  # the Zonkometer's index of the start value 12


@pytest.fixture(scope="module")
def race():
    return Race(Fraction(1, 25))


@pytest.fixture(scope="module")
def best(race):
    return race.solve()


def test_the_best_policy_beats_the_rules_of_thumb_everywhere(race, best):
    value, policy = best
    assert np.allclose(race.evaluate(policy), value)
    for other in (race.rule_of_thumb(), race.always_pill()):
        assert (race.evaluate(other) <= value + 1e-9).all()
    assert 0 < value[4, START, HOME] < 1


def test_what_the_best_policy_does(best):
    policy = best[1]
    assert policy.act[0, START, HOME] == REST  # one sense left at Home: rest
    assert policy.act[0, START, 20] == DICE  # one sense left elsewhere: no pill
    assert policy.act[4, START, 20] == PILL  # five senses, far from the top: a pill
    assert policy.act[4, -1, 20] == DICE  # at the top, a pill only risks
    assert (policy.act[:, :, 1:] != REST).all()  # resting is only at Home
    assert policy.stop[:, -1].all()  # at the top, passing Home means stopping to win


def test_the_wake_table_is_the_coma_chain(race):
    assert (np.triu(race.wake, 1) == 0).all()  # a coma never gives senses back
    assert (race.wake.sum(axis=1) < 1).all()


def test_a_race_played_with_dice_agrees(race, best):
    value, policy = best
    sim = estimate(lambda rng: race.play(policy, 5, 12, HOME, rng), 3_000, seed=2, z=2.58)
    assert sim.contains(value[4, START, HOME])


def test_urgency_must_be_a_chance():
    with pytest.raises(OddsError, match="between 0 and 1"):
        Race(Fraction(0))


def test_a_geometric_law_of_game_lengths_gives_the_race_with_its_urgency():
    race = Race(Fraction(1, 4))
    value, best = race.solve()
    survivors = [round(10**12 * (3 / 4) ** t) for t in range(140)]
    assert horizon_values.uncached(survivors) == pytest.approx(value, abs=1e-6)
    assert horizon_values.uncached(survivors, best) == pytest.approx(
        race.evaluate(best), abs=1e-6)
