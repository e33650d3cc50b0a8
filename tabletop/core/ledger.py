"""One ledger for all the money of a game, so the total never changes.

Players' accounts never go below zero ("no credit"); an account opened as a
*supply* (the bank, the Tobacco Company) has unlimited funds and may go negative,
which is how money enters play while the sum over all accounts stays fixed.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import IllegalAction


class NoCredit(IllegalAction):
    """A payment larger than the payer's balance, where the rules give no credit."""


class Ledger:
    """Balances by account name; every change is a transfer between two accounts."""

    __slots__ = ("_balance", "_supplies")

    def __init__(self, accounts: Iterable[str], supplies: Iterable[str] = ("bank",)) -> None:
        self._supplies = frozenset(supplies)
        self._balance = {name: 0 for name in (*self._supplies, *accounts)}

    def __getitem__(self, account: str) -> int:
        return self._balance[account]

    def open(self, account: str) -> None:
        """Add an account with nothing in it (a player joining)."""
        self._balance.setdefault(account, 0)

    def accounts(self) -> dict[str, int]:
        """A copy of every balance."""
        return dict(self._balance)

    def total(self) -> int:
        """The sum over all accounts: the same after any sequence of transfers."""
        return sum(self._balance.values())

    def can_pay(self, payer: str, amount: int) -> bool:
        return payer in self._supplies or self._balance[payer] >= amount

    def transfer(self, payer: str, payee: str, amount: int) -> int:
        """Move ``amount`` from ``payer`` to ``payee``; no credit: raises :class:`NoCredit`."""
        if amount < 0:
            raise ValueError(f"a transfer of {amount} is negative")
        if not self.can_pay(payer, amount):
            raise NoCredit(f"{payer} has {self._balance[payer]}, not the {amount} needed")
        self._balance[payer] -= amount
        self._balance[payee] += amount
        return amount

    def pay_what_you_have(self, payer: str, payee: str, amount: int) -> int:
        """Pay ``amount`` or, when short, everything the payer has; returns what was paid."""
        if payer in self._supplies:
            return self.transfer(payer, payee, amount)
        return self.transfer(payer, payee, min(amount, self._balance[payer]))
