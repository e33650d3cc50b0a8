"""The cards of Pitch and its tricks: the deck, the order of the cards, which cards may be
played and who takes a trick."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from tabletop.core.cards import SUIT_NAMES, SUITS, rank_order, standard_deck

#: Rule 2 (RULES.md 4 A2): one ordinary deck of 52 cards.
DECK: tuple[str, ...] = tuple(standard_deck())
#: Rule 6 (RULES.md 4 A6): a card's height within its suit (2 lowest, Ace highest).
HEIGHT: dict[str, int] = {card: rank_order(card) for card in DECK}
#: How a hand is shown: suit by suit, each from low to high.
SORT_KEY: dict[str, tuple[int, int]] = {c: (SUITS.index(c[-1]), HEIGHT[c]) for c in DECK}


def playable(hand: Sequence[str], led: str | None, trump: str | None) -> tuple[str, ...]:
    """Rule 20 (RULES.md 4 A20): the cards of ``hand`` that may go on a trick whose led
    suit is ``led``.

    Anyone leads any card. A follower holding the led suit plays that suit or a
    trump (trumping is allowed even when able to follow); a follower without the
    led suit plays anything.
    """
    if led is None:
        return tuple(hand)
    suits = [card[-1] for card in hand]
    if led not in suits:
        return tuple(hand)
    allowed = (led, trump)
    return tuple([card for card, s in zip(hand, suits, strict=True) if s in allowed])


def winning_index(cards: Sequence[str], trump: str) -> int:
    """Rule 21 (RULES.md 4 A21): the position in ``cards`` (in playing order) of the card
    taking the trick: the highest trump, or without a trump the highest card of the suit led."""
    led = cards[0][-1]
    best = 0
    for k in range(1, len(cards)):
        card, top = cards[k], cards[best]
        if card[-1] == top[-1]:
            if HEIGHT[card] > HEIGHT[top]:
                best = k
        elif card[-1] == trump or (card[-1] == led and top[-1] != trump):
            best = k
    return best


def beats(card: str, top: str, trump: str) -> bool:
    """Rule 21 (RULES.md 4 A21), for one more card: whether ``card``, played now, takes the
    trick from ``top``, the card winning it so far (always of the suit led or a trump): a
    higher card of the same suit, or a trump over a card of the suit led. The same as
    ``winning_index([*cards, card], trump) == len(cards)``."""
    if card[-1] == top[-1]:
        return HEIGHT[card] > HEIGHT[top]
    return card[-1] == trump


@cache
def play_prompt(name: str, led: str | None, trump: str | None) -> str:
    """What ``name`` is asked before playing a card: rules 19 and 20 in one sentence
    (remembered: a few dozen recur in every hand)."""
    if led is None:
        return f"{name}, lead any card" + ("" if trump else ": its suit becomes trump")
    if led == trump:
        return f"{name}, trumps were led: play a trump (anything if you hold none)"
    suit = SUIT_NAMES[led]
    return f"{name}, {suit} were led: follow suit or play a trump (anything if you hold no {suit})"
