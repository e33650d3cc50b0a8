"""Lessons, not chapters (TEACHING.md): each game is taught in two lessons a class finishes in
50 minutes by the kit's own count, each saying first what the class will be able to do and
ending with one exit question; a going-further notebook whose sections run alone; a primer
whose sections are the ones the lessons cite; cells a teacher may skip that can be skipped."""

from __future__ import annotations

import ast
import builtins
import json
import re
from pathlib import Path

import pytest

from widgets.landing import (
    GAMES,
    NOTEBOOKS,
    PRIMER_FOLDER,
    _prose,
    class_minutes,
    game_notebooks,
    lessons,
    primer_citations,
    primer_sections,
    prose,
)

LESSON_MINUTES = 50
GAME_LESSONS = [p for game in GAMES for p in lessons(NOTEBOOKS / game.name)]
PRIMER_LESSONS = lessons(NOTEBOOKS / PRIMER_FOLDER)
ALL_LESSONS = GAME_LESSONS + PRIMER_LESSONS
FURTHER = [NOTEBOOKS / game.name / "going_further.ipynb" for game in GAMES]
#: Every notebook a student or teacher reads (the landing page and dashboards cite nothing).
READ = sorted({*ALL_LESSONS, *FURTHER, *NOTEBOOKS.glob("teachers/*.ipynb")})


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell.get("source", ""))


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_every_game_has_two_lessons_and_a_going_further_notebook(game: str) -> None:
    folder = NOTEBOOKS / game
    assert [p.name for p in lessons(folder)] == ["lesson_1.ipynb", "lesson_2.ipynb"]
    assert (folder / "going_further.ipynb").is_file()
    assert not (NOTEBOOKS / f"{game}.ipynb").exists(), "the old walkthrough is still there"


def test_the_primer_is_taught_in_lessons() -> None:
    assert PRIMER_LESSONS, "no primer lessons in notebooks/primer/"
    assert not (NOTEBOOKS / "probability_primer.ipynb").exists()


@pytest.mark.parametrize("lesson", ALL_LESSONS, ids=name)
def test_a_lesson_fits_fifty_minutes_with_a_class(lesson: Path) -> None:
    minutes = class_minutes(lesson)
    assert minutes is not None and minutes <= LESSON_MINUTES, (
        f"{name(lesson)} takes {minutes:.1f} minutes with a class")


@pytest.mark.parametrize("lesson", ALL_LESSONS, ids=name)
def test_a_lesson_opens_with_what_the_class_will_be_able_to_do(lesson: Path) -> None:
    first = prose(lesson).lstrip()
    assert first.startswith("# "), "a lesson opens with its title"
    assert "**After this lesson you can**" in first.split("\n## ", 1)[0]


@pytest.mark.parametrize("lesson", ALL_LESSONS, ids=name)
def test_a_lesson_ends_with_one_exit_question(lesson: Path) -> None:
    text = prose(lesson)
    assert re.search(r"^## +Exit question", text, re.M), "no '## Exit question' section"
    after, boxes = False, 0
    for cell in cells(lesson):
        text = _prose(cell)
        if text is not None and re.search(r"^## ", text, re.M):
            after = bool(re.search(r"^## +Exit question", text, re.M))
        elif after and cell.get("cell_type") == "code":
            boxes += source(cell).count("predict_first(")
    assert boxes == 1, f"the exit question has {boxes} predict boxes, not one"


@pytest.mark.parametrize("lesson", ALL_LESSONS, ids=name)
def test_a_cell_a_teacher_may_skip_holds_no_question(lesson: Path) -> None:
    for k, cell in enumerate(cells(lesson)):
        if "skippable" in tags(cell):
            assert "predict_first(" not in source(cell), f"cell {k} may be skipped but asks"


# -- going further: each section runs on its own --------------------------------------------
def _names(code: str) -> tuple[set[str], set[str]]:
    """The names ``code`` binds (anywhere) and the names it reads."""
    tree = ast.parse("\n".join(line for line in code.splitlines()
                               if not line.lstrip().startswith(("%", "!"))))
    bound: set[str] = set()
    read: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (bound if isinstance(node.ctx, ast.Store | ast.Del) else read).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return bound, read


def sections(path: Path) -> tuple[str, dict[str, list[str]]]:
    """The setup code (before the first ``## `` heading) and each section's code cells."""
    setup: list[str] = []
    parts: dict[str, list[str]] = {}
    current: list[str] = setup
    for cell in cells(path):
        text = _prose(cell)
        heading = re.search(r"^## +(.+)$", text, re.M) if text is not None else None
        if heading:
            current = parts.setdefault(heading.group(1).strip(), [])
        if cell.get("cell_type") == "code":
            current.append(source(cell))
    return "\n".join(setup), {k: v for k, v in parts.items()}


def undefined(setup: str, code: str) -> set[str]:
    known = _names(setup)[0] | set(dir(builtins)) | {"display", "get_ipython", "__name__"}
    bound, read = _names(code)
    return read - bound - known


def test_a_name_defined_in_an_earlier_section_is_undefined_alone() -> None:
    setup = "from fractions import Fraction"
    assert undefined(setup, "half = Fraction(1, 2)") == set()
    assert undefined(setup, "print(half + 1)") == {"half"}
    assert undefined(setup, "def f(x):\n    return [y for y in range(x)]\nf(2)") == set()
    assert undefined("%matplotlib inline\n" + setup, "Fraction(1, 3)") == set()


@pytest.mark.parametrize("further", FURTHER, ids=name)
def test_each_going_further_section_runs_on_its_own(further: Path) -> None:
    assert prose(further).lstrip().startswith("# "), "going further opens with its title"
    setup, parts = sections(further)
    assert parts, "going further has no sections"
    missing = {title: sorted(names) for title, code in parts.items()
               if (names := undefined(setup, "\n".join(code)))}
    assert not missing, f"sections that use names of an earlier section: {missing}"


# -- the primer: what the lessons cite is there ---------------------------------------------
def test_primer_citations_are_read_in_every_form() -> None:
    assert primer_citations("see primer §3, and primer §8–§10 and §12") == {3, 8, 9, 10, 12}
    assert primer_citations("primer §1, §5 and §7.") == {1, 5, 7}
    assert primer_citations("§4 alone is no citation") == set()


def test_primer_sections_are_numbered_from_one_without_gaps() -> None:
    numbers = sorted(primer_sections())
    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize("notebook", READ, ids=name)
def test_every_primer_citation_names_a_primer_section(notebook: Path) -> None:
    known = primer_sections()
    cited = primer_citations(prose(notebook)) | primer_citations(
        "\n".join(source(c) for c in cells(notebook) if c.get("cell_type") == "code"))
    assert cited <= set(known), f"cites primer sections that do not exist: {cited - set(known)}"


@pytest.mark.parametrize("notebook", READ, ids=name)
def test_every_link_to_a_primer_lesson_holds_the_section_it_cites(notebook: Path) -> None:
    """``[primer §9](../primer/lesson_3.ipynb)``: lesson 3 holds §9."""
    known = primer_sections()
    for cited, target in re.findall(r"\[primer (§[^\]]+)\]\(([^)]+)\)", prose(notebook)):
        where = (notebook.parent / target).resolve()
        for section in primer_citations(f"primer {cited}"):
            assert section in known and known[section][1].resolve() == where, (
                f"primer {cited} is not in {target}")


@pytest.mark.parametrize("game", [g.name for g in GAMES])
def test_each_game_cites_the_primer(game: str) -> None:
    cited = set().union(*(primer_citations(prose(p)) for p in game_notebooks(game)))
    assert cited, f"the {game} lessons never point to the primer"
