"""The Hitchiker table every rule module works on: where the tokens stand, who owns which
Hometown, whose money is in which account, and the money rules every city uses.

Money is one ledger: ``"<name>:cash"`` (travelling cash), ``"<name>:pouch"`` (savings),
``"table"`` (stakes and bets on the board) and the ``"bank"``. Contraband units are a second
ledger with the ``"market"`` as its supply. The game itself is :class:`~.rules.Hitchiker`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.core.chance import total_probability
from tabletop.core.decisions import Decision
from tabletop.core.deck import Deck
from tabletop.core.game import Flow, Game
from tabletop.core.ledger import Ledger
from tabletop.core.track import RingTrack

from .amounts import up_to

if TYPE_CHECKING:
    from .casino import Casino
    from .content import BadRide, City, Content


def two_dice_chance(totals: Iterable[int]) -> Fraction:
    """The exact chance that two dice add up to one of ``totals`` (the odds in the log)."""
    return _two_dice_chance(frozenset(totals))


@cache
def _two_dice_chance(totals: frozenset[int]) -> Fraction:
    """:func:`two_dice_chance`, summed once for each set of totals (the log gives it at every
    Black Market roll, shark swim and pot hole)."""
    return sum((total_probability(2, 6, t) for t in totals), Fraction(0))


class Won(Exception):
    """Raised the moment a player reaches a goal (rules 1-2, B 17); ends the game."""

    def __init__(self, player: str, reason: str) -> None:
        super().__init__(reason)
        self.player = player
        self.reason = reason


class Table(Game):
    """The state of a Hitchiker table (laid out by ``Hitchiker.setup``) and its money rules."""

    content: Content
    board: tuple[City, ...]
    track: RingTrack
    amount: dict[str, int]
    cash: dict[str, str]
    pouch: dict[str, str]
    account_of: dict[str, str]
    money: Ledger
    units: Ledger
    away: list[str]
    seated: list[str]
    pos: dict[str, int | None]
    owner: dict[int, str | None]
    hometown_at: dict[str, int]
    stuck: set[str]
    skip: set[str]
    deaths: dict[str, int]
    dead: str | None
    current: str | None
    first: str | None
    turns: int
    landed: int | None
    casino: Casino | None
    deal: dict[str, Any] | None
    offer: dict[str, Any] | None
    bad_ride: Deck
    content_cards: dict[str, BadRide]

    # -- who is where -----------------------------------------------------------------------
    def seated_left_of(self, player: str) -> list[str]:
        """The other players at the table, nearest on ``player``'s left first."""
        return [p for p in self.left_of(player) if p in self.seated]

    def poorest(self, player: str) -> str:
        """Rule 28 and B 8: the least travelling cash among the others; a tie goes to the one
        nearest on ``player``'s left."""
        return min(self.seated_left_of(player), key=lambda p: self.money[self.cash[p]])

    def unowned(self) -> dict[str, int]:
        """The free Hometowns: name -> city."""
        return {self.board[s].name: s for s, o in self.owner.items() if o is None}

    def owned(self, player: str) -> dict[str, int]:
        """``player``'s Hometowns: name -> city."""
        return {self.board[s].name: s for s, o in self.owner.items() if o == player}

    def wealth(self, player: str) -> int:
        """Travelling cash plus savings."""
        return self.money[self.cash[player]] + self.money[self.pouch[player]]

    def _choose_hometown(self, player: str, prompt: str) -> Flow:
        """Rule 6 (RULES.md 1 A6), Rule 31 and B 13: take any unowned Hometown and start there."""
        space = yield self.asking(lambda: self.ask(player, "hometown", prompt, self.unowned()))
        self.owner[space] = player
        self.pos[player] = space
        self.log("hometown", player, f"{player} takes {self.board[space].name} as a Hometown",
                 city=space)
        return None

    # -- money --------------------------------------------------------------------------------
    def _check_win(self, player: str) -> None:
        """Rule 1 (RULES.md 1 A1): savings of $250,000 win; Rule 2: travelling cash of
        $50,000,000 wins. B 17: checked the moment money reaches a player."""
        if self.money[self.pouch[player]] >= self.amount["savings_goal"]:
            raise Won(player, f"{player} has saved ${self.money[self.pouch[player]]:,} in the "
                      f"Bank Pouch (the goal is ${self.amount['savings_goal']:,})")
        if self.money[self.cash[player]] >= self.amount["cash_goal"]:
            raise Won(player, f"{player} carries ${self.money[self.cash[player]]:,} of "
                      f"travelling cash (the goal is ${self.amount['cash_goal']:,})")

    def _pay(self, payer: str, payee: str, amount: int) -> int:
        """Move money between accounts (what the payer has, at most) and check for a win."""
        paid = self.money.pay_what_you_have(payer, payee, amount)
        who = self.account_of.get(payee)
        if who is not None:
            self._check_win(who)
        return paid

    def _welfare(self, player: str, space: int) -> None:
        """Rule 11 (RULES.md 1 A11) and Rule 14: a welfare cheque at each owned Hometown."""
        self._pay("bank", self.cash[player], self.amount["welfare"])
        self.log("welfare", player, f"{player} collects a ${self.amount['welfare']:,} welfare "
                 f"cheque at {self.board[space].name}", city=space)

    def _deposit(self, player: str, limit: int, how: str) -> Flow:
        """Rule 8 (RULES.md 1 A8): up to ``limit`` of travelling cash into the Bank Pouch, in
        whole steps or all the cash; Rule 9: savings are the pouch, the rest is cash."""
        if min(limit, self.money[self.cash[player]]) <= 0:
            return None

        def question() -> Decision:
            """Rule 8: up to the limit, and no more than the cash held now."""
            top = min(limit, self.money[self.cash[player]])
            amount, everything, labels = up_to(0, top, self.amount["deposit_step"])
            return self.ask(player, "deposit",
                            f"Deposit into your Bank Pouch ({how}: up to ${limit:,})",
                            everything, amount, labels)

        deposit = yield self.asking(question)
        if deposit:
            self._pay(self.cash[player], self.pouch[player], deposit)
            self.log("deposit", player, f"{player} deposits ${deposit:,}", amount=deposit)
        return None

    def _obligation(self, player: str, payee: str, amount: int, what: str,
                    source: str | None = None) -> Flow:
        """Rule 56 (RULES.md 1 A56): pay what you have; the creditor gets only that, and
        Rule 57 sends the player home by bus. Rule 10 and B 11: debts come out of travelling
        cash unless they name the pouch (``source``). Returns whether it was met in full."""
        paid = self._pay(source or self.cash[player], payee, amount)
        to = self.account_of.get(payee, "the bank")
        if paid == amount:
            self.log("pay", player, f"{player} pays ${amount:,} to {to} ({what})", paid=paid)
            return True
        self.log("broke", player, f"{player} owes ${amount:,} to {to} ({what}) but has only "
                 f"${paid:,}: that is all {to} gets", paid=paid, owed=amount)
        yield from self._bus(player)
        return False

    def _bus(self, player: str) -> Flow:
        """Rule 57 (RULES.md 1 A57) and B 12: the bus to an owned Hometown and a cheque that
        stays in cash. Rule 58: only an unmet obligation brings the bus and the cheque."""
        owned = self.owned(player)
        self.stuck.discard(player)
        if not owned:
            here = self.pos[player]
            self.pos[player] = self.track.next_of(here, set(self.owner))
            self.log("bus", player, f"{player} owns no Hometown and rides to "
                     f"{self.board[self.pos[player]].name} with nothing")
            return None
        space = next(iter(owned.values()))
        if len(owned) > 1:
            space = yield self.asking(lambda: self.ask(
                player, "bus", "Broke: which of your Hometowns does the bus take you to?",
                self.owned(player)))
        self.pos[player] = space
        self._pay("bank", self.cash[player], self.amount["bus_welfare"])
        self.log("bus", player, f"{player} takes the bus to {self.board[space].name} and "
                 f"collects ${self.amount['bus_welfare']:,}, which cannot be deposited now")
        return None
