"""Casino blackjack on its own, for practice and for measuring speed (not one of the kit's five
games): the rounds of casino.py with the kit's casino numbers, and nothing else of Hitchiker."""

from __future__ import annotations

from typing import Any, ClassVar

from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.words import agrees, plural

from .casino import Casino, blackjack_round
from .content import kit_content


class BlackjackTable(Game):
    """Each player starts with cash and plays a number of rounds.

    The deal moves one seat to the left each round and the dealer plays two hands, as at a
    Hitchiker casino (option ``dealer_hands``). Players with no money sit out.
    """

    name = "blackjack"
    title = "Casino blackjack"
    min_players = 1
    max_players = 6
    OPTIONS: ClassVar[dict[str, Option]] = {
        "rounds": Option(20, "how many rounds are dealt", low=1, high=1_000_000),
        "start_cash": Option(25_000, "each player's cash at the start", low=1,
                             high=10**12),
        "dealer_hands": Option(True, "the dealer seat moves left each round and plays two hands",
                               choices=(True, False)),
        "rebuy": Option(False, "a player short of the minimum bet gets the starting cash again "
                        "(a practice table that never empties)", choices=(True, False)),
    }

    def setup(self) -> None:
        self.rules = kit_content().casino
        self.money = Ledger([*self.players, "table"])
        self.cash = {p: p for p in self.players}
        for p in self.players:
            self.money.transfer("bank", p, self.options["start_cash"])
        self.casino: Casino | None = None
        self.hands_played = 0

    def play(self) -> Flow:
        rounds = self.options["rounds"]
        n = len(self.players)
        played = 0
        for r in range(rounds):
            if self.options["rebuy"]:
                self._rebuy()
            dealer = self.players[r % n] if self.options["dealer_hands"] else None
            start = 0 if dealer is None else r % n + 1
            order = [self.players[(start + k) % n] for k in range(n)]
            seats = [p for p in order if p != dealer and self.money[p] > 0]
            if dealer is not None and self.money[dealer] <= 0:
                dealer = None
            if not seats and dealer is None:
                break
            yield from blackjack_round(self, self.rules, self.money, self.cash, seats, dealer,
                                       r + 1, rounds)
            self.hands_played += sum(h.state != "out" for h in self.casino.hands)
            played += 1
        self.casino = None
        ranking = tuple(sorted(self.players, key=lambda p: -self.money[p]))
        best = self.money[ranking[0]]
        return Result(
            winners=tuple(p for p in ranking if self.money[p] == best), ranking=ranking,
            reason=f"{plural(played, 'round')} {agrees(played, 'was', 'were')} dealt; the "
                   "players are ranked by their cash",
            figures={p: {"cash": self.money[p]} for p in self.players},
        )

    def _rebuy(self) -> None:
        """Option rebuy: players short of the minimum bet take the starting cash again."""
        for p in self.players:
            if self.money[p] < self.rules.bet_min:
                self.money.transfer("bank", p, self.options["start_cash"] - self.money[p])
                self.log("rebuy", p, f"{p} buys back in with ${self.money[p]:,}")

    def table_view(self, player: str | None) -> dict[str, Any]:
        return {"cash": {p: self.money[p] for p in self.players},
                "casino": None if self.casino is None else self.casino.view()}
