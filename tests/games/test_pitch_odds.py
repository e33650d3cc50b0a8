"""The exact Pitch odds (tabletop/games/pitch/odds.py) checked against brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

from tabletop.core.cards import RANKS, SUITS
from tabletop.games.pitch import odds
from tabletop.games.pitch.bots import best_suit, wanted_bid

SMALL_RANKS = ("2", "3", "4", "10", "J", "A")


def test_bot_ratings_count_every_hand_as_the_bot_rates_it():
    deck = [rank + suit for suit in SUITS for rank in SMALL_RANKS]
    brute: Counter[odds.Named] = Counter()
    for hand in combinations(deck, 4):
        suit, strength = best_suit(hand)
        trumps = [card[:-1] for card in hand if card[-1] == suit]
        brute[odds.Named(strength, len(trumps), max(map(RANKS.index, trumps)),
                         "J" in trumps)] += 1
    assert odds.bot_ratings(4, SMALL_RANKS) == brute


def test_bot_ratings_cover_the_whole_deck():
    counts = odds.bot_ratings(6)
    assert sum(counts.values()) == comb(52, 6)
    bids = Counter()
    for named, n in counts.items():
        bids[min(wanted_bid(named.rating), 4)] += n
    assert bids[4] == 2104 and bids[5] == 0


def test_the_bot_rates_exactly_and_names_a_suit_it_holds():
    # A 1 + 2 1 + protected J 0.8 + two extra trumps 0.4 + the 10 of trump 0.3 + one 10 0.15
    assert best_suit(["AS", "2S", "JS", "10S", "5H", "6D"]) == ("S", Fraction("3.65"))
    assert wanted_bid(Fraction("2.8")) == 3 and wanted_bid(Fraction("2.79")) == 2
    # every suit held rates 0: the first suit held is named, never the missing clubs
    assert best_suit(["5D", "6D", "7H", "8H", "9S", "6S"]) == ("D", 0)


def test_high_given_trumps_adds_up_over_the_top_trump():
    for k in range(1, 7):
        spread = sum(Fraction(comb(r, k - 1), comb(13, k)) for r in range(13))
        assert spread == 1
    assert odds.high_given_trumps(4, 6, 6) == sum(
        Fraction(comb(r, 5), comb(13, 6)) * odds.none_dealt(12 - r, 4, 6) for r in range(13))


def test_game_count_distribution_sums_to_one_with_mean_six_eightieths():
    counts = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
    dist = odds.game_count_dist(6, counts)
    assert sum(dist.values()) == 1
    assert sum(c * p for c, p in dist.items()) == Fraction(6 * 80, 52)
    assert dist[0] == Fraction(comb(32, 6), comb(52, 6))


def test_a_countless_hand_at_the_deal_by_inclusion_and_exclusion():
    counts = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
    one = Fraction(comb(32, 6), comb(52, 6))
    assert odds.countless_hand_at_deal(1, 6, counts) == one
    two = 2 * one - Fraction(comb(32, 12), comb(52, 12))
    assert odds.countless_hand_at_deal(2, 6, counts) == two
    assert 0 < odds.countless_hand_at_deal(4, 6, counts) < 4 * one
