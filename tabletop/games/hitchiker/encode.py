"""Hitchiker as a learning agent sees it (tabletop.envs): the decision kinds, how many
choices a decision may list, the scale of its money, the most outcomes one draw of chance
has (a shuffled deck) and the figures of a view beyond the shared seats and spaces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = ("accept", "bet", "bus", "buy", "deal", "deposit", "hometown", "play", "roll", "sell",
         "sing", "turn")
CHOICES = 16
MONEY = 250_000
MOST_OUTCOMES = 52


def features(view: Mapping[str, Any]) -> list[float]:
    """Each hitchiker's savings, contraband, Hometowns and troubles."""
    return [x for s in view["seats"] for x in (
        s["savings"] / MONEY, s["contraband"] / 10, len(s["hometowns"]) / 10,
        float(s["misses_turn"]), float(s["stuck"]), float(s["alive"]))]
