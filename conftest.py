"""Every pytest run (tests, notebooks through nbval, Voilà's kernels in the browser tests)
computes its results afresh: the result cache (``tabletop.cache``) is pointed at an empty
folder of the session, not at the kit's ``.cache/``, so a test never reads a result that an
older run stored. Within the session the entries are shared (a teacher's notebook reuses
a lesson's studies, as in class; the workers of ``pytest -n`` inherit the folder with the
controller's environment). ``TABLETOP_CACHE`` set by hand is kept."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import defaultdict
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
    not re-executed, and nothing of the check is in the notebook itself)."""
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
