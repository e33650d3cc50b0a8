"""Exact chances a Pitch player can work out at the deal (RULES.md 4 C)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

from tabletop.core.cards import RANKS, SUITS

DECK = 52


def jack_in_play(players: int, hand_size: int = 6) -> Fraction:
    """The chance that the Jack of a named suit is among the cards dealt, before anyone looks:
    ``players * hand_size`` of the 52 cards are dealt, each card equally likely to be one."""
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
