"""The heuristic Smokers Wild bot (RULES.md section 2 D). It sees only its own view.

* Bids for an occupation up to twice its estimated income per circuit, give or take a
  quarter (its own seeded taste): bots that all valued a lot alike would let the
  order of bidding, not the bots, decide who wins every auction.
* Always challenges as a smoker, always tries I QUIT as a smoker, takes every
  vacation it can afford (missed turns are years not aged).
* Draws HAV' A PUFF cards from the opponent holding the most.
* Short of money, it offers an occupation only to a buyer rich enough to pay three
  times the company advance, and accepts only such an offer; otherwise it borrows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.core.decisions import Action

SPACES = 28
MEAN_THROW = 7


def landings_per_circuit(view: Mapping[str, Any], me: str) -> float:
    """How often the opponents land on one given space while going round once:
    a token stops on about 28 / 7 = 4 of the 28 spaces per circuit."""
    opponents = sum(1 for s in view["seats"] if s["name"] != me and not s["is_gone"])
    return opponents * (SPACES / MEAN_THROW) / SPACES


def fee_estimate(view: Mapping[str, Any], occupation: str, me: str) -> float:
    """The typical fee an opponent pays on landing on ``occupation``."""
    fee = view["fees"][occupation]
    others = [s for s in view["seats"] if s["name"] != me and not s["is_gone"]] or view["seats"]
    smokers = sum(s["smoker"] for s in others) / len(others)
    share = max(smokers, 0.5)  # most players end up smoking for a while
    rule = fee["rule"]
    if rule == "by_status":
        return share * fee["smoker"] + (1 - share) * fee["non_smoker"]
    if rule == "per_brand":
        brands = sum(len(s["brands"]) for s in others) / len(others)
        return fee["per_brand"] * max(brands, 1.0) * share
    if rule == "lifeometer":
        life = sum(s["lifeometer"] for s in others) / len(others)
        return fee["base"] + fee["per_year"] * life
    if rule == "dice":
        return fee["per_pip"] * MEAN_THROW * fee["dice"] / 2 + view["quit_fee"] * share
    cash = sum(s["cash"] for s in others) / len(others)
    return cash / 2


class HeuristicBot:
    """Plays Smokers Wild by the rules of thumb of RULES.md section 2 D."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.taste: dict[str, float] = {}

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        decision = view["decision"]
        kind, me = decision["kind"], view["you"]
        if kind == "bid":
            lot = view["auction"]["lot"]
            taste = self.taste.setdefault(lot, self.rng.uniform(0.75, 1.25))
            worth = 2 * landings_per_circuit(view, me) * fee_estimate(view, lot, me) * taste
            return self._amount_up_to(legal, worth, "pass")
        if kind == "challenge":
            return next((a for a in legal if a != "no challenge"), "no challenge")
        if kind == "quit":
            return "try"
        if kind == "vacation":
            return "vacation"
        if kind == "puff_from":
            sizes = {s["name"]: s["puff_cards"] for s in view["seats"]}
            return max(legal, key=lambda a: sizes[str(a)[len("from "):]])
        if kind == "raise_money":
            return self._raise_money(view, legal)
        if kind == "offer":
            sale = view["sale"]
            worth = 2 * landings_per_circuit(view, me) * fee_estimate(view, sale["occupation"], me)
            return self._amount_up_to(legal, worth, "decline")
        if kind == "accept_offer":
            payment = view["payment"]
            return "accept" if view["sale"]["offer"] >= 3 * payment["loan"] else "refuse"
        return legal[int(self.rng.random() * len(legal))]

    @staticmethod
    def _amount_up_to(legal: list[Action], worth: float, refuse: str) -> Action:
        """The largest listed amount not above ``worth`` (bids go up by the least step)."""
        amounts = [a for a in legal if type(a) is int and a <= worth]
        return min(amounts) if refuse == "pass" and amounts else max(amounts, default=refuse)

    @staticmethod
    def _raise_money(view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Offer an occupation to the richest buyer able to pay 3 x the advance, else borrow."""
        need = 3 * view["payment"]["loan"]
        cash = {s["name"]: s["cash"] for s in view["seats"]}
        sales = [a for a in legal if str(a).startswith("sell ")]
        rich = [a for a in sales if cash[str(a).rsplit(" to ", 1)[1]] >= need]
        if not rich:
            return "loan"
        return max(rich, key=lambda a: cash[str(a).rsplit(" to ", 1)[1]])
