"""How the log and the prompts write Hip Coins and Property cards."""

from __future__ import annotations

from .content import Property

#: The bank's account in the ledger (a supply: it pays out without running dry).
BANK = "bank"


def hc(amount: int) -> str:
    """An amount of Hip Coins: ``5 HC``."""
    return f"{amount} HC"


def describe(card: Property) -> str:
    """A Property card with its type and its three figures (rule 18)."""
    return (f"{card.name} ({card.type}; Developer Rating {card.rating}, cost "
            f"{hc(card.cost)}, {card.hip_points} Hip Points)")
