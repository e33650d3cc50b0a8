"""Put the class-session bar (``widgets.class_session``) into walkthroughs: one short cell
after the walkthrough's first code cell (its imports), so the bar is near the top of the page.
A walkthrough that has the cell already is left alone; nothing else in the notebook changes.

    python -m tools.session_bar notebooks/rush.ipynb notebooks/pitch.ipynb
    python -m tools.session_bar --all        # every walkthrough (not the primer's landing)
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
MARK = "session_bar("


def bar_cell(walkthrough: str) -> nbformat.NotebookNode:
    """The cell: the bar of ``walkthrough`` (the notebook's name, the questions' key)."""
    return nbformat.v4.new_code_cell(
        f'from widgets.class_session import session_bar\n\nsession_bar("{walkthrough}")')


def insert_bar(path: Path) -> bool:
    """Insert the bar's cell into the notebook at ``path``; False when it has one already."""
    notebook = nbformat.read(path, as_version=4)
    if any(MARK in cell.source for cell in notebook.cells if cell.cell_type == "code"):
        return False
    first = next((k for k, cell in enumerate(notebook.cells) if cell.cell_type == "code"), -1)
    notebook.cells.insert(first + 1, bar_cell(path.stem))
    nbformat.write(notebook, path)
    return True


def walkthroughs() -> list[Path]:
    """Every walkthrough: the notebooks at the top of ``notebooks/`` but the landing page."""
    return sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if p.stem != "index")


def main(argv: list[str]) -> int:
    paths = walkthroughs() if argv == ["--all"] else [Path(a) for a in argv]
    if not paths:
        print(__doc__)
        return 2
    for path in paths:
        print(f"{path}: {'bar added' if insert_bar(path) else 'has its bar already'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
