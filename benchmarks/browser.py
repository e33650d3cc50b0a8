"""Browser figures for the Smokers Wild dashboard, next to a bare one-canvas Voilà page.

Prints a table (not a test): time to interactive of both pages in the same run (target:
the dashboard within 1.3x the bare page), click -> board redrawn (median, target 100 ms),
and the memory of the dashboard's kernel (target 150 MB). Run from the repository root:
``.venv/bin/python -m benchmarks.browser [--loads 3] [--clicks 25]``. Needs Debian's
/usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import nbformat
import psutil
from playwright.sync_api import Browser, Page, sync_playwright

from tools.voila_server import ROOT, serve, voila_command

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
TIMEOUT_MS = 120_000

BARE = '''import ipywidgets as w
from ipycanvas import Canvas

canvas = Canvas(width=560, height=560, layout=w.Layout(width="560px", height="560px"))
button = w.Button(description="Draw")
button.add_class("tt-action")
clicks = [0]


def draw(*_):
    clicks[0] += 1
    canvas.clear()
    canvas.fill_style = "#1f77b4"
    canvas.fill_rect(20, 20, 40 + (clicks[0] * 10) % 400, 40)
    canvas.fill_text(str(clicks[0]), 280, 480)


canvas.on_client_ready(draw)
button.on_click(draw)
board = w.Box([canvas])
board.add_class("tt-board")
w.VBox([button, board])'''

#: JS: click the first visible action (or the amount's OK) and resolve with the ms until
#: the top canvas layer's pixels change (null after 10 s without a change; -1 when no action
#: is on show).
CLICK_TO_REDRAW = """async () => {
  const layers = document.querySelectorAll('.tt-board canvas');
  const top = layers[layers.length - 1];
  const ctx = top.getContext('2d');
  const sig = () => {
    const d = ctx.getImageData(0, 0, top.width, top.height).data;
    let h = 0;
    for (let i = 0; i < d.length; i += 4) {
      h = (h * 31 + d[i] + 3 * d[i + 1] + 7 * d[i + 2] + 11 * d[i + 3]) | 0;
    }
    return h;
  };
  const visible = [...document.querySelectorAll('.tt-actions button.tt-action, '
    + '.tt-actions .tt-confirm, button.tt-action')].filter(b => b.offsetParent !== null);
  if (!visible.length) return -1;
  const before = sig();
  const t0 = performance.now();
  visible[0].click();
  return await new Promise(resolve => {
    const tick = () => {
      const ms = performance.now() - t0;
      if (sig() !== before) resolve(ms);
      else if (ms > 10000) resolve(null);
      else requestAnimationFrame(tick);
    };
    tick();
  });
}"""
READY = """() => {
  const b = [...document.querySelectorAll('button.tt-action, .tt-confirm')]
    .some(e => e.offsetParent !== null);
  const layers = document.querySelectorAll('.tt-board canvas');
  if (!b || !layers.length) return false;
  const c = layers[0];
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  for (let i = 3; i < d.length; i += 97) { if (d[i]) return true; }
  return false;
}"""


def time_to_interactive(browser: Browser, url: str) -> float:
    """Seconds from navigation to an action button and a drawn canvas, in a fresh context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_function(READY, timeout=TIMEOUT_MS, polling=50)
    elapsed = time.perf_counter() - start
    page.goto("about:blank")
    context.close()
    return elapsed


def click_times(page: Page, clicks: int) -> list[float]:
    """Milliseconds from a click to a redrawn board, ``clicks`` times (a click that changed
    nothing within 10 s is an error)."""
    times: list[float] = []
    while len(times) < clicks:
        page.wait_for_function(READY, timeout=TIMEOUT_MS, polling=50)
        ms = page.evaluate(CLICK_TO_REDRAW)
        if ms is None:
            raise RuntimeError(f"click {len(times) + 1} on {page.url} did not redraw the board")
        if ms >= 0:
            times.append(float(ms))
        else:  # the bots were moving and the buttons had just gone: try again
            time.sleep(0.05)
    return times


def kernels(server: psutil.Process) -> set[int]:
    return {p.pid for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="page loads per page")
    parser.add_argument("--clicks", type=int, default=25, help="clicks timed per page")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(BARE)]
        nbformat.write(nb, folder / "bare.ipynb")
        shutil.copy(ROOT / "notebooks/play/smokers_wild.ipynb", folder / "smokers_wild.ipynb")
        with serve(voila_command(folder)) as voila, sync_playwright() as pw:
            base, server = voila.url, psutil.Process(voila.process.pid)
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            tti: dict[str, list[float]] = {"bare": [], "smokers_wild": []}
            for _ in range(args.loads):
                for name in tti:
                    tti[name].append(time_to_interactive(
                        browser, f"{base}/voila/render/{name}.ipynb"))
            clicks: dict[str, list[float]] = {}
            rss_mb = 0.0
            for name in tti:
                before = kernels(server)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                page.goto(f"{base}/voila/render/{name}.ipynb", timeout=TIMEOUT_MS)
                if name == "smokers_wild":
                    page.wait_for_function(READY, timeout=TIMEOUT_MS, polling=50)
                    page.locator(".tt-pace .noUi-handle").focus()
                    page.keyboard.press("Home")
                clicks[name] = click_times(page, args.clicks)
                if name == "smokers_wild":
                    (kernel,) = kernels(server) - before
                    rss_mb = psutil.Process(kernel).memory_info().rss / 2**20
                page.goto("about:blank")
                page.close()
            server_mb = server.memory_info().rss / 2**20
            browser.close()
    bare_tti = statistics.median(tti["bare"])
    sw_tti = statistics.median(tti["smokers_wild"])
    rows = [
        ("time to interactive, bare page (median)", f"{bare_tti:.2f} s", ""),
        ("time to interactive, Smokers Wild (median)", f"{sw_tti:.2f} s",
         f"{sw_tti / bare_tti:.2f}x bare (target <= 1.3x)"),
        ("click -> canvas redrawn, bare page (median)",
         f"{statistics.median(clicks['bare']):.0f} ms", ""),
        ("click -> board redrawn, Smokers Wild (median)",
         f"{statistics.median(clicks['smokers_wild']):.0f} ms", "target <= 100 ms"),
        ("click -> board redrawn, Smokers Wild (90th pct)",
         f"{statistics.quantiles(clicks['smokers_wild'], n=10)[-1]:.0f} ms", ""),
        ("RSS of the Smokers Wild kernel after the clicks", f"{rss_mb:.0f} MB",
         "target <= 150 MB"),
        ("RSS of the Voilà server", f"{server_mb:.0f} MB", ""),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'value':>9}  note")
    for label, value, note in rows:
        print(f"{label:<{width}}  {value:>9}  {note}")


if __name__ == "__main__":
    main()
