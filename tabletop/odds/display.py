"""Numbers as a student reads them (TEACHING.md): a few significant figures, no exponents."""

from __future__ import annotations

import math
from fractions import Fraction


def approx(value: float, digits: int = 4) -> str:
    """``value`` to ``digits`` significant figures, never in scientific notation:
    ``0.2222``, ``9.231``, ``210.1``, ``17,500``."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    return f"{round(value, decimals):,.{decimals}f}"


def minus(text: str) -> str:
    """A figure as printed, its leading hyphen made a minus sign (``-0.68`` reads as a dash)."""
    return "\u2212" + text[1:] if text.startswith("-") else text


def fraction_text(value: Fraction | float) -> str:
    """A probability or a mean as a student reads it (TEACHING.md): ``1/3 ≈ 0.3333`` when the
    fraction is short, ``≈ 0.004713`` when it is not, ``0.2222`` for a float, ``17,500`` for a
    whole number; a negative one with a minus sign, not a hyphen."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return minus(f"{value.numerator:,}")
        if short(value):
            return f"{minus(str(value))} ≈ {minus(approx(float(value)))}"
        return f"≈ {minus(approx(float(value)))}"
    return minus(approx(value))


def short(value: Fraction) -> bool:
    """Whether a fraction is readable as it stands: numerator and denominator under a
    million (TEACHING.md)."""
    return max(abs(value.numerator), value.denominator) < 10**6
