"""Chance cards (rules 44-45, 54): public cards act at once; secret cards are kept face
down, seen only by their holder, and played when their moment comes."""

from __future__ import annotations

from .content import Card, Space
from .table import BANK, DISH, Flow, Table


class ChanceMixin(Table):
    """Chance rules for :class:`~tabletop.games.rush.rules.Rush`."""

    def _chance(self, player: str, space: Space) -> Flow:
        """Rule 44 and Rule 45: the top card; a secret one is kept face down (its title is not
        told), a public one is read out, discarded and done."""
        if not self.deck.pile:
            self.log("shuffle", None, "The Chance discards are shuffled into a new deck")
        title = self.deck.draw(self.chance)
        card = self.content.card(title)
        if card.secret:
            self.hands[player].append(title)
            self.log("chance", player, f"{player} draws a secret Chance card and keeps it "
                                       "face down")
            return
        self.deck.discard(title)
        self.last_card = title
        self.log("chance", player, f"{player} draws {title}: {card.text}", card=title)
        yield from self._card_effect(player, card, space)

    def _card_effect(self, player: str, card: Card, space: Space) -> Flow:
        """What each public card's effect word does (content.toml lists them)."""
        effect, amount = card.effect, card.amount
        if effect == "party_time":
            yield from self._party(player, space.index)
        elif effect == "advance_home":
            yield from self._move(player, self.ring.steps_to(self.pos[player], self.home))
        elif effect == "go_to_jail":
            yield from self._arrest(player, card.title)
        elif effect == "take_pill":
            yield from self._take_a_pill(player)
        elif effect == "lose_sense":
            yield from self._lose_chosen_sense(player, card.title)
        elif effect == "gain_sense":
            yield from self._gain_sense(player, card.title)
        elif effect == "tip_off":
            where = yield self.ask(player, "tip_off", "Which place gets a Cop?",
                                   {self.content.board[s].name: s for s in self.cops})
            self.cops[where] += 1
            self.log("cops", player, f"A Cop comes to {self.content.board[where].name}")
        elif effect == "back":
            yield from self._move_back(player, amount)
        else:
            self._card_money(player, card)

    def _card_money(self, player: str, card: Card) -> None:
        """The cards that only move money, pills, Cops or the Zonkometer."""
        effect, amount = card.effect, card.amount
        if effect == "collect":
            self.ledger.transfer(BANK, player, amount)
        elif effect == "lose_half_money":
            self.ledger.transfer(player, BANK, self.ledger[player] // 2)
        elif effect == "raid":
            self.cops = dict.fromkeys(self.cops, 0)
        elif effect == "pills_from_dish":
            self._move_pills(DISH, player, min(amount, self.dish))
        elif effect == "pills_to_dish":
            self._move_pills(player, DISH, min(amount, self.pills[player]))
        elif effect == "zonkometer":
            self._zonkometer(player, amount, card.title)
        else:  # pay_each
            for other in self.left_of(player):
                if other not in self.dead:
                    self.ledger.pay_what_you_have(player, other, amount)

    def _pickpocket(self, player: str, victim: str, title: str) -> None:
        """The Pickpocket card: its amount from a player on the same space (or all they
        have)."""
        self._play_card(player, title)
        took = self.ledger.pay_what_you_have(victim, player, self.content.card(title).amount)
        self.log("pickpocket", player, f"{player} picks ${took} from {victim}'s pocket",
                 victim=victim, amount=took)
