"""The heuristic Pitch bot of RULES.md 4 D: bids on its best suit, leads trumps as pitcher,
and as a defender works with the other defenders against the pitcher."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import tabletop.bots
from tabletop.core.cards import SUITS
from tabletop.core.decisions import Action

from .scoring import MOON
from .tricks import HEIGHT, winning_index

#: The bot's rating of a suit as trump (RULES.md 4 D), in exact fractions so that the bid it
#: makes from a rating is the same whether a bot or :func:`~.odds.bot_bid_counts` works it out.
TOP_TRUMP = {"A": Fraction(1), "K": Fraction("0.7"), "Q": Fraction("0.45")}
LOW_TRUMP = {"2": Fraction(1), "3": Fraction("0.75"), "4": Fraction("0.5")}
PROTECTED_JACK = Fraction("0.8")
EXTRA_TRUMP = Fraction("0.2")  # for each trump beyond the second
TEN_OF_TRUMP = Fraction("0.3")
TEN_HELD = Fraction("0.15")  # for each 10 in the hand, of any suit
BID_MARGIN = Fraction("0.2")


def trump_value(trumps: Collection[str]) -> Fraction:
    """What the cards of one suit are worth to the bot as trumps, before the 10s of the rest
    of the hand: its top and its bottom card, a protected Jack, length, the 10 of the suit."""
    return _held_value(frozenset(trumps))


@cache
def _held_value(trumps: frozenset[str]) -> Fraction:
    """:func:`trump_value` of these cards of one suit (remembered: a suit holds one of only a
    few thousand sets of cards, and the bots and the studies rate millions of hands)."""
    ranks = [card[:-1] for card in sorted(trumps, key=HEIGHT.__getitem__)]
    value = TOP_TRUMP.get(ranks[-1], Fraction(0)) + LOW_TRUMP.get(ranks[0], Fraction(0))
    if "J" in ranks and len(ranks) > 1:
        value += PROTECTED_JACK
    value += EXTRA_TRUMP * max(0, len(ranks) - 2)
    return value + TEN_OF_TRUMP * ("10" in ranks)


def best_suit(hand: Sequence[str]) -> tuple[str, Fraction]:
    """The suit this hand would name as trump (a suit it holds; the first in suit order on a
    tie), and its strength (RULES.md 4 D): the suit's :func:`trump_value` and 0.15 for every 10
    held, of any suit."""
    by_suit: dict[str, list[str]] = {}
    for card in hand:
        by_suit.setdefault(card[-1], []).append(card)
    suit, value = max(((s, trump_value(by_suit[s])) for s in SUITS if s in by_suit),
                      key=lambda pair: pair[1])
    return suit, value + TEN_HELD * sum(card[:-1] == "10" for card in hand)


@cache
def wanted_bid(strength: Fraction) -> int:
    """The bid a hand of this strength is worth to the bot: the whole part of strength + 0.2
    (remembered: a few dozen ratings recur over the studies' hundreds of thousands of hands)."""
    return int(strength + BID_MARGIN)


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
        wanted = min(max(numbered, default=0), wanted_bid(strength))
        return bids[wanted] if wanted in numbered else bids[0]

    def on_play(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Rule 18 (RULES.md 4 A18): a defender helps the other defenders against the pitcher:
        count cards go on a defender's winning trick once the pitcher has played to it;
        otherwise take the trick cheaply when the pitcher is winning it or it holds something,
        else throw the cheapest card (what counts least for Game goes first: a Jack before a
        10; under the pitcher's winning trick, the highest trump that counts nothing before a
        low one)."""
        if len(legal) == 1:
            return legal[0]  # the only card it may play: no need to look at the table
        cards_legal = [str(card) for card in legal]
        trump, trick, me = view["trump"], view["trick"], view["you"]
        if not trick:
            return self.lead(view, cards_legal)
        counts = view["game_count"]
        cards = [t["card"] for t in trick]
        leader = trick[winning_index(cards, trump)]["player"]
        pitcher = view["pitcher"]

        keep_low = self.keeps_low(me, leader, pitcher)

        def cheapness(card: str) -> tuple[bool, bool, int, int]:
            """Throw away first what counts nothing and is no trump, then the smallest count
            (a Jack, worth 1, before a 10, worth 10), low cards first; but a defender under a
            trick the pitcher is winning throws its *highest* trump that counts nothing and
            keeps its low ones (Low goes to whoever captures the lowest trump in play)."""
            count = counts.get(card[:-1], 0)
            is_trump = card[-1] == trump
            height = -HEIGHT[card] if keep_low and is_trump and not count else HEIGHT[card]
            return (count > 0, is_trump, count, height)

        if me != pitcher and leader != pitcher and self.safe(trick, pitcher):
            counted = [c for c in cards_legal if counts.get(c[:-1], 0) and c[-1] != trump]
            if counted:
                return max(counted, key=lambda c: counts[c[:-1]])
            return min(cards_legal, key=cheapness)
        winners = [c for c in cards_legal if winning_index([*cards, c], trump) == len(cards)]
        at_stake = any(counts.get(c[:-1], 0) or c[-1] == trump for c in cards)
        if winners and (leader == pitcher or at_stake):
            return min(winners, key=lambda c: (c[-1] == trump, HEIGHT[c]))
        return min(cards_legal, key=cheapness)

    def keeps_low(self, me: str, leader: str, pitcher: str) -> bool:
        """Whether to keep low trumps back, throwing the highest trump that counts nothing:
        as a defender, when the pitcher is winning the trick (a low trump thrown under it
        would hand her Low)."""
        return me != pitcher and leader == pitcher

    def safe(self, trick: Sequence[Mapping[str, Any]], pitcher: str) -> bool:
        """Whether count dumped on a fellow defender's winning trick stays with the defenders:
        only once the pitcher has played to the trick (before, she may still trump it)."""
        return any(t["player"] == pitcher for t in trick)

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        """The pitcher names trump with its highest card of its best suit and keeps leading
        its highest trump while it holds one; otherwise lead the highest card outside trumps
        (of any suit), a 10 only when nothing else is left outside trumps, and a trump only
        when it holds nothing else."""
        trump = view["trump"] or (best_suit(legal)[0] if view["pitcher"] == view["you"] else None)
        trumps = [c for c in legal if c[-1] == trump]
        if trumps and view["pitcher"] == view["you"]:
            return max(trumps, key=HEIGHT.__getitem__)
        side = [c for c in legal if c[-1] != trump] or legal
        return max(side, key=lambda c: (c[:-1] != "10", HEIGHT[c]))

    def on_table(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        """Between hands: always deal the next hand (bots neither leave nor seat anyone)."""
        return next(a for a in legal if self.value(view, a)[0] == "deal")
