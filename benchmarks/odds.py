"""Speed of the probability layer: prints a table of medians against the targets.

    .venv/bin/python benchmarks/odds.py

* vectorised 2d6 sums per second (target >= 50 million/s);
* each board's landing table, exact from scratch (chain built and solved,
  target < 1 s) and in numpy on the built chain (target < 50 ms);
* 10^6 blackjack house hands (target < 0.5 s).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from tabletop.games.hitchiker import odds as hitchiker
from tabletop.games.smokers_wild import odds as smokers_wild
from tabletop.odds.montecarlo import sum_counts

RUNS = 5
SUMS = 50_000_000
HANDS = 1_000_000


def median_seconds(work: Callable[[], object], before: Callable[[], None] = lambda: None) -> float:
    """The median wall time of ``RUNS`` calls of ``work`` (``before`` runs untimed)."""
    times = []
    for _ in range(RUNS):
        before()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    rows: list[tuple[str, str, str, bool]] = []

    seconds = median_seconds(lambda: sum_counts(SUMS, seed=1))
    rate = SUMS / seconds / 1e6
    rows.append(("2d6 sums, vectorised (1 core)", f"{rate:,.0f} M/s", ">= 50 M/s", rate >= 50))

    board_chains = [
        ("Smokers Wild", smokers_wild.landing, smokers_wild.board_chain),
        ("Hitchiker", hitchiker.landing, hitchiker.board_chain),
    ]
    for name, landing, chain in board_chains:
        exact = median_seconds(landing, before=chain.cache_clear)
        landing()  # the chain is built and cached once more for the numpy runs
        fast = median_seconds(lambda landing=landing: landing(exact=False))
        rows.append((f"{name} landing, exact", f"{exact * 1000:,.0f} ms", "< 1000 ms", exact < 1))
        rows.append((f"{name} landing, numpy", f"{fast * 1000:,.1f} ms", "< 50 ms", fast < 0.05))

    seconds = median_seconds(lambda: hitchiker.house_hands(HANDS, seed=1))
    rows.append(("10^6 house hands", f"{seconds * 1000:,.0f} ms", "< 500 ms", seconds < 0.5))

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'median':>12}  {'target':>10}  ok   ({RUNS} runs each)")
    print("-" * (width + 34))
    for label, value, target, ok in rows:
        print(f"{label:<{width}}  {value:>12}  {target:>10}  {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
