"""Every notebook read as a teacher would (TEACHING.md): readable numbers, short cells, no
test machinery in sight, a Reveal that works the moment the class meets it, and money that
is not typeset as math."""

from __future__ import annotations

import ast
import builtins
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
#: The lessons and going-further notebooks of the games, and the primer's lessons.
WALKTHROUGHS = [p for p in ALL if p.parent.name not in {"play", "teachers", "images"}
               and p.parent != NOTEBOOKS]
LONGEST_CELL = 25
LONG_FRACTION = re.compile(r"(?<![\d.])(\d{13,}/\d+|\d+/\d{13,})(?![\d.])")
DECIMAL = re.compile(r"(?<![\w.])\d*\.\d+(?:e[-+]?\d+)?")
# A $ before a figure is money. Two $ in one Markdown cell are typeset as TeX, and Voilà
# does so even when they are written \$ (it drops the backslash before MathJax sees it).
MONEY = re.compile(r"\$(?=\s?\d)")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(NOTEBOOKS)) for p in paths]


def printed(cell: dict) -> str:
    """The text a cell printed or returned (what a student reads under it)."""
    parts = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            parts.append("".join(output.get("text", "")))
        data = output.get("data", {})
        parts.append("".join(data.get("text/plain", "")) if "text/html" not in data else "")
        parts.append("".join(data.get("text/html", "")))
    return "\n".join(parts)


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_test_machinery_in_sight(path: Path) -> None:
    for k, cell in enumerate(cells(path)):
        assert "NBVAL" not in source(cell), f"cell {k}: nbval checks go in cell tags"


@pytest.mark.parametrize("path", WALKTHROUGHS, ids=ids(WALKTHROUGHS))
def test_code_cells_stay_short(path: Path) -> None:
    for k, cell in enumerate(cells(path)):
        if cell["cell_type"] == "code":
            lines = source(cell).strip().splitlines()
            assert len(lines) <= LONGEST_CELL, f"cell {k} has {len(lines)} lines"


@pytest.mark.parametrize("path", WALKTHROUGHS, ids=ids(WALKTHROUGHS))
def test_numbers_are_printed_readably(path: Path) -> None:
    for k, cell in enumerate(cells(path)):
        text = printed(cell)
        fraction = LONG_FRACTION.search(text)
        assert fraction is None, f"cell {k} prints the fraction {fraction.group(0)[:40]}"
        for number in DECIMAL.findall(text):
            digits = re.sub(r"e.*", "", number).replace(".", "").lstrip("0")
            assert len(digits) <= 6, f"cell {k} prints {number}: round it"


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_money_is_not_typeset_as_math(path: Path) -> None:
    for k, cell in enumerate(cells(path)):
        if cell["cell_type"] != "markdown":
            continue
        text = re.sub(r"`[^`]*`", "", source(cell))
        if text.count("$") >= 2:
            money = MONEY.search(text)
            assert money is None, (
                f"cell {k}: {text[money.start():money.start() + 30]!r} is money next to "
                "another $, which Voilà typesets as TeX even when escaped: keep one $ a "
                "cell, or write the amount in words (250,000 dollars)"
            )


def names_defined(tree: ast.AST) -> set[str]:
    """The names a cell binds: assignments, imports, functions, classes, loop variables."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            found |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.arg):
            found.add(node.arg)
    return found


def reveal_inputs(tree: ast.AST) -> set[str]:
    """The free names read by the answers (and the simulations' intervals, ``interval=``) of
    the ``predict_first`` calls in a cell."""
    wanted: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "predict_first":
            for answer in node.args[1:2] + [k.value for k in node.keywords
                                              if k.arg in ("answer_fn", "interval")]:
                bound = names_defined(answer)
                wanted |= {n.id for n in ast.walk(answer)
                           if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound
    return wanted


@pytest.mark.parametrize("path", WALKTHROUGHS, ids=ids(WALKTHROUGHS))
def test_every_reveal_works_when_the_class_meets_it(path: Path) -> None:
    defined = set(dir(builtins))
    for k, cell in enumerate(cells(path)):
        if cell["cell_type"] != "code":
            continue
        code = "\n".join(line for line in source(cell).splitlines()
                         if not line.lstrip().startswith(("%", "!")))
        for statement in ast.parse(code).body:  # a box may use what its cell defines above it
            missing = reveal_inputs(statement) - defined
            assert not missing, f"cell {k}: its Reveal needs {sorted(missing)}, defined only later"
            defined |= names_defined(statement)
