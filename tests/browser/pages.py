"""What every browser test does on a game's page: read the app's state from the DOM, set
the pace, start a seeded game, wait for a student's turn (the harness is in conftest.py)."""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Callable

from playwright.sync_api import Page

from tools.voila_server import ROOT

from .conftest import ARTIFACTS, TIMEOUT_MS, VoilaPage

#: The landing page's table of games.
LANDING = "table.tabletop-landing"
#: A student is asked something: a choice button or the amount's OK button shows.
HUMAN_TURN = ".tt-actions button.tt-action:visible, .tt-actions .tt-confirm:visible"
#: A card of the hand that can be played now.
CARD = ".tt-hand button.tt-card:enabled"
#: A choice button or the amount's OK button (visible or not).
ACTION = ".tt-actions button.tt-action, .tt-actions .tt-confirm"
#: A hash of the board's pixels (every canvas in the board), compared before and after a move.
BOARD_SIGNATURE = """() => {
  let h = 0;
  for (const c of document.querySelectorAll('.tt-board canvas')) {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) {
      h = (h * 31 + d[i] + 3 * d[i + 1] + 7 * d[i + 2] + 11 * d[i + 3]) | 0;
    }
  }
  return String(h);
}"""
#: Records, in each page, when it first showed each step (ms since the epoch).
WATCH_STEPS = """() => {
  window.ttSeen = {};
  const look = () => {
    const mark = document.querySelector('.tt-step');
    const s = mark && mark.dataset.step;
    if (s !== undefined && !(s in window.ttSeen)) window.ttSeen[s] = Date.now();
    requestAnimationFrame(look);
  };
  look();
}"""
#: Clicks the first visible element matching the selector; returns the time of the click.
CLICK = """(selector) => {
  const button = [...document.querySelectorAll(selector)].find(b => b.offsetParent !== null);
  const t = Date.now();
  button.click();
  return t;
}"""
#: How many events the log shows.
LOG_COUNT = "() => Number(document.querySelector('.tt-log-list').dataset.count)"
#: Markdown cells that hold money (a figure with thousands separators, "dollars" or a $ sign),
#: and which of them MathJax typeset (an mjx-container inside: the text between two $ signs
#: comes out as italic run-together math).
MONEY_CELLS = """() => [...document.querySelectorAll('.jp-RenderedMarkdown')]
    .filter(cell => /\\d,\\d{3}|dollar|\\$/.test(cell.textContent))
    .map(cell => ({typeset: cell.querySelector('mjx-container, .MathJax') !== null,
                   text: cell.textContent.trim().slice(0, 80)}))"""
#: MathJax typesets after the page has loaded: money is read this long after the page was
#: ready, at the least.
TYPESET_MS = 2_000
#: The number of moves the action bar is up to date with.
STEP = "() => Number(document.querySelector('.tt-step').dataset.step)"


def board_signature(page: Page) -> str:
    return str(page.evaluate(BOARD_SIGNATURE))


def log_count(page: Page) -> int:
    return int(page.evaluate(LOG_COUNT))


def step(page: Page) -> int:
    return int(page.evaluate(STEP))


def app_error(page: Page) -> str:
    """The text of the app's error area ("" when no callback failed)."""
    return page.inner_text(".tt-error").strip()


def visible_choices(page: Page) -> list[str]:
    """The choices (button tooltips) the action bar offers."""
    buttons = page.locator(".tt-actions button.tt-action:visible")
    return [buttons.nth(k).get_attribute("title") or "" for k in range(buttons.count())]


def amount_limits(page: Page) -> tuple[int, int, int]:
    """The low, high and step the action bar shows for the amount asked."""
    numbers = [int(n) for n in re.findall(r"-?\d+", page.inner_text(".tt-limits").replace(",", ""))]
    low, high = numbers[0], numbers[1]
    return low, high, numbers[2] if len(numbers) > 2 else 1


def assert_money_not_typeset(voila: VoilaPage, ready_at: float) -> None:
    """The page shows money in Markdown, and none of it typeset as math: read at least
    :data:`TYPESET_MS` after ``ready_at`` (``time.monotonic()`` when the page was ready), so
    that a check made on a page already open for something else waits only what is left."""
    left = TYPESET_MS - (time.monotonic() - ready_at) * 1000
    if left > 0:
        voila.page.wait_for_timeout(left)
    cells = voila.page.evaluate(MONEY_CELLS)
    assert cells, "no Markdown cell with money found: the check would prove nothing"
    typeset = [cell["text"] for cell in cells if cell["typeset"]]
    assert not typeset, f"money typeset as math in: {typeset}"


def set_pace_to_zero(page: Page) -> None:
    """Bots move without pause: focus the pace slider and press Home."""
    page.locator(".tt-pace .noUi-handle").focus()
    page.keyboard.press("Home")
    page.wait_for_function(
        "() => document.querySelector('.tt-pace .widget-readout').textContent.trim() === '0.0'"
    )


def new_game_with_seed(page: Page, seed: int) -> None:
    """Type ``seed`` in the seed box, press "New game" and wait for the app to say so."""
    page.locator(".tt-seed input").fill(str(seed))
    page.locator(".tt-seed input").press("Enter")
    page.locator("button.tt-new").click()
    page.wait_for_selector(f".tt-load-message:has-text('New game, seed {seed}')")


def wait_for_student(page: Page, after: int = -1) -> None:
    """Wait until the app has shown a move later than ``after`` and a student is asked."""
    page.wait_for_function(f"() => ({STEP})() > {after}", polling=100)
    page.wait_for_selector(HUMAN_TURN, state="visible")


def dashboard_from_landing(open_voila: Callable[..., VoilaPage],
                           game: str) -> tuple[VoilaPage, VoilaPage]:
    """Open the landing page and follow ``game``'s "play" link: the landing page and the
    dashboard, both watched for errors, the dashboard ready."""
    landing = open_voila("index.ipynb", selector=LANDING)
    return landing, follow_play_link(landing, game)


def follow_play_link(landing: VoilaPage, game: str,
                     ready: str = ".tt-board canvas") -> VoilaPage:
    """Follow ``game``'s "play" link on the ``landing`` page (JupyterLab opens it in a new
    tab): the dashboard, watched for errors, once ``ready`` shows."""
    row = landing.page.locator(f"{LANDING} tbody tr", has_text=game)
    with landing.page.context.expect_page() as opened:
        row.locator("a", has_text="play").click()
    dashboard = VoilaPage(opened.value, landing.base_url)
    dashboard.watch()
    dashboard.page.set_default_timeout(TIMEOUT_MS)
    dashboard.wait_until_ready(ready)
    return dashboard


def close(*pages: VoilaPage) -> None:
    """Leave each page (its kernel goes back at once) and close its browser context."""
    for voila in pages:
        voila.page.goto("about:blank")
        voila.page.context.close()


def shoot(voila: VoilaPage, name: str) -> None:
    """The window as the user sees it, to test-artifacts/ (and to docs/ when
    ``TABLETOP_SCREENSHOTS=docs``, as ``make screenshots`` sets)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    voila.page.screenshot(path=str(path))
    if os.environ.get("TABLETOP_SCREENSHOTS") == "docs":
        shutil.copy(path, ROOT / "docs" / f"{name}.png")
