"""The toy game's app (tests/toy.py), built from the kit as a game's app is: a RingBoard
drawn from the shared view shape, the panel's cells, and nothing about the rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from tabletop import Game
from tabletop.bots import RandomBot
from tabletop.core.play import Bot
from tests.toy import Pig, registered
from widgets.app import GameApp, Table
from widgets.board import RingBoard, spaces_of


class PigTable:
    """The track on a :class:`RingBoard`: everything drawn comes from the view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.board = RingBoard(spaces_of(view), {"start": "#2ca02c", "track": "#cccccc"},
                               size=420, title="Pig")
        self.widget: w.Widget = self.board.widget
        self.canvas = self.board.canvas

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        self.board.draw_view(view, full, caption=f"move {game.steps}")

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        return self.board.describe(view)


class PigApp(GameApp):
    """Pig for students and random bots."""

    game_name = "pig"
    headers = ("Cash", "Score")

    def make_table(self) -> Table:
        return PigTable(self.game.view(None))

    def new_game(self, players: list[str], seed: int) -> Game:
        return Pig(players, seed, **self.options)

    def make_bot(self, kind: str, seed: int) -> Bot:
        return RandomBot(seed)

    def load_game(self, text: str) -> Game:
        with registered():
            return super().load_game(text)

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        return [str(view["cash"][player]), str(view["score"][player])]

    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        return ["A roll loses the turn's points: 1 chance in 6 (17%)"]
