"""Markov chains: stationary laws, absorbing chains, board chains."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.odds import Dist, MarkovChain, OddsError, chain_from_step, dice, ring_chain


def test_plain_two_dice_loop_is_exactly_uniform():
    for n in (28, 36, 42):
        pi = ring_chain(n, dice("2d6")).stationary()
        assert set(pi.values()) == {Fraction(1, n)}


def test_teleport_bends_the_loop_and_numpy_agrees():
    chain = ring_chain(12, dice("1d6"), {5: 0, 9: Dist.uniform([1, 2])})
    pi = chain.stationary()
    assert pi[5] == 0 and pi[9] == 0
    assert pi[0] > Fraction(1, 12)
    assert np.allclose(chain.stationary_numpy(), [float(pi[s]) for s in chain.states])


def test_after_converges_to_stationary():
    chain = ring_chain(10, dice("2d6"))
    assert chain.after(0, 1) == dice("2d6").map(lambda k: k % 10)
    far = chain.after(0, 60)
    assert max(abs(float(p) - 0.1) for p in far.values()) < 1e-6


@given(st.lists(st.lists(st.integers(0, 9), min_size=4, max_size=4)
                .filter(lambda row: sum(row) > 0), min_size=4, max_size=4),
       st.integers(0, 8))
def test_after_moves_the_chances_one_step_at_a_time_along_the_matrix(counts, steps):
    matrix = [[Fraction(c, sum(row)) for c in row] for row in counts]
    chain = MarkovChain(range(4), matrix)
    law = [Fraction(1), Fraction(0), Fraction(0), Fraction(0)]
    for _ in range(steps):  # the row vector times the matrix, in Fractions
        law = [sum(law[i] * matrix[i][j] for i in range(4)) for j in range(4)]
    assert dict(chain.after(0, steps)) == {s: p for s, p in enumerate(law) if p}


def test_absorbing_gamblers_ruin():
    # Fair coin, stakes 0..4, start anywhere; absorbed at 0 or 4.
    def step(x):
        return Dist.certain(x) if x in (0, 4) else Dist.uniform([x - 1, x + 1])

    result = chain_from_step(5, step).absorbing()
    assert result.transient == (1, 2, 3)
    assert result.steps == {1: 3, 2: 4, 3: 3}
    assert result.probabilities[1][4] == Fraction(1, 4)
    floats = chain_from_step(5, step).absorbing_numpy()
    assert floats.steps[2] == pytest.approx(4)
    assert result.table().loc[3, "P(end at 4)"] == pytest.approx(0.75)


@pytest.mark.parametrize(
    ("states", "matrix", "words"),
    [
        ("ab", [[1, 0], [Fraction(1, 2), Fraction(1, 3)]], "row of state 'b'.*5/6"),
        ("ab", [[1, 0]], "1 rows for 2 states"),
        ("ab", [[1], [0, 1]], "1 entries"),
        ("aa", [[1, 0], [0, 1]], "all be different"),
        ("ab", [[2, -1], [0, 1]], "below 0"),
    ],
)
def test_bad_matrices(states, matrix, words):
    with pytest.raises(OddsError, match=words):
        MarkovChain(states, matrix)


def test_no_unique_stationary_and_no_absorbing_state():
    split = MarkovChain("ab", [[1, 0], [0, 1]])
    with pytest.raises(OddsError, match="no unique long-run"):
        split.stationary()
    with pytest.raises(OddsError, match="no absorbing state"):
        ring_chain(6, dice("1d6")).absorbing()


def test_the_fundamental_matrix_counts_visits_before_absorption():
    # a coin tossed until heads: tails visits "toss" again, so 2 visits on average
    chain = MarkovChain.from_rows({"toss": Dist({"toss": Fraction(1, 2), "heads": Fraction(1, 2)}),
                                   "heads": Dist.certain("heads")})
    visits = chain.visits_numpy("toss")
    assert visits == {"toss": pytest.approx(2.0)}
    assert visits["toss"] == pytest.approx(float(chain.absorbing().steps["toss"]))
