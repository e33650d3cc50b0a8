"""What one page costs the machine to open: CPU seconds of the Voilà server, the page's kernel
and Chromium, for each page named.

Prints a table (not a test). Ten pages opened at once on two cores are bound by the CPU all
three spend, and the Voilà server is one process (one core) for every page: this says where a
lesson's time goes against a dashboard's (issues 18 and 33, ``benchmarks/class_opening.py``).
Each page is opened twice, one after the other, and the second opening is printed (the
server, the browser and the result cache warm), with how many widgets the page shows. Run
from the repository root::

    .venv/bin/python -m benchmarks.page_cost [PAGE ...] [--cache DIR|off] [--class]

``--class`` serves every page named from a pool of Voilà's preheated kernels, as ``make play
CLASS=…`` does for a lesson (``tools/class_pool.py``): the kernel's share is then what it
does once a page takes it.

A page is a notebook's path under ``notebooks/`` without ``.ipynb`` (default:
``play/smokers_wild`` and ``hitchiker/lesson_1``). Needs Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from pathlib import Path

import psutil
from playwright.async_api import Browser, async_playwright

from benchmarks.browser import CHROMIUM, READY
from benchmarks.class_opening import ARGS, RENDERED, quiet
from tabletop.cache import ENV as CACHE_ENV
from tools import class_pool
from tools.voila_server import NOTEBOOKS, kit_env, serve, voila_command

TIMEOUT_MS = 600_000
#: JS: how many widgets the page shows.
WIDGETS = "() => document.querySelectorAll('.jupyter-widgets').length"


def cpu(process: psutil.Process, children: bool = True) -> float:
    """CPU seconds ``process`` has used (with its children already ended, if ``children``)."""
    t = process.cpu_times()
    return t.user + t.system + (t.children_user + t.children_system if children else 0.0)


def chromium_cpu() -> float:
    """CPU seconds of every Chromium process now running (and the renderers they reaped)."""
    total = 0.0
    for p in psutil.process_iter(["cmdline"]):
        try:
            if "chrom" in " ".join(p.info["cmdline"] or []):
                total += cpu(p)
        except psutil.Error:
            continue
    return total


def kernels(server: psutil.Process) -> dict[int, psutil.Process]:
    """The kernels the server runs now, by process id."""
    return {p.pid: p for p in server.children(recursive=True)
            if "ipykernel" in " ".join(p.cmdline())}


async def open_once(browser: Browser, url: str, ready: str,
                    server: psutil.Process) -> tuple[float, float, float, float, int]:
    """Open ``url`` and wait for ``ready``: the seconds it took, then the CPU seconds of the
    server, the page's new kernel and Chromium meanwhile, and the widgets shown."""
    before = {pid: cpu(p) for pid, p in kernels(server).items()}
    server_cpu, browser_cpu = cpu(server, children=False), chromium_cpu()
    start = time.perf_counter()
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    page = await context.new_page()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    await page.wait_for_function(ready, timeout=TIMEOUT_MS, polling=100)
    elapsed = time.perf_counter() - start
    await asyncio.sleep(1.0)  # what the page does once drawn (widgets' last messages)
    # The kernels' CPU meanwhile: a new kernel's all of it, a pooled one's since the request.
    kernel_cpu = sum(cpu(p) - before.get(pid, 0.0) for pid, p in kernels(server).items())
    costs = (elapsed, cpu(server, children=False) - server_cpu, kernel_cpu,
             chromium_cpu() - browser_cpu)
    shown = await page.evaluate(WIDGETS)
    await page.goto("about:blank")
    await context.close()
    return (*costs, shown)


async def run(args: argparse.Namespace) -> None:
    env = kit_env()
    if args.cache:
        env[CACHE_ENV] = args.cache
    with contextlib.ExitStack() as stack:
        if args.class_pool:  # two kernels a page: each page is opened twice
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            env["JUPYTER_CONFIG_PATH"] = str(class_pool.write(folder, args.pages, 2))
        voila = stack.enter_context(serve(voila_command(NOTEBOOKS), env=env, timeout=120))
        server = psutil.Process(voila.process.pid)
        if args.class_pool:
            quiet()
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            print(f"{'page':<22}{'opened':>9}{'server':>9}{'kernel':>9}{'chromium':>10}"
                  f"{'total':>9}{'widgets':>9}")
            for name in args.pages:
                ready = READY if name.startswith("play/") else RENDERED
                url = f"{voila.url}/voila/render/{name}.ipynb"
                await open_once(browser, url, ready, server)
                opened, server_s, kernel_s, chromium_s, shown = await open_once(
                    browser, url, ready, server)
                total = server_s + kernel_s + chromium_s
                print(f"{name:<22}{opened:>8.1f}s{server_s:>8.1f}s{kernel_s:>8.1f}s"
                      f"{chromium_s:>9.1f}s{total:>8.1f}s{shown:>9}", flush=True)
            await browser.close()
    print("CPU seconds of the second opening (the kernel's start-up included; from a pool "
          "(--class): only what it did once asked for); the server is one process for all pages")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=["play/smokers_wild", "hitchiker/lesson_1"])
    parser.add_argument("--cache", default="", help=f"{CACHE_ENV} for the kernels")
    parser.add_argument("--class", dest="class_pool", action="store_true",
                        help="serve every page named from a pool, as make play CLASS=… does")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
