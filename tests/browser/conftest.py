"""Browser test harness: Voilà on 127.0.0.1 driven by Debian's Chromium through Playwright.

Fixtures for tests in this folder:

- ``voila_server`` / ``voila_url``: one Voilà server (tree mode over ``notebooks/``, started
  by ``tools/voila_server.py`` from the repository root so that it reads the project's
  ``voila.json`` and finds the kit's template), shared by the session, and its base URL.
  Its shared tables are kept in a SQLite file of the session (``tables_url``), which
  ``store`` opens for a test.
- ``open_voila``: ``open_voila("play/rush.ipynb")`` opens a rendered notebook, waits until
  the page is interactive, and returns a :class:`VoilaPage` that collects the page's errors
  and every request it makes: a kit page asks nothing of any server but this one.

What tests do on a game's page (read the log, set the pace, wait for a student's turn)
is in ``pages.py``. Screenshots and Voilà's log go to ``test-artifacts/``. Without
``/usr/bin/chromium`` the tests are skipped, except under CI (``CI=true``) where that is
a failure.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Page, Response, expect

from tabletop.tables import ENV, TableStore
from tools.voila_server import NOTEBOOKS, ROOT, Server, kit_env, serve, voila_command

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Pages opened together stay at full speed even when not in front (ten at once).
    "--disable-renderer-backgrounding",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
]
TIMEOUT_MS = 60_000
ERROR_TEXT = "There was an error when executing cell"

expect.set_options(timeout=TIMEOUT_MS)


def in_ci() -> bool:
    """True when running under CI (the ``CI`` environment variable is set to true)."""
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium (``playwright install`` cannot download a browser here)."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is missing: run `apt-get install -y chromium` (or `make setup`)"
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": CHROMIUM_ARGS,
        "headless": True,
        "timeout": TIMEOUT_MS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A laptop-sized window for every page."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture(scope="session")
def tables_url() -> Iterator[str]:
    """The shared tables' store of the session's Voilà server (a SQLite file)."""
    with tempfile.TemporaryDirectory(prefix="tabletop-tables-") as folder:
        yield f"sqlite:///{folder}/tables.sqlite"


@pytest.fixture
def store(tables_url: str) -> Iterator[TableStore]:
    """The store of the session's Voilà server."""
    opened = TableStore(tables_url)
    yield opened
    opened.close()


@pytest.fixture(scope="session")
def voila_server(tables_url: str) -> Iterator[Server]:
    """Start Voilà over ``notebooks/`` with the project's ``voila.json``."""
    ARTIFACTS.mkdir(exist_ok=True)
    env = {**kit_env(), ENV: tables_url}
    with serve(voila_command(NOTEBOOKS), env=env, log=ARTIFACTS / "voila.log") as server:
        yield server


@pytest.fixture(scope="session")
def voila_url(voila_server: Server) -> str:
    """The base URL of the session's Voilà server."""
    return voila_server.url


@dataclass
class VoilaPage:
    """A rendered notebook in the browser and every error it reported."""

    page: Page
    base_url: str
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def watch(self) -> None:
        """Record every request, uncaught exceptions, console errors and failed requests."""
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        self.page.on("console", self._on_console)
        self.page.on("requestfailed", self._on_request_failed)
        self.page.on("response", self._on_response)

    def _is_local(self, url: str) -> bool:
        return url.startswith(self.base_url)

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            url = message.location.get("url", "")
            self.errors.append(f"console error: {message.text} ({url})")

    def _on_request_failed(self, request: Any) -> None:
        # A reloaded page's beacon asking Voilà to shut its kernel down is sent as the page
        # goes, and reported aborted although the server receives it.
        if "/voila/api/shutdown/" in request.url and "ERR_ABORTED" in str(request.failure):
            return
        self.errors.append(f"request failed: {request.url} {request.failure}")

    def _on_response(self, response: Response) -> None:
        if self._is_local(response.url) and response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")

    def wait_until_ready(self, selector: str | None = None) -> None:
        """Wait for Voilà's spinner to go and its app shell to appear (and ``selector``)."""
        self.page.wait_for_selector("#loading", state="detached")
        self.page.wait_for_selector(".jp-LabShell", state="attached")
        if selector is not None:
            self.page.wait_for_selector(selector, state="visible")

    def body_text(self) -> str:
        """The visible text of the page."""
        return self.page.inner_text("body")

    def elsewhere(self) -> list[str]:
        """The requests that went anywhere but the Voilà server (none, offline or not)."""
        return [url for url in self.requests
                if not self._is_local(url) and not url.startswith(("data:", "about:", "blob:"))]

    def assert_no_errors(self) -> None:
        """Fail when a cell raised (Voilà's error text), the browser reported an error, or the
        page asked anything of a server but the kit's."""
        assert ERROR_TEXT not in self.body_text(), f"a cell failed on {self.page.url}"
        assert not self.errors, "\n".join(self.errors)
        assert not self.elsewhere(), f"requests beyond the server: {self.elsewhere()}"

    def screenshot(self, name: str) -> Path:
        """Save a full-page screenshot as ``test-artifacts/<name>.png``."""
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path


@pytest.fixture
def open_voila(page: Page, voila_url: str) -> Iterator[Callable[..., VoilaPage]]:
    """Open ``notebooks/<path>`` rendered by Voilà: ``open_voila(path, selector=None)``.

    Waits until the page is interactive (and ``selector`` is visible, e.g.
    ``".jupyter-widgets"`` for a dashboard). At teardown the page goes to
    ``about:blank`` so that Voilà can shut that page's kernel down.
    """
    page.set_default_timeout(TIMEOUT_MS)
    page.set_default_navigation_timeout(TIMEOUT_MS)

    def open_page(path: str, selector: str | None = None) -> VoilaPage:
        voila_page = VoilaPage(page, voila_url)
        voila_page.watch()
        page.goto(f"{voila_url}/voila/render/{path}")
        voila_page.wait_until_ready(selector)
        return voila_page

    yield open_page
    page.goto("about:blank")
