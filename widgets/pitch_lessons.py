"""Classroom helpers for the Pitch walkthrough and its teacher's sheet: stage a table, print
what happens, and run the bot-table simulations that check the exact counts.

The exact counting lives in ``tabletop.games.pitch.odds`` (and in view, in the notebook);
this module only stages tables (``game.arrange``), plays them with the heuristic bots and
draws pictures, so that the notebook's cells stay a few lines each. Every simulation is
seeded once: deal ``i`` of a study with seed ``s`` is shuffled with seed ``s * 1_000_000 + i``,
so a study gives the same numbers on one core or on several (``workers``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

import ipywidgets as w
import matplotlib.pyplot as plt
import numpy as np

import tabletop
from tabletop import Game, Script
from tabletop.core.cards import card_symbol, standard_deck
from tabletop.core.play import bot_move
from tabletop.games.pitch import money
from tabletop.games.pitch.bots import HeuristicBot, best_suit
from tabletop.games.pitch.scoring import numbered_bid
from tabletop.odds import Estimate
from tabletop.odds.parallel import chunk_sizes, run_chunks

from .lessons import EXACT_COLOUR, SIM_COLOUR

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
DECK = tuple(standard_deck())
#: Where each card sits in :data:`DECK` (suit by suit, each from the 2 up to the Ace).
INDEX = {card: k for k, card in enumerate(DECK)}
BOT = HeuristicBot()
CHUNK = 50


# -- staging and telling ---------------------------------------------------------------
def table(hands: Mapping[str, list[str]], dealer: str, **options: Any) -> Game:
    """A table of the players named in ``hands`` where ``dealer`` deals and, once the cards
    are out, each player holds exactly ``hands[player]`` (staged with ``arrange``)."""
    game = tabletop.new_game("pitch", players=list(hands), seed=1,
                             script=Script(picks=[dealer]), **options)
    game.arrange(hands={name: list(cards) for name, cards in hands.items()})
    return game


def play(game: Game, *actions: str) -> None:
    """Apply ``actions`` in turn and print the events they caused."""
    start = len(game.events)
    for action in actions:
        game.apply(action)
    for event in game.events[start:]:
        print("  ", event.text)


def show(hand: Sequence[str]) -> str:
    """Cards with suit symbols: ``A♠ 2♠ 10♥``."""
    return " ".join(card_symbol(card) for card in hand)


def play_out(game: Game) -> dict[str, Any]:
    """Play the rest of the hand, each player the first card allowed; the hand's sheet row."""
    while game.decision is not None and game.decision.kind == "play":
        game.apply(game.decision.choices[0])
    return game.view(None)["sheet"][-1]


# -- the bots at a real table ------------------------------------------------------------
def deal_seed(seed: int, deal: int) -> int:
    """The shuffle seed of deal number ``deal`` of a study seeded with ``seed``."""
    return seed * 1_000_000 + deal


def bots_finish_hand(game: Game) -> dict[str, Any]:
    """Let the heuristic bots play until the hand is scored; its sheet row."""
    hand = game.view(None)["hand_number"]
    while game.decision is not None and game.view(None)["phase"] != "between hands":
        game.apply(bot_move(game, BOT))
    row = game.view(None)["sheet"][-1]
    assert row["hand"] == hand
    return row


def hand_value(changes: Mapping[str, int], player: str, cents_per_point: int) -> Fraction:
    """What one hand is worth to ``player`` in cents when the game is settled: pay-offs are
    ``cents_per_point * (score - average)`` and scores add up hand by hand, so each hand adds
    ``cents_per_point * (change - average change)``."""
    return money.exact_payoffs(changes, cents_per_point)[player]


def rating(hand: Sequence[str]) -> Fraction:
    """The heuristic bot's rating of a hand (its best suit's strength)."""
    return best_suit(hand)[1]


def hand_in_band(rng: random.Random, band: tuple[float, float]) -> list[str]:
    """A random six-card hand whose bot rating is in ``[low, high)``: deal hands until one is."""
    while True:
        hand = rng.sample(DECK, 6)
        if band[0] <= rating(hand) < band[1]:
            return hand


@dataclass(frozen=True)
class Opening:
    """One deal of the opening study: Ann speaks first with a hand of a given band."""

    rating: Fraction
    taken: int  # points Ann takes when she pitches and everyone else passes
    if_pitching: dict[int, Fraction]  # her hand's worth in cents, by the bid she pitched
    if_passing: Fraction  # her hand's worth in cents when she passes instead


def opening_deal(band: tuple[float, float], seed: int, deal: int) -> Opening:
    """Ann (left of the dealer, Dee) holds a hand of ``band``; two futures of the same deal:
    she pitches (bids 2, the others pass; her points decide every bid, since the bots play
    alike whatever the bid), or she passes and the bots bid and play."""
    rng = random.Random(deal_seed(seed, deal))
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                             script=Script(picks=["Dee"]), max_hands=1, target=0)
    game.arrange(hands={"Ann": hand_in_band(rng, band)})
    strength = rating(game.view("Ann")["hand"])
    other = tabletop.load(game.save())
    cents = game.content.cents_per_point
    for action in ("bid 2", "pass", "pass", "pass"):
        game.apply(action)
    points = bots_finish_hand(game)["points"]
    worth = {}
    for bid in range(game.content.lowest_bid, game.content.highest_bid + 1):
        changes = {**points, "Ann": numbered_bid(points["Ann"], bid)[1]}
        worth[bid] = hand_value(changes, "Ann", cents)
    other.apply("pass")
    passing = hand_value(bots_finish_hand(other)["changes"], "Ann", cents)
    return Opening(strength, points["Ann"], worth, passing)


@dataclass(frozen=True)
class Steal:
    """One deal of the steal study: Dee deals with a hand of a given band."""

    rating: Fraction
    facing: int | None  # the high bid when Dee speaks (None: everyone passed)
    if_stealing: Fraction | None
    if_passing: Fraction | None


def steal_deal(band: tuple[float, float], seed: int, deal: int) -> Steal:
    """Dee deals holding a hand of ``band``; the bots bid before her. When she faces a bid she
    may steal, two futures of the same deal: she steals, or she passes."""
    rng = random.Random(deal_seed(seed, deal))
    game = tabletop.new_game("pitch", players=list(PLAYERS), seed=deal_seed(seed, deal),
                             script=Script(picks=["Dee"]), max_hands=1, target=0)
    game.arrange(hands={"Dee": hand_in_band(rng, band)})
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


def _run_deals(one: Callable[[int], Any], deals: int, index: int) -> list[Any]:
    sizes = chunk_sizes(deals, CHUNK)
    start = sum(sizes[:index])
    return [one(deal) for deal in range(start, start + sizes[index])]


def study(one_deal: Callable[..., Any], band: tuple[float, float], deals: int, seed: int,
          workers: int = 1) -> list[Any]:
    """``one_deal(band, seed, deal)`` for deals 0 .. deals-1, on ``workers`` processes
    (0: every core); the same results whatever ``workers`` is."""
    one = partial(one_deal, band, seed)
    parts = run_chunks(partial(_run_deals, one, deals), len(chunk_sizes(deals, CHUNK)),
                       workers=workers)
    return [record for part in parts for record in part]
