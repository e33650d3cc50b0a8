"""The heuristic Pitch bot of RULES.md 4 D: bids on its best suit, leads trumps as pitcher,
and as a defender works with the other defenders against the pitcher."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tabletop.core.cards import SUITS
from tabletop.core.decisions import Action

from .tricks import HEIGHT, winning_index

TOP_TRUMP = {"A": 1.0, "K": 0.7, "Q": 0.45}
LOW_TRUMP = {"2": 1.0, "3": 0.75, "4": 0.5}
COUNT = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}


def suit_strength(hand: list[str], suit: str) -> float:
    """How many points ``hand`` may expect to take with ``suit`` as trump (RULES.md 4 D)."""
    trumps = sorted((c for c in hand if c[-1] == suit), key=HEIGHT.__getitem__)
    if not trumps:
        return 0.0
    value = TOP_TRUMP.get(trumps[-1][:-1], 0.0) + LOW_TRUMP.get(trumps[0][:-1], 0.0)
    if "J" + suit in trumps and len(trumps) > 1:
        value += 0.8
    value += 0.2 * max(0, len(trumps) - 2)
    value += 0.15 * sum(c[:-1] == "10" for c in hand)
    value += 0.3 * ("10" + suit in trumps)
    return value


def best_suit(hand: list[str]) -> tuple[str, float]:
    """The suit this hand would name as trump, and its strength."""
    return max(((s, suit_strength(hand, s)) for s in SUITS), key=lambda p: p[1])


def cheapness(card: str, trump: str | None) -> tuple[int, int, int]:
    """Order for throwing away: no count and no trump first, low cards first."""
    return (COUNT.get(card[:-1], 0) > 0, card[-1] == trump, HEIGHT[card])


class HeuristicBot:
    """Plays one seat of Pitch from its own view."""

    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Mapping[str, Any] | None, legal: list[Action]) -> Action:
        kind = view["decision"]["kind"]
        if kind == "bid":
            return self.bid(view, legal)
        if kind == "play":
            return self.play(view, [str(a) for a in legal])
        return "next hand" if "next hand" in legal else legal[0]

    def bid(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Bid the floor of (strength + 0.2) when it is at least 2; the dealer steals when the
        strength reaches the high bid; never the moon."""
        strength = best_suit(view["hand"])[1]
        if "steal" in legal and isinstance(view["bid"], int) and strength >= view["bid"]:
            return "steal"
        wanted = min(4, int(strength + 0.2))
        if wanted >= 2 and f"bid {wanted}" in legal:
            return f"bid {wanted}"
        return "pass"

    def play(self, view: Mapping[str, Any], legal: list[str]) -> str:
        trump, trick, me = view["trump"], view["trick"], view["you"]
        if not trick:
            return self.lead(view, legal)
        cards = [t["card"] for t in trick]
        leader = trick[winning_index(cards, trump)]["player"]
        pitcher = view["pitcher"]
        winners = [c for c in legal if winning_index([*cards, c], trump) == len(cards)]
        at_stake = any(COUNT.get(c[:-1], 0) or c[-1] == trump for c in cards)
        if me != pitcher and leader != pitcher:
            counted = [c for c in legal if COUNT.get(c[:-1], 0) and c[-1] != trump]
            if counted:
                return max(counted, key=lambda c: COUNT[c[:-1]])
            return min(legal, key=lambda c: cheapness(c, trump))
        if winners and (leader == pitcher or at_stake):
            return min(winners, key=lambda c: (c[-1] == trump, HEIGHT[c]))
        return min(legal, key=lambda c: cheapness(c, trump))

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The pitcher names trump with its highest card of its best suit and keeps leading
        trumps; otherwise lead the highest card of the longest side suit."""
        trump = view["trump"] or (best_suit(legal)[0] if view["pitcher"] == view["you"] else None)
        trumps = [c for c in legal if c[-1] == trump]
        if trumps and view["pitcher"] == view["you"]:
            return max(trumps, key=HEIGHT.__getitem__)
        side = [c for c in legal if c[-1] != trump] or legal
        return max(side, key=lambda c: (c[:-1] != "10", HEIGHT[c]))
