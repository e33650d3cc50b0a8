"""The heuristic Pitch bot of RULES.md 4 D: bids on its best suit, leads trumps as pitcher,
and as a defender works with the other defenders against the pitcher."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import lru_cache
from typing import Any

import tabletop.bots
from tabletop.core.cards import SUITS
from tabletop.core.decisions import Action

from .scoring import MOON
from .tricks import HEIGHT, winning_index

TOP_TRUMP = {"A": 1.0, "K": 0.7, "Q": 0.45}
LOW_TRUMP = {"2": 1.0, "3": 0.75, "4": 0.5}


def tens_in(hand: Collection[str]) -> int:
    return [c[:-1] for c in hand].count("10")


def strength(trumps: list[str], suit: str, tens: int) -> float:
    """How many points a hand may expect to take with ``suit`` as trump (RULES.md 4 D): it
    holds ``trumps`` (its cards of ``suit``, low to high) and ``tens`` 10s."""
    if not trumps:
        return 0.0
    value = TOP_TRUMP.get(trumps[-1][:-1], 0.0) + LOW_TRUMP.get(trumps[0][:-1], 0.0)
    if "J" + suit in trumps and len(trumps) > 1:
        value += 0.8
    value += 0.2 * max(0, len(trumps) - 2)
    value += 0.15 * tens
    value += 0.3 * ("10" + suit in trumps)
    return value


def best_suit(hand: Collection[str]) -> tuple[str, float]:
    """The suit this hand would name as trump, and its strength."""
    return _best_suit(frozenset(hand))


@lru_cache(maxsize=1024)
def _best_suit(hand: frozenset[str]) -> tuple[str, float]:
    """:func:`best_suit`, remembered (the pitcher leads with the hand it bid on); the hand
    is sorted and split by suit once for the four suits."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUITS}
    for card in sorted(hand, key=HEIGHT.__getitem__):
        by_suit[card[-1]].append(card)
    tens = tens_in(hand)
    return max(((s, strength(by_suit[s], s, tens)) for s in SUITS), key=lambda p: p[1])


class HeuristicBot(tabletop.bots.HeuristicBot):
    """Plays one seat of Pitch from its own view."""

    def on_bid(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Bid the floor of (strength + 0.2), up to the highest numbered bid, when it may; the
        dealer steals when the strength reaches the high bid; never the moon."""
        strength = best_suit(view["hand"])[1]
        high = view["bid"]
        bids = {self.value(view, action): action for action in legal}
        if isinstance(high, int) and high in bids and strength >= high:
            return bids[high]  # a steal: the dealer's bid as high as the high bid
        floor = high if isinstance(high, int) else 0
        numbered = [bid for bid in bids if floor < bid < MOON]
        wanted = min(max(numbered, default=0), int(strength + 0.2))
        return bids[wanted] if wanted in numbered else bids[0]

    def on_play(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Rule 18 (RULES.md 4 A18): a defender helps the other defenders against the pitcher:
        count cards go on a defender's winning trick; otherwise take the trick cheaply when the
        pitcher is winning it or it holds something, else throw the cheapest card."""
        if len(legal) == 1:
            return legal[0]  # the only card it may play: no need to look at the table
        cards_legal = [str(card) for card in legal]
        trump, trick, me = view["trump"], view["trick"], view["you"]
        counts = view["game_count"]
        if not trick:
            return self.lead(view, cards_legal)
        cards = [t["card"] for t in trick]
        leader = trick[winning_index(cards, trump)]["player"]
        pitcher = view["pitcher"]

        def cheapness(card: str) -> tuple[bool, bool, int]:
            """Throw away first what counts nothing and is no trump, low cards first."""
            return (counts.get(card[:-1], 0) > 0, card[-1] == trump, HEIGHT[card])

        if me != pitcher and leader != pitcher:
            counted = [c for c in cards_legal if counts.get(c[:-1], 0) and c[-1] != trump]
            if counted:
                return max(counted, key=lambda c: counts[c[:-1]])
            return min(cards_legal, key=cheapness)
        winners = [c for c in cards_legal if winning_index([*cards, c], trump) == len(cards)]
        at_stake = any(counts.get(c[:-1], 0) or c[-1] == trump for c in cards)
        if winners and (leader == pitcher or at_stake):
            return min(winners, key=lambda c: (c[-1] == trump, HEIGHT[c]))
        return min(cards_legal, key=cheapness)

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The pitcher names trump with its highest card of its best suit and keeps leading
        trumps; otherwise lead the highest card of the longest side suit."""
        trump = view["trump"] or (best_suit(legal)[0] if view["pitcher"] == view["you"] else None)
        trumps = [c for c in legal if c[-1] == trump]
        if trumps and view["pitcher"] == view["you"]:
            return max(trumps, key=HEIGHT.__getitem__)
        side = [c for c in legal if c[-1] != trump] or legal
        return max(side, key=lambda c: (c[:-1] != "10", HEIGHT[c]))

    def on_table(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Between hands: always deal the next hand (bots neither leave nor seat anyone)."""
        return next(a for a in legal if self.value(view, a)[0] == "deal")
