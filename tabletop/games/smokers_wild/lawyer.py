"""The DOCTOR or the LAWYER? A bot that keeps to one of the two in the opening auction, and
the fees an owner collects, for the primer's paired study of that choice (primer §10).

The primer prices the two occupations per landing: the LAWYER charges every player K80, the
DOCTOR K50 a non-smoker and K100 a smoker, so which earns more depends on how many of the
rivals' moves are made as smokers. :class:`OccupationBot` plays as the heuristic bot except
that it never bids for ``leave``; a paired study of ``OccupationBot(take="DOCTOR",
leave="LAWYER")`` against ``OccupationBot(take="LAWYER", leave="DOCTOR")`` plays the choice out
in full games, and :func:`fees_collected` is what it is measured by.
"""

from __future__ import annotations

from tabletop.core.decisions import Action
from tabletop.core.game import Game

from .bots import HeuristicBot, View

FEE_REASON = "the {}'s fee"


class OccupationBot(HeuristicBot):
    """The heuristic bot, but it passes whenever ``leave`` is auctioned: a player who has
    chosen ``take`` (bid for as usual) over ``leave``."""

    def __init__(self, seed: int = 0, take: str = "DOCTOR", leave: str = "LAWYER") -> None:
        super().__init__(seed)
        self.take, self.leave = take, leave

    def on_bid(self, view: View, legal: list[Action]) -> Action:
        if view["auction"]["lot"] == self.leave:
            return "pass"
        return super().on_bid(view, legal)


def fees_collected(game: Game, player: str, occupations: tuple[str, ...] = ("DOCTOR", "LAWYER")
                   ) -> float:
    """The fees (K) ``player`` collected over the game as owner of any of ``occupations``."""
    reasons = {FEE_REASON.format(name) for name in occupations}
    return float(sum(e.data["amount"] for e in game.events
                     if e.kind == "pay" and e.data.get("to") == player
                     and e.data.get("why") in reasons))
