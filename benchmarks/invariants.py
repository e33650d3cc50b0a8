"""Play many whole games with bots and check every game's conservation laws after every move.

    python benchmarks/invariants.py                         # 10,000 random + 10,000 heuristic each
    python benchmarks/invariants.py --games 200 --only smokers_wild

What is checked is each game's ``conserved()`` (money in the ledger, cards in play), the
same laws tests/test_conformance.py checks on a few games. Prints one line per game and bot.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

import tabletop
from tabletop.bots import make_bot
from tabletop.core.play import bot_move


def run(name: str, kind: str, games: int, players: int) -> bool:
    """Play ``games`` games; print how they ended; return False at the first broken law."""
    ends: Counter[str] = Counter()
    moves = chance = 0
    start = time.perf_counter()
    for seed in range(games):
        game = tabletop.new_game(name, players=players, seed=seed)
        bots = {p: make_bot(name, kind, seed * 7 + k) for k, p in enumerate(game.players)}
        laws = game.conserved()
        while not game.is_over:
            game.apply(bot_move(game, bots[game.decision.player]))
            if game.conserved() != laws:
                print(f"{name} {kind} seed {seed}: {laws} became {game.conserved()} "
                      f"after move {game.steps}")
                return False
        moves += game.steps
        chance += game.chance_count
        ends[game.result.reason.split(":")[0][:40]] += 1
    took = time.perf_counter() - start
    print(f"{name:13} {kind:9} {games:6} games  {moves + chance:>11,} actions  {took:7.1f} s  "
          f"no law broken; endings: {dict(ends.most_common(3))}")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--only", choices=tabletop.GAMES)
    a = ap.parse_args()
    ok = all(run(name, kind, a.games, a.players)
             for name in ([a.only] if a.only else tabletop.GAMES)
             for kind in ("random", "heuristic"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
