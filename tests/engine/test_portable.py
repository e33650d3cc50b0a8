"""The engine imports and plays where a browser's Python runs it (issue 34, point 8): no
worker processes, no threads, and a 32-bit numpy whose ``np.bincount`` refuses 64-bit
integers. Each is imposed on a fresh interpreter before ``tabletop`` is imported."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from tabletop import GAMES

CONFINED = textwrap.dedent("""
    import sys
    sys.modules["multiprocessing"] = None       # `import multiprocessing` raises ImportError
    sys.modules["_multiprocessing"] = None
    import threading

    def no_threads(self, *args, **kwargs):
        raise RuntimeError("can't start new thread")

    threading.Thread.start = no_threads
    import numpy as np

    bincount = np.bincount

    def bincount_32bit(x, *args, **kwargs):
        x = np.asarray(x)
        if not np.can_cast(x.dtype, np.int32, "safe"):
            raise TypeError(f"Cannot cast array data from {x.dtype} to int32 (32-bit numpy)")
        return bincount(x, *args, **kwargs)

    np.bincount = bincount_32bit
""")

PLAY = textwrap.dedent("""
    import random
    from tabletop import load, new_game
    from tabletop.odds.montecarlo import sum_counts

    for name in sys.argv[1:]:
        game = new_game(name, 3, seed=7)
        pick = random.Random(7)
        for _ in range(20_000):
            if game.decision is None:
                break
            game.apply(pick.choice(game.legal_actions()))
        assert load(game.save()).save() == game.save(), name
    here = sum_counts(36_000, 5, workers=1)
    asked_for_workers = sum_counts(36_000, 5, workers=2)
    assert (here == asked_for_workers).all() and here.sum() == 36_000
    assert sum_counts(3_000, 5, dice=3).sum() == 3_000
    print("played", len(sys.argv) - 1)
""")


def test_the_engine_plays_with_no_processes_no_threads_and_a_32_bit_bincount() -> None:
    env = {**os.environ, "TABLETOP_CACHE": "off"}
    done = subprocess.run([sys.executable, "-c", CONFINED + PLAY, *sorted(GAMES)], env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == f"played {len(GAMES)}"
