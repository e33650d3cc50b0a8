"""Each notebook's execution time, cold (an empty result cache) and warm (the same cache again).

Prints a table (not a test): the seconds the kernel spends running every cell of each
notebook (its start-up not counted), first with an empty result cache, then again with the
cache the first run filled, and the cache's size at the end (targets, issue 18: a warm
walkthrough under 2 s, the cache under 200 MB). Each run gives the wall-clock time and the
kernel's own CPU time (``time.process_time()`` in the kernel): on a machine shared with other
work the wall clock counts their load too, the CPU time hardly. Run from the repository root::

    .venv/bin/python -m benchmarks.notebooks [NOTEBOOK ...] [--runs cold warm]

The cache is a temporary folder (``TABLETOP_CACHE``), never the kit's own ``.cache/``.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

from tabletop.cache import ENV as CACHE_ENV
from tools.voila_server import NOTEBOOKS, ROOT

TIMEOUT_S = 900


def notebooks() -> list[Path]:
    """The lessons, going-further notebooks, the primer's lessons, the teachers' sheets and
    the landing page."""
    return sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(
        p for p in NOTEBOOKS.glob("*/*.ipynb") if p.parent.name != "play")


#: Run in the kernel before and after the notebook: the CPU seconds it and the worker
#: processes it has waited for have used so far.
CPU_PROBE = "import os as _bench_os; print(sum(_bench_os.times()[:4]))"


def kernel_cpu(client: NotebookClient) -> float:
    """The CPU seconds the kernel of ``client`` has used so far."""
    probe = nbformat.v4.new_code_cell(CPU_PROBE)
    client.execute_cell(probe, 0)
    return float(probe.outputs[0]["text"])


def cell_times(path: Path) -> tuple[dict[int, float], float]:
    """Seconds the kernel takes to run each code cell of ``path`` (after it has started), and
    the kernel's CPU seconds for them all."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=TIMEOUT_S, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    times: dict[int, float] = {}
    with client.setup_kernel():
        cpu = kernel_cpu(client)
        for index, cell in enumerate(nb.cells):
            start = time.perf_counter()
            client.execute_cell(cell, index)
            if cell.cell_type == "code":
                times[index] = time.perf_counter() - start
        cpu = kernel_cpu(client) - cpu
    return times, cpu


def size_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks (default: all)")
    parser.add_argument("--runs", nargs="+", default=["cold", "warm"])
    parser.add_argument("--slowest", type=int, default=0,
                        help="also print each notebook's slowest cells of the last run")
    args = parser.parse_args()
    paths = [p.resolve() for p in args.paths] or notebooks()
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    with tempfile.TemporaryDirectory(prefix="tabletop-cache-") as cache:
        os.environ[CACHE_ENV] = cache
        cells = {run: {p: cell_times(p) for p in paths} for run in args.runs}
        total_mb = size_mb(Path(cache))
    print(f"{'notebook':<36}" + "".join(f"{run + ' wall':>11}{run + ' cpu':>10}"
                                        for run in args.runs))
    for p in paths:
        row = "".join(f"{sum(cells[run][p][0].values()):>10.1f}s{cells[run][p][1]:>9.1f}s"
                      for run in args.runs)
        print(f"{p.relative_to(NOTEBOOKS)!s:<36}{row}")
        slow = sorted(cells[args.runs[-1]][p][0].items(), key=lambda c: -c[1])[:args.slowest]
        for index, seconds in slow:
            print(f"    cell {index:<4}{seconds:>27.2f}s")
    print(f"cache size after the runs: {total_mb:.1f} MB (target < 200 MB)")


if __name__ == "__main__":
    main()
