"""Exact distributions: construction, questions, algebra, bad input."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.odds import Dist, OddsError, dice, joint

weights = st.dictionaries(
    st.integers(-20, 20), st.integers(0, 50), min_size=1, max_size=8
).filter(lambda w: sum(w.values()) > 0)


@given(weights)
def test_any_valid_dist_sums_to_one(w):
    d = Dist.from_weights(w)
    assert sum(d.values()) == 1
    assert all(p > 0 for p in d.values())


@given(weights, weights)
def test_convolution_mean_is_sum_of_means(a, b):
    x, y = Dist.from_weights(a), Dist.from_weights(b)
    assert (x + y).mean() == x.mean() + y.mean()
    assert (x + y).variance() == x.variance() + y.variance()


@given(weights, weights)
def test_a_sum_gives_each_total_the_chances_of_its_pairs_added_up(a, b):
    x, y = Dist.from_weights(a), Dist.from_weights(b)
    pairs: dict[int, Fraction] = {}
    for s, p in x.items():
        for t, q in y.items():
            pairs[s + t] = pairs.get(s + t, Fraction(0)) + p * q
    total = x + y
    assert dict(total) == {k: v for k, v in pairs.items() if v}
    assert list(total) == sorted(total)


def test_die_mean_variance_and_std():
    d = dice("1d6")
    assert d.mean() == Fraction(7, 2)
    assert d.variance() == Fraction(35, 12)
    assert d.std() == pytest.approx(1.7078, abs=1e-4)


def test_shift_scale_and_repeat():
    d = dice("1d6")
    assert (d + 2).mean() == Fraction(11, 2)
    assert (d * 1000)[6000] == Fraction(1, 6)
    assert d.repeat(3) == d + d + d
    assert sum([d, d]) == dice("2d6")
    assert (d - d).mean() == 0


def test_given_and_p_accept_predicates_sets_and_single_outcomes():
    two = dice("2d6")
    assert two.p(7) == Fraction(1, 6)
    assert two.p({2, 12}) == Fraction(1, 18)
    assert two.p(range(2, 5)) == Fraction(1, 6)
    odd = two.given(lambda s: s % 2)
    assert odd[7] == Fraction(1, 3)
    assert sum(odd.values()) == 1


def test_cdf_table_and_repr():
    d = dice("1d6")
    assert d.cdf()[3] == Fraction(1, 2)
    table = d.table()
    assert list(table.columns) == ["outcome", "probability", "fraction"]
    assert table.fraction.tolist()[0] == "1/6"
    assert repr(Dist.uniform("ab")) == "Dist({'a': 1/2, 'b': 1/2})"


def test_joint_of_independent_dists():
    j = joint(dice("1d6"), Dist.uniform(["H", "T"]))
    assert len(j) == 12
    assert j[(6, "H")] == Fraction(1, 12)


@pytest.mark.parametrize(
    ("build", "words"),
    [
        (lambda: Dist({1: Fraction(1, 2)}), "add up to 1/2, not 1"),
        (lambda: Dist({1: Fraction(3, 2), 2: Fraction(-1, 2)}), "below 0"),
        (lambda: Dist({1: 0.5, 2: 0.5}), "a float"),
        (lambda: Dist.from_weights({1: 0}), "all weights are 0"),
        (lambda: Dist.uniform([]), "at least one outcome"),
        (lambda: dice("1d6").given(lambda s: s > 6), "impossible event"),
        (lambda: Dist.uniform("ab").mean(), "numeric outcomes"),
        (lambda: dice("1d6").repeat(0), "repeat needs"),
    ],
)
def test_bad_input_raises_a_readable_odds_error(build, words):
    with pytest.raises(OddsError, match=words):
        build()


def test_odds_error_is_a_value_error():
    assert issubclass(OddsError, ValueError)
