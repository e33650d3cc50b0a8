"""Hip Town's heuristic bot (RULES.md 3 D), reading only its own view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tabletop.bots
from tabletop.core.decisions import Action

from .neighbourhood import frame_of

View = Mapping[str, Any]


def me(view: View) -> Mapping[str, Any]:
    return next(s for s in view["seats"] if s["name"] == view["you"])


def lots_of(seat: Mapping[str, Any]) -> list[Any]:
    """A seat's neighbourhood as one list of lots (A1..A5, B1..B5)."""
    return [cell for row in seat["neighbourhood"] for cell in row]


def leader(view: View, names: list[str]) -> str:
    """Of ``names``, the one with the most Hip Points (then coins): targeted cards hit them."""
    seats = {s["name"]: s for s in view["seats"]}
    return max(names, key=lambda n: (seats[n]["score"]["total"], seats[n]["money"]))


def builds(view: View, legal: list[Action]) -> dict[Action, tuple[str, str]]:
    """The legal actions of a build decision that build, in their order, each with the
    (card, lot) it builds (:meth:`HeuristicBot.value`); "build nothing" (``None``) is left
    out: the bots never build nothing when they can build."""
    values = view["decision"]["values"]
    return {action: tuple(values[action]) for action in legal
            if values[action] is not None}


class HeuristicBot(tabletop.bots.HeuristicBot):
    """Takes Property when it can pay, buys what it turns over, bids below cost, builds its
    best card where it joins the most businesses of its type, and hits the leader."""

    #: On the Choice face, Property with at least this many Hip Coins (RULES.md 3 D)...
    PROPERTY_WITH = 6
    #: ... or with this many when nothing in hand can be built now.
    PROPERTY_WITH_NOTHING_TO_BUILD = 3

    def on_roll(self, view: View, legal: list[Action]) -> Action:
        return "roll"

    def on_choice(self, view: View, legal: list[Action]) -> Action:
        """Property with at least 6 HC (3 when nothing in hand can be built); else coins."""
        mine = me(view)
        can_build = any(c["rating"] <= mine["businesses"] for c in view["hand"])
        enough = self.PROPERTY_WITH if can_build else self.PROPERTY_WITH_NOTHING_TO_BUILD
        want = "property" if mine["money"] >= enough else "coins"
        return next(a for a in legal if self.value(view, a) == want)

    def on_buy(self, view: View, legal: list[Action]) -> Action:
        """Buy whenever affordable (the question is asked only then)."""
        return next(a for a in legal if self.value(view, a) is True)

    on_invest = on_buy

    def on_bid(self, view: View, legal: list[Action]) -> Action:
        """Bid the least allowed while it stays below the card's cost and within reach."""
        low, high, _ = view["decision"]["amount"]
        ceiling = min(high, view["auction"]["lot"]["cost"] - 1)
        return low if low <= ceiling else "pass"

    def on_market(self, view: View, legal: list[Action]) -> Action:
        """The affordable market card with the most Hip Points, one it can build first."""
        built = me(view)["businesses"]
        cards = {c["id"]: c for c in view["market"]}

        def merit(action: Action) -> tuple[bool, int]:
            card = cards[self.value(view, action)]
            return card["rating"] <= built, card["hip_points"]

        return max((a for a in legal if self.value(view, a) is not None), key=merit)

    def on_build(self, view: View, legal: list[Action]) -> Action:
        """The card with the most Hip Points, on the legal lot with the most neighbours of its
        type (never building nothing when it can build)."""
        hand = {c["id"]: c for c in view["hand"]}
        frame = frame_of(view["rows"], view["columns"])
        kinds = [lot and lot["type"] for lot in lots_of(me(view))]   # None: an empty lot
        moves = builds(view, legal)
        near = {lot: [kinds[n] for n in frame.neighbours[frame.index[lot]]]
                for _, lot in moves.values()}
        merit = {action: (hand[card]["hip_points"], near[lot].count(hand[card]["type"]))
                 for action, (card, lot) in moves.items()}
        return max(merit, key=merit.__getitem__)

    def on_discard(self, view: View, legal: list[Action]) -> Action:
        """The hand card with the fewest Hip Points."""
        hand = {c["id"]: c for c in view["hand"]}
        return min(legal, key=lambda a: hand[self.value(view, a)]["hip_points"])

    def on_target(self, view: View, legal: list[Action]) -> Action:
        names = [self.value(view, a) for a in legal]
        target = leader(view, names)
        return next(a for a in legal if self.value(view, a) == target)

    def on_demolish(self, view: View, legal: list[Action]) -> Action:
        """The leader's business with the most Hip Points (its own only when nothing else)."""
        others = [a for a in legal if self.value(view, a)[0] != view["you"]] or legal
        target = leader(view, sorted({self.value(view, a)[0] for a in others}))
        seats = {s["name"]: s for s in view["seats"]}

        def points(action: Action) -> int:
            owner, lot = self.value(view, action)
            return lots_of(seats[owner])[view["lots"].index(lot)]["hip_points"]

        return max((a for a in others if self.value(view, a)[0] == target), key=points)


class BidCapBot(HeuristicBot):
    """The kit's heuristic bot, except at auctions: it bids the least allowed while that stays
    within the card's cost plus ``margin`` HC (the heuristic bot's margin is -1: one step
    below cost) and within its coins. A margin of 0 bids up to the bank's price, the card's
    value to a player who would otherwise pay that price."""

    def __init__(self, seed: int = 0, margin: int = 0) -> None:
        super().__init__(seed)
        self.margin = margin

    def on_bid(self, view: View, legal: list[Action]) -> Action:
        low, high, _ = view["decision"]["amount"]
        ceiling = min(high, view["auction"]["lot"]["cost"] + self.margin)
        return low if low <= ceiling else "pass"


class TypeBlindBot(HeuristicBot):
    """The kit's heuristic bot, except where it builds: the card with the most Hip Points on
    the first legal lot in reading order (A1, A2, ... B5), whatever the types around it."""

    def on_build(self, view: View, legal: list[Action]) -> Action:
        hand = {c["id"]: c for c in view["hand"]}
        order = {lot: k for k, lot in enumerate(view["lots"])}
        merit = {action: (hand[card]["hip_points"], -order[lot])
                 for action, (card, lot) in builds(view, legal).items()}
        return max(merit, key=merit.__getitem__)
