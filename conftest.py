"""Every pytest run (tests, notebooks through nbval, Voilà's kernels in the browser tests)
computes its results afresh: the result cache (``tabletop.cache``) is pointed at an empty
folder of the session, not at the kit's ``.cache/``, so a test never reads a result that an
older run stored. Within the session the entries are shared (a teacher's notebook reuses
a lesson's studies, as in class; the workers of ``pytest -n`` inherit the folder with the
controller's environment). ``TABLETOP_CACHE`` set by hand is kept."""

from __future__ import annotations

import functools
import json
import os
import shutil
import tempfile
from collections import defaultdict
from datetime import datetime
from pathlib import Path

import pytest

from tabletop.cache import ENV

_SESSION_CACHE: list[str] = []


def pytest_configure() -> None:
    if ENV not in os.environ:
        folder = tempfile.mkdtemp(prefix="tabletop-test-cache-")
        _SESSION_CACHE.append(folder)
        os.environ[ENV] = folder


def pytest_unconfigure() -> None:
    for folder in _SESSION_CACHE:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(ENV, None)


# -- predict boxes: each notebook's boxes accept their own answers (TEACHING.md, point 2) --------
BOX_CHECK = Path(__file__).parent / "tests" / "notebooks" / "box_check.py"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """After the last cell of every notebook nbval runs, one more item runs in the same kernel:
    :mod:`tests.notebooks.box_check` types each predict box's exact answer (the notebook is
    not re-executed, and nothing of the check is in the notebook itself). Then the files are
    put longest first (:func:`longest_first`)."""
    add_box_checks(items)
    longest_first(items)


#: About how long one real-browser test takes here (seconds): a page or a server to start.
#: A test marked ``@pytest.mark.seconds(n)`` says its own (lesson pages: about 13).
BROWSER_TEST_S = 60.0


def _seconds(when: str) -> float:
    return datetime.fromisoformat(when.replace("Z", "+00:00")).timestamp()


@functools.cache
def recorded_seconds(path: Path) -> float:
    """How long ``path`` (a notebook) took to run when it was last executed, as the execution
    times saved in its cells' metadata say (0 when they are not saved)."""
    total = 0.0
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        times = cell.get("metadata", {}).get("execution", {})
        if "iopub.execute_input" in times and "shell.execute_reply" in times:
            total += _seconds(times["shell.execute_reply"]) - _seconds(times["iopub.execute_input"])
    return total


def expected_seconds(item: pytest.Item) -> float:
    """A guess at how long ``item`` (a test, not a notebook's cell) takes, to order the files:
    its ``seconds`` mark, a minute a real-browser test, nothing known for the rest."""
    mark = item.get_closest_marker("seconds")
    if mark is not None:
        return float(mark.args[0])
    return BROWSER_TEST_S if item.nodeid.startswith("tests/browser/") else 0.0


def longest_first(items: list[pytest.Item]) -> None:
    """Order the files longest first (each file's items keep their order): a notebook by its
    last execution (:func:`recorded_seconds`), a test file by :func:`expected_seconds` of its
    tests. ``pytest -n`` hands whole files to its workers in this order (``--dist loadfile
    --no-loadscope-reorder``, the Makefile's): the long notebooks and the browser tests start
    first and the many short tests fill in at the end, so no worker is left alone with a
    two-minute test while the others wait."""
    totals: dict[str, float] = defaultdict(float)
    for item in items:
        file = item.nodeid.split("::", 1)[0]
        path = Path(str(item.path))
        if path.suffix == ".ipynb":
            totals[file] = recorded_seconds(path)
        else:
            totals[file] += expected_seconds(item)
    items.sort(key=lambda item: -totals[item.nodeid.split("::", 1)[0]])


def add_box_checks(items: list[pytest.Item]) -> None:
    """The box check after each notebook's last cell."""
    from nbformat import NotebookNode
    from nbval.plugin import IPyNbCell, IPyNbFile

    last: dict[IPyNbFile, int] = {}
    for index, item in enumerate(items):
        if isinstance(item, IPyNbCell):
            last[item.parent] = index
    source = BOX_CHECK.read_text(encoding="utf-8") + "\ncheck_boxes()\n"
    for notebook, index in sorted(last.items(), key=lambda pair: -pair[1]):
        cell = NotebookNode(cell_type="code", source=source, metadata={}, outputs=[],
                            execution_count=None)
        check = IPyNbCell.from_parent(notebook, name="predict boxes accept their answers",
                                      cell_num=items[index].cell_num + 1, cell=cell,
                                      options=defaultdict(bool, check=False))
        items.insert(index + 1, check)
