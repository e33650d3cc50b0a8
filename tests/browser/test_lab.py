"""``make lab``: JupyterLab opens the primer, and a widget and a canvas shown from a cell
work (the command is tools/lab.py's, on a copy of the primer so that nothing is saved into
the kit)."""

from __future__ import annotations

import shutil
from pathlib import Path

from playwright.sync_api import Page

from tools.lab import PRIMER, lab_command
from tools.voila_server import NOTEBOOKS, serve

from .conftest import ARTIFACTS, TIMEOUT_MS

CELL = ("import ipywidgets as w\\nfrom ipycanvas import Canvas\\n"
        "w.VBox([w.IntSlider(7, description='seven'), Canvas(width=40, height=40)])")


#: The cell's widget showed, or a dialog asks something first.
RAN_OR_ASKED = """() => document.querySelector('.jp-OutputArea-output .widget-slider')
  || document.querySelector('.jp-Dialog button.jp-mod-accept')"""


def test_jupyterlab_opens_the_primer_with_widgets_working(page: Page, tmp_path: Path) -> None:
    (tmp_path / "notebooks").mkdir()
    shutil.copy(NOTEBOOKS / PRIMER, tmp_path / "notebooks" / PRIMER)
    command = [*lab_command(tmp_path), "--no-browser", "--IdentityProvider.token="]
    ARTIFACTS.mkdir(exist_ok=True)
    with serve(command, cwd=tmp_path, log=ARTIFACTS / "lab.log", timeout=120) as lab:
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{lab.url}/lab/tree/notebooks/{PRIMER}")
        page.wait_for_selector(".jp-Notebook .jp-Cell", state="visible")
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Escape")
        page.keyboard.press("a")  # a new cell above the first one
        page.keyboard.press("Enter")
        page.keyboard.insert_text(CELL.replace("\\n", "\n"))
        output = page.locator(".jp-OutputArea-output .widget-slider").first
        for _attempt in range(3):  # JupyterLab may first ask which kernel to start
            page.keyboard.press("Shift+Enter")
            page.wait_for_function(RAN_OR_ASKED, timeout=TIMEOUT_MS)
            accept = page.locator(".jp-Dialog button.jp-mod-accept")
            if not accept.count():
                break
            accept.click()
            page.wait_for_selector(".jp-Dialog", state="detached")
            page.locator(".jp-Notebook .jp-Cell").first.click()
            page.keyboard.press("Escape")
        output.wait_for(state="visible")
        page.screenshot(path=str(ARTIFACTS / "lab.png"))
        assert "seven" in page.locator(".jp-OutputArea-output").first.inner_text()
        assert page.locator(".jp-OutputArea-output canvas").count() >= 1
        page.goto("about:blank")
