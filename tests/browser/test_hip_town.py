"""Hip Town in Voilà: from the landing page, a student opens the dashboard and plays by
clicking (rolls, answers, an auction bid, a build on a lit lot of the neighbourhood's canvas)
until they have bid and built; the board changes and no error shows. Screenshots in
test-artifacts/. The dashboard as it opens also shows points 11 and 12 of the class at one
table (issue 20): the hand's cards are disabled until the build step, and the grid is drawn
once (the keyboard's cell buttons lie, transparent, over the canvas)."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page

from .conftest import TIMEOUT_MS, VoilaPage
from .pages import (
    HUMAN_TURN,
    STEP,
    app_error,
    board_signature,
    new_game_with_seed,
    set_pace_to_zero,
    step,
)

LIT = "button.tt-cell-legal:visible"
WANTED = f"{LIT.removesuffix(':visible')}, .tt-actions button.tt-action, .tt-actions .tt-confirm"
ASKED = f"() => [...document.querySelectorAll('{WANTED}')].some(b => b.offsetParent !== null)"


def open_dashboard_from_landing(page: Page, base_url: str) -> VoilaPage:
    """Click the landing page's Hip Town "play" link (it opens a new tab) and wait for it."""
    with page.context.expect_page() as opened:
        page.locator('table.tabletop-landing a[href="play/hip_town.ipynb"]').click()
    voila = VoilaPage(opened.value, base_url)
    voila.watch()
    voila.page.set_default_timeout(TIMEOUT_MS)
    voila.wait_until_ready(".tt-board canvas")
    return voila


def build_on_a_lit_lot(page: Page) -> None:
    """Click the canvas of the student's neighbourhood in the middle of its first lit lot."""
    grid = page.locator(".tt-grid-board", has=page.locator(LIT)).first
    buttons = grid.locator("button.tt-cell")
    lit = next(k for k in range(buttons.count())
               if "tt-cell-legal" in (buttons.nth(k).get_attribute("class") or ""))
    canvas = grid.locator(".tt-grid canvas").last
    box = canvas.bounding_box()
    cols, rows = 5, 2
    width, height = box["width"] / cols, box["height"] / rows
    row, col = divmod(lit, cols)
    canvas.click(position={"x": col * width + width / 2, "y": row * height + height / 2})


def hand_and_grid_with_the_keyboard(page: Page) -> None:
    """Points 11 and 12 of issue 20 on the dashboard as it opens: at the start of Ann's turn
    (a roll: no card to pick) her hand's cards are disabled, saying when they may be played;
    the grid's cell buttons lie, transparent, over its canvas."""
    page.wait_for_selector(".tt-ht-card", state="visible")
    page.wait_for_selector(HUMAN_TURN)
    cards = page.locator("button.tt-ht-card")
    assert cards.count() > 0
    assert all(cards.nth(k).is_disabled() for k in range(cards.count()))
    assert "at the end of your turn" in (cards.first.get_attribute("title") or "")
    grid = page.locator(".tt-grid-board").first
    canvas = grid.locator(".tt-grid").bounding_box()
    keys = grid.locator(".tt-cell-keys").bounding_box()
    assert abs(keys["y"] - canvas["y"]) < 2 and abs(keys["x"] - canvas["x"]) < 2
    opacity = grid.locator("button.tt-cell").first.evaluate("b => getComputedStyle(b).opacity")
    assert opacity == "0"


def test_a_student_rolls_bids_and_builds_by_clicking(
    open_voila: Callable[..., VoilaPage], voila_url: str
) -> None:
    landing = open_voila("index.ipynb", selector="table.tabletop-landing")
    voila = open_dashboard_from_landing(landing.page, voila_url)
    page = voila.page
    hand_and_grid_with_the_keyboard(page)
    page.set_viewport_size({"width": 1280, "height": 1600})
    set_pace_to_zero(page)
    new_game_with_seed(page, 3)
    voila.screenshot("hip_town_start")
    done: dict[str, int] = {"roll": 0, "bid": 0, "build": 0}
    changed = False
    deadline = time.monotonic() + 240
    while not (done["bid"] and done["build"]):
        assert time.monotonic() < deadline, f"no bid and build in time: {done}"
        page.wait_for_function(ASKED, polling=100)
        before, signature = step(page), board_signature(page)
        if page.locator(LIT).count():
            if not done["build"]:
                voila.screenshot("hip_town_build")
            build_on_a_lit_lot(page)
            done["build"] += 1
        elif page.locator(".tt-actions .tt-confirm:visible").count():
            page.locator(".tt-actions .tt-confirm").click()  # the least bid allowed
            done["bid"] += 1
        else:
            buttons = page.locator(".tt-actions button.tt-action:visible")
            labels = [buttons.nth(k).inner_text() for k in range(buttons.count())]
            pick = next((k for k, text in enumerate(labels) if text.startswith("buy")), 0)
            done["roll"] += labels[pick] == "Roll"
            buttons.nth(pick).click()
        page.wait_for_function(f"() => ({STEP})() > {before}", polling=100)
        assert app_error(page) == "", app_error(page)
        changed = changed or board_signature(page) != signature
    assert changed, "the board never changed"
    voila.screenshot("hip_town_bid_and_built")
    voila.assert_no_errors()
    page.goto("about:blank")
    page.close()
    landing.assert_no_errors()
