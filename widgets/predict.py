""""Predict first": a student commits to a guess before the kit shows the answer.

    predict_first("Chance of a double with two dice?", lambda: roll_pair().p(doubles))

shows the question, a box for the guess (a fraction such as ``1/6``, a decimal
or a percentage such as ``17%``; or a slider), a Reveal button, and an output
area with the exact answer and how far the guess was. The answer is computed
only when Reveal is pressed; an error in it is shown, not swallowed.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from fractions import Fraction
from html import escape
from numbers import Real
from typing import Any

import ipywidgets as w

from .lessons import approx, fraction_text


def read_guess(text: str) -> Fraction:
    """A guess typed as ``1/6``, ``0.17``, ``17%`` or ``3``, read exactly."""
    cleaned = text.strip().replace(",", ".")
    if not cleaned:
        raise ValueError("type a guess first")
    try:
        if cleaned.endswith("%"):
            return Fraction(cleaned[:-1].strip()) / 100
        return Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{text!r} is not a number: try 1/6, 0.17 or 17%") from None


def verdict(guess: Fraction, answer: Any) -> str:
    """One sentence: the answer, exact and as a decimal, and how far the guess was."""
    if not isinstance(answer, Real):
        return f"The answer is {answer}. Your guess was {guess}."
    shown = fraction_text(answer if isinstance(answer, Fraction) else
                          Fraction(answer) if isinstance(answer, int) else float(answer))
    gap = float(guess) - float(answer)
    if abs(gap) < 5e-5 * max(1.0, abs(float(answer))):
        return f"The answer is {shown}. Your guess {guess} is spot on."
    direction = "too high" if gap > 0 else "too low"
    return (f"The answer is {shown}. Your guess {approx(float(guess))} was "
            f"{approx(abs(gap))} {direction}.")


class PredictFirst:
    """The widgets of one predict-first question; ``.widget`` is what to display."""

    def __init__(
        self,
        question: str,
        answer_fn: Callable[[], Any],
        slider: tuple[float, float, float] | None = None,
    ) -> None:
        self.answer_fn = answer_fn
        if slider is None:
            self.guess: w.Text | w.FloatSlider = w.Text(
                placeholder="your guess: 1/6, 0.17 or 17%", description="Guess:"
            )
        else:
            low, high, step = slider
            self.guess = w.FloatSlider(min=low, max=high, step=step, value=low,
                                       description="Guess:", readout_format=".3g")
        self.button = w.Button(description="Reveal", tooltip="Show the exact answer")
        self.output = w.Output()
        self.button.on_click(lambda _button: self.reveal())
        self.widget = w.VBox(
            [w.HTML(f"<b>Predict first:</b> {escape(question)}"),
             w.HBox([self.guess, self.button]), self.output]
        )

    def reveal(self) -> str:
        """Compute the answer and show it next to the guess (errors are shown too)."""
        try:
            raw = self.guess.value
            guess = read_guess(raw) if isinstance(raw, str) else Fraction(str(raw))
            message = verdict(guess, self.answer_fn())
        except ValueError as err:
            message = f"Not yet: {err}."
        except Exception as err:  # a broken answer must be visible, not silent
            message = "The answer could not be computed:\n" + "".join(
                traceback.format_exception_only(err)
            )
        self.output.clear_output()
        with self.output:
            print(message)
        return message


def predict_first(
    question: str,
    answer_fn: Callable[[], Any],
    slider: tuple[float, float, float] | None = None,
) -> w.VBox:
    """A predict-first box: guess (text, or a slider ``(min, max, step)``), then Reveal."""
    return PredictFirst(question, answer_fn, slider).widget


def hidden_answer(label: str, show: Callable[[], Any]) -> w.VBox:
    """A button labelled ``label`` that keeps an answer hidden until pressed: then ``show()``
    runs and what it prints (or returns) appears below the button; an error is shown too."""
    button = w.Button(description=label, tooltip="Try the exercise first",
                      layout=w.Layout(width="auto"))
    output = w.Output()

    def reveal(_button: w.Button) -> None:
        output.clear_output()
        with output:
            try:
                result = show()
                if result is not None:
                    print(result)
            except Exception as err:  # a broken answer must be visible, not silent
                print("The answer could not be computed:\n"
                      + "".join(traceback.format_exception_only(err)))

    button.on_click(reveal)
    return w.VBox([button, output])
