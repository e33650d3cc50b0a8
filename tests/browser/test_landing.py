"""The landing page renders in Voilà: where to start (the primer's lessons, then each game's
two lessons, each with its time with a class), five games with their lessons, going-further
notebook, dashboard and teacher's sheet, links that lead somewhere, no error. It is opened as
a teacher meets it: the address Voilà prints (the server root) opens the landing page."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from widgets.landing import GAMES, NOTEBOOKS, PRIMER_FOLDER, lessons

from .conftest import TIMEOUT_MS, VoilaPage


def test_the_server_root_opens_the_landing_page_which_leads_with_the_lessons(
        page: Page, voila_url: str) -> None:
    voila = VoilaPage(page, voila_url)
    voila.watch()
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(f"{voila_url}/", timeout=TIMEOUT_MS)
    voila.wait_until_ready("table.tabletop-landing")
    assert page.url == f"{voila_url}/voila/render/index.ipynb"
    rows = page.locator("table.tabletop-landing tbody tr")
    assert rows.count() == len(GAMES)
    for row, game in zip(rows.all(), GAMES, strict=True):
        assert row.locator("td").first.inner_text() == game.title
        lesson_cell = row.locator("td").nth(2)
        assert lesson_cell.locator("a").count() == 2, f"{game.title}: not two lessons"
        assert len(re.findall(r"\(\d+ min with a class\)", lesson_cell.inner_text())) == 2
    headers = page.locator("table.tabletop-landing thead th").all_inner_texts()
    assert headers == ["Game", "Probability inside", "Lessons", "Going further", "Dashboard",
                       "Teacher’s sheet"]
    steps = page.locator("ol.tabletop-path li")
    primer = lessons(NOTEBOOKS / PRIMER_FOLDER)
    assert steps.count() == len(primer) + len(GAMES)
    assert steps.first.locator("a").get_attribute("href") == f"{PRIMER_FOLDER}/lesson_1.ipynb"
    for link in page.locator("table.tabletop-landing a, ol.tabletop-path a").all():
        href = link.get_attribute("href") or ""
        assert (NOTEBOOKS / href).is_file(), f"landing links to a missing notebook: {href}"
    voila.screenshot("landing")
    voila.assert_no_errors()
    page.goto("about:blank")
