"""The landing page renders in Voilà: where to start (the primer first, each step with its
reading time), five games with their walkthrough, dashboard and teacher's sheet, links that
lead somewhere, no error."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from widgets.landing import PRIMER

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TITLES = ["Hitchiker", "Smokers Wild", "Hip Town", "Pitch: Money Game", "RUSH"]


def test_landing_page_lists_the_five_games(open_voila: Callable[..., Any]) -> None:
    voila = open_voila("index.ipynb", selector="table.tabletop-landing")
    page = voila.page
    rows = page.locator("table.tabletop-landing tbody tr")
    assert rows.count() == len(TITLES)
    for row, title in zip(rows.all(), TITLES, strict=True):
        assert row.locator("td").first.inner_text() == title
        cells = row.locator("td").all()[2:]
        for cell in cells:  # walkthrough, dashboard, teacher’s sheet: a link, or "coming"
            links = cell.locator("a")
            assert links.count() == 1 or cell.inner_text() == "coming"
    headers = page.locator("table.tabletop-landing thead th").all_inner_texts()
    assert headers == ["Game", "Probability inside", "Walkthrough", "Dashboard", "Teacher’s sheet"]
    steps = page.locator("ol.tabletop-path li")
    assert steps.count() == 1 + len(TITLES)
    assert steps.first.locator("a").get_attribute("href") == PRIMER
    assert re.search(r"\(about \d+ min\)", steps.first.inner_text())
    for link in page.locator("table.tabletop-landing a, ol.tabletop-path a").all():
        href = link.get_attribute("href") or ""
        assert (NOTEBOOKS / href).is_file(), f"landing links to a missing notebook: {href}"
    voila.screenshot("landing")
    voila.assert_no_errors()
