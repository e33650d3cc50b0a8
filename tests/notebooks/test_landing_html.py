"""The landing table links the notebooks that exist and says "coming" for the others."""

from __future__ import annotations

from pathlib import Path

from widgets.landing import GAMES, NOTEBOOKS, landing_html


def test_every_game_is_listed_and_missing_notebooks_are_coming(tmp_path: Path) -> None:
    (tmp_path / "play").mkdir()
    (tmp_path / "rush.ipynb").write_text("{}")
    (tmp_path / "play" / "pitch.ipynb").write_text("{}")
    html = landing_html(tmp_path)
    for game in GAMES:
        assert f"<strong>{game.title}</strong>" in html
    assert '<a href="rush.ipynb">' in html
    assert '<a href="play/pitch.ipynb">' in html
    assert html.count("<em>coming</em>") == 2 * len(GAMES) - 2
    assert "probability_primer.ipynb" not in html


def test_primer_is_linked_when_it_exists(tmp_path: Path) -> None:
    (tmp_path / "probability_primer.ipynb").write_text("{}")
    assert '<a href="probability_primer.ipynb">' in landing_html(tmp_path)


def test_default_folder_is_the_repository_notebooks() -> None:
    assert (NOTEBOOKS / "index.ipynb").is_file()
