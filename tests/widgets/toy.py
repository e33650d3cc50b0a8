"""A tiny ring race, for testing the widget kit without a real game.

Each turn the player rolls 2d6 and moves round 12 spaces, or rests and bets an amount
on the next roll being even. The first to finish ``laps`` laps wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar
from unittest.mock import patch

import ipywidgets as w

import tabletop
from tabletop import Amount, Game, Result
from tabletop.bots import RandomBot
from tabletop.core.game import Flow
from tabletop.core.options import Option
from tabletop.core.play import Bot
from widgets.app import GameApp, Table
from widgets.board import Pieces, RingBoard, Space, Token
from widgets.palette import player_colour

SPACES = 12


class RingRace(Game):
    """Roll and move round a ring of 12; first to finish ``laps`` laps wins."""

    name = "ring_race"
    title = "Ring race"
    min_players = 2
    max_players = 4
    OPTIONS: ClassVar[Mapping[str, Option]] = {"laps": Option(2, "laps to win", low=1, high=5)}

    def setup(self) -> None:
        self.position = dict.fromkeys(self.players, 0)
        self.laps = dict.fromkeys(self.players, 0)
        self.cash = dict.fromkeys(self.players, 10)

    def play(self) -> Flow:
        while True:
            for player in self.players:
                choice = yield self.ask(player, "move", "Roll or rest?", ("roll", "rest"),
                                        labels={"roll": "Roll ⚄", "rest": "Rest"})
                if choice == "roll":
                    first, second = self.roll(player, 2, 6, "to move")
                    steps = first + second
                    start = self.position[player]
                    self.position[player] = (start + steps) % SPACES
                    if start + steps >= SPACES:
                        self.laps[player] += 1
                        self.log("lap", player, f"{player} finishes lap {self.laps[player]}")
                    if self.laps[player] >= self.options["laps"]:
                        return Result((player,), (player,), f"{player} finished first", {})
                else:
                    bet = yield self.ask(player, "bet", "Bet how much on an even roll?",
                                         amount=Amount(0, self.cash[player], 1))
                    (face,) = self.roll(player, 1, 6, "even wins the bet")
                    self.cash[player] += bet if face % 2 == 0 else -bet

    def table_view(self, player: str | None) -> dict[str, Any]:
        return {"position": dict(self.position), "laps": dict(self.laps),
                "cash": dict(self.cash)}


class RaceTable:
    """The ring race on a :class:`RingBoard`."""

    def __init__(self, players: Sequence[str]) -> None:
        self.players = list(players)
        spaces = [Space(f"Space {k}", "start" if k == 0 else "plain") for k in range(SPACES)]
        self.board = RingBoard(spaces, {"start": "#2ca02c", "plain": "#cccccc"}, size=320,
                               title="Ring race")
        self.widget: w.Widget = self.board.widget
        self.canvas = self.board.canvas

    def draw(self, view: Mapping[str, Any], game: Game, full: bool) -> None:
        tokens: dict[int, list[Token]] = {}
        for k, player in enumerate(view["players"]):
            tokens.setdefault(view["position"][player], []).append(
                Token(player[0], player_colour(k)))
        self.board.render(Pieces(tokens=tokens, caption=f"move {game.steps}"), full)

    def describe(self, view: Mapping[str, Any]) -> list[str]:
        return [f"{p} is on space {view['position'][p]}" for p in view["players"]]


class RaceApp(GameApp):
    """The toy game's app, as a game's app is built from the kit."""

    game_name = "ring_race"
    headers = ("Cash", "Laps")

    def make_table(self) -> Table:
        return RaceTable(["A", "B"])

    def new_game(self, players: list[str], seed: int) -> Game:
        return RingRace(players, seed, **self.options)

    def make_bot(self, kind: str, seed: int) -> Bot:
        return RandomBot(seed)

    def load_game(self, text: str) -> Game:
        with patch("tabletop.core.registry.game_class", return_value=RingRace):
            return tabletop.load(text)

    def player_cells(self, view: Mapping[str, Any], player: str) -> list[str]:
        return [str(view["cash"][player]), str(view["laps"][player])]

    def upcoming(self, view: Mapping[str, Any]) -> list[str]:
        return ["An even roll: 1 chance in 2 (50%)"]

