"""The infinite deck, measured: the casino's real deck against the lesson model's approximation.

The exact blackjack odds (strategy.py, odds.py) draw every card with the same chances, as if
from an **infinite deck**: each of the thirteen ranks 1/13 whatever has been dealt. The kit's
casino deals from one 52-card deck, shuffled before each round with the top card burnt
(rules 44-45, B 16), so every card dealt changes the chances of the next. This module gives
the same answers for the real deck, to measure what the approximation costs:

- exactly, by enumeration over what is left in the deck: the house's final total from its
  up card with some cards already dealt (:func:`house_finals_from_deck`), the stand value of
  a hand (:func:`stand_value_from_deck`) and the chance of a blackjack from a full deck
  (:func:`blackjack_chance_from_deck`);
- by a seeded simulation of whole hands dealt from a shuffled deck and played with the
  infinite deck's best moves (:func:`odds.simulate_hands` with ``deck=True``), for the edge.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache

from tabletop.cache import cached

from . import blackjack as bj
from .content import CasinoRules, kit_content

#: How many cards of each value (Ace = 1) one full deck holds.
DECK_COUNTS: dict[int, int] = dict(sorted(Counter(bj.CARD_VALUE.values()).items()))


def left_after(dealt: Iterable[int]) -> tuple[int, ...]:
    """The counts of each value (Ace first) left in a full deck once ``dealt`` are out."""
    left = Counter(DECK_COUNTS)
    left.subtract(dealt)
    if min(left.values()) < 0:
        raise ValueError("more cards of one value dealt than one deck holds")
    return tuple(left[v] for v in DECK_COUNTS)


@cache
def _house(rules: CasinoRules, hard: int, ace: bool, left: tuple[int, ...]
           ) -> dict[int | str, Fraction]:
    """Rule 51 without replacement: the house's final total from (hard, ace) with the
    counts ``left`` still in the deck, each card drawn with its share of what is left."""
    total = bj.best_total(hard, ace)
    if not bj.house_draws(rules, total):
        return {bj.final(total): Fraction(1)}
    ends: dict[int | str, Fraction] = {}
    size = sum(left)
    for k, (value, n) in enumerate(zip(DECK_COUNTS, left, strict=True)):
        if n:
            rest = (*left[:k], n - 1, *left[k + 1:])
            for end, q in _house(rules, hard + value, ace or value == bj.ACE, rest).items():
                ends[end] = ends.get(end, Fraction(0)) + Fraction(n, size) * q
    return ends


@cached
def house_finals_from_deck(up: int, dealt: Iterable[int] = (),
                           rules: CasinoRules | None = None) -> dict[int | str, Fraction]:
    """The house's final total (or ``"bust"``) from up card ``up``, drawn from one deck with
    the up card and the cards ``dealt`` (values, Ace = 1) already out: exact (kept in the
    result cache: the recursion visits thousands of decks)."""
    rules = rules or kit_content().casino
    return _house(rules, up, up == bj.ACE, left_after([up, *dealt]))


def stand_value_from_deck(cards: Iterable[int], up: int,
                          rules: CasinoRules | None = None) -> Fraction:
    """Rule 52 on one deck: what standing on ``cards`` against ``up`` gains per $1 bet, the
    house drawing from the deck without those cards: exact."""
    rules = rules or kit_content().casino
    cards = tuple(cards)
    total = bj.total_of(cards)
    return sum((q * bj.net(rules, bj.outcome(total, end))
                for end, q in house_finals_from_deck(up, cards, rules).items()), Fraction(0))


def blackjack_chance_from_deck() -> Fraction:
    """Rule 53 on one deck: the first two cards an Ace and a ten-valued card, in either
    order, drawn without replacement."""
    size = sum(DECK_COUNTS.values())
    aces, tens = DECK_COUNTS[bj.ACE], DECK_COUNTS[bj.TEN]
    return 2 * Fraction(aces, size) * Fraction(tens, size - 1)
