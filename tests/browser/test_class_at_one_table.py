"""A class at one table as a teacher runs it (issue 20): the teacher's page opens a Pitch
table for four students, the projector watches it, four students sit from their own devices,
a fifth device types codes; then a server is stopped and started under a student's page.
Each test names the points it checks; points 11 and 12 (Hip Town's hand and grid with the
keyboard) are checked on the load of ``test_hip_town``'s dashboard.

``TABLETOP_SCREENSHOTS=docs`` also writes the teacher's and the watch page's screenshots
used by the README into ``docs/`` (``make screenshots``)."""

from __future__ import annotations

import subprocess
import time

from playwright.sync_api import Browser, Page

import tabletop
from tabletop.bots import make_bot
from tabletop.core.cards import card_symbol
from tabletop.core.play import bot_move
from tabletop.tables import ENV, TableStore
from tools.voila_server import (
    NOTEBOOKS,
    ROOT,
    free_port,
    is_listening,
    kit_env,
    stop,
    voila_command,
)

from .conftest import ARTIFACTS, TIMEOUT_MS, VoilaPage
from .pages import ACTION, CARD, CLICK, HUMAN_TURN, close, shoot

PITCH = "play/pitch.ipynb"
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
WINDOW = {"width": 1280, "height": 1000}


def device(browser: Browser, base: str, path: str, ready: str | None = None) -> VoilaPage:
    """A new device (browser context) with a laptop's window, at ``path``."""
    page = browser.new_context(viewport=WINDOW).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    voila = VoilaPage(page, base)
    voila.watch()
    page.goto(f"{base}/voila/render/{path}")
    voila.wait_until_ready(ready)
    return voila


def top_of(page: Page, selector: str) -> float:
    """Where ``selector``'s bottom edge is, in px from the top of the page."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["y"] + box["height"]



def finished_table(store: TableStore) -> str:
    """A Pitch table played to its end by bots (through the store, as pages would)."""
    code = store.open_table(tabletop.new_game("pitch", players=PLAYERS, seed=9, max_hands=1),
                            dict.fromkeys(PLAYERS, "heuristic"))
    bot = make_bot("pitch", "heuristic", 1)
    game = store.game(code)
    while not game.is_over:
        store.record(code, game.steps, bot_move(game, bot), game.decision.player, None)
        game = store.game(code)
    return code


def test_a_teacher_opens_a_table_the_projector_watches_four_students_sit(
        browser: Browser, voila_url: str, store: TableStore) -> None:
    """Points 1, 2, 3, 4, 5, 6, 7, 9, 10."""
    teacher = device(browser, voila_url, PITCH, ".tt-share-open")
    for player in PLAYERS[1:]:
        teacher.page.select_option(f".tt-seat:has-text('{player}') select", label="Student")
    teacher.page.wait_for_selector(".tt-cover", state="visible")  # the local hot-seat game
    teacher.page.click(".tt-share-open")
    teacher.page.wait_for_selector(".tt-share-big-code")
    code = teacher.page.inner_text(".tt-share-big-code").strip()
    message = teacher.page.inner_text(".tt-share-message")
    # 1: the code and every seat's link above the fold of a 1,000 px window.
    assert top_of(teacher.page, ".tt-share-big-code") < WINDOW["height"]
    assert teacher.page.locator(".tt-seat-link").count() == 4
    assert top_of(teacher.page, ".tt-seat-link >> nth=3") < WINDOW["height"]
    # 10: the address students can reach; this server answers 127.0.0.1 only: it says so.
    assert f"Table {code} is open" in message
    assert "answers this computer only" in message and "make play IP=0.0.0.0" in message
    # 3: the teacher's page now shows the shared table, not its own hot-seat game.
    teacher.page.wait_for_selector(".tt-cover", state="hidden")
    assert "Pass the screen" not in teacher.body_text()
    assert "you watch" in teacher.page.inner_text(".tt-share-here")
    shoot(teacher, "class_teacher")
    links = {link.get_attribute("data-seat"): link.get_attribute("href")
             for link in teacher.page.locator(".tt-seat-link").all()}

    watch = device(browser, voila_url, f"{PITCH}?table={code}", ".tt-share-big-code")
    # 2: the code at the top, large, with where to type it.
    big = watch.page.locator(".tt-share-big-code")
    assert float(big.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 40
    assert top_of(watch.page, ".tt-share-big-code") < WINDOW["height"] / 2  # under the title
    assert f"type the code {code}" in watch.page.inner_text(".tt-share-big")
    # 5: the watch page says who sits where, and no "only bots play".
    text = watch.body_text()
    assert "Only bots play" not in text
    assert "Ann, Bob, Cy, Dee: students on their own devices" in text

    students = {p: device(browser, voila_url, f"{PITCH}{links[p]}", ".tt-share-here")
                for p in PLAYERS}
    for player, voila in students.items():  # 5: each page says who sits where
        others = ", ".join(p for p in PLAYERS if p != player)
        assert voila.page.inner_text(".tt-share-here").endswith(
            f"you sit as {player}; {others}: students on their own devices")
    # 4: the teacher's seat list follows: every seat taken, no "Sit as" left.
    teacher.page.wait_for_function(
        "() => document.querySelectorAll('.tt-seat-link').length === 0", polling=250)
    assert teacher.page.inner_text(".tt-share-table").count(": taken") == 4

    # 9: the log names a played card as the hand shows it.
    game = store.game(code)
    while not any(e.kind == "play" for e in game.events):
        mover = students[game.decision.player].page
        selector = CARD if game.decision.kind == "play" else ACTION
        mover.wait_for_selector(CARD if game.decision.kind == "play" else HUMAN_TURN)
        mover.evaluate(CLICK, selector)
        steps = game.steps
        while store.game(code).steps == steps:
            time.sleep(0.1)
        game = store.game(code)
    card = next(e for e in game.events if e.kind == "play").data["card"]
    played = f"plays {card_symbol(card)}"
    watch.page.wait_for_function(
        f"() => document.querySelector('.tt-log-list').innerText.includes({played!r})")
    assert f"plays {card}" not in watch.page.inner_text(".tt-log-list")
    shoot(watch, "class_watch")

    # 7 and 6 on a fifth device.
    over = finished_table(store)
    fifth = device(browser, voila_url, PITCH, ".tt-share-code")
    box = fifth.page.locator(".tt-share-code input")
    fifth.page.click(".tt-share-join")
    fifth.page.wait_for_selector(".tt-share-message:has-text('Type the table')")
    assert "an empty code" not in fifth.page.inner_text(".tt-share-message")
    box.fill(code)
    box.press("Enter")  # Enter joins
    fifth.page.wait_for_selector(f".tt-share-info[data-code='{code}']")
    box.fill("ZZZZZ")
    box.press("Enter")
    fifth.page.wait_for_selector(".tt-share-message:has-text('there is no table ZZZZZ')")
    assert fifth.page.locator(".tt-share-info").count() == 0  # no stale seat list
    fifth.page.click(".tt-share-list")  # 6: only tables still playing
    fifth.page.wait_for_selector(f".tt-share-info[data-code='{code}']")
    assert fifth.page.locator(f".tt-share-info[data-code='{over}']").count() == 0
    # 7: a refused seat leaves the code box there.
    fifth.page.goto(f"{voila_url}/voila/render/{PITCH}?table={code}&seat=Ann&key=not-anns")
    fifth.wait_until_ready(".tt-share-message:has-text('taken by another device')")
    assert fifth.page.locator(".tt-share-code input").is_visible()

    for voila in [teacher, watch, *students.values(), fifth]:
        voila.assert_no_errors()
    close(teacher, watch, *students.values(), fifth)


def test_a_server_stopped_and_started_under_a_students_page(browser: Browser,
                                                             tmp_path) -> None:
    """Point 8: every page says the server is gone, then reloads in its seat when it is back."""
    url = f"sqlite:///{tmp_path}/tables.sqlite"
    store = TableStore(url)
    code = store.open_table(
        tabletop.new_game("smokers_wild", players=["Eve", "Bot"], seed=3, start="quick"),
        {"Eve": "human", "Bot": "heuristic"})  # fmt: skip
    port = free_port()
    env = {**kit_env(), ENV: url}
    command = [*voila_command(NOTEBOOKS), f"--port={port}"]

    def start() -> subprocess.Popen[bytes]:
        log = (ARTIFACTS / "voila-restarted.log").open("ab")
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log,
                                  stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 120
        while not is_listening(port):
            assert server.poll() is None and time.monotonic() < deadline, "Voilà did not start"
            time.sleep(0.2)
        return server

    ARTIFACTS.mkdir(exist_ok=True)
    server = start()
    base = f"http://127.0.0.1:{port}"
    path = "play/smokers_wild.ipynb"
    try:
        seat = f"{path}?table={code}&seat=Eve&key=eve-the-key"
        eve = device(browser, base, seat, ".tt-share-here")
        watch = device(browser, base, f"{path}?table={code}", ".tt-share-here")
        stop(server)
        for voila in (eve, watch):
            voila.page.wait_for_selector("#tt-offline:has-text('server is not answering')")
            assert voila.page.evaluate("() => document.body.classList.contains('tt-offline')")
        assert eve.page.evaluate(
            "() => getComputedStyle(document.querySelector('.jp-LabShell')).pointerEvents"
        ) == "none"  # nothing looks clickable
        server = start()
        for voila in (eve, watch):  # back: the page reloads, in the same seat
            voila.page.wait_for_selector("#tt-offline", state="detached",
                                         timeout=2 * TIMEOUT_MS)
            voila.wait_until_ready(".tt-share-here")
        assert eve.page.get_attribute(".tt-share-here", "data-seat") == "Eve"
        eve.page.wait_for_selector(HUMAN_TURN)
        eve.page.evaluate(CLICK, ACTION)
        deadline = time.monotonic() + 30
        while store.table(code).steps == 0:
            assert time.monotonic() < deadline, "the move after the restart was not kept"
            time.sleep(0.2)
        close(eve, watch)
    finally:
        stop(server)
        store.close()
