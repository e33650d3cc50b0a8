"""Test order: everything else first, the real-browser tests last.

The browser tests are the slowest, and Playwright's synchronous API leaves an asyncio
loop running in the main thread once it has started; the widget tests expect a plain
Python thread with no loop (bots then move at once, as in a script), so they run before.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: "tests/browser/" in item.nodeid)
