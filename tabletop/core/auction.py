"""An English (open, ascending) auction that any game can run as a sub-procedure.

The bidders are asked in seat order, starting from a given seat and going round
again and again. Each one asked either raises (an amount decision from the current
high bid plus the step up to what that bidder can pay) or passes; a bidder who
passes is out of this auction for good. The auction ends

* when, after at least one bid, only the high bidder is left: they win at their bid;
* when everyone has passed without a single bid: the lot is unsold.

A bidder who cannot pay the lowest allowed bid is out without being asked. The
current high bidder is never asked to outbid themselves.

Usage inside a game's ``play()`` generator (Smokers Wild sells its occupations this
way; Hip Town reuses it)::

    auction = Auction("DOCTOR", bidders=players, first=1, budget=lambda p: ledger[p])
    self.auction = auction              # optional: lets the table view show the bidding
    outcome = yield from auction.run(self)
    if outcome is not None:
        winner, price = outcome
        ledger.transfer(winner, "bank", price)   # the caller settles the price

The auction itself moves no money and no cards: it only asks and logs. Decisions
have kind ``"bid"``, the single choice ``"pass"`` and an :class:`Amount`.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .decisions import Action, Amount, Decision
from .errors import IllegalAction

if TYPE_CHECKING:
    from .game import Game

PASS = "pass"
Outcome = tuple[str, int] | None


@dataclass
class Auction:
    """One lot for sale. ``bidders`` in seat order; ``first`` is the index (into
    ``bidders``) of the first one asked; ``budget(player)`` is the most they can pay;
    bids go up in multiples of ``step`` from ``opening``."""

    lot: str
    bidders: Sequence[str]
    first: int = 0
    budget: Callable[[str], int] = lambda player: 0
    step: int = 10
    opening: int = 10
    high: int = 0
    high_bidder: str | None = None
    active: list[str] = field(default_factory=list)
    money: Callable[[int], str] = lambda amount: f"K{amount}"
    #: The lot as the log and the prompts name it (empty: ``lot`` itself).
    shown: str = ""

    @property
    def name(self) -> str:
        """The lot as the log and the prompts name it."""
        return self.shown or self.lot

    def state(self) -> dict[str, object]:
        """A JSON-friendly picture of the bidding so far (for views)."""
        return {"lot": self.lot, "high": self.high, "high_bidder": self.high_bidder,
                "active": list(self.active)}

    def minimum(self) -> int:
        """The lowest bid allowed now."""
        return self.opening if self.high_bidder is None else self.high + self.step

    def run(self, game: Game) -> Generator[Decision, Action, Outcome]:
        """Ask the bidders until the lot is sold or nobody wants it; returns
        ``(winner, price)`` or ``None`` when unsold."""
        n = len(self.bidders)
        order = [self.bidders[(self.first + k) % n] for k in range(n)]
        self.active = list(order)
        game.log("auction", None, f"{self.name} is up for auction", lot=self.lot)
        while True:
            for bidder in order:
                if bidder not in self.active or bidder == self.high_bidder:
                    continue
                if self._only_high_left():
                    return self._close(game)
                low, cash = self.minimum(), self.budget(bidder)
                if cash < low:
                    self.active.remove(bidder)
                    game.log("pass", bidder, f"{bidder} cannot pay {self.money(low)} and drops out",
                             lot=self.lot)
                    continue
                answer = yield game.asking(lambda bidder=bidder, low=low:
                                           self._ask(game, bidder, low))
                if answer == PASS:
                    self.active.remove(bidder)
                    game.log("pass", bidder, f"{bidder} passes on {self.name}", lot=self.lot)
                else:
                    self.high, self.high_bidder = int(answer), bidder
                    game.log("bid", bidder,
                             f"{bidder} bids {self.money(int(answer))} for {self.name}",
                             lot=self.lot, amount=int(answer))
            if not self.active or self._only_high_left():
                return self._close(game)

    def _ask(self, game: Game, bidder: str, low: int) -> Decision:
        """``bidder``'s bid, up to what they hold now (an arrangement asks it again); the
        high bidder must still hold their bid."""
        if self.high_bidder is not None and self.budget(self.high_bidder) < self.high:
            raise IllegalAction(f"{self.high_bidder} bids {self.money(self.high)} for "
                                f"{self.lot} and must hold that much until the bidding ends")
        return game.ask(bidder, "bid", self._prompt(bidder, low), choices=(PASS,),
                        amount=Amount(low, self.budget(bidder), self.step),
                        labels={PASS: "Pass"})

    def _only_high_left(self) -> bool:
        return self.high_bidder is not None and self.active == [self.high_bidder]

    def _prompt(self, bidder: str, low: int) -> str:
        if self.high_bidder is None:
            return f"{self.name} is for sale: bid at least {self.money(low)}, or pass"
        return (f"{self.name}: {self.high_bidder} bids {self.money(self.high)}; "
                f"bid at least {self.money(low)}, or pass")

    def _close(self, game: Game) -> Outcome:
        if self.high_bidder is None:
            game.log("unsold", None, f"Nobody bids for {self.name}", lot=self.lot)
            return None
        game.log("sold", self.high_bidder,
                 f"{self.high_bidder} wins {self.name} for {self.money(self.high)}",
                 lot=self.lot, price=self.high)
        return self.high_bidder, self.high
