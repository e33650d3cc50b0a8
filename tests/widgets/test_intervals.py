"""Honest intervals: a table of checks says how many miss, which, and what chance expects,
in one wording wherever it is shown (widgets.intervals is its one implementation)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop.odds import Estimate, MeanEstimate
from widgets import lessons
from widgets.intervals import (
    VERDICT,
    CheckedTable,
    Checks,
    chance_of_a_miss,
    checked_table,
    interval_misses,
    level,
)

FAIR = (Fraction(1, 2), Estimate(5_010, 10_000, z=2.576))
LOADED = (Fraction(1, 2), Estimate(6_000, 10_000, z=2.576))


def test_a_miss_is_counted_and_named_with_what_chance_expects():
    misses = interval_misses({"fair coin": FAIR, "loaded coin": LOADED})
    assert misses.names == ("loaded coin",)
    assert misses.expected == pytest.approx(2 * 0.01)
    assert misses.line == "1 of 2 intervals misses (about 0.020 expected): loaded coin"
    assert str(misses) == misses.line + "."


def test_no_miss_and_many_misses_are_worded_as_counts():
    assert interval_misses({"fair coin": FAIR}).line == (
        "0 of 1 interval misses (about 0.010 expected)")
    both = interval_misses({"a": LOADED, "b": LOADED, "c": FAIR})
    assert both.line == "2 of 3 intervals miss (about 0.030 expected): a, b"


def test_each_interval_counts_at_its_own_named_level():
    mixed = {"95": (Fraction(1, 2), Estimate(50, 100)), "99": FAIR}
    assert [level(sim) for _, sim in mixed.values()] == [0.95, 0.99]
    misses = interval_misses(mixed)
    assert misses.expected == pytest.approx(0.06)
    assert misses.levels == "95% and 99%"
    assert misses.at_least_one == pytest.approx(1 - 0.95 * 0.99)


def test_the_table_says_which_interval_holds_its_exact_value():
    rent = MeanEstimate(trials=100_000, total=701_470_000.0, total_squares=5.504e12)
    table = checked_table({"owner's rent": (Fraction(7_000), rent), "loaded coin": LOADED})
    assert list(table.columns) == ["exact", "simulated", "interval", "trials", VERDICT]
    assert table.loc["owner's rent", "exact"] == "7,000"
    assert table.loc["owner's rent", "simulated"] == "7,015"
    assert table.loc["loaded coin", "interval"] == "0.5873 – 0.6125"
    assert list(table[VERDICT]) == ["yes", "no: a miss"]


def test_a_share_never_seen_holds_an_exact_zero():
    rows = {"never": (0.0, Estimate(0, 50_000, z=2.576))}
    assert interval_misses(rows).names == ()
    assert checked_table(rows).loc["never", "interval"].startswith("0 – ")


def test_the_shown_table_ends_with_its_miss_line():
    shown = CheckedTable({"fair coin": FAIR, "loaded coin": LOADED})
    assert repr(shown).endswith("\n" + shown.line)
    assert shown._repr_html_().endswith(f"<p><b>{shown.line}</b></p>")


def test_a_notebook_ledger_counts_every_table_once():
    checks = Checks()
    checks.table({"fair coin": FAIR, "loaded coin": LOADED})
    checks.table({"loaded coin": LOADED, "wide": (Fraction(1, 2), Estimate(50, 100))})
    assert checks.missed() == ["loaded coin"]
    assert checks.line() == "1 of 3 intervals misses (about 0.070 expected): loaded coin"


def test_the_older_names_give_the_one_wording():
    rows = {"fair coin": FAIR, "loaded coin": LOADED}
    assert lessons.miss_line(rows) == interval_misses(rows).line
    assert lessons.exact_vs_sim_table(rows).equals(checked_table(rows))
    assert lessons.Checks is Checks


def test_one_miss_in_many_checks_is_likely():
    assert chance_of_a_miss(42, 0.99) == pytest.approx(1 - 0.99 ** 42)


def test_an_interval_below_zero_keeps_its_sign():
    losses = lessons.mean_interval([4, -1, -1, -1, -1, -1] * 1_000)  # mean -1/6
    low, high = (text.strip() for text in
                 checked_table({"gain per bet": (Fraction(-1, 6), losses)}).iloc[0]["interval"]
                 .split("–"))
    assert low.startswith("\u2212") and high.startswith("\u2212")  # minus signs, not hyphens
    assert float(low.replace("\u2212", "-")) < float(high.replace("\u2212", "-")) < 0
