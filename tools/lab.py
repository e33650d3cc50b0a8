"""``make lab``: JupyterLab on the primer's first lesson, for a teacher preparing a lesson.

The widgets work there as in Voilà: ipywidgets and ipycanvas bring their JupyterLab
extensions with their packages. The browser test ``tests/browser/test_lab.py`` starts
JupyterLab with the same command. Usage: ``python -m tools.lab`` (Ctrl-C stops it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tools.voila_server import NOTEBOOKS, ROOT

PRIMER = "primer/lesson_1.ipynb"


def lab_command(root: Path = ROOT, notebook: str = f"notebooks/{PRIMER}",
                python: str = sys.executable) -> list[str]:
    """JupyterLab on 127.0.0.1 serving ``root``, opening ``notebook`` (a path under it)."""
    command = [python, "-m", "jupyter", "lab", notebook, "--ServerApp.ip=127.0.0.1",
               f"--ServerApp.root_dir={root}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # Jupyter refuses root unless told (containers, CI)
    return command


def main() -> None:
    """Replace this process with JupyterLab, from the repository root."""
    os.chdir(ROOT)
    assert (NOTEBOOKS / PRIMER).is_file()
    command = lab_command()
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
