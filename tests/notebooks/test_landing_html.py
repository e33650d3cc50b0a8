"""The landing page says where to start and how long each walkthrough takes, and links the
notebooks that exist (walkthrough, dashboard, teacher's sheet), saying "coming" for the
others."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from widgets.landing import (
    GAMES,
    NOTEBOOKS,
    ORDER,
    PRIMER,
    landing_html,
    part_minutes,
    reading_minutes,
    rounded,
)


def notebook(path: Path, markdown_words: int = 0, code_cells: int = 0, guesses: int = 0) -> None:
    """Write a notebook with that much prose, that many code cells and predict-first boxes."""
    cells = [{"cell_type": "markdown", "source": ["word " * markdown_words]}]
    cells += [{"cell_type": "code", "source": ["predict_first('?', lambda: 1)" if k < guesses
                                                else "1 + 1"]} for k in range(code_cells)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells}))


def table(html: str) -> str:
    return html[html.index('<table class="tabletop-landing">'):]


def path_items(html: str) -> list[str]:
    return re.findall(r"<li>(.*?)</li>", html)


def test_every_game_is_listed_and_missing_notebooks_are_coming(tmp_path: Path) -> None:
    (tmp_path / "play").mkdir()
    (tmp_path / "rush.ipynb").write_text("{}")
    (tmp_path / "play" / "pitch.ipynb").write_text("{}")
    html = landing_html(tmp_path)
    for game in GAMES:
        assert f"<strong>{game.title}</strong>" in html
    assert '<a href="rush.ipynb">' in html
    assert '<a href="play/pitch.ipynb">' in html
    assert table(html).count("<em>coming</em>") == 3 * len(GAMES) - 2
    assert "probability_primer.ipynb" not in html


def test_primer_is_linked_when_it_exists(tmp_path: Path) -> None:
    (tmp_path / "probability_primer.ipynb").write_text("{}")
    assert '<a href="probability_primer.ipynb">' in landing_html(tmp_path)


def test_teachers_sheets_are_linked_when_they_exist(tmp_path: Path) -> None:
    notebook(tmp_path / "teachers" / "pitch.ipynb")
    html = table(landing_html(tmp_path))
    assert "<th>Teacher’s sheet</th>" in html
    assert '<a href="teachers/pitch.ipynb">teacher’s sheet</a>' in html
    assert "teachers/hitchiker.ipynb" not in html


def test_the_path_starts_with_the_primer_then_follows_the_order(tmp_path: Path) -> None:
    notebook(tmp_path / PRIMER, markdown_words=2_000, code_cells=10, guesses=3)
    notebook(tmp_path / "pitch.ipynb", markdown_words=400, code_cells=4, guesses=1)
    items = path_items(landing_html(tmp_path))
    assert len(items) == 1 + len(ORDER)
    assert items[0].startswith(f'<a href="{PRIMER}">The probability primer</a> (about 20 min)')
    titles = {game.name: game.title for game in GAMES}
    for item, name in zip(items[1:], ORDER, strict=True):
        assert titles[name] in item
    pitch = items[1 + ORDER.index("pitch")]
    assert pitch.startswith('<a href="pitch.ipynb">Pitch: Money Game</a> (about 5 min)')
    assert "(primer §5–§7)" in pitch
    assert items[1 + ORDER.index("rush")] == "RUSH: walkthrough <em>coming</em>."


def test_reading_time_counts_prose_results_and_guesses(tmp_path: Path) -> None:
    notebook(tmp_path / "a.ipynb", markdown_words=2_000, code_cells=10, guesses=3)  # 10+5+3
    notebook(tmp_path / "b.ipynb", markdown_words=100)  # half a minute: at least 5
    (tmp_path / "broken.ipynb").write_text("not json")
    assert reading_minutes(tmp_path / "a.ipynb") == 20
    assert reading_minutes(tmp_path / "b.ipynb") == 5
    assert reading_minutes(tmp_path / "broken.ipynb") is None
    assert reading_minutes(tmp_path / "missing.ipynb") is None


def test_the_kit_page_gives_a_time_for_every_walkthrough_it_links() -> None:
    html = landing_html()
    for game in GAMES:
        if (NOTEBOOKS / f"{game.name}.ipynb").is_file():
            assert re.search(rf'href="{game.name}\.ipynb">walkthrough</a> \(about \d+ min\)', html)
    assert f'<a href="{PRIMER}">The probability primer</a> (about' in html


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
    assert parts["introduction"] == 1
    assert parts["§1 Dice"] == pytest.approx((3 + 400) / 200 + 1.5)
    assert parts["§2 Cards"] == pytest.approx(3 / 200 + 0.5)
    assert reading_minutes(tmp_path / "parts.ipynb") == rounded(sum(parts.values())) == 10


def test_the_primer_states_the_time_the_landing_page_gives() -> None:
    minutes = reading_minutes(NOTEBOOKS / PRIMER)
    assert f'The probability primer</a> (about {minutes} min)' in landing_html()
    cells = json.loads((NOTEBOOKS / PRIMER).read_text(encoding="utf-8"))["cells"]
    said = ["".join("".join(out.get("data", {}).get("text/markdown", ""))
                    for out in cell.get("outputs", [])) for cell in cells
            if "prose" in cell["metadata"].get("tags", [])]
    timing = [text for text in said if "landing page" in text]
    assert timing, "the primer's introduction should say how long it takes"
    assert all(f"about {minutes} minutes" in " ".join(text.split()) for text in timing)


def test_every_primer_reference_on_the_landing_page_resolves() -> None:
    from tests.notebooks.test_prose import cited_sections, primer_sections

    sections = primer_sections()
    for game in GAMES:
        cited = cited_sections(f"primer {game.primer}", in_primer=False)
        assert cited, f"{game.title}: {game.primer!r} names no primer section"
        assert set(cited) <= sections, f"{game.title} cites primer {game.primer}"
