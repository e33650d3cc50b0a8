"""What ``game.arrange(...)`` can set on a Hitchiker table for a lesson or a test.

Each ``stage_<what>`` checks its value and raises :class:`IllegalAction` with a reason a
student can read (the core then leaves the game as it was). Money and contraband move
through their ledgers from or to the bank and the market, and Bad Ride cards move between
the pile and the used cards, so nothing is created.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.core.staging import by_player, card_list, set_balance, whole_number

from .table import Table


class Staging(Table):
    """Staged positions, each value checked."""

    def _by_player(self, what: str, value: Any) -> dict[str, Any]:
        """``value`` checked to be a table keyed by players who are not away."""
        away = dict.fromkeys(self.away, "is away from the table")
        return by_player(value, self.players, what, unavailable=away)

    def _amounts(self, what: str, value: Any, below: int | None = None) -> dict[str, int]:
        """Whole amounts by player; with ``below``, each less than that goal (reaching it
        would win at once)."""
        amounts = self._by_player(what, value)
        for name, amount in amounts.items():
            whole_number(amount, f"{name}'s {what}")
            if below is not None and amount >= below:
                raise IllegalAction(f"{what}: {name} would reach the goal of ${below:,} and "
                                    "win at once; stage less than that")
        return amounts

    def stage_position(self, value: Any) -> None:
        """Token places, by player (city numbers from 0)."""
        last = len(self.board) - 1
        for name, city in self._by_player("position", value).items():
            self.pos[name] = whole_number(city, f"{name}'s city", 0, last)

    def stage_cash(self, value: Any) -> None:
        """Travelling cash, by player."""
        for name, amount in self._amounts("cash", value, self.amount["cash_goal"]).items():
            set_balance(self.money, self.cash[name], amount)

    def stage_savings(self, value: Any) -> None:
        """Savings in the Bank Pouch, by player."""
        for name, amount in self._amounts("savings", value, self.amount["savings_goal"]).items():
            set_balance(self.money, self.pouch[name], amount)

    def stage_contraband(self, value: Any) -> None:
        """Contraband units, by player."""
        for name, units in self._amounts("contraband", value).items():
            set_balance(self.units, name, units, "market")

    def stage_misses_turn(self, value: Any) -> None:
        """Who misses their next turn, by player (true or false)."""
        for name, misses in self._by_player("misses_turn", value).items():
            if type(misses) is not bool:
                raise IllegalAction(f"misses_turn: {name} needs true or false, not {misses!r}")
            (self.skip.add if misses else self.skip.discard)(name)

    def stage_hometowns(self, value: Any) -> None:
        """Hometown owners, by city name (null: the bank's)."""
        if not isinstance(value, dict) or not value:
            raise IllegalAction("hometowns should be a table of Hometown names and owners, "
                                "such as {\"Mudflat\": \"" + self.players[0] + "\"}")
        for city, owner in value.items():
            if city not in self.hometown_at:
                raise IllegalAction(f"hometowns: {city!r} is not a Hometown (they are "
                                    f"{', '.join(self.hometown_at)})")
            if owner is not None and owner not in self.seated:
                raise IllegalAction(f"hometowns: the owner of {city} should be a player at the "
                                    f"table ({', '.join(self.seated)}) or null, not {owner!r}")
            self.owner[self.hometown_at[city]] = owner

    def stage_bad_ride(self, value: Any) -> None:
        """The Bad Ride pile, top card first (the other cards wait among the used ones)."""
        cards = list(self.content_cards)
        if not card_list(value, "bad_ride", cards):
            raise IllegalAction("bad_ride should list card ids, each once, top card first")
        self.bad_ride.pile = value[::-1]
        self.bad_ride.discards = [c for c in cards if c not in value]
