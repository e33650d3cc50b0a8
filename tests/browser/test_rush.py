"""RUSH in Voilà: reached from the landing page, a student plays by clicking: a pill turn, a
Connection purchase and a Lucky Day bet (the last two on a table loaded from a saved game,
with its dice fixed in advance).

After each move the board's canvas must have changed, the log must have grown, and no error
may show (page errors, Voilà's cell error, the app's error area).
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

import tabletop
from tabletop import Script

from .conftest import VoilaPage
from .pages import (
    BOARD_SIGNATURE,
    LOG_COUNT,
    STEP,
    app_error,
    board_signature,
    dashboard_from_landing,
    log_count,
    set_pace_to_zero,
    step,
    wait_for_student,
)

DASHBOARD = "play/rush.ipynb"


def staged_save() -> str:
    """A saved game: Ann on space 20; her two dice (1+3) reach the Subway Connection, the bots'
    pills (5 and 5) take them to a Push space, and her next two dice (1+1) reach Lucky Day,
    where 3+4 settles the bets."""
    game = tabletop.new_game("rush", players=["Ann", "Bob", "Cy"], seed=1,
                             script=Script(dice=[1, 3, 5, 5, 1, 1, 3, 4]))
    game.arrange(position={"Ann": 20})
    return game.save()


def moved(page: Page, act: Callable[[], None], logged: bool = True) -> None:
    """Do ``act`` on the student's turn and wait until the move is shown: a later step, a
    redrawn board, a longer log (unless the move logs nothing, as a bet being placed), and no
    error."""
    wait_for_student(page)
    before_board, before_log, before_step = board_signature(page), log_count(page), step(page)
    act()
    grown = f" && ({LOG_COUNT})() > {before_log}" if logged else ""
    page.wait_for_function(
        f"() => ({STEP})() > {before_step} && ({BOARD_SIGNATURE})() !== {before_board!r}"
        + grown,
        polling=100,
    )
    assert app_error(page) == "", app_error(page)


def choose(page: Page, choice: str) -> Callable[[], None]:
    """Click the action bar's button for ``choice`` (its tooltip)."""
    return lambda: page.locator(f'.tt-actions button.tt-action[title="{choice}"]').click()


def type_amount(page: Page, amount: int) -> Callable[[], None]:
    def act() -> None:
        page.locator(".tt-amount input").fill(str(amount))
        page.locator(".tt-confirm").click()
    return act


def test_a_pill_a_purchase_and_a_bet_from_the_landing_page(
    open_voila: Callable[..., VoilaPage],
) -> None:
    landing, voila = dashboard_from_landing(open_voila, "RUSH")
    row = landing.page.locator("table.tabletop-landing tbody tr", has_text="RUSH")
    assert row.locator("a", has_text="lesson").count() == 2
    page = voila.page
    try:
        assert page.url.endswith(DASHBOARD)
        wait_for_student(page)
        set_pace_to_zero(page)
        assert "A pill: a sense goes face down" in page.inner_text(".tt-odds")
        moved(page, choose(page, "pill"))  # a pill turn
        voila.screenshot("rush_after_a_pill")

        page.locator(".tt-save-text textarea").fill(staged_save())
        page.locator("button.tt-load").click()
        page.wait_for_selector(".tt-load-message:has-text('Loaded a game of 0 moves')")
        page.wait_for_function(f"() => ({STEP})() === 0", polling=100)  # the loaded table
        moved(page, choose(page, "two dice"))  # to the Subway Connection
        assert "No Cop here yet" in page.inner_text(".tt-odds")
        moved(page, type_amount(page, 3))  # three pills, then the bots move
        assert "Subway Connection 1" in page.inner_text(".tt-description")
        moved(page, choose(page, "two dice"))  # to Lucky Day
        assert "pays 4 to 1" in page.inner_text(".tt-odds")
        moved(page, choose(page, "bet on 7"), logged=False)
        moved(page, type_amount(page, 1), logged=False)
        assert "$1 on 7" in page.inner_text(".tt-extra")
        moved(page, choose(page, "roll the dice"))
        assert "Ann's $1 on 7 wins $4" in page.inner_text(".tt-log")
        voila.screenshot("rush_after_a_bet")
        voila.assert_no_errors()
    finally:
        page.goto("about:blank")
        page.close()
    landing.assert_no_errors()
