"""Binder installs ``binder/requirements.txt`` before ``binder/postBuild`` installs the kit:
the file lists what pyproject.toml asks for (its dependencies and its "notebook", "tables" and
"parallel" extras), so that postBuild finds everything installed and the image is built from
the list Binder caches. (``make binder-check`` builds the environment for real.)"""

from __future__ import annotations

import tomllib

from tools.voila_server import ROOT

EXTRAS = ("notebook", "tables", "parallel")


def wanted() -> set[str]:
    """pyproject.toml's dependencies and EXTRAS, the kit's own extras expanded."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    found = set(project["dependencies"])
    for extra in EXTRAS:
        found |= {line for line in extras[extra] if not line.startswith(project["name"])}
    return found


def test_binder_requirements_list_what_the_kit_and_its_notebook_extras_need() -> None:
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    listed = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
    assert wanted() - listed == set(), "add these to binder/requirements.txt"
    assert listed - wanted() == set(), "binder/requirements.txt lists what the kit does not ask"
