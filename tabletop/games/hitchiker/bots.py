"""Hitchiker's heuristic bot (RULES.md section 1 D); it also plays the blackjack table."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import tabletop.bots
from tabletop.core.decisions import Action

from .amounts import ALL
from .blackjack import CARD_VALUE
from .content import CasinoRules
from .strategy import best_shape_action, bet_ev, shape

GOOD_DEALS = frozenset({2, 3, 4, 10, 12})
CUSTOMS_NEAR = 12
SELL_ANYWAY = 15_000
BUY_AT_MOST = 15_000
KEEP_AFTER_BUYING = 10_000

View = Mapping[str, Any]
#: The best play of a hand, worked out once for each shape of hand (strategy.Shape: the gains
#: depend on no more), house card and choice of moves.
best_play = cache(best_shape_action)


def _me(view: View) -> Mapping[str, Any]:
    you = view["you"]
    for seat in view["seats"]:
        if seat["name"] == you:
            return seat
    raise StopIteration


def _cash(view: View) -> int:
    return _me(view)["money"] if "seats" in view else view["cash"][view["you"]]


def _bet_cash(view: View) -> int:
    """Rule 48: a hand may bet all the cash its player holds, so the largest bet the decision
    offers (its :data:`ALL` choice, else the top of its range) is that cash: read there, the
    bot lays out no seat of the table."""
    decision = view["decision"]
    return decision["values"].get(ALL, decision["amount"][1])


def _most(legal: list[Action]) -> Action:
    """The largest amount on offer: all the cash when that is a choice, else the last of the
    legal actions (the amounts come last, lowest first)."""
    return ALL if ALL in legal else legal[-1]


def _clamp(view: View, amount: int) -> int:
    low, high, step = view["decision"]["amount"]
    return min(low + (max(amount, low) - low) // step * step, high)


def _hand(view: View) -> tuple[list[int], int, CasinoRules]:
    """The acting hand's card values, the house card's value and the casino's numbers."""
    casino = view["casino"]
    hand = casino["hands"][casino["acting"]]
    return ([CARD_VALUE[c] for c in hand["cards"]], CARD_VALUE[casino["house"]["cards"][0]],
            _rules(casino["rules"]))


#: The casino's numbers of each edition seen, by the view's plain figures.
_RULES: dict[tuple[tuple[str, Any], ...], CasinoRules] = {}


def _rules(figures: Mapping[str, Any]) -> CasinoRules:
    """``CasinoRules(**figures)``, made once for each set of figures."""
    key = tuple(figures.items())
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = CasinoRules(**figures)
    return rules


@cache
def stake(rules: CasinoRules, first: int, up: int) -> int:
    """The share of its cash (in %) the bot bets on a first card against the house card:
    more when the odds are good."""
    ev = bet_ev(rules, first, up)
    return 20 if ev >= 0.5 else 5 if ev > 0 else 0


class HeuristicBot(tabletop.bots.HeuristicBot):
    """Deposits all it may, buys cheap Hometowns, stakes half its cash on the Black Market and
    keeps only good rolls, sells when the price is good or Customs is near, and plays the
    blackjack strategy the kit computes (strategy.py), betting more when the odds are good."""

    def on_turn(self, view: View, legal: list[Action]) -> Action:
        if len(legal) == 1:  # no newcomer to let in: the roll is the one choice
            return legal[0]
        joins = [a for a in legal if self.value(view, a) is not None]
        return joins[0] if joins else "roll"

    def on_hometown(self, view: View, legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    def on_deposit(self, view: View, legal: list[Action]) -> Action:
        return _most(legal)

    def on_buy(self, view: View, legal: list[Action]) -> Action:
        price = view["offer"]["price"]
        keeps = _cash(view) - price >= KEEP_AFTER_BUYING
        return "buy" if price <= BUY_AT_MOST and keeps else "pass"

    def on_deal(self, view: View, legal: list[Action]) -> Action:
        return _clamp(view, _cash(view) // 2)

    def on_accept(self, view: View, legal: list[Action]) -> Action:
        roll = view["deal"]["rolls"][-1]["roll"]
        return "accept" if roll in GOOD_DEALS or "decline" not in legal else "decline"

    def on_sell(self, view: View, legal: list[Action]) -> Action:
        here = _me(view)["position"]
        spaces = view["spaces"]
        ahead = [spaces[(here + k) % len(spaces)]["kind"] for k in range(1, CUSTOMS_NEAR + 1)]
        if spaces[here]["price"] >= SELL_ANYWAY or "customs" in ahead:
            return view["decision"]["amount"][1]
        return 0

    def on_bet(self, view: View, legal: list[Action]) -> Action:
        cards, up, rules = _hand(view)
        return _clamp(view, _bet_cash(view) * stake(rules, cards[0], up) // 100)

    def on_play(self, view: View, legal: list[Action]) -> Action:
        cards, up, rules = _hand(view)
        return best_play(rules, shape(cards), up, tuple(legal))


class StakeBot(HeuristicBot):
    """The heuristic bot with one choice switched: at a Black Market it stakes ``share`` of its
    travelling cash (the heuristic bot stakes a half), and a share of 0 makes no deal at all.
    Everything else, the accept rule included, is the heuristic bot's."""

    def __init__(self, seed: int = 0, share: float = 0.5) -> None:
        super().__init__(seed)
        self.share = share

    def on_deal(self, view: View, legal: list[Action]) -> Action:
        if self.share <= 0:
            return "no deal"
        return _clamp(view, int(_cash(view) * self.share))


class FixedStakeBot(HeuristicBot):
    """The heuristic bot with one choice switched: at a Black Market it stakes a fixed
    ``stake`` dollars (or all its cash, when it carries less) while it carries less than
    ``below`` dollars of travelling cash, and makes no deal otherwise (the heuristic bot stakes
    half its cash); on the first two throws of a deal it takes exactly the totals in ``accept``
    (by default the heuristic bot's: 2, 3, 4, 10, 12). Everything else is the heuristic bot's."""

    def __init__(self, seed: int = 0, stake: int = 10_000, below: float = float("inf"),
                 accept: frozenset[int] = GOOD_DEALS) -> None:
        super().__init__(seed)
        self.stake = stake
        self.below = below
        self.accept = frozenset(accept)

    def on_deal(self, view: View, legal: list[Action]) -> Action:
        if _cash(view) >= self.below:
            return "no deal"
        return _clamp(view, self.stake)

    def on_accept(self, view: View, legal: list[Action]) -> Action:
        roll = view["deal"]["rolls"][-1]["roll"]
        return "accept" if roll in self.accept or "decline" not in legal else "decline"


class AcceptBot(HeuristicBot):
    """The heuristic bot with one choice switched: on the first two throws of a Black Market
    deal it takes exactly the totals in ``accept`` (the heuristic bot takes 2, 3, 4, 10, 12)."""

    def __init__(self, seed: int = 0, accept: frozenset[int] = GOOD_DEALS) -> None:
        super().__init__(seed)
        self.accept = frozenset(accept)

    def on_accept(self, view: View, legal: list[Action]) -> Action:
        roll = view["deal"]["rolls"][-1]["roll"]
        return "accept" if roll in self.accept or "decline" not in legal else "decline"


class HomeBot(HeuristicBot):
    """The heuristic bot with one choice switched: it starts on ``prefer`` when that Hometown
    is free (the heuristic bot picks a free Hometown at random)."""

    def __init__(self, seed: int = 0, prefer: str = "Whistle Stop") -> None:
        super().__init__(seed)
        self.prefer = prefer

    def on_hometown(self, view: View, legal: list[Action]) -> Action:
        return self.prefer if self.prefer in legal else self.rng.choice(legal)


class BuyBot(HeuristicBot):
    """The heuristic bot with one choice switched: it buys an unowned Hometown at any price
    that leaves it ``keep`` dollars of travelling cash (the heuristic bot also refuses prices
    above 15,000)."""

    def __init__(self, seed: int = 0, keep: int = KEEP_AFTER_BUYING) -> None:
        super().__init__(seed)
        self.keep = keep

    def on_buy(self, view: View, legal: list[Action]) -> Action:
        return "buy" if _cash(view) - view["offer"]["price"] >= self.keep else "pass"


class SellBot(HeuristicBot):
    """The heuristic bot with one choice switched: it sells all its contraband only at Sell
    cities paying at least ``least`` a unit, and carries it on from the others (the heuristic bot
    sells at every Sell city of the kit's board, each having a Customs city within twelve
    cities ahead)."""

    def __init__(self, seed: int = 0, least: int = 20_000) -> None:
        super().__init__(seed)
        self.least = least

    def on_sell(self, view: View, legal: list[Action]) -> Action:
        here = view["spaces"][_me(view)["position"]]
        return view["decision"]["amount"][1] if here["price"] >= self.least else 0
