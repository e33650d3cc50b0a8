"""The kit's Voilà template comes with the package: ``pip install`` puts it where Jupyter
looks for data (``<prefix>/share/jupyter``), so ``voila`` finds it with no ``JUPYTER_PATH``.
(Voilà 0.5 starts without it, and its pages hang on ``TemplateNotFound``.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

from setuptools.config.pyprojecttoml import apply_configuration
from setuptools.dist import Distribution

from tools.voila_server import ROOT

TEMPLATE = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["template"]
FOLDER = f"share/jupyter/voila/templates/{TEMPLATE}"


def no_jupyter_path() -> dict[str, str]:
    """This environment without JUPYTER_PATH (the way a teacher runs ``voila``)."""
    return {name: value for name, value in os.environ.items() if name != "JUPYTER_PATH"}


def test_the_wheel_installs_every_file_of_the_template_under_share_jupyter() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools: [tool.setuptools] is "beta"
        data = apply_configuration(Distribution(), ROOT / "pyproject.toml").data_files
    files = sorted(str(path.relative_to(ROOT)) for path in (ROOT / FOLDER).iterdir())
    assert [(folder, sorted(names)) for folder, names in data] == [(FOLDER, files)]


def test_voila_finds_the_template_in_this_environment_without_jupyter_path() -> None:
    """Where ``make setup``'s editable install links it, or ``pip install .`` copies it."""
    found = subprocess.run(
        [sys.executable, "-c", "from voila.paths import collect_template_paths as c;"
         f"print('\\n'.join(c(['voila'], {TEMPLATE!r}, prune=True)))"],
        env=no_jupyter_path(), capture_output=True, text=True, check=True, cwd="/",
    ).stdout.split()  # fmt: skip
    installed = Path(sys.prefix, FOLDER)
    assert str(installed) in found and (installed / "index.html.j2").is_file()

