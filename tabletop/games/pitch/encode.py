"""Pitch as a learning agent sees it (tabletop.envs): the decision kinds, how many choices a
decision may list, the scale of its money (cents), the most outcomes one draw of chance has
(the deck) and the cards: your hand, the trick on the table and trump."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core.cards import SUITS

from .tricks import DECK

KINDS = ("bid", "play", "table")
CHOICES = 16
MONEY = 1000
MOST_OUTCOMES = 52
CARD = {card: k for k, card in enumerate(DECK)}


def cards(held: list[str]) -> list[float]:
    """One place per card of the deck: 1 for each card in ``held``."""
    out = [0.0] * len(DECK)
    for card in held:
        out[CARD[card]] = 1.0
    return out


def features(view: Mapping[str, Any]) -> list[float]:
    """Your hand and the trick as cards, trump, the bid and the scores."""
    bid = view["bid"] if isinstance(view["bid"], int) else 0
    return [*cards(view["hand"]), *cards([t["card"] for t in view["trick"]]),
            *(float(view["trump"] == suit) for suit in SUITS), bid / 5,
            *(view["scores"].get(s["name"], 0) / 11 for s in view["seats"])]
