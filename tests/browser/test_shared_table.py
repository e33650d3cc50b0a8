"""A class at one table in real browsers: four Chromium contexts are four students at one
Pitch table, a fifth plays Smokers Wild against bots at a table of its own, all on the
session's Voilà server and its store. Each page shows only its own hand, a move shows on
the other pages within a second, a page reloads mid-game and plays on, an out-of-turn
click and a double click are refused (one move kept), and every page ends with the same
save."""

from __future__ import annotations

import statistics
import time

from playwright.sync_api import Browser, Page

import tabletop
from tabletop.core.cards import card_name, card_symbol
from tabletop.tables import TableStore
from widgets.sharing import table_link

from .conftest import TIMEOUT_MS, VoilaPage
from .pages import ACTION, CARD, CLICK, HUMAN_TURN, STEP, WATCH_STEPS, app_error, step

DASHBOARD = "play/{game}.ipynb"
PITCH = ["Ann", "Bob", "Cy", "Dee"]
#: A waiting student's page: a card button enabled by hand in the page, and clicked.
OUT_OF_TURN = """() => {
  const b = document.querySelector('.tt-hand button.tt-card');
  b.disabled = false;
  b.click();
}"""
#: The student to move clicks two cards at once; returns the time of the first click.
DOUBLE_CLICK = """() => {
  const cards = [...document.querySelectorAll('.tt-hand button.tt-card:enabled')];
  const t = Date.now();
  cards[0].click();
  (cards[1] || cards[0]).click();
  return t;
}"""


def open_seat(browser: Browser, base: str, game: str, code: str, seat: str,
              key: str) -> VoilaPage:
    """A student's own device (a browser context) at the seat's link; not waited for."""
    context = browser.new_context(viewport={"width": 1280, "height": 1400})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    voila = VoilaPage(page, base)
    voila.watch()
    page.goto(f"{base}/voila/render/{DASHBOARD.format(game=game)}{table_link(code, seat, key)}",
              wait_until="commit")
    return voila


def ready(voila: VoilaPage, steps: int) -> None:
    voila.wait_until_ready(".tt-share-here")
    voila.page.wait_for_function(f"() => ({STEP})() >= {steps}", polling=100)
    voila.page.evaluate(WATCH_STEPS)


def hand_on(page: Page) -> set[str]:
    buttons = page.locator(".tt-hand button.tt-card")
    return {buttons.nth(k).inner_text() for k in range(buttons.count())}


def click_move(page: Page, kind: str) -> float:
    """The student on ``page`` makes a legal move; returns when (ms since the epoch)."""
    page.wait_for_selector(CARD if kind == "play" else HUMAN_TURN, state="visible")
    return float(page.evaluate(CLICK, CARD if kind == "play" else ACTION))


def shown_within(pages: list[Page], steps: int, clicked: float) -> list[float]:
    """Wait until every page shows ``steps`` moves; the ms each took after the click."""
    delays = []
    for page in pages:
        page.wait_for_function(f"() => window.ttSeen['{steps}'] !== undefined", polling=50)
        delays.append(page.evaluate(f"() => window.ttSeen['{steps}']") - clicked)
    return delays


def test_four_students_at_one_pitch_table_and_one_at_smokers_wild(
        browser: Browser, voila_url: str, store: TableStore) -> None:
    code = store.open_table(tabletop.new_game("pitch", players=PITCH, seed=81, max_hands=1),
                            dict.fromkeys(PITCH, "human"))
    sw_game = tabletop.new_game("smokers_wild", players=["Eve", "Bot"], seed=3, start="quick")
    sw_code = store.open_table(sw_game, {"Eve": "human", "Bot": "heuristic"})
    keys = {p: f"{p.lower()}-browser-key" for p in [*PITCH, "Eve"]}
    students = {p: open_seat(browser, voila_url, "pitch", code, p, keys[p]) for p in PITCH}
    eve = open_seat(browser, voila_url, "smokers_wild", sw_code, "Eve", keys["Eve"])
    for voila in students.values():
        ready(voila, 0)
    ready(eve, 0)

    table = store.game(code)  # what each page should show, replayed here
    for player, voila in students.items():
        own = table.view(player)["hand"]
        assert hand_on(voila.page) == {card_symbol(c) for c in own}
        text = voila.body_text()
        for other in PITCH:
            for card in set(table.view(other)["hand"]) - set(own):
                assert card_symbol(card) not in text and card_name(card) not in text

    delays: list[float] = []
    reloaded = False
    while not table.is_over:
        pending = table.decision
        mover = students[pending.player].page
        if table.steps == 5 and pending.kind == "play":
            # An out-of-turn click (a waiting student's card, enabled by hand in the page)
            # and a double click (two cards at once) by the student to move: one move kept.
            waiting = students[next(p for p in PITCH if p != pending.player)].page
            waiting.evaluate(OUT_OF_TURN)
            time.sleep(1.0)
            assert store.table(code).steps == 5
            clicked = float(mover.evaluate(DOUBLE_CLICK))
            others = [v.page for p, v in students.items() if p != pending.player]
            delays += shown_within(others, 6, clicked)
            time.sleep(1.0)
            assert store.table(code).steps == 6 and step(mover) == 6
            table = store.game(code)
            continue
        if table.steps == 9 and not reloaded:  # a student's page reloads mid-game
            students[pending.player].page.reload(wait_until="commit")
            ready(students[pending.player], 9)
            assert hand_on(mover) == {card_symbol(c) for c in table.view(pending.player)["hand"]}
            reloaded = True
            students[pending.player].screenshot("shared_table_reloaded")
        clicked = click_move(mover, pending.kind)
        others = [v.page for p, v in students.items() if p != pending.player]
        delays += shown_within(others, table.steps + 1, clicked)
        table = store.game(code)
    # How fast is a figure for benchmarks/shared_table.py, not a pass mark: shown here only.
    print(f"moves reached the other pages in {statistics.median(delays):.0f} ms (median), "
          f"{max(delays):.0f} ms at most, over {len(delays)} arrivals")

    final = table.save()
    for voila in students.values():
        voila.page.wait_for_selector(".tt-share-save textarea", state="visible")
        assert voila.page.input_value(".tt-share-save textarea") == final
        assert app_error(voila.page) == ""
        voila.assert_no_errors()

    for _ in range(3):  # Eve plays three moves; the bot's moves come in between
        eve.page.wait_for_selector(HUMAN_TURN, state="visible")
        before = step(eve.page)
        eve.page.evaluate(CLICK, ACTION)
        eve.page.wait_for_function(f"() => ({STEP})() > {before}", polling=100)
    time.sleep(1.0)
    kept = store.game(sw_code)
    assert step(eve.page) == kept.steps and kept.steps >= 3
    assert app_error(eve.page) == ""
    eve.assert_no_errors()
    for voila in [*students.values(), eve]:
        voila.page.goto("about:blank")
        voila.page.context.close()
