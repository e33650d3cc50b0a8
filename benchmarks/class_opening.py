"""A class opens a page at once: N lesson pages, then N dashboard pages, in Chromium.

Prints a table (not a test): for each kind of page, the seconds until the first and the last
of the N pages opened together is rendered (a lesson: also until its first screen
shows), and the ratio lesson / dashboard of the last (target: ten lesson pages
within 1.5x ten dashboard pages, issues 18 and 33). The lessons are opened first, then the
dashboards, on the same server. Voilà is started
as ``make play`` starts it (tree mode over ``notebooks/``, the project's ``voila.json``).
Run from the repository root::

    .venv/bin/python -m benchmarks.class_opening [--pages 10] [--lesson hitchiker/lesson_1]
        [--dashboard smokers_wild] [--class] [--cache DIR|off] [--settle SECONDS]
        [--voila-arg=--flag=value ...]

``--class`` serves as ``make play CLASS=<lesson> SEATS=<pages>`` does: Voilà's preheated
kernels, a pool of ``--pages`` kernels that have run the lesson (``tools/class_pool.py``);
the pages are opened once the pool has filled and its kernels have gone quiet (run
``make warm`` first, as ``make play CLASS=…`` does for its lesson: ten kernels
computing a cold lesson together take many minutes).
``--cache`` points the kernels' result cache (``TABLETOP_CACHE``) elsewhere or turns it off;
by default the kit's own cache is used, as by ``make play``. ``--settle`` waits that long once
Voilà listens, before any page is opened (a teacher starting the server before the lesson:
preheated kernels fill their pools meanwhile). Needs Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import tempfile
import time
from pathlib import Path

import psutil
from playwright.async_api import Browser, async_playwright

from benchmarks.browser import CHROMIUM, READY
from tabletop.cache import ENV as CACHE_ENV
from tools import class_pool
from tools.voila_server import NOTEBOOKS, kit_env, serve, voila_command

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
        "--disable-backgrounding-occluded-windows"]
TIMEOUT_MS = 600_000
#: JS: the first screen of a lesson: Voilà's spinner gone, its shell up.
FIRST = """() => !document.querySelector('#loading') && !!document.querySelector('.jp-LabShell')"""
#: JS: a lesson rendered: its first screen, widgets drawn, no widget still loading and
#: no cell still showing the grey placeholder of progressive rendering (which fills the
#: cells one by one).
RENDERED = f"""() => ({FIRST})() && !!document.querySelector('.jupyter-widgets')
  && !document.querySelector('.voila-skeleton-container')
  && ![...document.querySelectorAll('.jupyter-widgets')].some(
       n => n.textContent === 'Loading widget...')"""
#: JS: how many widgets of the page show "model not found" (drawn before their model came:
#: see the kit's Voilà template).
LOST = """() => [...document.querySelectorAll('.jupyter-widgets')].filter(
  n => n.textContent.trim() === 'Error displaying widget: model not found').length"""


async def open_page(browser: Browser, url: str, first: str, ready: str,
                    start: float) -> tuple[float, float, int]:
    """Seconds from ``start`` until the page at ``url`` satisfies the JS ``first``, then
    ``ready``; and how many of its widgets were lost (:data:`LOST`)."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    await page.wait_for_function(first, timeout=TIMEOUT_MS, polling=100)
    shown = time.perf_counter() - start
    await page.wait_for_function(ready, timeout=TIMEOUT_MS, polling=100)
    elapsed = time.perf_counter() - start
    lost = await page.evaluate(LOST)
    await page.goto("about:blank")
    await context.close()
    return shown, elapsed, lost


async def open_class(browser: Browser, url: str, first: str, ready: str,
                     pages: int) -> tuple[list[float], list[float], int]:
    """Open ``pages`` pages of ``url`` at the same moment: the seconds each took to show
    its first screen, and to be ready (both sorted); how many pages lost a widget."""
    start = time.perf_counter()
    times = await asyncio.gather(
        *(open_page(browser, url, first, ready, start) for _ in range(pages)))
    return (sorted(t[0] for t in times), sorted(t[1] for t in times),
            sum(t[2] > 0 for t in times))


def quiet(below: float = 10.0, seconds: int = 5) -> float:
    """Wait until the machine's CPUs are busy less than ``below`` percent for ``seconds`` in
    a row (a pool's kernels done running their notebook); the seconds waited."""
    start, calm = time.perf_counter(), 0
    while calm < seconds:
        calm = calm + 1 if psutil.cpu_percent(interval=1.0) < below else 0
    return time.perf_counter() - start


async def run(args: argparse.Namespace) -> None:
    env = kit_env()
    if args.cache:
        env[CACHE_ENV] = args.cache
    command = [*voila_command(NOTEBOOKS), *args.voila_arg]
    with contextlib.ExitStack() as stack:
        if args.class_pool:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            env["JUPYTER_CONFIG_PATH"] = str(class_pool.write(folder, [args.lesson],
                                                              args.pages))
        voila = stack.enter_context(serve(command, env=env, timeout=120))
        if args.class_pool:
            server = psutil.Process(voila.process.pid)
            waited = quiet()
            kernels = [c.memory_info().rss for c in server.children(recursive=True)]
            print(f"the pool of {args.pages} kernels was ready {waited:.0f} s after Voilà "
                  f"started listening; {len(kernels)} kernels hold "
                  f"{sum(kernels) / 2**20:.0f} MB (resident)")
        await asyncio.sleep(args.settle)
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            base = f"{voila.url}/voila/render"
            # One page of each first, alone: the server, the browser and the disk are warm.
            dashboard = f"{base}/play/{args.dashboard}.ipynb"
            await open_class(browser, dashboard, READY, READY, 1)
            shown, walk, lost = await open_class(browser, f"{base}/{args.lesson}.ipynb", FIRST,
                                           RENDERED, args.pages)
            _, dash, lost_dash = await open_class(browser, dashboard, READY, READY, args.pages)
            await browser.close()
    n = args.pages
    served = f"make play CLASS={args.lesson} SEATS={n}" if args.class_pool else "make play"
    print(f"{n} pages opened at once (voila as {served} {' '.join(args.voila_arg)}, "
          f"cache {args.cache or 'the kit default'}, {args.settle:.0f} s after Voilà started)")
    print(f"{'page':<34} {'first':>8} {'last':>8}")
    print(f"{'lesson ' + args.lesson + ', first screen':<34} {shown[0]:>7.1f}s "
          f"{shown[-1]:>7.1f}s")
    print(f"{'lesson ' + args.lesson:<34} {walk[0]:>7.1f}s {walk[-1]:>7.1f}s")
    print(f"{'dashboard play/' + args.dashboard:<34} {dash[0]:>7.1f}s {dash[-1]:>7.1f}s")
    print(f"ratio lesson / dashboard (last page): {walk[-1] / dash[-1]:.2f}x "
          f"(target <= 1.5x)")
    print(f"pages with a widget lost ('model not found'): lesson {lost} of {n}, "
          f"dashboard {lost_dash} of {n}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=10, help="pages of each opened at once")
    parser.add_argument("--lesson", default="hitchiker/lesson_1")
    parser.add_argument("--dashboard", default="smokers_wild")
    parser.add_argument("--class", dest="class_pool", action="store_true",
                        help="serve as make play CLASS=<lesson> SEATS=<pages>")
    parser.add_argument("--cache", default="", help=f"{CACHE_ENV} for the kernels")
    parser.add_argument("--voila-arg", action="append", default=[],
                        help="an extra Voilà option, e.g. --voila-arg=--progressive_rendering=True")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds to wait once Voilà listens, before opening any page")
    args = parser.parse_args()
    # SIGTERM (a `timeout`, a closed terminal) unwinds like Ctrl-C: Voilà and its kernels stop.
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        asyncio.run(run(args))
    except KeyboardInterrupt:
        raise SystemExit("stopped before the end; Voilà and its kernels were shut down") from None


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


if __name__ == "__main__":
    main()
