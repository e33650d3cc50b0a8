"""Every pytest run (tests, notebooks through nbval, Voilà's kernels in the browser tests)
computes its results afresh: the result cache (``tabletop.cache``) is pointed at an empty
folder of the session, not at the kit's ``.cache/``, so a test never reads a result that an
older run stored. Within the session the entries are shared (a teacher's notebook reuses
the walkthrough's studies, as in class). ``TABLETOP_CACHE`` set by hand is kept."""

from __future__ import annotations

import os
import shutil
import tempfile

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
