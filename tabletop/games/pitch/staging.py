"""Staged positions for lessons and tests: what ``game.arrange(...)`` can set at a Pitch table.

Every change is checked first; a bad one raises :class:`~tabletop.IllegalAction` with a
reason a student can read, and :meth:`~tabletop.core.game.Game.arrange` then leaves the
table as it was. Cards move between the hands and the undealt stock, never made; money
moves between a tab and the bank.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core.errors import IllegalAction

from . import money
from .tricks import DECK

if TYPE_CHECKING:
    from .rules import Pitch


def by_player(value: Any, names: Sequence[str], what: str) -> dict[str, Any]:
    """``value`` checked to be a table keyed by some of ``names``."""
    if not isinstance(value, dict) or not value or set(value) - set(names):
        raise IllegalAction(f"{what} should be a table by player, naming some of "
                            f"{', '.join(names) or 'nobody yet'}; not {value!r}")
    return value


def whole_numbers(value: dict[str, Any], what: str) -> dict[str, int]:
    """``value``'s entries checked to be whole numbers."""
    for name, number in value.items():
        if type(number) is not int:
            raise IllegalAction(f"{name}'s {what} should be a whole number, not {number!r}")
    return value


class Staging:
    """The ``stage_`` methods of :class:`~.rules.Pitch` (see :meth:`Game.arrangeable`)."""

    def stage_hands(self: Pitch, value: Any) -> None:
        """Cards in hand, by player (during the bidding).

        A staged hand takes its cards from the undealt stock or from another hand, and the
        cards it held go back to the stock; a player who gives up cards this way draws as
        many from the stock. The dealt hands (for High) are the staged ones.
        """
        if self.phase != "bidding":
            raise IllegalAction("hands can be arranged during the bidding, before the first "
                                f"card is played, not now ({self.phase})")
        hands = by_player(value, list(self.dealt), "hands")
        size = self.content.hand_size
        staged: list[str] = []
        for name, cards in hands.items():
            if not isinstance(cards, list) or len(cards) != size:
                raise IllegalAction(f"{name}'s hand should be a list of {size} cards, "
                                    f"not {cards!r}")
            wrong = [card for card in cards if card not in DECK]
            if wrong:
                raise IllegalAction(f"{wrong[0]!r} is not a card: write cards as AS, 10H, 2C")
            staged += cards
        twice = sorted({card for card in staged if staged.count(card) > 1})
        if twice:
            raise IllegalAction(f"{', '.join(twice)} cannot be in two hands at once")
        taken = set(staged)
        stock = [c for c in (*self.stock, *(c for n in hands for c in self.hands[n]))
                 if c not in taken]
        for name, held in list(self.dealt.items()):
            if name in hands:
                self.hold(name, hands[name])
            elif taken & set(held):
                kept = [card for card in held if card not in taken]
                missing = size - len(kept)
                self.hold(name, kept + stock[:missing])
                stock = stock[missing:]
        self.stock = stock

    def stage_scores(self: Pitch, value: Any) -> None:
        """Scores on the sheet, by player."""
        self.scores.update(whole_numbers(by_player(value, self.ring, "scores"), "score"))

    def stage_money(self: Pitch, value: Any) -> None:
        """Money on each tab in cents, by player (from or to the bank)."""
        for name, cents in whole_numbers(by_player(value, self.ring, "money"), "money").items():
            money.pay(self.ledger, name, cents - self.ledger[name])
