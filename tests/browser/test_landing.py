"""The landing page renders in Voilà: five games, links that lead somewhere, no error."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

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
        for cell in cells:  # the walkthrough and the dashboard: a link, or "coming"
            links = cell.locator("a")
            assert links.count() == 1 or cell.inner_text() == "coming"
    for link in page.locator("table.tabletop-landing a").all():
        href = link.get_attribute("href") or ""
        assert (NOTEBOOKS / href).is_file(), f"landing links to a missing notebook: {href}"
    voila.screenshot("landing")
    voila.assert_no_errors()
