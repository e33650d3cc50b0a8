"""Hitchiker in Voilà: a seeded game where the student makes a Black Market deal and plays a
casino round, every move a click on the action bar (or a typed amount).

The student follows tests/widgets/hitchiker_student.py, the same policy the widget test uses,
so the seed typed into the dashboard reaches both situations within a few moves.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from ..widgets.hitchiker_student import SEED, SEED_MOVES, student_answer
from .conftest import VoilaPage
from .pages import (
    HUMAN_TURN,
    LOG_COUNT,
    amount_limits,
    app_error,
    log_count,
    new_game_with_seed,
    set_pace_to_zero,
    visible_choices,
)

DASHBOARD = "play/hitchiker.ipynb"
LESSON = "hitchiker/lesson_2.ipynb"
#: Markdown cells that hold money (a figure with thousands separators, "dollars" or a $ sign),
#: and which of them MathJax typeset (an mjx-container inside: the text between two $ signs
#: comes out as italic run-together math).
MONEY_CELLS = """() => [...document.querySelectorAll('.jp-RenderedMarkdown')]
    .filter(cell => /\\d,\\d{3}|dollar|\\$/.test(cell.textContent))
    .map(cell => ({typeset: cell.querySelector('mjx-container, .MathJax') !== null,
                   text: cell.textContent.trim().slice(0, 80)}))"""


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
    voila.assert_no_errors()


@pytest.mark.parametrize("notebook", [LESSON, DASHBOARD])
def test_money_is_not_typeset_as_math(open_voila: Callable[..., VoilaPage], notebook: str) -> None:
    voila = open_voila(notebook, selector=".jupyter-widgets")
    voila.page.wait_for_timeout(2_000)  # MathJax typesets after the page has loaded
    cells = voila.page.evaluate(MONEY_CELLS)
    assert cells, "no Markdown cell with money found: the check would prove nothing"
    typeset = [cell["text"] for cell in cells if cell["typeset"]]
    assert not typeset, f"money typeset as math in: {typeset}"
