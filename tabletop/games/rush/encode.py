"""RUSH as a learning agent sees it (tabletop.envs): the decision kinds, how many choices a
decision may list, the scale of its money, the most outcomes one draw of chance has (the
Chance deck) and the figures of a view beyond the shared seats and spaces, your own secret
cards among them (nobody else's)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

KINDS = ("accept_trade", "antidote", "bet", "buy", "coma", "coma_move", "gain_sense", "jail",
         "keep_sense", "lady", "lady_space", "lawyer", "loan", "lockup", "lose_sense", "meet",
         "push", "rob", "roll_money", "roll_pills", "stake", "stop_short", "testify", "tip_off",
         "trade", "trade_pills", "trade_price", "turn")
CHOICES = 48
MONEY = 1000
MOST_OUTCOMES = 40


def features(view: Mapping[str, Any]) -> list[float]:
    """Each player's pills, Zonkometer, senses, coma, loan, secret cards held and troubles;
    the dish; your own secret cards: how many of each secret title you hold."""
    high = view["zonkometer"]["high"]
    seats = [x for s in view["seats"] for x in (
        s["pills"] / 20, s["zonkometer"] / high, s["senses_up"] / 5,
        -1.0 if s["coma"] is None else s["coma"] / 10, s["loan"] / MONEY,
        s["secret_cards"] / 5, float(s["dead"]), float(s["lockup"]))]
    held = view["your_cards"] or []
    mine = [held.count(card["title"]) / card["count"] for card in view["chance_cards"]
            if card["secret"]]
    return [*seats, view["dish"] / 50, *mine]
