"""How the walkthroughs print numbers (TEACHING.md: readable, never 17 decimals)."""

from fractions import Fraction

from tabletop.odds import Estimate, MeanEstimate
from widgets.lessons import approx, exact_vs_sim_table, fraction_text


def test_approx_keeps_four_significant_figures_without_exponents() -> None:
    assert approx(0.2222222222222222) == "0.2222"
    assert approx(0.00012718888888890723) == "0.0001272"
    assert approx(206.83333333333334) == "206.8"
    assert approx(17_500.0) == "17,500"
    assert approx(0.0) == "0"


def test_fraction_text_shows_short_fractions_exactly() -> None:
    assert fraction_text(Fraction(2, 9)) == "2/9 ≈ 0.2222"
    assert fraction_text(Fraction(10**8 + 1, 3 * 10**8)) == "≈ 0.3333"
    assert fraction_text(Fraction(12, 1)) == "12"
    assert fraction_text(Fraction(17_500)) == "17,500"
    assert fraction_text(9.23076923076923) == "9.231"


def test_the_exact_vs_simulated_table_lays_the_two_side_by_side() -> None:
    rent = MeanEstimate(trials=100_000, total=701_470_000.0, total_squares=5.504e12)
    table = exact_vs_sim_table({"owner's rent": (Fraction(7_000), rent),
                                "a third": (Fraction(1, 3), Estimate(3_400, 10_000))})
    assert list(table.columns) == ["exact", "simulated", "interval", "trials", "agrees"]
    assert table.loc["owner's rent", "exact"] == "7,000"
    assert table.loc["owner's rent", "simulated"] == "7,015"
    assert table.loc["a third", "exact"] == "1/3 ≈ 0.3333"
    assert table.loc["a third", "interval"] == "0.3308 – 0.3493"
    assert list(table["agrees"]) == [True, True]


def test_a_checked_table_counts_and_names_its_misses():
    from tabletop.odds import Estimate
    from widgets.lessons import Checks, miss_line

    rows = {"holds": (Fraction(1, 2), Estimate(50, 100)), "misses": (Fraction(9, 10),
                                                                     Estimate(50, 100))}
    assert miss_line(rows) == "1 of 2 intervals misses (about 0.10 expected): misses"
    checks = Checks()
    table = checks.table(rows)
    assert list(table.frame["interval holds the exact value"]) == ["yes", "no: a miss"]
    checks.table({"wide": (Fraction(1, 2), Estimate(50, 100, 2.576))})
    assert checks.missed() == ["misses"]
    assert checks.line() == "1 of 3 intervals misses (about 0.11 expected): misses"
