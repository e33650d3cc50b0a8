"""Seeded simulation: intervals, agreement with exact values, identical parallel runs."""

from fractions import Fraction

import numpy as np
import pytest

from tabletop.odds import (
    Dist,
    Estimate,
    MarkovChain,
    OddsError,
    check,
    dice,
    estimate,
    estimate_mean,
    roll_sums,
    sum_counts,
    walk_until,
    wilson,
)
from tabletop.odds.parallel import chunk_seed


def sevens(rng, n):
    return np.count_nonzero(roll_sums(rng, n) == 7)


def test_wilson_known_values():
    low, high = wilson(50, 100)
    assert (low, high) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1
    with pytest.raises(OddsError):
        wilson(3, 2)


def test_estimate_repr_and_contains():
    e = Estimate(16667, 100000)
    assert repr(e) == "0.1667 (95% interval 0.1644 – 0.1690, 100,000 trials)"
    assert e.contains(Fraction(1, 6)) and check(Fraction(1, 6), e)
    assert not e.contains(0.2)


def test_vectorised_and_per_trial_experiments_agree_with_exact():
    fast = estimate(sevens, 400_000, seed=1)
    assert fast.contains(dice("2d6")[7])

    def one_trial(rng):
        a, b = rng.integers(1, 7, size=2)
        return a == b or a + b == 7

    slow = estimate(one_trial, 20_000, seed=2)
    assert slow.contains(Fraction(1, 3))
    assert estimate(sevens, 10_000, seed=5).successes == estimate(sevens, 10_000, seed=5).successes


def test_mean_estimate():
    m = estimate_mean(lambda rng, n: roll_sums(rng, n, dice=3), 300_000, seed=3)
    assert m.contains(dice("3d6").mean())
    assert m.std == pytest.approx(dice("3d6").std(), rel=0.01)


def test_sum_counts_matches_two_dice():
    counts = sum_counts(3_000_000, seed=4)
    assert counts.sum() == 3_000_000 and counts[:2].sum() == 0
    shares = counts[2:] / counts.sum()
    exact = np.array([float(dice("2d6")[s]) for s in range(2, 13)])
    assert np.abs(shares - exact).max() < 0.001
    three = sum_counts(100_000, seed=4, dice=3, sides=4)
    assert len(three) == 13 and three[:3].sum() == 0


def test_chunk_seed_is_the_spawned_child():
    child = np.random.SeedSequence(9).spawn(3)[2]
    assert (chunk_seed(9, 2).generate_state(4) == child.generate_state(4)).all()


def test_identical_counts_for_1_and_2_workers_and_dask():
    from dask.distributed import Client

    trials, chunk = 200_000, 30_000  # 7 chunks
    one = estimate(sevens, trials, seed=11, chunk=chunk)
    two = estimate(sevens, trials, seed=11, chunk=chunk, workers=2)
    every_core = estimate(sevens, trials, seed=11, chunk=chunk, workers=0)
    with Client(processes=False, n_workers=2, threads_per_worker=1,
                dashboard_address=None) as client:
        on_dask = estimate(sevens, trials, seed=11, chunk=chunk, client=client)
        counts_dask = sum_counts(2_500_000, seed=3, client=client)
    assert one.successes == two.successes == every_core.successes == on_dask.successes
    assert (sum_counts(2_500_000, seed=3, workers=2) == counts_dask).all()


def test_bad_arguments():
    with pytest.raises(OddsError, match="trials"):
        estimate(sevens, 0, seed=1)
    with pytest.raises(OddsError, match="seed"):
        estimate(sevens, 10, seed=-1)
    with pytest.raises(OddsError, match="workers"):
        estimate(sevens, 10, seed=1, workers=-1)


def test_walkers_end_in_the_traps_as_often_as_the_absorbing_chain_says():
    # a gambler's ruin on 0..4, one step up or down with chance 1/2: from 1, ruin with 3/4
    chain = MarkovChain.from_rows({s: (Dist.certain(s) if s in (0, 4) else
                                       Dist({s - 1: Fraction(1, 2), s + 1: Fraction(1, 2)}))
                                   for s in range(5)})
    ends = walk_until(np.random.default_rng(3), chain.to_numpy(), np.full(40_000, 1), {0, 4})
    assert set(np.unique(ends)) == {0, 4}
    ruined = Estimate(int((ends == 0).sum()), len(ends), z=3.3)
    assert ruined.contains(chain.absorbing().probabilities[1][0]) and ruined.contains(0.75)


def test_a_walker_that_never_reaches_a_trap_is_an_error():
    stuck = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    with pytest.raises(OddsError, match="1 walkers reached no trap in 50 steps"):
        walk_until(np.random.default_rng(0), stuck, np.array([0]), {2}, most=50)
