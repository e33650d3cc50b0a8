"""Pitch in Voilà: bid (or pass) and play a whole hand by clicking, until the score sheet
gets the hand's row; no error on the page, screenshots in test-artifacts/."""

from __future__ import annotations

import time
from collections.abc import Callable

from playwright.sync_api import Page

from .conftest import VoilaPage
from .pages import LOG_COUNT, app_error, log_count, set_pace_to_zero

DASHBOARD = "play/pitch.ipynb"
HAND = ".tt-hand button.tt-card"
CARDS = f"{HAND}:enabled"
BIDS = ".tt-actions button.tt-action:visible"
SCORED = """() => [...document.querySelectorAll('.tt-sheet tbody td')].some(
  td => / (made|set)$/.test(td.textContent.trim()))"""
SOMETHING_TO_DO = f"""() => ({SCORED})()
  || document.querySelector('.tt-hand button.tt-card:not([disabled])') !== null
  || [...document.querySelectorAll('.tt-actions button.tt-action')].some(
       b => b.offsetParent !== null)"""


def hand_scored(page: Page) -> bool:
    return bool(page.evaluate(SCORED))


def click_and_wait(page: Page, locator_text: str, index: int = 0) -> str:
    """Click one button and wait until the event log has grown and, for a card, until the
    hand has lost it (the log can grow by a bot's move before the hand is redrawn)."""
    before = log_count(page)
    in_hand = page.locator(HAND).count()
    button = page.locator(locator_text).nth(index)
    label = button.inner_text()
    button.click()
    page.wait_for_function(f"() => ({LOG_COUNT})() > {before}", polling=100)
    if locator_text == CARDS:
        page.wait_for_function(
            f"() => document.querySelectorAll({HAND!r}).length < {in_hand}", polling=100
        )
    assert app_error(page) == "", app_error(page)
    return label


def test_bid_and_play_a_whole_hand_by_clicking(open_voila: Callable[..., VoilaPage]) -> None:
    voila = open_voila(DASHBOARD, selector=".tt-board canvas")
    page = voila.page
    page.set_viewport_size({"width": 1280, "height": 1500})  # the whole app in each screenshot
    page.wait_for_selector(".tt-hand button.tt-card", state="visible")
    set_pace_to_zero(page)
    voila.screenshot("pitch_start")
    clicked: list[str] = []
    deadline = time.monotonic() + 120
    while not hand_scored(page):
        assert time.monotonic() < deadline, f"the hand did not end; clicked {clicked}"
        page.wait_for_function(SOMETHING_TO_DO, polling=100)
        if hand_scored(page):
            break
        if page.locator(CARDS).count():
            enabled = page.locator(CARDS).count()
            total = page.locator(HAND).count()
            assert 0 < enabled <= total
            clicked.append(click_and_wait(page, CARDS))
            if len(clicked) == 2:
                voila.screenshot("pitch_mid_hand")
        else:
            bids = page.locator(BIDS)
            labels = [bids.nth(k).inner_text() for k in range(bids.count())]
            choice = next((k for k, text in enumerate(labels) if text.startswith("Bid")), 0)
            clicked.append(click_and_wait(page, BIDS, choice))
    assert len([c for c in clicked if c[-1] in "♠♥♦♣"]) == 6, clicked
    voila.screenshot("pitch_hand_scored")
    assert "Score sheet" in page.inner_text(".tt-sheet")
    voila.assert_no_errors()
