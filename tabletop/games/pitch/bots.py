"""The heuristic Pitch bot of RULES.md 4 D: bids on its best suit, leads trumps as pitcher,
and as a defender works with the other defenders against the pitcher."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any

import tabletop.bots
from tabletop.core.cards import SUITS
from tabletop.core.decisions import Action

from .scoring import MOON
from .tricks import HEIGHT, beats, winning_index

#: The bot's rating of a suit as trump (RULES.md 4 D), in exact fractions so that the bid it
#: makes from a rating is the same whether a bot or :func:`~.odds.bot_bid_counts` works it out.
TOP_TRUMP = {"A": Fraction(1), "K": Fraction("0.7"), "Q": Fraction("0.45")}
LOW_TRUMP = {"2": Fraction(1), "3": Fraction("0.75"), "4": Fraction("0.5")}
PROTECTED_JACK = Fraction("0.8")
EXTRA_TRUMP = Fraction("0.2")  # for each trump beyond the second
TEN_OF_TRUMP = Fraction("0.3")
TEN_HELD = Fraction("0.15")  # for each 10 in the hand, of any suit
BID_MARGIN = Fraction("0.2")
#: Every weight above is a whole number of twentieths: the bot adds them up in this unit, as
#: whole numbers (exactly the fractions' sums, only quicker), and a rating is given back as
#: the fraction.
UNIT = Fraction(1, 20)


def in_units(weight: Fraction) -> int:
    """``weight`` as a whole number of :data:`UNIT`."""
    units = weight / UNIT
    if units.denominator != 1:
        raise ValueError(f"the weight {weight} is not a whole number of {UNIT}")
    return int(units)


def by_height(weights: dict[str, Fraction]) -> dict[int, int]:
    """Weights by rank, keyed by the rank's height (:data:`~.tricks.HEIGHT`) and in units."""
    return {HEIGHT[rank + SUITS[0]]: in_units(weight) for rank, weight in weights.items()}


#: A card as one bit of the ranks held in its suit: bit ``HEIGHT[card]`` (the 2: bit 0).
BIT = {card: 1 << height for card, height in HEIGHT.items()}
TEN, JACK = HEIGHT["10" + SUITS[0]], HEIGHT["J" + SUITS[0]]
TOP_UNITS, LOW_UNITS = by_height(TOP_TRUMP), by_height(LOW_TRUMP)
PROTECTED_JACK_UNITS, EXTRA_TRUMP_UNITS = in_units(PROTECTED_JACK), in_units(EXTRA_TRUMP)
TEN_OF_TRUMP_UNITS, TEN_HELD_UNITS = in_units(TEN_OF_TRUMP), in_units(TEN_HELD)


def suit_ranks(cards: Iterable[str]) -> dict[str, int]:
    """The ranks ``cards`` hold in each suit they hold, as the bits of :data:`BIT`."""
    ranks: dict[str, int] = {}
    for card in cards:
        suit = card[-1]
        ranks[suit] = ranks.get(suit, 0) | BIT[card]
    return ranks


def trump_value(trumps: Collection[str]) -> Fraction:
    """What the cards of one suit are worth to the bot as trumps, before the 10s of the rest
    of the hand: its top and its bottom card, a protected Jack, length, the 10 of the suit."""
    if not trumps:
        raise ValueError("a suit of no cards has no value as trumps")
    return as_rating(held_units(suit_ranks(trumps).popitem()[1]))


@cache
def held_units(ranks: int) -> int:
    """:func:`trump_value` in units of the cards of one suit whose ranks are the bits of
    ``ranks`` (remembered: a suit holds one of only 8,191 sets of ranks, and the bots and the
    studies rate millions of hands)."""
    size = ranks.bit_count()
    value = (TOP_UNITS.get(ranks.bit_length() - 1, 0)
             + LOW_UNITS.get((ranks & -ranks).bit_length() - 1, 0))
    if ranks >> JACK & 1 and size > 1:
        value += PROTECTED_JACK_UNITS
    value += EXTRA_TRUMP_UNITS * max(0, size - 2)
    return value + TEN_OF_TRUMP_UNITS * (ranks >> TEN & 1)


@cache
def as_rating(units: int) -> Fraction:
    """A rating counted in units, as the exact fraction (remembered: a few dozen recur)."""
    return units * UNIT


def best_suit(hand: Sequence[str]) -> tuple[str, Fraction]:
    """The suit this hand would name as trump (a suit it holds; the first in suit order on a
    tie), and its strength (RULES.md 4 D): the suit's :func:`trump_value` and 0.15 for every 10
    held, of any suit."""
    return held_best_suit(tuple(hand))


@lru_cache(maxsize=256)
def held_best_suit(hand: tuple[str, ...]) -> tuple[str, Fraction]:
    """:func:`best_suit` (remembered for the last few hands: a bot rates its hand at each bid
    and again at its first lead, and a paired study's two bots rate the same hand)."""
    ranks = suit_ranks(hand)
    suit = max((s for s in SUITS if s in ranks), key=lambda s: held_units(ranks[s]))
    tens = sum(held >> TEN & 1 for held in ranks.values())
    return suit, as_rating(held_units(ranks[suit]) + TEN_HELD_UNITS * tens)


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
        values = view["decision"]["values"]  # each choice's bid: whole numbers
        bids = {values[action]: action for action in legal}
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
        cards_legal: list[str] = list(legal)  # Pitch's choices are all cards (text)
        trump, trick, me = view["trump"], view["trick"], view["you"]
        if not trick:
            return self.lead(view, cards_legal)
        counts = view["game_count"]
        cards = [t["card"] for t in trick]
        top = winning_index(cards, trump)
        leader = trick[top]["player"]
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
        winners = [c for c in cards_legal if beats(c, cards[top], trump)]
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
