"""How the log and the prompts write Hip Coins and Property cards.

A student sees a card by its name only: the copy number that tells the copies of one
business apart in the deck (``Dive Bar 4``) would read like a rating or a cost, so no
choice, prompt or log line shows it. Copies of a business are alike in every figure, so
one choice per business names them all.
"""

from __future__ import annotations

import re

from tabletop.core.words import plural

from .content import Property

#: The bank's account in the ledger (a supply: it pays out without running dry).
BANK = "bank"


def hc(amount: int) -> str:
    """An amount of Hip Coins: ``5 HC``."""
    return f"{amount} HC"


def describe(card: Property) -> str:
    """A Property card with its type and its three figures (rule 18)."""
    return (f"{card.name} ({card.type}; Developer Rating {card.rating}, cost "
            f"{hc(card.cost)}, {plural(card.hip_points, 'Hip Point')})")


def account(name: str) -> str:
    """A ledger account as a sentence names it: a player, or the bank."""
    return "the bank" if name == BANK else name


def by_name(cards: dict[str, Property], ids: list[str]) -> dict[str, str]:
    """One card id per business name among ``ids`` (the first copy found): what a choice
    of that business builds, buys or discards."""
    out: dict[str, str] = {}
    for card_id in ids:
        out.setdefault(cards[card_id].name, card_id)
    return out


#: A copy number after a business name, as actions of the kit once carried it.
COPY_NUMBER = re.compile(r"(?<=[A-Za-z']) \d+(?= on | for | go$|$)")


def without_copy_number(action: str) -> str:
    """An action as the kit wrote it before copy numbers left the choices, in today's
    words: ``build Dive Bar 4 on A1`` is ``build Dive Bar on A1``."""
    return COPY_NUMBER.sub("", action)
