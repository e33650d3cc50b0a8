"""The grid board on a page of its own: a click on a legal cell picks it, a click on another
cell says why not, and the keyboard alone reaches and picks a legal cell."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page

from tools.voila_server import serve, voila_command

from .conftest import ARTIFACTS, TIMEOUT_MS, VoilaPage

PAGE = """\
import ipywidgets as w
from widgets.grid import GridBoard
from widgets.style import style_widget

picked = w.HTML("nothing picked")
picked.add_class("tt-picked")
board = GridBoard(2, 5, lambda row, col: setattr(picked, "value", f"picked {row},{col}"))
board.show([{"label": f"Lot {k + 1}", "legal": k % 2 == 0, "reason": "Ann owns it",
             "owner": None if k % 2 == 0 else "Ann"} for k in range(10)],
           [{"name": "Ann", "seat": 0, "position": None, "money": 0}])
w.VBox([style_widget(), board.widget, picked])
"""


@pytest.fixture(scope="module")
def grid_page_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Voilà of its own serving a one-cell page with a 2 x 5 grid (lots 1, 3, 5... legal)."""
    folder: Path = tmp_path_factory.mktemp("grid")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(PAGE)]
    nbformat.write(notebook, folder / "grid.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    with serve(voila_command(folder), log=ARTIFACTS / "voila-grid.log") as server:
        yield server.url


def test_cells_are_picked_by_mouse_and_by_keyboard(page: Page, grid_page_url: str) -> None:
    page.set_default_timeout(TIMEOUT_MS)
    voila = VoilaPage(page, grid_page_url)
    voila.watch()
    page.goto(f"{grid_page_url}/voila/render/grid.ipynb", timeout=TIMEOUT_MS)
    voila.wait_until_ready(".tt-grid canvas")
    canvas = page.locator(".tt-grid canvas")
    canvas.click(position={"x": 150, "y": 100})  # row 2, column 2: lot 7
    page.wait_for_selector(".tt-picked:has-text('picked 1,1')")
    canvas.click(position={"x": 150, "y": 30})   # row 1, column 2: lot 2, Ann's
    page.wait_for_selector(".tt-grid-board .tt-illegal:has-text('Lot 2: Ann owns it')")
    page.evaluate("() => document.activeElement.blur()")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('button.tt-cell-legal')"):
            break
    page.keyboard.press("Enter")
    page.wait_for_selector(".tt-picked:has-text('picked 0,0')")
    voila.screenshot("grid")
    voila.assert_no_errors()
    page.goto("about:blank")
