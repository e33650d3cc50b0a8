"""The Bad Ride deck (RULES.md 1 A59, B 7), a part of the Hitchiker game.

Each card's effect is a word of a small vocabulary (see content.toml); each word is one
method here named ``_ride_<effect>``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .death import Death
from .words import units as unit_words

if TYPE_CHECKING:
    from tabletop.core.game import Flow

    from .content import BadRide


class BadRides(Death):
    """The cards of the Bad Ride cities."""

    def _bad_ride(self, player: str) -> Flow:
        """Rule 59 (RULES.md 1 A59): draw the top card, show it to the table and obey it."""
        deck = self.bad_ride
        if not deck.pile:  # the used cards are shuffled into a new pile
            deck.pile = self.shuffle(deck.discards, "Bad Ride cards")[::-1]
            deck.discards = []
        card: BadRide = self.content_cards[deck.pile.pop()]
        deck.discards.append(card.id)
        self.log("bad_ride", player, f"{player} draws a Bad Ride card: {card.text}",
                 card=card.id, effect=card.effect)
        yield from getattr(self, f"_ride_{card.effect}")(player, card)
        return None

    def _ride_lose_cash_part(self, player: str, card: BadRide) -> Flow:
        lost = self.money[self.cash[player]] // card.get("divisor")
        self.money.transfer(self.cash[player], "bank", lost)
        self.log("lose", player, f"{player} loses ${lost:,} of travelling cash", amount=lost)
        yield from ()

    def _ride_pay_bank(self, player: str, card: BadRide) -> Flow:
        """B 11: a card naming the pouch is paid from savings; short either way, the player
        goes broke (rules 56-57)."""
        source = self.pouch[player] if card.get("source") == "pouch" else None
        yield from self._obligation(player, "bank", card.get("amount"), "the Bad Ride card",
                                    source)
        return None

    def _ride_lose_savings_part(self, player: str, card: BadRide) -> Flow:
        lost = self.money[self.pouch[player]] // card.get("divisor")
        self.money.transfer(self.pouch[player], "bank", lost)
        self.log("lose", player, f"{player} loses ${lost:,} of savings", amount=lost)
        yield from ()

    def _ride_move(self, player: str, card: BadRide) -> Flow:
        steps = card.get("steps")
        if steps > 0:
            yield from self._move(player, steps)
            return None
        self.pos[player] = (self.pos[player] + steps) % len(self.board)
        self.log("move", player, f"{player} goes back to {self.board[self.pos[player]].name}",
                 to=self.pos[player])
        yield from self._land(player)
        return None

    def _ride_lose_contraband(self, player: str, card: BadRide) -> Flow:
        units = self.units[player]
        self.units.transfer(player, "market", units)
        self.log("lose_units", player, f"{player} loses {unit_words(units)} of contraband",
                 units=units)
        yield from ()

    def _ride_advance_to(self, player: str, card: BadRide) -> Flow:
        spaces = self.content.kind_spaces(card.get("kind"))
        if spaces:
            here = self.pos[player]
            yield from self._move(player, self.track.steps_to(here, self.track.next_of(
                here, set(spaces))))
        return None

    def _ride_death_roll(self, player: str, card: BadRide) -> Flow:
        deadly = card.get("deadly")
        sides = card.get("sides")
        face = self.roll(player, 1, sides, "the Bad Ride card")[0]
        p = Fraction(len(set(deadly)), sides)
        if face in deadly:
            self.log("death_roll", player, f"{player} rolls {face}: the ride ends in Death",
                     p=p)
            yield from self._die(player, "a Bad Ride", None)
        else:
            self.log("death_roll", player, f"{player} rolls {face} and survives the ride", p=p)
        return None

    def _ride_lose_turn(self, player: str, card: BadRide) -> Flow:
        self.skip.add(player)
        self.log("lose_turn", player, f"{player} will miss the next turn")
        yield from ()

    def _ride_back_to_hometown(self, player: str, card: BadRide) -> Flow:
        here = self.pos[player]
        size = len(self.board)
        owned = self.owned(player).values()
        if owned:
            target = min(owned, key=lambda s: (here - s) % size or size)
            self.pos[player] = target
            self.log("move", player, f"{player} goes back to {self.board[target].name}",
                     to=target)
        yield from ()

    def _ride_pay_each_player(self, player: str, card: BadRide) -> Flow:
        for other in self.seated_left_of(player):
            met = yield from self._obligation(player, self.cash[other], card.get("amount"),
                                              "the Bad Ride card")
            if not met:
                break
        return None

    def _ride_left_takes(self, player: str, card: BadRide) -> Flow:
        left = self.seated_left_of(player)[0]
        yield from self._obligation(player, self.cash[left], card.get("amount"),
                                    "the Bad Ride card")
        return None
