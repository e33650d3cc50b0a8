"""The landing page leads with the lessons: where to start (the primer's lessons, then each
game's two lessons with their time with a class and the primer sections they build on, read
from their citations), then a table linking every lesson, going-further notebook, dashboard
and teacher's sheet, saying "coming" for those that do not exist yet."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from widgets.landing import (
    GAMES,
    MINUTES_PER_RESULT,
    NOTEBOOKS,
    ORDER,
    WORDS_PER_MINUTE,
    cited_by,
    class_minutes,
    landing_html,
    part_minutes,
    reading_minutes,
    rounded,
    sections_text,
    title,
)


def notebook(path: Path, markdown_words: int = 0, code_cells: int = 0, guesses: int = 0,
             heading: str = "") -> None:
    """Write a notebook with a heading, that much prose, that many code cells and
    predict-first boxes."""
    cells = [{"cell_type": "markdown", "source": [heading + "\n\n" + "word " * markdown_words]}]
    cells += [{"cell_type": "code", "source": ["predict_first('?', lambda: 1)" if k < guesses
                                                else "1 + 1"]} for k in range(code_cells)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells}))


def table(html: str) -> str:
    return html[html.index('<table class="tabletop-landing">'):]


def path_items(html: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", html)


def test_every_game_is_listed_and_missing_notebooks_are_coming(tmp_path: Path) -> None:
    notebook(tmp_path / "rush" / "lesson_1.ipynb", heading="# RUSH, lesson 1: One pill")
    notebook(tmp_path / "play" / "pitch.ipynb")
    html = landing_html(tmp_path)
    for game in GAMES:
        assert f"<strong>{game.title}</strong>" in html
    assert '<a href="rush/lesson_1.ipynb">lesson 1: One pill</a>' in html
    assert '<a href="play/pitch.ipynb">' in html
    assert table(html).count("<em>coming</em>") == 4 * len(GAMES) - 2


def test_the_path_starts_with_the_primer_lessons_then_follows_the_order(tmp_path: Path) -> None:
    notebook(tmp_path / "primer" / "lesson_1.ipynb", markdown_words=2_000, code_cells=10,
             guesses=3, heading="# Probability primer, lesson 1: Counting\n\n## §1 Dice")
    notebook(tmp_path / "pitch" / "lesson_1.ipynb", markdown_words=400, code_cells=4,
             guesses=1, heading="# Pitch, lesson 1: Bids\n\nSee primer §1.")
    items = path_items(landing_html(tmp_path))
    assert len(items) == 1 + len(ORDER)
    minutes = math.ceil(class_minutes(tmp_path / "primer" / "lesson_1.ipynb"))
    assert items[0] == (f'<a href="primer/lesson_1.ipynb">Primer, lesson 1</a> ({minutes} min '
                        "with a class): Counting (§1).")
    titles = {game.name: game.title for game in GAMES}
    for item, name in zip(items[1:], ORDER, strict=True):
        assert titles[name] in item
    pitch = items[1 + ORDER.index("pitch")]
    assert '<a href="pitch/lesson_1.ipynb">lesson 1: Bids</a>' in pitch
    assert "Builds on primer §1." in pitch
    assert items[1 + ORDER.index("rush")] == "<strong>RUSH</strong>: <em>coming</em>."


def test_a_lesson_with_a_class_counts_reading_twice_and_a_minute_a_guess(tmp_path: Path) -> None:
    notebook(tmp_path / "a.ipynb", markdown_words=2_000, code_cells=10, guesses=3)
    reading = 2_000 / WORDS_PER_MINUTE + 10 * MINUTES_PER_RESULT
    assert class_minutes(tmp_path / "a.ipynb") == pytest.approx(2 * reading + 3)
    assert class_minutes(tmp_path / "missing.ipynb") is None


def test_sections_are_written_as_runs() -> None:
    assert sections_text({1, 3, 8, 9, 10}) == "§1, §3, §8–§10"
    assert sections_text({13}) == "§13"


def test_reading_time_counts_prose_results_and_guesses(tmp_path: Path) -> None:
    notebook(tmp_path / "a.ipynb", markdown_words=2_000, code_cells=10, guesses=3)
    notebook(tmp_path / "b.ipynb", markdown_words=100)  # a minute or so: at least 5
    (tmp_path / "broken.ipynb").write_text("not json")
    alone = 2_000 / WORDS_PER_MINUTE + 10 * MINUTES_PER_RESULT + 3
    assert reading_minutes(tmp_path / "a.ipynb") == rounded(alone) == 30
    assert reading_minutes(tmp_path / "b.ipynb") == 5
    assert reading_minutes(tmp_path / "broken.ipynb") is None
    assert reading_minutes(tmp_path / "missing.ipynb") is None


def test_default_folder_is_the_repository_notebooks() -> None:
    assert (NOTEBOOKS / "index.ipynb").is_file()


def test_prose_rendered_by_say_is_read_as_prose(tmp_path: Path) -> None:
    said = {"cell_type": "code", "metadata": {"tags": ["prose", "nbval-check-output"]},
            "source": ["say('...')"],
            "outputs": [{"output_type": "display_data",
                         "data": {"text/markdown": ["word " * 2_000]}}]}
    (tmp_path / "said.ipynb").write_text(json.dumps({"cells": [said]}))
    notebook(tmp_path / "typed.ipynb", markdown_words=2_000)
    assert part_minutes(tmp_path / "said.ipynb") == part_minutes(tmp_path / "typed.ipynb")


def test_each_part_runs_from_heading_to_heading(tmp_path: Path) -> None:
    cells = [{"cell_type": "markdown", "source": ["word " * 200]},
             {"cell_type": "markdown", "source": ["## §1 Dice\n\n" + "word " * 400]},
             {"cell_type": "code", "source": ["predict_first('?', lambda: 1)"]},
             {"cell_type": "markdown", "source": ["## §2 Cards"]},
             {"cell_type": "code", "source": ["1 + 1"]}]
    (tmp_path / "parts.ipynb").write_text(json.dumps({"cells": cells}))
    parts = part_minutes(tmp_path / "parts.ipynb")
    assert list(parts) == ["introduction", "§1 Dice", "§2 Cards"]
    assert parts["introduction"] == 200 / WORDS_PER_MINUTE
    assert parts["§1 Dice"] == pytest.approx((3 + 400) / WORDS_PER_MINUTE + 1.5)
    assert parts["§2 Cards"] == pytest.approx(3 / WORDS_PER_MINUTE + 0.5)
    assert reading_minutes(tmp_path / "parts.ipynb") == rounded(sum(parts.values())) == 10


def test_the_landing_page_gives_each_game_the_primer_sections_its_lessons_cite() -> None:
    items = path_items(landing_html())
    for name in ORDER:
        cited = cited_by(name)
        item = items[-len(ORDER) + ORDER.index(name)]
        if cited:
            assert f"Builds on primer {sections_text(cited)}." in item


def test_the_saved_landing_page_links_only_notebooks_that_exist() -> None:
    """The committed landing page (what JupyterLab shows before it runs) is not stale."""
    cells = json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    html = "".join("".join(out.get("data", {}).get("text/html", ""))
                   for cell in cells for out in cell.get("outputs", []))
    links = re.findall(r'href="([^"]+)"', html)
    assert links, "the landing page was committed without its output"
    assert [link for link in links if not (NOTEBOOKS / link).is_file()] == []


def test_a_lesson_title_is_what_follows_lesson_n_even_when_the_game_name_has_a_colon(
        tmp_path: Path) -> None:
    notebook(tmp_path / "a.ipynb", markdown_words=10, code_cells=1, guesses=0,
             heading="# Pitch: Money Game, lesson 2: a hand in cents")
    notebook(tmp_path / "b.ipynb", markdown_words=10, code_cells=1, guesses=0,
             heading="# Hip Town: the race")
    assert title(tmp_path / "a.ipynb") == "a hand in cents"
    assert title(tmp_path / "b.ipynb") == "the race"
