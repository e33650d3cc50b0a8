"""Hitchiker in Voilà: a seeded game where the student makes a Black Market deal and plays a
casino round, every move a click on the action bar (or a typed amount).

The student follows tests/widgets/hitchiker_student.py, the same policy the widget test uses,
so the seed typed into the dashboard reaches both situations within a few moves. The same
load checks that the dashboard's money is not typeset as math (MathJax sets the text between
two $ signs as italic run-together math); lesson 2's is checked on the load of
test_lesson_pages.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page

from ..widgets.hitchiker_student import SEED, SEED_MOVES, student_answer
from .conftest import VoilaPage
from .pages import (
    HUMAN_TURN,
    LOG_COUNT,
    amount_limits,
    app_error,
    assert_money_not_typeset,
    log_count,
    new_game_with_seed,
    set_pace_to_zero,
    visible_choices,
)

DASHBOARD = "play/hitchiker.ipynb"


def play_move(page: Page) -> str:
    """Answer the student's decision the way the policy says; wait for the log to grow."""
    page.wait_for_selector(HUMAN_TURN, state="visible")
    before = log_count(page)
    low = amount_limits(page)[0] if page.locator(".tt-confirm").is_visible() else None
    how, value = student_answer(visible_choices(page), low)
    if how == "type":
        page.locator(".tt-amount input").fill(str(value))
        page.locator(".tt-confirm").click()
    else:
        page.locator(f".tt-actions button.tt-action[title='{value}']:visible").click()
    page.wait_for_function(f"() => ({LOG_COUNT})() > {before}", polling=100)
    assert app_error(page) == "", app_error(page)
    return f"{how} {value}"


def test_deal_and_casino_by_clicking(open_voila: Callable[..., VoilaPage]) -> None:
    voila = open_voila(DASHBOARD, selector=".tt-board canvas")
    ready_at = time.monotonic()
    page = voila.page
    page.wait_for_selector(HUMAN_TURN, state="visible")
    voila.screenshot("hitchiker_start")
    set_pace_to_zero(page)
    new_game_with_seed(page, SEED)
    saw_deal = saw_felt = False
    for _ in range(SEED_MOVES):
        page.wait_for_selector(HUMAN_TURN, state="visible")
        if not saw_deal and "Black Market: Ann" in page.inner_text(".tt-extra"):
            saw_deal = True
            voila.screenshot("hitchiker_black_market")
        if not saw_felt and page.locator(".tt-felt").is_visible() and \
                "stick" in visible_choices(page):
            saw_felt = True
            assert "HOUSE" in page.inner_text(".tt-felt")
            voila.screenshot("hitchiker_casino")
        if saw_deal and saw_felt:
            break
        play_move(page)
    assert saw_deal, "the student never made a Black Market deal"
    assert saw_felt, "the student never played a casino hand"
    play_move(page)  # stick (or the next move) from the casino screen
    voila.screenshot("hitchiker_after")
    # The dashboard's money (its opening Markdown) is not typeset as math: read on this load,
    # long after MathJax has typeset (lesson 2's money is checked in test_lesson_pages).
    assert_money_not_typeset(voila, ready_at)
    voila.assert_no_errors()
