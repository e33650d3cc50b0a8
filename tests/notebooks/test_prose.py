"""No number typed by hand (issue 17, TEACHING.md): a number a student reads in prose is
rendered by the computation that produced it, with :func:`widgets.prose.say`.

**What a Markdown cell may hold.** No digit at all, except in these places, which are
removed before the cell is read:

- code: `code spans`, fenced code, link targets ``](...)`` and HTML tags ``<...>``;
- numbering: the number that opens a heading (``## 3. Ten businesses``, ``## §8 ...``) or a
  numbered list item (``1. A house rule ...``);
- references to a part of the kit: ``§8``, ``§8–§10``, ``primer §2``, and a word that names
  a numbered part followed by its numbers: ``section 6``, ``sections 2 and 3``,
  ``exercise 4``, ``part 2``, ``rule 16``, ``rules 11-12``, ``lesson 1``; and a card class named by its
  number, ``rating-0`` (Hip Town's first businesses).

Anything else with a digit (a result such as ``15/8``, ``0.509``, ``about 2.1``, ``13%``, but
also the game's own content such as ``108 cards`` or ``18 HC``, and lot names such as
``A1``) goes in a ``say`` cell, filled from the content or the computation. Small counts
written as words ("three cards", "one roll in eight") are prose, left to the author.

**A ``say`` cell** is tagged ``prose`` and ``nbval-check-output`` (so nbval fails when the
computation drifts from the committed rendering), has its source hidden in JupyterLab, and
its template obeys the Markdown rule above; its values are names or expressions, never a
number typed in the call.

**Primer references** are written ``primer §n`` (or ``§n`` inside the primer), and each
``§n`` names a heading of the primer numbered n; "the primer's section 6" is refused, since
it cannot be checked.

Notebooks not yet converted are marked xfail (strict): once one is converted, its mark must
go, so the list stays an honest account of what is left.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from widgets import landing

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)

CODE = re.compile(r"```.*?```|`[^`]*`|\]\([^)]*\)|<[^>]*>", re.S)
HEADING_NUMBER = re.compile(r"^(#+\s+)§?\d+(?:\.\d+)*\.?(?=\s)", re.M)
LIST_NUMBER = re.compile(r"^(\s*)\d+\.(?=\s)", re.M)
SECTION_SIGN = re.compile(r"§\s?(\d+)(?:\s?[–-]\s?§?\s?(\d+))?")
NAMED_PART = re.compile(r"\b(?:sections?|exercises?|parts?|rules?|lessons?)\s+\d+"
                        r"(?:\s*(?:[–,-]|and|or)\s*\d+)*", re.I)
CLASS_NAME = re.compile(r"\brating-\d\b")
DIGIT = re.compile(r"\S*\d\S*")
UNCHECKABLE = re.compile(r"primer\W[^.\n]{0,80}?\bsection\s+\d+|primer's section", re.I)


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS))


def typed_numbers(markdown: str) -> list[str]:
    """The words of ``markdown`` holding a digit that the module's rule does not allow."""
    text = CODE.sub(" ", markdown)
    text = HEADING_NUMBER.sub(r"\1", text)
    text = LIST_NUMBER.sub(r"\1", text)
    text = SECTION_SIGN.sub(" ", text)
    text = NAMED_PART.sub(" ", text)
    text = CLASS_NAME.sub(" ", text)
    return DIGIT.findall(text)


def say_calls(cell: dict) -> list[ast.Call]:
    if cell["cell_type"] != "code":
        return []
    tree = ast.parse("\n".join(line for line in source(cell).splitlines()
                               if not line.lstrip().startswith(("%", "!"))))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) == "say"]


def primer_sections() -> set[int]:
    """The sections of the primer's lessons (``## §n Title``)."""
    return set(landing.primer_sections())


def cited_sections(text: str, in_primer: bool) -> list[int]:
    """The primer sections ``text`` cites: ``§n`` inside the primer, ``primer §n`` (and the
    ``§m`` of a list or range following it) elsewhere."""
    if not in_primer:
        text = " ".join(re.findall(r"primer\s+§[\d§\s,–-]*(?:and\s+§\d+)?", text))
    return [int(n) for pair in SECTION_SIGN.findall(text) for n in pair if n]


# -- the rule itself ------------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "the wait is 32/15 ≈ 2.1 rolls", "unlikely (0.509)", "about 13% of towns",
    "Ann has 18 HC", "a Food Truck on A1", "a 95% interval",
])
def test_the_rule_refuses_a_number_typed_in_prose(text: str) -> None:
    assert typed_numbers(text)


@pytest.mark.parametrize("text", [
    "## 3. Ten businesses", "## §8 Geometric waits", "1. A house rule deals **four** cards",
    "see primer §2 and §8–§10", "rules 11-12 and rule 16", "exercise 4 edits `content.toml`",
    "sections 2 and 3", "[the primer](../primer/lesson_1.ipynb)", "# RUSH, lesson 2: the loan",
])
def test_the_rule_allows_numbering_references_and_code(text: str) -> None:
    assert typed_numbers(text) == []


def test_a_primer_reference_is_read_with_its_list() -> None:
    assert cited_sections("tools (primer §3, §6, §9) and §4 elsewhere", False) == [3, 6, 9]
    assert cited_sections("primer §8–§11.", False) == [8, 11]


# -- every notebook -------------------------------------------------------------------------
@pytest.mark.parametrize("path", ALL, ids=name)
def test_markdown_states_no_number(path: Path) -> None:
    for k, cell in enumerate(cells(path)):
        if cell["cell_type"] == "markdown":
            found = typed_numbers(source(cell))
            assert not found, f"cell {k} types {found[:5]}: render them with say(...)"


@pytest.mark.parametrize("path", ALL, ids=[name(p) for p in ALL])
def test_prose_cells_are_hidden_tagged_and_checked(path: Path) -> None:
    for k, cell in enumerate(cells(path)):
        calls = say_calls(cell)
        if not calls:
            continue
        tags = set(cell["metadata"].get("tags", []))
        hidden = cell["metadata"].get("jupyter", {}).get("source_hidden")
        assert {"prose", "nbval-check-output"} <= tags, f"cell {k}: tag prose, nbval-check-output"
        assert hidden, f"cell {k}: hide its source (metadata jupyter.source_hidden)"
        assert cell.get("outputs"), f"cell {k}: commit it executed, so nbval can compare it"
        for call in calls:
            template = call.args[0] if call.args else None
            assert isinstance(template, ast.Constant) and isinstance(template.value, str), (
                f"cell {k}: say's text is one string literal")
            found = typed_numbers(re.sub(r"\{[^{}]*\}", " ", template.value))
            assert not found, f"cell {k}: the template types {found[:5]}: make them fields"
            typed = [kw.arg for kw in call.keywords if isinstance(kw.value, ast.Constant)
                     and isinstance(kw.value.value, int | float)]
            assert not typed, f"cell {k}: {typed} typed as numbers: compute or look them up"


@pytest.mark.parametrize("path", ALL, ids=name)
def test_every_primer_reference_resolves(path: Path) -> None:
    sections = primer_sections()
    for k, cell in enumerate(cells(path)):
        text = source(cell) + "".join("".join(out.get("data", {}).get("text/markdown", ""))
                                      for out in cell.get("outputs", []))
        loose = UNCHECKABLE.search(text)
        assert loose is None, f"cell {k}: {loose.group(0)!r}: write it primer §n"
        for n in cited_sections(text, path.parent.name == landing.PRIMER_FOLDER):
            assert n in sections, f"cell {k} cites primer §{n}; its sections are {sorted(sections)}"
