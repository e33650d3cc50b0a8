"""Every teacher's sheet answers its game's exercises (issue 17, point 7), which end the
game's going-further notebook: after a heading naming the answers ("The exercises'
answers"), each exercise is answered under its number ("1. ...", "4a. ..."). Each sheet also
plans the game's two lessons: it names each lesson with its time with a class.

An exercise is a numbered item after the going-further notebook's "Exercises" heading: ``1. ...``,
``**2.** ...`` or ``**Exercise 3.** ...``, in Markdown or in rendered prose (``say`` cells).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

from widgets.landing import PRIMER_FOLDER, class_minutes, lessons

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
SHEETS = sorted((NOTEBOOKS / "teachers").glob("*.ipynb"))
#: The games' sheets (the primer's plans its lessons; the primer has no exercises).
GAME_SHEETS = [p for p in SHEETS if p.stem != PRIMER_FOLDER]

EXERCISES = re.compile(r"^#+\s.*\bExercises\b", re.M)
ANSWERS = re.compile(r"^#+\s.*\banswers\b", re.M | re.I)
EXERCISE = re.compile(r"^\s*(?:\*\*)?(?:Exercise\s+)?(\d+)[.:]", re.M)


def prose(cell: dict) -> str:
    """What a student reads as prose in a cell: Markdown, or a ``say`` cell's rendering."""
    if cell["cell_type"] == "markdown":
        return "".join(cell["source"])
    if "prose" in cell["metadata"].get("tags", []):
        return "".join("".join(out.get("data", {}).get("text/markdown", ""))
                       for out in cell.get("outputs", []))
    return ""


def everything(cell: dict) -> str:
    """A cell's source and every text it shows (printed, returned or rendered)."""
    parts = ["".join(cell["source"])]
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        data = out.get("data", {})
        parts += ["".join(data.get(kind, "")) for kind in ("text/plain", "text/markdown")]
    return "\n".join(parts)


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def exercises(walkthrough: Path) -> set[int]:
    """The numbers of the walkthrough's exercises: 1, 2, ... as far as they run on (a line
    of an exercise's text that happens to open with a number is not one)."""
    found: set[int] = set()
    started = False
    for cell in cells(walkthrough):
        text = prose(cell)
        started = started or bool(EXERCISES.search(text))
        if started:
            found |= {int(n) for n in EXERCISE.findall(EXERCISES.split(text)[-1])}
    count = 0
    while count + 1 in found:
        count += 1
    return set(range(1, count + 1))


def answered(sheet: Path) -> str:
    """Everything the sheet shows from its answers heading on ("" if it has none)."""
    texts, started = [], False
    for cell in cells(sheet):
        started = started or bool(ANSWERS.search(prose(cell)))
        if started:
            texts.append(everything(cell))
    return "\n".join(texts)


def test_exercises_are_found_in_each_form() -> None:
    text = "## Exercises\n\n1. one\n\n**2.** two\n\n**Exercise 3: three.** and 4 apples"
    assert {int(n) for n in EXERCISE.findall(text)} == {1, 2, 3}


def test_a_number_opening_a_line_of_an_exercise_is_not_one(tmp_path: Path) -> None:
    walkthrough = tmp_path / "game.ipynb"
    walkthrough.write_text(json.dumps({"cells": [{
        "cell_type": "markdown", "metadata": {},
        "source": ["## Exercises\n\n**Exercise 1.** Some tables deal\n7. cards each.\n"]}]}))
    assert exercises(walkthrough) == {1}


@pytest.mark.parametrize("sheet", GAME_SHEETS, ids=[p.name for p in GAME_SHEETS])
def test_every_sheet_answers_its_games_exercises(sheet: Path) -> None:
    wanted = exercises(NOTEBOOKS / sheet.stem / "going_further.ipynb")
    assert wanted, f"{sheet.stem}/going_further.ipynb has no numbered exercises"
    text = answered(sheet)
    assert text, f"teachers/{sheet.name}: no heading names the exercises' answers"
    missing = [n for n in sorted(wanted) if not re.search(rf"(?<![\w.,]){n}[a-z]?\.\s", text)]
    assert not missing, f"teachers/{sheet.name} answers no exercise {missing}"


@pytest.mark.parametrize("sheet", SHEETS, ids=[p.name for p in SHEETS])
def test_every_sheet_plans_both_lessons_with_their_times(sheet: Path) -> None:
    text = "\n".join(everything(cell) for cell in cells(sheet))
    for lesson in lessons(NOTEBOOKS / sheet.stem):
        minutes = class_minutes(lesson)
        assert re.search(rf"[Ll]esson {lesson.stem.split('_')[1]}\b", text), (
            f"teachers/{sheet.name} does not plan {lesson.name}")
        shown = {math.floor(minutes), math.ceil(minutes), f"{minutes:.1f}"}
        assert any(re.search(rf"(?<![\d.]){m}(?![\d])", text) for m in shown), (
            f"teachers/{sheet.name} does not give {lesson.name}'s {minutes:.1f} minutes")
