"""Prose rendered from the computation (TEACHING.md: no number typed by hand).

A walkthrough's sentence that states a number is written by code, so the number is always the
one the cells above computed:

    say("One roll pays {mean} HC on average, never exactly that: 0 or {face} HC.",
        mean=coins.mean(), face=C.coin_face)

shows, as Markdown, "One roll pays 15/8 ≈ 1.875 HC on average, never exactly that: 0 or 5 HC."
The cell carrying ``say`` is tagged ``prose`` and ``nbval-check-output`` (a drift in the
computation then fails nbval) and has its source hidden in JupyterLab (cell metadata
``{"jupyter": {"source_hidden": true}}``; Voilà strips every source). The template itself
holds no digit: ``tests/notebooks/test_prose.py`` reads it as it reads a Markdown cell.

A field is written ``{name}`` or ``{name:spec}``; how each kind of value is shown:

============  ===================================  ==========================================
spec          for                                  shows
============  ===================================  ==========================================
(none)        a Fraction                           ``15/8 ≈ 1.875``, ``≈ 0.1303`` (long ones)
(none)        an int, a float                      ``17,500``; ``2.421`` (four figures)
(none)        an Estimate or MeanEstimate          ``0.3746 (95% interval 0.3716 – 0.3777,
                                                   97,997 trials)``
(none)        a list or tuple                      ``A3, B1 and B2``
``/``         a short Fraction                     ``15/8`` alone
``~``, ``~3``  any number                          ``1.875``, ``1.88`` (four or n figures)
``%``, ``%3``  a share                             ``13.03%``, ``13.0%`` (four or n figures)
``i``         an Estimate or MeanEstimate          ``0.3716 – 0.3777``
``n``         an Estimate or MeanEstimate          ``97,997`` (its trials)
============  ===================================  ==========================================

A negative figure is written with a minus sign (−0.68), not a hyphen. Any other value is
shown with ``str``. Money keeps each game's own style: a rendering with
two ``$`` and a figure after one is refused, since Markdown would typeset it as TeX
(FIELD-NOTES).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from fractions import Fraction
from numbers import Real
from typing import Any

from IPython.display import display

from tabletop.odds import Estimate, MeanEstimate
from tabletop.odds.display import approx, fraction_text, minus, short

#: A ``$`` before a figure is money (tests/notebooks/test_walkthrough_style.py).
MONEY = re.compile(r"\$(?=\s?\d)")
SPEC = re.compile(r"(?P<kind>[~%]?)(?P<digits>\d*)|/|i|n")


class Prose:
    """A paragraph of Markdown; its plain-text form is the same text, so nbval compares it."""

    def __init__(self, text: str) -> None:
        self.text = text

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def centre(estimate: Estimate | MeanEstimate) -> float:
    """A simulation's estimate: its share or its mean."""
    return estimate.p_hat if isinstance(estimate, Estimate) else estimate.mean


def interval_words(estimate: Estimate | MeanEstimate) -> str:
    """``0.5012 (95% interval 0.4993 – 0.5031, 100,000 trials)``: the estimate as it prints."""
    return repr(estimate)


def listed(items: Sequence[Any]) -> str:
    """``A3, B1 and B2``."""
    words = [shown(item, "") for item in items]
    return " and ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)


def shown(value: Any, spec: str) -> str:
    """One field of :func:`say`, as the table of this module's docstring says."""
    match = SPEC.fullmatch(spec)
    if match is None:
        raise ValueError(f"{spec!r} is not a prose format: use /, ~, ~3, %, %3, i or n")
    if isinstance(value, Estimate | MeanEstimate):
        if spec == "i":
            return " – ".join(minus(approx(end)) for end in value.interval)
        if spec == "n":
            return f"{value.trials:,}"
        return interval_words(value) if not spec else shown(centre(value), spec)
    if isinstance(value, list | tuple):
        return listed(value)
    if not isinstance(value, Real) or isinstance(value, bool):
        return str(value)
    if spec == "/":
        fraction = Fraction(value)
        if not short(fraction):
            raise ValueError(f"{approx(float(value))} has no short fraction: write {{x:~}}")
        return minus(str(fraction))
    if match["kind"] == "~":
        return minus(approx(float(value), int(match["digits"] or 4)))
    if match["kind"] == "%":
        return minus(f"{approx(100 * float(value), int(match['digits'] or 4))}%")
    if isinstance(value, int) or (isinstance(value, Fraction) and value.denominator == 1):
        return minus(f"{int(value):,}")
    return minus(fraction_text(value) if isinstance(value, Fraction) else approx(float(value)))


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return shown(value, format_spec)


def render(text: str, **values: Any) -> str:
    """``text`` with each ``{field}`` filled from ``values`` (see the module's table)."""
    out = _Formatter().format(text, **values)
    if out.count("$") >= 2 and MONEY.search(out):
        raise ValueError("two $ and a sum of money in one paragraph are typeset as TeX: write "
                         "the game's money without $ (FIELD-NOTES)")
    return out


def say(text: str, **values: Any) -> None:
    """Show ``text`` as Markdown with its fields filled from ``values``."""
    display(Prose(render(text, **values)))
