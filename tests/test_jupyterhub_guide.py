"""docs/jupyterhub.md names the kit's real paths, files and settings (what can be checked
without a JupyterHub)."""

from __future__ import annotations

import re
from pathlib import Path

from tabletop.tables import ENV

ROOT = Path(__file__).resolve().parents[1]
GUIDE = (ROOT / "docs" / "jupyterhub.md").read_text()


def test_the_guide_names_files_that_exist() -> None:
    for path in ("binder/requirements.txt", "binder/postBuild", "voila.json",
                 "share/jupyter", "tabletop/tables/schema.py", "tests/tables/",
                 "tests/browser/test_jupyterhub.py"):
        assert path in GUIDE and (ROOT / path).exists(), path


def test_the_default_url_is_the_landing_page_and_the_store_its_setting() -> None:
    urls = set(re.findall(r"/voila/render/(notebooks/\S+\.ipynb)", GUIDE))
    assert urls == {"notebooks/index.ipynb"} and (ROOT / "notebooks/index.ipynb").is_file()
    assert f"{ENV}=postgresql://" in GUIDE and f"{ENV}: postgresql://" in GUIDE
    assert "JUPYTER_PATH\"" not in GUIDE and "pip install /srv/tabletop-kit " in GUIDE
