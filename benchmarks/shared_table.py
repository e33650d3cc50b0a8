"""Shared tables: from a click on one page to the redraw on the others, and the store's speed.

Prints figures (not a test). In a Voilà server of its own, a Pitch table of four students
is played by clicking, with 4 pages open (the students) and with 20 (plus 16 projectors);
for every move, the time from the click on the mover's page to the first frame that shows
the move on each other page: median and 95th percentile. Then the store alone: moves
written per second one after another, and looks at a table (polls) per second, on SQLite
and on a throwaway PostgreSQL server when PostgreSQL is installed. Run from the repository
root: ``.venv/bin/python -m benchmarks.shared_table [--moves 20] [--writes 500]``. Needs
Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

import tabletop
from tabletop.tables import ENV, TableStore
from tests.browser.pages import CLICK, STEP, WATCH_STEPS
from tools.postgres import postgres_bin, throwaway_postgres
from tools.voila_server import kit_env, serve, voila_command
from widgets.sharing import table_link

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows"]
TIMEOUT_MS = 180_000
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
CARD = ".tt-hand button.tt-card:enabled"
ACTION = ".tt-actions button.tt-action"


def open_pages(browser: Browser, base: str, code: str, spectators: int) -> dict[str, Page]:
    """The four students' pages and ``spectators`` projector pages, each in its own context,
    loaded together and ready."""
    links = {p: table_link(code, p, f"{p.lower()}-bench-key") for p in PLAYERS}
    links.update({f"projector {k}": table_link(code) for k in range(spectators)})
    pages = {}
    for name, link in links.items():
        page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{base}/voila/render/play/pitch.ipynb{link}", wait_until="commit")
        pages[name] = page
    for page in pages.values():
        page.wait_for_selector(".tt-share-here", state="attached")
        page.wait_for_function(f"() => ({STEP})() >= 0", polling=100)
        page.evaluate(WATCH_STEPS)
    return pages


def delays(browser: Browser, base: str, store: TableStore, spectators: int,
           moves: int) -> list[float]:
    """Milliseconds from each click to each other page's redraw, over ``moves`` moves."""
    game = tabletop.new_game("pitch", players=PLAYERS, seed=7)
    code = store.open_table(game, dict.fromkeys(PLAYERS, "human"))
    pages = open_pages(browser, base, code, spectators)
    found: list[float] = []
    for _ in range(moves):
        table = store.game(code)
        if table.is_over:
            break
        mover = pages[table.decision.player]
        selector = CARD if table.decision.kind == "play" else ACTION
        mover.wait_for_selector(selector, state="visible")
        clicked = mover.evaluate(CLICK, selector)
        step = table.steps + 1
        for page in pages.values():
            if page is not mover:
                page.wait_for_function(f"() => window.ttSeen['{step}'] !== undefined",
                                       polling=50)
                found.append(page.evaluate(f"() => window.ttSeen['{step}']") - clicked)
    for page in pages.values():
        page.goto("about:blank")
        page.context.close()
    return found


def store_speed(url: str, writes: int) -> tuple[float, float]:
    """Moves written per second (one after another) and polls per second."""
    store = TableStore(url)
    code = store.open_table(tabletop.new_game("pitch", players=PLAYERS, seed=1),
                            dict.fromkeys(PLAYERS, "heuristic"))
    start = time.perf_counter()
    for step in range(writes):
        store.record(code, step, "pass", PLAYERS[step % 4])
    written = writes / (time.perf_counter() - start)
    start = time.perf_counter()
    for _ in range(writes):
        store.moves(code, since=writes)
    polled = writes / (time.perf_counter() - start)
    store.close()
    return written, polled


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20, help="moves timed per table")
    parser.add_argument("--writes", type=int, default=500, help="moves written to the store")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'tables.sqlite'}"
        store = TableStore(url)
        env = {**kit_env(), ENV: url}
        with serve(voila_command(), env=env, timeout=120) as voila, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for pages in (4, 20):
                found = delays(browser, voila.url, store, pages - 4, args.moves)
                rows.append((f"click -> redraw on another page, {pages} pages (median)",
                             f"{statistics.median(found):.0f} ms"))
                rows.append((f"click -> redraw on another page, {pages} pages (95th pct)",
                             f"{percentile(found, 95):.0f} ms"))
            browser.close()
        store.close()
        written, polled = store_speed(f"sqlite:///{Path(folder) / 'speed.sqlite'}",
                                      args.writes)
        rows.append(("store writes per second, SQLite", f"{written:.0f}"))
        rows.append(("store polls per second, SQLite", f"{polled:.0f}"))
    if postgres_bin() is not None:
        with throwaway_postgres() as cluster:
            written, polled = store_speed(cluster.url, args.writes)
        rows.append(("store writes per second, PostgreSQL", f"{written:.0f}"))
        rows.append(("store polls per second, PostgreSQL", f"{polled:.0f}"))
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value:>8}")


if __name__ == "__main__":
    main()
