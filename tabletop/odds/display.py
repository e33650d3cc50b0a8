"""Numbers as a student reads them (TEACHING.md): a few significant figures, no exponents."""

from __future__ import annotations

import math


def approx(value: float, digits: int = 4) -> str:
    """``value`` to ``digits`` significant figures, never in scientific notation:
    ``0.2222``, ``9.231``, ``210.1``, ``17,500``."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    decimals = max(0, digits - 1 - math.floor(math.log10(abs(value))))
    return f"{round(value, decimals):,.{decimals}f}"
