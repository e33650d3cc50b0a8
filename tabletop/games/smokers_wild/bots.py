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

import math
from collections.abc import Mapping, Sequence
from typing import Any

import tabletop.bots
from tabletop.core.decisions import Action

from .odds import mean_move

View = Mapping[str, Any]
MEAN_MOVE = float(mean_move())


def landings_per_circuit(view: View, me: str) -> float:
    """How often the opponents land on one given space while going round once: a token
    stops on one space in 7 (the average throw)."""
    opponents = sum(1 for s in view["seats"] if s["name"] != me and not s["is_gone"])
    return opponents / MEAN_MOVE


def fee_estimate(view: View, occupation: str, me: str) -> float:
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
        return fee["per_pip"] * MEAN_MOVE * fee["dice"] / 2 + view["quit_fee"] * share
    return sum(s["money"] for s in others) / len(others) / 2


def worth(view: View, occupation: str) -> float:
    """Twice the income an occupation may bring in per circuit."""
    me = view["you"]
    return 2 * landings_per_circuit(view, me) * fee_estimate(view, occupation, me)


def bid_up_to(legal: Sequence[Action], limit: float) -> Action:
    """The least bid of the decision's range (bids go up by the least step), or "pass" when
    even that is above ``limit``. The legal actions hold the choice "pass", then every bid
    from the least up, so the least is read off them without laying out the view's
    decision."""
    low = next(a for a in legal if type(a) is int)
    return "pass" if low > limit else low


def amount_up_to(view: View, limit: float, refuse: str) -> Action:
    """The largest amount of the decision's range not above ``limit`` (an offer), or
    ``refuse`` when even the least is above it."""
    low, high, step = view["decision"]["amount"]
    if low > limit:
        return refuse
    return min(high, low + math.floor((limit - low) / step) * step)


class HeuristicBot(tabletop.bots.HeuristicBot):
    """Plays Smokers Wild by the rules of thumb of RULES.md section 2 D."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.taste: dict[str, float] = {}

    def on_bid(self, view: View, legal: list[Action]) -> Action:
        lot = view["auction"]["lot"]
        taste = self.taste.setdefault(lot, self.rng.uniform(0.75, 1.25))
        return bid_up_to(legal, worth(view, lot) * taste)

    def on_challenge(self, view: View, legal: list[Action]) -> Action:
        return next((a for a in legal if self.value(view, a) is not None), legal[0])

    def on_quit(self, view: View, legal: list[Action]) -> Action:
        return "try"

    def on_vacation(self, view: View, legal: list[Action]) -> Action:
        return "vacation"

    def on_puff_from(self, view: View, legal: list[Action]) -> Action:
        cards = {s["name"]: s["puff_cards"] for s in view["seats"]}
        return max(legal, key=lambda a: cards[self.value(view, a)])

    def on_raise_money(self, view: View, legal: list[Action]) -> Action:
        """Offer an occupation to the richest buyer able to pay 3 x the advance, else borrow."""
        need = 3 * view["payment"]["loan"]
        money = {s["name"]: s["money"] for s in view["seats"]}
        buyers = {a: money[sale[1]] for a in legal if (sale := self.value(view, a)) is not None}
        rich = [a for a, cash in buyers.items() if cash >= need]
        return max(rich, key=buyers.__getitem__) if rich else "loan"

    def on_offer(self, view: View, legal: list[Action]) -> Action:
        return amount_up_to(view, worth(view, view["sale"]["occupation"]), "decline")

    def on_accept_offer(self, view: View, legal: list[Action]) -> Action:
        return "accept" if view["sale"]["offer"] >= 3 * view["payment"]["loan"] else "refuse"


class NoChallengeBot(HeuristicBot):
    """The heuristic bot that never challenges (rule 14): the one choice switched in the
    lesson's paired study of challenging."""

    def on_challenge(self, view: View, legal: list[Action]) -> Action:
        return "no challenge"


class NoQuitBot(HeuristicBot):
    """The heuristic bot that never tries I QUIT (rule 18): the paired study's other arm."""

    def on_quit(self, view: View, legal: list[Action]) -> Action:
        return "skip"


class SmokerVacationBot(HeuristicBot):
    """The heuristic bot that takes a vacation (rule 28) only while it smokes: a non-smoker
    stays. The paired study of the lesson's vacation advice switches this one choice."""

    def on_vacation(self, view: View, legal: list[Action]) -> Action:
        me = next(s for s in view["seats"] if s["name"] == view["you"])
        return "vacation" if me["smoker"] and "vacation" in legal else "stay"


class NoVacationBot(HeuristicBot):
    """The heuristic bot that never takes a vacation (rule 28)."""

    def on_vacation(self, view: View, legal: list[Action]) -> Action:
        return "stay"


def _me(view: View) -> Mapping[str, Any]:
    return next(s for s in view["seats"] if s["name"] == view["you"])


def _short_corner(view: View) -> bool:
    """Whether the player stands on the shortest VACATION corner (the one-turn K50 corner of
    the kit's board): the corner lesson 2 prices."""
    turns = [s["turns"] for s in view["spaces"] if s["kind"] == "vacation"]
    here = view["spaces"][_me(view)["position"]]
    return here["turns"] == min(turns)


class CleanStaysShortBot(HeuristicBot):
    """The heuristic bot, except that as a non-smoker it stays on the one-turn VACATION
    corner (rule 21): the one choice lesson 2 prices for Bob, switched alone. It still takes
    the two-turn corner, and every vacation as a smoker."""

    def on_vacation(self, view: View, legal: list[Action]) -> Action:
        if not _me(view)["smoker"] and _short_corner(view):
            return "stay"
        return super().on_vacation(view, legal)


class SmokerStaysShortBot(HeuristicBot):
    """The heuristic bot, except that as a smoker it stays on the one-turn VACATION corner:
    the choice lesson 2 prices for Cy and Dee, switched alone."""

    def on_vacation(self, view: View, legal: list[Action]) -> Action:
        if _me(view)["smoker"] and _short_corner(view):
            return "stay"
        return super().on_vacation(view, legal)
