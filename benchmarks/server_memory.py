"""The classroom server's memory over 50 page loads: flat when closed pages give their
kernel back.

Prints figures (not a test). Starts Voilà as ``make play`` does, then opens a dashboard
50 times, one load after another, each page left by reloading it (as a class that reloads
does), and prints after every 10 loads the Voilà server's memory, the kernels alive and
their memory. Run from the repository root:
``.venv/bin/python -m benchmarks.server_memory [--loads 50] [--page play/pitch.ipynb]``.
Needs Debian's /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import time

import psutil
from playwright.sync_api import sync_playwright

from tools.voila_server import serve, voila_command

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
TIMEOUT_MS = 120_000
#: Seconds given to the last page's kernel to go before the final count.
SETTLE_S = 5.0


def memory(server: psutil.Process) -> tuple[float, int, float]:
    """The server's RSS (MB), how many kernels run, and their RSS together (MB)."""
    count, kernel_bytes = 0, 0
    for process in server.children(recursive=True):
        try:
            if "ipykernel" in " ".join(process.cmdline()):
                kernel_bytes += process.memory_info().rss
                count += 1
        except psutil.Error:  # a kernel that has just exited
            continue
    return server.memory_info().rss / 2**20, count, kernel_bytes / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=50, help="page loads")
    parser.add_argument("--page", default="play/pitch.ipynb", help="notebook to load")
    args = parser.parse_args()
    rows = []
    with serve(voila_command(), timeout=120) as voila, sync_playwright() as pw:
        server = psutil.Process(voila.process.pid)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page()
        rows.append((0, *memory(server)))
        start = time.monotonic()
        for load in range(1, args.loads + 1):
            page.goto(f"{voila.url}/voila/render/{args.page}", timeout=TIMEOUT_MS)
            page.wait_for_selector(".tt-app", timeout=TIMEOUT_MS)
            if load % 10 == 0:
                rows.append((load, *memory(server)))
        page.goto("about:blank")
        time.sleep(SETTLE_S)
        rows.append(("after", *memory(server)))
        elapsed = time.monotonic() - start
        browser.close()
    print(f"{'page loads':>10}  {'server MB':>9}  {'kernels':>7}  {'kernels MB':>10}")
    for loads, server_mb, count, kernel_mb in rows:
        print(f"{loads!s:>10}  {server_mb:>9.0f}  {count:>7}  {kernel_mb:>10.0f}")
    print(f"{args.loads} loads of {args.page} in {elapsed:.0f} s")


if __name__ == "__main__":
    main()
