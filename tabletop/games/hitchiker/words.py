"""Small wording helpers shared by the Hitchiker engine and its widget."""

from __future__ import annotations


def units(n: int) -> str:
    """A number of contraband units in words: ``"1 unit"``, ``"0 units"``, ``"2 units"``."""
    return f"{n} unit" if n == 1 else f"{n} units"
