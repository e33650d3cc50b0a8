"""Exact chances a Pitch player can work out at the deal (RULES.md 4 C).

Every chance is counted over the deck of rule 2; ``hand_size`` is the content's
``deal.hand_size``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from typing import NamedTuple

from tabletop.cache import cached
from tabletop.core.cards import RANKS, SUITS

from .tricks import DECK as CARDS

DECK = len(CARDS)


@cache
def jack_in_play(players: int, hand_size: int) -> Fraction:
    """The chance that the Jack of a named suit is among the cards dealt, before anyone looks:
    ``players * hand_size`` of the 52 cards are dealt, each card equally likely to be one
    (remembered: the rules log it twice a hand)."""
    return Fraction(players * hand_size, DECK)


def unseen_dealt(players: int, hand_size: int) -> tuple[int, int]:
    """From one player's seat: how many cards are unseen, and how many of them were dealt."""
    return DECK - hand_size, (players - 1) * hand_size


def none_dealt(missing: int, players: int, hand_size: int) -> Fraction:
    """The chance that ``missing`` particular unseen cards all stayed in the undealt stock."""
    unseen, dealt = unseen_dealt(players, hand_size)
    return Fraction(comb(unseen - missing, dealt), comb(unseen, dealt))


def suit_odds(hand: Sequence[str], suit: str, players: int, hand_size: int) -> dict[str, Fraction]:
    """For a player holding ``hand``, if ``suit`` were trump:

    ``jack_in_play``: the Jack of the suit was dealt (certain when held);
    ``high``: this hand holds the highest trump in play (no higher card of the suit dealt);
    ``ace_elsewhere``: another player was dealt the Ace of the suit.
    """
    mine = sorted((RANKS.index(card[:-1]) for card in hand if card[-1] == suit), reverse=True)
    others = 1 - none_dealt(1, players, hand_size)
    jack = Fraction(1) if "J" + suit in hand else others
    high = none_dealt(len(RANKS) - 1 - mine[0], players, hand_size) if mine else Fraction(0)
    ace = Fraction(0) if "A" + suit in hand else others
    return {"jack_in_play": jack, "high": high, "ace_elsewhere": ace}


def hand_odds(
    hand: tuple[str, ...], players: int, hand_size: int, trump: str | None
) -> dict[str, dict[str, Fraction]]:
    """:func:`suit_odds` for the trump suit once it is set, else for every suit held."""
    return {s: dict(chances) for s, chances in _hand_odds(hand, players, hand_size, trump)}


@lru_cache(maxsize=256)
def _hand_odds(
    hand: tuple[str, ...], players: int, hand_size: int, trump: str | None
) -> tuple[tuple[str, tuple[tuple[str, Fraction], ...]], ...]:
    """:func:`hand_odds`, remembered (a view asks for the same hand many times a hand)."""
    suits = [trump] if trump else [s for s in SUITS if any(c[-1] == s for c in hand)]
    return tuple((s, tuple(suit_odds(hand, s, players, hand_size).items())) for s in suits)


# -- the walkthrough's questions (RULES.md 4 C) ----------------------------------------
def jack_in_play_given_trumps(players: int, trumps_held: int, hand_size: int) -> Fraction:
    """The pitcher holds ``trumps_held`` cards of the trump suit: the chance the Jack of trumps
    is in play. Those cards are a random ``trumps_held`` of the suit's 13, so the Jack is
    among them with chance k/13; otherwise it is one of the unseen cards and was dealt to
    someone else with the chance of :func:`none_dealt`'s complement."""
    held = Fraction(trumps_held, len(RANKS))
    return held + (1 - held) * (1 - none_dealt(1, players, hand_size))


def ace_given_suit_count(suit_cards: int) -> Fraction:
    """The chance a hand holding ``suit_cards`` cards of a suit holds its Ace: those cards are
    a random ``suit_cards`` of the 13, so k/13."""
    return Fraction(suit_cards, len(RANKS))


def high_given_trumps(players: int, trumps_held: int, hand_size: int) -> Fraction:
    """High (rule 7) from the pitcher's seat: the chance the pitcher, holding ``trumps_held``
    random cards of the trump suit, holds the highest trump in play. Add over the rank of the
    pitcher's top trump (with k trumps, the top one is at height r with chance
    C(r, k-1)/C(13, k)) the chance that none of the higher trumps was dealt."""
    k, suit = trumps_held, len(RANKS)
    if k == 0:
        return Fraction(0)
    return sum(
        (Fraction(comb(r, k - 1), comb(suit, k)) * none_dealt(suit - 1 - r, players, hand_size)
         for r in range(k - 1, suit)),
        Fraction(0),
    )


def game_count_dist(cards: int, content_counts: dict[str, int]) -> dict[int, Fraction]:
    """The exact distribution of the total game count (rule 12) of ``cards`` cards drawn at
    random from the 52 (one hand: 6; in play at a table of N: 6N). Counted by building the
    number of ways to pick j cards with count c, one rank at a time."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for rank in RANKS:
        value = content_counts.get(rank, 0)
        step: dict[tuple[int, int], int] = {}
        for (taken, total), n in ways.items():
            for k in range(min(len(SUITS), cards - taken) + 1):
                key = (taken + k, total + k * value)
                step[key] = step.get(key, 0) + n * comb(len(SUITS), k)
        ways = step
    hands = comb(DECK, cards)
    return {total: Fraction(n, hands) for (taken, total), n in sorted(ways.items())
            if taken == cards}


def countless_hand_at_deal(players: int, hand_size: int,
                           content_counts: dict[str, int]) -> Fraction:
    """The chance that at least one of ``players`` hands dealt from one deck holds no card
    with a game count (rule 12). By inclusion and exclusion over the hands: any ``j`` given
    hands together are ``j * hand_size`` random cards, all count-less with chance
    C(count-less cards, j * hand_size) / C(52, j * hand_size)."""
    plain = sum(1 for card in CARDS if content_counts.get(card[:-1], 0) == 0)
    return sum((Fraction((-1) ** (j + 1) * comb(players, j) * comb(plain, j * hand_size),
                         comb(DECK, j * hand_size)) for j in range(1, players + 1)),
               Fraction(0))


# -- what the heuristic bot's rating says about its hand (RULES.md 4 D) -------------------
class Named(NamedTuple):
    """What matters about a hand to the heuristic bot: its rating (the strength of its best
    suit, which sets its bid) and the suit it would name as trump: how many cards of it, the
    height of the top one (0: a 2 ... 12: an Ace) and whether the Jack is among them."""

    rating: Fraction
    trumps: int
    top: int
    jack: bool


@cached
def bot_ratings(hand_size: int, ranks: Sequence[str] = RANKS) -> Counter[Named]:
    """How many of the possible hands of ``hand_size`` cards the heuristic bot rates how, and
    what they hold in the suit it names, counted exactly (``ranks``: the ranks of each suit,
    smaller in tests).

    The bot rates each suit it holds by that suit's own cards (:func:`~.bots.trump_value`)
    plus 0.15 for every 10 in the hand, and names the best (the first in suit order on a
    tie). So a hand is described, suit by suit, by the ranks it holds in each: the count goes
    one suit at a time, keeping for every way so far the number of cards and of 10s taken and
    the best suit met, and multiplies the ways. Kept in the kit's cache (it takes a second).
    """
    from .bots import TEN_HELD, trump_value

    kinds: Counter[tuple[int, int, Fraction, int, bool]] = Counter()
    for size in range(1, hand_size + 1):
        for held in combinations(ranks, size):
            kinds[size, "10" in held, trump_value([r + "S" for r in held]),
                  max(RANKS.index(r) for r in held), "J" in held] += 1
    ways: Counter[tuple[int, int, tuple[Fraction, int, int, bool] | None]] = Counter()
    ways[0, 0, None] = 1
    for _suit in SUITS:
        step = Counter(ways)  # the suit is not held
        for (cards, tens, best), n in ways.items():
            for (size, ten, value, top, jack), m in kinds.items():
                if cards + size <= hand_size:
                    better = best is None or value > best[0]
                    step[cards + size, tens + ten,
                         (value, size, top, jack) if better else best] += n * m
        ways = step
    counts: Counter[Named] = Counter()
    for (cards, tens, best), n in ways.items():
        if cards == hand_size and best is not None:
            counts[Named(best[0] + TEN_HELD * tens, *best[1:])] += n
    return counts
