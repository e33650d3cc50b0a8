"""The classroom server as a teacher meets it: a page that is closed or reloaded gives its
kernel back at once, so a class that reloads does not fill the server (every page's requests
staying on the server is checked by ``assert_no_errors`` in every browser test; that the
address Voilà prints, the server root, opens the landing page is checked in
``test_landing``, on the landing page's one load)."""

from __future__ import annotations

import time

import psutil
from playwright.sync_api import Browser

from tools.voila_server import Server

from .conftest import TIMEOUT_MS, VoilaPage

#: A closed page's kernel must be gone within this many seconds.
GIVE_BACK_S = 60.0


def kernels(server: Server) -> set[int]:
    """The process ids of the server's running kernels."""
    found = set()
    for process in psutil.Process(server.process.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(process.cmdline()):
                found.add(process.pid)
        except psutil.Error:  # exited, or exiting (a zombie): not running any more
            continue
    return found


def gone_within(server: Server, pid: int) -> float:
    """Seconds until kernel ``pid`` has exited (fails after GIVE_BACK_S)."""
    start = time.monotonic()
    while pid in kernels(server):
        assert time.monotonic() - start < GIVE_BACK_S, f"kernel {pid} is still running"
        time.sleep(0.2)
    return time.monotonic() - start


def test_a_closed_or_reloaded_page_gives_its_kernel_back(browser: Browser,
                                                         voila_server: Server) -> None:
    context = browser.new_context()  # a new device: no cookie yet
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    voila = VoilaPage(page, voila_server.url)
    voila.watch()
    before = kernels(voila_server)
    page.goto(f"{voila_server.url}/voila/render/play/smokers_wild.ipynb")
    voila.wait_until_ready(".tt-board canvas")
    fresh = kernels(voila_server) - before
    assert len(fresh) == 1, f"one kernel for the page, not {fresh}"
    (first,) = fresh
    page.reload()
    voila.wait_until_ready(".tt-board canvas")
    assert gone_within(voila_server, first) < GIVE_BACK_S
    fresh = kernels(voila_server) - before
    assert len(fresh) == 1, f"one kernel for the reloaded page, not {fresh}"
    (second,) = fresh
    voila.assert_no_errors()
    page.goto("about:blank")
    assert gone_within(voila_server, second) < GIVE_BACK_S
    context.close()
