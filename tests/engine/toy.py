"""A tiny dice game (Pig to 30) used to test the runner without any real game's rules."""

from __future__ import annotations

from typing import ClassVar

from tabletop.core.decisions import Amount
from tabletop.core.errors import IllegalAction
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option


class Pig(Game):
    """Roll a die as often as you dare; a 1 loses the turn's points; first to the target wins.

    Each turn starts with a bet (an amount) paid to the bank, to exercise amounts and money.
    """

    name = "pig"
    title = "Pig"
    min_players = 2
    max_players = 4
    OPTIONS: ClassVar[dict[str, Option]] = {
        "target": Option(30, "points needed to win", low=10, high=100),
    }

    def setup(self) -> None:
        self.score = dict.fromkeys(self.players, 0)
        self.ledger = Ledger(self.players)
        for p in self.players:
            self.ledger.transfer("bank", p, 100)

    def play(self) -> Flow:
        while True:
            for p in self.players:
                bet = yield self.ask(p, "bet", "Bet on this turn?", ("no bet",),
                                     Amount(10, 50, 10) if self.ledger[p] >= 50 else None)
                if bet != "no bet":
                    self.ledger.transfer(p, "bank", bet)
                turn = 0
                while (yield self.ask(p, "turn", "Roll or hold?", ("roll", "hold"))) == "roll":
                    (face,) = self.roll(p, 1, why="pig")
                    if face == 1:
                        turn = 0
                        break
                    turn += face
                self.score[p] += turn
                if self.score[p] >= self.options["target"]:
                    ranking = tuple(sorted(self.players, key=lambda q: -self.score[q]))
                    return Result((p,), ranking, "reached the target",
                                  {q: {"score": self.score[q]} for q in self.players})

    def stage_score(self, value: dict) -> None:
        """Points already banked, by player."""
        if not isinstance(value, dict) or set(value) - set(self.players):
            raise IllegalAction(f"score should name players among {', '.join(self.players)}")
        if not all(type(v) is int and 0 <= v < self.options["target"] for v in value.values()):
            raise IllegalAction("a score is a whole number from 0 up to the target")
        self.score.update(value)

    def table_view(self, player: str | None) -> dict:
        return {"score": dict(self.score), "cash": {p: self.ledger[p] for p in self.players}}
