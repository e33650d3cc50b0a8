"""The second way to Pitch's lesson models: the seeded bot studies and the fast numpy deals
that check the exact counts of :mod:`.odds` (no Jupyter import here; the pictures are drawn by
``widgets/pitch/lessons.py``).

Every study is seeded once: deal ``i`` of a study with seed ``s`` is shuffled with seed
``s * 1_000_000 + i``, so a study gives the same numbers on one core or on several
(``workers``).

The approximations the models make, and what they cost:

- :func:`opening_deal` plays the bidder's hand once and reads every bid from it: the heuristic
  bots play the same cards whatever the bid (they never look at it), so this is exact for the
  bots, not for a human who plays a bid of 4 more boldly than a bid of 2.
- :func:`hand_in_band` draws a hand in a band of ratings by dealing until one falls in it:
  exact (rejection sampling), only slower for the rare bands. Bands are half-open,
  ``[low, high)``, with exact bounds (:func:`rating_band`), as the bot's ratings are exact.
- :func:`resampled_lengths` builds games from hands drawn independently out of real bot
  games. The bots never look at the score, so hands are independent but for the seat that
  deals; the error is measured in the walkthrough (section 6) as the gap between the mean
  length of the real games and of the resampled ones.
- The numpy deals (:func:`deals`, :func:`deals_with_trumps`) are exact shuffles.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from itertools import pairwise
from typing import Any

import numpy as np

import tabletop
from tabletop import Game, Script
from tabletop.cache import cached
from tabletop.core.cards import standard_deck
from tabletop.core.play import bot_move
from tabletop.odds import Estimate
from tabletop.odds.parallel import chunk_sizes, run_chunks

from . import money
from .bots import HeuristicBot, best_suit
from .scoring import numbered_bid

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
DECK = tuple(standard_deck())
#: Where each card sits in :data:`DECK` (suit by suit, each from the 2 up to the Ace).
INDEX = {card: k for k, card in enumerate(DECK)}
BOT = HeuristicBot()
#: The heuristic bot's line for the lowest bid (it bids 2 from a rating of 2 - 0.2).
OPENING_LINE = Fraction("1.8")
CHUNK = 50


# -- the bots at a real table ------------------------------------------------------------
def deal_seed(seed: int, deal: int) -> int:
    """The shuffle seed of deal number ``deal`` of a study seeded with ``seed``."""
    return seed * 1_000_000 + deal


def bots_finish_hand(game: Game) -> dict[str, Any]:
    """Let the heuristic bots play until the hand is scored; its sheet row."""
    while game.decision is not None and game.decision.kind in ("bid", "play"):
        game.apply(bot_move(game, BOT))
    return game.view(None)["sheet"][-1]


def hand_value(changes: Mapping[str, int], player: str, cents_per_point: int) -> Fraction:
    """What one hand is worth to ``player`` in cents when the game is settled: pay-offs are
    ``cents_per_point * (score - average)`` and scores add up hand by hand, so each hand adds
    ``cents_per_point * (change - average change)``."""
    return money.exact_payoffs(changes, cents_per_point)[player]


def rating(hand: Sequence[str]) -> Fraction:
    """The heuristic bot's rating of a hand (its best suit's strength)."""
    return best_suit(hand)[1]


Bound = Fraction | int | float | str
Band = tuple[Fraction, Fraction]


def exact_bound(bound: Bound) -> Fraction:
    """A band's bound as an exact fraction. A float is read as the decimal it is written as:
    ``1.8`` is 9/5 exactly, not the binary float just above it, which would put a hand rated
    exactly 9/5 (the bot's ratings are exact fractions) in the band below."""
    return Fraction(str(bound)) if isinstance(bound, float) else Fraction(bound)


def rating_band(low: Bound, high: Bound) -> Band:
    """The half-open band of ratings ``[low, high)``, with exact bounds."""
    return exact_bound(low), exact_bound(high)


def rating_bands(*cuts: Bound) -> list[Band]:
    """Consecutive half-open bands between the cuts: ``rating_bands(0, 1.4, 1.8)`` is
    ``[0, 1.4)`` and ``[1.4, 1.8)``, so a rating exactly at a cut falls in the upper band."""
    return [rating_band(low, high) for low, high in pairwise(cuts)]


def in_rating_band(strength: Fraction, band: tuple[Bound, Bound]) -> bool:
    """Whether an exact rating lies in the band ``[low, high)`` (compared exactly)."""
    low, high = rating_band(*band)
    return low <= strength < high


def hand_in_band(band: Band, rng: random.Random) -> list[str]:
    """A random six-card hand whose bot rating is in ``[low, high)``: deal hands until one is."""
    low, high = rating_band(*band)
    while True:
        hand = rng.sample(DECK, 6)
        if low <= rating(hand) < high:
            return hand


def hand_rated(value: Fraction, rng: random.Random) -> list[str]:
    """A random six-card hand the bot rates exactly ``value``: deal hands until one is."""
    while True:
        hand = rng.sample(DECK, 6)
        if rating(hand) == value:
            return hand


def the_hand(cards: Sequence[str], rng: random.Random) -> list[str]:
    """Always ``cards`` (a study of one staged hand)."""
    return list(cards)


Draw = Callable[[random.Random], list[str]]


def in_band(low: Bound, high: Bound) -> Draw:
    """Hands rated in ``[low, high)`` (exact bounds, :func:`rating_band`), for :func:`study`."""
    return partial(hand_in_band, rating_band(low, high))


def rated_exactly(value: Bound) -> Draw:
    """Hands the bot rates exactly ``value`` (read as :func:`exact_bound`), for :func:`study`."""
    return partial(hand_rated, exact_bound(value))


def fixed(cards: Sequence[str]) -> Draw:
    """One staged hand, for :func:`study`."""
    return partial(the_hand, tuple(cards))


@dataclass(frozen=True)
class Opening:
    """One deal of the opening study: Ann speaks first with a hand of a given band."""

    rating: Fraction
    taken: int  # points Ann takes when she pitches and everyone else passes
    high: bool  # she took High then (she held the top trump in play)
    if_pitching: dict[int, Fraction]  # her hand's worth in cents, by the bid she pitched
    if_passing: Fraction  # her hand's worth in cents when she passes instead


def opening_deal(draw: Draw, seed: int, deal: int) -> Opening:
    """Ann (left of the dealer, Dee) holds a hand from ``draw``; two futures of the same deal:
    she pitches (bids 2, the others pass; her points decide every bid, since the bots play
    alike whatever the bid), or she passes and the bots bid and play."""
    rng = random.Random(deal_seed(seed, deal))
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                             script=Script(picks=["Dee"]), max_hands=1, target=0)
    game.arrange(hands={"Ann": draw(rng)})
    strength = rating(game.view("Ann")["hand"])
    other = tabletop.load(game.save())
    cents = game.content.cents_per_point
    for action in ("bid 2", "pass", "pass", "pass"):
        game.apply(action)
    row = bots_finish_hand(game)
    points = row["points"]
    worth = {}
    for bid in range(game.content.lowest_bid, game.content.highest_bid + 1):
        changes = {**points, "Ann": numbered_bid(points["Ann"], bid)[1]}
        worth[bid] = hand_value(changes, "Ann", cents)
    other.apply("pass")
    passing = hand_value(bots_finish_hand(other)["changes"], "Ann", cents)
    return Opening(strength, points["Ann"], row["awards"]["high"] == "Ann", worth, passing)


@dataclass(frozen=True)
class Steal:
    """One deal of the steal study: Dee deals with a hand of a given band."""

    rating: Fraction
    facing: int | None  # the high bid when Dee speaks (None: everyone passed)
    if_stealing: Fraction | None
    if_passing: Fraction | None


def steal_deal(draw: Draw, seed: int, deal: int) -> Steal:
    """Dee deals holding a hand from ``draw``; the bots bid before her. When she faces a bid she
    may steal, two futures of the same deal: she steals, or she passes."""
    rng = random.Random(deal_seed(seed, deal))
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                             script=Script(picks=["Dee"]), max_hands=1, target=0)
    game.arrange(hands={"Dee": draw(rng)})
    strength = rating(game.view("Dee")["hand"])
    while game.decision.player != "Dee":
        game.apply(bot_move(game, BOT))
    facing = game.view("Dee")["bid"]
    if "steal" not in game.legal_actions() or not facing:
        return Steal(strength, None, None, None)
    other = tabletop.load(game.save())
    cents = game.content.cents_per_point
    game.apply("steal")
    other.apply("pass")
    return Steal(strength, facing, hand_value(bots_finish_hand(game)["changes"], "Dee", cents),
                 hand_value(bots_finish_hand(other)["changes"], "Dee", cents))


def holds_outside_ace(hand: Sequence[str]) -> bool:
    """Whether the hand holds an Ace outside the suit the heuristic bot would name."""
    best = best_suit(hand)[0]
    return any(card[:-1] == "A" and card[-1] != best for card in hand)


def opener_with_outside_ace(rng: random.Random) -> list[str]:
    """A random six-card hand that the heuristic bot opens with (rated at least its line for
    the lowest bid) and that holds an Ace outside its best suit: deal until one does."""
    while True:
        hand = rng.sample(DECK, 6)
        if rating(hand) >= OPENING_LINE and holds_outside_ace(hand):
            return hand


def holds_real_ace_choice(hand: Sequence[str]) -> bool:
    """Whether naming an Ace's suit differs from naming the best suit: the hand holds an Ace
    outside its best suit and its best suit holds no Ace (else :class:`~.strategy.AceSuitBot`
    leads the best suit's own Ace, exactly as the heuristic bot does)."""
    best = best_suit(hand)[0]
    return holds_outside_ace(hand) and f"A{best}" not in hand


def opener_with_ace_choice(rng: random.Random) -> list[str]:
    """A random six-card hand that the heuristic bot opens with (rated at least its line for
    the lowest bid), holding an Ace outside its best suit and none in it: deal until one does."""
    while True:
        hand = rng.sample(DECK, 6)
        if rating(hand) >= OPENING_LINE and holds_real_ace_choice(hand):
            return hand


def finish_hand(game: Game, bots: Mapping[str, Any]) -> dict[str, Any]:
    """Let ``bots`` (one per player, the heuristic bot for the others) play until the hand is
    scored; its sheet row."""
    while game.decision is not None and game.decision.kind in ("bid", "play"):
        game.apply(bot_move(game, bots.get(game.decision.player, BOT)))
    return game.view(None)["sheet"][-1]


@dataclass(frozen=True)
class AceChoice:
    """One deal of the Ace study: Ann speaks first; the four bots bid for real. When she wins
    the auction, two futures of the same deal: she names her best suit, or her Ace's suit."""

    pitched: bool  # Ann won the auction (else the two futures are the same hand)
    cents: dict[str, Fraction]  # her hand's worth in cents, by the suit named
    made: dict[str, bool]  # whether she made her bid, by the suit named
    awards: dict[str, tuple[str, ...]]  # the points she took (high, low, jack, game), by suit
    hand: tuple[str, ...] = ()  # Ann's six cards
    trump: dict[str, str] = field(default_factory=dict)  # the suit named, by choice

    def ace_suit_length(self) -> int:
        """How many cards of the Ace's suit (the suit :class:`~.strategy.AceSuitBot` named)
        Ann held: 1 for a bare Ace."""
        return sum(card[-1] == self.trump["Ace's suit"] for card in self.hand)


def bid_with_ann_holding(draw: Draw, seed: int, deal: int) -> tuple[Game, list[str]]:
    """Deal ``deal`` of a study, bid out: Ann (left of the dealer, Dee) holds a hand from
    ``draw`` and every seat bids as the heuristic bot. Returns the game (its pending
    decision is the pitcher's lead, unless the hand ended) and Ann's hand."""
    rng = random.Random(deal_seed(seed, deal))
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                             script=Script(picks=["Dee"]), max_hands=1, target=0)
    hand = draw(rng)
    game.arrange(hands={"Ann": hand})
    while game.decision.kind == "bid":
        game.apply(bot_move(game, BOT))
    return game, hand


def ace_deal(draw: Draw, seed: int, deal: int) -> AceChoice:
    """Ann (left of the dealer, Dee) holds a hand from ``draw``; every seat bids as the
    heuristic bot. If Ann pitches, the hand is played twice from there: as the heuristic bot
    (her best suit) and as :class:`~.strategy.AceSuitBot` (an Ace's suit)."""
    from .strategy import AceSuitBot

    game, hand = bid_with_ann_holding(draw, seed, deal)
    if game.decision.player != "Ann":
        return AceChoice(False, {}, {}, {}, tuple(hand))
    cents = game.content.cents_per_point
    rows = {"best suit": finish_hand(tabletop.load(game.save()), {}),
            "Ace's suit": finish_hand(game, {"Ann": AceSuitBot()})}
    return AceChoice(True, {k: hand_value(r["changes"], "Ann", cents) for k, r in rows.items()},
                     {k: r["made"] for k, r in rows.items()},
                     {k: tuple(p for p, who in r["awards"].items() if who == "Ann")
                      for k, r in rows.items()},
                     tuple(hand), {k: r["trump"] for k, r in rows.items()})


@dataclass(frozen=True)
class NamedSuit:
    """One deal bid out by four heuristic bots, seen when the pitcher names trump (her first
    lead): how many cards of the named suit she holds, and whether she holds its Ace, holds
    High (her top trump above every trump dealt to the others) and holds its Jack (and whether
    any seat was dealt that Jack); whether her hand held a real Ace choice (the length of the
    Ace's suit that :class:`~.strategy.AceSuitBot` would name), and its rating."""

    pitcher: str
    length: int
    ace: bool
    high: bool
    jack: bool
    ace_length: int = 0  # with a real Ace choice, the cards of the Ace's suit she holds; else 0
    rating: Fraction = Fraction(0)  # the heuristic bot's rating of her hand
    jack_dealt: bool = False  # the Jack of the named suit was dealt to some seat (hers or another)


def named_suit_deal(draw: Draw | None, seed: int, deal: int) -> NamedSuit:
    """Deal ``deal`` of a study (Dee deals; every seat the heuristic bot, ``draw`` unused) bid
    out for real; the pitcher's first lead names trump: what she holds of that suit."""
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                             script=Script(picks=["Dee"]), max_hands=1, target=0)
    while game.decision.kind == "bid":
        game.apply(bot_move(game, BOT))
    pitcher = game.decision.player
    hands = {name: list(game.hands[name]) for name in PLAYERS}
    trump = bot_move(game, BOT)[-1]  # her first lead's suit
    order = {rank: j for j, rank in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                "J", "Q", "K", "A"))}

    def top(cards: Sequence[str]) -> int:
        return max((order[c[:-1]] for c in cards if c[-1] == trump), default=-1)

    mine = [c for c in hands[pitcher] if c[-1] == trump]
    theirs = [c for name in PLAYERS if name != pitcher for c in hands[name]]
    ace_length = 0
    if holds_real_ace_choice(hands[pitcher]):
        from .strategy import AceSuitBot

        named = AceSuitBot().choose(game.view(pitcher), game.legal_actions())[-1]
        ace_length = sum(card[-1] == named for card in hands[pitcher])
    return NamedSuit(pitcher, len(mine), f"A{trump}" in mine, top(mine) > top(theirs),
                     f"J{trump}" in mine, ace_length, rating(hands[pitcher]),
                     any(f"J{trump}" in hands[name] for name in PLAYERS))


def _run_deals(one: Callable[[int], Any], deals: int, index: int) -> list[Any]:
    sizes = chunk_sizes(deals, CHUNK)
    start = sum(sizes[:index])
    return [one(deal) for deal in range(start, start + sizes[index])]


@cached(ignore=("workers",))
def study(one_deal: Callable[..., Any], draw: Draw, deals: int, seed: int,
          workers: int = 1) -> list[Any]:
    """``one_deal(draw, seed, deal)`` for deals 0 .. deals-1, on ``workers`` processes
    (0: every core); the same results whatever ``workers`` is."""
    one = partial(one_deal, draw, seed)
    parts = run_chunks(partial(_run_deals, one, deals), len(chunk_sizes(deals, CHUNK)),
                       workers=workers)
    return [record for part in parts for record in part]


# -- whole games -----------------------------------------------------------------------
@dataclass(frozen=True)
class HandRecord:
    """One hand of a bot game, seen from the dealer's seat: ``changes[j]`` is the score
    change of the player ``j`` seats left of the dealer (``changes[0]``: the dealer)."""

    changes: tuple[int, ...]
    pitcher: int  # seats left of the dealer
    bid: str
    made: bool
    game_point: str  # "pitcher", "a defender" or "nobody (tie)"
    jack_in_play: bool  # the Jack of trumps was dealt (someone took it in a trick)


def hand_record(row: Mapping[str, Any], seats: Sequence[str]) -> HandRecord:
    """A sheet row of a bot game as a :class:`HandRecord`."""
    dealer = seats.index(row["dealer"])
    offset = {name: (seats.index(name) - dealer) % len(seats) for name in seats}
    changes = [0] * len(seats)
    for name, change in row["changes"].items():
        changes[offset[name]] = change
    game = row["awards"]["game"]
    return HandRecord(tuple(changes), offset[row["pitcher"]], row["bid"], row["made"],
                      "nobody (tie)" if game is None else
                      "pitcher" if game == row["pitcher"] else "a defender",
                      row["awards"]["jack"] is not None)


def bot_game(seed: int, number: int, target: int = 21,
             max_hands: int = 10_000) -> list[HandRecord]:
    """Game ``number`` of a study: four heuristic bots play until someone reaches ``target``
    points or ``max_hands`` hands are played (0: the kit's default, each player deals twice);
    its hands in order (so its length is the number of hands)."""
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, number),
                             target=target, max_hands=max_hands)
    while game.decision is not None:
        game.apply(bot_move(game, BOT))
    return [hand_record(row, PLAYERS) for row in game.view(None)["sheet"]]


@cached(ignore=("workers",))
def bot_games(games: int, seed: int, workers: int = 1, target: int = 21,
              max_hands: int = 10_000) -> list[list[HandRecord]]:
    """:func:`bot_game` ``games`` times (on ``workers`` processes; 0: every core)."""
    one = partial(bot_game, seed, target=target, max_hands=max_hands)
    parts = run_chunks(partial(_run_deals, one, games),
                       len(chunk_sizes(games, CHUNK)), workers=workers)
    return [game for part in parts for game in part]


@cached
def resampled_lengths(hands: Sequence[HandRecord], games: int, seed: int,
                      target: int = 21, longest: int = 200) -> np.ndarray:
    """Hands per game of ``games`` games made of hands drawn at random from ``hands``: the
    bots never look at the score, so a game is a string of independent hands whose deal
    moves one seat left each time. Each game starts with a random dealer; it ends after the
    hand that brings a player to ``target``. Kept in the kit's cache."""
    rng = np.random.default_rng(seed)
    bank = np.array([h.changes for h in hands])
    seats = bank.shape[1]
    picks = rng.integers(0, len(bank), size=(games, longest))
    dealer = (rng.integers(0, seats, size=(games, 1)) + np.arange(longest)) % seats
    offset = (np.arange(seats)[None, None, :] - dealer[:, :, None]) % seats
    scores = np.cumsum(bank[picks[:, :, None], offset], axis=1)
    reached = (scores >= target).any(axis=2)
    if not reached[:, -1].all():
        raise ValueError(f"some games lasted more than {longest} hands: raise longest")
    return reached.argmax(axis=1) + 1


# -- fast dealing for the exact-vs-simulated checks ----------------------------------------
def deals_with_trumps(rng: np.random.Generator, n: int, k: int, players: int,
                      suit: int = 3) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random deals in which the pitcher holds exactly ``k`` cards of ``suit`` (3:
    spades) among six: boolean arrays ``(held, others)`` of shape ``(n, 52)``, True where
    the pitcher holds a card of :data:`DECK`, or another player was dealt it. Each card gets
    a random key; the pitcher takes the ``k`` spades and ``6 - k`` other cards with the
    smallest keys. The rest get fresh keys (the old ones are no longer fair: the spades left
    over are the ones with the larger keys) and the others take the ``6 * (players - 1)``
    smallest."""
    keys = rng.random((n, 52))
    in_suit = np.zeros(52, dtype=bool)
    in_suit[13 * suit: 13 * suit + 13] = True
    held = np.zeros((n, 52), dtype=bool)
    for group, take in ((in_suit, k), (~in_suit, 6 - k)):
        place = np.flatnonzero(group)
        order = keys[:, place].argsort(axis=1)[:, :take]
        np.put_along_axis(held, place[order], True, axis=1)
    fresh = rng.random((n, 52))
    rest = np.where(held, np.inf, fresh).argsort(axis=1)[:, : 6 * (players - 1)]
    others = np.zeros((n, 52), dtype=bool)
    np.put_along_axis(others, rest, True, axis=1)
    return held, others


def deals(rng: np.random.Generator, n: int, cards: int) -> np.ndarray:
    """``n`` shuffled decks, each cut to its first ``cards`` cards (indices into DECK)."""
    return rng.random((n, 52)).argsort(axis=1)[:, :cards]


Experiment = Callable[[np.random.Generator, int], np.ndarray]
SPADES = np.arange(39, 52)  #: the spades' places in DECK, from the 2 up to the Ace


def jack_dealt(players: int, hand_size: int = 6) -> Experiment:
    """Shuffle, deal ``players`` hands: is the Jack of spades among the dealt cards?"""
    jack = INDEX["JS"]
    return lambda rng, n: (deals(rng, n, hand_size * players) == jack).any(axis=1)


def jack_with_trumps(k: int, players: int = 4) -> Experiment:
    """The pitcher holds k spades: is the Jack of spades in her hand or dealt to another?"""
    jack = INDEX["JS"]

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        held, others = deals_with_trumps(rng, n, k, players)
        return held[:, jack] | others[:, jack]
    return experiment


def ace_with_trumps(k: int, players: int = 4) -> Experiment:
    """The pitcher holds k spades: is the Ace of spades one of them?"""
    ace = INDEX["AS"]
    return lambda rng, n: deals_with_trumps(rng, n, k, players)[0][:, ace]


def high_with_trumps(k: int, players: int = 4) -> Experiment:
    """The pitcher holds k spades: is her top spade above every spade dealt to the others?"""

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        held, others = deals_with_trumps(rng, n, k, players)
        mine = np.where(held[:, SPADES], SPADES, -1).max(axis=1)
        theirs = np.where(others[:, SPADES], SPADES, -1).max(axis=1)
        return mine > theirs
    return experiment


def card_counts(counts: Mapping[str, int]) -> np.ndarray:
    """The game count of each card of DECK (rule 12, from the content's table)."""
    return np.array([counts.get(card[:-1], 0) for card in DECK])


@cached
def count_dealt(rng: np.random.Generator, n: int, cards: int,
                counts: Mapping[str, int]) -> np.ndarray:
    """The total game count of ``cards`` cards off the top of ``n`` shuffled decks (kept in
    the kit's cache; ``rng`` is left where the deal leaves it)."""
    return card_counts(counts)[deals(rng, n, cards)].sum(axis=1)


def countless_somewhere(deals_per_game: int, players: int, hand_size: int,
                        counts: Mapping[str, int]) -> Experiment:
    """Play ``deals_per_game`` deals: was some hand of some deal without any game count?"""
    values = card_counts(counts)

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        dealt = deals(rng, deals_per_game * n, players * hand_size)
        hands = values[dealt].reshape(n, deals_per_game, players, hand_size)
        return (hands.sum(axis=3) == 0).any(axis=(1, 2))
    return experiment


def named_jack_dealt(players: int = 4, hand_size: int = 6) -> Experiment:
    """Deal; the first hand names its best suit as the bot would (no auction): is the Jack
    of that suit among the dealt cards?"""

    def experiment(rng: np.random.Generator, n: int) -> np.ndarray:
        dealt = deals(rng, n, players * hand_size)
        suits = [best_suit([DECK[c] for c in cards[:hand_size]])[0] for cards in dealt]
        jacks = np.array([INDEX["J" + suit] for suit in suits])
        return (dealt == jacks[:, None]).any(axis=1)
    return experiment


@cached
def rated_hands(hands: int, seed: int) -> list[tuple[Fraction, int, bool, bool]]:
    """``hands`` random six-card hands, each rated by the heuristic bot itself: its rating,
    and in the suit it would name: how many cards, the Ace or not, the Jack or not."""
    rng = random.Random(seed)
    rated = []
    ratings: dict[Fraction, Fraction] = {}  # one object a rating: kept once in the cache
    for _ in range(hands):
        hand = rng.sample(DECK, 6)
        suit, strength = best_suit(hand)
        trumps = [card[:-1] for card in hand if card[-1] == suit]
        rated.append((ratings.setdefault(strength, strength), len(trumps), "A" in trumps,
                      "J" in trumps))
    return rated


def share_of(flags: Sequence[bool], z: float = 1.96) -> Estimate:
    """The share of True among simulated yes/no outcomes, with its Wilson interval."""
    return Estimate(int(sum(flags)), len(flags), z)



@cached()
def others_by_the_engine(hand: Sequence[str], deals: int, seed: int) -> list[frozenset[str]]:
    """The second way from the game itself: ``deals`` seeded four-player deals of the engine,
    Dee dealing and Ann's hand staged as ``hand``; for each deal, the cards the three other
    seats were dealt (the rest of the 52 stayed in the undealt stock)."""
    seen = []
    for deal in range(deals):
        game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                                 script=Script(picks=["Dee"]), max_hands=1)
        game.arrange(hands={"Ann": list(hand)})
        seen.append(frozenset(card for name in PLAYERS[1:] for card in game.hands[name]))
    return seen


def settled_game(seed: int, number: int) -> tuple[dict[str, int], dict[str, int]]:
    """Game ``number`` of a study: four heuristic bots play the kit's default game to its end;
    the final scores and the cents the engine settled on each player."""
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, number))
    while game.decision is not None:
        game.apply(bot_move(game, BOT))
    figures = game.result.figures
    return ({name: figures[name]["score"] for name in PLAYERS},
            {name: figures[name]["cents"] for name in PLAYERS})


@cached(ignore=("workers",))
def settled_games(games: int, seed: int,
                  workers: int = 1) -> list[tuple[dict[str, int], dict[str, int]]]:
    """:func:`settled_game` ``games`` times (on ``workers`` processes; 0: every core)."""
    parts = run_chunks(partial(_run_deals, partial(settled_game, seed), games),
                       len(chunk_sizes(games, CHUNK)), workers=workers)
    return [game for part in parts for game in part]


def setback_streaks(deals: Sequence[Opening], bids: int, games: int, seed: int) -> Estimate:
    """How often ``bids`` hands drawn at random from ``deals`` (hands the engine played out,
    the pitcher bidding 2) hold at least one set-back: a resampling of the engine's own hands,
    so it checks the product rule on real hands, not the hands' independence in one game."""
    rng = np.random.default_rng(seed)
    made = np.array([deal.taken >= 2 for deal in deals])
    drawn = made[rng.integers(0, len(made), size=(games, bids))]
    return share_of(list(~drawn.all(axis=1)))
