"""Decks of cards: a draw pile and a discard pile, shuffled by the game's chance source."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .chance import Chance


class Deck:
    """A face-down draw pile (top = end of the list) and a face-up discard pile."""

    __slots__ = ("discards", "pile")

    def __init__(self, cards: Iterable[Any] = ()) -> None:
        self.pile: list[Any] = list(cards)
        self.discards: list[Any] = []

    def __len__(self) -> int:
        return len(self.pile)

    def shuffle(self, chance: Chance) -> None:
        """Shuffle the draw pile; the first card of the chance order is the top card."""
        self.pile = chance.shuffle(self.pile)[::-1]

    def draw(self, chance: Chance | None = None) -> Any:
        """The top card; an empty pile is first refilled from the shuffled discards."""
        if not self.pile:
            if chance is None or not self.discards:
                raise IndexError("the deck is empty")
            self.pile, self.discards = self.discards, []
            self.shuffle(chance)
        return self.pile.pop()

    def discard(self, card: Any) -> None:
        self.discards.append(card)

    def gather(self, *hands: list[Any]) -> None:
        """Put the discards and every given hand back into the draw pile (the hands are emptied)."""
        self.pile.extend(self.discards)
        self.discards.clear()
        for hand in hands:
            self.pile.extend(hand)
            hand.clear()


def deal_round_robin(cards: Sequence[Any], seats: int, first: int = 0) -> list[list[Any]]:
    """Deal ``cards`` one at a time to ``seats`` hands, starting at seat ``first``.

    When the cards do not divide evenly the first seats dealt to get one more.
    """
    hands: list[list[Any]] = [[] for _ in range(seats)]
    for k, card in enumerate(cards):
        hands[(first + k) % seats].append(card)
    return hands
