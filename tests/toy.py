"""The one toy game of the tests: Pig on a track, for the engine and the widget kit.

Each turn starts with a bet paid to the bank (an amount, or "no bet"), to exercise amounts
and money; then the player rolls a die as often as they dare (a 1 loses the turn's points)
and holds to bank the points. Banked points move the player's token along a track of
``target`` spaces; the first to reach the end wins. ``arrange(score=...)`` stages banked
points. The view has the shape every game's view shares (``seats`` and ``spaces``), so the
widget kit draws it like a real game's.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar
from unittest.mock import patch

from tabletop.core import registry
from tabletop.core.decisions import Amount
from tabletop.core.game import Flow, Game, Result
from tabletop.core.ledger import Ledger
from tabletop.core.options import Option
from tabletop.core.staging import by_player, whole_number


class Pig(Game):
    """Roll a die as often as you dare; a 1 loses the turn's points; first to the target wins."""

    name = "pig"
    title = "Pig"
    min_players = 2
    max_players = 4
    OPTIONS: ClassVar[dict[str, Option]] = {
        "target": Option(30, "points needed to win", low=10, high=100),
    }

    def setup(self) -> None:
        self.score = dict.fromkeys(self.players, 0)
        self.banked_by: str | None = None
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
                self.banked_by = p
                self.log("bank", p, f"{p} banks {turn} points, {self.score[p]} in all")
                if self.score[p] >= self.options["target"]:
                    ranking = tuple(sorted(self.players, key=lambda q: -self.score[q]))
                    return Result((p,), ranking, "reached the target",
                                  {q: {"score": self.score[q]} for q in self.players})

    def stage_score(self, value: Any) -> None:
        """Points already banked, by player."""
        for name, points in by_player(value, self.players, "score").items():
            self.score[name] = whole_number(points, f"{name}'s score", 0,
                                            self.options["target"] - 1)

    def place(self, player: str) -> int | None:
        """The space of ``player``'s token: their banked points (None once past the end)."""
        score = self.score[player]
        return score if score < self.options["target"] else None

    def table_view(self, player: str | None) -> dict[str, Any]:
        banked = None if self.banked_by is None else self.place(self.banked_by)
        return {
            "score": dict(self.score),
            "cash": {p: self.ledger[p] for p in self.players},
            "seats": [{"name": p, "seat": k, "position": self.place(p), "money": self.ledger[p]}
                      for k, p in enumerate(self.players)],
            "spaces": [{"index": k, "name": f"{k} points", "kind": "start" if k == 0 else "track",
                        "owner": None, "highlight": k == banked}
                       for k in range(self.options["target"])],
        }


@contextmanager
def registered() -> Iterator[type[Pig]]:
    """While open, ``tabletop.new_game("pig")`` and ``tabletop.load`` know the toy game."""
    real = registry.game_class
    with (patch.object(registry, "GAMES", (*registry.GAMES, "pig")),
          patch.object(registry, "game_class", lambda n: Pig if n == "pig" else real(n))):
        yield Pig
