"""Paying in Smokers Wild: who collects a fee, the Tobacco Company's advances, selling
occupations.

Rule 26: nobody is knocked out for lack of money; the company advances what is missing,
rounded up to whole units (K100), never repaid, one year of life per unit.
Rule 27: instead, a player may sell occupations to another player at an agreed price.
"""

from __future__ import annotations

from collections.abc import Generator

from tabletop.core.decisions import Action, Amount, Decision
from tabletop.core.words import plural

from .content import Occupation
from .table import COMPANY, Flow, Table

LOAN = "loan"


def taxman_fee(cash: int, round_to: int) -> int:
    """Rule 37: half the lander's cash, rounded up to a multiple of ``round_to`` in the
    Taxman's favour: round_to · ⌈cash / (2 · round_to)⌉ (K230 -> K120)."""
    return round_to * -(-cash // (2 * round_to))


def scale_fee(job: Occupation, brands: int, life: int, cash: int, pips: int = 0) -> int:
    """The scale of fees: what a lander holding ``brands`` brand cards, at Lifeometer year
    ``life`` with ``cash`` in hand, owes ``job`` by its rule in content.toml: by status (Rule
    32 DOCTOR, Rule 35 LAWYER, Rule 38 TOBACCO PLANTER, B3 UNDERTAKER), per brand (Rule 33 AD
    AGENT), by the Lifeometer (Rule 34 INSURANCE AGENT), by a throw of ``pips`` (Rule 36
    PSYCHIATRIST), half the cash (Rule 37 TAXMAN)."""
    if job.rule == "by_status":
        return job.figure("smoker" if brands else "non_smoker")
    if job.rule == "per_brand":
        return job.figure("per_brand") * brands
    if job.rule == "lifeometer":
        return job.figure("base") + job.figure("per_year") * life
    if job.rule == "dice":
        return job.figure("per_pip") * pips
    return taxman_fee(cash, job.figure("round_to"))


def company_advance(need: int, unit: int) -> tuple[int, int]:
    """Rule 26: the company advances ``need`` rounded up to whole ``unit``s, and the
    Lifeometer moves one year per unit: (amount advanced, years lost)."""
    amount = -(-need // unit) * unit if need > 0 else 0
    return amount, amount // unit


class MoneyRules(Table):
    """Payments, on top of the :class:`~.table.Table`."""

    def _fee_payee(self, occupation: str) -> str:
        """Rule 25, Rule 29 and B11: who receives an occupation's fees right now: its owner,
        or the company when it is unowned or its owner is on vacation (Rule 29) or GONE."""
        owner = self.owner[occupation]
        if owner == COMPANY or owner in self.away or owner in self.gone:
            return COMPANY
        return owner

    def _pay(self, payer: str, payee: str, amount: int, why: str) -> Flow:
        """``payer`` pays ``amount`` to ``payee``, first raising any shortfall by a company
        advance (Rule 26) or by selling an occupation (Rule 27).
        Years for company advances are added once the payment is made."""
        if amount <= 0:
            return
        years = 0
        refused: set[tuple[str, str]] = set()
        while self.ledger[payer] < amount:
            need = amount - self.ledger[payer]
            loan, loan_years = company_advance(need, self.content.loan_unit)
            self.payment = {"payer": payer, "payee": payee, "amount": amount, "why": why,
                            "need": need, "loan": loan}

            def question(loan: int = loan, loan_years: int = loan_years) -> Decision:
                """Rule 26 and Rule 27: the advance, or an occupation the payer holds now."""
                return self.ask(
                    payer, "raise_money",
                    f"{payer} must pay K{amount} for {why} but has K{self.ledger[payer]}: "
                    f"take a company advance or offer an occupation for sale",
                    {LOAN: None, **self._sales(payer, refused)},
                    labels={LOAN: f"Company advance of K{loan} (+{plural(loan_years, 'year')})"},
                )

            sale: tuple[str, str] | None = None
            if self._sales(payer, refused):  # else the advance is the only way: not asked
                sale = yield self.asking(question)
            if sale is None:
                self.ledger.transfer(COMPANY, payer, loan)
                self.advances[payer] += loan
                self.loan_years[payer] += loan_years
                years += loan_years
                self.log("advance", payer,
                         f"The Tobacco Company advances K{loan} to {payer}, "
                         f"at a cost of {plural(loan_years, 'year')} of life",
                         amount=loan, years=loan_years)
            elif not (yield from self._sell(payer, *sale)):
                refused.add(sale)
        self.payment = None
        self.ledger.transfer(payer, payee, amount)
        to = "the Tobacco Company" if payee == COMPANY else payee
        self.log("pay", payer, f"{payer} pays K{amount} to {to} ({why})",
                 amount=amount, to=payee, why=why)
        if years:
            self._add_years(payer, years, "company advance")

    def _sales(self, payer: str, refused: set[tuple[str, str]]) -> dict[str, tuple[str, str]]:
        """Rule 27: each sale ``payer`` may offer now, an occupation they hold to a player
        still in the game, save those already refused during this payment."""
        return {f"sell {occ} to {buyer}": (occ, buyer)
                for occ in self.occupations_of(payer)
                for buyer in self.active_others(payer)
                if (occ, buyer) not in refused}

    def _sell(self, seller: str, occupation: str, buyer: str) -> Generator[Decision, Action, bool]:
        """Rule 27: the buyer names a price or declines, then the seller accepts or refuses."""
        self.sale = {"seller": seller, "buyer": buyer, "occupation": occupation, "offer": None}
        offer = yield self.asking(lambda: self.ask(
            buyer, "offer",
            f"{seller} offers to sell you the {occupation}: name a price or decline",
            {"decline": None},
            amount=Amount(0, self.ledger[buyer], self.content.bid_step),
            labels={"decline": "Decline"},
        ))
        if offer is None:
            self.sale = None
            self.log("sale", buyer, f"{buyer} does not want the {occupation}",
                     occupation=occupation, sold=False)
            return False
        self.sale["offer"] = offer
        accepted = yield self.asking(lambda: self.ask(
            seller, "accept_offer",
            f"{buyer} offers K{offer} for the {occupation}: accept or refuse?",
            {"accept": True, "refuse": False} if self.ledger[buyer] >= offer
            and occupation in self.occupations_of(seller) else {"refuse": False},
            labels={"accept": "Accept", "refuse": "Refuse"},
        ))
        self.sale = None
        if not accepted:
            self.log("sale", seller, f"{seller} refuses K{offer} for the {occupation}",
                     occupation=occupation, sold=False)
            return False
        self.ledger.transfer(buyer, seller, offer)
        self.owner[occupation] = buyer
        self.log("sale", seller, f"{seller} sells the {occupation} to {buyer} for K{offer}",
                 occupation=occupation, buyer=buyer, price=offer, sold=True)
        return True
