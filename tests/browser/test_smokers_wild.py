"""Smokers Wild in Voilà: reached from the landing page, played by clicking and typing.

Every move is a click on an action button, or a number typed in the amount box and
confirmed. After each move the board's canvas must have changed, the log must have
grown, and no error may show (page errors, Voilà's cell error, the app's error area).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import TIMEOUT_MS, VoilaPage
from .pages import (
    BOARD_SIGNATURE,
    LOG_COUNT,
    STEP,
    amount_limits,
    app_error,
    board_signature,
    log_count,
    new_game_with_seed,
    set_pace_to_zero,
    step,
    wait_for_student,
)

DASHBOARD = "play/smokers_wild.ipynb"
PAGES_AT_ONCE = 10
MOVES_EACH = 4


def play_one_move(page: Page, rng: random.Random) -> str:
    """Wait for a student's turn, answer it by clicking (or typing an amount), and check
    that the board was redrawn, the log grew and no error shows."""
    wait_for_student(page)
    before_board, before_log = board_signature(page), log_count(page)
    before_step = step(page)
    buttons = page.locator(".tt-actions button.tt-action:visible")
    if page.locator(".tt-confirm").is_visible() and (buttons.count() == 0 or rng.random() < 0.6):
        low, _high, _step = amount_limits(page)
        page.locator(".tt-amount input").fill(str(low))
        page.locator(".tt-confirm").click()
        done = f"typed {low}"
    else:
        choice = buttons.nth(rng.randrange(buttons.count()))
        done = f"clicked {choice.inner_text()}"
        choice.click()
    page.wait_for_function(
        f"() => ({STEP})() > {before_step} && ({BOARD_SIGNATURE})() !== {before_board!r}"
        f" && ({LOG_COUNT})() > {before_log}",
        polling=100,
    )
    assert app_error(page) == "", app_error(page)
    return done


def ready_or_explain(voila: VoilaPage, name: str) -> None:
    """Wait for the dashboard; if it never comes, fail with what the page shows instead."""
    try:
        voila.wait_until_ready(".tt-board canvas")
    except PlaywrightTimeout:
        shot = voila.screenshot(f"smokers_wild_not_ready_{name.replace(' ', '_')}")
        text = voila.page.inner_text("body")[-1500:]
        raise AssertionError(f"{name} never showed the board ({shot}); errors "
                             f"{voila.errors}; the page shows:\n{text}") from None


def test_play_30_moves_from_the_landing_page(open_voila: Callable[..., VoilaPage]) -> None:
    landing = open_voila("index.ipynb", selector="table.tabletop-landing")
    row = landing.page.locator("table.tabletop-landing tbody tr", has_text="Smokers Wild")
    with landing.page.context.expect_page() as opened:  # JupyterLab opens links in a new tab
        row.locator("a", has_text="play").click()
    voila = VoilaPage(opened.value, landing.base_url)
    voila.watch()
    page = voila.page
    page.set_default_timeout(TIMEOUT_MS)
    try:
        play_30_moves(voila)
    finally:
        page.goto("about:blank")
        page.close()
    landing.assert_no_errors()


def play_30_moves(voila: VoilaPage) -> None:
    """Refuse a wrong amount, then play 30 moves, checking the page after each."""
    page = voila.page
    voila.wait_until_ready(".tt-board canvas")
    assert page.url.endswith(DASHBOARD)
    wait_for_student(page)
    voila.screenshot("smokers_wild_start")
    set_pace_to_zero(page)

    wait_for_student(page)
    if page.locator(".tt-confirm").is_visible():  # a wrong amount is refused, nothing changes
        _low, high, _step = amount_limits(page)
        before = log_count(page)
        page.locator(".tt-amount input").fill(str(high + 1))
        page.locator(".tt-confirm").click()
        page.wait_for_selector(".tt-illegal:has-text('not allowed')")
        assert log_count(page) == before

    rng = random.Random(30)
    moves = [play_one_move(page, rng) for _ in range(30)]
    assert len(moves) == 30
    voila.screenshot("smokers_wild_after_30_moves")
    assert app_error(page) == ""
    voila.assert_no_errors()


def test_ten_pages_at_once_each_keep_their_own_game(browser: Browser, voila_url: str) -> None:
    """Ten pages open at the same time (one browser, ten kernels), each starts a game with
    its own seed and plays a few moves, the pages taking turns; one more move on page 1
    changes no other page."""
    contexts: list[Any] = []
    pages: list[VoilaPage] = []
    try:
        for _ in range(PAGES_AT_ONCE):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(TIMEOUT_MS * 2)
            contexts.append(context)
            voila = VoilaPage(context.new_page(), voila_url)
            voila.watch()
            pages.append(voila)
        for voila in pages:  # all ten requested before any is waited for
            voila.page.goto(f"{voila_url}/voila/render/{DASHBOARD}", wait_until="commit")
        for k, voila in enumerate(pages):
            ready_or_explain(voila, f"page {k + 1} of {PAGES_AT_ONCE}")
        for k, voila in enumerate(pages):
            set_pace_to_zero(voila.page)
            new_game_with_seed(voila.page, 100 + k)

        for move in range(MOVES_EACH):
            for k, voila in enumerate(pages):
                play_one_move(voila.page, random.Random(1000 * k + move))

        logs = []
        for voila in pages:
            wait_for_student(voila.page)
            logs.append(voila.page.inner_html(".tt-log"))
        assert len(set(logs)) > 1, "ten games with ten seeds all wrote the same log"

        play_one_move(pages[0].page, random.Random(7))  # one more move on the first page only
        time.sleep(1.0)
        for k, voila in enumerate(pages[1:], 1):
            assert voila.page.inner_html(".tt-log") == logs[k], f"page {k} changed"
            message = voila.page.inner_text(".tt-load-message")
            assert f"seed {100 + k}" in message
        pages[-1].screenshot("smokers_wild_page_10_of_10")
        for voila in pages:
            voila.assert_no_errors()
    finally:
        for voila in pages:
            voila.page.goto("about:blank")
        for context in contexts:
            context.close()
