"""The seconds each test file took in the last `make test`, kept in ``tests/durations.json``
so that the next run starts the longest files first (``tests/conftest.py``).

On two cores `make test` ends when its last worker ends: a worker that picks up a four-minute
notebook near the end runs on alone while the others wait. `make test` writes a JUnit report
(``test-artifacts/junit.xml``); this sums its times per file (a notebook, a test module) and
writes the table, whole seconds, longest first::

    .venv/bin/python -m tools.test_durations [REPORT]

The table is a hint for the order only: a file missing from it runs among the first.
"""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REPORT = ROOT / "test-artifacts" / "junit.xml"
TABLE = ROOT / "tests" / "durations.json"


def file_of(classname: str) -> str:
    """The path of a JUnit test case's file: ``notebooks.pitch.lesson_1.ipynb`` is
    ``notebooks/pitch/lesson_1.ipynb``, ``tests.browser.test_grid`` is
    ``tests/browser/test_grid.py``."""
    if classname.endswith(".ipynb"):
        return classname.removesuffix(".ipynb").replace(".", "/") + ".ipynb"
    parts = classname.split(".")
    while parts and not parts[-1].startswith("test"):  # a class inside the module
        parts.pop()
    return "/".join(parts) + ".py"


def durations(report: Path) -> dict[str, int]:
    """Seconds per file of ``report``, longest first."""
    seconds: Counter[str] = Counter()
    for case in ET.parse(report).iter("testcase"):
        seconds[file_of(case.get("classname", ""))] += float(case.get("time", 0))
    return {name: round(total) for name, total in seconds.most_common()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", nargs="?", type=Path, default=REPORT,
                        help=f"a JUnit report (default: {REPORT.relative_to(ROOT)})")
    args = parser.parse_args()
    table = durations(args.report)
    TABLE.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"{len(table)} files, {sum(table.values())} s in all: {TABLE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
