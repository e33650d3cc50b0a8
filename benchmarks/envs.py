"""Speed of the learning environments (tabletop.envs), every figure from this one run:

    python -m benchmarks.envs                      # every game
    python -m benchmarks.envs --seconds 1 --only pitch --sims 4

* random decisions per CPU second (chance drawn at random, decisions counted; the best of
  ``--runs`` runs taken in turn, which other work on the machine slows the least): the kit
  itself, its PettingZoo environment (``last()`` then ``step``), its OpenSpiel game, and
  OpenSpiel's own ``python_kuhn_poker`` as a yardstick. Target (issue 19): the OpenSpiel
  game at least 0.5x the kit's own speed.
* MCTS (``open_spiel.python.algorithms.mcts``, ``--sims`` simulations a move, random
  rollouts of at most ``--rollout`` steps) playing the first seat, random bots the others:
  seconds per game, and milliseconds per MCTS move early and late in the game. Target: a
  move's cost does not grow with the history.
* the cost of one MCTS move (``--sims`` simulations) at a short and a long history of every
  game (:data:`HISTORIES`, a step being a decision or a chance outcome; random games of the
  others end long before Hitchiker's 6,900 steps). Target: the same cost.
* ``apply_action`` on a state whose game a search (a clone going its own way) took over,
  and ``clone()`` then one step, against the length of the history (Hitchiker).

``spiel_game`` is the one random OpenSpiel loop of the benchmarks (benchmarks.engine uses it
for python_kuhn_poker too).

No figure is checked here: this prints, the tests check behaviour.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

import tabletop
from tabletop.envs import openspiel_game, pettingzoo_env

#: The short and the long history (steps) at which an MCTS move is timed, for each game: the
#: long one a point most random games of it reach.
HISTORIES = {"hitchiker": (170, 6900), "smokers_wild": (40, 300), "hip_town": (40, 260),
             "pitch": (30, 160), "rush": (40, 800)}


def rate(run: Callable[[int], int], seconds: float) -> float:
    """Decisions per CPU second of ``run(seed)`` (which returns its decisions), repeated for
    about ``seconds``."""
    decisions, seed, began = 0, 0, time.process_time()
    while time.process_time() - began < seconds:
        decisions += run(seed)
        seed += 1
    return decisions / (time.process_time() - began)


def kit_game(name: str) -> Callable[[int], int]:
    rng = random.Random(1)

    def run(seed: int) -> int:
        game = tabletop.new_game(name, players=3, seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[int(rng.random() * len(legal))])
        return game.steps
    return run


def pettingzoo_game(name: str) -> Callable[[int], int]:
    env = pettingzoo_env(name, players=3)
    rng = random.Random(1)

    def run(seed: int) -> int:
        env.reset(seed=seed)
        decisions = 0
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            decisions += 1
        return decisions
    return run


def spiel_game(game: pyspiel.Game) -> Callable[[int], int]:
    rng = random.Random(1)

    def run(seed: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                decisions += 1
        return decisions
    return run


def random_step(state: pyspiel.State, rng: np.random.RandomState) -> None:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.randint(len(outcomes)))][0])
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def mcts_game(name: str, sims: int, rollout: int,
              most: int) -> tuple[float, int, float, float, bool]:
    """One game with MCTS in the first seat (stopped after ``most`` MCTS moves): seconds,
    MCTS moves, the mean ms of the first and the last quarter of them, and whether the
    game ended."""
    game = openspiel_game(name, players=3)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims, random_state=rng,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng, max_length=rollout))
    state = game.new_initial_state()
    moves: list[float] = []
    began = time.process_time()
    while not state.is_terminal() and len(moves) < most:
        if state.current_player() == 0:
            start = time.process_time()
            state.apply_action(bot.step(state))
            moves.append(time.process_time() - start)
        else:
            random_step(state, rng)
    took = time.process_time() - began
    quarter = max(len(moves) // 4, 1)
    return (took, len(moves), 1000 * statistics.mean(moves[:quarter]),
            1000 * statistics.mean(moves[-quarter:]), state.is_terminal())


def played_to(game: pyspiel.Game, length: int, rng: np.random.RandomState) -> pyspiel.State:
    """A state after ``length`` random steps: of the first of a few games that lasts that
    long (else the end of the last one)."""
    for _ in range(50):
        state = game.new_initial_state()
        while len(state.history()) < length and not state.is_terminal():
            random_step(state, rng)
        if not state.is_terminal():
            break
    return state


def mcts_move_costs(name: str, lengths: list[int], sims: int,
                    rollout: int) -> list[tuple[int, int, float]]:
    """At each history length (steps): the steps, the decisions, and the median ms of one
    MCTS move (``bot.step``) over a few moves made there."""
    game = openspiel_game(name, players=3)
    rng = np.random.RandomState(5)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=sims, random_state=rng,
                       evaluator=mcts.RandomRolloutEvaluator(1, rng, max_length=rollout))
    out = []
    for length in lengths:
        state = played_to(game, length, rng)
        while state.is_chance_node():
            random_step(state, rng)
        if state.is_terminal():
            break
        times = []
        for _ in range(5):
            start = time.process_time()
            bot.step(state)
            times.append(time.process_time() - start)
        decisions = sum(step.player >= 0 for step in state.full_history())
        out.append((len(state.history()), decisions, 1000 * statistics.median(times)))
    return out


def history_costs(name: str, lengths: list[int]) -> list[tuple[int, float, float]]:
    """At each history length: ms of ``apply_action`` on a state whose game a clone took
    over, and ms of ``clone()`` then one step of the clone."""
    game = openspiel_game(name, players=3)
    rng = np.random.RandomState(3)
    out = []
    for length in lengths:
        state = played_to(game, length, rng)
        if state.is_terminal():
            break
        times_taken, times_clone = [], []
        for _ in range(5):
            action = (state.chance_outcomes()[0][0] if state.is_chance_node()
                      else state.legal_actions()[0])
            search = state.clone()  # a search's clone goes its own way first
            for _ in range(3):
                if not search.is_terminal():
                    random_step(search, rng)
            start = time.process_time()
            mine = state.clone()
            mine.apply_action(action)
            mine.current_player()
            times_clone.append(time.process_time() - start)
            start = time.process_time()
            state.apply_action(action)
            state.current_player()
            times_taken.append(time.process_time() - start)
        out.append((len(state.history()), 1000 * statistics.median(times_taken),
                    1000 * statistics.median(times_clone)))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per run")
    ap.add_argument("--runs", type=int, default=3,
                    help="runs of each random figure, taken in turn; the best is printed")
    ap.add_argument("--only", choices=tabletop.GAMES)
    ap.add_argument("--sims", type=int, default=4, help="MCTS simulations a move")
    ap.add_argument("--rollout", type=int, default=10, help="longest MCTS rollout")
    ap.add_argument("--mcts-moves", type=int, default=300,
                    help="MCTS moves at most in a game (a long Hitchiker game is stopped)")
    a = ap.parse_args()
    names = [a.only] if a.only else list(tabletop.GAMES)

    kuhn = rate(spiel_game(pyspiel.load_game("python_kuhn_poker")), a.seconds)
    print(f"random decisions per CPU second (python_kuhn_poker: {kuhn:,.0f}); target: "
          "OpenSpiel >= 0.5x the kit")
    print(f"{'game':13} {'kit':>9} {'PettingZoo':>11} {'OpenSpiel':>10} {'OS/kit':>7} "
          f"{'PZ/kit':>7} {'OS/kuhn':>8}")
    for name in names:
        runs = [(rate(kit_game(name), a.seconds), rate(pettingzoo_game(name), a.seconds),
                 rate(spiel_game(openspiel_game(name, players=3)), a.seconds))
                for _ in range(a.runs)]  # in turn, so that other work on the machine weighs alike
        kit, zoo, spiel = (max(r[k] for r in runs) for k in range(3))
        print(f"{name:13} {kit:9,.0f} {zoo:11,.0f} {spiel:10,.0f} {spiel / kit:7.2f} "
              f"{zoo / kit:7.2f} {spiel / kuhn:8.2f}", flush=True)

    print(f"\nMCTS in seat 1 of 3 ({a.sims} simulations a move, rollouts <= {a.rollout} "
          "steps): one game each; target: late moves cost no more than early ones")
    print(f"{'game':13} {'s/game':>8} {'moves':>6} {'ms/move early':>14} {'late':>8}")
    for name in names:
        took, moves, early, late, ended = mcts_game(name, a.sims, a.rollout, a.mcts_moves)
        print(f"{name:13} {took:8.1f} {moves:6} {early:14.2f} {late:8.2f}"
              + ("" if ended else "  (stopped before the end)"), flush=True)

    print(f"\none MCTS move ({a.sims} simulations) at a short and a long history; target: "
          "the same cost")
    print(f"{'game':13} {'steps (decisions)':>18} {'ms/move':>8} {'steps (decisions)':>18} "
          f"{'ms/move':>8}")
    for name in names:
        costs = mcts_move_costs(name, list(HISTORIES[name]), a.sims, a.rollout)
        print(f"{name:13} " + " ".join(f"{length:10} ({decisions:5}) {took:8.2f}"
                                       for length, decisions, took in costs), flush=True)
    name = a.only or "hitchiker"
    print(f"\n{name}: ms by history length (apply_action after a clone went its own way; "
          "clone() + one step)")
    for length, taken, cloned in history_costs(name, [170, 1000, 3000, 6900]):
        print(f"  {length:6} steps  {taken:8.3f} ms  {cloned:8.3f} ms")


if __name__ == "__main__":
    main()
