"""Every dashboard can be played with the keyboard alone: Tab reaches a move (the action bar's
buttons, or a playable card) without being trapped on the board's canvas, and Enter makes it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .conftest import VoilaPage
from .pages import STEP, step

DASHBOARDS = sorted(p.name for p in (Path(__file__).resolve().parents[2] / "notebooks/play")
                    .glob("*.ipynb"))
#: What a student answers with: a choice, the amount's OK, or a card that may be played.
MOVE = ".tt-actions button.tt-action, .tt-actions button.tt-confirm, .tt-hand button.tt-card"
MAX_TABS = 40


def focused_is(page: Page, what: str) -> bool:
    """Whether the focused element is a visible, enabled element matching ``what``."""
    return bool(page.evaluate(
        f"() => {{ const e = document.activeElement; return !!e && e.matches({what!r})"
        " && !e.disabled && e.offsetParent !== null; }"))


@pytest.mark.parametrize("dashboard", DASHBOARDS)
def test_tab_reaches_a_move_and_enter_makes_it(
    open_voila: Callable[..., VoilaPage], dashboard: str
) -> None:
    voila = open_voila(f"play/{dashboard}", selector=".tt-board canvas")
    page = voila.page
    page.wait_for_selector(", ".join(f"{m.strip()}:visible:enabled" for m in MOVE.split(",")))
    for _ in range(MAX_TABS):  # from the top of the page
        page.keyboard.press("Tab")
        if focused_is(page, MOVE):
            break
    else:
        raise AssertionError(f"{MAX_TABS} presses of Tab never reached a move on {dashboard}")
    before = step(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({STEP})() > {before}", polling=100)
    page.locator(".tt-board canvas").first.click(position={"x": 5, "y": 5})
    page.keyboard.press("Tab")
    assert not focused_is(page, "canvas"), "Tab is trapped on the board's canvas"
    voila.assert_no_errors()
