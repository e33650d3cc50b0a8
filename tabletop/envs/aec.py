"""A kit game as a PettingZoo AEC environment (see tabletop.envs)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tabletop.core.game import Game
from tabletop.core.registry import new_game

from .spaces import ActionSpace, Observer, encoding


def rewards(game: Game) -> dict[str, float]:
    """At the end: 1 for each winner, 0 for everyone else."""
    result = game.result
    return {p: float(result is not None and p in result.winners) for p in game.players}


class TabletopEnv(AECEnv):
    """One game of the kit; each agent is a player (``player_0``, ``player_1``... for a
    number of players, else the names given). ``reset(seed)`` starts the same game for the
    same seed."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "tabletop",
                                          "is_parallelizable": False}

    def __init__(self, name: str, players: int | list[str] = 3, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.name = name
        self.options = options
        self.render_mode = render_mode
        self._rng = random.Random()
        if isinstance(players, int):
            players = [f"player_{k}" for k in range(players)]
        self.game = new_game(name, players=players, seed=0, **options)
        self.possible_agents = list(self.game.players)
        self.metadata = {**self.metadata, "name": f"tabletop_{name}"}
        self.actions = ActionSpace(encoding(name).CHOICES)
        self.observer = Observer(name, self.game.players)
        size = len(self.observer(self.game.view(self.game.decision.player)))
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
        })
        self._action_space = spaces.Discrete(self.actions.size)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.game = new_game(self.name, players=list(self.possible_agents),
                             seed=self._rng.getrandbits(32), **self.options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.game.decision.player

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        decision = self.game.decision
        mine = decision if decision is not None and decision.player == agent else None
        return {"observation": self.observer(self.game.view(agent)),
                "action_mask": self.actions.mask(mine)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        decision = self.game.decision
        self.game.apply(self.actions.action(decision, action), agent)
        if self.game.is_over:
            self.rewards = rewards(self.game)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.game.decision.player
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        decision = self.game.decision
        return repr(self.game) + ("" if decision is None else f": {decision.prompt}")

    def close(self) -> None:
        pass
