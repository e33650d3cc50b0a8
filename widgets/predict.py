""""Predict first": a student commits to a guess before the kit shows the answer.

    predict_first("Chance of a double with two dice?", lambda: roll_pair().p(doubles))

shows the question, a box for the guess (a fraction such as ``1/6``, a decimal
or a percentage such as ``17%``; or a slider), a Reveal button, and an output
area with the exact answer and how far the guess was. The answer is computed
only when Reveal is pressed; an error in it is shown, not swallowed. The guess is read in
the unit the question asks for (a chance, a number or one of ``choices``), and one that
cannot be read is refused with a message saying how to write it. In a class session
(:mod:`widgets.class_session`) the same box sends the student's answer to the class.
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Callable, Sequence
from decimal import Decimal
from fractions import Fraction
from html import escape
from numbers import Real
from typing import Any, Literal

import ipywidgets as w

from tabletop.odds.display import approx, fraction_text

from . import class_session
from .shared import label, layout, style

#: What a question asks for (see :data:`tabletop.tables.sessions.UNITS`).
Unit = Literal["probability", "number", "choice"]
#: Words that make a question ask for a chance (read as 0 to 1, or a percentage).
CHANCE_WORDS = re.compile(r"\b(chance|probability|share|how often|p\()", re.IGNORECASE)
#: Words that make a question ask for a number even when it speaks of a chance ("How many
#: rolls until the first chance of ...?", "Expected number of ...").
NUMBER_WORDS = re.compile(r"\b(how (many|long|much|far)|expected (number|wait|length|value)|"
                          r"on average)\b", re.IGNORECASE)
THOUSANDS = re.compile(r"^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$")
#: A slider's width in pixels for each of its steps (within the bounds below).
SLIDER_PX_PER_STEP = 12
SLIDER_PX = (360, 720)


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


def unit_of(question: str, slider: object = None, choices: object = None) -> Unit:
    """The unit a question asks for: a choice when it offers choices, else a chance when it
    speaks of one (chance, probability, share, how often) and does not ask how many, how long
    or how much, else a number (a count, an average, an amount)."""
    if choices:
        return "choice"
    if slider is None and CHANCE_WORDS.search(question) and not NUMBER_WORDS.search(question):
        return "probability"
    return "number"


def read_answer(raw: object, unit: Unit) -> Fraction:
    """The student's answer in the question's unit, or a ValueError saying how to write one:
    a chance between 0 and 1 (``1/6``, ``0.17``, ``17%``); a number (``3``, ``10.5``,
    ``2,000``; not a percentage)."""
    if not isinstance(raw, str):
        return Fraction(str(raw))  # a slider's value
    if unit == "number":
        text = raw.strip()
        if text.endswith("%"):
            raise ValueError(f"{raw.strip()!r}: this question asks for a number (a count or "
                             "an amount), not a percentage")
        if THOUSANDS.match(text):
            raw = text.replace(",", "")
        try:
            return read_guess(raw)
        except ValueError:
            if not text:
                raise
            raise ValueError(f"{text!r} is not a number: try 3, 10.5 or 7/2") from None
    guess = read_guess(raw)
    if unit == "probability" and not 0 <= guess <= 1:
        raise ValueError(f"{raw.strip()} is not a chance: a chance lies between 0 and 1 "
                         "(0% and 100%)")
    return guess


def answer_text(answer: Any) -> str:
    """The exact answer as a student reads it: ``1/6 ≈ 0.1667``, ``10.5``, ``17,500``."""
    if not isinstance(answer, Real):
        return str(answer)
    return fraction_text(answer if isinstance(answer, Fraction) else
                         Fraction(answer) if isinstance(answer, int) else float(answer))


def answer_phrase(shown: str) -> str:
    """An answer as :func:`answer_text` shows it, ready to follow "is": ``1/6 ≈ 0.1667`` as it
    stands, ``≈ 7.147`` (no short exact form) as ``about 7.147``."""
    return f"about {shown[1:].strip()}" if shown.startswith("≈") else shown


def slider_decimals(step: float) -> int:
    """How many decimals a slider of ``step`` shows: ``0.05`` -> 2, ``1`` -> 0."""
    return max(0, -int(Decimal(str(step)).normalize().as_tuple().exponent))


def verdict(guess: Fraction | str, answer: Any, within: float | None = None) -> str:
    """One sentence: the answer, exact and as a decimal, and how far the guess was; a guess
    no further than ``within`` from the answer is called close."""
    if isinstance(guess, str) or not isinstance(answer, Real):
        right = " is right" if str(guess) == str(answer) else ""
        return f"The answer is {answer}. Your guess was {guess}{right}."
    shown = answer_text(answer)
    gap = float(guess) - float(answer)
    if abs(gap) < 5e-5 * max(1.0, abs(float(answer))):
        return f"The answer is {shown}. Your guess {approx(float(guess))} is spot on."
    direction = "too high" if gap > 0 else "too low"
    close = "close: " if within is not None and abs(gap) <= within else ""
    return (f"The answer is {shown}. Your guess {approx(float(guess))} is {close}"
            f"{approx(abs(gap))} {direction}.")


def interval_of(found: Any) -> tuple[float, float] | None:
    """A simulation's interval: an Estimate's (``.interval``) or a ``(low, high)`` pair."""
    if found is None:
        return None
    low, high = getattr(found, "interval", found)
    return float(low), float(high)


class PredictFirst:
    """The widgets of one predict-first question; ``.widget`` is what to display.

    Alone, Reveal shows the exact answer next to the guess. In a class session
    (:mod:`widgets.class_session`, found through the kernel's session, so no cell changes) a
    student's box sends the answer to the store instead, and shows the exact answer once the
    teacher reveals; the teacher's box counts the answers and reveals the class's.
    """

    def __init__(
        self,
        question: str,
        answer_fn: Callable[[], Any],
        slider: tuple[float, float, float] | None = None,
        *,
        interval: Callable[[], Any] | None = None,
        within: float | None = None,
        choices: Sequence[str] | None = None,
        unit: Unit | None = None,
    ) -> None:
        self.question, self.answer_fn, self.interval_fn = question, answer_fn, interval
        self.choices = tuple(choices) if choices else None
        self.unit: Unit = unit or unit_of(question, slider, self.choices)
        self.within = within
        self.guess: w.Text | w.FloatSlider | w.Dropdown
        self.decimals = 0
        if self.choices:
            self.guess = w.Dropdown(options=[("pick one", None), *((c, c) for c in self.choices)],
                                    value=None, description="Guess:", layout=layout(),
                                    style=style(w.Dropdown))
        elif slider is None:
            hint = ("1/6, 0.17 or 17%" if self.unit == "probability" else "a number, e.g. 3.5")
            self.guess = w.Text(placeholder=f"your guess: {hint}", description="Guess:",
                                continuous_update=False, layout=layout(),
                                style=style(w.Text))
        else:
            low, high, step = slider
            self.decimals = slider_decimals(step)
            steps = round((high - low) / step)
            width = min(max(SLIDER_PX_PER_STEP * steps, SLIDER_PX[0]), SLIDER_PX[1])
            # its own layout: a slider is as wide as its steps need
            self.guess = w.FloatSlider(min=low, max=high, step=step, value=low,
                                       description="Guess:",
                                       readout_format=f",.{self.decimals}f",
                                       layout=w.Layout(width=f"{width}px"),
                                       style=style(w.FloatSlider))
        self.guess.add_class("tt-predict-guess")
        self.button = w.Button(description="Reveal", tooltip="Show the exact answer",
                               layout=layout(), style=style(w.Button))
        self.button.add_class("tt-predict-reveal")
        self.output = w.Output(layout=layout())
        self.button.on_click(lambda _button: self.reveal())
        self.row = w.HBox([self.guess, self.button], layout=layout())
        # what a class session adds (widgets.class_session)
        self.class_box = w.VBox([], layout=layout())
        self.widget = w.VBox(
            [label(f"<b>Predict first:</b> {escape(question)}"), self.row, self.output,
             self.class_box],
            layout=layout(),
        )
        self.widget.add_class("tt-predict")
        class_session.register(self)

    def typed(self) -> str:
        """The guess as the student sees it: the text typed, the choice picked, or the
        slider's value as its readout shows it (``0.75``, ``4.50``, ``1,500``)."""
        raw = self.guess.value
        if isinstance(self.guess, w.FloatSlider):
            return f"{raw:,.{self.decimals}f}"
        return "" if raw is None else str(raw).strip()

    def read(self) -> Fraction | str:
        """The guess in the question's unit (a ValueError says how to write one); a slider's
        value as its readout shows it (never a float's binary tail)."""
        raw = self.guess.value
        if self.unit == "choice":
            if raw is None:
                raise ValueError("pick one of the choices first")
            return str(raw)
        return read_answer(self.typed() if isinstance(self.guess, w.FloatSlider) else raw,
                           self.unit)

    def show(self, text: str) -> None:
        """Put ``text`` (an answer as :meth:`typed` gives it) back in the guess box."""
        if isinstance(self.guess, w.FloatSlider):
            self.guess.value = float(read_answer(text, "number"))
        else:
            self.guess.value = text

    def close_within(self, answer: Any) -> float | None:
        """How far from ``answer`` a guess is still close: ``within`` when the cell gave it,
        else the class session's default for the unit."""
        if self.within is not None:
            return self.within
        exact = float(answer) if isinstance(answer, Real) else None
        return class_session.default_within(self.unit, exact)

    def reveal(self) -> str:
        """Compute the answer and show it next to the guess (errors are shown too)."""
        try:
            guess, answer = self.read(), self.answer_fn()
            message = verdict(guess, answer, self.close_within(answer))
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
    *,
    interval: Callable[[], Any] | None = None,
    within: float | None = None,
    choices: Sequence[str] | None = None,
    unit: Unit | None = None,
) -> w.VBox:
    """A predict-first box: guess (text, a slider ``(min, max, step)`` or one of ``choices``),
    then Reveal. ``interval`` (a function returning the simulation's Estimate or a
    ``(low, high)`` pair) is drawn beside the class's answers in a class session; ``within``
    is the distance from the exact answer counted as close (default: 0.05 for a chance, a
    tenth of the answer for a number); ``unit`` overrides the one read from the question."""
    return PredictFirst(question, answer_fn, slider, interval=interval, within=within,
                        choices=choices, unit=unit).widget


def hidden_answer(label: str, show: Callable[[], Any]) -> w.VBox:
    """A button labelled ``label`` that keeps an answer hidden until pressed: then ``show()``
    runs and what it prints (or returns) appears below the button; an error is shown too."""
    button = w.Button(description=label, tooltip="Try the exercise first",
                      layout=layout(width="auto"), style=style(w.Button))
    output = w.Output(layout=layout())

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
    return w.VBox([button, output], layout=layout())
