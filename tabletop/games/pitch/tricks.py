"""Playing the tricks of Pitch: which cards may be played and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.core.cards import rank_order, standard_deck

#: Rule 6: a card's height within its suit (2 lowest, Ace highest).
HEIGHT: dict[str, int] = {card: rank_order(card) for card in standard_deck()}


def playable(hand: Sequence[str], led: str | None, trump: str | None) -> tuple[str, ...]:
    """Rule 20: the cards of ``hand`` that may go on a trick whose led suit is ``led``.

    Anyone leads any card. A follower holding the led suit plays that suit or a
    trump (trumping is allowed even when able to follow); a follower without the
    led suit plays anything.
    """
    if led is None:
        return tuple(hand)
    suits = [card[-1] for card in hand]
    if led not in suits:
        return tuple(hand)
    return tuple([card for card, s in zip(hand, suits, strict=True) if s in (led, trump)])


def winning_index(cards: Sequence[str], trump: str) -> int:
    """Rule 21: the position in ``cards`` (in playing order) of the card taking the trick:
    the highest trump, or without a trump the highest card of the suit led."""
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
