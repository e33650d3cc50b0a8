"""Random clicking as a test (issue 36): a teacher presses, seeded, whatever buttons each of
the five dashboards offers, including **Open a shared table** twice in a hurry; then four
pages at one Pitch table (the teacher's, two students', the projector) press buttons while
the server is stopped and started once under them. Afterwards every table's moves replay,
every page at a table shows the game the store has, and no page shows an error. The moves
the store refused are counted from the server's log (one line each) and printed."""

from __future__ import annotations

import random
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from tabletop.tables import ENV, TableStore
from tools.voila_server import NOTEBOOKS, ROOT, free_port, is_listening, kit_env, voila_command
from tools.voila_server import stop as stop_server

from .conftest import ARTIFACTS, TIMEOUT_MS, VoilaPage
from .pages import LOG_COUNT, STEP, app_error, close

SEED = 36
GAMES = ("hitchiker", "smokers_wild", "hip_town", "pitch", "rush")
PRESSES = 5  # per dashboard, then per page at the shared table, before and after the restart
LOG = ARTIFACTS / "voila-random-clicks.log"
#: Presses one of the app's visible, enabled buttons, picked by ``r`` in [0, 1) among those
#: not matching ``skip``; returns its label ("" when none is offered).
PRESS = """([r, skip]) => {
  const offered = [...document.querySelectorAll('.tt-app button')].filter(b =>
    b.offsetParent !== null && !b.disabled && !(skip && b.matches(skip)));
  if (!offered.length) return '';
  const button = offered[Math.floor(r * offered.length)];
  button.click();
  return (button.textContent || button.title || button.className).trim();
}"""
#: Presses a button even while it is hidden: a press already on its way when it gave way.
PRESS_HIDDEN = "(selector) => document.querySelector(selector).click()"
#: Where the page is: its table's code ("" when none), and its step and number of events.
WHERE = f"""() => {{
  const here = document.querySelector('.tt-share-here');
  const ended = here && here.querySelector('.tt-illegal') &&
      !/trying again/.test(here.textContent);
  return [here && !ended ? here.dataset.code : '', ({STEP})(), ({LOG_COUNT})()];
}}"""


class Server:
    """Voilà on one port, stopped and started again on the same port (pages reload)."""

    def __init__(self, url: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.env = {**kit_env(), ENV: url}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        with LOG.open("ab") as log:
            self.process = subprocess.Popen(
                [*voila_command(NOTEBOOKS), f"--port={self.port}"], cwd=ROOT, env=self.env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while not is_listening(self.port):
            assert self.process.poll() is None and time.monotonic() < deadline, "no Voilà"
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process is not None:
            stop_server(self.process)
            self.process = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    LOG.unlink(missing_ok=True)
    running = Server(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    running.start()
    yield running
    running.stop()


def devices(browser: Browser, base: str, paths: list[str]) -> list[VoilaPage]:
    """A device of its own (a browser context) at each ``notebooks/<path>``, opened together,
    returned once all are ready."""
    opened = []
    for path in paths:
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        page.set_default_timeout(TIMEOUT_MS)
        voila = VoilaPage(page, base)
        voila.watch()
        page.goto(f"{base}/voila/render/{path}", wait_until="commit")
        opened.append(voila)
    for voila in opened:
        voila.wait_until_ready(".tt-app")
    return opened


def press(voila: VoilaPage, rng: random.Random, skip: str = "") -> str:
    """One seeded press of a button the page offers, and a moment for the kernel."""
    label = str(voila.page.evaluate(PRESS, [rng.random(), skip]))
    voila.page.wait_for_timeout(rng.choice((50, 200, 500)))
    return label


def open_table(voila: VoilaPage) -> str:
    """The teacher presses Open a shared table: the code of the table it opened."""
    voila.page.locator("button.tt-share-open").click()
    voila.page.wait_for_selector(".tt-share-message:has-text('is open')")
    text = voila.page.inner_text(".tt-share-message")
    return re.search(r"Table (\w{5}) is open", text).group(1)


def where(voila: VoilaPage) -> tuple[str, int, int]:
    code, steps, events = voila.page.evaluate(WHERE)
    return str(code), int(steps), int(events)


def settled(store: TableStore, pages: list[VoilaPage]) -> None:
    """Wait until every page at a table shows the store's game (bots may still be moving:
    compare once the store has not changed for a second), and check it does."""
    deadline = time.monotonic() + 60
    while True:
        shown = {id(v): where(v) for v in pages}
        games = {code: store.game(code) for code, _, _ in shown.values() if code}
        time.sleep(1.0)
        same = all(store.table(code).steps == game.steps for code, game in games.items())
        matching = all(not code or (steps, events) == (games[code].steps,
                                                       len(games[code].events))
                       for code, steps, events in shown.values())
        if same and matching:
            return
        assert time.monotonic() < deadline, f"pages {shown} never showed the store's game"


def assert_clean(pages: list[VoilaPage]) -> None:
    for voila in pages:
        assert app_error(voila.page) == "", app_error(voila.page)
        voila.assert_no_errors()


def test_random_presses_keep_every_table_legal_and_every_page_true(
        browser: Browser, server: Server, tmp_path: Path) -> None:
    rng = random.Random(SEED)
    store = TableStore(server.env[ENV])
    pressed: list[str] = []
    dashboards = dict(zip(GAMES, devices(browser, server.base,
                                         [f"play/{game}.ipynb" for game in GAMES]), strict=True))
    hurried = dashboards["hitchiker"]  # Open a shared table, and again 1.5 s later
    first = open_table(hurried)
    hurried.page.wait_for_timeout(1500)
    hurried.page.evaluate(PRESS_HIDDEN, "button.tt-share-open")
    hurried.page.wait_for_function(  # the page answers the second press
        "code => !document.querySelector('.tt-share-message').textContent.startsWith("
        "`Table ${code} is open`)", arg=first)
    assert len(store.tables("hitchiker")) == 1
    assert "no other table was opened" in hurried.page.inner_text(".tt-share-message")
    for voila in dashboards.values():
        pressed += [press(voila, rng) for _ in range(PRESSES)]
    settled(store, list(dashboards.values()))
    assert_clean(list(dashboards.values()))

    teacher = dashboards.pop("pitch")
    close(*dashboards.values())
    if where(teacher)[0]:  # a table of its own from the random presses: close it first
        teacher.page.locator("button.tt-share-close").click()
        teacher.page.wait_for_selector(".tt-share-message:has-text('is closed')")
    code = open_table(teacher)
    links = [a.get_attribute("href") for a in teacher.page.locator(".tt-seat-link").all()]
    pages = [teacher, *devices(browser, server.base, [
        f"play/pitch.ipynb?table={code}", *(f"play/pitch.ipynb{href}" for href in links[:2])])]
    keep_table = "button.tt-share-open, button.tt-share-close"  # the class stays at one table
    for rounds in range(2):
        for _ in range(PRESSES):
            for voila in pages:
                pressed.append(press(voila, rng, keep_table))
        settled(store, pages)
        assert_clean(pages)
        if rounds == 0:  # the server stops and starts under the pages; they reload
            server.stop()
            for voila in pages:
                voila.page.wait_for_selector("#tt-offline", state="attached")
            server.start()
            # The teacher's page was the bare dashboard: once it has reloaded itself (a goto
            # during that reload is aborted), it is sent to watch the table.
            teacher.page.wait_for_selector("#tt-offline", state="detached",
                                           timeout=2 * TIMEOUT_MS)
            teacher.wait_until_ready(".tt-app")
            teacher.page.goto(f"{server.base}/voila/render/play/pitch.ipynb?table={code}",
                              wait_until="commit")
            for voila in pages:
                voila.page.wait_for_selector("#tt-offline", state="detached",
                                             timeout=2 * TIMEOUT_MS)
                voila.wait_until_ready(".tt-share-here")
                voila.errors.clear()  # the failed requests while the server was away

    for info in store.tables():  # every table's moves replay (store.game raises if not)
        assert store.game(info.code).steps == info.steps
    assert store.table(code).steps > 0
    refused = len(re.findall(r"refused move", LOG.read_text(errors="replace")))
    print(f"{len(pressed)} presses, {len(store.tables())} tables, "
          f"{sum(t.steps for t in store.tables())} moves kept, {refused} refused by the store")
    close(*pages)
    store.close()
