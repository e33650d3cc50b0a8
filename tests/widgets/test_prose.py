"""Prose rendered from the computation (widgets/prose.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop.odds import Estimate, MeanEstimate
from widgets.prose import Prose, render


def test_each_kind_of_value_is_shown_as_a_student_reads_it() -> None:
    shown = render("{a} | {a:/} | {a:~3} | {b:%3} | {n} | {x} | {lots}",
                   a=Fraction(15, 8), b=Fraction(1, 8), n=17500, x=2.4206,
                   lots=["A3", "B1", "B2"])
    assert shown == "15/8 ≈ 1.875 | 15/8 | 1.88 | 12.5% | 17,500 | 2.421 | A3, B1 and B2"
    assert render("{f}", f=Fraction(1, 3 * 10**6)) == "≈ 0.0000003333"


def test_a_negative_figure_has_a_minus_sign_not_a_hyphen() -> None:
    shown = render("{a} | {b:~3} | {c:%3} | {d} | {e:/}", a=-0.6812, b=-4.4, c=-0.125, d=-17500,
                   e=Fraction(-3, 8))
    assert shown == "\u22120.6812 | \u22124.40 | \u221212.5% | \u221217,500 | \u22123/8"
    assert render("{m:i}", m=MeanEstimate(4, -10.0, 30.0, 1.96)) == "\u22123.765 – \u22121.235"


def test_a_simulation_is_shown_with_its_interval() -> None:
    sim = Estimate(300, 1000)
    assert render("{s}", s=sim) == "0.3000 (95% interval 0.2724 – 0.3291, 1,000 trials)"
    assert render("{s:i} over {s:n}", s=sim) == "0.2724 – 0.3291 over 1,000"
    assert render("{m:~3}", m=MeanEstimate(4, 10.0, 30.0, 1.96)) == "2.50"


def test_money_typeset_as_tex_and_long_fractions_are_refused() -> None:
    with pytest.raises(ValueError, match="TeX"):
        render("from $5 to $7")
    with pytest.raises(ValueError, match="short fraction"):
        render("{f:/}", f=Fraction(1, 10**7 + 1))
    with pytest.raises(ValueError, match="prose format"):
        render("{f:x}", f=1)


def test_the_plain_text_of_prose_is_its_markdown_so_nbval_compares_it() -> None:
    assert repr(Prose("15/8 ≈ 1.875")) == Prose("15/8 ≈ 1.875")._repr_markdown_()
