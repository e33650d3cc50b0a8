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


def fraction_text(value: Fraction | float) -> str:
    """A probability or a mean as a student reads it (TEACHING.md): ``1/3 ≈ 0.3333`` when the
    fraction is short, ``≈ 0.004713`` when it is not, ``0.2222`` for a float, ``17,500`` for a
    whole number."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return f"{value.numerator:,}"
        if short(value):
            return f"{value} ≈ {approx(float(value))}"
        return f"≈ {approx(float(value))}"
    return approx(value)


def short(value: Fraction) -> bool:
    """Whether a fraction is readable as it stands: numerator and denominator under a
    million (TEACHING.md)."""
    return max(abs(value.numerator), value.denominator) < 10**6
