"""The infinite deck measured (deck.py, odds.Cards): the casino's real deck, counted exactly
and dealt at random, against independent counts of a 52-card deck."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import numpy as np
import pytest

from tabletop.games.hitchiker import deck, odds
from tabletop.games.hitchiker.blackjack import CARD_VALUE, FULL_DECK, house_draws, total_of
from tabletop.games.hitchiker.content import kit_content


def test_a_blackjack_from_one_deck_counts_the_ordered_pairs_of_cards():
    pairs = list(permutations(FULL_DECK, 2))
    naturals = sum({CARD_VALUE[a], CARD_VALUE[b]} == {1, 10} for a, b in pairs)
    assert deck.blackjack_chance_from_deck() == Fraction(naturals, len(pairs))


def test_the_house_from_one_deck_agrees_with_shuffled_decks():
    """Rule 51 dealt from real shuffled decks (Python's own shuffle, seeded) against the
    exact enumeration: the house shows a 6, two tens are out."""
    rules = kit_content().casino
    exact = deck.house_finals_from_deck(6, [10, 10], rules)
    assert sum(exact.values()) == 1
    values = [CARD_VALUE[c] for c in FULL_DECK]
    for out in (6, 10, 10):
        values.remove(out)
    shuffler, deals, busts = random.Random(3), 20_000, 0
    for _ in range(deals):
        shuffler.shuffle(values)
        hand = [6]
        while house_draws(rules, total_of(hand)):
            hand.append(values[len(hand) - 1])
        busts += total_of(hand) > 21
    p = float(exact["bust"])
    assert abs(busts / deals - p) < 4 * (p * (1 - p) / deals) ** 0.5


def test_a_deck_cannot_deal_more_cards_of_a_value_than_it_holds():
    with pytest.raises(ValueError):
        deck.left_after([1] * 5)


def test_simulated_decks_deal_every_card_once():
    cards = odds.Cards(np.random.default_rng(4), 3, decks=True)  # the top card burnt
    deals = np.arange(3)
    twice = np.concatenate([deals, deals])  # a deal named twice (two split hands) takes two
    dealt = [Counter() for _ in deals]
    for asked in [twice] * 25 + [deals]:  # 1 burnt + 51 drawn: every card of the deck
        for k, value in zip(asked, cards.draw(asked), strict=True):
            dealt[k][int(value)] += 1
    assert not cards.left.any()
    for counts in dealt:
        burnt = Counter(deck.DECK_COUNTS)
        burnt.subtract(counts)
        assert sorted(burnt.values()) == [0] * (len(burnt) - 1) + [1]


def test_hands_dealt_from_one_deck_see_a_blackjack_as_often_as_one_deck_gives():
    gains = odds.simulate_hands(np.random.default_rng(5), 200_000, deck=True)
    p = float(deck.blackjack_chance_from_deck())
    assert abs((gains == 5).mean() - p) < 4 * (p * (1 - p) / len(gains)) ** 0.5
