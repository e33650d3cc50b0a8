"""A walkthrough kept ready for a class (``make play CLASS=… SEATS=…``, issue 18): Voilà's
preheated kernels run the page before a student asks for it, and the page still joins the
class session its address names (``widgets/preheat.py``); the pool is used once
(``widgets/voila_pool.py``): the next student's page is served as usual, and no kernel is
started to replace the one taken.

The page here is a one-cell lesson (the session bar), served by Voilà with the configuration
``tools/class_pool.py`` writes, one seat; Voilà's log shows which page came from the pool."""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

from tabletop.tables import ENV, SessionStore
from tools import class_pool
from tools.voila_server import kit_env, serve, voila_command

from .conftest import ARTIFACTS

POOL_FILLED_S = 120
#: Voilà replaces a kernel taken from its pool after ``fill_delay`` (1 s unless configured).
REFILL_WAIT_S = 5


@pytest.fixture
def sessions(tables_url: str) -> Iterator[SessionStore]:
    opened = SessionStore(tables_url)
    yield opened
    opened.close()


def lesson(folder: Path) -> None:
    """``folder/lesson.ipynb``: the class-session bar of the walkthrough "lesson"."""
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from widgets.class_session import session_bar\nsession_bar('lesson')")])
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3",
                              "language": "python"}
    folder.mkdir()
    nbformat.write(nb, folder / "lesson.ipynb")


def test_a_page_from_the_class_pool_joins_the_session_its_address_names(
        tmp_path: Path, page: Page, tables_url: str, sessions: SessionStore) -> None:
    lesson(tmp_path / "lessons")
    config = class_pool.write(tmp_path / "config", ["lesson"], 1)
    code = sessions.open_session("lesson", secrets.token_urlsafe(12))
    log = ARTIFACTS / "voila-class-pool.log"
    ARTIFACTS.mkdir(exist_ok=True)
    env = {**kit_env(), ENV: tables_url, "JUPYTER_CONFIG_PATH": str(config)}
    with serve(voila_command(tmp_path / "lessons"), env=env, log=log) as server:
        deadline = time.monotonic() + POOL_FILLED_S
        while "Kernel pool of lesson.ipynb is filled" not in log.read_text():
            assert time.monotonic() < deadline, "Voilà's pool did not fill"
            time.sleep(0.5)
        for _student in range(2):  # the first page from the pool, the second as usual
            page.goto(f"{server.url}/voila/render/lesson.ipynb?session={code}"
                      f"&student={secrets.token_urlsafe(12)}")
            expect(page.locator(f".tt-session-here[data-code='{code}']")).to_be_visible()
            assert log.read_text().count("Using pre-heated kernel") == 1
        time.sleep(REFILL_WAIT_S)  # Voilà alone would have started a replacement by now
        assert log.read_text().count("Kernel started") == 2
        page.goto("about:blank")
