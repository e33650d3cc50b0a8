"""Amounts a hitchiker may choose: whole steps up to a limit, and the limit itself.

Rule 8 (deposits) and rule 48 with B 16 (bets) cap an amount at what the player holds, not at
a whole number of steps: a player may deposit, or bet, all their travelling cash even when it
falls between the steps. That last amount is offered as the choice :data:`ALL`.
"""

from __future__ import annotations

from tabletop.core.decisions import Amount

ALL = "all"


def up_to(low: int, high: int, step: int) -> tuple[Amount, dict[str, int], dict[str, str]]:
    """Amounts from ``low`` in ``step`` steps up to ``high``; when ``high`` falls between the
    steps, also the choice :data:`ALL` mapped to it (with its button label)."""
    top = low + (high - low) // step * step
    if top == high:
        return Amount(low, top, step), {}, {}
    return Amount(low, top, step), {ALL: high}, {ALL: f"All ${high:,}"}
