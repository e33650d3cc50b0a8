"""Hip Town as a learning agent sees it (tabletop.envs): the decision kinds, how many
choices a decision may list (a card on a lot), the scale of its Hip Coins, the most
outcomes one draw of chance has (the Property deck) and the figures of a view beyond the
shared seats."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = ("bid", "build", "buy", "choice", "demolish", "discard", "invest", "market", "roll",
         "target")
CHOICES = 64
MONEY = 50
MOST_OUTCOMES = 120


def features(view: Mapping[str, Any]) -> list[float]:
    """Each player's hand size, businesses and score; the cost of the lot on auction."""
    seats = [x for s in view["seats"] for x in (
        s["hand_size"] / 10, s["businesses"] / 10, s["score"]["total"] / 50)]
    auction = view["auction"]
    return [*seats, 0.0 if auction is None else auction["lot"]["cost"] / MONEY]
