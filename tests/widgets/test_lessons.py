"""How the walkthroughs print numbers (TEACHING.md: readable, never 17 decimals)."""

from fractions import Fraction

from widgets.lessons import approx, fraction_text


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
