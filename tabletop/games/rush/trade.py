"""Trading pills between players (rule 38).

Players on the same space may trade at any moment, also in other players' turns. The kit
makes that moment the end of every turn: the mover first, then each player on the mover's
left, may propose one trade to someone on their space (not at Home, nobody in a coma):
how many pills, for how much in all; the other player accepts or refuses.
"""

from __future__ import annotations

from functools import partial

from tabletop.core.decisions import Amount, Decision
from tabletop.core.words import plural

from .table import Flow, Table


class TradeMixin(Table):
    """The trading window of :class:`~tabletop.games.rush.rules.Rush`."""

    def place(self, player: str) -> int | None:
        """The space where ``player`` may trade: None at Home, in a coma or dead (rule 38).
        The lockup and the visiting area share the Jail space, as for giving pills."""
        if not self.awake(player) or self.pos[player] == self.home:
            return None
        return self.pos[player]

    def _market(self) -> Flow:
        """Rule 38: each player in turn, from the mover, may propose one trade."""
        for player in (self.mover, *self.left_of(self.mover)):
            if self.place(player) is None:
                continue
            question = partial(self._trade_question, player)
            if len(question().choices) == 1:
                continue
            deal = yield self.asking(question)
            if deal is not None:
                yield from self._offer(player, *deal)

    def _trade_question(self, player: str) -> Decision:
        """Rule 38: a sale by a player holding pills, a purchase from one who holds some."""
        here = self.place(player)
        choices: dict[str, tuple[str, str, str] | None] = {"no trade": None}
        for other in self.left_of(player):
            if self.place(other) != here:
                continue
            if self.pills[player]:
                choices[f"sell pills to {other}"] = (player, other, other)
            if self.pills[other]:
                choices[f"buy pills from {other}"] = (other, player, other)
        return self.ask(player, "trade", f"{player}: trade pills with someone here?", choices)

    def _offer(self, proposer: str, seller: str, buyer: str, partner: str) -> Flow:
        """The proposer names the pills and the price; the partner accepts or refuses."""
        count = yield self.asking(lambda: self.ask(
            proposer, "trade_pills", f"How many pills does {seller} sell?",
            amount=Amount(1, self.pills[seller])))
        price = yield self.asking(lambda: self.ask(
            proposer, "trade_price", f"{plural(count, 'pill')} from {seller} to {buyer}: for "
            "how much in all?", amount=Amount(0, self.ledger[buyer])))
        self.trade = {"seller": seller, "buyer": buyer, "pills": count, "price": price,
                      "proposer": proposer}

        def question() -> Decision:
            """Accepting only while the seller holds the pills and the buyer the price."""
            can = self.pills[seller] >= count and self.ledger[buyer] >= price
            return self.ask(partner, "accept_trade", f"{proposer} proposes: {seller} sells "
                            f"{plural(count, 'pill')} to {buyer} for ${price}",
                            {"accept": True, "refuse": False} if can else {"refuse": False})

        accept = yield self.asking(question)
        self.trade = None
        if not accept:
            self.log("trade", partner, f"{partner} refuses {proposer}'s trade")
            return
        self._move_pills(seller, buyer, count)
        self.ledger.transfer(buyer, seller, price)
        self.log("trade", seller, f"{seller} sells {plural(count, 'pill')} to {buyer} for "
                                  f"${price}",
                 buyer=buyer, pills=count, price=price)
