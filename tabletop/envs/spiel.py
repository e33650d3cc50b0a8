"""A kit game as an OpenSpiel game, registered with ``pyspiel`` (see tabletop.envs).

A kit game runs its rules as ordinary code, so it cannot stop in the middle of a roll by
itself. Here each game runs in a greenlet: when the rules draw a die, a pick or a card of a
shuffle, the core's draw hook (tabletop.core.chance) hands the draw to OpenSpiel as a chance
node, with the chance of each outcome, and the greenlet waits for the outcome chosen.

OpenSpiel copies states often. A copy shares the running game with the state it was copied
from: whichever moves first takes the game on, and the other follows it as long as it takes
the same steps. A state that goes its own way replays its history in a new game.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import greenlet
import numpy as np
import pyspiel

from tabletop.core.chance import Draw
from tabletop.core.game import Game
from tabletop.core.registry import game_class

from .aec import rewards
from .spaces import ActionSpace, Observer, encoding

#: A bound on the decisions of one game (the kit's games end long before).
MOST_DECISIONS = 100_000


class Step:
    """One point of the tree of histories: the steps (decisions and outcomes of chance)
    taken from the start. Equal histories are the same object, so a copy of a state can
    tell that the game it shares has taken exactly its step."""

    __slots__ = ("__weakref__", "action", "children", "depth", "here", "parent")

    def __init__(self, parent: Step | None = None, action: int = -1) -> None:
        self.parent = parent
        self.action = action
        self.depth = 0 if parent is None else parent.depth + 1
        #: What the game shows here, once known: OpenSpiel also asks a copy of a state that
        #: has not caught up with the game it shares.
        self.here: Here | None = None
        self.children: weakref.WeakValueDictionary[int, Step] = weakref.WeakValueDictionary()

    def child(self, action: int) -> Step:
        step = self.children.get(action)
        if step is None:
            step = self.children[action] = Step(self, action)
        return step

    def path(self) -> list[int]:
        out, step = [], self
        while step.parent is not None:
            out.append(step.action)
            step = step.parent
        return out[::-1]

    def __deepcopy__(self, memo: dict) -> Step:
        return self  # a history is shared, never copied

    def __reduce__(self) -> tuple[Any, ...]:
        return steps, (self.path(),)  # pickled as its actions


def steps(path: list[int]) -> Step:
    """The history of ``path`` from a new start."""
    step = Step()
    for action in path:
        step = step.child(action)
    return step


@dataclass(frozen=True, slots=True)
class Here:
    """What a point of the history shows: who acts (a seat, chance or the end), the legal
    actions of a decision, and the draw (how many outcomes, and what is drawn)."""

    player: int
    legal: tuple[int, ...] = ()
    outcomes: int = 0
    what: str = ""


class Running:
    """A kit game running in its own greenlet, stopped at a decision or at a draw."""

    def __init__(self, start: Callable[[Draw], Game], at: Step) -> None:
        self.at = at
        self.game: Game | None = None
        self._greenlet = greenlet.greenlet(self._run)
        self.draw: tuple[int, str] | None = self._greenlet.switch(start)

    def _run(self, start: Callable[[Draw], Game]) -> None:
        self.game = start(self._ask)
        while True:
            self.game.apply(self._greenlet.parent.switch(None))

    def _ask(self, n: int, what: str) -> int:
        """The core's draw hook: hand the draw to OpenSpiel and wait for its outcome."""
        return self._greenlet.parent.switch((n, what))

    def step(self, answer: Any, to: Step) -> None:
        """Answer the draw or the decision it is stopped at."""
        self.draw = self._greenlet.switch(answer)
        self.at = to

    def __deepcopy__(self, memo: dict) -> Running:
        return self  # shared by the copies of a state (see the module docstring)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(None), ()  # a running game is not pickled: the state replays its steps


class TabletopState(pyspiel.State):
    """A kit game in OpenSpiel: chance nodes are the kit's draws, decisions the actions of
    tabletop.envs.spaces, players numbered in seat order."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._at = game.root
        self._running: Running | None = None

    # -- the running game -------------------------------------------------------------------
    def _live(self) -> Running:
        running = self._running
        if running is None or running.at is not self._at:
            running = self._running = self._replay()
        return running

    def _replay(self) -> Running:
        spiel: TabletopGame = self.get_game()
        running = Running(spiel.start, spiel.root)
        for action in self._at.path():
            self._take(running, action)
        self._at = running.at  # the same history, in this game's tree (after unpickling)
        return running

    def _take(self, running: Running, action: int) -> None:
        spiel: TabletopGame = self.get_game()
        answer = action if running.draw is not None else spiel.actions.action(
            running.game.decision, action)
        running.step(answer, running.at.child(action))

    # -- the OpenSpiel state ----------------------------------------------------------------
    def _here(self) -> Here:
        here = self._at.here
        if here is None:
            running = self._live()
            decision = None if running.draw is not None else running.game.decision
            if running.draw is not None:
                here = Here(pyspiel.PlayerId.CHANCE, outcomes=running.draw[0],
                            what=running.draw[1])
            elif decision is None:
                here = Here(pyspiel.PlayerId.TERMINAL)
            else:
                here = Here(running.game.players.index(decision.player),
                            tuple(self.get_game().actions.legal(decision)))
            self._at.here = here
        return here

    def current_player(self) -> int:
        return self._here().player

    def _legal_actions(self, player: int) -> list[int]:
        here = self._here()
        return list(here.legal) if player == here.player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self._here().outcomes
        return [(k, 1 / n) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        step = self._at.child(action)
        running = self._running
        if running is None or running.at is not step:  # nobody took this step for us yet
            self._take(self._live(), action)
        self._at = step

    def _action_to_string(self, player: int, action: int) -> str:
        here = self._here()
        if player == pyspiel.PlayerId.CHANCE and here.player == player:
            return f"{here.what}: outcome {action}"
        decision = self._live().game.decision if here.legal else None
        if decision is None or player != here.player:
            return f"action {action}"
        return self.get_game().actions.describe(decision, action)

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def returns(self) -> list[float]:
        running = self._live()
        if running.draw is not None:  # the game may still be laying out its table
            return [0.0] * self.get_game().players
        won = rewards(running.game)
        return [won[p] for p in running.game.players]

    def __str__(self) -> str:
        running = self._live()
        if running.draw is not None:
            return f"step {self._at.depth}: drawing {running.draw[1]}"
        game = running.game
        now = "over" if game.is_over else f"{game.decision.player}: {game.decision.prompt}"
        last = game.events[-1].text if game.events else ""
        return f"step {self._at.depth}, {game.steps} moves ({last}); {now}"


class TabletopGame(pyspiel.Game):
    """A kit game for OpenSpiel; its one parameter is ``players`` (how many)."""

    name: str

    def __init__(self, params: dict | None = None) -> None:
        params = params or {}
        cls = game_class(self.name)
        self.players = int(params.get("players", 3))
        encode = encoding(self.name)
        self.actions = ActionSpace(encode.CHOICES)
        self.root = Step()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.actions.size, max_chance_outcomes=encode.MOST_OUTCOMES,
            num_players=self.players, min_utility=0.0, max_utility=1.0, utility_sum=None,
            max_game_length=MOST_DECISIONS)
        super().__init__(game_type(self.name, cls), info, params)

    def start(self, draw: Draw) -> Game:
        """A new kit game whose chance comes from ``draw``."""
        return game_class(self.name)(self.players, draw=draw)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observation:
        """What a player observes: the numbers of tabletop.envs.spaces.Observer."""
        return Observation(self.name, self.players)


class Observation:
    """A player's view of a state as numbers (``tensor``) and as text."""

    def __init__(self, name: str, players: int) -> None:
        start = game_class(name)(players)
        self._observer = Observer(name, start.players)
        self.tensor = np.zeros_like(self._observer(start.view(start.players[0])))
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TabletopState, player: int) -> None:
        """At a draw of chance the rules are in the middle of a step: nothing is observed."""
        if state.is_chance_node():
            self.tensor.fill(0)
        else:
            game = state._live().game
            self.tensor[:] = self._observer(game.view(game.players[player]))

    def string_from(self, state: TabletopState, player: int) -> str:
        if state.is_chance_node():
            return f"player {player}: chance is drawing"
        game = state._live().game
        name = game.players[player]
        pending = game.decision
        asked = "" if pending is None or pending.player != name else f"; asked: {pending.prompt}"
        return f"{name} at {game.title}, {game.steps} moves{asked}"


def game_type(name: str, cls: type[Game]) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=f"tabletop_{name}", long_name=f"{cls.title} (tabletop kit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players, min_num_players=cls.min_players,
        provides_information_state_string=False, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": 3})


_REGISTERED: dict[str, str] = {}


def register(name: str) -> str:
    """Register the kit game ``name`` with pyspiel (once); its OpenSpiel short name."""
    if name not in _REGISTERED:
        cls = game_class(name)
        spiel_class = type(f"Tabletop{cls.__name__}", (TabletopGame,), {"name": name})
        pyspiel.register_game(game_type(name, cls), spiel_class)
        _REGISTERED[name] = f"tabletop_{name}"
    return _REGISTERED[name]
