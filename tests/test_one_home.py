"""One home per game (DESIGN.md): the probability layer is generic, and nothing outside a
game's package assigns the game's state (positions are staged with ``arrange``)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent
ODDS = ROOT / "tabletop" / "odds"
GAME_NAMES = re.compile(r"hitch\s*iker|smokers[\s_]*wild|hip[\s_]*town|\bpitch|\brush\b|"
                        r"blackjack|lifeometer|zonkometer", re.IGNORECASE)
OUTSIDE = ("tests", "widgets", "notebooks", "tools", "benchmarks")


def test_the_odds_package_names_no_game_and_imports_none() -> None:
    for path in sorted(ODDS.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("tabletop.games"), path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("tabletop.games") for a in node.names)
        found = GAME_NAMES.search(text)
        assert found is None, f"{path.name} names {found.group(0)!r}"


def game_attributes() -> set[str]:
    """Every attribute a game object holds after its set-up, for all the kit's games."""
    names: set[str] = set()
    for name in tabletop.GAMES:
        names |= set(vars(tabletop.new_game(name, seed=1)))
    return names


def code_outside_the_games() -> list[tuple[str, str]]:
    """(where, source) of every Python file and notebook code cell outside tabletop/."""
    sources = []
    for folder in OUTSIDE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.resolve() != Path(__file__).resolve():
                sources.append((str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")))
        for path in sorted((ROOT / folder).rglob("*.ipynb")):
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            for k, cell in enumerate(cells):
                if cell["cell_type"] == "code":
                    source = "".join(cell["source"])
                    sources.append((f"{path.relative_to(ROOT)} cell {k}", source))
    return sources


ASSIGNMENT = re.compile(
    r"\b(?:\w*game\w*|g|replay|loaded|twin)\s*\.\s*(\w+)(?:\s*\[[^\]\n]*\])*\s*[-+*/]?=(?!=)"
)
SETATTR = re.compile(r"setattr\(\s*\w*game\w*\s*,")


SOURCES = code_outside_the_games()


@pytest.mark.parametrize("where,source", SOURCES, ids=[where for where, _ in SOURCES])
def test_nothing_outside_a_game_assigns_its_state(where: str, source: str) -> None:
    attributes = game_attributes()
    for line in source.splitlines():
        match = ASSIGNMENT.search(line)
        assigned = match is not None and match.group(1) in attributes
        assert not assigned and not SETATTR.search(line), (
            f"{where} sets a game's state by hand: {line.strip()!r} (stage it with arrange)"
        )
