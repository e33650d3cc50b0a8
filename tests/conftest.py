"""Test order, and the event loop the tests outside the browser see.

The real-browser tests run last: they are the slowest. Playwright's synchronous API leaves
an asyncio loop marked as running in the main thread once it has started; every other test
expects a plain Python thread with no loop (an app's bots then move at once, as in a script;
``asyncio.run`` works). Under ``pytest -n`` a worker may still run such a test after a
browser test, so each of them runs with no loop marked as running, as a test run alone does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.nodeid.startswith("tests/browser/"))


@pytest.fixture(autouse=True)
def no_running_loop(request: pytest.FixtureRequest) -> Iterator[None]:
    if request.node.nodeid.startswith("tests/browser/"):
        yield
        return
    marked = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    yield
    asyncio._set_running_loop(marked)
