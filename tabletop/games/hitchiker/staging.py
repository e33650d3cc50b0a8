"""What ``game.arrange(...)`` can set on a Hitchiker table for a lesson or a test.

Each ``stage_<what>`` checks its value and raises :class:`IllegalAction` with a reason a
student can read (the core then leaves the game as it was). Money and contraband move
through their ledgers from or to the bank and the market, and Bad Ride cards move between
the pile and the used cards, so nothing is created.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction
from tabletop.core.ledger import Ledger

from .table import Table


def _set(ledger: Ledger, account: str, supply: str, target: int) -> None:
    have = ledger[account]
    if target >= have:
        ledger.transfer(supply, account, target - have)
    else:
        ledger.transfer(account, supply, have - target)


class Staging(Table):
    """Staged positions, each value checked."""

    def _by_player(self, what: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict) or not value:
            raise IllegalAction(f"{what} should be a table keyed by player names, "
                                f"such as {{\"{self.players[0]}\": ...}}")
        for name in value:
            if name not in self.players:
                raise IllegalAction(f"{what}: {name!r} is not a player here (the players are "
                                    f"{', '.join(self.players)})")
            if name in self.away:
                raise IllegalAction(f"{what}: {name} is away from the table")
        return value

    def _amounts(self, what: str, value: Any, below: int | None = None) -> dict[str, int]:
        amounts = self._by_player(what, value)
        for name, amount in amounts.items():
            if type(amount) is not int or amount < 0:
                raise IllegalAction(f"{what}: {name}'s amount should be a whole number, 0 or "
                                    f"more, not {amount!r}")
            if below is not None and amount >= below:
                raise IllegalAction(f"{what}: {name} would reach the goal of ${below:,} and "
                                    "win at once; stage less than that")
        return amounts

    def stage_position(self, value: Any) -> None:
        """Token places, by player (city numbers from 0)."""
        cities = len(self.board)
        for name, city in self._by_player("position", value).items():
            if type(city) is not int or not 0 <= city < cities:
                raise IllegalAction(f"position: {name}'s city should be a number from 0 to "
                                    f"{cities - 1}, not {city!r}")
            self.pos[name] = city

    def stage_cash(self, value: Any) -> None:
        """Travelling cash, by player."""
        for name, amount in self._amounts("cash", value, self.amount["cash_goal"]).items():
            _set(self.money, self.cash[name], "bank", amount)

    def stage_savings(self, value: Any) -> None:
        """Savings in the Bank Pouch, by player."""
        for name, amount in self._amounts("savings", value, self.amount["savings_goal"]).items():
            _set(self.money, self.pouch[name], "bank", amount)

    def stage_contraband(self, value: Any) -> None:
        """Contraband units, by player."""
        for name, units in self._amounts("contraband", value).items():
            _set(self.units, name, "market", units)

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
        if not isinstance(value, list) or not value or len(set(map(str, value))) != len(value):
            raise IllegalAction("bad_ride should list card ids, each once, top card first")
        unknown = [c for c in value if c not in self.content_cards]
        if unknown:
            raise IllegalAction(f"bad_ride: no card is called {unknown[0]!r} (the cards are "
                                f"{', '.join(cards)})")
        self.bad_ride.pile = value[::-1]
        self.bad_ride.discards = [c for c in cards if c not in value]
