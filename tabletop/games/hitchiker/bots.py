"""Hitchiker's heuristic bot (RULES.md section 1 D); it also plays the blackjack table."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.core.decisions import Action

from .blackjack import CARD_VALUE
from .strategy import best_action, bet_ev

GOOD_DEALS = frozenset({2, 3, 4, 10, 12})
CUSTOMS_NEAR = 12
SELL_ANYWAY = 15_000
BUY_AT_MOST = 15_000
KEEP_AFTER_BUYING = 10_000


class HeuristicBot:
    """Deposits all it may, buys cheap Hometowns, stakes half its cash on the Black Market and
    keeps only good rolls, sells when the price is good or Customs is near, and plays the
    blackjack strategy the kit computes (strategy.py), betting more when the odds are good."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, legal: list[Action]) -> Action:
        decision = view["decision"]
        kind = decision["kind"]
        me = view["you"]
        handler = getattr(self, f"_{kind}", None)
        return legal[0] if handler is None else handler(view, decision, me, legal)

    @staticmethod
    def _cash(view: Mapping[str, Any], me: str) -> int:
        return view["hitchikers"][me]["cash"] if "hitchikers" in view else view["cash"][me]

    @staticmethod
    def _clamp(decision: Mapping[str, Any], amount: int) -> int:
        low, high, step = decision["amount"]
        amount = low + (max(amount, low) - low) // step * step
        return min(amount, high)

    def _turn(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        joins = [a for a in legal if isinstance(a, str) and a.startswith("join:")]
        return joins[0] if joins else "roll"

    def _hometown(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def _deposit(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        return decision["amount"][1]

    def _buy(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        price = view["offer"]["price"]
        cash = self._cash(view, me)
        return "buy" if price <= BUY_AT_MOST and cash - price >= KEEP_AFTER_BUYING else "pass"

    def _deal(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        return self._clamp(decision, self._cash(view, me) // 2)

    def _accept(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        roll = view["deal"]["rolls"][-1]["roll"]
        return "accept" if roll in GOOD_DEALS or "decline" not in legal else "decline"

    def _sell(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        here = view["hitchikers"][me]["position"]
        cities = view["cities"]
        ahead = [cities[(here + k) % len(cities)]["kind"] for k in range(1, CUSTOMS_NEAR + 1)]
        if cities[here]["price"] >= SELL_ANYWAY or "customs" in ahead:
            return decision["amount"][1]
        return 0

    def _bet(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        casino = view["casino"]
        hand = casino["hands"][casino["acting"]]
        ev = bet_ev(CARD_VALUE[hand["cards"][0]], CARD_VALUE[casino["house"]["cards"][0]])
        cash = self._cash(view, me)
        share = 20 if ev >= 0.5 else 5 if ev > 0 else 0
        return self._clamp(decision, cash * share // 100)

    def _play(self, view: Any, decision: Any, me: str, legal: list[Action]) -> Action:
        casino = view["casino"]
        hand = casino["hands"][casino["acting"]]
        cards = [CARD_VALUE[c] for c in hand["cards"]]
        return best_action(cards, CARD_VALUE[casino["house"]["cards"][0]], legal)
