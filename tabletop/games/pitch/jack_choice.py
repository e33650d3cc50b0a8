"""The primer's §6 choice, played out: a pitcher who holds one Jack, outside her best suit,
names either her best suit (the heuristic bot) or the Jack's suit by leading the Jack at once
(:class:`JackSuitBot`). The primer prices the Jack alone under stated assumptions; a deal of
:func:`jack_deal` plays the whole hand both ways against the kit's heuristic bots, so that the
price of the Jack can be set beside what the whole hand is worth, and the chance that the Jack,
led at once, wins its trick can be counted in real tricks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import tabletop

from .bots import HeuristicBot, best_suit
from .sampling import (
    DECK,
    OPENING_LINE,
    Draw,
    bid_with_ann_holding,
    finish_hand,
    hand_value,
    rating,
)

HIGHER = ("Q", "K", "A")  # the trumps above a Jack


def jacks(hand: Sequence[str]) -> list[str]:
    return [card for card in hand if card[:-1] == "J"]


def holds_jack_choice(hand: Sequence[str]) -> bool:
    """Exactly one Jack, and not of the suit the heuristic bot would name: naming the Jack's
    suit is then a real alternative to the bot's own choice."""
    found = jacks(hand)
    return len(found) == 1 and found[0][-1] != best_suit(hand)[0]


def higher_missing(hand: Sequence[str]) -> int:
    """How many of the Queen, King and Ace of the Jack's suit the hand does not hold."""
    suit = jacks(hand)[0][-1]
    return sum(f"{rank}{suit}" not in hand for rank in HIGHER)


def opener_with_jack_choice(rng: random.Random) -> list[str]:
    """A random six-card hand the heuristic bot opens with (rated at least its line for the
    lowest bid) that :func:`holds_jack_choice`: deal until one does."""
    while True:
        hand = rng.sample(DECK, 6)
        if rating(hand) >= OPENING_LINE and holds_jack_choice(hand):
            return hand


class JackSuitBot(HeuristicBot):
    """The heuristic bot, except that as pitcher it names trump by leading the one Jack it
    holds outside its best suit (then plays on as the bot, its highest trump first)."""

    def lead(self, view: Mapping[str, Any], legal: list[str]) -> str:
        if view["trump"] is None and view["pitcher"] == view["you"]:
            found = [card for card in legal if card[:-1] == "J"]
            if len(found) == 1 and found[0][-1] != best_suit(legal)[0]:
                return found[0]
        return super().lead(view, legal)


@dataclass(frozen=True)
class JackChoice:
    """One deal: Ann speaks first and the four heuristic bots bid for real. When she wins the
    auction, two futures of the same deal: she names her best suit, or the Jack's suit."""

    pitched: bool
    missing: int  # the higher trumps of the Jack's suit she does not hold
    cents: dict[str, Fraction]  # her hand's worth in cents, by the suit named
    took_jack: dict[str, bool]  # whether she took the Jack of trumps, by the suit named


def jack_deal(draw: Draw, seed: int, deal: int) -> JackChoice:
    """Deal ``deal`` of a study: Ann (left of the dealer, Dee) holds a hand from ``draw``; if
    she pitches, the hand is played twice from there, as the heuristic bot (her best suit)
    and as :class:`JackSuitBot` (the Jack's suit, the Jack led at once)."""
    game, hand = bid_with_ann_holding(draw, seed, deal)
    missing = higher_missing(hand)
    if game.decision.player != "Ann":
        return JackChoice(False, missing, {}, {})
    cents = game.content.cents_per_point
    rows = {"best suit": finish_hand(tabletop.load(game.save()), {}),
            "Jack's suit": finish_hand(game, {"Ann": JackSuitBot()})}
    return JackChoice(True, missing,
                      {k: hand_value(r["changes"], "Ann", cents) for k, r in rows.items()},
                      {k: r["awards"].get("jack") == "Ann" for k, r in rows.items()})


__all__ = [
    "JackChoice",
    "JackSuitBot",
    "higher_missing",
    "holds_jack_choice",
    "jack_deal",
    "opener_with_jack_choice",
]
