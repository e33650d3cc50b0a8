"""No number typed by hand (issue 17, TEACHING.md), in figures: a number a student reads in a
figure's title, axis label, legend or annotation is rendered from the computation that
produced it or from the game's content, never typed in the string.

**What is read as figure text.** In every code cell of every notebook under ``notebooks/``
(IPython magics, lines opening with ``%`` or ``!``, are skipped) and in every module of
``widgets/`` (where the plotting helpers live):

- the arguments of ``set_title``, ``suptitle``, ``set_xlabel``, ``set_ylabel``, ``text`` and
  ``annotate``;
- the keywords ``title``, ``xlabel``, ``ylabel`` and ``label`` of any call (``ax.set(...)``,
  ``ax.bar(..., label=...)``, ``ax.axhline(..., label=...)``);
- the arguments given to a parameter of one of the kit's own helpers named ``title``,
  ``xlabel``, ``ylabel`` or ``label``, by keyword or by position: ``compare_plot(exact,
  counts, "the title", "the x label")`` (the helper found through the cell's imports).

**The rule.** The literal text of such a string holds no digit. In an f-string only the
literal parts count: ``f"{n:,} simulated hands"`` is fine, its number is computed (a format
specification such as ``:.3f`` is code, not text). A number that is the game's content (a
deck's size, a scale's top) is looked up in the content object, as in prose.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
WIDGETS = ROOT / "widgets"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
MODULES = sorted(p for p in WIDGETS.rglob("*.py") if "__pycache__" not in p.parts)

TEXT_CALLS = {"set_title", "suptitle", "set_xlabel", "set_ylabel", "text", "annotate",
              "title", "xlabel", "ylabel", "figtext"}  # the last four: pyplot's own
TEXT_KEYWORDS = {"title", "xlabel", "ylabel", "label"}
DIGIT = re.compile(r"\d")



# -- what a student reads ---------------------------------------------------------------
def literal_text(node: ast.AST) -> Iterator[str]:
    """The literal strings of an expression, as typed: every string constant in it except
    those inside an f-string's ``{...}`` (the computed values and their format specs)."""
    if isinstance(node, ast.FormattedValue):
        return
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
        return
    for child in ast.iter_child_nodes(node):
        yield from literal_text(child)


def module_file(dotted: str) -> Path | None:
    """The file of a ``widgets`` module, ``widgets.pitch.lessons`` → widgets/pitch/lessons.py."""
    if dotted != "widgets" and not dotted.startswith("widgets."):
        return None
    base = ROOT.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def absolute(node: ast.ImportFrom, here: str | None) -> str:
    """The module an ``import from`` names, relative imports resolved from module ``here``."""
    if not node.level or here is None:
        return node.module or ""
    file = module_file(here)
    package = here.split(".") if file is not None and file.name == "__init__.py" \
        else here.split(".")[:-1]
    package = package[: len(package) - node.level + 1]
    return ".".join([*package, *([node.module] if node.module else [])])


def imports(tree: ast.AST, here: str | None = None) -> dict[str, str]:
    """Local name → the dotted ``widgets`` name it was imported as (a module or a function)."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = absolute(node, here)
            for alias in node.names:
                names[alias.asname or alias.name] = f"{module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                names[alias.asname or alias.name.split(".")[0]] = (
                    alias.name if alias.asname else alias.name.split(".")[0])
    return {local: dotted for local, dotted in names.items() if dotted.startswith("widgets")}


@cache
def parsed(file: Path) -> ast.Module:
    return ast.parse(file.read_text(encoding="utf-8"))


@cache
def parameters(dotted: str) -> tuple[str, ...] | None:
    """The positional parameters of the kit's function ``dotted`` (``widgets.lessons.
    compare_plot``), following a re-export once; None if it is not a kit function."""
    module, _, function = dotted.rpartition(".")
    file = module_file(module)
    if file is None:
        return None
    tree = parsed(file)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == function:
            return tuple(a.arg for a in [*node.args.posonlyargs, *node.args.args])
    again = imports(tree, module).get(function)
    return parameters(again) if again and again != dotted else None


def resolve(func: ast.expr, names: dict[str, str], local: dict[str, tuple[str, ...]]
            ) -> tuple[str, ...] | None:
    """The parameters of the kit function a call calls: a name imported or defined here, or
    an attribute of an imported kit module (``lessons.table_figure``)."""
    if isinstance(func, ast.Name):
        if func.id in local:
            return local[func.id]
        return parameters(names[func.id]) if func.id in names else None
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
            and func.value.id in names:
        return parameters(f"{names[func.value.id]}.{func.attr}")
    return None


def figure_text(tree: ast.AST, here: str | None = None, names: dict[str, str] | None = None
                ) -> Iterator[tuple[int, str, str]]:
    """(line, call, literal) for each string a student reads in a figure that types a digit;
    ``names`` are the kit's names imported (a notebook imports them in an earlier cell)."""
    names = {**(names or {}), **imports(tree, here)}
    local = {node.name: tuple(a.arg for a in [*node.args.posonlyargs, *node.args.args])
             for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        call = getattr(node.func, "attr", getattr(node.func, "id", ""))
        read = [kw.value for kw in node.keywords if kw.arg in TEXT_KEYWORDS]
        if call in TEXT_CALLS:
            read += node.args
        else:
            params = resolve(node.func, names, local) or ()
            params = params[1:] if params[:1] in (("self",), ("cls",)) else params
            read += [arg for param, arg in zip(params, node.args, strict=False)
                     if param in TEXT_KEYWORDS]
        for expr in read:
            for text in literal_text(expr):
                if DIGIT.search(text):
                    yield node.lineno, call, text


def code(cell: dict) -> str:
    return "\n".join(line for line in "".join(cell["source"]).splitlines()
                     if not line.lstrip().startswith(("%", "!")))


def name(path: Path) -> str:
    return str(path.relative_to(NOTEBOOKS if path.suffix == ".ipynb" else WIDGETS))



# -- the rule itself ----------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    'ax.set_title("24 cards in play: about 37 of the 80 count")',
    'ax.bar(x, y, label="200,000 simulated hands")',
    'ax.set(xlabel="cash after 20 hands", title=f"{n} hands")',
    'ax.text(0, 1, f"mean {m:.2f} of 6")',
    'fig.suptitle("The " + "1/6 " + word)',
    'from widgets.lessons import compare_plot\ncompare_plot(e, c, "after 8 to 16 pills")',
    'from widgets.pitch import lessons\nlessons.length_plot(ax, r, real, title="5 hands")',
])
def test_the_rule_refuses_a_number_typed_in_a_figure(line: str) -> None:
    assert list(figure_text(ast.parse(line)))


@pytest.mark.parametrize("line", [
    'ax.bar(x, y, label=f"{n:,} simulated hands")',
    'ax.set_title(f"about {mean:.3g} of the {total} count")',
    'ax.set_xticks(range(7), ["1", "2"])',
    'ax.plot(x, y, "C1-", lw=2)',
    'from widgets.lessons import compare_plot\ncompare_plot(e, c, f"{a} to {b} pills", "pills")',
])
def test_the_rule_allows_computed_numbers_and_other_strings(line: str) -> None:
    assert list(figure_text(ast.parse(line))) == []


# -- every notebook and every widget module ------------------------------------------------
@pytest.mark.parametrize("path", ALL, ids=name)
def test_figures_type_no_number_in_notebooks(path: Path) -> None:
    cells = [(k, ast.parse(code(cell))) for k, cell in
             enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"])
             if cell["cell_type"] == "code"]
    names = {local: dotted for _, tree in cells for local, dotted in imports(tree).items()}
    found = [f"cell {k}, {call}: {text!r}" for k, tree in cells
             for _, call, text in figure_text(tree, names=names)]
    assert not found, (f"{name(path)} types numbers in figure text (compute them, or look "
                       f"them up in the content):\n" + "\n".join(found))


@pytest.mark.parametrize("path", MODULES, ids=name)
def test_figures_type_no_number_in_widgets(path: Path) -> None:
    dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
    found = [f"line {line}, {call}: {text!r}"
             for line, call, text in figure_text(parsed(path), dotted)]
    assert not found, (f"widgets/{name(path)} types numbers in figure text (compute them, "
                       f"or look them up in the content):\n" + "\n".join(found))
