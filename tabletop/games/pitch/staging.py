"""Staged positions for lessons and tests: what ``game.arrange(...)`` can set at a Pitch table.

Every change is checked first; a bad one raises :class:`~tabletop.IllegalAction` with a
reason a student can read, and :meth:`~tabletop.core.game.Game.arrange` then leaves the
table as it was. Cards move between the hands and the undealt stock, never made; money
moves between a tab and the bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.errors import IllegalAction
from tabletop.core.staging import by_player, card_lists, set_balance, whole_number

from .money import BANK
from .tricks import DECK

if TYPE_CHECKING:
    from .rules import Pitch


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
        size = self.content.hand_size
        out = {name: "is not dealt in this hand" for name in self.ring if name not in self.dealt}
        hands = card_lists(by_player(value, self.ring, "hands", unavailable=out), "hands", DECK,
                           size=size, spelling="write cards as AS, 10H, 2C")
        taken = {card for cards in hands.values() for card in cards}
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
        scores = by_player(value, self.ring, "scores")
        self.scores.update({name: whole_number(score, f"{name}'s score", None)
                            for name, score in scores.items()})

    def stage_money(self: Pitch, value: Any) -> None:
        """Money on each tab in cents, by player (from or to the bank)."""
        for name, cents in by_player(value, self.ring, "money").items():
            set_balance(self.ledger, name, whole_number(cents, f"{name}'s money", None), BANK)
