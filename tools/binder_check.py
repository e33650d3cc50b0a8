"""Build the Binder environment from binder/ alone and check that the landing page opens.

As Binder (repo2docker) would: copy the repository, make a fresh virtual environment,
``pip install -r binder/requirements.txt``, run ``binder/postBuild`` in the copy. Then,
from that environment, with no ``JUPYTER_PATH`` (the kit's template must come installed with
the package), serve the notebooks two ways and fetch the landing page from each:

- Voilà on its own (``voila notebooks/``, as ``make play`` does): ``/voila/render/index.ipynb``;
- Voilà as a Jupyter server extension, the way Binder's ``urlpath`` opens it:
  ``/voila/render/notebooks/index.ipynb``.

Each must answer 200 with the five games and no error text. Uses only the standard library.
Usage, from the repository root: ``python3 -m tools.binder_check [--keep]`` (``--keep`` leaves
the temporary folder).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from tools.voila_server import ROOT, serve

SKIP = shutil.ignore_patterns(
    ".venv", ".git", "test-artifacts", "test-results", "*.egg-info", "__pycache__",
    ".ipynb_checkpoints", ".pytest_cache", ".ruff_cache",
)  # fmt: skip
ERROR_TEXTS = ("There was an error when executing cell", "Traceback (most recent call last)")
EXPECTED_TEXTS = ("Hitchiker", "Smokers Wild", "Hip Town", "Pitch: Money Game", "RUSH")


def run(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    """Run ``command`` (failing loudly) and return how long it took in seconds."""
    print("$", " ".join(command), flush=True)
    start = time.monotonic()
    subprocess.run(command, cwd=cwd, env=env, check=True)
    return time.monotonic() - start


def fetch_landing(command: list[str], url_path: str, repo: Path, env: dict[str, str]) -> str:
    """Start a server with ``command``, GET ``url_path``, stop it; return a problem ("": none)."""
    try:
        with serve(command, cwd=repo, env=env, log=repo.parent / "server.log") as server:
            url = f"{server.url}{url_path}"
            start = time.monotonic()
            with urllib.request.urlopen(url, timeout=120) as response:
                status, body = response.status, response.read().decode("utf-8", "replace")
            print(f"GET {url_path} -> {status} in {time.monotonic() - start:.1f} s")
    except Exception as error:  # report every way the check can go wrong the same way
        return f"{url_path}: {error}"
    if status != 200:
        return f"{url_path}: HTTP {status}"
    errors = [text for text in ERROR_TEXTS if text in body]
    missing = [text for text in EXPECTED_TEXTS if text not in body]
    if errors or missing:
        return f"{url_path}: error text {errors}, missing {missing}"
    return ""


def check(work: Path) -> list[str]:
    """Build the Binder environment under ``work`` and return the problems found."""
    repo, venv = work / "repo", work / "venv"
    shutil.copytree(ROOT, repo, ignore=SKIP)
    post_build = repo / "binder" / "postBuild"
    if not os.access(post_build, os.X_OK):
        return ["binder/postBuild is not executable (chmod +x; Binder runs it directly)"]
    run([sys.executable, "-m", "venv", str(venv)], repo, dict(os.environ))
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    env.pop("PYTHONPATH", None)
    env.pop("JUPYTER_PATH", None)
    env["VIRTUAL_ENV"] = str(venv)
    pip = ["python", "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    seconds = run([*pip, "-r", "binder/requirements.txt"], repo, env)
    seconds += run([str(post_build)], repo, env)
    print(f"Binder environment built in {seconds:.0f} s")
    bin_dir = venv / "bin"
    standalone = [str(bin_dir / "voila"), "notebooks/", "--no-browser",
                  "--Voila.ip=127.0.0.1"]
    server = [
        str(bin_dir / "jupyter"), "server", "--no-browser", "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=", f"--ServerApp.root_dir={repo}", "--allow-root",
    ]  # fmt: skip
    problems = [
        fetch_landing(standalone, "/voila/render/index.ipynb", repo, env),
        fetch_landing(server, "/voila/render/notebooks/index.ipynb", repo, env),
    ]
    return [problem for problem in problems if problem]


def main() -> int:
    """Run the check in a temporary folder and report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="binder-check-"))
    start = time.monotonic()
    try:
        problems = check(work)
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    elapsed = time.monotonic() - start
    for problem in problems:
        print("FAIL", problem)
    print(f"binder-check {'failed' if problems else 'passed'} in {elapsed:.0f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
