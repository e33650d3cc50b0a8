"""The kit's Voilà template comes with the package: ``pip install`` puts it where Jupyter
looks for data (``<prefix>/share/jupyter``), so ``voila`` finds it with no ``JUPYTER_PATH``.
Voilà 0.5 starts without it, and then its pages hang on ``TemplateNotFound``: the tests below
run a real Voilà in an environment without the template, where ``widgets/voila_template.py``
(named in voila.json) makes it use the checkout's copy, or stop at once with a message."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv as venv_module
import warnings
from pathlib import Path

import pytest
import setuptools
from setuptools.config.pyprojecttoml import apply_configuration
from setuptools.dist import Distribution

from tools.voila_server import ROOT, serve, voila_command

TEMPLATE = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["template"]
FOLDER = f"share/jupyter/voila/templates/{TEMPLATE}"
#: How long a page may take before the test calls it hung (a hung page never ends).
PAGE_DEADLINE_S = 120.0
NO_CACHES = shutil.ignore_patterns("__pycache__")


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


# An environment whose Voilà cannot find the kit's template: a virtual environment with this
# one's packages (a .pth file) and this one's Jupyter data, less the template.


def environment_without_the_template(folder: Path, pythonpath: Path | None) -> dict[str, str]:
    """Make a virtual environment under ``folder`` that sees this environment's packages and
    Jupyter data (kernels, widgets, Voilà's own templates) but not the kit's template, and
    return the environment variables that run it (its ``python`` first on PATH, the kit
    importable from ``pythonpath``, no ``JUPYTER_PATH``)."""
    venv = folder / "venv"
    venv_module.EnvBuilder(with_pip=False, symlinks=True).create(venv)
    packages = [path for path in sys.path if Path(path).name == "site-packages"]
    site = Path(sysconfig.get_paths(vars={"base": str(venv), "platbase": str(venv)})["purelib"])
    (site / "this_environment.pth").write_text("\n".join(packages) + "\n")
    share = Path(sys.prefix, "share", "jupyter")
    mirror(share, venv / "share" / "jupyter", leave_out=Path(sys.prefix, FOLDER))
    env = no_jupyter_path()
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    env["PATH"] = os.pathsep.join((str(venv / "bin"), env["PATH"]))
    env["VIRTUAL_ENV"] = str(venv)
    env["JUPYTER_DATA_DIR"] = str(folder / "data")  # not the user's (a template there?)
    return env


def mirror(source: Path, target: Path, leave_out: Path) -> None:
    """Link every entry of ``source`` into ``target`` but ``leave_out``; the folders that hold
    ``leave_out`` are mirrored entry by entry instead."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in source.iterdir():
        if leave_out.is_relative_to(entry) and entry != leave_out:
            mirror(entry, target / entry.name, leave_out)
        elif entry != leave_out:
            (target / entry.name).symlink_to(entry)


def render_landing(server_url: str, deadline_s: float = PAGE_DEADLINE_S) -> str:
    """The landing page's HTML, read until Voilà ends it or ``deadline_s`` passes (a hung
    page sends heartbeats forever, so a read timeout alone would never fire)."""
    chunks: list[bytes] = []
    deadline = time.monotonic() + deadline_s
    with urllib.request.urlopen(f"{server_url}/voila/render/index.ipynb", timeout=30) as page:
        while time.monotonic() < deadline and (chunk := page.read1(65536)):
            chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_checkout_whose_template_is_not_installed_serves_its_pages_with_its_own_copy(
    tmp_path: Path,
) -> None:
    """``pip install -e .`` without ``make setup``'s link: Voilà falls back on the checkout."""
    env = environment_without_the_template(tmp_path, pythonpath=ROOT)
    python = str(tmp_path / "venv" / "bin" / "python")
    log = tmp_path / "voila.log"
    with serve(voila_command(python=python), env=env, log=log) as server:
        page = render_landing(server.url)
    assert "</html>" in page, f"the page never ended:\n{page[-500:]}"
    assert all(game in page for game in ("Hitchiker", "Hip Town", "RUSH"))
    assert "using this checkout's copy" in log.read_text()


def test_voila_stops_at_once_with_a_clear_message_when_it_finds_no_template(
    tmp_path: Path,
) -> None:
    """An installed kit whose template is missing: Voilà exits before it listens."""
    kit = tmp_path / "kit"  # the kit's packages with no share/ beside them, and voila.json
    shutil.copytree(ROOT / "widgets", kit / "widgets", ignore=NO_CACHES)
    shutil.copy(ROOT / "voila.json", kit)
    env = environment_without_the_template(tmp_path, pythonpath=kit)
    log = tmp_path / "voila.log"
    python = str(tmp_path / "venv" / "bin" / "python")
    command = voila_command(python=python)
    with pytest.raises(RuntimeError) as stopped, serve(command, cwd=kit, env=env, log=log):
        pytest.fail("Voilà started without the kit's template")
    message = str(stopped.value)
    assert f"cannot find the kit's page template {TEMPLATE!r}" in message
    assert "pip install ." in message and "JUPYTER_PATH=" in message


def test_pip_install_puts_the_template_where_jupyter_looks_for_data(tmp_path: Path) -> None:
    """``pip install .`` (not editable) into a fresh environment: the template is under one of
    the data folders ``jupyter --paths`` lists, and Voilà's look-up finds it there."""
    assert tuple(map(int, setuptools.__version__.split(".")[:2])) >= (70, 1), (
        f"setuptools {setuptools.__version__} cannot build a wheel offline: the test extra "
        "asks for setuptools>=70.1 (`make setup` installs it)"
    )
    source = tmp_path / "source"  # a copy: pip builds in the source folder (build/, egg-info)
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "tabletop", "widgets", "share"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=NO_CACHES)
        else:
            shutil.copy(ROOT / name, source)
    env = environment_without_the_template(tmp_path, pythonpath=None)
    python = str(tmp_path / "venv" / "bin" / "python")
    run([python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index",
         "--no-build-isolation", "--ignore-installed", "--disable-pip-version-check",
         str(source)], env, tmp_path)  # fmt: skip
    data = json.loads(run([python, "-m", "jupyter", "--paths", "--json"], env, tmp_path))
    installed = tmp_path / "venv" / FOLDER
    assert str(tmp_path / "venv" / "share" / "jupyter") in data["data"]
    assert sorted(path.name for path in installed.iterdir()) == sorted(
        path.name for path in (ROOT / FOLDER).iterdir()
    )
    found = run([python, "-c", "from voila.paths import collect_template_paths as c;"
                 f"print('\\n'.join(c(['voila'], {TEMPLATE!r}, prune=True)))"], env, tmp_path)
    assert str(installed) in found.split()


def run(command: list[str], env: dict[str, str], cwd: Path) -> str:
    """Run ``command``; its output, or a failure that shows its errors. (``pip install``
    builds offline with this environment's setuptools: the test extra asks for one that
    builds wheels by itself.)"""
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)
    assert done.returncode == 0, f"{command[:4]} failed:\n{done.stderr[-3000:]}"
    return done.stdout
