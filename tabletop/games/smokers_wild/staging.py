"""Staged positions for lessons and tests: ``game.arrange(position={"Ann": 24}, ...)``.

Each ``stage_`` method checks its value and changes the table as a teacher would by hand:
money moves through the ledger from or back to the Tobacco Company, cards move between
the company, the hands and the discards. A bad value raises :class:`IllegalAction` with a
reason a student can read, and ``arrange`` leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tabletop.core.staging import by_player, card_lists, set_balance, whole_number

from .table import COMPANY, Table


class Staging(Table):
    """The ``stage_`` methods of Smokers Wild (see :meth:`tabletop.core.game.Game.arrange`)."""

    def stage_position(self, value: Any) -> None:
        """Token places on the track, by player (0 is the UNDERTAKER)."""
        last = len(self.content.board) - 1
        for player, space in self._by_player(value, "position", "{'Ann': 24}").items():
            self.pos[player] = whole_number(space, f"{player}'s position", 0, last)

    def stage_lifeometer(self, value: Any) -> None:
        """Lifeometer years, by player (0 is GO).

        GONE is reached only in play."""
        for player, years in self._by_player(value, "lifeometer", "{'Ann': 12}").items():
            self.life[player] = whole_number(years, f"{player}'s Lifeometer", 0,
                                             self.content.gone - 1)

    def stage_money(self, value: Any) -> None:
        """Money in hand, by player.

        The difference is paid by the Tobacco Company, or back to it."""
        for player, money in self._by_player(value, "money", "{'Ann': 230}").items():
            set_balance(self.ledger, player, whole_number(money, f"{player}'s money"), COMPANY)

    def stage_brands(self, value: Any) -> None:
        """Brand cards held, by player (one or more makes a smoker).

        Each brand comes from whoever holds it; the other brands of a player named go
        back to the company."""
        held = self._cards(value, "brands", "{'Ann': ['LURK', 'SLAYEM']}", self.content.brands)
        for player in held:
            for brand in self.brands_of(player):
                self.holder[brand] = COMPANY
        for player, brands in held.items():
            self.holder.update(dict.fromkeys(brands, player))
        for player in self.players:
            self.n_brands[player] = len(self.brands_of(player))

    def stage_occupations(self, value: Any) -> None:
        """Occupations owned, by player.

        Each comes from whoever owns it; the other occupations of a player named go back
        to the company."""
        owned = self._cards(value, "occupations", "{'Bob': ['LAWYER']}", self.owner)
        for player in owned:
            for occupation in self.occupations_of(player):
                self.owner[occupation] = COMPANY
        for player, occupations in owned.items():
            self.owner.update(dict.fromkeys(occupations, player))

    def stage_puff_hands(self, value: Any) -> None:
        """HAV' A PUFF cards in hand, by player (cards named like 'Jogging #1').

        Each card comes from the discards or another hand; the rest of the hand of a player
        named is discarded."""
        hands = self._cards(value, "puff_hands", "{'Bob': ['Jogging #1']}", self.card_of)
        for player in hands:
            self.discards.extend(self.hands[player])
            self.hands[player] = []
        for player, cards in hands.items():
            for card in cards:
                for pile in (self.discards, *self.hands.values()):
                    if card in pile:
                        pile.remove(card)
            self.hands[player] = list(cards)

    def stage_vacation(self, value: Any) -> None:
        """Turns still to miss on vacation, by player (0: at the table)."""
        longest = max(s.turns for s in self.content.board)
        for player, turns in self._by_player(value, "vacation", "{'Bob': 1}").items():
            self.vacation[player] = whole_number(turns, f"{player}'s vacation", 0, longest)
            if turns:
                self.away.add(player)
            else:
                self.away.discard(player)

    # -- checks -------------------------------------------------------------------------
    def _by_player(self, value: Any, what: str, example: str) -> dict[str, Any]:
        """``value`` checked to be a table keyed by players still playing."""
        gone = dict.fromkeys(self.gone, "has reached GONE and left the game")
        return by_player(value, self.players, what, example=example, unavailable=gone)

    def _cards(self, value: Any, what: str, example: str,
               known: Collection[str]) -> dict[str, list[str]]:
        """``value`` as lists of card names by player, each card known and named once."""
        return card_lists(self._by_player(value, what, example), what, known)
