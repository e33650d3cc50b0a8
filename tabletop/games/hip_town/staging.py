"""Staged positions for lessons and tests (``game.arrange(...)``), each value checked.

Coins move through the ledger from or to the bank; cards move between piles, never made:
a staged card must come from the Property deck or its discards (or be where it is staged
already), and a card a staged hand or neighbourhood no longer holds goes to the bottom of
the deck. The table is staged at the start of a turn, while a player is asked to roll.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.errors import IllegalAction

from .words import BANK


class Staging:
    """The ``stage_`` methods of Hip Town."""

    def stage_coins(self: Any, value: Any) -> None:
        """Hip Coins in hand, by player."""
        for player, coins in self._by_player(value, "coins").items():
            if type(coins) is not int or coins < 0:
                raise IllegalAction(f"{player}'s Hip Coins should be a whole number from 0 up, "
                                    f"not {coins!r}")
            have = self.ledger[player]
            if coins > have:
                self.ledger.transfer(BANK, player, coins - have)
            else:
                self.ledger.transfer(player, BANK, have - coins)

    def stage_hands(self: Any, value: Any) -> None:
        """Property cards in hand, by player."""
        hands = self._by_player(value, "hands")
        for player, cards in hands.items():
            self._card_list(cards, f"{player}'s hand")
        for player in hands:
            self._to_bottom(self.hands[player])
            self.hands[player] = []
        for player, cards in hands.items():
            self.hands[player] = [self._loose(card) for card in cards]

    def stage_neighbourhoods(self: Any, value: Any) -> None:
        """Built businesses by lot (A1 to B5), by player."""
        towns = self._by_player(value, "neighbourhoods")
        frame = self.frame
        for player, lots in towns.items():
            if not isinstance(lots, dict):
                raise IllegalAction(f"{player}'s neighbourhood should map lots to cards, "
                                    f"like {{\"A1\": \"Laundromat 1\"}}")
            wrong = sorted(set(lots) - set(frame.names))
            if wrong:
                raise IllegalAction(f"{', '.join(wrong)} is not a lot; the lots are "
                                    f"{', '.join(frame.names)}")
            self._card_list(list(lots.values()), f"{player}'s neighbourhood")
            if len(lots) >= self.content.lots:
                raise IllegalAction("a full neighbourhood would have ended the game: stage at "
                                    f"most {self.content.lots - 1} businesses")
        for player in towns:
            self._to_bottom([c for c in self.towns[player] if c is not None])
            self.towns[player] = frame.empty()
        for player, lots in towns.items():
            for lot, card in lots.items():
                self.towns[player][frame.index[lot]] = self._loose(card)

    def stage_property_deck(self: Any, value: Any) -> None:
        """Property cards on top of the deck, top card first."""
        self._card_list(value, "the top of the Property deck")
        cards = [self._loose(card) for card in value]
        self.property.pile.extend(reversed(cards))

    def stage_reality_deck(self: Any, value: Any) -> None:
        """Reality cards on top of the deck, top card first."""
        self._staging_now()
        known = self.content.reality
        if not isinstance(value, list) or not all(card in known for card in value):
            raise IllegalAction("the top of the Reality deck should be a list of Reality cards "
                                f"such as {next(iter(known))!r}")
        if len(set(value)) != len(value):
            raise IllegalAction("a Reality card is named twice")
        deck = self.reality
        for card in value:
            (deck.pile if card in deck.pile else deck.discards).remove(card)
        deck.pile.extend(reversed(value))

    def stage_market(self: Any, value: Any) -> None:
        """The face-up market cards (market variant)."""
        if self.options["variant"] != "market":
            raise IllegalAction("there is a market only in the market variant")
        self._card_list(value, "the market")
        if len(value) > self.content.market:
            raise IllegalAction(f"the market holds {self.content.market} cards at most")
        self._to_bottom(self.market)
        self.market = [self._loose(card) for card in value]

    # -- checks ------------------------------------------------------------------------
    def _staging_now(self: Any) -> None:
        pending = self.decision
        if pending.kind != "roll":
            raise IllegalAction("stage the table at the start of a turn, while a player is "
                                f"asked to roll (now {pending.player} is asked to "
                                f"{pending.kind})")

    def _by_player(self: Any, value: Any, what: str) -> dict[str, Any]:
        self._staging_now()
        if not isinstance(value, dict) or not set(value) <= set(self.players):
            raise IllegalAction(f"{what} should be a table keyed by players among "
                                f"{', '.join(self.players)}")
        return value

    def _card_list(self: Any, cards: Any, where: str) -> None:
        self._staging_now()
        known = self.content.property
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise IllegalAction(f"{where} should be a list of Property cards such as "
                                f"{next(iter(known))!r}")
        for card in cards:
            if card not in known:
                raise IllegalAction(f"{card!r} in {where} is not a Property card")
        if len(set(cards)) != len(cards):
            raise IllegalAction(f"a card is named twice in {where}")

    def _loose(self: Any, card: str) -> str:
        """Take ``card`` out of the Property deck or its discards."""
        for pile in (self.property.pile, self.property.discards):
            if card in pile:
                pile.remove(card)
                return card
        raise IllegalAction(f"{card} is {self._where(card)}; a staged card must come from "
                            "the Property deck or its discards")

    def _where(self: Any, card: str) -> str:
        for player in self.players:
            if card in self.hands[player]:
                return f"in {player}'s hand"
            if card in self.towns[player]:
                return f"built in {player}'s neighbourhood"
        return "in the market" if card in self.market else "in play"

    def _to_bottom(self: Any, cards: list[str]) -> None:
        self.property.pile[:0] = list(cards)
