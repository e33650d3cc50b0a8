"""Hip Town as a learning agent sees it (tabletop.envs): the decision kinds, how many
choices a decision may list (a card on a lot), the scale of its Hip Coins, the most
outcomes one draw of chance has (the Property deck) and the figures of a view beyond the
shared seats: every neighbourhood and your own hand (nobody else's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = ("bid", "build", "buy", "choice", "demolish", "discard", "invest", "market", "roll",
         "target")
CHOICES = 64
MONEY = 50
MOST_OUTCOMES = 120


def features(view: Mapping[str, Any]) -> list[float]:
    """Each player's hand size, businesses and score, and the type of business on each of
    their lots; the cost of the lot on auction; your hand: how many cards of each type, and
    their costs and Hip Points."""
    types = list(view["types"])
    seats = [x for s in view["seats"] for x in (
        s["hand_size"] / 10, s["businesses"] / 10, s["score"]["total"] / 50)]
    lots = [float(lot is not None and lot["type"] == kind) for s in view["seats"]
            for row in s["neighbourhood"] for lot in row for kind in types]
    auction = view["auction"]
    hand = view["hand"] or []
    mine = [sum(card["type"] == kind for card in hand) / 5 for kind in types]
    return [*seats, *lots, 0.0 if auction is None else auction["lot"]["cost"] / MONEY, *mine,
            sum(card["cost"] for card in hand) / MONEY,
            sum(card["hip_points"] for card in hand) / MONEY]
