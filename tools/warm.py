"""Warm the result cache: run every lesson, going-further and teacher's notebook once, headless, so
that the pages a class opens read their seeded studies instead of computing them
(``make warm``; ``make play`` does it first when the code or a notebook has changed).

Each notebook runs twice: the second run reads the first one's results and keeps the few
pictures that differ then (a figure saved as a file during the first run was drawn, which
can move its axes before it is shown; in the second run it is read, not drawn: another
picture, the one every student's page asks for; widgets/figures.py).

Also removes the entries of older versions of the code and trims the cache to its limit
(tabletop/cache.py). Prints each notebook's times. With ``TABLETOP_CACHE=off`` it does nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from tabletop import cache

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TIMEOUT_S = 900


def notebooks() -> list[Path]:
    """The notebooks whose results are cached: every game's lessons and going-further
    notebook, the primer's lessons, the teachers' sheets (not the landing page or the
    dashboards, which compute nothing ahead)."""
    return sorted(p for p in NOTEBOOKS.glob("*/*.ipynb") if p.parent.name != "play")


def run(path: Path) -> None:
    """Execute ``path`` in the kit's kernel (its outputs are not saved)."""
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=TIMEOUT_S, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()


def main(argv: list[str] | None = None) -> int:
    """``python -m tools.warm [NOTEBOOK ...]`` (default: every notebook of :func:`notebooks`)."""
    chosen = [Path(p).resolve() for p in (sys.argv[1:] if argv is None else argv)]
    base = cache.base_folder()
    if base is None:
        print("The result cache is off (TABLETOP_CACHE, or joblib missing): nothing to warm.")
        return 0
    removed = cache.prune(base)
    print(f"Warming {base} (code {cache.code_fingerprint()}; {removed} old version(s) removed)")
    for path in chosen or notebooks():
        times = []
        for _ in range(2):  # the second run keeps what differs once results are read
            start = time.perf_counter()
            run(path)
            times.append(time.perf_counter() - start)
        print(f"  {path.relative_to(NOTEBOOKS)}: {times[0]:.1f} s, then {times[1]:.1f} s",
              flush=True)
    cache.prune(base)
    size = sum(f.stat().st_size for f in base.rglob("*") if f.is_file()) / 2**20
    print(f"Cache warm: {size:.1f} MB (limit {cache.LIMIT})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
