"""Dice expressions, events on two dice, comparisons and card draws."""

from fractions import Fraction
from itertools import combinations

import pytest

from tabletop.odds import (
    OddsError,
    compare,
    dice,
    doubles,
    hypergeom,
    p_card_dealt,
    roll_pair,
)


def test_headline_dice_values():
    pair = roll_pair()
    assert pair.p(doubles) == Fraction(1, 6)
    assert dice("2d6")[7] == Fraction(1, 6)


def test_expressions():
    assert dice("3d6+2").mean() == Fraction(25, 2)
    assert dice("2d6*1000").mean() == 7000
    assert dice("d6") == dice("1d6")
    assert dice(" 1d6 * 5000 + 5000 ")[10000] == Fraction(1, 6)
    assert dice("2d6-2")[0] == Fraction(1, 36)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("2d", "number of sides"),
        ("d0", "at least 1 side"),
        ("2x6", "not a dice expression"),
        ("", "empty"),
        ("2d6+", "add a term"),
        ("0d6", "at least one die"),
    ],
)
def test_malformed_expressions_explain_themselves(text, words):
    with pytest.raises(OddsError, match=words):
        dice(text)


def test_compare_two_rolls():
    c = compare("2d6", "2d6")
    assert c["tie"] == Fraction(73, 648)
    assert c["higher"] == c["lower"] == (1 - c["tie"]) / 2
    one = compare(dice("1d6"), dice("1d6"))
    assert one["tie"] == Fraction(1, 6)
    assert one.p({"higher", "tie"}) == Fraction(7, 12)


def test_hypergeom_matches_brute_force_on_a_small_deck():
    deck = list(range(10))
    special = {0, 1, 2}
    hands = list(combinations(deck, 4))
    for k in range(4):
        brute = Fraction(sum(len(special & set(h)) == k for h in hands), len(hands))
        assert hypergeom(10, 3, 4)[k] == brute


def test_card_dealt():
    assert p_card_dealt(dealt=12) == Fraction(3, 13)
    assert p_card_dealt(dealt=6, deck=52, copies=4) == 1 - hypergeom(52, 4, 6)[0]


@pytest.mark.parametrize("args", [(5, 6, 2), (5, 2, 6), (0, 0, 0), (10, -1, 2)])
def test_bad_card_counts(args):
    with pytest.raises(OddsError):
        hypergeom(*args)
