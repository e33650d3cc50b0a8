"""Test order, and the event loop the tests outside the browser see.

The real-browser tests run last: they are the slowest, and a lesson's page reads the studies
nbval has computed by then. Before them run the files that read the lessons' studies too (the
teachers' sheets, the lessons run again without their skippable cells), and before those
everything else. In each group the files that took longest in the last run start first
(``tests/durations.json``, written by ``tools/test_durations.py``; a file not in it counts as
the longest): with ``pytest -n --dist loadfile --no-loadscope-reorder`` each worker takes the
next file when it is free, so no long file is left for the end while the others wait.

Playwright's synchronous API leaves an asyncio loop marked as running in the main thread once
it has started; every other test expects a plain Python thread with no loop (an app's bots then
move at once, as in a script; ``asyncio.run`` works). Under ``pytest -n`` a worker may still run
such a test after a browser test, so each of them runs with no loop marked as running, as a
test run alone does.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

DURATIONS = Path(__file__).parent / "durations.json"
#: Files that read the studies the lessons compute (they would wait for them if run first).
READERS = ("notebooks/teachers/", "notebooks/index.ipynb", "tests/notebooks/test_skippable.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    seconds = json.loads(DURATIONS.read_text(encoding="utf-8"))
    longest = max(seconds.values(), default=0) + 1

    def order(item: pytest.Item) -> tuple[bool, bool, int]:
        path = item.nodeid.split("::")[0]
        return (path.startswith("tests/browser/"), path.startswith(READERS),
                -seconds.get(path, longest))

    items.sort(key=order)  # stable: a file's items (a notebook's cells) keep their order


@pytest.fixture(autouse=True)
def no_running_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.nodeid.startswith("tests/browser/"):
        yield
        return
    marked = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    yield
    asyncio._set_running_loop(marked)
