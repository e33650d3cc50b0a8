"""Where `make test`'s time goes: the CPU seconds each test file costs the machine.

Prints a table (not a test). On two cores `make test` is bound by the CPU its processes spend,
not by any one test's wall clock (the workers of ``pytest -n`` wait on each other's studies and
pages), so this runs each file alone, one after the other, as its own pytest process, and
reads the CPU its whole tree used when it ended: pytest, the kernels nbval starts, the Voilà
servers and their kernels, Playwright and Chromium (every process the file started and
reaped). A file's wall clock is printed beside it; on a machine busy with other work the CPU
figure holds, the wall clock does not.

Files run in the order given, sharing one result cache as ``make test`` does: a lesson before
the teacher's sheet and the browser test of the same lesson, or the later ones read the
studies the first computed. Run from the repository root::

    .venv/bin/python -m benchmarks.suite_cost [FILE ...]

Default: every notebook, then every browser test file (CI=true: a missing Chromium fails).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tabletop.cache import ENV as CACHE_ENV
from tools.voila_server import NOTEBOOKS, ROOT

BROWSER = ROOT / "tests" / "browser"


def default_files() -> list[Path]:
    """Lessons and going further first, then the sheets, the landing page, the browser tests."""
    notebooks = sorted(NOTEBOOKS.glob("*/*.ipynb"), key=lambda p: (
        p.parent.name == "teachers", p.name == "index.ipynb", str(p)))
    notebooks += [NOTEBOOKS / "index.ipynb"]
    return notebooks + sorted(BROWSER.glob("test_*.py"))


def cost(path: Path, env: dict[str, str]) -> tuple[float, float, bool]:
    """CPU seconds of ``pytest <path>``'s whole process tree, its wall seconds, and whether
    it passed."""
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
               str(path.relative_to(ROOT))]
    started = time.monotonic()
    with subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL) as process:
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_utime + usage.ru_stime, time.monotonic() - started, status == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path, help="test files or notebooks")
    args = parser.parse_args()
    files = [path.resolve() for path in args.files] or default_files()
    with tempfile.TemporaryDirectory(prefix="suite-cost-cache-") as cache:
        env = {**os.environ, CACHE_ENV: cache, "CI": "true"}
        rows = []
        print(f"{'CPU s':>8} {'wall s':>8}  file", flush=True)
        for path in files:
            cpu, wall, passed = cost(path, env)
            rows.append((cpu, path))
            mark = "" if passed else "  (failed)"
            print(f"{cpu:8.1f} {wall:8.1f}  {path.relative_to(ROOT)}{mark}", flush=True)
    total = sum(cpu for cpu, _ in rows)
    print(f"{total:8.1f}           every file ({total / 2 / 60:.1f} minutes on two cores "
          "were they always busy)")
    print("\nMost costly first:")
    for cpu, path in sorted(rows, key=lambda row: row[0], reverse=True)[:15]:
        print(f"{cpu:8.1f}  {path.relative_to(ROOT)}  ({cpu / total:.0%})")


if __name__ == "__main__":
    main()
