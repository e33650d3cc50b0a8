"""The predict-first widget: guesses read exactly, answers and errors shown."""

from fractions import Fraction

import pytest

from widgets.predict import PredictFirst, read_guess


@pytest.mark.parametrize(
    ("text", "value"),
    [("1/6", Fraction(1, 6)), ("17%", Fraction(17, 100)), (" 0,5 ", Fraction(1, 2))],
)
def test_read_guess(text, value):
    assert read_guess(text) == value


def test_reveal_compares_the_guess_with_the_exact_answer():
    box = PredictFirst("Chance of a double?", lambda: Fraction(1, 6))
    box.guess.value = "0.25"
    assert "1/6 ≈ 0.1667" in box.reveal() and "too high" in box.reveal()
    box.guess.value = "1/6"
    assert "spot on" in box.reveal()
    box.guess.value = "lots"
    assert "not a number" in box.reveal()


def test_a_failing_answer_is_shown_not_raised():
    box = PredictFirst("?", lambda: 1 / 0, slider=(0, 1, 0.01))
    assert "ZeroDivisionError" in box.reveal()


def test_a_long_answer_is_shown_readably():
    box = PredictFirst("?", lambda: Fraction(2**60 + 1, 3**40))
    box.guess.value = "0.1"
    assert "≈" in box.reveal() and str(2**60 + 1) not in box.reveal()
    box = PredictFirst("?", lambda: 0.2222222222222222)
    box.guess.value = "2/9"
    assert "The answer is 0.2222." in box.reveal() and "spot on" in box.reveal()
