"""Engine speed, per game: games per second with random and with heuristic bots on one core,
the time of a 10,000-game classroom study on every core, and Smokers Wild beside OpenSpiel.

    python -m benchmarks.engine                       # every game, the study of 10,000 games
    python -m benchmarks.engine --seconds 1 --study 1000 --only pitch

Games per second are the median of several runs of ``--seconds`` CPU seconds each, with the
bots of ``tabletop.simulate`` (a heuristic bot reads its own view). Targets (issue 12):
heuristic games/s at least half the random games/s; ``simulate(name, games=10_000,
bots="heuristic", workers=0)`` within 60 s on this 2-core machine, progress bar shown.

The last lines compare decisions per second of random Smokers Wild playouts with OpenSpiel's
``python_kuhn_poker`` (random playouts, decisions only) run in the same process, when the
``[rl]`` extra is installed. Also printed: actions/s (a decision or a chance event), Pitch
and blackjack hands/s, against the earlier targets.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import tabletop
from tabletop.bots import make_bot
from tabletop.core.game import Game
from tabletop.core.play import play_to_end
from tabletop.games.hitchiker.blackjack_table import BlackjackTable

TARGETS = {"smokers_wild": 50_000}
STUDY_SECONDS = 60


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


def bot_games(name: str, kind: str, seconds: float) -> float:
    """Games per CPU second of ``name`` played by ``kind`` bots (as simulate plays them)."""
    games, began = 0, time.process_time()
    while time.process_time() - began < seconds:
        game = tabletop.new_game(name, players=3, seed=games)
        play_to_end(game, {p: make_bot(name, kind, games * 7 + k)
                           for k, p in enumerate(game.players)})
        games += 1
    return games / (time.process_time() - began)


def study_seconds(name: str, games: int) -> float:
    """Wall seconds of the classroom study: heuristic bots, every core, progress bar."""
    began = time.perf_counter()
    tabletop.simulate(name, games=games, bots="heuristic", workers=0, progress=True)
    return time.perf_counter() - began


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


def decisions_per_second(seconds: float) -> tuple[float, float | None]:
    """Random playouts in this process: Smokers Wild decisions/s, and python_kuhn_poker's
    (None without OpenSpiel)."""
    rng = random.Random(1)
    decisions, began, seed = 0, time.process_time(), 0
    while time.process_time() - began < seconds:
        game = tabletop.new_game("smokers_wild", players=3, seed=seed)
        playout(game, rng)
        decisions += game.steps
        seed += 1
    ours = decisions / (time.process_time() - began)
    try:
        import pyspiel

        from benchmarks.envs import rate, spiel_game  # the one random OpenSpiel loop
    except ImportError:
        return ours, None
    return ours, rate(spiel_game(pyspiel.load_game("python_kuhn_poker")), seconds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    ap.add_argument("--study", type=int, default=10_000, help="games in the study (0: none)")
    ap.add_argument("--only", choices=tabletop.GAMES)
    a = ap.parse_args()
    names = [a.only] if a.only else list(tabletop.GAMES)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start")
    print(f"{'game':13} {'random/s':>9} {'heuristic/s':>12} {'ratio':>6} (>= 0.5)"
          + (f"  {a.study:,} heuristic games, every core (<= {STUDY_SECONDS} s)"
             if a.study else ""))
    for name in names:
        runs = [(bot_games(name, "random", a.seconds), bot_games(name, "heuristic", a.seconds))
                for _ in range(a.runs)]  # in turn, so that other work on the machine weighs alike
        rand = statistics.median(r for r, _ in runs)
        heur = statistics.median(h for _, h in runs)
        ok = "ok " if heur >= rand / 2 else "NOT"
        line = f"{name:13} {rand:9.1f} {heur:12.1f} {heur / rand:6.2f} {ok}"
        if a.study:
            took = study_seconds(name, a.study)
            line += (f"  {took:6.1f} s {'ok' if took <= STUDY_SECONDS else 'NOT met'}"
                     f" (load {os.getloadavg()[0]:.1f})")
        print(line, flush=True)
    ours, kuhn = decisions_per_second(a.seconds)
    if kuhn is None:
        print(f"Smokers Wild random playouts: {ours:,.0f} decisions/s "
              "(OpenSpiel not installed: pip install tabletop-kit[rl] to compare)")
    else:
        print(f"Smokers Wild random playouts: {ours:,.0f} decisions/s; OpenSpiel "
              f"python_kuhn_poker: {kuhn:,.0f} decisions/s; ratio {ours / kuhn:.2f}")
    print(f"\nmedian of {a.runs} runs of {a.seconds} CPU s each, one core, random bots")
    for name in names:
        report(name, lambda seed, n=name: tabletop.new_game(n, players=3, seed=seed),
               a.runs, a.seconds, unit="hands" if name == "pitch" else "",
               target=TARGETS.get(name))
    if not a.only:
        report("pitch (4 players)",
               lambda seed: tabletop.new_game("pitch", players=4, seed=seed),
               a.runs, a.seconds, unit="hands")
        report("blackjack (6 seats)",
               lambda seed: BlackjackTable(6, seed, rounds=200, rebuy=True),
               a.runs, a.seconds, unit="hands")


if __name__ == "__main__":
    main()
