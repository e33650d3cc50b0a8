"""Paying in Smokers Wild: fees, the Tobacco Company's advances and selling occupations.

Rule 19: nobody is knocked out for lack of money; the company advances what is
missing, rounded up to whole K100s, never repaid, one year of life per K100.
Rule 20: instead, a player may sell occupations to another player at an agreed price.
"""

from __future__ import annotations

from collections.abc import Generator

from tabletop.core.decisions import Action, Amount, Decision

from .chances import company_advance

COMPANY = "company"
LOAN = "loan"
Flow = Generator[Decision, Action, None]


class MoneyMixin:
    """Payments for :class:`~tabletop.games.smokers_wild.rules.SmokersWild`."""

    def _fee_payee(self, occupation: str) -> str:
        """Rules 18, 22 and B #11: who receives an occupation's fees right now: its owner,
        or the company when it is unowned or its owner is on vacation or GONE."""
        owner = self.owner[occupation]
        if owner == COMPANY or owner in self.away or owner in self.gone:
            return COMPANY
        return owner

    def _pay(self, payer: str, payee: str, amount: int, why: str) -> Flow:
        """``payer`` pays ``amount`` to ``payee``, first raising any shortfall (rules 19-20).
        Years for company advances are added once the payment is made."""
        if amount <= 0:
            return
        years = 0
        refused: set[tuple[str, str]] = set()
        unit = self.content.loan_unit
        while self.ledger[payer] < amount:
            need = amount - self.ledger[payer]
            loan, loan_years = company_advance(need, unit)
            self.payment = {"payer": payer, "payee": payee, "amount": amount, "why": why,
                            "need": need, "loan": loan}
            sales = {
                f"sell {occ} to {buyer}": (occ, buyer)
                for occ in self._occupations_of(payer)
                for buyer in self._active_others(payer)
                if (occ, buyer) not in refused
            }
            choice: Action = LOAN
            if sales:
                labels = {LOAN: f"Company advance of K{loan} (+{loan_years} years)"}
                choice = yield self.ask(
                    payer, "raise_money",
                    f"{payer} must pay K{amount} for {why} but has K{self.ledger[payer]}: "
                    f"take a company advance or offer an occupation for sale",
                    choices=(LOAN, *sales), labels=labels,
                )
            if choice == LOAN:
                self.ledger.transfer(COMPANY, payer, loan)
                self.advances[payer] += loan
                self.loan_years[payer] += loan_years
                years += loan_years
                self.log("advance", payer,
                         f"The Tobacco Company advances K{loan} to {payer}, "
                         f"at a cost of {loan_years} year(s) of life",
                         amount=loan, years=loan_years)
            else:
                occ, buyer = sales[choice]
                sold = yield from self._sell(payer, occ, buyer)
                if not sold:
                    refused.add((occ, buyer))
        self.payment = None
        self.ledger.transfer(payer, payee, amount)
        to = "the Tobacco Company" if payee == COMPANY else payee
        self.log("pay", payer, f"{payer} pays K{amount} to {to} ({why})",
                 amount=amount, to=payee, why=why)
        if years:
            self._add_years(payer, years, "company advance")

    def _sell(self, seller: str, occupation: str, buyer: str) -> Generator[Decision, Action, bool]:
        """Rule 20: the buyer names a price or declines, then the seller accepts or refuses."""
        self.sale = {"seller": seller, "buyer": buyer, "occupation": occupation, "offer": None}
        offer = yield self.ask(
            buyer, "offer",
            f"{seller} offers to sell you the {occupation}: name a price or decline",
            choices=("decline",),
            amount=Amount(0, self.ledger[buyer], self.content.bid_step),
            labels={"decline": "Decline"},
        )
        if offer == "decline":
            self.sale = None
            self.log("sale", buyer, f"{buyer} does not want the {occupation}",
                     occupation=occupation, sold=False)
            return False
        self.sale["offer"] = offer
        answer = yield self.ask(
            seller, "accept_offer",
            f"{buyer} offers K{offer} for the {occupation}: accept or refuse?",
            choices=("accept", "refuse"), labels={"accept": "Accept", "refuse": "Refuse"},
        )
        self.sale = None
        if answer == "refuse":
            self.log("sale", seller, f"{seller} refuses K{offer} for the {occupation}",
                     occupation=occupation, sold=False)
            return False
        self.ledger.transfer(buyer, seller, offer)
        self.owner[occupation] = buyer
        self.log("sale", seller, f"{seller} sells the {occupation} to {buyer} for K{offer}",
                 occupation=occupation, buyer=buyer, price=offer, sold=True)
        return True
