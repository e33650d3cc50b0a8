"""Every lesson the landing page links also works as a Voilà page: all its cells run (no
error), its "predict first" questions and plots show; on the lessons of :data:`MONEY`, the
money in Markdown is not typeset as math (the text between two $ signs would be)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page

from widgets.landing import GAMES, NOTEBOOKS, PRIMER_FOLDER, lessons

from .conftest import TIMEOUT_MS
from .pages import assert_money_not_typeset

LESSONS = [str(p.relative_to(NOTEBOOKS)) for folder in [PRIMER_FOLDER, *(g.name for g in GAMES)]
           for p in lessons(NOTEBOOKS / folder)]
#: Lessons whose money is checked on this load (the Hitchiker's dollars).
MONEY = {"hitchiker/lesson_2.ipynb"}
#: How long a lesson's page may take to be ready: when it opens before nbval has run the same
#: lesson (pytest -n), its kernel computes the lesson's studies, or waits for the kernel
#: already computing them (the result cache's lock), as nbval's cells may (1,500 s a cell).
COMPUTING_MS = 900_000


@pytest.mark.parametrize("notebook", LESSONS)
def test_lesson_runs_as_a_page(open_voila: Callable[..., Any], page: Page,
                               notebook: str) -> None:
    page.set_default_timeout(COMPUTING_MS)
    page.set_default_navigation_timeout(COMPUTING_MS)
    voila = open_voila(notebook, selector=".jupyter-widgets")
    page.set_default_timeout(TIMEOUT_MS)
    ready_at = time.monotonic()
    assert page.locator(".jp-RenderedImage img").count() > 0, "no plot on the page"
    assert page.get_by_role("button", name="Reveal").count() > 0, "no predict-first question"
    voila.screenshot(f"lesson_{notebook.removesuffix('.ipynb').replace('/', '_')}")
    if notebook in MONEY:
        assert_money_not_typeset(voila, ready_at)
    voila.assert_no_errors()
