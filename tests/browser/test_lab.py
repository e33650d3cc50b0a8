"""``make lab``: JupyterLab opens the primer, and a widget and a canvas shown from a cell
work (the command is tools/lab.py's, on a copy of the primer so that nothing is saved into
the kit; the copy starts with the cell to run)."""

from __future__ import annotations

from pathlib import Path

import nbformat
from playwright.sync_api import Error, Page

from tools.lab import PRIMER, lab_command
from tools.voila_server import NOTEBOOKS, serve

from .conftest import ARTIFACTS, TIMEOUT_MS

CELL = ("import ipywidgets as w\nfrom ipycanvas import Canvas\n"
        "w.VBox([w.IntSlider(7, description='seven'), Canvas(width=40, height=40)])")
SLIDER = ".jp-OutputArea-output .widget-slider"
#: JupyterLab may first ask which kernel to start.
ASKED = ".jp-Dialog button.jp-mod-accept"


def run_first_cell(page: Page) -> None:
    """Select the first cell and run it (Shift+Enter) until its widget shows, answering
    JupyterLab's question about the kernel if it asks."""
    for _attempt in range(4):
        page.locator(".jp-Notebook .jp-Cell .jp-InputArea-editor").first.click()
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_selector(f"{SLIDER}, {ASKED}", state="visible", timeout=20_000)
        except Error:
            continue
        if page.locator(ASKED).count():
            page.locator(ASKED).click()
            page.wait_for_selector(".jp-Dialog", state="detached")
            continue
        return


def test_jupyterlab_opens_the_primer_with_widgets_working(page: Page, tmp_path: Path) -> None:
    (tmp_path / "notebooks" / PRIMER).parent.mkdir(parents=True)
    primer = nbformat.read(NOTEBOOKS / PRIMER, as_version=4)
    primer.cells.insert(0, nbformat.v4.new_code_cell(CELL))
    nbformat.write(primer, tmp_path / "notebooks" / PRIMER)
    command = [*lab_command(tmp_path), "--no-browser", "--IdentityProvider.token="]
    ARTIFACTS.mkdir(exist_ok=True)
    with serve(command, cwd=tmp_path, log=ARTIFACTS / "lab.log", timeout=120) as lab:
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{lab.url}/lab/tree/notebooks/{PRIMER}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible")
        run_first_cell(page)
        page.wait_for_selector(SLIDER, state="visible")
        page.screenshot(path=str(ARTIFACTS / "lab.png"))
        assert "seven" in page.locator(".jp-OutputArea-output").first.inner_text()
        assert page.locator(".jp-OutputArea-output canvas").count() >= 1
        page.goto("about:blank")
