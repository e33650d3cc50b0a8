"""The standard 52-card deck, with cards written as short text: ``"AS"``, ``"10H"``, ``"2C"``."""

from __future__ import annotations

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_NAMES: dict[str, str] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS: dict[str, str] = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_NAMES: dict[str, str] = {"J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def standard_deck() -> list[str]:
    """The 52 cards, suit by suit, each suit from 2 up to the Ace."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def rank(card: str) -> str:
    """``"10H"`` -> ``"10"``."""
    return card[:-1]


def suit(card: str) -> str:
    """``"10H"`` -> ``"H"``."""
    return card[-1]


def rank_order(card: str) -> int:
    """0 for a 2 up to 12 for an Ace (Ace high)."""
    return RANKS.index(card[:-1])


def card_name(card: str) -> str:
    """``"QS"`` -> ``"Queen of spades"``."""
    r = card[:-1]
    return f"{RANK_NAMES.get(r, r)} of {SUIT_NAMES[card[-1]]}"


def card_symbol(card: str) -> str:
    """``"QS"`` -> ``"Q♠"``."""
    return card[:-1] + SUIT_SYMBOLS[card[-1]]
