"""Staged positions for lessons and tests: ``game.arrange(position={"Ann": 24}, ...)``.

Each ``stage_`` method checks its value and changes the table as a teacher would by hand:
money moves through the ledger from or back to the Tobacco Company, cards move between
the company, the hands and the discards. A bad value raises :class:`IllegalAction` with a
reason a student can read, and ``arrange`` leaves the game as it was.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tabletop.core.errors import IllegalAction

from .table import COMPANY, Table


class Staging(Table):
    """The ``stage_`` methods of Smokers Wild (see :meth:`tabletop.core.game.Game.arrange`)."""

    def stage_position(self, value: Any) -> None:
        """Token places on the track, by player (0 is the UNDERTAKER)."""
        last = len(self.content.board) - 1
        for player, space in self._each_player(value, "position", "{'Ann': 24}"):
            self.pos[player] = self._whole(space, f"{player}'s position", 0, last)

    def stage_lifeometer(self, value: Any) -> None:
        """Lifeometer years, by player (0 is GO).

        GONE is reached only in play."""
        for player, years in self._each_player(value, "lifeometer", "{'Ann': 12}"):
            self.life[player] = self._whole(years, f"{player}'s Lifeometer", 0,
                                            self.content.gone - 1)

    def stage_money(self, value: Any) -> None:
        """Money in hand, by player.

        The difference is paid by the Tobacco Company, or back to it."""
        for player, money in self._each_player(value, "money", "{'Ann': 230}"):
            target = self._whole(money, f"{player}'s money", 0, None)
            if target > self.ledger[player]:
                self.ledger.transfer(COMPANY, player, target - self.ledger[player])
            else:
                self.ledger.transfer(player, COMPANY, self.ledger[player] - target)

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
        for player, turns in self._each_player(value, "vacation", "{'Bob': 1}"):
            self.vacation[player] = self._whole(turns, f"{player}'s vacation", 0, longest)
            if turns:
                self.away.add(player)
            else:
                self.away.discard(player)

    # -- checks -------------------------------------------------------------------------
    def _each_player(self, value: Any, what: str, example: str) -> list[tuple[str, Any]]:
        """The (player, entry) pairs of ``value``, a table keyed by players still playing."""
        if not isinstance(value, dict) or not value:
            raise IllegalAction(f"{what} should be a table of players, e.g. {example}")
        for player in value:
            if player not in self.players:
                raise IllegalAction(f"{what}: {player!r} is not playing; the players are "
                                    f"{', '.join(self.players)}")
            if player in self.gone:
                raise IllegalAction(f"{what}: {player} has reached GONE and left the game")
        return list(value.items())

    @staticmethod
    def _whole(value: Any, what: str, low: int, high: int | None) -> int:
        if type(value) is not int or value < low or (high is not None and value > high):
            limits = f"from {low} to {high}" if high is not None else f"of at least {low}"
            raise IllegalAction(f"{what} should be a whole number {limits}, not {value!r}")
        return value

    def _cards(self, value: Any, what: str, example: str,
               known: Iterable[str]) -> dict[str, list[str]]:
        """``value`` as lists of card names by player, each card known and named once."""
        named: dict[str, str] = {}
        for player, cards in self._each_player(value, what, example):
            if not isinstance(cards, list):
                raise IllegalAction(f"{what} of {player} should be a list, e.g. {example}")
            for card in cards:
                if card not in known:
                    raise IllegalAction(f"{what}: there is no card {card!r}; "
                                        f"the cards are {', '.join(known)}")
                if card in named:
                    raise IllegalAction(f"{what}: {card} is given to {named[card]} "
                                        f"and to {player}")
                named[card] = player
        return value
