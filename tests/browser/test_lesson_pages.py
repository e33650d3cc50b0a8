"""Every walkthrough the landing page links also works as a Voilà page: all its cells run
(no error), its "predict first" questions and plots show, and a game's walkthrough ends
with the playable app."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
WALKTHROUGHS = sorted(
    p.name for p in NOTEBOOKS.glob("*.ipynb") if p.name != "index.ipynb"
)


@pytest.mark.parametrize("notebook", WALKTHROUGHS)
def test_walkthrough_runs_as_a_page(open_voila: Callable[..., Any], notebook: str) -> None:
    voila = open_voila(notebook, selector=".jupyter-widgets")
    page = voila.page
    assert page.locator(".jp-RenderedImage img").count() > 0, "no plot on the page"
    assert page.get_by_role("button", name="Reveal").count() > 0, "no predict-first question"
    if notebook != "probability_primer.ipynb":
        page.wait_for_selector(".tt-board canvas", state="attached")
    voila.screenshot(f"walkthrough_{notebook.removesuffix('.ipynb')}")
    voila.assert_no_errors()
