"""The widget tests build apps in this process, where no event loop runs: an app's bots then
move at once (``GameApp._schedule``). Under ``pytest -n`` a worker may have run a browser test
first, and Playwright's sync API leaves its own loop marked as running in this thread, so an
app would schedule its bots on a loop that never turns. Each widget test runs with no loop
marked as running, as a test run alone does."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def no_running_loop() -> Iterator[None]:
    marked = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    yield
    asyncio._set_running_loop(marked)
