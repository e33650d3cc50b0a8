"""Smokers Wild as a learning agent sees it (tabletop.envs): the decision kinds, how many
choices a decision may list, the scale of its money, the most outcomes one draw of chance
has (the HAV' A PUFF deck) and the figures of a view beyond the shared seats and spaces,
your own HAV' A PUFF cards among them (nobody else's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = ("accept_offer", "bid", "challenge", "offer", "pass_brand", "puff_from", "quit",
         "raise_money", "roll", "take_brand", "vacation")
CHOICES = 32
MONEY = 1000
MOST_OUTCOMES = 24


def features(view: Mapping[str, Any]) -> list[float]:
    """Each player's Lifeometer, habit, cards and vacation; the auction's high bid; your own
    HAV' A PUFF cards, as the share of each title of the deck you hold."""
    gone = view["lifeometer"]["gone"]
    seats = [x for s in view["seats"] for x in (
        s["lifeometer"] / gone, float(s["smoker"]), len(s["brands"]) / 6,
        len(s["occupations"]) / 10, s["puff_cards"] / 24, s["vacation_turns"] / 3,
        float(s["is_gone"]))]
    auction = view["auction"]
    held = view["your_puff_cards"] or []
    mine = [held.count(card["title"]) / card["count"] for card in view["puff_deck"]]
    return [*seats, 0.0 if auction is None else auction["high"] / MONEY, *mine]
