"""Honest intervals: a table of checks says how many miss, which, and what chance expects."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop.odds import Estimate
from widgets.intervals import chance_of_a_miss, checked_table, interval_misses


def test_a_miss_is_counted_and_named_with_what_chance_expects():
    rows = {"fair coin": (Fraction(1, 2), Estimate(5_010, 10_000, z=2.576)),
            "loaded coin": (Fraction(1, 2), Estimate(6_000, 10_000, z=2.576))}
    misses = interval_misses(rows)
    assert misses.names == ("loaded coin",)
    assert misses.expected == pytest.approx(2 * 0.01, abs=1e-4)
    assert str(misses).startswith("1 of 2 intervals miss") and "loaded coin" in str(misses)
    assert checked_table(rows)[""].tolist() == ["", "misses"]


def test_a_share_never_seen_holds_an_exact_zero():
    rows = {"never": (0.0, Estimate(0, 50_000, z=2.576))}
    assert interval_misses(rows).names == ()


def test_one_miss_in_many_checks_is_likely():
    assert chance_of_a_miss(42, 0.99) == pytest.approx(1 - 0.99 ** 42)
