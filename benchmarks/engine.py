"""Engine speed: random full-game playouts per second and actions per second, per game.

    python benchmarks/engine.py              # every game, plus Pitch hands and blackjack hands
    python benchmarks/engine.py --runs 7 --seconds 3

An action is a decision answered or a chance event (a roll, a shuffle, a pick), with
every event recorded as in normal play. Random bots pick uniformly among the legal
actions without looking at the view. Each figure is the median of several runs on one
core. Targets (DESIGN/issues): Smokers Wild >= 50,000 actions/s; Pitch >= 2,000 hands/s;
blackjack >= 30,000 hands/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import tabletop
from tabletop.core.game import Game
from tabletop.games.hitchiker.blackjack_table import BlackjackTable

TARGETS = {"smokers_wild": 50_000}


def playout(game: Game, rng: random.Random) -> None:
    """Random moves to the end, exactly as the random bot plays."""
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])


def measure(start: Callable[[int], Game], seconds: float) -> tuple[int, int, int, float]:
    """Games, actions and the game's own units (hands) played in about ``seconds``."""
    rng = random.Random(1)
    games = actions = units = 0
    began = time.process_time()
    while time.process_time() - began < seconds:
        game = start(games)
        playout(game, rng)
        games += 1
        actions += game.steps + game.chance_count
        units += getattr(game, "hand_number", 0) or getattr(game, "hands_played", 0)
    return games, actions, units, time.process_time() - began


def report(label: str, start: Callable[[int], Game], runs: int, seconds: float,
           unit: str = "", target: int | None = None) -> None:
    rates = [measure(start, seconds) for _ in range(runs)]
    games = statistics.median(g / t for g, _, _, t in rates)
    actions = statistics.median(a / t for _, a, _, t in rates)
    line = f"{label:22} {games:10,.1f} games/s {actions:12,.0f} actions/s"
    if unit:
        line += f" {statistics.median(u / t for _, _, u, t in rates):10,.0f} {unit}/s"
    if target:
        line += f"   (target {target:,}: {'met' if actions >= target else 'NOT met'})"
    print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.5, help="CPU seconds per run")
    a = ap.parse_args()
    print(f"median of {a.runs} runs of {a.seconds} CPU s each, one core, random bots")
    for name in tabletop.GAMES:
        report(name, lambda seed, n=name: tabletop.new_game(n, players=3, seed=seed),
               a.runs, a.seconds, unit="hands" if name == "pitch" else "",
               target=TARGETS.get(name))
    report("pitch (4 players)", lambda seed: tabletop.new_game("pitch", players=4, seed=seed),
           a.runs, a.seconds, unit="hands")
    report("blackjack (6 seats)",
           lambda seed: BlackjackTable(6, seed, rounds=200, rebuy=True),
           a.runs, a.seconds, unit="hands")


if __name__ == "__main__":
    main()
