"""The cells a teacher may skip (tagged ``skippable``, listed on the teacher's sheet) can be
skipped: each lesson that has them runs from its first cell to its last without them
(TEACHING.md, "Lessons, not chapters"). nbval runs every lesson whole; this runs it again
with the skippable cells left out, reading the results the whole run stored."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from widgets.landing import GAMES, NOTEBOOKS, PRIMER_FOLDER, lessons

LESSONS = [p for folder in [*(g.name for g in GAMES), PRIMER_FOLDER]
           for p in lessons(NOTEBOOKS / folder)]


def skippable(path: Path) -> list[int]:
    nb = nbformat.read(path, as_version=4)
    return [k for k, cell in enumerate(nb.cells) if "skippable" in cell.metadata.get("tags", [])]


def without_skippable(path: Path) -> nbformat.NotebookNode:
    nb = nbformat.read(path, as_version=4)
    nb.cells = [c for c in nb.cells if "skippable" not in c.metadata.get("tags", [])]
    return nb


WITH_SKIPPABLE = [p for p in LESSONS if skippable(p)]
#: A cell's time limit: run before nbval has run the same lesson (pytest -n), a cell computes
#: the lesson's full-game studies, or waits for the kernel computing them (the cache's lock).
COMPUTING_S = 1500


@pytest.mark.parametrize("lesson", WITH_SKIPPABLE,
                         ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_a_lesson_runs_without_the_cells_a_teacher_may_skip(lesson: Path) -> None:
    nb = without_skippable(lesson)
    NotebookClient(nb, timeout=COMPUTING_S, kernel_name="python3",
                   resources={"metadata": {"path": str(lesson.parent)}}).execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert not errors
